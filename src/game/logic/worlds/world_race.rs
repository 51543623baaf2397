//! The race on a voxel world: the race's algorithms (two to four) from the world's start to
//! its end, each recorded an expansion at a time ([`WorldStepView`]) and shown after the same
//! count of expansions, the winner marked as on the flat board: of the lanes that found the
//! cheapest path, the one that found it in the fewest expansions.

use bevy::prelude::*;

use super::world::{SHOW_JUMPS, WorldBoard, WorldSearcher, world_on};
use super::world_steps::WorldStepView;
use crate::engine::{
    search::{Algorithm, VoxelOptions},
    world::Pos3,
};
use crate::game::logic::boards::race::{RACE_LIMIT, race_winners};
use crate::game::logic::boards::stepview::{Replay, control_replays, play_replay, replay_running};
use crate::game::logic::shared::settings::{RaceSettings, SearchSettings, WorldSettings, race_on};
use crate::game::logic::shared::setup::GameSetup;
use crate::game::phases::{PausableSystems, Turn};

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<WorldRace>().add_systems(
        Update,
        (
            record_world_race.run_if(world_on.and_then(race_on).and_then(needs_recording)),
            control_replays::<WorldRace>.run_if(world_on.and_then(race_on)),
            play_replay::<WorldRace>.run_if(world_on.and_then(race_on).and_then(replay_running::<WorldRace>)).in_set(PausableSystems),
        )
            .chain()
            .in_set(Turn::WorldReplays),
    );
}

/// One algorithm's lane on the world.
pub struct WorldLane {
    /// What runs in it.
    pub algorithm: Algorithm,
    /// Its recorded search.
    pub view: WorldStepView,
    /// The path it finds and its cost (empty and `None` without one).
    pub path: Vec<Pos3>,
    pub cost: Option<f64>,
    /// Why it cannot run here, or that it stopped at the race's limit.
    pub message: Option<String>,
}

impl WorldLane {
    /// Expansions until it reached the end, when it did within the limit.
    pub fn finish(&self) -> Option<usize> {
        (self.cost.is_some() && !self.view.truncated).then_some(self.view.closed.len())
    }

    /// Whether its path is shown: its search is over at the race's step and found one.
    pub fn shows_path(&self) -> bool {
        self.cost.is_some() && self.view.shown >= self.view.closed.len()
    }
}

/// The world race's lanes and where it stands.
#[derive(Resource, Default)]
pub struct WorldRace {
    pub lanes: Vec<WorldLane>,
    /// Expansions every lane has been given.
    pub shown: usize,
    /// Playing forward at `rate` expansions a second per lane.
    pub running: bool,
    /// Expansions a second per lane.
    pub rate: f32,
    budget: f32,
    /// The world search and lanes recorded.
    recorded: Option<(u64, Vec<Algorithm>)>,
}

impl WorldRace {
    /// The expansions of the longest lane.
    pub fn len(&self) -> usize {
        self.lanes.iter().map(|l| l.view.closed.len()).max().unwrap_or(0)
    }

    /// Whether there is nothing to race.
    pub fn is_empty(&self) -> bool {
        self.lanes.is_empty()
    }

    /// Gives every lane `k` expansions (a lane that needs fewer shows its end).
    pub fn seek(&mut self, k: usize) {
        let k = k.min(self.len());
        for lane in &mut self.lanes {
            lane.view.seek_to(k);
        }
        self.shown = k;
    }

    /// The winners once known: of the lanes with the cheapest path, those that found it in the
    /// fewest expansions.
    pub fn winners(&self) -> Vec<usize> {
        let ends: Vec<_> = self.lanes.iter().map(|l| (l.cost, l.finish())).collect();
        race_winners(&ends, self.shown)
    }
}

impl Replay for WorldRace {
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

fn needs_recording(world: Res<WorldBoard>, settings: Res<RaceSettings>, race: Res<WorldRace>) -> bool {
    race.recorded.as_ref().is_none_or(|(searches, algorithms)| *searches != world.answer.searches || *algorithms != settings.algorithms)
}

/// Records every lane from the world's start to its end with the world's moves and the
/// panel's weight, and shows the beginning.
fn record_world_race(
    world: Res<WorldBoard>,
    moves: Res<WorldSettings>,
    settings: Res<RaceSettings>,
    search: Res<SearchSettings>,
    mut searcher: ResMut<WorldSearcher>,
    setup: Res<GameSetup>,
    mut race: ResMut<WorldRace>,
) {
    // --steps N shows N expansions of the first race
    let seek = if race.recorded.is_none() { setup.steps.unwrap_or(0) } else { 0 };
    *race = WorldRace { recorded: Some((world.answer.searches, settings.algorithms.clone())), rate: race.rate.max(20.0), ..default() };
    let (Some(grid), Some(start), Some(end)) = (world.grid.as_ref(), world.start, world.end) else { return };
    for &algorithm in &settings.algorithms {
        let options = VoxelOptions {
            algorithm,
            moves: moves.moves,
            weight: search.0.weight.max(1.0),
            limit: Some(RACE_LIMIT),
            jump_always: SHOW_JUMPS,
        };
        let mut lane = WorldLane { algorithm, view: WorldStepView::default(), path: Vec::new(), cost: None, message: None };
        match lane.view.record(&mut searcher.0, grid, (start, end), &options) {
            Err(e) => lane.message = Some(e.to_string()),
            Ok(_) if lane.view.truncated => lane.message = Some(format!("stopped at the race's limit of {RACE_LIMIT} expansions")),
            Ok(r) => {
                lane.cost = r.cost;
                lane.path = r.path.unwrap_or_default();
            }
        }
        race.lanes.push(lane);
    }
    race.seek(seek);
}
