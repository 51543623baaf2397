//! Line of sight between cell centres, and what is built on it without searching: segment
//! lengths, the cells a segment touches, string pulling of a grid path.
//!
//! Line of sight: the segment between two cell centres sees through when every cell whose
//! closed square it touches is passable. That is the straight generalisation of "no corner
//! cutting": a diagonal step touches the corners of its two side cells, so it needs both.

use crate::grid::Pos;
use crate::grid::board::{BLOCKED, Grid};

/// Whether the segment between the centres of `a` and `b` touches only passable cells (every
/// cell whose closed square it meets, corners included). `false` when either end is off the
/// grid or blocked.
///
/// ```
/// use cubepath_search::grid::{Cell, Grid, line_of_sight};
/// let mut grid = Grid::new(4, 4).unwrap();
/// grid.set(1, 1, Cell::Blocked).unwrap();
/// assert!(line_of_sight(&grid, (0, 0), (3, 0)));
/// assert!(!line_of_sight(&grid, (0, 0), (3, 3))); // through the middle of (1, 1)
/// assert!(!line_of_sight(&grid, (0, 1), (1, 0))); // touches the corner of (1, 1)
/// assert!(line_of_sight(&grid, (0, 3), (3, 2)));
/// ```
pub fn line_of_sight(grid: &Grid, a: Pos, b: Pos) -> bool {
    if a.0 >= grid.width() || a.1 >= grid.height() || b.0 >= grid.width() || b.1 >= grid.height() {
        return false;
    }
    let codes = grid.codes();
    sight(grid, codes, a, b)
}

/// Line of sight on codes (uniform grids: blocked or not), both ends on the grid.
pub(crate) fn sight(grid: &Grid, codes: &[u8], a: Pos, b: Pos) -> bool {
    touching(a, b, grid.height(), |x, y| codes[grid.index(x, y)] != BLOCKED)
}

/// The cells whose closed squares the segment between the centres of `a` and `b` touches
/// (corners included), on a grid `height` rows tall: what must be passable for
/// [`line_of_sight`], and what a walker on the segment may be said to occupy.
///
/// ```
/// use cubepath_search::grid::touched_cells;
/// let mut cells = touched_cells((0, 0), (1, 1), 5);
/// cells.sort();
/// assert_eq!(cells, vec![(0, 0), (0, 1), (1, 0), (1, 1)]); // the diagonal touches both side cells
/// ```
pub fn touched_cells(a: Pos, b: Pos, height: usize) -> Vec<Pos> {
    let mut cells = Vec::new();
    touching(a, b, height, |x, y| {
        cells.push((x, y));
        true
    });
    cells
}

/// Calls `visit` on each cell the segment touches, column by column, while it returns true;
/// returns whether every call did.
fn touching(a: Pos, b: Pos, height: usize, mut visit: impl FnMut(usize, usize) -> bool) -> bool {
    // Doubled coordinates: centres are odd integers, cell x spans [2x, 2x + 2].
    let (a, b) = if a.0 <= b.0 { (a, b) } else { (b, a) };
    let (x0, y0) = (2 * a.0 as i64 + 1, 2 * a.1 as i64 + 1);
    let (x1, y1) = (2 * b.0 as i64 + 1, 2 * b.1 as i64 + 1);
    let dx = x1 - x0;
    if dx == 0 {
        return (a.1.min(b.1)..=a.1.max(b.1)).all(|y| visit(a.0, y));
    }
    let dy = y1 - y0;
    // y at doubled x, times dx: y0 * dx + (x - x0) * dy
    let num = |x: i64| y0 * dx + (x - x0) * dy;
    for cx in a.0..=b.0 {
        // the part of the segment over column cx (closed), its y range (times dx)
        let xa = (2 * cx as i64).max(x0);
        let xb = (2 * cx as i64 + 2).min(x1);
        let (n0, n1) = (num(xa), num(xb));
        let (lo, hi) = (n0.min(n1), n0.max(n1));
        // cells cy with [2cy, 2cy + 2] * dx meeting [lo, hi]
        let first = (lo - 2 * dx).div_euclid(2 * dx) + i64::from((lo - 2 * dx).rem_euclid(2 * dx) != 0);
        let last = hi.div_euclid(2 * dx);
        for cy in first.max(0)..=last.min(height as i64 - 1) {
            if !visit(cx, cy as usize) {
                return false;
            }
        }
    }
    true
}

/// The Euclidean distance between two cell centres.
pub(crate) fn euclid(a: Pos, b: Pos) -> f64 {
    let (dx, dy) = (a.0.abs_diff(b.0) as f64, a.1.abs_diff(b.1) as f64);
    (dx * dx + dy * dy).sqrt()
}

/// The length of a path of turning points: the sum of its segments' Euclidean lengths.
///
/// ```
/// assert_eq!(cubepath_search::grid::polyline_length(&[(0, 0), (3, 4), (3, 5)]), 6.0);
/// ```
pub fn polyline_length(points: &[Pos]) -> f64 {
    points.windows(2).map(|w| euclid(w[0], w[1])).sum()
}

/// String pulling: the turning points of `path` (a grid path of legal moves, or any path whose
/// consecutive points see each other) with every point dropped that the point before it can
/// skip, going greedily from the start to the farthest point still in sight. Each segment of
/// the result has [`line_of_sight`]; its [`polyline_length`] is never more than the path's.
///
/// ```
/// use cubepath_search::grid::{Grid, string_pull};
/// let grid = Grid::new(5, 3).unwrap();
/// let staircase = [(0, 0), (1, 0), (2, 0), (3, 1), (4, 2)];
/// assert_eq!(string_pull(&grid, &staircase), vec![(0, 0), (4, 2)]);
/// ```
pub fn string_pull(grid: &Grid, path: &[Pos]) -> Vec<Pos> {
    let Some(&first) = path.first() else { return Vec::new() };
    let mut out = vec![first];
    let mut anchor = 0;
    while anchor + 1 < path.len() {
        // the farthest point in sight of the anchor (the next one always is)
        let mut next = anchor + 1;
        for k in (anchor + 2..path.len()).rev() {
            if line_of_sight(grid, path[anchor], path[k]) {
                next = k;
                break;
            }
        }
        out.push(path[next]);
        anchor = next;
    }
    out
}

/// The cells an any-angle path passes over, for showing it on a board: along each segment from
/// centre to centre, one cell per step of the longer axis (Bresenham's line), so consecutive
/// cells are neighbours (straight or diagonal). The turning points are among them, in order.
///
/// ```
/// use cubepath_search::grid::cells_along;
/// assert_eq!(cells_along(&[(0, 0), (4, 2)]), vec![(0, 0), (1, 0), (2, 1), (3, 1), (4, 2)]);
/// assert_eq!(cells_along(&[(4, 2), (0, 0), (0, 2)]), vec![(4, 2), (3, 2), (2, 1), (1, 1), (0, 0), (0, 1), (0, 2)]);
/// ```
pub fn cells_along(points: &[Pos]) -> Vec<Pos> {
    let mut cells: Vec<Pos> = points.first().copied().into_iter().collect();
    for w in points.windows(2) {
        let (a, b) = ((w[0].0 as i64, w[0].1 as i64), (w[1].0 as i64, w[1].1 as i64));
        let (dx, dy) = (b.0 - a.0, b.1 - a.1);
        let n = dx.abs().max(dy.abs());
        for k in 1..=n {
            // the nearest cell to the segment at step k, ties rounded towards the start's side
            let at = |from: i64, d: i64| from + d.signum() * ((2 * d.abs() * k + n - 1) / (2 * n));
            cells.push((at(a.0, dx) as usize, at(a.1, dy) as usize));
        }
    }
    cells
}
