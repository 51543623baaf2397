//! Writing files so that a failed write never costs what was there: used by the game (the last
//! board, the lessons done, saved maps) and the command line (maps, worlds, traces, plots,
//! preparations) alike.

use std::path::Path;

/// Writes `text` to a temporary file beside `path` (its name with `.tmp` added), then renames
/// it into place, so a failed write never leaves a half-written file where a good one was;
/// makes the folder first when it is missing.
#[cfg_attr(target_arch = "wasm32", allow(dead_code))]
pub fn write_atomically(path: &Path, text: impl AsRef<[u8]>) -> std::io::Result<()> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)?;
    }
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(".tmp");
    std::fs::write(&tmp, text)?;
    std::fs::rename(&tmp, path).inspect_err(|_| {
        let _ = std::fs::remove_file(&tmp);
    })
}
