//! The race, on a board or a world alike: two to four algorithms from the same start to the
//! same end, each recorded an expansion at a time in its lane and shown after the same count
//! of expansions (a lane that has finished stays finished); the winner: of the lanes that
//! found the cheapest path, the one that found it in the fewest expansions. The board's race
//! (`boards::race`) and the world's (`worlds::world_race`) are this race over their own
//! recordings.

use bevy::prelude::*;

use crate::engine::search::{Algorithm, Searcher};
use crate::game::logic::shared::replay::Replay;

/// The most expansions recorded per lane: a search that needs more stops there, with a
/// message, so that recording four lanes stays within a few frames' time.
pub const RACE_LIMIT: usize = 200_000;

/// Costs this close (relative) are equal: sums of square roots taken in different orders.
const COST_EPSILON: f64 = 1e-9;

/// A lane's recording: a replay of one search, on a board or a world.
pub trait LaneView: Replay + Default + Send + Sync + 'static {
    /// Where its cells are: a board's cell or a world's voxel.
    type Pos: Send + Sync + 'static;
    /// Whether its search was cut at the race's limit.
    fn truncated(&self) -> bool;
}

/// One algorithm's lane.
pub struct Lane<V: LaneView> {
    /// What runs in it.
    pub algorithm: Algorithm,
    /// Its recorded search, shown at the race's step (or its end, if that comes first).
    pub view: V,
    /// The path it finds (for any-angle algorithms on a board, the cells its segments cross)
    /// and its cost; empty and `None` without a path.
    pub path: Vec<V::Pos>,
    pub cost: Option<f64>,
    /// Why it cannot run here, or that it stopped at [`RACE_LIMIT`].
    pub message: Option<String>,
}

impl<V: LaneView> Lane<V> {
    /// A lane for `algorithm`, nothing recorded yet.
    pub fn new(algorithm: Algorithm) -> Lane<V> {
        Lane { algorithm, view: V::default(), path: Vec::new(), cost: None, message: None }
    }

    /// Takes in the end of its recording: the answer's cost and path, or why there is none.
    pub fn end_with<E: ToString>(&mut self, answer: Result<(Option<f64>, Vec<V::Pos>), E>) {
        match answer {
            Err(e) => self.message = Some(e.to_string()),
            Ok(_) if self.view.truncated() => self.message = Some(format!("stopped at the race's limit of {RACE_LIMIT} expansions")),
            Ok((cost, path)) => (self.cost, self.path) = (cost, path),
        }
    }

    /// Expansions until it reached the goal, when it did within the limit.
    pub fn finish(&self) -> Option<usize> {
        (self.cost.is_some() && !self.view.truncated()).then_some(self.view.total())
    }

    /// Whether its search is over at the race's step (found, no path, or stopped).
    pub fn done(&self) -> bool {
        self.view.shown() >= self.view.total()
    }

    /// Whether its path is shown: the search is over and found one.
    pub fn shows_path(&self) -> bool {
        self.done() && self.cost.is_some()
    }
}

/// The race's lanes and where it stands.
#[derive(Resource)]
pub struct Race<V: LaneView> {
    pub lanes: Vec<Lane<V>>,
    /// Expansions every lane has been given (0 to [`Race::len`]).
    pub shown: usize,
    /// Playing forward at `rate` expansions a second per lane.
    pub running: bool,
    pub rate: f32,
    budget: f32,
    /// Expansions to show once the next race is recorded (--steps).
    pub pending_seek: Option<usize>,
    /// What the race was recorded for (the search and the lanes), where that decides when to
    /// record it again.
    pub recorded: Option<(u64, Vec<Algorithm>)>,
    /// The searcher the lanes are recorded with where their recordings keep none of their own
    /// (on a board: the HPA* and subgoal lanes, kept between races).
    pub graphs: Searcher,
}

impl<V: LaneView> Default for Race<V> {
    fn default() -> Self {
        Race {
            lanes: Vec::new(),
            shown: 0,
            running: false,
            rate: 20.0,
            budget: 0.0,
            pending_seek: None,
            recorded: None,
            graphs: Searcher::default(),
        }
    }
}

impl<V: LaneView> Race<V> {
    /// The expansions of the longest lane: the race is over there.
    pub fn len(&self) -> usize {
        self.lanes.iter().map(|l| l.view.total()).max().unwrap_or(0)
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
            lane.view.seek_to(k);
        }
        self.shown = k;
    }

    /// Starts again with `lanes`, stopped, at the pending seek (or the beginning).
    pub fn start_with(&mut self, lanes: Vec<Lane<V>>) {
        self.lanes = lanes;
        self.running = false;
        self.budget = 0.0;
        let k = self.pending_seek.take().unwrap_or(0);
        self.seek(k);
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

    /// Forgets the lanes.
    pub fn clear(&mut self) {
        self.lanes.clear();
        self.shown = 0;
        self.running = false;
    }
}

impl<V: LaneView> Replay for Race<V> {
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
