//! Space: the path cubes turn black one by one, or the agent walks; Z pauses and resumes.

use std::time::Duration;

use bevy::prelude::*;

use super::AppSystems;
use super::pathing::{PathState, PathSystems};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Walk>()
        .init_resource::<Paused>()
        .init_resource::<PlaySettings>()
        .configure_sets(Update, WalkSystems.after(PathSystems))
        .add_systems(
            Update,
            (reset_walk_on_new_path, animate_path.run_if(not_paused))
                .chain()
                .in_set(AppSystems::Update)
                .in_set(WalkSystems),
        );
}

/// The system set of the walking systems, for ordering.
#[derive(SystemSet, Debug, Clone, Copy, Eq, PartialEq, Hash)]
pub struct WalkSystems;

/// How Space walks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum WalkMode {
    /// Path cubes turn black one by one.
    #[default]
    Cubes,
    /// An agent walks the waypoints.
    Agent,
}

/// Which endpoint a left click sets.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ClickSets {
    /// Start, then end, then they alternate.
    #[default]
    Alternate,
    Start,
    End,
}

/// What a right click or drag paints.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Brush {
    #[default]
    Barrier,
    /// Ground of weight 3.
    Mud,
    /// Ground of weight 5.
    Water,
}

impl Brush {
    /// The cell the brush paints.
    pub fn cell(self) -> crate::search::Cell {
        use crate::search::Cell;
        match self {
            Brush::Barrier => Cell::Blocked,
            Brush::Mud => Cell::Ground(3),
            Brush::Water => Cell::Ground(5),
        }
    }
}

/// Play settings the panel edits.
#[derive(Resource, Clone, Copy, Debug, PartialEq)]
pub struct PlaySettings {
    pub mode: WalkMode,
    /// Seconds between two cubes turning black (0.01 to 5).
    pub step_interval: f32,
    /// Agent speed in cells per second (0.1 to 50).
    pub agent_speed: f32,
    pub click: ClickSets,
    pub brush: Brush,
}

impl Default for PlaySettings {
    fn default() -> Self {
        PlaySettings {
            mode: WalkMode::Cubes,
            step_interval: 0.2,
            agent_speed: 4.0,
            click: ClickSets::Alternate,
            brush: Brush::Barrier,
        }
    }
}

impl PlaySettings {
    pub const INTERVAL: (f32, f32) = (0.01, 5.0);
    pub const SPEED: (f32, f32) = (0.1, 50.0);

    /// The settings with every number clamped to its range.
    pub fn clamped(self) -> PlaySettings {
        let clamp = |v: f32, (lo, hi): (f32, f32), default: f32| if v.is_finite() { v.clamp(lo, hi) } else { default };
        PlaySettings {
            step_interval: clamp(self.step_interval, Self::INTERVAL, 0.2),
            agent_speed: clamp(self.agent_speed, Self::SPEED, 4.0),
            ..self
        }
    }
}

/// Z: walking and the agent stand still while paused.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Paused(pub bool);

/// Run condition: not paused.
pub fn not_paused(paused: Res<Paused>) -> bool {
    !paused.0
}

/// The cube walk: how many path cubes have turned black.
#[derive(Resource, Clone, Debug, Default, PartialEq)]
pub struct Walk {
    pub active: bool,
    /// Path cubes turned black so far (the start and end keep their colours).
    pub walked: usize,
    /// Cubes to turn black in all.
    pub total: usize,
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

/// Seconds as a duration rounded to the microsecond (0.2 f32 is not exactly 200 ms).
fn interval_duration(secs: f32) -> Duration {
    Duration::from_micros((secs as f64 * 1e6).round().max(1.0) as u64)
}

/// A new search clears the black cubes of the old path.
fn reset_walk_on_new_path(path: Res<PathState>, mut walk: ResMut<Walk>) {
    if path.is_changed() && walk.search != path.searches && (walk.active || walk.walked > 0) {
        *walk = Walk::default();
    }
}

/// Turns the next path cube black every interval.
pub fn animate_path(time: Res<Time>, mut walk: ResMut<Walk>, settings: Res<PlaySettings>) {
    if !walk.active {
        return;
    }
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
