//! Files the player's boards live in: the kept last board, maps opened and saved by path (a
//! download in the browser), always written to a temporary file and renamed into place.

use std::path::{Path, PathBuf};

use bevy::log::warn;

use crate::engine::{files::read_map, grid::Grid};

/// The maps that ship with the game, one click away (no file system needed), by name.
pub const BUNDLED: [(&str, &[u8]); 6] = [
    ("maze.map", include_bytes!("../../../../assets/maps/maze.map")),
    ("rooms.map", include_bytes!("../../../../assets/maps/rooms.map")),
    ("field.map", include_bytes!("../../../../assets/maps/field.map")),
    ("arena.map", include_bytes!("../../../../assets/maps/arena.map")),
    ("lak304d.map", include_bytes!("../../../../assets/maps/lak304d.map")),
    ("64room_000.map", include_bytes!("../../../../assets/maps/64room_000.map")),
];

/// A bundled map's bytes by its name.
pub fn bundled(name: &str) -> Option<&'static [u8]> {
    BUNDLED.iter().find(|(n, _)| *n == name).map(|(_, bytes)| *bytes)
}

#[cfg(target_arch = "wasm32")]
pub(crate) const STORAGE_KEY: &str = "cubepath.last.map";

#[cfg(target_arch = "wasm32")]
pub(crate) fn storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok()?
}

/// Where the last board is kept: `$XDG_DATA_HOME/cubepath/last.map`, else
/// `~/.local/share/cubepath/last.map`; `CUBEPATH_DATA_DIR` overrides the folder (the tests
/// set it for themselves: see `tests/common`). See [`data_dir`] for what counts as set.
#[cfg_attr(target_arch = "wasm32", allow(dead_code))]
pub fn last_board_path() -> Option<PathBuf> {
    Some(data_dir(|name| std::env::var_os(name))?.join("last.map"))
}

/// The game's data folder from the environment `var` reads: `CUBEPATH_DATA_DIR` when set and
/// not empty; else `$XDG_DATA_HOME/cubepath` when that is an absolute path (the XDG rules: an
/// empty or relative value counts as unset, so the game never writes a `cubepath/` folder into
/// the current directory); else `$HOME/.local/share/cubepath` (`HOME` absolute too); else none
/// (nothing is kept). Checked in `tests/persist.rs`.
pub fn data_dir(var: impl Fn(&str) -> Option<std::ffi::OsString>) -> Option<PathBuf> {
    let set = |name: &str| var(name).filter(|v| !v.is_empty()).map(PathBuf::from);
    let absolute = |name: &str| set(name).filter(|p| p.is_absolute());
    set("CUBEPATH_DATA_DIR")
        .or_else(|| absolute("XDG_DATA_HOME").map(|d| d.join("cubepath")))
        .or_else(|| absolute("HOME").map(|h| h.join(".local/share/cubepath")))
}

/// Whether a file the player opened is a scenario (its agents are the crowd's) rather than a map.
pub fn is_scenario(name: &str) -> bool {
    name.ends_with(".scen")
}

/// Whether a file the player opens or saves is a search trace in Posthoc's format (named
/// `*.trace.json`, `*.trace.yaml` or `*.trace.yml`, as that tool asks).
pub fn is_trace(name: &str) -> bool {
    let name = name.to_ascii_lowercase();
    [".trace.json", ".trace.yaml", ".trace.yml"].iter().any(|end| name.ends_with(end))
}

/// Whether a file the player opened or saves is a voxel world (`.3dmap`, or a MagicaVoxel
/// `.vox` model) rather than a map.
pub fn is_world(name: &str) -> bool {
    crate::engine::files::is_world_file(name)
}

/// The lessons done, as kept (`lessons.txt` beside the last board: the numbers of the lessons
/// done; in the browser, local storage); none when nothing was kept.
pub fn load_progress() -> Vec<bool> {
    #[cfg(target_arch = "wasm32")]
    let text = storage().and_then(|s| s.get_item(PROGRESS_KEY).ok().flatten()).unwrap_or_default();
    #[cfg(not(target_arch = "wasm32"))]
    let text = last_board_path().and_then(|p| std::fs::read_to_string(p.with_file_name("lessons.txt")).ok()).unwrap_or_default();
    let numbers: Vec<usize> = text.split_whitespace().filter_map(|n| n.parse().ok()).collect();
    (1..=32).map(|n| numbers.contains(&n)).collect()
}

/// Keeps the lessons done (see [`load_progress`]); a failure only costs the progress.
pub fn save_progress(done: &[bool]) {
    let text: Vec<String> = done.iter().enumerate().filter(|(_, d)| **d).map(|(i, _)| (i + 1).to_string()).collect();
    let text = text.join(" ");
    #[cfg(target_arch = "wasm32")]
    if let Some(s) = storage() {
        let _ = s.set_item(PROGRESS_KEY, &text);
    }
    #[cfg(not(target_arch = "wasm32"))]
    if let Some(path) = last_board_path()
        && let Err(e) = crate::disk::write_atomically(&path.with_file_name("lessons.txt"), text)
    {
        warn!("the lessons' progress could not be kept: {e}");
    }
}

#[cfg(target_arch = "wasm32")]
const PROGRESS_KEY: &str = "cubepath.lessons";

/// The last board, if one was kept and still reads (in the browser: from local storage).
pub fn load_last_board() -> Option<(Grid, String)> {
    #[cfg(target_arch = "wasm32")]
    let (name, bytes) = ("local storage".to_string(), storage()?.get_item(STORAGE_KEY).ok()??.into_bytes());
    #[cfg(not(target_arch = "wasm32"))]
    let (name, bytes) = {
        let path = last_board_path()?;
        (path.display().to_string(), std::fs::read(&path).ok()?)
    };
    match read_map(&name, &bytes) {
        Ok(grid) => Some((grid, format!("last board ({name})"))),
        Err(e) => {
            warn!("the last board could not be read, starting fresh: {e}");
            None
        }
    }
}

/// Saves a map the user asked for: on the desktop to `name` (temporary file, then rename);
/// in the browser as a download named after `name`. Returns the message for the player.
pub fn save_map(name: &str, text: impl AsRef<[u8]>) -> String {
    let text = text.as_ref();
    #[cfg(not(target_arch = "wasm32"))]
    {
        match crate::disk::write_atomically(Path::new(name), text) {
            Ok(()) => format!("saved {name}"),
            Err(e) => format!("could not save {name}: {e}; the board is kept"),
        }
    }
    #[cfg(target_arch = "wasm32")]
    {
        match download(name, text) {
            Ok(()) => format!("downloading {name}"),
            Err(e) => format!("could not download {name}: {e:?}"),
        }
    }
}

/// Opens a map the user named: on the desktop from the file system. The browser has none: there
/// this opens the page's file picker, and the chosen file comes back later as a map to load
/// (see the view's `take_page_maps`), so the answer is a message for the player.
pub fn open_map(name: &str) -> Result<Vec<u8>, String> {
    #[cfg(not(target_arch = "wasm32"))]
    {
        std::fs::read(name).map_err(|e| format!("could not open {name}: {e}"))
    }
    #[cfg(target_arch = "wasm32")]
    {
        use web_sys::wasm_bindgen::JsCast;
        let _ = name;
        let picker = web_sys::window()
            .and_then(|w| w.document())
            .and_then(|d| d.get_element_by_id("cubepath-open"))
            .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok());
        Err(match picker {
            Some(p) => {
                p.click();
                "choose a .map file in the browser's file picker (or drop one on the page)".to_string()
            }
            None => "this page has no file picker: drop a .map file on it, or load a bundled map".to_string(),
        })
    }
}

#[cfg(target_arch = "wasm32")]
fn download(name: &str, bytes: &[u8]) -> Result<(), web_sys::wasm_bindgen::JsValue> {
    use web_sys::js_sys::{Array, Uint8Array};
    use web_sys::wasm_bindgen::JsCast;
    let parts = Array::of1(&Uint8Array::from(bytes));
    let options = web_sys::BlobPropertyBag::new();
    options.set_type(if crate::engine::files::is_vox_file(name) { "application/octet-stream" } else { "text/plain" });
    let blob = web_sys::Blob::new_with_u8_array_sequence_and_options(&parts, &options)?;
    let url = web_sys::Url::create_object_url_with_blob(&blob)?;
    let document = web_sys::window().and_then(|w| w.document()).ok_or("no document")?;
    let link: web_sys::HtmlAnchorElement = document.create_element("a")?.dyn_into()?;
    link.set_href(&url);
    link.set_download(Path::new(name).file_name().and_then(|n| n.to_str()).unwrap_or("board.map"));
    link.click();
    web_sys::Url::revoke_object_url(&url)
}
