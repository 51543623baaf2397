//! The race on the board: two to four algorithms on copies of the current board, from the same
//! start to the same end, advancing the same number of expansions per tick. Each lane is a
//! recorded step view ([`StepView`]); the race shows every lane after the same count of
//! expansions (a lane that has finished stays finished), with live counters, and marks the
//! winner: of the lanes that found the cheapest path, the one that found it in the fewest
//! expansions. Space, Run, the rate and the scrubber drive it as they drive the step view. The
//! race itself is the shared one ([`crate::game::logic::shared::race`]) over step views.

use bevy::prelude::*;

use super::board::{Board, Selection};
use super::lab::Lab;
use super::search::game_options;
use super::stepview::StepView;
use crate::engine::{
    grid::{Pos, cells_along},
    search::{Algorithm, SearchOptions},
};
use crate::game::logic::shared::race::LaneView;
pub use crate::game::logic::shared::race::{RACE_LIMIT, race_winners};
use crate::game::logic::shared::replay::{control_replays, play_replay, replay_running};
use crate::game::logic::shared::settings::{RaceSettings, SearchSettings, race_on};
use crate::game::logic::shared::setup::GameSetup;
use crate::game::phases::{AppSystems, PausableSystems};

/// The board's race: lanes of step views.
pub type Race = crate::game::logic::shared::race::Race<StepView>;
/// One algorithm's lane on the board.
pub type Lane = crate::game::logic::shared::race::Lane<StepView>;

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Race>().add_systems(Startup, race_from_setup).add_systems(
        Update,
        (
            record_race.run_if(
                resource_changed::<RaceSettings>
                    .or_eager(resource_changed::<Lab>)
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

impl LaneView for StepView {
    type Pos = Pos;
    fn truncated(&self) -> bool {
        self.truncated
    }
}

impl Race {
    /// Records every lane from `start` to `end` with the player's search settings and each
    /// lane's algorithm, and shows the beginning (or the pending seek).
    pub fn record(&mut self, board: &Board, (start, end): (Pos, Pos), settings: &SearchOptions, algorithms: &[Algorithm], lab: &Lab) {
        let lanes = algorithms
            .iter()
            .map(|&algorithm| {
                let options = game_options(&SearchOptions { algorithm, ..*settings });
                let mut lane = Lane::new(algorithm);
                // the lanes share one searcher for the graph kinds, kept between races
                lane.view.graphs = std::mem::take(&mut self.graphs);
                // the recording is the search: its end gives the cost and the path
                let options = SearchOptions { limit: None, ..options };
                let answer =
                    lane.view.record_with(board, (start, end), &options, lab.estimate_for(&options).as_ref(), RACE_LIMIT).map(|r| {
                        let path = r.path.unwrap_or_default();
                        (r.cost, if algorithm.any_angle() { cells_along(&path) } else { path })
                    });
                lane.end_with(answer);
                self.graphs = std::mem::take(&mut lane.view.graphs);
                lane
            })
            .collect();
        self.start_with(lanes);
    }
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
    (search, lab): (Res<SearchSettings>, Res<Lab>),
    mut race: ResMut<Race>,
) {
    match (settings.on, selection.start, selection.end) {
        (true, Some(s), Some(e)) => race.record(&board, (s, e), &search.0, &settings.algorithms, &lab),
        _ => race.clear(),
    }
}
