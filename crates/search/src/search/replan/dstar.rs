//! D* Lite (Koenig and Likhachev, "D* Lite", AAAI 2002): a search from the goal back to the
//! start that keeps its work, so that when cells change or the start moves only what the change
//! touches is searched again.
//!
//! The state is sparse (only cells the search has reached are stored), so a thousand agents on
//! a large board each keep a replanner without a full grid's worth of memory. With no
//! heuristic ([`Replanner::field`]) the same machinery keeps a whole distance field to one goal
//! up to date: an incremental Dijkstra, what a flow field is made of.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use crate::grid::Pos;
use crate::grid::board::Grid;
use crate::grid::moves::{hex_neighbours, moves};
use crate::grid::rules::{CostModel, Heuristic, Topology};
use crate::search::core::index_map::IndexMap;
use crate::search::core::options::{Algorithm, SearchOptions};
use crate::search::core::searcher::validate;
use crate::search::core::types::SearchError;

/// A priority: `(min(g, rhs) + h + km, min(g, rhs))`, compared in that order. Both parts are
/// non-negative (or infinite), so their bit patterns order as the numbers do.
type Key = (u64, u64);

fn key_of(k1: f64, k2: f64) -> Key {
    (k1.to_bits(), k2.to_bits())
}

/// Where a [`Replanner::compute`] call stopped.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Progress {
    /// The search is complete: the start's cost to the goal is known (`None`: unreachable).
    /// For a field, every reachable cell's distance is known.
    Done(Option<f64>),
    /// The expansion budget ran out first: call again to go on.
    Pending,
}

/// An incremental search from `goal` back to a moving `start` (D* Lite), or, built with
/// [`Replanner::field`], an incremental distance field to `goal`.
///
/// Contract: between calls the grid may change; pass every changed cell to
/// [`Replanner::cells_changed`] (after changing the grid) before the next
/// [`Replanner::compute`]. When `compute` returns [`Progress::Done`], [`Replanner::cost`] is
/// the least cost from the start to the goal on the grid as it is, and [`Replanner::path`] a
/// least-cost path (each step a legal move under the topology).
///
/// ```
/// use cubepath_search::{grid::{Cell, Grid}, search::{Progress, Replanner, SearchOptions}};
/// let mut grid = Grid::new(5, 3).unwrap();
/// let mut plan = Replanner::new(&grid, (0, 1), (4, 1), &SearchOptions::default()).unwrap();
/// assert_eq!(plan.compute(&grid, usize::MAX), Progress::Done(Some(4.0)));
/// // a wall across the straight line: only the cells around it are searched again
/// for y in 0..2 {
///     grid.set(2, y, Cell::Blocked).unwrap();
/// }
/// plan.cells_changed(&grid, &[(2, 0), (2, 1)]);
/// let Progress::Done(Some(cost)) = plan.compute(&grid, usize::MAX) else { panic!() };
/// assert!((cost - (2.0 + 2.0 * 2f64.sqrt())).abs() < 1e-9);
/// assert!(plan.path(&grid).unwrap().contains(&(2, 2)));
/// ```
#[derive(Clone, Debug)]
pub struct Replanner {
    topology: Topology,
    costs: CostModel,
    heuristic: Option<Heuristic>,
    width: usize,
    goal: Pos,
    start: Pos,
    last: Pos,
    km: f64,
    // (g, rhs) of every cell the search has touched; absent: both infinite
    state: IndexMap<(f64, f64)>,
    queue: BinaryHeap<Reverse<(Key, u32)>>,
    // the key each queued cell is queued with (older heap entries are stale)
    queued: IndexMap<Key>,
    expanded: usize,
    buf: Vec<(Pos, f64)>,
    preds: Vec<(Pos, f64)>,
    // the box (min x, min y, max x, max y) around every cell ever touched: a changed cell two or
    // more cells outside it cannot matter
    bounds: (usize, usize, usize, usize),
}

impl Replanner {
    /// A replanner for paths from `start` to `goal` under `options`' topology, costs and
    /// heuristic (the algorithm and weight are ignored: D* Lite with weight 1 is optimal with
    /// an admissible heuristic). Nothing is searched until [`Replanner::compute`].
    pub fn new(grid: &Grid, start: Pos, goal: Pos, options: &SearchOptions) -> Result<Replanner, SearchError> {
        validate(grid, start, goal, &SearchOptions { algorithm: Algorithm::AStar, weight: 1.0, ..*options })?;
        let mut r = Replanner::empty(grid, start, goal, options.topology, options.costs, Some(options.heuristic()));
        r.seed_goal();
        Ok(r)
    }

    /// The distance from every cell to `goal`, kept up to date as cells change: D* Lite with no
    /// heuristic and no start, each [`Replanner::compute`] running until every distance is
    /// known. An unreachable or blocked goal gives an empty field (every distance infinite).
    pub fn field(grid: &Grid, goal: Pos, topology: Topology, costs: CostModel) -> Replanner {
        let mut r = Replanner::empty(grid, goal, goal, topology, costs, None);
        if grid.is_passable(goal.0, goal.1) {
            r.seed_goal();
        }
        r
    }

    fn empty(grid: &Grid, start: Pos, goal: Pos, topology: Topology, costs: CostModel, heuristic: Option<Heuristic>) -> Replanner {
        Replanner {
            topology,
            costs,
            heuristic,
            width: grid.width(),
            goal,
            start,
            last: start,
            km: 0.0,
            state: IndexMap::default(),
            queue: BinaryHeap::new(),
            queued: IndexMap::default(),
            expanded: 0,
            buf: Vec::new(),
            preds: Vec::new(),
            bounds: (usize::MAX, usize::MAX, 0, 0),
        }
    }

    fn seed_goal(&mut self) {
        let g = self.index(self.goal);
        self.set(g, (f64::INFINITY, 0.0));
        let k = self.key(g);
        self.enqueue(g, k);
    }

    fn index(&self, p: Pos) -> u32 {
        (p.1 * self.width + p.0) as u32
    }

    fn pos(&self, i: u32) -> Pos {
        (i as usize % self.width, i as usize / self.width)
    }

    /// Stores a cell's (g, rhs) and widens the box around every touched cell.
    fn set(&mut self, i: u32, v: (f64, f64)) {
        self.state.insert(i, v);
        let (x, y) = self.pos(i);
        let b = &mut self.bounds;
        *b = (b.0.min(x), b.1.min(y), b.2.max(x), b.3.max(y));
    }

    fn get(&self, i: u32) -> (f64, f64) {
        self.state.get(&i).copied().unwrap_or((f64::INFINITY, f64::INFINITY))
    }

    fn h(&self, p: Pos) -> f64 {
        self.heuristic.map_or(0.0, |h| h.estimate(self.topology, self.costs, self.start, p))
    }

    fn key(&self, i: u32) -> Key {
        let (g, rhs) = self.get(i);
        let m = g.min(rhs);
        key_of(m + self.h(self.pos(i)) + self.km, m)
    }

    fn enqueue(&mut self, i: u32, k: Key) {
        self.queued.insert(i, k);
        self.queue.push(Reverse((k, i)));
    }

    /// Recomputes a cell's rhs from its moves out and queues it when inconsistent.
    fn update(&mut self, grid: &Grid, i: u32) {
        let p = self.pos(i);
        let (g, mut rhs) = self.get(i);
        if p != self.goal {
            let mut buf = std::mem::take(&mut self.buf);
            moves(grid, p, self.topology, self.costs, true, &mut buf);
            rhs = buf.iter().map(|&(q, c)| c + self.get(self.index(q)).0).fold(f64::INFINITY, f64::min);
            self.buf = buf;
        }
        if g.is_infinite() && rhs.is_infinite() {
            self.state.remove(&i);
        } else {
            self.set(i, (g, rhs));
        }
        if g != rhs {
            let k = self.key(i);
            self.enqueue(i, k);
        } else {
            self.queued.remove(&i);
        }
    }

    /// Searches until the start's cost is known (for a field: every distance), or until
    /// `budget` more cells have been expanded. Cheap when nothing changed.
    // Long: D* Lite's ComputeShortestPath (Koenig and Likhachev 2002) as one loop: the pop,
    // its cases and the budget share the queue and the keys, as in the paper.
    pub fn compute(&mut self, grid: &Grid, budget: usize) -> Progress {
        let s = self.index(self.start);
        let mut spent = 0;
        while let Some(&Reverse((k_old, u))) = self.queue.peek() {
            if self.queued.get(&u) != Some(&k_old) {
                self.queue.pop();
                continue;
            }
            if self.heuristic.is_some() {
                // Done when the start is consistent and no queued cell could still lower its
                // cost. Sums of square roots in different orders differ in the last bits, so a
                // cell whose key ties the start's (on a least-cost path, g + h is exact) may
                // come out a hair above it: every tie is searched too, or a change on the path
                // would go unseen.
                let (gs, rhs_s) = self.get(s);
                let start_k1 = f64::from_bits(self.key(s).0);
                if gs == rhs_s && f64::from_bits(k_old.0) > start_k1 + 1e-9 * start_k1.max(1.0) {
                    break;
                }
            }
            if spent >= budget {
                return Progress::Pending;
            }
            self.queue.pop();
            self.queued.remove(&u);
            let k_new = self.key(u);
            if k_old < k_new {
                self.enqueue(u, k_new);
                continue;
            }
            spent += 1;
            self.expanded += 1;
            let (g, rhs) = self.get(u);
            let mut preds = std::mem::take(&mut self.preds);
            moves(grid, self.pos(u), self.topology, self.costs, false, &mut preds);
            if g > rhs {
                self.set(u, (rhs, rhs));
                for &(q, c) in &preds {
                    // rhs(q) can only fall to c + g(u): no need to look at q's other moves
                    let qi = self.index(q);
                    if q == self.goal {
                        continue;
                    }
                    let (gq, rq) = self.get(qi);
                    if c + rhs < rq {
                        self.set(qi, (gq, c + rhs));
                        if gq != c + rhs {
                            let k = self.key(qi);
                            self.enqueue(qi, k);
                        } else {
                            self.queued.remove(&qi);
                        }
                    }
                }
            } else {
                self.set(u, (f64::INFINITY, rhs));
                self.update(grid, u);
                for &(q, _) in &preds {
                    let qi = self.index(q);
                    self.update(grid, qi);
                }
            }
            self.preds = preds;
        }
        Progress::Done(self.cost())
    }

    /// The start's least cost to the goal, when the last [`Replanner::compute`] finished and
    /// it is reachable.
    pub fn cost(&self) -> Option<f64> {
        let (g, rhs) = self.get(self.index(self.start));
        Some(g.min(rhs)).filter(|c| c.is_finite())
    }

    /// The distance from `p` to the goal, when known and finite (a field after
    /// [`Replanner::compute`]).
    pub fn distance(&self, p: Pos) -> Option<f64> {
        if p.0 >= self.width {
            return None;
        }
        Some(self.get(self.index(p)).0).filter(|c| c.is_finite())
    }

    /// The best known distance from `p` to the goal: the distance when known, else the
    /// one-step lookahead (a neighbour's distance plus the move) when the search has met `p`.
    pub(crate) fn estimate(&self, p: Pos) -> Option<f64> {
        if p.0 >= self.width {
            return None;
        }
        let (g, rhs) = self.get(self.index(p));
        Some(g.min(rhs)).filter(|c| c.is_finite())
    }

    /// What answering `cells` becoming barriers would cost, judged from the cells the search
    /// has met on `before` (the grid as it was), not by running anything: (repair, fresh),
    /// counted over the search's ellipse (the met cells whose estimate through them is within
    /// the start's cost, which a fresh search meets again at least: the new cost is no lower).
    /// A repair raises and lowers again (two expansions each) the cells of the ellipse whose way
    /// to the goal ran through a changed cell. (0, 0) when the search has not met a changed cell
    /// or has no cost yet.
    // Long: one pass over the met cells, each walked down its way to the goal with memory.
    pub(crate) fn change_costs(&self, before: &Grid, cells: &[Pos]) -> (usize, usize) {
        let Some(cost) = self.cost() else { return (0, 0) };
        let changed: Vec<u32> =
            cells.iter().filter(|p| p.0 < self.width).map(|&p| self.index(p)).filter(|&i| self.get(i).0.is_finite()).collect();
        if changed.is_empty() {
            return (0, 0);
        }
        let goal = self.index(self.goal);
        let mut through: IndexMap<bool> = IndexMap::default();
        let (mut fresh, mut chain, mut buf) = (0, Vec::new(), Vec::new());
        for (&i, &(g, _)) in &self.state {
            if !g.is_finite() {
                continue;
            }
            let inside = g + self.h(self.pos(i)) <= cost + 1e-9;
            fresh += usize::from(inside);
            if !inside {
                continue;
            }
            chain.clear();
            let mut at = i;
            let verdict = loop {
                if let Some(&v) = through.get(&at) {
                    break v;
                }
                if changed.contains(&at) {
                    break true;
                }
                if at == goal || chain.len() > self.state.len() {
                    break false;
                }
                chain.push(at);
                moves(before, self.pos(at), self.topology, self.costs, true, &mut buf);
                let next = buf
                    .iter()
                    .map(|&(q, c)| (q, c + self.get(self.index(q)).0))
                    .filter(|(_, d)| d.is_finite())
                    .min_by(|x, y| x.1.total_cmp(&y.1));
                match next {
                    Some((q, _)) => at = self.index(q),
                    None => break false,
                }
            };
            for &c in &chain {
                through.insert(c, verdict);
            }
        }
        // the cells inside the search's ellipse whose way ran through a changed cell
        let behind =
            self.state.iter().filter(|&(i, &(g, _))| g + self.h(self.pos(*i)) <= cost + 1e-9 && through.get(i) == Some(&true)).count();
        (2 * (behind + changed.len()), fresh)
    }

    /// A least-cost path from the start to the goal after a finished [`Replanner::compute`]:
    /// from each cell, the move that costs least plus the next cell's distance.
    pub fn path(&self, grid: &Grid) -> Option<Vec<Pos>> {
        self.cost()?;
        let mut path = vec![self.start];
        let mut buf = Vec::new();
        let mut at = self.start;
        let limit = grid.width() * grid.height();
        while at != self.goal {
            moves(grid, at, self.topology, self.costs, true, &mut buf);
            let next = buf
                .iter()
                .map(|&(q, c)| (q, c + self.get(self.index(q)).0))
                .filter(|(_, d)| d.is_finite())
                .min_by(|a, b| a.1.total_cmp(&b.1))?
                .0;
            path.push(next);
            at = next;
            if path.len() > limit {
                return None;
            }
        }
        Some(path)
    }

    /// The next move toward the goal from `p` in a field: the legal move that costs least plus
    /// the distance from where it leads, if that is shorter than from `p`.
    pub fn downhill(&self, grid: &Grid, p: Pos, buf: &mut Vec<(Pos, f64)>) -> Option<Pos> {
        let here = self.distance(p)?;
        moves(grid, p, self.topology, self.costs, true, buf);
        buf.iter()
            .filter_map(|&(q, c)| self.distance(q).map(|d| (q, c + d)))
            .filter(|&(_, d)| d < here + 1e-9)
            .min_by(|a, b| a.1.total_cmp(&b.1))
            .map(|(q, _)| q)
    }

    /// The agent is now at `p`: later searches run from there, reusing everything (the key
    /// modifier `km` grows by the heuristic from the last start instead of reordering the
    /// queue).
    pub fn move_start(&mut self, p: Pos) {
        if p == self.start {
            return;
        }
        self.km += self.heuristic.map_or(0.0, |h| h.estimate(self.topology, self.costs, self.last, p));
        self.last = p;
        self.start = p;
    }

    /// The grid has changed at `cells` (already written to it): every cell whose moves these
    /// cells could change (the cell and its neighbours: entering, leaving, and diagonals past a
    /// corner) is brought up to date and queued if it must be searched again.
    pub fn cells_changed(&mut self, grid: &Grid, cells: &[Pos]) {
        let (w, h) = (grid.width(), grid.height());
        let mut near = Vec::with_capacity(9);
        let (x0, y0, x1, y1) = self.bounds;
        for &c in cells {
            // the cells it can change are within 1 of it, and they read cells within 1 of them
            if c.0 + 2 < x0 || c.1 + 2 < y0 || c.0 > x1 + 2 || c.1 > y1 + 2 {
                continue;
            }
            near.clear();
            match self.topology {
                Topology::Hex => {
                    near.push(c);
                    near.extend(hex_neighbours(c).into_iter().flatten());
                }
                Topology::Square(_) => {
                    for dy in -1..=1isize {
                        for dx in -1..=1isize {
                            let (x, y) = (c.0 as isize + dx, c.1 as isize + dy);
                            if x >= 0 && y >= 0 {
                                near.push((x as usize, y as usize));
                            }
                        }
                    }
                }
            }
            for &q in &near {
                if q.0 < w && q.1 < h {
                    let i = self.index(q);
                    self.update(grid, i);
                }
            }
        }
    }

    /// The goal.
    pub fn goal(&self) -> Pos {
        self.goal
    }

    /// The start (where the last [`Replanner::move_start`] put it).
    pub fn start(&self) -> Pos {
        self.start
    }

    /// Cells expanded by every [`Replanner::compute`] so far.
    pub fn expanded(&self) -> usize {
        self.expanded
    }

    /// About how many bytes the search state holds (tables and queue, by capacity).
    pub fn bytes(&self) -> usize {
        // a hash table slot: key, value and a control byte
        self.state.capacity() * (4 + 16 + 1)
            + self.queued.capacity() * (4 + 16 + 1)
            + self.queue.capacity() * std::mem::size_of::<Reverse<(Key, u32)>>()
            + (self.buf.capacity() + self.preds.capacity()) * std::mem::size_of::<(Pos, f64)>()
    }
}
