//! Nothing lost: the last board is written safely and comes back at the next start.

mod common;

use cubepath::cli::PlayArgs;
use cubepath::disk::write_atomically;
use cubepath::engine::{
    files::write_map,
    grid::{Cell, Grid},
};
use cubepath::game::logic::files::{data_dir, last_board_path, load_last_board};

#[test]
fn the_last_board_survives_a_restart() {
    let dir = std::env::temp_dir().join(format!("cubepath-persist-{}", std::process::id()));
    // SAFETY: the other test in this binary reads no environment variable (it hands data_dir
    // its own); nothing else reads the environment meanwhile.
    unsafe { std::env::set_var("CUBEPATH_DATA_DIR", &dir) };
    assert_eq!(last_board_path(), Some(dir.join("last.map")));
    assert!(load_last_board().is_none(), "nothing kept yet");

    let mut grid = Grid::new(7, 5).unwrap();
    grid.set(3, 2, Cell::Blocked).unwrap();
    grid.set(4, 4, Cell::Ground(3)).unwrap();
    let path = last_board_path().unwrap();
    write_atomically(&path, write_map(&grid)).unwrap();
    assert!(!path.with_extension("map.tmp").exists(), "the temporary file was renamed");
    let (back, name) = load_last_board().expect("the board comes back");
    assert_eq!(back, grid);
    assert!(name.contains("last board"));

    // A plain start restores it; any board option or cell on the command line does not.
    let plain = PlayArgs::default();
    let mut setup = plain.setup().unwrap();
    assert!(plain.wants_last_board());
    setup.use_board(load_last_board());
    assert_eq!(setup.grid.as_ref().map(|(g, _)| g), Some(&grid));
    assert_eq!((setup.board.cols, setup.board.rows), (7, 5));
    let sized = PlayArgs { rows: Some(9), ..Default::default() };
    assert!(!sized.wants_last_board());
    let cells = PlayArgs { start: Some(cubepath::cli::At::Cell((1, 1))), ..Default::default() };
    assert!(!cells.wants_last_board());

    // A damaged file is ignored (a fresh board), never a panic.
    std::fs::write(&path, b"type octile\nheight 2\nwidth 2\nmap\n.x\n..\n").unwrap();
    assert!(load_last_board().is_none());
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The data folder from the environment: an empty or relative `XDG_DATA_HOME` counts as unset
/// (the XDG rules; before, an empty one made the game write `cubepath/` into the current
/// directory), and so do an empty `CUBEPATH_DATA_DIR` and a relative `HOME`.
#[test]
fn an_empty_or_relative_xdg_data_home_counts_as_unset() {
    use std::ffi::OsString;
    use std::path::PathBuf;
    let env = |pairs: &[(&'static str, &'static str)]| {
        let pairs = pairs.to_vec();
        move |name: &str| pairs.iter().find(|(n, _)| *n == name).map(|(_, v)| OsString::from(v))
    };
    let home = |p: &str| Some(PathBuf::from(p));
    assert_eq!(data_dir(env(&[("HOME", "/home/ann"), ("XDG_DATA_HOME", "")])), home("/home/ann/.local/share/cubepath"));
    assert_eq!(data_dir(env(&[("HOME", "/home/ann"), ("XDG_DATA_HOME", "share")])), home("/home/ann/.local/share/cubepath"));
    assert_eq!(data_dir(env(&[("HOME", "/home/ann"), ("XDG_DATA_HOME", "/data")])), home("/data/cubepath"));
    assert_eq!(data_dir(env(&[("HOME", "/home/ann"), ("CUBEPATH_DATA_DIR", "")])), home("/home/ann/.local/share/cubepath"));
    assert_eq!(data_dir(env(&[("HOME", "/h"), ("XDG_DATA_HOME", "/x"), ("CUBEPATH_DATA_DIR", "mine")])), home("mine"));
    assert_eq!(data_dir(env(&[("XDG_DATA_HOME", ""), ("HOME", "")])), None);
    assert_eq!(data_dir(env(&[("HOME", "ann")])), None);
}
