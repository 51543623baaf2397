//! JPS+ over a prepared map's jump table, with landmarks for its estimate: the search that
//! answers the maps [`Prepared::uses_jump_table`] gives no subgoal graph (scattered obstacles).
//!
//! The same jumps and successors as the engine's stepping JPS+, so the same optimal costs, with
//! four differences that make it faster there:
//! - The estimate is the larger of the octile distance and the landmarks' differential
//!   heuristic (see [`super::landmarks`]): on random512-10 it expands 1,178 cells a query
//!   where the octile distance alone expands 1,854.
//! - The cells reached are kept in a small hash table, not in an array over the whole map.
//! - The open list holds entries in buckets one unit of f wide; only the bucket being taken
//!   from is a heap. An entry is put in its bucket by the octile estimate alone, and its
//!   landmarks are read when its bucket comes up: an entry never taken never reads them.
//! - A closed cell reached more cheaply is opened again: the landmarks' rounding can make the
//!   estimate inconsistent by about a hundredth of a cell (on a 512 x 512 map), and A* with an admissible estimate that
//!   reopens cells returns an optimal path.

use std::collections::BinaryHeap;
use std::f64::consts::SQRT_2;

use super::Prepared;
use super::landmarks::Landmarks;
use crate::grid::Pos;
use crate::grid::board::{DX, DY};
use crate::grid::rules::CostModel;
use crate::search::jps_plus::JumpTable;
use crate::search::open_list::Entry;
use crate::search::types::SearchResult;

/// A cell the query has reached: its padded index, in `mark` the query that reached it (bits 5
/// and up), the direction it was reached in (bits 1 to 4; 8 for the start) and whether it is
/// closed (bit 0); its best cost so far and the cell it was reached from.
#[derive(Clone, Copy, Default)]
struct Node {
    cell: u32,
    mark: u32,
    g: f64,
    parent: u32,
}

/// The cells a query has reached, in a small open-addressing table rather than an array over
/// the whole map: a query reaches a few thousand cells, and the table stays in cache where an
/// array's entries would each cost a miss. A slot is free when another query marked it.
#[derive(Default)]
struct Reached {
    slots: Vec<Node>,
    /// Slots in use in this query.
    used: usize,
}

impl Reached {
    fn reset(&mut self) {
        if self.slots.is_empty() {
            self.slots = vec![Node::default(); 1 << 12];
        }
        self.used = 0;
    }

    /// The slot of `cell` in query `q` (`mark >> 5`), and whether the cell is there (else the
    /// slot is free for it).
    #[inline]
    fn find(&self, cell: u32, q: u32) -> (usize, bool) {
        let mask = self.slots.len() - 1;
        let mut at = (cell.wrapping_mul(0x9e37_79b1) as usize >> 8) & mask;
        loop {
            let slot = &self.slots[at];
            if slot.mark >> 5 != q {
                return (at, false);
            }
            if slot.cell == cell {
                return (at, true);
            }
            at = (at + 1) & mask;
        }
    }

    /// Puts `node` in free slot `at`, growing the table when it is half full.
    #[inline]
    fn insert(&mut self, at: usize, node: Node) {
        self.slots[at] = node;
        self.used += 1;
        if self.used * 2 > self.slots.len() {
            let q = node.mark >> 5;
            let bigger = vec![Node::default(); self.slots.len() * 2];
            let old = std::mem::replace(&mut self.slots, bigger);
            for n in old.into_iter().filter(|n| n.mark >> 5 == q) {
                let (at, _) = self.find(n.cell, q);
                self.slots[at] = n;
            }
        }
    }

    /// The node of a cell the query has reached.
    #[inline]
    fn get(&self, cell: usize, q: u32) -> Option<&Node> {
        let (at, here) = self.find(cell as u32, q);
        here.then(|| &self.slots[at])
    }
}

/// The buffers a query works in, kept from one query to the next.
#[derive(Default)]
pub(crate) struct JumpScratch {
    nodes: Reached,
    open: Buckets,
    query: u32,
}

/// An entry whose f is the octile estimate's, its landmarks not read yet.
const LAZY: u32 = 1 << 24;

/// The open list: entries in buckets one unit of f wide from `base`; the bucket being taken
/// from, `current`, and every entry whose f falls at or below it, in `heap`.
#[derive(Default)]
struct Buckets {
    buckets: Vec<Vec<Entry>>,
    base: f64,
    current: usize,
    /// Buckets past this one are empty.
    used: usize,
    heap: BinaryHeap<Entry>,
}

impl Buckets {
    fn reset(&mut self, base: f64) {
        for b in self.buckets.iter_mut().take(self.used) {
            b.clear();
        }
        self.heap.clear();
        (self.base, self.current, self.used) = (base, 0, 0);
    }

    /// The bucket of an entry with this f.
    #[inline]
    fn bucket(&self, f: f64) -> usize {
        (f - self.base).max(0.0) as usize
    }

    /// Puts `e`, in bucket `k`, on the list.
    #[inline]
    fn push(&mut self, e: Entry, k: usize) {
        if k <= self.current {
            self.heap.push(e);
        } else {
            if k >= self.buckets.len() {
                self.buckets.resize_with(k + 1, Vec::new);
            }
            self.buckets[k].push(e);
            self.used = self.used.max(k + 1);
        }
    }

    /// The entry of least f (then largest g), each lazy entry's f made whole by `resolve` when
    /// its bucket comes up (or the entry dropped, when `resolve` says it is stale).
    #[inline]
    fn pop(&mut self, mut resolve: impl FnMut(Entry) -> Option<(Entry, f64)>) -> Option<Entry> {
        loop {
            if let Some(e) = self.heap.pop() {
                return Some(e);
            }
            self.current += 1;
            if self.current >= self.used {
                return None;
            }
            let mut taken = std::mem::take(&mut self.buckets[self.current]);
            for e in taken.drain(..) {
                if e.idx() & LAZY == 0 {
                    self.heap.push(e);
                } else if let Some((e, f)) = resolve(e) {
                    self.push(e, self.bucket(f));
                }
            }
            self.buckets[self.current] = taken;
        }
    }
}

impl JumpScratch {
    fn reset(&mut self) {
        if self.query >= u32::MAX >> 5 {
            self.nodes.slots.clear();
            self.query = 0;
        }
        self.nodes.reset();
        self.query += 1;
    }
}

/// An open entry's cell, in the entry's 32 bits: x in bits 0 to 11, y in 12 to 23 (sides are
/// at most 4,096), then [`LAZY`].
#[inline]
fn pack(x: usize, y: usize) -> u32 {
    (x | y << 12) as u32
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
        s.reset();
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
        let f = estimate(start.0 as isize, start.1 as isize, start_i);
        let (at, _) = s.nodes.find(start_i as u32, q);
        s.nodes.insert(at, Node { cell: start_i as u32, mark: q << 5 | 8 << 1, g: 0.0, parent: start_i as u32 });
        s.open.reset(f.floor());
        s.open.push(Entry::new(f, 0.0, pack(start.0, start.1)), 0);
        let nodes = &mut s.nodes;
        let open = &mut s.open;
        let free = &self.free;
        let found = loop {
            // a lazy entry's estimate made whole, unless its cell was closed or reached more
            // cheaply since (then another entry stands for it)
            let resolve = |e: Entry| {
                let packed = e.idx() & !LAZY;
                let (x, y) = ((packed & 0xfff) as usize, (packed >> 12) as usize);
                let i = index(x, y);
                let node = nodes.get(i, q).expect("an entry's cell was reached");
                if node.mark & 1 == 1 || (node.g.to_bits() >> 32) as u32 != e.g_bits() {
                    return None;
                }
                let f = node.g + estimate(x as isize, y as isize, i);
                Some((Entry::new(f, node.g, packed), f))
            };
            let Some(entry) = open.pop(resolve) else { break false };
            let packed = entry.idx() as usize;
            let (x, y) = (packed & 0xfff, packed >> 12 & 0xfff);
            let i = index(x, y);
            let (slot, _) = nodes.find(i as u32, q);
            let Node { mark, g: g_here, .. } = nodes.slots[slot];
            if mark & 1 == 1 {
                continue; // a stale entry: the cell was reached more cheaply and expanded
            }
            nodes.slots[slot].mark = mark | 1;
            result.expanded += 1;
            if i == goal_i {
                break true;
            }
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
                let k = row[d] as isize;
                let (dx, dy) = (DX[d], DY[d]);
                let to_goal = if d >= 4 {
                    (ddx.signum() == dx && ddy.signum() == dy).then(|| ddx.abs().min(ddy.abs()))
                } else if dx != 0 {
                    (ddy == 0 && ddx.signum() == dx).then_some(ddx.abs())
                } else {
                    (ddx == 0 && ddy.signum() == dy).then_some(ddy.abs())
                };
                let m = match to_goal {
                    Some(m) if m <= k.abs() => m,
                    _ if k > 0 => k,
                    _ => continue,
                };
                let j = (i as isize + m * offset[d]) as usize;
                let g = g_here + m as f64 * step_cost[d];
                let (slot, seen) = nodes.find(j as u32, q);
                let node = Node { cell: j as u32, mark: q << 5 | (d as u32) << 1, g, parent: i as u32 };
                if seen {
                    // open or closed: a closed cell is opened again when reached more cheaply
                    // (costs that truly differ differ by far more than the 1e-9 kept for
                    // floating point's last bits)
                    if g >= nodes.slots[slot].g - 1e-9 {
                        continue;
                    }
                    result.improved += 1;
                    nodes.slots[slot] = node;
                } else {
                    result.pushed += 1;
                    nodes.insert(slot, node);
                }
                match marks {
                    Some(m) => m.prefetch(j),
                    None => table.prefetch(j),
                }
                let (jx, jy) = (x as isize + m * dx, y as isize + m * dy);
                let f = g + octile(jx, jy, gx, gy);
                let k = open.bucket(f);
                if marks.is_none() || k > open.current {
                    open.push(Entry::new(f, g, pack(jx as usize, jy as usize) | if marks.is_some() { LAZY } else { 0 }), k);
                } else {
                    let f = g + estimate(jx, jy, j);
                    open.push(Entry::new(f, g, pack(jx as usize, jy as usize)), open.bucket(f));
                }
            }
        };
        if found {
            let (path, straights, diagonals) = self.jump_path(nodes, q, start_i, goal_i);
            result.cost = Some(CostModel::Exact.total(straights, diagonals));
            result.path = Some(path);
        }
        result
    }

    /// The cells from the start to the goal along the jump points' parents, with the number of
    /// straight and diagonal moves.
    fn jump_path(&self, nodes: &Reached, q: u32, start_i: usize, goal_i: usize) -> (Vec<Pos>, u64, u64) {
        let stride = self.stride;
        let at = |i: usize| (i % stride - 1, i / stride - 1);
        let mut turns = vec![goal_i];
        let mut i = goal_i;
        while i != start_i {
            i = nodes.get(i, q).expect("a parent was reached").parent as usize;
            turns.push(i);
        }
        let mut path = vec![at(start_i)];
        let (mut straights, mut diagonals) = (0u64, 0u64);
        for pair in turns.windows(2).rev() {
            let (q, p) = (at(pair[1]), at(pair[0]));
            let (dx, dy) = ((p.0 as isize - q.0 as isize).signum(), (p.1 as isize - q.1 as isize).signum());
            let mut c = q;
            while c != p {
                c = ((c.0 as isize + dx) as usize, (c.1 as isize + dy) as usize);
                path.push(c);
                if dx != 0 && dy != 0 {
                    diagonals += 1;
                } else {
                    straights += 1;
                }
            }
        }
        (path, straights, diagonals)
    }
}
