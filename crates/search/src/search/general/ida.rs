//! IDA* (Korf 1985) on any [`Space`] (the 2D grid and voxel worlds): depth-first searches that cut off where f = g + h exceeds a bound, the
//! bound starting at h(start) and raised after each pass to the lowest f that was cut off.
//! With an admissible heuristic the first path found is optimal. It keeps only the current
//! path, so it re-expands cells once per pass and per way of reaching them: on open grids
//! that is very many, and it stops at its expansion limit.

use crate::search::core::options::IDA_LIMIT;
use crate::search::core::space::{Plan, Space};
use crate::search::core::types::SearchResult;

/// One cell of the current path, with its moves (`pending[first..end]`), those from `next`
/// on still to try.
struct Frame {
    at: usize,
    g: f64,
    first: usize,
    next: usize,
    end: usize,
}

/// IDA*: depth-first searches bounded by f, the bound raised to the least f that exceeded it.
/// The caller has checked the endpoints and that the goal can be reached.
// Long: the depth-first search runs on an explicit stack (no recursion, so no stack overflow
// on long paths); its frames, the bound and the counts are one loop's state.
pub(crate) fn search<S: Space>(space: &S, start: S::Pos, goal: S::Pos, plan: Plan) -> SearchResult<S::Pos> {
    let mut result = plan.nothing();
    let (start, goal) = (space.index(start), space.index(goal));
    let h = |i: usize| space.estimate(i, goal);
    let limit = plan.limit.unwrap_or(IDA_LIMIT);
    let mut on_path = vec![false; space.len()];
    let mut pending: Vec<(usize, f64)> = Vec::new();
    let mut scratch = Vec::new();
    let mut bound = h(start);
    loop {
        // one pass: depth first from the start, cut off above `bound`
        let mut over = f64::INFINITY;
        let mut stack = vec![Frame { at: start, g: 0.0, first: 0, next: 0, end: 0 }];
        pending.clear();
        on_path[start] = true;
        result.pushed += 1;
        let mut expand = true; // the top frame's moves are still to be listed
        while let Some(top) = stack.last_mut() {
            if space.refusal().is_some() {
                return result; // a given estimate was refused: the caller answers with the refusal
            }
            if expand {
                expand = false;
                if top.at == goal {
                    let path: Vec<S::Pos> = stack.iter().map(|f| space.pos(f.at)).collect();
                    result.cost = Some(space.path_cost(&path));
                    result.path = Some(path);
                    return result;
                }
                if result.expanded >= limit {
                    result.stopped = true;
                    return result;
                }
                result.expanded += 1;
                space.moves(top.at, true, &mut scratch);
                top.first = pending.len();
                top.next = top.first;
                pending.extend_from_slice(&scratch);
                top.end = pending.len();
            }
            if top.next == top.end {
                // every move tried: back up
                let done = stack.pop().expect("a frame is on the stack");
                on_path[done.at] = false;
                pending.truncate(done.first);
                continue;
            }
            let (q, c) = pending[top.next];
            top.next += 1;
            let g = top.g + c;
            let f = g + h(q);
            if on_path[q] {
                continue;
            }
            if f > bound {
                over = over.min(f);
                continue;
            }
            on_path[q] = true;
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
