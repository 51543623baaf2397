//! The race: two to four algorithms on copies of the current board, from the same start to the
//! same end, advancing the same number of expansions per tick. Each lane is a recorded step
//! view ([`StepView`]); the race shows every lane after the same count of expansions (a lane
//! that has finished stays finished), with live counters, and marks the winner: of the lanes
//! that found the cheapest path, the one that found it in the fewest expansions. Space, Run, the rate and the scrubber drive it
//! as they drive the step view.

use bevy::prelude::*;

use super::board::{Board, Selection};
use super::search::game_options;
use super::stepview::{Replay, StepView, control_replays, play_replay, replay_running};
use crate::engine::{
    grid::{Pos, cells_along},
    search::{Algorithm, SearchOptions, Searcher},
};
use crate::game::logic::shared::settings::{RaceSettings, SearchSettings, race_on};
use crate::game::logic::shared::setup::GameSetup;
use crate::game::phases::{AppSystems, PausableSystems};

/// The most expansions recorded per lane: a search that needs more stops there, with a
/// message, so that recording four lanes stays within a few frames' time.
pub const RACE_LIMIT: usize = 200_000;

/// Costs this close (relative) are equal: sums of square roots taken in different orders.
const COST_EPSILON: f64 = 1e-9;

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Race>().add_systems(Startup, race_from_setup).add_systems(
        Update,
        (
            record_race.run_if(
                resource_changed::<RaceSettings>
                    .or_eager(resource_changed::<Board>)
                    .or_eager(resource_changed::<Selection>)
                    .or_eager(resource_changed::<SearchSettings>),
            ),
            control_replays::<Race>.run_if(race_on),
            play_replay::<Race>.run_if(race_on.and_then(replay_running::<Race>)).in_set(PausableSystems),
        )
            .chain()
            .in_set(AppSystems::Walk),
    );
}

/// One algorithm's lane.
pub struct Lane {
    /// What runs in it.
    pub algorithm: Algorithm,
    /// Its recorded search, shown at the race's step (or its end, if that comes first).
    pub view: StepView,
    /// The path it finds (for any-angle algorithms, the cells its segments cross) and its
    /// cost; empty and `None` without a path.
    pub path: Vec<Pos>,
    pub cost: Option<f64>,
    /// Why it cannot run here, or that it stopped at [`RACE_LIMIT`].
    pub message: Option<String>,
}

impl Lane {
    /// Expansions until it reached the goal, when it did within the limit.
    pub fn finish(&self) -> Option<usize> {
        (self.cost.is_some() && !self.view.truncated).then_some(self.view.steps.len())
    }

    /// Whether its search is over at the race's step (found, no path, or stopped).
    pub fn done(&self) -> bool {
        self.view.shown >= self.view.steps.len()
    }

    /// Whether its path is shown: the search is over and found one.
    pub fn shows_path(&self) -> bool {
        self.done() && self.cost.is_some()
    }
}

/// The race's lanes and where it stands.
#[derive(Resource)]
pub struct Race {
    pub lanes: Vec<Lane>,
    /// Expansions every lane has been given (0 to [`Race::len`]).
    pub shown: usize,
    /// Playing forward at `rate` expansions a second per lane.
    pub running: bool,
    pub rate: f32,
    budget: f32,
    /// Expansions to show once the next race is recorded (--steps).
    pub pending_seek: Option<usize>,
    /// The searcher the HPA* and subgoal lanes are recorded with, kept between races (see
    /// [`StepView::graphs`]).
    graphs: Searcher,
}

impl Default for Race {
    fn default() -> Self {
        Race { lanes: Vec::new(), shown: 0, running: false, rate: 20.0, budget: 0.0, pending_seek: None, graphs: Searcher::default() }
    }
}

impl Race {
    /// The expansions of the longest lane: the race is over there.
    pub fn len(&self) -> usize {
        self.lanes.iter().map(|l| l.view.steps.len()).max().unwrap_or(0)
    }

    /// Whether there is nothing to race.
    pub fn is_empty(&self) -> bool {
        self.lanes.is_empty()
    }

    /// Gives every lane `k` expansions (clamped to the race's length; a lane that needs fewer
    /// shows its end).
    pub fn seek(&mut self, k: usize) {
        let k = k.min(self.len());
        for lane in &mut self.lanes {
            lane.view.seek(k);
        }
        self.shown = k;
    }

    /// The winners: of the lanes that found the cheapest path any lane finds, those that found
    /// it in the fewest expansions; known once they have (empty before, and when no lane finds
    /// a path). A lane that reaches the goal sooner with a dearer path (greedy, BFS on
    /// weighted moves) does not win: it is [`Race::first_home`].
    pub fn winners(&self) -> Vec<usize> {
        let ends: Vec<_> = self.lanes.iter().map(|l| (l.cost, l.finish())).collect();
        race_winners(&ends, self.shown)
    }

    /// The lanes that reached the goal in the fewest expansions, whatever their path costs,
    /// once they have.
    pub fn first_home(&self) -> Vec<usize> {
        let Some(first) = self.lanes.iter().filter_map(Lane::finish).min() else { return Vec::new() };
        if self.shown < first {
            return Vec::new();
        }
        self.lanes.iter().enumerate().filter(|(_, l)| l.finish() == Some(first)).map(|(i, _)| i).collect()
    }

    /// The cheapest path any lane found (what "optimal" is measured against in the panel).
    pub fn best_cost(&self) -> Option<f64> {
        self.lanes.iter().filter_map(|l| l.cost).min_by(f64::total_cmp)
    }

    /// Records every lane from `start` to `end` with the player's search settings and each
    /// lane's algorithm, and shows the beginning (or the pending seek).
    pub fn record(&mut self, board: &Board, start: Pos, end: Pos, settings: &SearchOptions, algorithms: &[Algorithm]) {
        self.lanes = algorithms
            .iter()
            .map(|&algorithm| {
                let options = game_options(&SearchOptions { algorithm, ..*settings });
                let mut lane = Lane { algorithm, view: StepView::default(), path: Vec::new(), cost: None, message: None };
                // the lanes share one searcher for the graph kinds, kept between races
                lane.view.graphs = std::mem::take(&mut self.graphs);
                // the recording is the search: its end gives the cost and the path
                match lane.view.record_limited(board, start, end, &SearchOptions { limit: None, ..options }, RACE_LIMIT) {
                    Err(e) => lane.message = Some(e.to_string()),
                    Ok(_) if lane.view.truncated => lane.message = Some(format!("stopped at the race's limit of {RACE_LIMIT} expansions")),
                    Ok(r) => {
                        lane.cost = r.cost;
                        let path = r.path.unwrap_or_default();
                        lane.path = if algorithm.any_angle() { cells_along(&path) } else { path };
                    }
                }
                self.graphs = std::mem::take(&mut lane.view.graphs);
                lane
            })
            .collect();
        self.running = false;
        self.budget = 0.0;
        let k = self.pending_seek.take().unwrap_or(0);
        self.seek(k);
    }

    /// Forgets the lanes.
    pub fn clear(&mut self) {
        self.lanes.clear();
        self.shown = 0;
        self.running = false;
    }
}

/// The winners of a race whose lanes end with these path costs and expansions to their end
/// (`None` without a path), `shown` expansions in: of the lanes with the cheapest path, those
/// that found it in the fewest expansions, once they have (on boards and worlds alike).
pub fn race_winners(ends: &[(Option<f64>, Option<usize>)], shown: usize) -> Vec<usize> {
    let Some(best) = ends.iter().filter_map(|e| e.0).min_by(f64::total_cmp) else { return Vec::new() };
    let cheapest = |c: Option<f64>| c.is_some_and(|c| c <= best + COST_EPSILON * best.max(1.0));
    let Some(first) = ends.iter().filter(|e| cheapest(e.0)).filter_map(|e| e.1).min() else { return Vec::new() };
    if shown < first {
        return Vec::new();
    }
    ends.iter().enumerate().filter(|(_, e)| cheapest(e.0) && e.1 == Some(first)).map(|(i, _)| i).collect()
}

/// --race: the race opens with these lanes (and --steps N expansions shown).
fn race_from_setup(setup: Res<GameSetup>, mut settings: ResMut<RaceSettings>, mut race: ResMut<Race>) {
    if let Some(algorithms) = &setup.race {
        *settings = RaceSettings { on: true, algorithms: algorithms.clone() }.clamped();
        race.pending_seek = setup.steps;
    }
}

/// Records the lanes when the race is switched on, or while it is on and the board, the
/// selection or the settings change; forgets them when it is switched off.
fn record_race(
    settings: Res<RaceSettings>,
    board: Res<Board>,
    selection: Res<Selection>,
    search: Res<SearchSettings>,
    mut race: ResMut<Race>,
) {
    match (settings.on, selection.start, selection.end) {
        (true, Some(s), Some(e)) => race.record(&board, s, e, &search.0, &settings.algorithms),
        _ => race.clear(),
    }
}

impl Replay for Race {
    fn shown(&self) -> usize {
        self.shown
    }
    fn total(&self) -> usize {
        self.len()
    }
    fn seek_to(&mut self, k: usize) {
        self.seek(k);
    }
    fn clock(&mut self) -> (&mut bool, &mut f32, &mut f32) {
        (&mut self.running, &mut self.rate, &mut self.budget)
    }
    fn is_running(&self) -> bool {
        self.running
    }
}
