//! Space: the path cubes turn black one by one, or an agent walks (see [`super::agent`]).
//! A walk starts on the path as it stands after the frame's edits and searches.

use std::time::Duration;

use bevy::prelude::*;

use super::board::BoardReplaced;
use super::search::PathState;
use crate::engine::grid::Pos;
use crate::engine::search::SearchOptions;
use crate::game::logic::shared::input::Action;
use crate::game::logic::shared::settings::{PlaySettings, WalkMode};
use crate::game::logic::shared::setup::GameSetup;
use crate::game::logic::shared::status::Status;
use crate::game::phases::{AppSystems, PausableSystems, Pause};

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Walk>()
        .init_resource::<WalkRequested>()
        .add_message::<WalkReset>()
        .add_systems(Startup, arm_auto_walk)
        .add_systems(Update, request_walk.in_set(AppSystems::ApplyActions))
        .add_systems(Update, end_walk_on_new_board.in_set(AppSystems::RequestPaths))
        .add_systems(Update, start_walk.run_if(walk_wanted).in_set(AppSystems::StartWalk))
        .add_systems(
            Update,
            (
                end_walk_on_new_path.run_if(resource_changed::<PathState>),
                animate_path.run_if(|walk: Res<Walk>| walk.active).in_set(PausableSystems),
            )
                .chain()
                .in_set(AppSystems::Walk),
        );
}

/// The cube walk: how many path cubes have turned black.
#[derive(Resource, Clone, Debug, Default, PartialEq)]
pub struct Walk {
    /// Whether cubes are still turning black.
    pub active: bool,
    /// Path cubes turned black so far (the start and end keep their colours).
    pub walked: usize,
    /// Cubes to turn black in all.
    pub total: usize,
    /// Time to the next cube.
    pub timer: Timer,
    /// The search this walk belongs to.
    search: u64,
}

impl Walk {
    /// Starts turning the cubes of `path` black, one every `interval` seconds.
    pub fn start(&mut self, path: &PathState, interval: f32) {
        *self = Walk {
            active: path.cells.len() > 2,
            walked: 0,
            total: path.cells.len().saturating_sub(2),
            timer: Timer::new(interval_duration(interval), TimerMode::Repeating),
            search: path.searches,
        };
    }

    /// Whether path cell `k` (0 the start) has turned black.
    pub fn is_walked(&self, k: usize) -> bool {
        k >= 1 && k <= self.walked
    }

    /// Whether a walk started and has not finished.
    pub fn is_running(&self) -> bool {
        self.active
    }
}

/// Space or Walk was pressed (or --walk is waiting for the first search).
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct WalkRequested {
    /// Walk at the end of this frame.
    pub now: bool,
    /// --walk: walk once the first search is done.
    pub auto: bool,
}

/// A walk request was handled: any agent from an earlier walk goes, and when the path is
/// walked by an agent, a new one walks these cells.
#[derive(Message, Clone, Debug, Default, PartialEq)]
pub struct WalkReset {
    /// The cells a new agent walks, from the start.
    pub agent_path: Option<Vec<Pos>>,
    /// The settings those cells were found with.
    pub planned_with: SearchOptions,
}

/// Seconds as a duration rounded to the microsecond (0.2 f32 is not exactly 200 ms).
fn interval_duration(secs: f32) -> Duration {
    Duration::from_micros((secs as f64 * 1e6).round().max(1.0) as u64)
}

fn arm_auto_walk(setup: Res<GameSetup>, mut requested: ResMut<WalkRequested>) {
    requested.auto = setup.walk;
}

fn request_walk(mut actions: MessageReader<Action>, mut requested: ResMut<WalkRequested>) {
    if actions.read().any(|a| *a == Action::Walk) {
        requested.now = true;
    }
}

/// Run condition: a walk was asked for, or --walk waits and the first search is done.
fn walk_wanted(requested: Res<WalkRequested>, path: Res<PathState>) -> bool {
    requested.now || (requested.auto && path.searches > 0)
}

/// Starts the walk on the path as it stands after this frame's edits: the cubes turn black
/// one by one, or a fresh agent walks it.
fn start_walk(
    mut requested: ResMut<WalkRequested>,
    path: Res<PathState>,
    play: Res<PlaySettings>,
    mut walk: ResMut<Walk>,
    mut next_pause: ResMut<NextState<Pause>>,
    mut status: ResMut<Status>,
    mut reset: MessageWriter<WalkReset>,
) {
    if requested.auto && !requested.now && !path.found() {
        // --walk on a board without a path: nothing to walk, and no message about it
        *requested = WalkRequested::default();
        return;
    }
    *requested = WalkRequested::default();
    if !path.found() {
        reset.write(WalkReset::default());
        status.say(if path.message.is_empty() { "no path to walk".to_string() } else { path.message.clone() });
        return;
    }
    next_pause.set(Pause(false));
    match play.mode {
        WalkMode::Cubes => {
            walk.start(&path, play.step_interval);
            reset.write(WalkReset::default());
            status.say("walking: the path turns black");
        }
        WalkMode::Agent => {
            *walk = Walk::default();
            // an any-angle path is walked in straight lines between its turning points
            let waypoints = if path.corners.is_empty() { &path.cells } else { &path.corners };
            reset.write(WalkReset { agent_path: Some(waypoints.clone()), planned_with: path.options });
            status.say("the agent is walking");
        }
    }
}

/// A new board ends the walk and the pause.
fn end_walk_on_new_board(mut replaced: MessageReader<BoardReplaced>, mut walk: ResMut<Walk>, mut next_pause: ResMut<NextState<Pause>>) {
    if replaced.read().count() > 0 {
        *walk = Walk::default();
        next_pause.set(Pause(false));
    }
}

/// A new search clears the black cubes of the old path.
fn end_walk_on_new_path(path: Res<PathState>, mut walk: ResMut<Walk>) {
    if walk.search != path.searches && (walk.active || walk.walked > 0) {
        *walk = Walk::default();
    }
}

/// Turns the next path cube black every interval.
pub fn animate_path(time: Res<Time>, mut walk: ResMut<Walk>, settings: Res<PlaySettings>) {
    // Ticking the timer is not a change anyone needs to see; a cube turning black is.
    let w = walk.bypass_change_detection();
    let interval = interval_duration(settings.step_interval);
    if w.timer.duration() != interval {
        w.timer.set_duration(interval);
    }
    w.timer.tick(time.delta());
    let n = w.timer.times_finished_this_tick() as usize;
    if n > 0 {
        w.walked = (w.walked + n).min(w.total);
        if w.walked >= w.total {
            w.active = false;
        }
        walk.set_changed();
    }
}
