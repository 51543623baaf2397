//! `cubepath maze`: a seeded board (three kinds of perfect maze, rooms, caves, terrain) written
//! as a `.map`, for `solve`, `scen`, the game's Open or a race.

use std::path::PathBuf;

use clap::Args;

use super::args::parse_sides;
use super::failure::Failure::{self, BadInput};
use crate::engine::{
    files::write_map,
    grid::{MazeKind, generate_maze},
};

#[derive(Args, Debug)]
pub struct MazeArgs {
    /// division, prim or backtracker (perfect mazes), rooms, caves or terrain (mud and water).
    #[arg(long, default_value = "division")]
    pub kind: MazeKind,
    /// Width x height in cells, e.g. 64x64 (each 1 to 4096).
    #[arg(long, default_value = "31x31", value_parser = parse_size)]
    pub size: (usize, usize),
    /// The seed: the same seed makes the same board.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// The .map file to write.
    #[arg(long)]
    pub out: PathBuf,
}

/// Parses `WxH`.
fn parse_size(s: &str) -> Result<(usize, usize), String> {
    let [w, h] = parse_sides::<2>(s, "WxH, e.g. 64x64")?;
    Ok((w, h))
}

pub(super) fn maze(a: &MazeArgs) -> Result<u8, Failure> {
    let (w, h) = a.size;
    let grid = generate_maze(a.kind, w, h, a.seed).map_err(|e| BadInput(e.to_string()))?;
    crate::disk::write_atomically(&a.out, write_map(&grid)).map_err(|e| BadInput(format!("could not write {}: {e}", a.out.display())))?;
    println!("{} {w} x {h}, seed {}: {} open cells, written to {}", a.kind, a.seed, grid.passable_count(), a.out.display());
    Ok(0)
}
