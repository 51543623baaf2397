//! What the command-line test files share: running the binary, the bundled maps, temporary files.
#![allow(dead_code)]

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
