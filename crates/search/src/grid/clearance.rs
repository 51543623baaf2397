//! Units bigger than a cell: [`Clearance`], each cell's room for a square unit whose top-left
//! (least x, least y) cell it is, after the clearance annotations of Harabor and Botea's
//! annotated A* ("Hierarchical Path Planning for Multi-Size Agents in Heterogeneous
//! Environments", 2008), and [`Clearance::unit_grid`], the board such a unit moves on.
//!
//! A `k` x `k` unit is named by its top-left cell (its anchor) and covers the `k` x `k` cells
//! from there. It stands where all of them are open; a straight step needs its square at both
//! ends open, and a diagonal step (without corner cutting) also the squares of the two cells
//! beside it, that is the whole `(k + 1)` x `(k + 1)` box the two squares span. So the unit's
//! moves are exactly the moves of a one-cell unit on the board whose cell `p` is open when
//! the clearance of `p` is at least `k`: every search of the engine runs on that board
//! unchanged. Its cells keep their terrain: the anchor's cell decides the cost of a step and
//! its class (ground or water).

use crate::grid::Pos;
use crate::grid::board::{Cell, Grid};

/// The largest unit side [`Clearance::unit_grid`] takes.
pub const MAX_UNIT: usize = 64;

/// The `size` x `size` cells a unit anchored at `(x, y)` covers, row by row (off the grid
/// where the anchor is too near its far edges: the caller checks).
///
/// ```
/// use cubepath_search::grid::square_cells;
/// assert_eq!(square_cells((3, 1), 2).collect::<Vec<_>>(), [(3, 1), (4, 1), (3, 2), (4, 2)]);
/// ```
pub fn square_cells((x, y): Pos, size: usize) -> impl Iterator<Item = Pos> {
    (0..size * size).map(move |d| (x + d % size, y + d / size))
}

/// For each cell, the side of the largest square of open cells whose top-left cell it is (0 on
/// a blocked cell), up to 255; made for one grid as it was.
///
/// ```
/// use cubepath_search::grid::{Cell, Clearance, Grid};
/// let mut grid = Grid::new(4, 3).unwrap();
/// grid.set(2, 1, Cell::Blocked).unwrap();
/// let room = Clearance::new(&grid);
/// assert_eq!((room.at((0, 0)), room.at((1, 0)), room.at((2, 1)), room.at((3, 0))), (2, 1, 0, 1));
/// let two = room.unit_grid(&grid, 2).unwrap(); // where a 2 x 2 unit's top-left cell may be
/// assert!(two.is_passable(0, 0) && !two.is_passable(1, 0) && !two.is_passable(3, 0));
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Clearance {
    width: usize,
    values: Vec<u8>,
    version: (u64, u64),
}

impl Clearance {
    /// Each cell's clearance, from the bottom-right corner up: an open cell has one more than
    /// the least of its right, lower and lower-right neighbours' (cells off the board count 0).
    pub fn new(grid: &Grid) -> Clearance {
        let (w, h) = (grid.width(), grid.height());
        let mut values = vec![0u8; w * h];
        for y in (0..h).rev() {
            for x in (0..w).rev() {
                if !grid.is_passable(x, y) {
                    continue;
                }
                let at = |dx: usize, dy: usize| if x + dx < w && y + dy < h { values[(y + dy) * w + x + dx] } else { 0 };
                values[y * w + x] = at(1, 0).min(at(0, 1)).min(at(1, 1)).saturating_add(1);
            }
        }
        Clearance { width: w, values, version: grid.version() }
    }

    /// The clearance of cell `p` (0 off the board).
    pub fn at(&self, (x, y): Pos) -> u8 {
        if x >= self.width { 0 } else { self.values.get(y * self.width + x).copied().unwrap_or(0) }
    }

    /// Whether these values are `grid`'s as it is now.
    pub fn is_for(&self, grid: &Grid) -> bool {
        grid.version() == self.version
    }

    /// The board a `size` x `size` unit moves on, its cells named by the unit's top-left cell:
    /// `grid`'s cells where the unit fits, blocked elsewhere (see the module's notes). `None`
    /// for a size of 0 or over [`MAX_UNIT`], or values made for another grid or revision.
    pub fn unit_grid(&self, grid: &Grid, size: usize) -> Option<Grid> {
        if !(1..=MAX_UNIT).contains(&size) || !self.is_for(grid) {
            return None;
        }
        let mut out = grid.clone();
        for y in 0..grid.height() {
            for x in 0..grid.width() {
                if usize::from(self.at((x, y))) < size && grid.is_passable(x, y) {
                    out.set(x, y, Cell::Blocked).expect("on the board");
                }
            }
        }
        Some(out)
    }
}
