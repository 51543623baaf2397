//! The phases of a frame and the pause: every logic and view module says `.in_set(...)` with
//! these, and [`plugin`] chains them, once (the `bevy_cubepath` plugin's sets among them). A
//! leaf: it imports nothing of the game.

use bevy::ecs::schedule::{LogLevel, ScheduleBuildSettings};
use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use bevy_cubepath::{CubepathPlugin, NavSystems};

/// The phases of a frame, in order; feature modules only say `.in_set(...)`. A new phase goes
/// into the chain in [`plugin`].
#[derive(SystemSet, Debug, Clone, Copy, Eq, PartialEq, Hash)]
pub enum AppSystems {
    /// Keys become actions.
    RecordInput,
    /// The undo history keeps the board the actions are about to change.
    RememberBoards,
    /// Each logic module applies the actions it owns: board, selection, settings, step view.
    ApplyActions,
    /// What the actions set off: walks and agents end on a new board; walking agents ask for
    /// paths (by data: a request component).
    RequestPaths,
    /// The engine answers every request (the `bevy_cubepath` plugin's sets run here).
    Search,
    /// The player's path is taken up from its answer.
    TakeAnswers,
    /// Walks start on the path as it stands after this frame's edits.
    StartWalk,
    /// Cubes turn black, agents follow their answers and move, the step view plays.
    Walk,
    /// What the frame did is judged (a lesson done), after everything it changed: a race or a
    /// step view recorded anew this frame is seen as new, not as the one it replaced.
    Notice,
    /// The view reads the logic's state: cubes, flat board, agents, camera.
    View,
}

/// Inside a phase, who goes first where two systems would touch the same data (a click and a
/// key in one frame, two writers of the status line): each module's systems say
/// `.in_set(Turn::...)` instead of their phase, and [`plugin`] chains the turns of each phase
/// here, once. With ambiguity detection an error, a new pair with no order fails every test.
#[derive(SystemSet, Debug, Clone, Copy, Eq, PartialEq, Hash)]
pub enum Turn {
    /// [`AppSystems::RecordInput`]: the board's keys, clicks on the world, fingers on the
    /// board (a long press), the world's slice keys, then maps picked or dropped on the page
    /// (in the browser).
    Keys,
    Clicks,
    Touches,
    WorldKeys,
    PageMaps,
    /// [`AppSystems::RememberBoards`]: a lesson sets up its board first, then the histories
    /// keep what the frame's actions are about to change.
    Lesson,
    Remember,
    /// [`AppSystems::ApplyActions`]: settings, the pause, the board (cells, then whole boards),
    /// undo and redo, saving, links.
    Settings,
    Pause,
    Board,
    History,
    Files,
    Links,
    /// [`AppSystems::RequestPaths`]: worlds, then crowds.
    Worlds,
    Crowds,
    /// [`AppSystems::TakeAnswers`]: the world's answer, then what records it (the step view)
    /// and the history's check that a step changed something.
    WorldAnswer,
    WorldRecords,
    /// [`AppSystems::Walk`]: the world's walk, the crowd, the duel, the world's race and step
    /// view, then saving the board.
    WorldWalk,
    Crowd,
    Duel,
    WorldReplays,
    Save,
}

/// Systems that stand still while the game is paused (Z).
#[derive(SystemSet, Debug, Clone, Copy, Eq, PartialEq, Hash)]
pub struct PausableSystems;

/// Inside [`AppSystems::View`], in order: what is drawn later may repaint, move or hide what
/// was drawn before it (a lane's cubes over the board's, the world over the flat board, the
/// camera placed last, the screenshot taken of all of it). A system in one of these is in the
/// view through it: placing it in [`AppSystems::View`] as well is refused as a redundant edge.
#[derive(SystemSet, Debug, Clone, Copy, Eq, PartialEq, Hash)]
pub enum ViewSystems {
    /// The panel's drafts follow the settings.
    Panel,
    /// The board's cubes (or its flat image).
    Cubes,
    /// The race's lanes on the flat board (hiding the board while it runs).
    Lanes,
    /// The world's view: the flat board hidden, the chunk meshes, the markers, the agent.
    WorldMeshes,
    /// The race's lanes on a world, drawn with those meshes.
    WorldLanes,
    /// The step view's markers on a world, and the arrows and scans on the board.
    Steps,
    /// Agents' and crowd members' bodies.
    Bodies,
    /// The camera fitted beside the panel and placed.
    Camera,
    /// Screenshots and the log lines the tests and CI read.
    Report,
}

/// Z: whether the walk, the agents and the step view's playback are paused. A state, so a
/// change takes effect from the next frame.
#[derive(States, Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Pause(pub bool);

/// Chains the phases, adds the pause state and the navigation plugin (its sets placed in the
/// chain).
pub fn plugin(app: &mut App) {
    if !app.is_plugin_added::<StatesPlugin>() {
        app.add_plugins(StatesPlugin);
    }
    app.init_state::<Pause>();
    if !app.is_plugin_added::<CubepathPlugin>() {
        app.add_plugins(CubepathPlugin);
    }
    app.configure_sets(
        Update,
        (
            AppSystems::RecordInput,
            AppSystems::RememberBoards,
            AppSystems::ApplyActions,
            AppSystems::RequestPaths,
            AppSystems::Search,
            AppSystems::TakeAnswers,
            AppSystems::StartWalk,
            AppSystems::Walk,
            AppSystems::Notice,
            AppSystems::View,
        )
            .chain(),
    );
    order_turns(app);
    app.configure_sets(Update, PausableSystems.run_if(in_state(Pause(false))));
    // A system placed both in a set and in that set's parent is a mistake in this file's order,
    // not a log line, and so are two systems that touch the same data with no order between
    // them: the schedule refuses to build (the tests' apps fail at their first update).
    app.edit_schedule(Update, |schedule| {
        schedule.set_build_settings(ScheduleBuildSettings {
            hierarchy_detection: LogLevel::Error,
            ambiguity_detection: LogLevel::Error,
            ..schedule.get_build_settings()
        });
    });
    // The navigation plugin's own chain, inside the game's phases.
    app.configure_sets(
        Update,
        (
            (NavSystems::Request, NavSystems::Search).in_set(AppSystems::Search),
            NavSystems::Follow.in_set(AppSystems::Walk),
            // Z stands the agents and the crowd still
            NavSystems::Move.in_set(AppSystems::Walk).in_set(PausableSystems),
        ),
    );
}

/// The view's parts and each phase's turns, in order (see [`ViewSystems`] and [`Turn`]).
fn order_turns(app: &mut App) {
    app.configure_sets(
        Update,
        (
            ViewSystems::Panel,
            ViewSystems::Cubes,
            ViewSystems::Lanes,
            ViewSystems::WorldMeshes,
            ViewSystems::WorldLanes,
            ViewSystems::Steps,
            ViewSystems::Bodies,
            ViewSystems::Camera,
            ViewSystems::Report,
        )
            .chain()
            .in_set(AppSystems::View),
    );
    app.configure_sets(
        Update,
        (
            (Turn::Keys, Turn::Clicks, Turn::Touches, Turn::WorldKeys, Turn::PageMaps).chain().in_set(AppSystems::RecordInput),
            (Turn::Lesson, Turn::Remember).chain().in_set(AppSystems::RememberBoards),
            (Turn::Settings, Turn::Pause, Turn::Board, Turn::History, Turn::Files, Turn::Links).chain().in_set(AppSystems::ApplyActions),
            (Turn::Worlds, Turn::Crowds).chain().in_set(AppSystems::RequestPaths),
            (Turn::WorldAnswer, Turn::WorldRecords).chain().in_set(AppSystems::TakeAnswers),
            (Turn::WorldWalk, Turn::Crowd, Turn::Duel, Turn::WorldReplays, Turn::Save).chain().in_set(AppSystems::Walk),
        ),
    );
}
