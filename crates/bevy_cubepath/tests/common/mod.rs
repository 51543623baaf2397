//! What the plugin's tests share: a headless app, time stepped by hand.
#![allow(dead_code)] // each test file uses some of these

use std::time::Duration;

use bevy::prelude::*;
use bevy::time::TimeUpdateStrategy;
use bevy_cubepath::{CubepathPlugin, PathTasks};

/// `MinimalPlugins` and the plugin, 50 ms a frame, after one update.
pub fn app() -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, CubepathPlugin));
    app.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(50)));
    app.update();
    app
}

/// [`app`], with searches run as tasks (`PathTasks::default()`) when `tasks`, in slices on
/// the main thread otherwise.
pub fn app_with_tasks(tasks: bool) -> App {
    let mut app = app();
    if tasks {
        app.insert_resource(PathTasks::default());
    }
    app
}
