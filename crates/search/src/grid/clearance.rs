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
//! unchanged.
//!
//! Terrain counts over the whole square, not the anchor's cell alone: the unit's board cell
//! `p` is as heavy as the heaviest cell of the square at `p` (a step costs its length times
//! the heaviest weight among the cells the unit then stands on), water where the square is all
//! water, swamp where it is all swamp, and blocked where the square mixes water with ground or
//! swamp (a unit, like a one-cell walker, is of one class at a time: it never straddles a
//! shore). On a board without terrain the unit's board is the clearance alone.

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
    /// blocked where the unit does not fit, else the terrain of its whole square (see the
    /// module's notes). `None` for a size of 0 or over [`MAX_UNIT`], or values made for another
    /// grid or revision.
    ///
    /// ```
    /// use cubepath_search::grid::{Cell, Clearance, Grid};
    /// let mut grid = Grid::new(4, 2).unwrap();
    /// grid.set(1, 1, Cell::Ground(5)).unwrap(); // mud under the unit's second row
    /// grid.set(3, 0, Cell::Water).unwrap();
    /// let two = Clearance::new(&grid).unit_grid(&grid, 2).unwrap();
    /// assert_eq!(two.get(0, 0), Some(Cell::Ground(5))); // its square holds the mud
    /// assert_eq!(two.get(2, 0), Some(Cell::Blocked)); // half on the water: no standing there
    /// ```
    pub fn unit_grid(&self, grid: &Grid, size: usize) -> Option<Grid> {
        if !(1..=MAX_UNIT).contains(&size) || !self.is_for(grid) {
            return None;
        }
        let (w, h) = (grid.width(), grid.height());
        let squares = (size > 1 && !grid.is_uniform()).then(|| square_terrain(grid, size));
        let mut out = grid.clone();
        for y in 0..h {
            for x in 0..w {
                if !grid.is_passable(x, y) {
                    continue;
                }
                let cell = match &squares {
                    _ if usize::from(self.at((x, y))) < size => Cell::Blocked,
                    Some(terrain) => terrain[y * w + x].cell(),
                    None => continue,
                };
                out.set(x, y, cell).expect("on the board");
            }
        }
        Some(out)
    }
}

/// What the cells of a unit's square hold: the heaviest weight, and which classes.
#[derive(Clone, Copy)]
struct Terrain {
    weight: u8,
    water: bool,
    ground: bool,
    swamp_only: bool,
}

impl Terrain {
    /// Nothing yet (and a blocked cell: a square where the unit fits holds none).
    const NONE: Terrain = Terrain { weight: 0, water: false, ground: false, swamp_only: true };

    fn of(cell: Cell) -> Terrain {
        match cell {
            Cell::Blocked => Terrain::NONE,
            Cell::Ground(weight) => Terrain { weight, ground: true, swamp_only: false, ..Terrain::NONE },
            Cell::Swamp => Terrain { weight: 1, ground: true, ..Terrain::NONE },
            Cell::Water => Terrain { weight: 1, water: true, swamp_only: false, ..Terrain::NONE },
        }
    }

    fn join(self, o: Terrain) -> Terrain {
        Terrain {
            weight: self.weight.max(o.weight),
            water: self.water || o.water,
            ground: self.ground || o.ground,
            swamp_only: self.swamp_only && o.swamp_only,
        }
    }

    /// The unit board's cell for a square holding this.
    fn cell(self) -> Cell {
        match (self.water, self.ground) {
            (true, true) | (false, false) => Cell::Blocked,
            (true, false) => Cell::Water,
            (false, true) if self.swamp_only => Cell::Swamp,
            (false, true) => Cell::Ground(self.weight),
        }
    }
}

/// The terrain of the `size` x `size` square at each cell (rows first, then columns: about
/// `2 size` joins a cell), by row; squares reaching off the board hold what is on it.
fn square_terrain(grid: &Grid, size: usize) -> Vec<Terrain> {
    let (w, h) = (grid.width(), grid.height());
    let cell = |x: usize, y: usize| Terrain::of(grid.get(x, y).expect("on the board"));
    let across: Vec<Terrain> =
        (0..w * h).map(|i| (i % w..(i % w + size).min(w)).fold(Terrain::NONE, |t, x| t.join(cell(x, i / w)))).collect();
    (0..w * h).map(|i| (i / w..(i / w + size).min(h)).fold(Terrain::NONE, |t, y| t.join(across[y * w + i % w]))).collect()
}
