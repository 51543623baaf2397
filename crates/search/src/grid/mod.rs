//! The 2D board: cells with barriers, weights and terrain ([`Grid`], [`Cell`]), the rules of
//! moving on it ([`Topology`] with its [`DiagonalRule`], [`CostModel`], [`Heuristic`]), the
//! moves and their costs written once ([`step_kind`], [`path_cost`]), line of sight, maze and
//! random boards, the board's connected parts ([`Components`]), and the room for units bigger
//! than a cell ([`Clearance`]).
//!
//! Owns: everything that is true of a board before anyone searches it. Uses nothing of the
//! crate's other rooms (a leaf); every other room uses it.

pub(crate) mod bits;
pub(crate) mod board;
pub(crate) mod clearance;
pub(crate) mod components;
pub(crate) mod mazes;
pub(crate) mod moves;
pub(crate) mod rules;
pub(crate) mod sight;

pub use board::{CHANGE_LOG, Cell, Grid, GridError, MAX_SIDE, MAX_WEIGHT, Snapshot, SnapshotInParts};
pub use clearance::{Clearance, MAX_UNIT, square_cells};
pub use components::{Components, Labelling};
pub use mazes::{MazeKind, generate_maze};
pub use moves::{IllegalStep, distances_to, hex_neighbours, path_cost, step_kind};
pub use rules::{CostModel, DiagonalRule, Heuristic, Topology, hex_centre, hex_distance};
pub use sight::{cells_along, line_of_sight, polyline_length, string_pull, touched_cells};

/// A cell as (x, y): x the column, y the row.
pub type Pos = (usize, usize);

/// A grid with barriers placed at random: each cell blocked with probability `density`
/// (0 to 1), drawn from `rng`.
///
/// ```
/// let mut n = 0u32;
/// // a stand-in random source: every third cell blocked
/// let grid = cubepath_search::grid::random_grid(3, 3, 0.5, &mut || { n += 1; if n % 3 == 0 { 0.0 } else { 1.0 } }).unwrap();
/// assert_eq!(grid.passable_count(), 6);
/// ```
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
