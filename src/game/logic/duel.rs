//! The algorithm duel: every algorithm on the current board with the current settings, side by
//! side (cost, expansions, pushes, time, and how far each is from the optimum).

use bevy::prelude::*;

use super::board::{Board, Selection};
use super::input::Action;
use super::settings::SearchSettings;
use super::status::Status;
use crate::game::phases::AppSystems;
use crate::search::{Algorithm, Pos, SearchOptions, Searcher};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Duel>().add_systems(Update, run_duel.in_set(AppSystems::Walk));
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
        let rows: Vec<DuelRow> = Algorithm::ALL
            .iter()
            .map(|&algorithm| {
                let o = super::search::game_options(&SearchOptions { algorithm, ..*options });
                let t = bevy::platform::time::Instant::now();
                let outcome = searcher.search(&board.grid, start, end, &o).map_err(|e| e.to_string()).and_then(|r| match r.stopped {
                    true => Err(format!("stopped at its limit ({} expansions)", r.expanded)),
                    false => Ok((r.cost, r.expanded, r.pushed, t.elapsed().as_micros())),
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
