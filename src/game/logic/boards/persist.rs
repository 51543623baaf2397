//! Nothing lost: the last edited board is kept in the user's data folder (or the browser's
//! local storage) once it has been quiet for a second, and comes back at the next start
//! without board options; the panel's Open and Save work by path.

use std::time::Duration;

use bevy::prelude::*;

use super::board::{Board, Selection};
use super::lab::Lab;
use crate::engine::files::write_map;
use crate::engine::search::SearchOptions;
use crate::game::logic::shared::files;
use crate::game::logic::shared::input::Action;
use crate::game::logic::shared::settings::{MAX_TRACE, SearchSettings};
use crate::game::logic::shared::status::Status;
use crate::game::phases::Turn;

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<PendingSave>().add_systems(Update, save_maps.in_set(Turn::Files)).add_systems(
        Update,
        (note_board_change.run_if(resource_changed::<Board>), save_board.run_if(board_quiet)).chain().in_set(Turn::Save),
    );
}

/// How long the board must stay unchanged before it is written.
const QUIET: Duration = Duration::from_secs(1);

/// Save: writes the board, or the search's trace, to the path the player gave (a download in
/// the browser).
pub(crate) fn save_maps(
    mut actions: MessageReader<Action>,
    board: Res<Board>,
    selection: Res<Selection>,
    (search, lab): (Res<SearchSettings>, Res<Lab>),
    mut status: ResMut<Status>,
) {
    for action in actions.read() {
        match action {
            Action::SaveMap(name) if files::is_world(name) => {}
            Action::SaveMap(name) => status.say(files::save_map(name, write_map(&board.grid))),
            Action::SaveTrace(name) if files::is_trace(name) => status.say(match posthoc_trace(&board, &selection, &search.0, &lab) {
                // the board beside it, for Posthoc to lay the trace over
                Ok(text) => {
                    let map = format!("{}.map", &name[..name.to_ascii_lowercase().rfind(".trace.").unwrap_or(name.len())]);
                    format!("{}; {}", files::save_map(name, &text), files::save_map(&map, write_map(&board.grid)))
                }
                Err(why) => format!("no trace to save: {why}"),
            }),
            Action::SaveTrace(name) => status.say(match trace_json(&board, &selection, &search) {
                Ok(json) => files::save_map(name, &json),
                Err(why) => format!("no trace to save: {why}"),
            }),
            _ => {}
        }
    }
}

/// The trace of the search from the start to the end with the current settings (at most a
/// million expansions, as the step view records).
fn trace_json(board: &Board, selection: &Selection, search: &SearchSettings) -> Result<String, String> {
    let (Some(start), Some(end)) = (selection.start, selection.end) else {
        return Err("pick a start and an end".into());
    };
    let mut searcher = crate::engine::search::Searcher::default();
    let run = searcher.steps(&board.grid, start, end, &search.0).map_err(|e| e.to_string())?;
    let mut json = Vec::new();
    run.write_trace(Some(MAX_TRACE), &mut json).map_err(|e| e.to_string())?;
    String::from_utf8(json).map_err(|e| e.to_string())
}

/// The search from the start to the end with the current settings (and the heuristic lab's
/// estimate, as the step view searches), recorded and written as a Posthoc search trace.
fn posthoc_trace(board: &Board, selection: &Selection, search: &SearchOptions, lab: &Lab) -> Result<String, String> {
    let (Some(start), Some(end)) = (selection.start, selection.end) else {
        return Err("pick a start and an end".into());
    };
    let mut searcher = crate::engine::search::Searcher::default();
    let recording = match lab.estimate_for(search) {
        Some(e) => searcher.record_estimated(&board.grid, (start, end), search, &e, MAX_TRACE),
        None => searcher.record(&board.grid, start, end, search, MAX_TRACE),
    };
    let mut text = Vec::new();
    let (w, h) = (board.grid.width(), board.grid.height());
    recording.map_err(|e| e.to_string())?.write_posthoc(end, (w, h, 1), &mut text).map_err(|e| e.to_string())?;
    String::from_utf8(text).map_err(|e| e.to_string())
}

/// When the board last changed, while it has not been kept since.
#[derive(Resource, Default)]
struct PendingSave(Option<Duration>);

fn note_board_change(time: Res<Time<Real>>, mut pending: ResMut<PendingSave>) {
    pending.0 = Some(time.elapsed());
}

/// Run condition: the board changed and has been quiet for a second since.
fn board_quiet(time: Res<Time<Real>>, pending: Res<PendingSave>) -> bool {
    pending.0.is_some_and(|since| time.elapsed() - since >= QUIET)
}

/// Keeps the board (a file on the desktop, local storage in the browser).
fn save_board(board: Res<Board>, mut pending: ResMut<PendingSave>, mut status: ResMut<Status>) {
    pending.0 = None;
    #[cfg(target_arch = "wasm32")]
    if let Some(s) = files::storage() {
        if s.set_item(files::STORAGE_KEY, &write_map(&board.grid)).is_err() {
            status.say("could not keep the board in local storage");
        }
    }
    #[cfg(not(target_arch = "wasm32"))]
    if let Some(path) = files::last_board_path()
        && let Err(e) = crate::disk::write_atomically(&path, write_map(&board.grid))
    {
        status.say(format!("could not keep the board in {}: {e}", path.display()));
    }
}
