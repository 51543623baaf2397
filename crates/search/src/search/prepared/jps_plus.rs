//! JPS+ (Harabor and Grastien 2014; Rabin's formulation): for every cell and each of the 8
//! directions, the distance to the next jump point, or to the wall, computed ahead of the
//! searches; a query reads the table instead of scanning, and only checks whether the goal
//! lies within a jump.

use crate::grid::Pos;
use crate::grid::board::{BLOCKED, DX, DY, Grid};

/// Jump distances per padded cell and direction (the engine's direction order: N, S, W, E,
/// NW, NE, SW, SE). A positive `k`: a jump point `k` steps away; zero or a negative `-k`: `k`
/// free steps, then a wall (or a cut corner).
#[derive(Clone, Debug)]
pub(crate) struct JumpTable {
    dist: Vec<[i16; 8]>,
    /// The grid's identity and revision the table was made from.
    pub(crate) version: (u64, u64),
}

impl JumpTable {
    pub(crate) fn new(grid: &Grid) -> JumpTable {
        let (codes, stride) = (grid.codes(), grid.stride() as isize);
        let len = codes.len();
        let mut dist = vec![[0i16; 8]; len];
        // straight directions first: the diagonals read them; along each direction, the cell
        // farthest along it first: a cell's distance reads the next cell's
        for d in 0..8 {
            if DX[d] + DY[d] * stride > 0 {
                for i in (0..len).rev() {
                    dist[i][d] = entry(codes, stride, &dist, i, d);
                }
            } else {
                for i in 0..len {
                    dist[i][d] = entry(codes, stride, &dist, i, d);
                }
            }
        }
        JumpTable { dist, version: grid.version() }
    }

    /// Brings the table to `grid` as it is now, after the padded cells `flipped` changed
    /// (freed or blocked) since it was made or last repaired: the distances of the cells
    /// around each flipped one made again, then those that read a changed one (the cell behind
    /// along the same direction, and for a straight direction whose jump point appeared or
    /// went, the cells behind along the diagonals that read it), until one comes out as it
    /// was. Each direction's cells are taken farthest along it first, the straight directions
    /// before the diagonals, as [`JumpTable::new`] takes them, so every distance is made from
    /// final ones and the table ends as `new` would make it. Gives the padded cells whose
    /// distances changed.
    pub(crate) fn repair(&mut self, grid: &Grid, flipped: &[usize]) -> Vec<usize> {
        let (codes, stride) = (grid.codes(), grid.stride() as isize);
        let mut pending: [Vec<isize>; 8] = Default::default();
        for &x in flipped {
            for (dx, dy) in (-1..=1).flat_map(|dy| (-1..=1).map(move |dx| (dx, dy))) {
                let at = x as isize + dx + dy * stride;
                pending.iter_mut().for_each(|p| p.push(at));
            }
        }
        let mut changed = Vec::new();
        for d in 0..8 {
            let o = DX[d] + DY[d] * stride;
            // a max-heap on the key: the cell farthest along d first
            let key = |i: isize| if o > 0 { i } else { -i };
            let mut heap: std::collections::BinaryHeap<isize> = pending[d].drain(..).map(key).collect();
            let mut last = None;
            while let Some(k) = heap.pop() {
                if last.replace(k) == Some(k) {
                    continue;
                }
                let i = key(k);
                let (before, now) = (self.dist[i as usize][d], entry(codes, stride, &self.dist, i as usize, d));
                if now == before {
                    continue;
                }
                self.dist[i as usize][d] = now;
                changed.push(i as usize);
                heap.push(key(i - o));
                if d < 4 && (before > 0) != (now > 0) {
                    // the diagonals that go on in direction d read whether it has a jump point
                    for e in (4..8).filter(|&e| if DX[d] != 0 { DX[e] == DX[d] } else { DY[e] == DY[d] }) {
                        pending[e].push(i - DX[e] - DY[e] * stride);
                    }
                }
            }
        }
        self.version = grid.version();
        changed
    }

    /// The jump from padded cell `i`, at `pos`, in direction (dx, dy) read from the table: the
    /// goal when it lies within the jump (straight: on the line; diagonal: where the diagonal
    /// lines up with it), else the jump point, if any; with the number of steps to it.
    #[inline]
    pub(crate) fn jump(&self, i: isize, pos: Pos, goal: Pos, stride: usize, dx: isize, dy: isize) -> Option<(isize, usize)> {
        let k = self.dist[i as usize][direction_index(dx, dy)];
        let to_goal = (goal.0 as isize - pos.0 as isize, goal.1 as isize - pos.1 as isize);
        let m = jump_steps(k, to_goal, (dx, dy))?;
        Some((i + m * (dx + dy * stride as isize), m as usize))
    }

    /// The eight distances of padded cell `i`, in the engine's direction order.
    #[inline(always)]
    pub(crate) fn row(&self, i: usize) -> [i16; 8] {
        self.dist[i]
    }

    /// Starts loading cell `i`'s distances into cache.
    #[inline(always)]
    pub(crate) fn prefetch(&self, i: usize) {
        crate::search::core::open_list::prefetch(&self.dist, i);
    }

    /// Memory held, in bytes.
    pub(crate) fn bytes(&self) -> usize {
        self.dist.len() * std::mem::size_of::<[i16; 8]>()
    }
}

/// How many steps a jump whose table entry is `k` goes in direction `(dx, dy)`, the goal
/// `to_goal` away: to the goal when it lies within the jump (straight: on the line; diagonal:
/// where the diagonal lines up with it), else to the jump point, if any.
#[inline]
pub(crate) fn jump_steps(k: i16, (ddx, ddy): (isize, isize), (dx, dy): (isize, isize)) -> Option<isize> {
    let k = k as isize;
    let steps_to_goal = if dx != 0 && dy != 0 {
        // the goal lies in this diagonal's quadrant: where the diagonal lines up with it
        (ddx.signum() == dx && ddy.signum() == dy).then(|| ddx.abs().min(ddy.abs()))
    } else if dx != 0 {
        (ddy == 0 && ddx.signum() == dx).then_some(ddx.abs())
    } else {
        (ddx == 0 && ddy.signum() == dy).then_some(ddy.abs())
    };
    match steps_to_goal {
        Some(m) if m <= k.abs() => Some(m),
        _ if k > 0 => Some(k),
        _ => None,
    }
}

/// JPS+'s jump distances, made ahead of the searches, to look at: for a cell and each of the 8
/// directions, a positive `k` is a jump point `k` steps away; zero or `-k` is `k` free steps,
/// then a wall or a cut corner.
///
/// ```
/// use cubepath_search::{grid::{Cell, Grid}, search::JumpDistances};
/// let mut grid = Grid::new(5, 3).unwrap();
/// grid.set(2, 1, Cell::Blocked).unwrap();
/// let d = JumpDistances::new(&grid);
/// let east = d.at((0, 0)).unwrap()[2];
/// assert_eq!(east, 3); // (3, 0): beside the block's far side, a forced neighbour below it
/// ```
pub struct JumpDistances {
    table: JumpTable,
    grid: Grid,
}

impl JumpDistances {
    /// The distances of every cell of `grid`.
    pub fn new(grid: &Grid) -> JumpDistances {
        JumpDistances { table: JumpTable::new(grid), grid: grid.clone() }
    }

    /// The names of the directions, in the order [`JumpDistances::at`] gives them.
    pub const DIRECTIONS: [&'static str; 8] = ["N", "NE", "E", "SE", "S", "SW", "W", "NW"];

    /// The eight distances from `pos` (N, NE, E, SE, S, SW, W, NW); `None` off the grid or on
    /// a blocked cell.
    pub fn at(&self, pos: Pos) -> Option<[i16; 8]> {
        if !self.grid.is_passable(pos.0, pos.1) {
            return None;
        }
        let d = self.table.dist[self.grid.index(pos.0, pos.1)];
        let order = [(0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1)];
        Some(order.map(|(dx, dy)| d[direction_index(dx, dy)]))
    }
}

/// The distance of padded cell `i` in direction `d` (as [`JumpTable`] keeps it), from the
/// cells' codes and the distances already found of the cell one step along `d` (and, for a
/// diagonal, that cell's straight distances along the diagonal's two parts). A blocked cell's
/// is 0.
#[inline]
fn entry(codes: &[u8], stride: isize, dist: &[[i16; 8]], i: usize, d: usize) -> i16 {
    let open = |i: isize| codes[i as usize] != BLOCKED;
    let i = i as isize;
    if !open(i) {
        return 0;
    }
    let (dx, dy) = (DX[d], DY[d]);
    let n = i + dx + dy * stride;
    let step = if d < 4 {
        // the perpendicular sides: a forced neighbour at n is a side open at n and blocked
        // one step back
        let (a, b) = if dx != 0 { (stride, -stride) } else { (1, -1) };
        if !open(n) { None } else { Some((open(n + a) && !open(i + a)) || (open(n + b) && !open(i + b))) }
    } else if !(open(i + dx) && open(i + dy * stride) && open(n)) {
        None
    } else {
        let here = dist[n as usize];
        Some(here[direction_index(dx, 0)] > 0 || here[direction_index(0, dy)] > 0)
    };
    match step {
        None => 0,
        Some(true) => 1,
        Some(false) => {
            let next = dist[n as usize][d];
            if next > 0 { next + 1 } else { next - 1 }
        }
    }
}

/// The index of a direction (dx, dy), each -1 to 1 and not both 0, in the engine's order: a
/// table lookup, since queries read it for every jump.
#[inline]
fn direction_index(dx: isize, dy: isize) -> usize {
    const BY_OFFSET: [usize; 9] = [4, 0, 5, 2, usize::MAX, 3, 6, 1, 7];
    BY_OFFSET[((dy + 1) * 3 + dx + 1) as usize]
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A table repaired after each of many edits (single cells freed and blocked, bursts of
    /// rectangles, the board set back to how it began) holds exactly what a table made anew
    /// holds, on boards of scattered walls and of rooms.
    #[test]
    fn a_repaired_table_is_the_table_made_anew() {
        use crate::grid::board::Cell;
        let mut draw = crate::rng::xorshift(0x9e37_79b9_7f4a_7c15u64);
        let mut next = move |n: usize| (draw() % n as u64) as usize;
        let (mut checked, mut changed) = (0, 0);
        for (w, h, walls) in [(31, 23, 12), (40, 40, 30), (17, 45, 5)] {
            let mut grid = Grid::new(w, h).unwrap();
            for _ in 0..w * h * walls / 100 {
                grid.set(next(w), next(h), Cell::Blocked).unwrap();
            }
            // a room, so that long runs and walls meet
            for k in 2..w.min(h) - 2 {
                grid.set(k, 2, Cell::Blocked).unwrap();
                grid.set(2, k, Cell::Blocked).unwrap();
            }
            let first = grid.clone();
            let mut table = JumpTable::new(&grid);
            for round in 0..120 {
                let mut flipped = Vec::new();
                let mut put = |grid: &mut Grid, x: usize, y: usize, blocked: bool| {
                    if grid.is_passable(x, y) == blocked {
                        flipped.push(grid.index(x, y));
                        grid.set(x, y, if blocked { Cell::Blocked } else { Cell::FLOOR }).unwrap();
                    }
                };
                match round % 10 {
                    9 => {
                        let (x, y, rw, rh, b) = (next(w), next(h), 1 + next(6), 1 + next(6), next(2) == 0);
                        for (xx, yy) in (x..(x + rw).min(w)).flat_map(|xx| (y..(y + rh).min(h)).map(move |yy| (xx, yy))) {
                            put(&mut grid, xx, yy, b);
                        }
                    }
                    4 if round % 40 == 4 => {
                        for ((x, y), c) in first.cells() {
                            put(&mut grid, x, y, !c.is_passable());
                        }
                    }
                    _ => {
                        let (x, y) = (next(w), next(h));
                        let b = grid.is_passable(x, y);
                        put(&mut grid, x, y, b);
                    }
                }
                changed += table.repair(&grid, &flipped).len();
                let fresh = JumpTable::new(&grid);
                assert!(table.dist == fresh.dist, "{w} x {h}, edit {round}: the repaired table differs");
                assert_eq!(table.version, grid.version());
                checked += 1;
            }
        }
        assert!(checked == 360 && changed > 10_000, "{checked} edits, {changed} distances changed");
    }

    #[test]
    fn direction_index_follows_the_engine_order() {
        for d in 0..8 {
            assert_eq!(direction_index(DX[d], DY[d]), d);
        }
    }
}
