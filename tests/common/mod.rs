//! What the test files share: the tests' own data folder (every root test binary includes this
//! module, and with it the folder), running the binary, the bundled maps, temporary files.
#![allow(dead_code)]

/// The tests' own data folder, in place of the player's: set in the environment before the
/// test binary's `main` (so before any thread, and inherited by every `cubepath` it runs), for
/// every root test binary at once. The game keeps its last board and the lessons done in the
/// data folder (`CUBEPATH_DATA_DIR` first: see `last_board_path`), so nothing a test plays
/// overwrites what a player left. `.ci/run` runs the whole suite with an empty home folder and
/// fails if anything is written into it.
#[used]
#[cfg_attr(target_os = "linux", unsafe(link_section = ".init_array"))]
#[cfg_attr(target_os = "macos", unsafe(link_section = "__DATA,__mod_init_func"))]
static TEST_DATA_DIR: extern "C" fn() = {
    extern "C" fn set() {
        // SAFETY: runs before main, alone: no other thread reads the environment yet.
        unsafe { std::env::set_var("CUBEPATH_DATA_DIR", concat!(env!("CARGO_TARGET_TMPDIR"), "/player-data")) };
    }
    set
};

use std::process::Command;

/// Runs `cubepath` with `args`: (exit code, stdout, stderr).
pub fn cubepath(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_cubepath")).args(args).output().unwrap();
    (out.status.code().unwrap_or(-1), String::from_utf8_lossy(&out.stdout).into(), String::from_utf8_lossy(&out.stderr).into())
}

/// A bundled map's path.
pub fn map(name: &str) -> String {
    format!("{}/assets/maps/{name}", std::env::var("CARGO_MANIFEST_DIR").expect("run by cargo test"))
}

/// Writes a file in this run's temporary folder; returns its path.
pub fn temp_file(name: &str, contents: &[u8]) -> String {
    let dir = std::env::temp_dir().join(format!("cubepath-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let p = dir.join(name);
    std::fs::write(&p, contents).unwrap();
    p.display().to_string()
}
