//! Nothing lost: the last edited board is kept in the user's data folder (or the browser's
//! local storage) once it has been quiet for a second, and comes back at the next start
//! without board options; the panel's Open and Save work by path.

use std::time::Duration;

use bevy::prelude::*;

use super::board::Board;
use super::files;
use super::input::Action;
use super::status::Status;
use crate::game::AppSystems;
use crate::search::write_map;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, (save_maps.in_set(AppSystems::ApplyActions), save_board.in_set(AppSystems::Walk)));
}

/// How long the board must stay unchanged before it is written.
const QUIET: Duration = Duration::from_secs(1);

/// Save: writes the board to the path the player gave (a download in the browser).
fn save_maps(mut actions: MessageReader<Action>, board: Res<Board>, mut status: ResMut<Status>) {
    for action in actions.read() {
        if let Action::SaveMap(name) = action {
            status.say(files::save_map(name, &write_map(&board.grid)));
        }
    }
}

#[derive(Default)]
struct Pending {
    since: Option<Duration>,
}

/// Writes the board once it has been quiet for a second after a change.
fn save_board(board: Res<Board>, time: Res<Time<Real>>, mut pending: Local<Pending>, mut status: ResMut<Status>) {
    let now = time.elapsed();
    if board.is_changed() {
        pending.since = Some(now);
        return;
    }
    let Some(since) = pending.since else { return };
    if now - since < QUIET {
        return;
    }
    pending.since = None;
    #[cfg(target_arch = "wasm32")]
    if let Some(s) = files::storage() {
        if s.set_item(files::STORAGE_KEY, &write_map(&board.grid)).is_err() {
            status.say("could not keep the board in local storage");
        }
    }
    #[cfg(not(target_arch = "wasm32"))]
    if let Some(path) = files::last_board_path() {
        if let Err(e) = files::write_atomically(&path, &write_map(&board.grid)) {
            status.say(format!("could not keep the board in {}: {e}", path.display()));
        }
    }
}
