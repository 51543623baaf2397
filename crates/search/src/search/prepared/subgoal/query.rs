//! A query over a prepared subgoal graph: join the start and goal to it, A* over it, refine
//! the edges into cells.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use super::{NONE, Prepared};
use crate::grid::Pos;
use crate::grid::board::Grid;
use crate::grid::rules::CostModel;
use crate::search::core::options::{Algorithm, SearchOptions};
use crate::search::core::types::AbstractStep;
use crate::search::core::types::{SearchError, SearchResult};
use crate::search::prepared::PreparedParts;

/// The buffers a query works in, kept by a [`Searcher`](crate::search::Searcher) from one query
/// to the next: per vertex (the subgoals, then the start and the goal) its cost so far, parent
/// and the query it was last touched in.
#[derive(Default)]
pub(crate) struct Scratch {
    /// Per side (forward from the start, backward from the goal) and vertex.
    dist: [Vec<f64>; 2],
    parent: [Vec<u32>; 2],
    stamp: [Vec<u32>; 2],
    query: u32,
    heap: [BinaryHeap<Reverse<(u64, u32)>>; 2],
    /// JPS+'s, on a map answered by its jump table.
    jump: super::jumps::JumpScratch,
}

impl Scratch {
    fn reset(&mut self, len: usize) {
        if self.dist[0].len() != len || self.query == u32::MAX {
            let fresh = || (vec![0.0; len], vec![NONE; len], vec![0; len]);
            let ((d0, p0, s0), (d1, p1, s1)) = (fresh(), fresh());
            *self = Scratch { dist: [d0, d1], parent: [p0, p1], stamp: [s0, s1], ..Scratch::default() };
        }
        self.query += 1;
        self.heap[0].clear();
        self.heap[1].clear();
    }

    /// Offers `v` to one side at cost `d` from `parent`.
    #[inline]
    fn relax(&mut self, side: usize, v: u32, d: f64, parent: u32, q: u32, result: &mut SearchResult) -> bool {
        let i = v as usize;
        let better = self.stamp[side][i] != q || d < self.dist[side][i];
        if better {
            if self.stamp[side][i] == q {
                result.improved += 1;
            } else {
                result.pushed += 1;
            }
            self.stamp[side][i] = q;
            self.dist[side][i] = d;
            self.parent[side][i] = parent;
            self.heap[side].push(Reverse((d.to_bits(), v)));
        }
        better
    }
}

impl Prepared {
    /// An optimal path from `start` to `goal` on `grid`, which must be the grid this was
    /// prepared for as it is now ([`Prepared::is_for`]). `expanded` counts graph vertices.
    ///
    /// Errors when `grid` is another grid or has changed since ([`SearchError::StalePreparation`]),
    /// or when an endpoint is off the grid or blocked.
    pub fn search(&self, grid: &Grid, start: Pos, goal: Pos, searcher: &mut crate::search::Searcher) -> Result<SearchResult, SearchError> {
        self.search_traced(grid, start, goal, searcher, None)
    }

    /// As [`Prepared::search`], and when `trace` is given, the search's expansions are added
    /// to it in order (for showing them step by step): first the start and then the goal
    /// joined to the subgoals they reach in a straight-and-diagonal line (unless one is a
    /// subgoal, or the goal is in such a line), then each subgoal expanded from either end,
    /// its cost counted from that end, with the subgoals it reached more cheaply. None when the
    /// start and goal are one cell or in one such line.
    ///
    /// ```
    /// use cubepath_search::{grid::{Cell, Grid}, search::{Searcher, prepare}};
    /// let mut grid = Grid::new(9, 9).unwrap();
    /// for y in 0..8 {
    ///     grid.set(4, y, Cell::Blocked).unwrap();
    /// }
    /// let prepared = prepare(&grid).unwrap();
    /// let mut trace = Vec::new();
    /// let found = prepared.search_traced(&grid, (0, 0), (8, 0), &mut Searcher::default(), Some(&mut trace)).unwrap();
    /// assert_eq!(trace.len(), found.expanded + 2); // the start's and the goal's joins first
    /// assert_eq!((trace[0].at, trace[1].at), ((0, 0), (8, 0)));
    /// assert!(trace[2..].iter().all(|step| prepared.subgoal_cells().any(|c| c == step.at)));
    /// ```
    pub fn search_traced(
        &self,
        grid: &Grid,
        start: Pos,
        goal: Pos,
        searcher: &mut crate::search::Searcher,
        trace: Option<&mut Vec<AbstractStep>>,
    ) -> Result<SearchResult, SearchError> {
        if self.jumps.is_some() && trace.is_some() {
            if !self.is_for(grid) {
                return Err(SearchError::StalePreparation);
            }
            self.lend_jumps(&mut searcher.kept.slot::<PreparedParts>().jumps);
            return searcher.search(grid, start, goal, &SearchOptions { algorithm: Algorithm::JpsPlus, ..SearchOptions::default() });
        }
        self.search_with(grid, start, goal, &mut searcher.kept.slot::<PreparedParts>().scratch, trace)
    }

    /// Gives a searcher's kept jump distances (`kept`) this preparation's for JPS+, shared
    /// (a search that holds the searcher's former table goes on reading that one).
    pub(crate) fn lend_jumps(&self, kept: &mut Option<std::sync::Arc<crate::search::prepared::jps_plus::JumpTable>>) {
        if let Some(table) = &self.jumps
            && kept.as_ref().is_none_or(|k| !std::sync::Arc::ptr_eq(k, table))
        {
            *kept = Some(table.clone());
        }
    }

    pub(crate) fn search_with(
        &self,
        grid: &Grid,
        start: Pos,
        goal: Pos,
        s: &mut Scratch,
        trace: Option<&mut Vec<AbstractStep>>,
    ) -> Result<SearchResult, SearchError> {
        if !self.is_for(grid) {
            return Err(SearchError::StalePreparation);
        }
        for (which, p) in [("start", start), ("goal", goal)] {
            grid.check(p.0, p.1).map_err(|error| SearchError::OffGrid { which, error })?;
            if !grid.is_passable(p.0, p.1) {
                return Err(SearchError::Blocked { which, at: p });
            }
        }
        if let Some(table) = &self.jumps {
            return Ok(self.search_jumps(table, self.marks.as_ref(), start, goal, &mut s.jump));
        }
        let mut result = SearchResult { path: None, cost: None, expanded: 0, pushed: 0, improved: 0, admissible: true, stopped: false };

        let vertices = self.turns(self.index(start), self.index(goal), s, &mut result, trace);
        if let Some(vertices) = vertices {
            let (path, straights, diagonals) = self.refine(&vertices);
            result.cost = Some(CostModel::Exact.total(straights, diagonals));
            result.path = Some(path);
        }
        Ok(result)
    }

    /// The padded cells of an optimal path's turning points, or `None` without one: the start
    /// and goal joined to the subgoals they directly h-reach, then a search up the hierarchy
    /// from both ends that stops when neither side can still better the best meeting.
    // Long: the bidirectional upward search with its stopping rule, in one place
    fn turns(
        &self,
        start: usize,
        goal: usize,
        s: &mut Scratch,
        result: &mut SearchResult,
        mut trace: Option<&mut Vec<AbstractStep>>,
    ) -> Option<Vec<usize>> {
        if start == goal {
            return Some(vec![start]);
        }
        // in sight along one straight-and-diagonal leg: that leg is optimal
        if self.leg(start, goal, true, None) || self.leg(start, goal, false, None) {
            return Some(vec![start, goal]);
        }
        s.reset(self.cells.len());
        let q = s.query;
        let (mut forward, mut backward) = (Vec::new(), Vec::new());
        for (from, seeds) in [(start, &mut forward), (goal, &mut backward)] {
            match self.vertex(from) {
                Some(v) => seeds.push((v, 0.0)),
                // the subgoals it directly h-reaches, found when the map was prepared (the goal
                // is not among the cells the start reaches so: the two legs above would have
                // found it, diagonal moves first being how the scan goes)
                None => seeds.extend(
                    self.reached_from(from).iter().map(|&v| (v, self.octile(from, self.cells[v as usize] as usize, CostModel::Exact))),
                ),
            }
        }
        if let (Some(table), None) = (&self.table, &trace) {
            // the distances stored: the best pair of the start's and the goal's subgoals
            let (a, b) = table.best(&forward, &backward, &mut result.expanded)?;
            let mut vertices = Vec::new();
            table.walk(a, b, &mut vertices);
            return Some(self.path_through(start, goal, &vertices));
        }
        for (side, seeds) in [(0, &forward), (1, &backward)] {
            let mut reached = Vec::new();
            for &(v, d) in seeds {
                if s.relax(side, v, d, NONE, q, result) {
                    reached.push((self.pos(self.cells[v as usize] as usize), d));
                }
            }
            if let Some(t) = trace.as_deref_mut() {
                t.push(AbstractStep { at: self.pos([start, goal][side]), cost: 0.0, reached });
            }
        }
        let mut best = (f64::INFINITY, NONE);
        loop {
            let tops = [s.heap[0].peek().map(|e| f64::from_bits(e.0.0)), s.heap[1].peek().map(|e| f64::from_bits(e.0.0))];
            let side = match tops {
                [Some(a), Some(b)] if a.min(b) < best.0 => usize::from(b < a),
                [Some(a), None] if a < best.0 => 0,
                [None, Some(b)] if b < best.0 => 1,
                _ => break,
            };
            let Reverse((key, v)) = s.heap[side].pop().expect("peeked");
            let d = f64::from_bits(key);
            if d > s.dist[side][v as usize] {
                continue;
            }
            result.expanded += 1;
            let other = 1 - side;
            if s.stamp[other][v as usize] == q && d + s.dist[other][v as usize] < best.0 {
                best = (d + s.dist[other][v as usize], v);
            }
            // stall on demand: reached more cheaply through a later vertex, `v` is not on a
            // shortest way up from this side, and its edges need not be offered
            if self.up.edges(v).any(|(t, c, _)| s.stamp[side][t as usize] == q && s.dist[side][t as usize] + c < d) {
                if let Some(t) = trace.as_deref_mut() {
                    t.push(AbstractStep { at: self.pos(self.cells[v as usize] as usize), cost: d, reached: Vec::new() });
                }
                continue;
            }
            let mut reached = Vec::new();
            for (t, c, _) in self.up.edges(v) {
                if s.relax(side, t, d + c, v, q, result) && trace.is_some() {
                    reached.push((self.pos(self.cells[t as usize] as usize), d + c));
                }
            }
            if let Some(t) = trace.as_deref_mut() {
                t.push(AbstractStep { at: self.pos(self.cells[v as usize] as usize), cost: d, reached });
            }
        }
        (best.1 != NONE).then(|| self.meeting_path(start, goal, best.1, s))
    }

    /// The turning points through the meeting vertex `meet`: the start, the forward chain
    /// unpacked, the backward chain unpacked, the goal.
    fn meeting_path(&self, start: usize, goal: usize, meet: u32, s: &Scratch) -> Vec<usize> {
        let chain = |side: usize| {
            let mut out = vec![meet];
            while s.parent[side][*out.last().expect("not empty") as usize] != NONE {
                out.push(s.parent[side][*out.last().expect("not empty") as usize]);
            }
            out
        };
        let mut up = chain(0);
        up.reverse();
        let down = chain(1);
        let mut vertices = vec![up[0]];
        for w in up.windows(2).chain(down.windows(2)) {
            self.up.unpack(w[0], w[1], &mut vertices);
        }
        self.path_through(start, goal, &vertices)
    }

    /// The turning points: the start, the cells of `vertices` (a way through the subgoal
    /// graph), the goal; the start or goal not repeated when it is a subgoal itself.
    fn path_through(&self, start: usize, goal: usize, vertices: &[u32]) -> Vec<usize> {
        let mut cells: Vec<usize> = Vec::with_capacity(vertices.len() + 2);
        if self.vertex(start).is_none() {
            cells.push(start);
        }
        cells.extend(vertices.iter().map(|&v| self.cells[v as usize] as usize));
        if self.vertex(goal).is_none() {
            cells.push(goal);
        }
        cells
    }

    /// A padded cell's subgoal number, if it is one.
    fn vertex(&self, at: usize) -> Option<u32> {
        (self.node_of[at] != NONE).then_some(self.node_of[at])
    }

    /// The cells along turning points, each leg its diagonal moves first when they are free,
    /// else its straight moves first (one of the two is how the leg's scan found it), and the
    /// path's straight and diagonal moves (counted from the legs).
    fn refine(&self, turns: &[usize]) -> (Vec<Pos>, u64, u64) {
        let (straights, diagonals) =
            turns.windows(2).map(|w| self.moves(w[0], w[1])).fold((0, 0), |(s, d), l| (s + l.straights, d + l.diagonals));
        let mut path = Vec::with_capacity(straights + diagonals + 1);
        path.push(self.pos(turns[0]));
        for w in turns.windows(2) {
            let found = self.leg(w[0], w[1], true, Some(&mut path)) || self.leg(w[0], w[1], false, Some(&mut path));
            assert!(found, "every edge of the graph is h-reachable one way or the other");
        }
        (path, straights as u64, diagonals as u64)
    }

    /// The moves of a leg from `from` to `to`: its diagonal step and count, its straight step
    /// and count.
    fn moves(&self, from: usize, to: usize) -> Leg {
        let (fx, fy) = ((from % self.stride) as isize, (from / self.stride) as isize);
        let (tx, ty) = ((to % self.stride) as isize, (to / self.stride) as isize);
        let (sx, sy) = ((tx - fx).signum(), (ty - fy).signum());
        let (ax, ay) = ((tx - fx).abs(), (ty - fy).abs());
        Leg {
            from: (fx - 1, fy - 1),
            diagonal: (sx, sy),
            diagonals: ax.min(ay) as usize,
            straight: if ax > ay { (sx, 0) } else { (0, sy) },
            straights: (ax.max(ay) - ax.min(ay)) as usize,
        }
    }

    /// Whether the cells from `from` to `to`, diagonal moves first or straight moves first, are
    /// all free moves; when they are and `out` is given, pushes them (`from` left out). The
    /// moves are all checked before any cell is pushed.
    pub(super) fn leg(&self, from: usize, to: usize, diagonal_first: bool, out: Option<&mut Vec<Pos>>) -> bool {
        let leg = self.moves(from, to);
        let (first, second) = if diagonal_first {
            ((leg.diagonal, leg.diagonals), (leg.straight, leg.straights))
        } else {
            ((leg.straight, leg.straights), (leg.diagonal, leg.diagonals))
        };
        let mut at = from;
        for (step, count) in [first, second] {
            if !self.free_run(at, step, count) {
                return false;
            }
            at = (at as isize + (step.1 * self.stride as isize + step.0) * count as isize) as usize;
        }
        if let Some(out) = out {
            let (mut x, mut y) = leg.from;
            for ((dx, dy), count) in [first, second] {
                out.extend((1..count as isize + 1).map(|k| ((x + dx * k) as usize, (y + dy * k) as usize)));
                (x, y) = (x + dx * count as isize, y + dy * count as isize);
            }
        }
        true
    }
}

impl Prepared {
    /// Whether `count` moves along `(dx, dy)` from `at` are all legal: a diagonal's run read
    /// whole; a straight line's free runs read one after another, each ending at an obstacle
    /// (then it must reach far enough) or at a subgoal (then the next run starts past it).
    fn free_run(&self, at: usize, (dx, dy): (isize, isize), count: usize) -> bool {
        if count == 0 {
            return true;
        }
        if dx != 0 && dy != 0 {
            let k = match (dx, dy) {
                (1, -1) => 0,
                (1, 1) => 1,
                (-1, 1) => 2,
                _ => 3,
            };
            return usize::from(self.diagonal[at][k]) >= count;
        }
        let d = match (dx, dy) {
            (0, -1) => 0,
            (1, 0) => 1,
            (0, 1) => 2,
            _ => 3,
        };
        let (mut at, mut left) = (at, count);
        loop {
            let clear = self.clear[at][d];
            let run = usize::from(clear & super::COUNT);
            if run >= left {
                return true;
            }
            if clear & super::AT_SUBGOAL == 0 {
                return false;
            }
            // the subgoal past the run is free: go on from it
            left -= run + 1;
            at = self.step(at, (dx * (run as isize + 1), dy * (run as isize + 1)));
            if left == 0 {
                return true;
            }
        }
    }
}

/// A leg's moves: from the grid cell `from`, `diagonals` diagonal steps and `straights`
/// straight ones, in either order.
struct Leg {
    from: (isize, isize),
    diagonal: (isize, isize),
    diagonals: usize,
    straight: (isize, isize),
    straights: usize,
}
