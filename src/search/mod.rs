//! The search engine: grids, moves, heuristics, A* and its rivals, map files.
//!
//! Plain Rust with no Bevy import: the game and the command line are built on it, and it could
//! be lifted out as a library of its own.

mod engine;
mod grid;
mod map_file;
mod rules;

pub use engine::{
    CellInfo, CellState, IllegalStep, Pos, SearchError, SearchResult, Searcher, Step, StepSearch, find_path,
    hex_neighbours, path_cost, step_kind, validate,
};
pub use grid::{Cell, Grid, GridError, MAX_SIDE, MAX_WEIGHT};
pub use map_file::{FileError, Problem, read_map, read_scen, write_map};
pub use rules::{Algorithm, CostModel, DiagonalRule, Heuristic, SearchOptions, Topology, hex_centre, hex_distance};

/// A grid with barriers placed at random: each cell blocked with probability `density`
/// (0 to 1), drawn from `rng`.
pub fn random_grid(width: usize, height: usize, density: f64, rng: &mut impl FnMut() -> f64) -> Result<Grid, GridError> {
    let mut grid = Grid::new(width, height)?;
    for y in 0..height {
        for x in 0..width {
            if rng() < density {
                grid.set(x, y, Cell::Blocked)?;
            }
        }
    }
    Ok(grid)
}
