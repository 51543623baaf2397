//! JPS+ over a prepared map's jump table, with landmarks for its estimate: the search that
//! answers the maps [`Prepared::uses_jump_table`] gives no subgoal graph (scattered obstacles).
//!
//! The same jumps and successors as the engine's stepping JPS+, so the same optimal costs, on
//! the same open list, with two differences:
//! - The estimate is the larger of the octile distance and the landmarks' differential
//!   heuristic (see [`super::landmarks`]): on random512-10 it expands 1,178 cells a query
//!   where the octile distance alone expands 1,854. Each cell's jump distances sit beside its
//!   landmark distances, so the record an estimate reads is the one the expansion reads.
//! - A closed cell reached more cheaply is opened again: the landmarks' rounding can make the
//!   estimate inconsistent by about a hundredth of a cell (on a 512 x 512 map), and A* with an
//!   admissible estimate that reopens cells returns an optimal path.
//!
//! Tried and dropped on the way (2026-12-05), each as fast within this machine's noise: the
//! open list in buckets one unit of f wide with the landmarks read only when an entry's bucket
//! came up, the cells reached in a small hash table instead of an array over the map, the
//! turning points of diagonals expanded in place (686 expansions a query), each expansion's
//! records fetched together before any was read.

use std::f64::consts::SQRT_2;

use super::Prepared;
use super::landmarks::Landmarks;
use crate::grid::Pos;
use crate::grid::board::{DX, DY};
use crate::grid::rules::CostModel;
use crate::search::core::open_list::{Entry, IndexedHeap, Node, fill_runs, parent_chain};
use crate::search::core::types::SearchResult;
use crate::search::prepared::jps_plus::{JumpTable, jump_steps};

/// The buffers a query works in, kept from one query to the next: per padded cell its node
/// (`mark`: the query that last reached it in bits 5 and up, the direction it was reached in
/// in bits 1 to 4, 8 for the start, and whether it is closed in bit 0), and the open list.
#[derive(Default)]
pub(crate) struct JumpScratch {
    nodes: Vec<Node>,
    open: IndexedHeap,
    query: u32,
}

impl JumpScratch {
    fn reset(&mut self, cells: usize, stride: usize) {
        if self.nodes.len() != cells || self.query >= u32::MAX >> 5 {
            self.nodes = vec![Node::default(); cells];
            self.query = 0;
        }
        self.query += 1;
        self.open.reset(cells, stride);
    }
}

/// For a straight direction (N, S, W, E), its two sides: each side's direction and the
/// diagonal between the direction and that side.
const SIDES: [[(usize, usize); 2]; 4] = [[(2, 4), (3, 5)], [(2, 6), (3, 7)], [(0, 4), (1, 6)], [(0, 5), (1, 7)]];

/// For a diagonal (NW, NE, SW, SE), the directions it goes on in: its two straight parts and
/// itself, as bits.
const DIAGONAL_NEXT: [u8; 4] = [1 | 1 << 2 | 1 << 4, 1 | 1 << 3 | 1 << 5, 1 << 1 | 1 << 2 | 1 << 6, 1 << 1 | 1 << 3 | 1 << 7];

/// The octile distance between two cells.
#[inline]
fn octile(x: isize, y: isize, gx: isize, gy: isize) -> f64 {
    let (a, b) = ((x - gx).abs(), (y - gy).abs());
    let (lo, hi) = (a.min(b), a.max(b));
    (hi - lo) as f64 + lo as f64 * SQRT_2
}

impl Prepared {
    /// JPS+ from `start` to `goal` (free cells of this map, checked by the caller) over `table`,
    /// its estimate raised by `marks` when given (whose records then hold the jumps too).
    // Long: the search loop; its expansion shares the loop's locals on every jump point.
    pub(crate) fn search_jumps(
        &self,
        table: &JumpTable,
        marks: Option<&Landmarks>,
        start: Pos,
        goal: Pos,
        s: &mut JumpScratch,
    ) -> SearchResult {
        let stride = self.stride;
        let mut result = SearchResult { path: None, cost: None, expanded: 0, pushed: 1, improved: 0, admissible: true, stopped: false };
        s.reset(self.free.len(), stride);
        let q = s.query;
        let index = |x: usize, y: usize| (y + 1) * stride + x + 1;
        let (gx, gy) = (goal.0 as isize, goal.1 as isize);
        let goal_i = index(goal.0, goal.1);
        let goal_marks = marks.map(|m| m.at(goal_i).dist);
        // the whole estimate of cell `i` at (x, y)
        let estimate = |x: isize, y: isize, i: usize| {
            let o = octile(x, y, gx, gy);
            match (marks, &goal_marks) {
                (Some(m), Some(goal)) => o.max(m.estimate(&m.at(i).dist, goal)),
                _ => o,
            }
        };
        let offset: [isize; 8] = std::array::from_fn(|d| DX[d] + DY[d] * stride as isize);
        let step_cost: [f64; 8] = std::array::from_fn(|d| if d < 4 { 1.0 } else { SQRT_2 });
        let start_i = index(start.0, start.1);
        let (nodes, open) = (&mut s.nodes, &mut s.open);
        nodes[start_i] = Node { g: 0.0, parent: start_i as u32, mark: q << 5 | 8 << 1 };
        open.push(nodes, Entry::new(estimate(start.0 as isize, start.1 as isize, start_i), 0.0, start_i as u32));
        let free = &self.free;
        let found = loop {
            let Some(entry) = open.pop(nodes) else { break false };
            let i = entry.idx() as usize;
            let Node { g: g_here, mark, .. } = nodes[i];
            nodes[i].mark = mark | 1;
            result.expanded += 1;
            if i == goal_i {
                break true;
            }
            let (x, y) = (i % stride - 1, i / stride - 1);
            let dir = (mark >> 1 & 0xf) as usize;
            let mut next: u8 = match dir {
                8 => 0xff,
                0..4 => {
                    let mut bits = 1 << dir;
                    let back = i as isize - offset[dir];
                    for (side, diagonal) in SIDES[dir] {
                        let o = offset[side];
                        // a side cell whose diagonal from the cell behind was cut off is forced
                        if free[(i as isize + o) as usize] != 0 && free[(back + o) as usize] == 0 {
                            bits |= 1 << side | 1 << diagonal;
                        }
                    }
                    bits
                }
                _ => DIAGONAL_NEXT[dir - 4],
            };
            let row = match marks {
                Some(m) => m.at(i).jumps,
                None => table.row(i),
            };
            let (ddx, ddy) = (gx - x as isize, gy - y as isize);
            while next != 0 {
                let d = next.trailing_zeros() as usize;
                next &= next - 1;
                let (dx, dy) = (DX[d], DY[d]);
                let Some(m) = jump_steps(row[d], (ddx, ddy), (dx, dy)) else { continue };
                let j = (i as isize + m * offset[d]) as usize;
                let g = g_here + m as f64 * step_cost[d];
                let known = nodes[j];
                let seen = known.mark >> 5 == q;
                // a closed cell is opened again when reached more cheaply (costs that truly
                // differ differ by far more than the 1e-9 kept for floating point's last bits)
                if seen && g >= known.g - 1e-9 {
                    continue;
                }
                nodes[j] = Node { g, parent: i as u32, mark: q << 5 | (d as u32) << 1 };
                let e = Entry::new(g + estimate(x as isize + m * dx, y as isize + m * dy, j), g, j as u32);
                if seen && known.mark & 1 == 0 {
                    result.improved += 1;
                    open.raise(e);
                } else {
                    result.pushed += usize::from(!seen);
                    result.improved += usize::from(seen);
                    open.push(nodes, e);
                }
            }
        };
        if found {
            let at = |i: usize| (i % stride - 1, i / stride - 1);
            let (path, straights, diagonals) = fill_runs(&parent_chain(nodes, start_i as u32, goal_i as u32), at, true);
            result.cost = Some(CostModel::Exact.total(straights, diagonals));
            result.path = Some(path);
        }
        result
    }
}
