//! A query over a prepared subgoal graph: join the start and goal to it, A* over it, refine
//! the edges into cells.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use super::{NONE, Prepared};
use crate::grid::Pos;
use crate::grid::board::Grid;
use crate::grid::rules::CostModel;
use crate::search::types::{SearchError, SearchResult};

/// The buffers a query works in, kept by a [`Searcher`](crate::search::Searcher) from one query
/// to the next: per vertex (the subgoals, then the start and the goal) its cost so far, parent
/// and the query it was last touched in.
#[derive(Default)]
pub(crate) struct Scratch {
    g: Vec<f64>,
    parent: Vec<u32>,
    stamp: Vec<u32>,
    closed: Vec<u32>,
    /// The query in which a subgoal is joined to the goal.
    to_goal: Vec<u32>,
    query: u32,
    heap: BinaryHeap<Reverse<(u64, u32)>>,
    found: Vec<u32>,
}

impl Scratch {
    fn reset(&mut self, len: usize) {
        if self.g.len() != len || self.query == u32::MAX {
            *self = Scratch {
                g: vec![0.0; len],
                parent: vec![NONE; len],
                stamp: vec![0; len],
                closed: vec![0; len],
                to_goal: vec![0; len],
                ..Scratch::default()
            };
        }
        self.query += 1;
        self.heap.clear();
    }
}

impl Prepared {
    /// An optimal path from `start` to `goal` on `grid`, which must be the grid this was
    /// prepared for as it is now ([`Prepared::is_for`]). `expanded` counts graph vertices.
    ///
    /// Errors when `grid` is another grid or has changed since ([`SearchError::StalePreparation`]),
    /// or when an endpoint is off the grid or blocked.
    pub fn search(&self, grid: &Grid, start: Pos, goal: Pos, searcher: &mut crate::search::Searcher) -> Result<SearchResult, SearchError> {
        self.search_with(grid, start, goal, CostModel::Exact, &mut searcher.subgoal)
    }

    pub(crate) fn search_with(
        &self,
        grid: &Grid,
        start: Pos,
        goal: Pos,
        costs: CostModel,
        s: &mut Scratch,
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
        let mut result = SearchResult { path: None, cost: None, expanded: 0, pushed: 0, improved: 0, admissible: true, stopped: false };
        let vertices = self.astar(self.index(start), self.index(goal), costs, s, &mut result);
        if let Some(vertices) = vertices {
            let path = self.refine(&vertices);
            let diagonals = path.windows(2).filter(|w| w[0].0 != w[1].0 && w[0].1 != w[1].1).count() as u64;
            result.cost = Some(costs.total(path.len() as u64 - 1 - diagonals, diagonals));
            result.path = Some(path);
        }
        Ok(result)
    }

    /// The padded cells of an optimal path's turning points, or `None` without one.
    // Long: A* over the graph with the start and goal joined in, in one place
    fn astar(&self, start: usize, goal: usize, costs: CostModel, s: &mut Scratch, result: &mut SearchResult) -> Option<Vec<usize>> {
        if start == goal {
            return Some(vec![start]);
        }
        let n = self.cells.len();
        s.reset(n + 2);
        let q = s.query;
        let (sv, gv) = (self.vertex(start).unwrap_or(n as u32), self.vertex(goal).unwrap_or(n as u32 + 1));
        let cell = |v: u32| {
            if v == n as u32 {
                start
            } else if v == n as u32 + 1 {
                goal
            } else {
                self.cells[v as usize] as usize
            }
        };
        // join the goal: the subgoals it directly h-reaches lead to it
        if gv == n as u32 + 1 {
            s.found.clear();
            self.scan(goal, None, &mut s.found);
            for &t in &s.found {
                s.to_goal[self.node_of[t as usize] as usize] = q;
            }
        }
        let mut direct = false;
        let mut open_from_start = Vec::new();
        if sv == n as u32 {
            s.found.clear();
            direct = self.scan(start, (gv == n as u32 + 1).then_some(goal), &mut s.found);
            open_from_start.extend(s.found.iter().map(|&t| self.node_of[t as usize]));
        }
        if direct {
            result.expanded = 1;
            return Some(vec![start, goal]);
        }
        let h = |v: u32| self.octile(cell(v), goal, costs);
        s.g[sv as usize] = 0.0;
        s.stamp[sv as usize] = q;
        s.parent[sv as usize] = NONE;
        s.heap.push(Reverse((h(sv).to_bits(), sv)));
        result.pushed = 1;
        while let Some(Reverse((_, v))) = s.heap.pop() {
            if s.closed[v as usize] == q {
                continue;
            }
            s.closed[v as usize] = q;
            result.expanded += 1;
            if v == gv {
                let mut out = vec![cell(v)];
                let mut at = v;
                while s.parent[at as usize] != NONE {
                    at = s.parent[at as usize];
                    out.push(cell(at));
                }
                out.reverse();
                return Some(out);
            }
            let here = cell(v);
            let gv_here = s.g[v as usize];
            let relax = |s: &mut Scratch, t: u32, result: &mut SearchResult| {
                let g = gv_here + self.octile(here, cell(t), costs);
                let t_ = t as usize;
                if s.stamp[t_] != q || g < s.g[t_] {
                    if s.stamp[t_] == q {
                        if s.closed[t_] == q {
                            return;
                        }
                        result.improved += 1;
                    } else {
                        result.pushed += 1;
                    }
                    s.stamp[t_] = q;
                    s.g[t_] = g;
                    s.parent[t_] = v;
                    s.heap.push(Reverse(((g + h(t)).to_bits(), t)));
                }
            };
            if v == n as u32 {
                for &t in &open_from_start {
                    relax(s, t, result);
                }
                continue;
            }
            if v < n as u32 && gv == n as u32 + 1 && s.to_goal[v as usize] == q {
                relax(s, gv, result);
            }
            if v < n as u32 {
                for t in self.neighbours(v) {
                    relax(s, t, result);
                }
            }
        }
        None
    }

    /// A padded cell's subgoal number, if it is one.
    fn vertex(&self, at: usize) -> Option<u32> {
        (self.node_of[at] != NONE).then_some(self.node_of[at])
    }

    /// The cells along turning points, each leg its diagonal moves first when they are free,
    /// else its straight moves first (one of the two is how the leg's scan found it).
    fn refine(&self, turns: &[usize]) -> Vec<Pos> {
        let mut path = vec![self.pos(turns[0])];
        for w in turns.windows(2) {
            let leg = self.leg(w[0], w[1], true).or_else(|| self.leg(w[0], w[1], false));
            path.extend(leg.expect("every edge of the graph is h-reachable one way or the other"));
        }
        path
    }

    /// The cells after `from` to `to`, diagonal moves first or straight moves first, or `None`
    /// when a move of that order is not free.
    fn leg(&self, from: usize, to: usize, diagonal_first: bool) -> Option<Vec<Pos>> {
        let (fx, fy) = ((from % self.stride) as isize, (from / self.stride) as isize);
        let (tx, ty) = ((to % self.stride) as isize, (to / self.stride) as isize);
        let (sx, sy) = ((tx - fx).signum(), (ty - fy).signum());
        let (ax, ay) = ((tx - fx).abs(), (ty - fy).abs());
        let diagonal = ax.min(ay);
        let straight = if ax > ay { (sx, 0) } else { (0, sy) };
        let mut moves = vec![(sx, sy); diagonal as usize];
        let straights = vec![straight; (ax.max(ay) - diagonal) as usize];
        if diagonal_first {
            moves.extend(straights);
        } else {
            moves.splice(0..0, straights);
        }
        let mut at = from;
        let mut out = Vec::with_capacity(moves.len());
        for (dx, dy) in moves {
            let next = self.step(at, (dx, dy));
            let sides_free = dx == 0 || dy == 0 || (self.free[self.step(at, (dx, 0))] & self.free[self.step(at, (0, dy))]) == 1;
            if self.free[next] == 0 || !sides_free {
                return None;
            }
            at = next;
            out.push(self.pos(at));
        }
        Some(out)
    }
}
