//! The race on a voxel world: the race's algorithms (two to four) from the world's start to
//! its end, each recorded an expansion at a time ([`WorldStepView`]) and shown after the same
//! count of expansions, the winner marked as on the flat board: of the lanes that found the
//! cheapest path, the one that found it in the fewest expansions. The race itself is the
//! shared one ([`crate::game::logic::shared::race`]) over world step views.

use bevy::prelude::*;

use super::world::{SHOW_JUMPS, WorldBoard, WorldSearcher, world_on};
use super::world_steps::WorldStepView;
use crate::engine::{search::VoxelOptions, world::Pos3};
use crate::game::logic::boards::lab::Lab;
use crate::game::logic::shared::race::{Lane, LaneView, RACE_LIMIT, Race};
use crate::game::logic::shared::replay::{control_replays, play_replay, replay_running};
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

/// The world's race: lanes of world step views.
pub type WorldRace = Race<WorldStepView>;
/// One algorithm's lane on the world.
pub type WorldLane = Lane<WorldStepView>;

impl LaneView for WorldStepView {
    type Pos = Pos3;
    fn truncated(&self) -> bool {
        self.truncated
    }
}

fn needs_recording(world: Res<WorldBoard>, settings: Res<RaceSettings>, race: Res<WorldRace>, lab: Res<Lab>) -> bool {
    lab.is_changed()
        || race
            .recorded
            .as_ref()
            .is_none_or(|(searches, algorithms)| *searches != world.answer.searches || *algorithms != settings.algorithms)
}

/// Records every lane from the world's start to its end with the world's moves and the
/// panel's weight, and shows the beginning.
fn record_world_race(
    world: Res<WorldBoard>,
    moves: Res<WorldSettings>,
    settings: Res<RaceSettings>,
    search: Res<SearchSettings>,
    mut searcher: ResMut<WorldSearcher>,
    (setup, lab): (Res<GameSetup>, Res<Lab>),
    mut race: ResMut<WorldRace>,
) {
    // --steps N shows N expansions of the first race
    let seek = if race.recorded.is_none() { setup.steps.unwrap_or(0) } else { 0 };
    let rate = race.rate.max(20.0);
    *race = WorldRace::default();
    (race.rate, race.pending_seek) = (rate, Some(seek));
    race.recorded = Some((world.answer.searches, settings.algorithms.clone()));
    let (Some(grid), Some(start), Some(end)) = (world.grid.as_ref(), world.start, world.end) else { return };
    let mut lanes = Vec::new();
    for &algorithm in &settings.algorithms {
        let options = VoxelOptions {
            algorithm,
            moves: moves.moves,
            weight: search.0.weight.max(1.0),
            limit: Some(RACE_LIMIT),
            jump_always: SHOW_JUMPS,
        };
        let mut lane = WorldLane::new(algorithm);
        let estimate = lab.world_estimate_for(&options);
        let answer = lane
            .view
            .record(&mut searcher.0, grid, (start, end), &options, estimate.as_ref())
            .map(|r| (r.cost, r.path.unwrap_or_default()));
        lane.end_with(answer);
        lanes.push(lane);
    }
    race.start_with(lanes);
}
