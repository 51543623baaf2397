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
        let codes = grid.codes();
        let stride = grid.stride() as isize;
        let len = codes.len();
        let open = |i: isize| codes[i as usize] != BLOCKED;
        let mut dist = vec![[0i16; 8]; len];
        // straight directions first: the diagonals read them
        for d in 0..8 {
            let (dx, dy) = (DX[d], DY[d]);
            let o = dx + dy * stride;
            let order: Box<dyn Iterator<Item = usize>> = if o > 0 { Box::new((0..len).rev()) } else { Box::new(0..len) };
            for i in order {
                let i = i as isize;
                if !open(i) {
                    continue;
                }
                let n = i + o;
                let step = if d < 4 {
                    // the perpendicular sides: a forced neighbour at n is a side open at n
                    // and blocked one step back
                    let (a, b) = if dx != 0 { (stride, -stride) } else { (1, -1) };
                    if !open(n) {
                        None
                    } else if (open(n + a) && !open(i + a)) || (open(n + b) && !open(i + b)) {
                        Some(true)
                    } else {
                        Some(false)
                    }
                } else {
                    let (x_dir, y_dir) = (direction_index(dx, 0), direction_index(0, dy));
                    if !(open(i + dx) && open(i + dy * stride) && open(n)) {
                        None
                    } else {
                        let here = dist[n as usize];
                        Some(here[x_dir] > 0 || here[y_dir] > 0)
                    }
                };
                dist[i as usize][d] = match step {
                    None => 0,
                    Some(true) => 1,
                    Some(false) => {
                        let next = dist[n as usize][d];
                        if next > 0 { next + 1 } else { next - 1 }
                    }
                };
            }
        }
        JumpTable { dist, version: grid.version() }
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

    #[test]
    fn direction_index_follows_the_engine_order() {
        for d in 0..8 {
            assert_eq!(direction_index(DX[d], DY[d]), d);
        }
    }
}
