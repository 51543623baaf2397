//! The game: a Bevy 3D cube grid where the search engine runs as a system.
//!
//! [`logic`] runs headless (board, selection, actions, search, walking, agents, step view,
//! duel) and is what the tests drive; [`view`] draws it and turns the player's clicks into
//! actions. Data flows one way:
//!
//! ```text
//! input -> actions -> board and selection -> search -> walk and agents -> view
//! ```
//!
//! No module imports one later in that order; the view reads logic state and writes actions.
//! The order of the systems is declared once, in [`phases`], as a chain of [`AppSystems`]; this
//! module only assembles the plugins.

use std::process::ExitCode;

use bevy::prelude::*;

pub mod harness;
pub mod logic;
pub mod phases;
pub mod view;

pub use logic::LogicPlugin;
pub use logic::setup::GameSetup;
pub use phases::{AppSystems, PausableSystems, Pause};

/// The logic plus the view: cubes, camera, lights, picking, panel, screenshots.
pub struct AppPlugin;

impl Plugin for AppPlugin {
    fn build(&self, app: &mut App) {
        app.add_plugins((LogicPlugin, view::plugin));
    }
}

/// Opens the game window with `setup` and plays until it is closed.
pub fn run(setup: GameSetup) -> ExitCode {
    let mut app = App::new();
    let (width, height) = setup.window.unwrap_or((1280, 800));
    app.add_plugins((
        DefaultPlugins.set(WindowPlugin {
            primary_window: Some(Window {
                title: "cubepath".into(),
                resolution: (width, height).into(),
                canvas: Some("#cubepath".into()),
                fit_canvas_to_parent: true,
                ..default()
            }),
            ..default()
        }),
        MeshPickingPlugin,
        bevy_egui::EguiPlugin::default(),
    ));
    app.insert_resource(setup);
    app.add_plugins(AppPlugin);
    match app.run() {
        AppExit::Success => ExitCode::SUCCESS,
        AppExit::Error(code) => ExitCode::from(code.get()),
    }
}
