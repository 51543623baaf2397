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
    let stamp = s.generation;
    let (open, closed) = (stamp << 1, stamp << 1 | 1);
    let algorithm = plan.algorithm;
    let estimate = |i: usize| match algorithm {
        Algorithm::Dijkstra | Algorithm::Bfs => 0.0,
        _ => space.estimate(i, goal),
    };
    let key = |g: f64, h: f64| if algorithm == Algorithm::Greedy { h } else { g + h };
    let push = |s: &mut Searcher, i: usize, g: f64| {
        if algorithm == Algorithm::Bfs {
            s.fifo.push_back(i as u32);
        } else {
            s.heap.push(&s.nodes, Entry::new(key(g, estimate(i)), g, i as u32));
        }
    };
    s.nodes[start].g = 0.0;
    s.nodes[start].parent = NONE;
    s.nodes[start].mark = open;
    push(s, start, 0.0);
    result.pushed = 1;
    let limit = plan.limit.unwrap_or(usize::MAX);
    let mut next = Vec::new();
    loop {
        let popped = if algorithm == Algorithm::Bfs { s.fifo.pop_front() } else { s.heap.pop(&s.nodes).map(Entry::idx) };
        let Some(u) = popped else { return result };
        let u = u as usize;
        if s.nodes[u].mark == closed {
            continue;
        }
        if u == goal {
            break;
        }
        if result.expanded >= limit {
            result.stopped = true;
            return result;
        }
        s.nodes[u].mark = closed;
        result.expanded += 1;
        let g_here = s.nodes[u].g;
        space.moves(u, true, &mut next);
        for &(v, c) in &next {
            let node = s.nodes[v];
            let g = g_here + c;
            if node.mark == closed || (node.mark == open && (algorithm == Algorithm::Bfs || g >= node.g)) {
                continue;
            }
            let queued = node.mark == open;
            s.nodes[v].g = g;
            s.nodes[v].parent = u as u32;
            s.nodes[v].mark = open;
            match (queued, algorithm) {
                (false, _) => {
                    result.pushed += 1;
                    push(s, v, g);
                }
                // greedy orders by the estimate alone: a cheaper way keeps its place
                (true, Algorithm::Greedy) => result.improved += 1,
                (true, _) => {
                    result.improved += 1;
                    s.heap.raise(Entry::new(key(g, estimate(v)), g, v as u32));
                }
            }
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
