//! IDA* (Korf 1985): depth-first searches that cut off where f = g + h exceeds a bound, the
//! bound starting at h(start) and raised after each pass to the lowest f that was cut off.
//! With an admissible heuristic the first path found is optimal. It keeps only the current
//! path, so it re-expands cells once per pass and per way of reaching them: on open grids
//! that is very many, and it stops at its expansion limit.

use crate::grid::Grid;
use crate::moves::{moves, path_cost};
use crate::rules::{IDA_LIMIT, SearchOptions};
use crate::searcher::Searcher;
use crate::types::{Pos, SearchResult};

/// One cell of the current path, with its moves (`pending[first..end]`), those from `next`
/// on still to try.
struct Frame {
    at: Pos,
    g: f64,
    first: usize,
    next: usize,
    end: usize,
}

/// IDA*: depth-first searches bounded by f, the bound raised to the least f that exceeded it.
// Long: the depth-first search runs on an explicit stack (no recursion, so no stack overflow
// on long paths); its frames, the bound and the counts are one loop's state.
pub(crate) fn search(s: &mut Searcher, grid: &Grid, start: Pos, goal: Pos, options: &SearchOptions) -> SearchResult {
    let mut result = SearchResult::nothing(options);
    if !s.reachable(grid, start, goal, options.topology) {
        return result;
    }
    let heuristic = options.heuristic();
    let h = |p: Pos| heuristic.estimate(options.topology, options.costs, p, goal) * options.weight;
    let limit = options.limit.unwrap_or(IDA_LIMIT);
    let w = grid.width();
    let mut on_path = vec![false; w * grid.height()];
    let mut pending: Vec<(Pos, f64)> = Vec::new();
    let mut scratch = Vec::new();
    let mut bound = h(start);
    loop {
        // one pass: depth first from the start, cut off above `bound`
        let mut over = f64::INFINITY;
        let mut stack = vec![Frame { at: start, g: 0.0, first: 0, next: 0, end: 0 }];
        pending.clear();
        on_path[start.1 * w + start.0] = true;
        result.pushed += 1;
        let mut expand = true; // the top frame's moves are still to be listed
        while let Some(top) = stack.last_mut() {
            if expand {
                expand = false;
                if top.at == goal {
                    let path: Vec<Pos> = stack.iter().map(|f| f.at).collect();
                    result.cost = Some(path_cost(grid, &path, options.topology, options.costs).expect("IDA* builds legal paths"));
                    result.path = Some(path);
                    return result;
                }
                if result.expanded >= limit {
                    result.stopped = true;
                    return result;
                }
                result.expanded += 1;
                moves(grid, top.at, options.topology, options.costs, true, &mut scratch);
                top.first = pending.len();
                top.next = top.first;
                pending.extend_from_slice(&scratch);
                top.end = pending.len();
            }
            if top.next == top.end {
                // every move tried: back up
                let done = stack.pop().expect("a frame is on the stack");
                on_path[done.at.1 * w + done.at.0] = false;
                pending.truncate(done.first);
                continue;
            }
            let (q, c) = pending[top.next];
            top.next += 1;
            let g = top.g + c;
            let f = g + h(q);
            if on_path[q.1 * w + q.0] {
                continue;
            }
            if f > bound {
                over = over.min(f);
                continue;
            }
            on_path[q.1 * w + q.0] = true;
            result.pushed += 1;
            stack.push(Frame { at: q, g, first: 0, next: 0, end: 0 });
            expand = true;
        }
        if over == f64::INFINITY {
            return result; // nothing was cut off: every reachable cell tried, no path
        }
        bound = over;
    }
}
