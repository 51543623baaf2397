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
    app.init_resource::<PendingSave>().add_systems(Update, save_maps.in_set(AppSystems::ApplyActions)).add_systems(
        Update,
        (note_board_change.run_if(resource_changed::<Board>), save_board.run_if(board_quiet)).chain().in_set(AppSystems::Walk),
    );
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
        && let Err(e) = files::write_atomically(&path, &write_map(&board.grid))
    {
        status.say(format!("could not keep the board in {}: {e}", path.display()));
    }
}
