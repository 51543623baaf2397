//! Why Jump Point Search jumps, made visible: from one expanded cell, the lines JPS scans, the
//! jump points they stop at and the forced neighbours that stop them. Written apart from the
//! search's own (hot) code, from the same rules: 8 neighbours, no corner cutting, uniform costs.

use crate::grid::Pos;
use crate::grid::board::Grid;

/// One direction JPS looks in from a cell it expands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JumpScan {
    /// The direction, one step in x and y (each -1, 0 or 1).
    pub direction: (i8, i8),
    /// The cells the scan crossed, in order: it stops at a jump point, or after the last open
    /// cell before a barrier or the edge.
    pub cells: Vec<Pos>,
    /// Where it stopped at a jump point (the goal, a cell with a forced neighbour, or for a
    /// diagonal scan a cell whose straight scans found one).
    pub jump_point: Option<Pos>,
    /// The forced neighbours at the jump point: cells beside it that the way through it reaches
    /// best, so the search must stop there and look.
    pub forced: Vec<Pos>,
    /// For a diagonal scan, the straight scans from each of its cells (in x, then in y).
    pub branches: Vec<JumpScan>,
}

/// The scans JPS makes when it expands `pos`, reached from `parent` (`None` for the start: all
/// eight directions), searching for `goal` on `grid`.
///
/// ```
/// use cubepath_search::{grid::{Cell, Grid}, search::jump_scans};
/// // a wall with a gap: scanning right along the top row stops beside the wall's end
/// let mut grid = Grid::new(6, 3).unwrap();
/// grid.set(3, 1, Cell::Blocked).unwrap();
/// grid.set(3, 2, Cell::Blocked).unwrap();
/// let scans = jump_scans(&grid, (1, 0), Some((0, 0)), (5, 2));
/// assert_eq!(scans[0].jump_point, Some((4, 0)));
/// assert_eq!(scans[0].forced, vec![(4, 1)]);
/// ```
pub fn jump_scans(grid: &Grid, pos: Pos, parent: Option<Pos>, goal: Pos) -> Vec<JumpScan> {
    let open = |x: i64, y: i64| x >= 0 && y >= 0 && grid.is_passable(x as usize, y as usize);
    let at = (pos.0 as i64, pos.1 as i64);
    let mut dirs: Vec<(i64, i64)> = Vec::new();
    match parent {
        None => dirs.extend([(0, -1), (1, 0), (0, 1), (-1, 0), (1, -1), (1, 1), (-1, 1), (-1, -1)]),
        Some(p) => {
            let (dx, dy) = ((at.0 - p.0 as i64).signum(), (at.1 - p.1 as i64).signum());
            if dx != 0 && dy != 0 {
                dirs.extend([(dx, 0), (0, dy), (dx, dy)]);
            } else {
                dirs.push((dx, dy));
                // a side cell whose diagonal from the parent was cut off is forced
                for (sx, sy) in if dx != 0 { [(0, 1), (0, -1)] } else { [(1, 0), (-1, 0)] } {
                    if open(at.0 + sx, at.1 + sy) && !open(at.0 - dx + sx, at.1 - dy + sy) {
                        dirs.push((sx, sy));
                        dirs.push((dx + sx, dy + sy));
                    }
                }
            }
        }
    }
    dirs.into_iter().map(|d| if d.0 != 0 && d.1 != 0 { diagonal(&open, at, d, goal) } else { straight(&open, at, d, goal) }).collect()
}

fn pos((x, y): (i64, i64)) -> Pos {
    (x as usize, y as usize)
}

fn straight(open: &impl Fn(i64, i64) -> bool, from: (i64, i64), (dx, dy): (i64, i64), goal: Pos) -> JumpScan {
    let mut scan =
        JumpScan { direction: (dx as i8, dy as i8), cells: Vec::new(), jump_point: None, forced: Vec::new(), branches: Vec::new() };
    let (mut x, mut y) = from;
    // the two sides, across the direction
    let sides = if dx != 0 { [(0, 1), (0, -1)] } else { [(1, 0), (-1, 0)] };
    loop {
        (x, y) = (x + dx, y + dy);
        if !open(x, y) {
            return scan;
        }
        scan.cells.push(pos((x, y)));
        for (sx, sy) in sides {
            if open(x + sx, y + sy) && !open(x - dx + sx, y - dy + sy) {
                scan.forced.push(pos((x + sx, y + sy)));
            }
        }
        if pos((x, y)) == goal || !scan.forced.is_empty() {
            scan.jump_point = Some(pos((x, y)));
            return scan;
        }
    }
}

fn diagonal(open: &impl Fn(i64, i64) -> bool, from: (i64, i64), (dx, dy): (i64, i64), goal: Pos) -> JumpScan {
    let mut scan =
        JumpScan { direction: (dx as i8, dy as i8), cells: Vec::new(), jump_point: None, forced: Vec::new(), branches: Vec::new() };
    let (mut x, mut y) = from;
    loop {
        // no corner cutting: both cells beside the diagonal step must be open
        if !open(x + dx, y) || !open(x, y + dy) || !open(x + dx, y + dy) {
            return scan;
        }
        (x, y) = (x + dx, y + dy);
        scan.cells.push(pos((x, y)));
        if pos((x, y)) == goal {
            scan.jump_point = Some(pos((x, y)));
            return scan;
        }
        let along = [straight(open, (x, y), (dx, 0), goal), straight(open, (x, y), (0, dy), goal)];
        let found = along.iter().any(|s| s.jump_point.is_some());
        scan.branches.extend(along);
        if found {
            scan.jump_point = Some(pos((x, y)));
            return scan;
        }
    }
}
