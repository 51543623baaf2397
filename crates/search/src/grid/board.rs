//! The grid: width x height cells, each blocked, ground with a weight, swamp or water.
//!
//! Cells are stored row-major in a flat array with a one-cell blocked border, so a neighbour
//! is `index + offset` and never needs a bounds check. Public coordinates are `(x, y)`:
//! x the column, y the row, `(0, 0)` top-left, as in the Moving AI benchmark files.

use std::fmt;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

/// Offsets of the eight directions: 0..4 straight (N, S, W, E), 4..8 diagonal (NW, NE, SW, SE).
pub(crate) const DX: [isize; 8] = [0, 0, -1, 1, -1, 1, -1, 1];
/// See [`DX`].
pub(crate) const DY: [isize; 8] = [-1, 1, 0, 0, -1, -1, 1, 1];

/// The largest width or height a grid may have.
pub const MAX_SIDE: usize = 4096;
/// The largest weight a ground cell may carry.
pub const MAX_WEIGHT: u8 = 9;

/// One cell of the grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cell {
    /// Impassable (`@`, `O`, `T` in a map file).
    Blocked,
    /// Open ground: entering it costs the step's length times the weight (1 to [`MAX_WEIGHT`]).
    Ground(u8),
    /// Moving AI swamp `S`: of the ground class (moves to and from ground and swamp); weight 1.
    Swamp,
    /// Moving AI water `W`: a class of its own (moves only between water cells); weight 1.
    Water,
}

impl Cell {
    /// Open ground of weight 1.
    pub const FLOOR: Cell = Cell::Ground(1);

    /// Whether the cell can be stood on at all.
    pub fn is_passable(self) -> bool {
        self != Cell::Blocked
    }

    /// The cost multiplier for entering the cell (blocked cells report 0).
    pub fn weight(self) -> u8 {
        match self {
            Cell::Blocked => 0,
            Cell::Ground(w) => w,
            Cell::Swamp | Cell::Water => 1,
        }
    }

    /// The character a map file writes for the cell: `@` blocked, `.` ground of weight 1, `2`
    /// to `9` heavier ground (cubepath's extension), `S` swamp, `W` water. Read back by
    /// [`Cell::from_symbol`]; `Debug` for [`Grid`] draws with it too.
    ///
    /// ```
    /// use cubepath_search::grid::Cell;
    /// assert_eq!(Cell::Ground(3).symbol(), '3');
    /// assert_eq!(Cell::from_symbol(b'3'), Some(Cell::Ground(3)));
    /// ```
    pub fn symbol(self) -> char {
        match self {
            Cell::Blocked => '@',
            Cell::Ground(1) => '.',
            Cell::Ground(w) => (b'0' + w.clamp(1, MAX_WEIGHT)) as char,
            Cell::Swamp => 'S',
            Cell::Water => 'W',
        }
    }

    /// The cell a map file's character stands for: every [`Cell::symbol`], and the benchmark's
    /// other spellings (`G` ground, `O` and `T` blocked); `None` for any other character.
    pub fn from_symbol(c: u8) -> Option<Cell> {
        Some(match c {
            b'.' | b'G' => Cell::FLOOR,
            b'@' | b'O' | b'T' => Cell::Blocked,
            b'S' => Cell::Swamp,
            b'W' => Cell::Water,
            b'2'..=b'9' => Cell::Ground(c - b'0'),
            _ => return None,
        })
    }

    pub(crate) fn code(self) -> u8 {
        match self {
            Cell::Blocked => BLOCKED,
            Cell::Ground(w) => w.clamp(1, MAX_WEIGHT),
            Cell::Swamp => SWAMP,
            Cell::Water => WATER,
        }
    }

    pub(crate) fn from_code(code: u8) -> Cell {
        match code {
            BLOCKED => Cell::Blocked,
            SWAMP => Cell::Swamp,
            WATER => Cell::Water,
            w => Cell::Ground(w),
        }
    }
}

pub(crate) const BLOCKED: u8 = 0;
pub(crate) const SWAMP: u8 = 10;
pub(crate) const WATER: u8 = 11;

/// Whether a step between passable cells of codes `from` and `to` obeys the Moving AI terrain
/// rule (as in its reference code, HOG2): a move stays within one terrain class, ground (`.`,
/// `G`, `S` and weighted ground) or water (`W`). A diagonal also needs both side cells in the
/// source's class.
#[inline]
pub(crate) fn may_enter(from: u8, to: u8) -> bool {
    (from == WATER) == (to == WATER)
}

/// Why a grid could not be made or a cell not used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GridError {
    /// Width or height is zero or above [`MAX_SIDE`].
    BadSize {
        /// The width asked for.
        width: usize,
        /// The height asked for.
        height: usize,
    },
    /// A coordinate lies outside the grid.
    OffGrid {
        /// The column asked for.
        x: usize,
        /// The row asked for.
        y: usize,
        /// The grid's width.
        width: usize,
        /// The grid's height.
        height: usize,
    },
}

impl fmt::Display for GridError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GridError::BadSize { width, height } => {
                write!(f, "grid size {width} x {height} is not allowed: each side must be 1 to {MAX_SIDE}")
            }
            GridError::OffGrid { x, y, width, height } => write!(
                f,
                "cell {x},{y} is off the grid ({width} wide, {height} high; x is the column 0..{}, y the row 0..{})",
                width - 1,
                height - 1
            ),
        }
    }
}

impl std::error::Error for GridError {}

/// A rectangular grid of cells.
///
/// ```
/// use cubepath_search::grid::{Cell, Grid};
/// let mut grid = Grid::new(3, 2).unwrap();
/// grid.set(1, 0, Cell::Blocked).unwrap();
/// assert_eq!(grid.get(1, 0), Some(Cell::Blocked));
/// assert_eq!(grid.get(3, 0), None);
/// ```
///
/// Two grids are equal when their cells are; each grid also has an identity and a revision
/// (bumped by every change of a cell), which let a [`crate::search::Searcher`] keep what it computed
/// of a grid, such as its connected components, until the grid changes.
pub struct Grid {
    width: usize,
    height: usize,
    /// Padded row-major codes, `(width + 2) * (height + 2)`, border blocked.
    codes: Vec<u8>,
    /// How many cells are swamp or water, and how many ground cells weigh more than 1.
    special: usize,
    weighted: usize,
    /// This grid's identity (a clone gets a new one) and its number of cell changes.
    id: u64,
    revision: u64,
    /// The padded index of the cell changed by each of the last [`CHANGE_LOG`] revisions,
    /// revision r at `r % CHANGE_LOG` (empty until the first change).
    log: Vec<u32>,
}

/// How many of its latest cell changes a grid remembers, for [`Grid::changes_since`].
pub const CHANGE_LOG: usize = 256;

/// Hands out identities, for grids and voxel worlds alike, so no two values of either kind
/// alive in one process ever share one (see the crate's cache list in [`crate::caches`]).
static NEXT_GRID: AtomicU64 = AtomicU64::new(1);

/// A fresh identity: every new grid or world, and every clone of one, takes one.
pub(crate) fn new_id() -> u64 {
    NEXT_GRID.fetch_add(1, Ordering::Relaxed)
}

impl Clone for Grid {
    fn clone(&self) -> Grid {
        Grid { codes: self.codes.clone(), id: new_id(), log: Vec::new(), ..*self }
    }
}

/// A grid as it was at one revision, read-only, that keeps the grid's identity, revision and
/// log of changes ([`Grid::snapshot`]): what a [`Searcher`](crate::search::Searcher) keeps of
/// the grid (its components, jump distances, HPA* clusters) serves the snapshot, and follows a
/// later snapshot of the same grid by its changed cells instead of being made again, as it
/// would for a copy. A snapshot can only be read, so its version names its cells exactly as
/// the grid's version did when it was taken; cloning a snapshot shares it, and cloning the
/// grid it reads as (`Grid::clone(&snapshot)`) makes a new grid with a new identity. Searches
/// on other threads take snapshots (the Bevy plugin's tasks do).
///
/// ```
/// use cubepath_search::grid::{Cell, Grid};
/// let mut grid = Grid::new(4, 4).unwrap();
/// let then = grid.snapshot();
/// assert_eq!(then.version(), grid.version());
/// grid.set(1, 1, Cell::Blocked).unwrap();
/// let now = grid.snapshot();
/// assert_eq!(now.changes_since(then.version()).unwrap().collect::<Vec<_>>(), [(1, 1)]);
/// assert!(then.is_passable(1, 1) && !now.is_passable(1, 1));
/// assert_ne!(Grid::clone(&now).version().0, grid.version().0); // a copy is another grid
/// ```
#[derive(Clone, Debug)]
pub struct Snapshot(Arc<Grid>);

/// A [`Snapshot`] taken a part at a time, for a thread that may not spend a whole copy at once
/// (a frame's budget: a 4096 x 4096 grid is 17 MB, about 12 ms to copy): begun with
/// [`Grid::snapshot_in_parts`], each [`SnapshotInParts::advance`] copies some more cells of the
/// grid as it is then, and the last one copies again the cells changed since it was begun, so
/// the snapshot is the grid as it is at the end.
///
/// ```
/// use cubepath_search::grid::{Cell, Grid};
/// let mut grid = Grid::new(100, 100).unwrap();
/// let mut parts = grid.snapshot_in_parts();
/// loop {
///     grid.set(3, 4, Cell::Blocked).unwrap(); // edits meanwhile
///     match parts.advance(&grid, 4_000) {
///         Ok(snapshot) => {
///             assert_eq!((snapshot.version(), snapshot.is_passable(3, 4)), (grid.version(), false));
///             break;
///         }
///         Err(more) => parts = more,
///     }
///     grid.set(3, 4, Cell::FLOOR).unwrap();
/// }
/// ```
pub struct SnapshotInParts {
    copy: Grid,
}

impl fmt::Debug for SnapshotInParts {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (c, total) = (&self.copy, (self.copy.width + 2) * (self.copy.height + 2));
        write!(f, "SnapshotInParts {{ grid: {:?}, copied: {} of {total} }}", (c.id, c.revision), c.codes.len())
    }
}

impl SnapshotInParts {
    /// Copies up to `cells` more cells (bytes of the padded grid) of `grid`, the grid it was
    /// begun from as it is now: the snapshot of `grid` as it is now once all are copied, else
    /// itself to go on with. Begins again when `grid` is another grid (or a copy), or has
    /// changed more than its log remembers ([`CHANGE_LOG`]) since it was begun.
    pub fn advance(mut self, grid: &Grid, cells: usize) -> Result<Snapshot, SnapshotInParts> {
        if grid.changes_since(self.copy.version()).is_none() {
            self = grid.snapshot_in_parts();
        }
        let c = &mut self.copy;
        let end = (c.codes.len() + cells.max(1)).min(grid.codes.len());
        c.codes.extend_from_slice(&grid.codes[c.codes.len()..end]);
        if end < grid.codes.len() {
            return Err(self);
        }
        // a cell changed since the copy was begun was copied before it changed or after: copied
        // again, it is as it is now either way
        grid.catch_up(c);
        Ok(Snapshot(Arc::new(self.copy)))
    }
}

impl std::ops::Deref for Snapshot {
    type Target = Grid;

    fn deref(&self) -> &Grid {
        &self.0
    }
}

impl From<Arc<Grid>> for Snapshot {
    /// Reads a shared grid as a snapshot (it is the grid itself, not a copy).
    fn from(grid: Arc<Grid>) -> Snapshot {
        Snapshot(grid)
    }
}

impl PartialEq for Grid {
    fn eq(&self, other: &Grid) -> bool {
        (self.width, self.height) == (other.width, other.height) && self.codes == other.codes
    }
}

impl Eq for Grid {}

impl fmt::Debug for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "Grid {} x {}", self.width, self.height)?;
        for y in 0..self.height {
            for x in 0..self.width {
                write!(f, "{}", self.get(x, y).expect("inside the grid").symbol())?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

impl Grid {
    /// An all-floor grid. Each side must be 1 to [`MAX_SIDE`].
    pub fn new(width: usize, height: usize) -> Result<Grid, GridError> {
        if width == 0 || height == 0 || width > MAX_SIDE || height > MAX_SIDE {
            return Err(GridError::BadSize { width, height });
        }
        let pw = width + 2;
        let mut codes = vec![BLOCKED; pw * (height + 2)];
        for y in 0..height {
            let row = (y + 1) * pw + 1;
            codes[row..row + width].fill(1);
        }
        Ok(Grid { width, height, codes, special: 0, weighted: 0, id: new_id(), revision: 0, log: Vec::new() })
    }

    /// Number of columns.
    pub fn width(&self) -> usize {
        self.width
    }

    /// Number of rows.
    pub fn height(&self) -> usize {
        self.height
    }

    /// The cell at column x, row y, or `None` off the grid.
    pub fn get(&self, x: usize, y: usize) -> Option<Cell> {
        (x < self.width && y < self.height).then(|| Cell::from_code(self.codes[self.index(x, y)]))
    }

    /// Whether (x, y) is on the grid and passable.
    pub fn is_passable(&self, x: usize, y: usize) -> bool {
        self.get(x, y).is_some_and(Cell::is_passable)
    }

    /// Sets the cell at (x, y). Ground weights are clamped to 1..=[`MAX_WEIGHT`].
    pub fn set(&mut self, x: usize, y: usize, cell: Cell) -> Result<(), GridError> {
        self.check(x, y)?;
        let i = self.index(x, y);
        let old = self.codes[i];
        let new = cell.code();
        if old != new {
            self.count(old, -1);
            self.count(new, 1);
            self.codes[i] = new;
            self.revision += 1;
            if self.log.is_empty() {
                self.log = vec![0; CHANGE_LOG];
            }
            self.log[(self.revision % CHANGE_LOG as u64) as usize] = i as u32;
        }
        Ok(())
    }

    fn count(&mut self, code: u8, delta: isize) {
        match code {
            SWAMP | WATER => self.special = self.special.wrapping_add_signed(delta),
            2..=9 => self.weighted = self.weighted.wrapping_add_signed(delta),
            _ => {}
        }
    }

    /// An error unless (x, y) is on the grid.
    pub fn check(&self, x: usize, y: usize) -> Result<(), GridError> {
        if x >= self.width || y >= self.height { Err(GridError::OffGrid { x, y, width: self.width, height: self.height }) } else { Ok(()) }
    }

    /// True when every passable cell is ground of weight 1 (what Jump Point Search needs).
    pub fn is_uniform(&self) -> bool {
        self.special == 0 && self.weighted == 0
    }

    /// Number of passable cells.
    pub fn passable_count(&self) -> usize {
        self.codes.iter().filter(|&&c| c != BLOCKED).count()
    }

    /// All cells row by row, top row first.
    pub fn cells(&self) -> impl Iterator<Item = ((usize, usize), Cell)> + '_ {
        (0..self.height)
            .flat_map(move |y| (0..self.width).map(move |x| (x, y)))
            .map(|(x, y)| ((x, y), Cell::from_code(self.codes[self.index(x, y)])))
    }

    /// This grid's identity and revision: equal pairs mean the same cells as when last seen.
    pub fn version(&self) -> (u64, u64) {
        (self.id, self.revision)
    }

    /// The grid as it is now, read-only, keeping its identity and revision (see [`Snapshot`]).
    pub fn snapshot(&self) -> Snapshot {
        Snapshot(Arc::new(Grid { codes: self.codes.clone(), log: self.log.clone(), ..*self }))
    }

    /// A snapshot of this grid to be copied a part at a time (see [`SnapshotInParts`]).
    pub fn snapshot_in_parts(&self) -> SnapshotInParts {
        SnapshotInParts { copy: Grid { codes: Vec::with_capacity(self.codes.len()), log: Vec::new(), ..*self } }
    }

    /// Brings an older snapshot of this grid to the grid as it is now, in place, copying only
    /// the cells changed since it was taken (a snapshot of a 4096 x 4096 grid copies 17 MB).
    /// Done only when nothing else holds the snapshot (no clone of it is alive: a snapshot is
    /// never changed under a reader) and this grid still remembers every change since (at most
    /// [`CHANGE_LOG`]); otherwise it is left as it was and the answer is `false`: take a new one
    /// with [`Grid::snapshot`]. A snapshot of another grid, or of a copy, is never refreshed.
    /// A snapshot of the grid as it is now is left alone, held or not, and the answer is `true`.
    ///
    /// ```
    /// use cubepath_search::grid::{Cell, Grid};
    /// let mut grid = Grid::new(64, 64).unwrap();
    /// let mut kept = grid.snapshot();
    /// grid.set(3, 4, Cell::Blocked).unwrap();
    /// assert!(grid.refresh(&mut kept));
    /// assert_eq!((kept.version(), kept.is_passable(3, 4)), (grid.version(), false));
    /// let reader = kept.clone(); // a task still reading it
    /// grid.set(3, 4, Cell::Ground(1)).unwrap();
    /// assert!(!grid.refresh(&mut kept));
    /// assert!(!reader.is_passable(3, 4)); // unchanged under its reader
    /// ```
    pub fn refresh(&self, snapshot: &mut Snapshot) -> bool {
        if snapshot.version() == self.version() {
            return true;
        }
        let Some(old) = Arc::get_mut(&mut snapshot.0) else { return false };
        if self.changes_since(old.version()).is_none() {
            return false;
        }
        self.catch_up(old);
        true
    }

    /// Brings `copy`, this grid's cells as they were at a revision whose changes since the log
    /// still holds (as [`Grid::changes_since`] tells), to the grid as it is now: each cell
    /// changed since copied again, and the revision, log and terrain counts taken over.
    fn catch_up(&self, copy: &mut Grid) {
        for r in copy.revision + 1..=self.revision {
            let i = self.log[(r % CHANGE_LOG as u64) as usize] as usize;
            copy.codes[i] = self.codes[i];
        }
        copy.log.clone_from(&self.log);
        (copy.revision, copy.special, copy.weighted) = (self.revision, self.special, self.weighted);
    }

    /// The cells changed since this grid was at `version` (one per change, so a cell changed
    /// twice comes twice), or `None` when `version` is another grid's or more than
    /// [`CHANGE_LOG`] changes ago: then what was kept of it must be made again.
    ///
    /// ```
    /// let mut grid = cubepath_search::grid::Grid::new(4, 4).unwrap();
    /// let then = grid.version();
    /// grid.set(2, 1, cubepath_search::grid::Cell::Blocked).unwrap();
    /// assert_eq!(grid.changes_since(then).unwrap().collect::<Vec<_>>(), [(2, 1)]);
    /// assert!(grid.clone().changes_since(then).is_none());
    /// ```
    pub fn changes_since(&self, version: (u64, u64)) -> Option<impl Iterator<Item = (usize, usize)> + '_> {
        let (id, then) = version;
        if id != self.id || then > self.revision || self.revision - then > CHANGE_LOG as u64 {
            return None;
        }
        Some((then + 1..=self.revision).map(|r| self.coords(self.log[(r % CHANGE_LOG as u64) as usize] as usize)))
    }

    /// Whether any cell is swamp or water (terrain classes that limit which cells connect).
    pub(crate) fn has_classes(&self) -> bool {
        self.special != 0
    }

    // --- padded-index helpers for the engine ---

    /// Width of the padded rows.
    #[inline]
    pub(crate) fn stride(&self) -> usize {
        self.width + 2
    }

    /// Length of the padded cell array.
    #[inline]
    pub(crate) fn padded_len(&self) -> usize {
        self.codes.len()
    }

    /// Padded index of (x, y); the caller checks bounds.
    #[inline]
    pub(crate) fn index(&self, x: usize, y: usize) -> usize {
        (y + 1) * self.stride() + x + 1
    }

    /// (x, y) of a padded index inside the grid.
    #[inline]
    pub(crate) fn coords(&self, i: usize) -> (usize, usize) {
        let s = self.stride();
        (i % s - 1, i / s - 1)
    }

    #[inline]
    pub(crate) fn codes(&self) -> &[u8] {
        &self.codes
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_are_checked() {
        assert!(Grid::new(0, 5).is_err());
        assert!(Grid::new(5, 0).is_err());
        assert!(Grid::new(MAX_SIDE + 1, 1).is_err());
        let g = Grid::new(1, 1).unwrap();
        assert_eq!(g.passable_count(), 1);
    }

    #[test]
    fn set_get_and_uniform() {
        let mut g = Grid::new(4, 3).unwrap();
        assert!(g.is_uniform());
        g.set(3, 2, Cell::Ground(3)).unwrap();
        assert!(!g.is_uniform());
        assert_eq!(g.get(3, 2), Some(Cell::Ground(3)));
        g.set(3, 2, Cell::FLOOR).unwrap();
        assert!(g.is_uniform());
        g.set(0, 0, Cell::Water).unwrap();
        assert!(!g.is_uniform());
        g.set(0, 0, Cell::Blocked).unwrap();
        assert!(g.is_uniform());
        assert_eq!(g.passable_count(), 11);
        assert_eq!(g.set(4, 0, Cell::Blocked), Err(GridError::OffGrid { x: 4, y: 0, width: 4, height: 3 }));
        let i = g.index(2, 1);
        assert_eq!(g.coords(i), (2, 1));
    }
}
