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
//! The order of the systems is declared here, once, as a chain of [`AppSystems`].

use std::process::ExitCode;

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;

pub mod harness;
pub mod logic;
pub mod view;

pub use logic::setup::GameSetup;

/// The phases of a frame, in order; feature modules only say `.in_set(...)`. A new phase goes
/// into the chain in [`LogicPlugin`].
#[derive(SystemSet, Debug, Clone, Copy, Eq, PartialEq, Hash)]
pub enum AppSystems {
    /// Keys become actions.
    RecordInput,
    /// Each logic module applies the actions it owns: board, selection, settings, step view.
    ApplyActions,
    /// What the actions set off: walks and agents end on a new board; walking agents ask for
    /// paths (by data: a request component).
    RequestPaths,
    /// The engine answers: the player's path and every request.
    Search,
    /// Walks start on the path as it stands after this frame's edits.
    StartWalk,
    /// Cubes turn black, agents follow their answers and move, the step view plays.
    Walk,
    /// The view reads the logic's state: cubes, flat board, agents, camera.
    View,
}

/// Systems that stand still while the game is paused (Z).
#[derive(SystemSet, Debug, Clone, Copy, Eq, PartialEq, Hash)]
pub struct PausableSystems;

/// Z: whether the walk, the agents and the step view's playback are paused. A state, so a
/// change takes effect from the next frame.
#[derive(States, Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Pause(pub bool);

/// The systems that run without a window: what the tests drive. Needs no asset store.
pub struct LogicPlugin;

impl Plugin for LogicPlugin {
    fn build(&self, app: &mut App) {
        if !app.is_plugin_added::<StatesPlugin>() {
            app.add_plugins(StatesPlugin);
        }
        app.init_state::<Pause>();
        app.configure_sets(
            Update,
            (
                AppSystems::RecordInput,
                AppSystems::ApplyActions,
                AppSystems::RequestPaths,
                AppSystems::Search,
                AppSystems::StartWalk,
                AppSystems::Walk,
                AppSystems::View,
            )
                .chain(),
        );
        app.configure_sets(Update, PausableSystems.run_if(in_state(Pause(false))));
        app.add_plugins(logic::plugin);
    }
}

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
    app.add_plugins((
        DefaultPlugins.set(WindowPlugin {
            primary_window: Some(Window {
                title: "cubepath".into(),
                resolution: (1280u32, 800u32).into(),
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
