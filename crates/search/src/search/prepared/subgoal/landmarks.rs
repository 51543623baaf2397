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
