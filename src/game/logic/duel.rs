//! The algorithm duel: every algorithm on the current board (or world) with the current
//! settings, side by side (cost, expansions, pushes, time, and how far each is from the
//! optimum).

use bevy::prelude::*;

use super::boards::board::{Board, Selection};
use super::boards::race::RACE_LIMIT;
use super::shared::input::Action;
use super::shared::settings::{SearchSettings, WorldSettings};
use super::shared::status::Status;
use super::worlds::world::SHOW_JUMPS;
use super::worlds::world::{WorldBoard, WorldSearcher, world_on};
use crate::engine::{
    grid::Pos,
    search::{Algorithm, SearchError, SearchOptions, Searcher, VoxelOptions},
    world::{Pos3, VoxelGrid, VoxelMoves},
};
use crate::game::phases::Turn;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Duel>()
        .add_systems(Update, (run_duel.run_if(not(world_on)), run_world_duel.run_if(world_on)).chain().in_set(Turn::Duel));
}

/// One row of the algorithm duel.
#[derive(Clone, Debug, PartialEq)]
pub struct DuelRow {
    pub algorithm: Algorithm,
    /// Cost, expanded, pushed, microseconds; or why it could not run.
    pub outcome: Result<(Option<f64>, usize, usize, u128), String>,
}

/// The last algorithm duel and the optimum it is measured against.
#[derive(Resource, Clone, Debug, Default)]
pub struct Duel {
    pub rows: Vec<DuelRow>,
    pub optimum: Option<f64>,
}

impl Duel {
    /// Runs every algorithm on the board with the current settings.
    pub fn run(board: &Board, start: Pos, end: Pos, options: &SearchOptions) -> Duel {
        let mut searcher = Searcher::default();
        Duel::each(|algorithm| {
            let o = super::boards::search::game_options(&SearchOptions { algorithm, ..*options });
            searcher.search(&board.grid, start, end, &o).map(|r| (r.cost, r.expanded, r.pushed, r.stopped))
        })
    }

    /// Runs every algorithm from `start` to `end` in a voxel world under `moves` (those that do
    /// not run on voxels say so), stopping each at the race's limit of expansions; `searcher`
    /// keeps the world's components between searches.
    pub fn run_world(searcher: &mut Searcher, grid: &VoxelGrid, (start, end): (Pos3, Pos3), moves: VoxelMoves, weight: f64) -> Duel {
        Duel::each(|algorithm| {
            let o = VoxelOptions { algorithm, moves, weight, limit: Some(RACE_LIMIT), jump_always: SHOW_JUMPS };
            searcher.search_world(grid, start, end, &o).map(|r| (r.cost, r.expanded, r.pushed, r.stopped))
        })
    }

    /// A row per algorithm from `search` (its cost, expansions, pushes and whether it stopped at
    /// its limit), timed, measured against Dijkstra's cost.
    fn each(mut search: impl FnMut(Algorithm) -> Result<(Option<f64>, usize, usize, bool), SearchError>) -> Duel {
        let rows: Vec<DuelRow> = Algorithm::ALL
            .iter()
            .map(|&algorithm| {
                let t = bevy::platform::time::Instant::now();
                let outcome = search(algorithm).map_err(|e| e.to_string()).and_then(|(cost, expanded, pushed, stopped)| match stopped {
                    true => Err(format!("stopped at its limit ({expanded} expansions)")),
                    false => Ok((cost, expanded, pushed, t.elapsed().as_micros())),
                });
                DuelRow { algorithm, outcome }
            })
            .collect();
        let optimum = rows.iter().find(|r| r.algorithm == Algorithm::Dijkstra).and_then(|r| r.outcome.as_ref().ok()).and_then(|o| o.0);
        Duel { rows, optimum }
    }
}

/// The Duel button: runs every algorithm from the start to the end.
fn run_duel(
    mut actions: MessageReader<Action>,
    board: Res<Board>,
    selection: Res<Selection>,
    search: Res<SearchSettings>,
    mut duel: ResMut<Duel>,
    mut status: ResMut<Status>,
) {
    for action in actions.read() {
        if *action != Action::Duel {
            continue;
        }
        match (selection.start, selection.end) {
            (Some(s), Some(e)) => {
                *duel = Duel::run(&board, s, e, &search.0);
                status.say("duel: every algorithm on this board");
            }
            _ => status.say("pick a start and an end first"),
        }
    }
}

/// The Duel button while a world is played: every algorithm from the world's start to its end
/// with the world's moves.
fn run_world_duel(
    mut actions: MessageReader<Action>,
    world: Res<WorldBoard>,
    settings: Res<WorldSettings>,
    search: Res<SearchSettings>,
    mut searcher: ResMut<WorldSearcher>,
    mut duel: ResMut<Duel>,
    mut status: ResMut<Status>,
) {
    for _ in actions.read().filter(|a| **a == Action::Duel) {
        match (world.grid.as_ref(), world.start, world.end) {
            (Some(grid), Some(s), Some(e)) => {
                *duel = Duel::run_world(&mut searcher.0, grid, (s, e), settings.moves, search.0.weight.max(1.0));
                status.say("duel: every algorithm on this world");
            }
            _ => status.say("pick a start and an end first"),
        }
    }
}
