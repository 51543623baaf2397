//! A*, Dijkstra, greedy best-first and BFS on any [`Space`], in a [`Searcher`]'s buffers: the
//! searches of voxel worlds.

use crate::open_list::{Entry, NONE};
use crate::rules::Algorithm;
use crate::searcher::Searcher;
use crate::space::{Plan, Space};
use crate::types::SearchResult;

/// A*, Dijkstra, greedy best-first or BFS (by `plan.algorithm`; Dijkstra and BFS ignore the
/// estimate) from `start` to `goal` in `space`, in the searcher's buffers, up to
/// `plan.limit` expansions. The open list orders as the 2D searches do (f, then larger g,
/// then lower index); BFS takes the first arrival. The caller has checked the endpoints and
/// that the goal can be reached.
pub(crate) fn best_first<S: Space>(s: &mut Searcher, space: &S, start: usize, goal: usize, plan: Plan) -> SearchResult<S::Pos> {
    let mut result = plan.nothing();
    s.prepare(space.len(), 0);
    let run = Run { space, goal, algorithm: plan.algorithm, open: s.generation << 1, closed: s.generation << 1 | 1 };
    s.nodes[start].g = 0.0;
    s.nodes[start].parent = NONE;
    s.nodes[start].mark = run.open;
    run.push(s, start, 0.0);
    result.pushed = 1;
    let limit = plan.limit.unwrap_or(usize::MAX);
    let mut next = Vec::new();
    loop {
        let popped = if run.algorithm == Algorithm::Bfs { s.fifo.pop_front() } else { s.heap.pop(&s.nodes).map(Entry::idx) };
        let Some(u) = popped else { return result };
        let u = u as usize;
        if s.nodes[u].mark == run.closed {
            continue;
        }
        if u == goal {
            break;
        }
        if result.expanded >= limit {
            result.stopped = true;
            return result;
        }
        s.nodes[u].mark = run.closed;
        result.expanded += 1;
        space.moves(u, true, &mut next);
        for &(v, c) in &next {
            run.offer(s, &mut result, u, v, c);
        }
    }
    let mut path = vec![space.pos(goal)];
    let mut at = goal;
    while at != start {
        at = s.nodes[at].parent as usize;
        path.push(space.pos(at));
    }
    path.reverse();
    result.cost = Some(space.path_cost(&path));
    result.path = Some(path);
    result
}

/// What one search fixes: the space, the goal, the algorithm and this search's marks.
struct Run<'a, S> {
    space: &'a S,
    goal: usize,
    algorithm: Algorithm,
    open: u32,
    closed: u32,
}

impl<S: Space> Run<'_, S> {
    /// The estimate the open list adds to g (none for Dijkstra and BFS).
    fn estimate(&self, i: usize) -> f64 {
        match self.algorithm {
            Algorithm::Dijkstra | Algorithm::Bfs => 0.0,
            _ => self.space.estimate(i, self.goal),
        }
    }

    /// The open list's key: f = g + h, or h alone for greedy.
    fn key(&self, i: usize, g: f64) -> Entry {
        let h = self.estimate(i);
        Entry::new(if self.algorithm == Algorithm::Greedy { h } else { g + h }, g, i as u32)
    }

    fn push(&self, s: &mut Searcher, i: usize, g: f64) {
        if self.algorithm == Algorithm::Bfs {
            s.fifo.push_back(i as u32);
        } else {
            s.heap.push(&s.nodes, self.key(i, g));
        }
    }

    /// Offers `v`, reached from the expanded `u` by a move of cost `c`.
    fn offer<P>(&self, s: &mut Searcher, result: &mut SearchResult<P>, u: usize, v: usize, c: f64) {
        let node = s.nodes[v];
        let g = s.nodes[u].g + c;
        if node.mark == self.closed || (node.mark == self.open && (self.algorithm == Algorithm::Bfs || g >= node.g)) {
            return;
        }
        let queued = node.mark == self.open;
        s.nodes[v].g = g;
        s.nodes[v].parent = u as u32;
        s.nodes[v].mark = self.open;
        match (queued, self.algorithm) {
            (false, _) => {
                result.pushed += 1;
                self.push(s, v, g);
            }
            // greedy orders by the estimate alone: a cheaper way keeps its place
            (true, Algorithm::Greedy) => result.improved += 1,
            (true, _) => {
                result.improved += 1;
                s.heap.raise(self.key(v, g));
            }
        }
    }
}
