//! Landmarks for the JPS+ that answers maps of scattered obstacles: the exact distance from a
//! few far-apart cells to every cell, so that a query's estimate can be the larger of the
//! octile distance and the differential heuristic (Goldberg and Harrelson's ALT, Sturtevant et
//! al.'s differential heuristics): by the triangle inequality no path from a cell to the goal
//! is shorter than the difference of their distances to any one landmark.
//!
//! Each cell's distances are kept beside its JPS+ jump distances in one record (32 bytes, two
//! to a cache line), so that the query reads one line where it would read two.
//!
//! Distances are kept in 16 bits, rounded down to multiples of `1 / scale` (the whole row of a
//! cell in one 32-byte read); an estimate takes one unit off the largest difference, so it
//! never exceeds the true distance however the two roundings fall. Rounding can make the
//! estimate inconsistent by up to one unit across a move, so the query reopens a closed cell
//! reached more cheaply (A* with an admissible estimate and reopening is optimal).

use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::f64::consts::SQRT_2;

use crate::grid::board::{DX, DY};
use crate::search::prepared::jps_plus::JumpTable;

/// Maps of more padded cells than this get no landmarks (their records would take 32 bytes a
/// cell: 64 MiB here): JPS+ then estimates by the octile distance alone.
pub(crate) const LANDMARK_CELLS: usize = 1 << 21;

/// How many landmarks a map gets.
pub(crate) const LANDMARKS: usize = 8;

/// One padded cell's JPS+ jump distances (as [`JumpTable::row`]) and its landmark distances.
#[derive(Clone, Copy, Debug)]
#[repr(C, align(32))]
pub(crate) struct Record {
    pub(crate) jumps: [i16; 8],
    pub(crate) dist: [u16; LANDMARKS],
}

/// A cell no path joins to the landmark.
const UNREACHED: u16 = u16::MAX;

/// The landmarks of one map: per padded cell, its distance from each, in units of
/// `1 / scale`.
#[derive(Clone, Debug)]
pub(crate) struct Landmarks {
    cells: Vec<Record>,
    /// Units a cell.
    scale: f64,
}

impl Landmarks {
    /// Picks the landmarks of the map whose padded cells are `free` (1) or blocked (0), rows
    /// `stride` long, farthest first: the first the cell farthest from the first free cell,
    /// each next the cell farthest from all chosen so far.
    pub(crate) fn new(free: &[u8], stride: usize, table: &JumpTable) -> Landmarks {
        let len = free.len();
        let Some(first) = free.iter().position(|&f| f == 1) else {
            let cells = (0..len).map(|i| Record { jumps: table.row(i), dist: [UNREACHED; LANDMARKS] }).collect();
            return Landmarks { cells, scale: 1.0 };
        };
        // the nearest landmark's distance, per cell: the next landmark is where it is largest
        let mut nearest = dijkstra(free, stride, first);
        let mut exact: Vec<Vec<f64>> = Vec::with_capacity(LANDMARKS);
        for _ in 0..LANDMARKS {
            let far = farthest(&nearest, first);
            let d = dijkstra(free, stride, far);
            for (n, &x) in nearest.iter_mut().zip(&d) {
                if x < *n || exact.is_empty() {
                    *n = x;
                }
            }
            exact.push(d);
        }
        let longest = exact.iter().flatten().copied().filter(|d| d.is_finite()).fold(1.0, f64::max);
        let scale = ((UNREACHED - 1) as f64 / longest).floor().max(1.0);
        let cells = (0..len)
            .map(|i| Record {
                jumps: table.row(i),
                dist: std::array::from_fn(|k| {
                    let d = exact[k][i];
                    if d.is_finite() { (d * scale).floor() as u16 } else { UNREACHED }
                }),
            })
            .collect();
        Landmarks { cells, scale }
    }

    /// Padded cell `i`'s record.
    #[inline(always)]
    pub(crate) fn at(&self, i: usize) -> &Record {
        &self.cells[i]
    }

    /// A lower bound on the distance between two cells from their landmark distances.
    #[inline]
    pub(crate) fn estimate(&self, here: &[u16; LANDMARKS], goal: &[u16; LANDMARKS]) -> f64 {
        let mut most = 0u16;
        for k in 0..LANDMARKS {
            most = most.max(here[k].abs_diff(goal[k]));
        }
        most.saturating_sub(1) as f64 / self.scale
    }

    /// Memory held, in bytes.
    pub(crate) fn bytes(&self) -> usize {
        self.cells.len() * std::mem::size_of::<Record>()
    }
}

/// The free cell with the largest finite distance (`fallback` when none is finite).
fn farthest(dist: &[f64], fallback: usize) -> usize {
    let mut best = (0.0, fallback);
    for (i, &d) in dist.iter().enumerate() {
        if d.is_finite() && d > best.0 {
            best = (d, i);
        }
    }
    best.1
}

/// Every padded cell's distance from `source` under the benchmark's rules (8 neighbours, no
/// corner cutting, costs 1 and the square root of 2); infinite where no path joins them.
fn dijkstra(free: &[u8], stride: usize, source: usize) -> Vec<f64> {
    let mut dist = vec![f64::INFINITY; free.len()];
    let mut open = BinaryHeap::new();
    dist[source] = 0.0;
    open.push(Reverse((0u64, source)));
    let offset: [isize; 8] = std::array::from_fn(|d| DX[d] + DY[d] * stride as isize);
    while let Some(Reverse((bits, i))) = open.pop() {
        let d = f64::from_bits(bits);
        if d > dist[i] {
            continue;
        }
        for k in 0..8 {
            let n = (i as isize + offset[k]) as usize;
            if free[n] == 0 {
                continue;
            }
            let step = if k < 4 {
                1.0
            } else {
                // no corner cutting: both cells beside the diagonal free
                let (a, b) = ((i as isize + DX[k]) as usize, (i as isize + DY[k] * stride as isize) as usize);
                if free[a] == 0 || free[b] == 0 {
                    continue;
                }
                SQRT_2
            };
            let nd = d + step;
            if nd < dist[n] {
                dist[n] = nd;
                open.push(Reverse((nd.to_bits(), n)));
            }
        }
    }
    dist
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::board::{Cell, Grid};

    /// The least cost from `goal` to every cell of `grid` by the benchmark's rules, written
    /// from them (8 neighbours, a diagonal only with both cells beside it open; costs 1 and
    /// the square root of 2), by rows of the grid (not padded): a Dijkstra apart from the
    /// module's own.
    fn truth(grid: &Grid, goal: (usize, usize)) -> Vec<f64> {
        let (w, h) = (grid.width() as isize, grid.height() as isize);
        let open = |x: isize, y: isize| x >= 0 && y >= 0 && x < w && y < h && grid.is_passable(x as usize, y as usize);
        let mut dist = vec![f64::INFINITY; (w * h) as usize];
        let mut heap = BinaryHeap::new();
        dist[goal.1 * w as usize + goal.0] = 0.0;
        heap.push(Reverse((0u64, goal.0 as isize, goal.1 as isize)));
        while let Some(Reverse((bits, x, y))) = heap.pop() {
            let d = f64::from_bits(bits);
            if d > dist[(y * w + x) as usize] {
                continue;
            }
            for (dx, dy) in [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)] {
                let (nx, ny) = (x + dx, y + dy);
                let diagonal = dx != 0 && dy != 0;
                if !open(nx, ny) || (diagonal && !(open(x + dx, y) && open(x, y + dy))) {
                    continue;
                }
                let nd = d + if diagonal { SQRT_2 } else { 1.0 };
                if nd < dist[(ny * w + nx) as usize] {
                    dist[(ny * w + nx) as usize] = nd;
                    heap.push(Reverse((nd.to_bits(), nx, ny)));
                }
            }
        }
        dist
    }

    /// The landmark estimate never exceeds the true cost between any two cells of a scattered
    /// map, however the two distances' rounding down to units falls: its margin of one unit is
    /// needed (half a unit overestimates pairs whose rounding falls apart by more than that).
    #[test]
    fn the_estimate_never_exceeds_the_true_cost_between_any_two_cells() {
        let (w, h) = (26, 22);
        let mut grid = Grid::new(w, h).unwrap();
        let mut seed = 12345u64;
        for y in 0..h {
            for x in 0..w {
                seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                if (seed >> 33) % 100 < 22 {
                    grid.set(x, y, Cell::Blocked).unwrap();
                }
            }
        }
        let stride = w + 2;
        let mut free = vec![0u8; stride * (h + 2)];
        for ((x, y), cell) in grid.cells() {
            free[(y + 1) * stride + x + 1] = u8::from(cell.is_passable());
        }
        let marks = Landmarks::new(&free, stride, &JumpTable::new(&grid));
        let padded = |(x, y): (usize, usize)| (y + 1) * stride + x + 1;
        let (mut pairs, mut worst) = (0, f64::NEG_INFINITY);
        let cells: Vec<(usize, usize)> = grid.cells().filter(|(_, c)| c.is_passable()).map(|(p, _)| p).collect();
        for &goal in &cells {
            let dist = truth(&grid, goal);
            for &cell in &cells {
                let d = dist[cell.1 * w + cell.0];
                if d.is_finite() {
                    let e = marks.estimate(&marks.at(padded(cell)).dist, &marks.at(padded(goal)).dist);
                    worst = worst.max(e - d);
                    pairs += 1;
                }
            }
        }
        assert!(pairs > 100_000, "{pairs} pairs");
        assert!(worst <= 1e-9, "the estimate exceeds the true cost by {worst}");
    }
}
