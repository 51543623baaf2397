//! One headless app for the tests and the benchmarks: the logic plugins (optionally with the
//! cubes), `MinimalPlugins`, keys faked, time stepped by hand.

use std::time::Duration;

use bevy::prelude::*;
use bevy::time::TimeUpdateStrategy;

use super::logic::LogicPlugin;
use super::logic::input::Action;
use super::logic::setup::GameSetup;

/// A headless app: [`LogicPlugin`] under `MinimalPlugins`, no asset store, no window; each
/// `update` advances time by `step`. Call [`Headless::with_cubes`] before the first update to
/// draw cubes too (then the mesh and material stores are added).
pub struct Headless {
    /// The app; drive it with `update()` or the helpers.
    pub app: App,
}

impl std::ops::Deref for Headless {
    type Target = App;
    fn deref(&self) -> &App {
        &self.app
    }
}

impl std::ops::DerefMut for Headless {
    fn deref_mut(&mut self) -> &mut App {
        &mut self.app
    }
}

impl Headless {
    /// The logic alone, set up from `setup`.
    pub fn new(setup: GameSetup, step: Duration) -> Headless {
        let mut app = App::new();
        app.add_plugins(MinimalPlugins);
        app.init_resource::<ButtonInput<KeyCode>>();
        app.insert_resource(TimeUpdateStrategy::ManualDuration(step));
        app.insert_resource(setup);
        app.add_plugins(LogicPlugin);
        Headless { app }
    }

    /// Adds the cubes of the view (with the asset stores they need).
    pub fn with_cubes(mut self) -> Headless {
        self.app.init_resource::<Assets<Mesh>>();
        self.app.init_resource::<Assets<StandardMaterial>>();
        self.app.add_plugins(super::view::cubes::plugin);
        self
    }

    /// Adds the cubes and the world's view: its chunk meshes, markers and the race's lanes.
    pub fn with_world_view(self) -> Headless {
        let mut h = self.with_cubes();
        // nobody points at a panel here
        h.app.init_resource::<bevy_egui::input::EguiWantsInput>().init_resource::<ButtonInput<MouseButton>>();
        h.app.add_plugins((super::view::agent::plugin, super::view::world::plugin, super::view::world_race::plugin));
        h
    }

    /// Runs `n` frames.
    pub fn frames(&mut self, n: usize) -> &mut Headless {
        for _ in 0..n {
            self.app.update();
        }
        self
    }

    /// Sends an action, then runs a frame.
    pub fn act(&mut self, action: Action) {
        self.app.world_mut().write_message(action);
        self.app.update();
    }

    /// Presses a key for one frame.
    pub fn press(&mut self, key: KeyCode) {
        self.app.world_mut().resource_mut::<ButtonInput<KeyCode>>().press(key);
        self.app.update();
        let mut keys = self.app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
        keys.release(key);
        keys.clear();
    }
}
