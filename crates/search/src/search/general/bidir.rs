//! Bidirectional A* on any [`Space`] (the 2D grid and voxel worlds): one A* from the start, one backwards from the goal over the reversed
//! moves, the side with fewer open cells expanded next. Every time a cell reached from one side
//! is reached from the other, the meeting's cost is a path's cost; the best one, mu, is optimal
//! once the lowest f on either side is at least mu (with a consistent heuristic, any path
//! cheaper than mu would keep a cell of f below mu open on both sides).

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use crate::search::core::space::{Plan, Space};
use crate::search::core::types::SearchResult;

const NONE: u32 = u32::MAX;

/// One direction's A*.
struct Side {
    g: Vec<f64>,
    parent: Vec<u32>,
    closed: Vec<bool>,
    /// (f bits, cell), lowest f first; entries whose f no longer holds are skipped.
    heap: BinaryHeap<Reverse<(u64, u32)>>,
    open: usize,
    /// The end this side estimates its distance to.
    target: usize,
    forward: bool,
}

impl Side {
    fn new(len: usize, from: u32, target: usize, forward: bool, h: f64) -> Side {
        let mut side = Side {
            g: vec![f64::INFINITY; len],
            parent: vec![NONE; len],
            closed: vec![false; len],
            heap: BinaryHeap::new(),
            open: 1,
            target,
            forward,
        };
        side.g[from as usize] = 0.0;
        side.heap.push(Reverse((h.to_bits(), from)));
        side
    }

    /// The lowest f on the open list, stale entries dropped first.
    fn top(&mut self, h: impl Fn(u32, usize) -> f64) -> Option<f64> {
        while let Some(&Reverse((f, i))) = self.heap.peek() {
            if self.closed[i as usize] || f != (self.g[i as usize] + h(i, self.target)).to_bits() {
                self.heap.pop();
            } else {
                return Some(f64::from_bits(f));
            }
        }
        None
    }
}

/// Bidirectional A*: the two frontiers take turns until the stop rule holds, then the path is
/// joined where they met. The caller has checked the endpoints and that the goal can be reached.
// Long: the two sides' loop, the meeting rule and the stop test read and write the same
// frontiers; the path's joining is the only part that stands alone, and it is short.
pub(crate) fn search<S: Space>(space: &S, start: S::Pos, goal: S::Pos, plan: Plan) -> SearchResult<S::Pos> {
    let mut result = plan.nothing();
    let (start, goal) = (space.index(start), space.index(goal));
    let h = |i: u32, target: usize| space.estimate(i as usize, target);
    let len = space.len();
    let mut sides =
        [Side::new(len, start as u32, goal, true, h(start as u32, goal)), Side::new(len, goal as u32, start, false, h(goal as u32, start))];
    result.pushed = 2;
    let (mut mu, mut meet) = if start == goal { (0.0, start as u32) } else { (f64::INFINITY, NONE) };
    let limit = plan.limit.unwrap_or(usize::MAX);
    let mut next = Vec::new();
    while let (Some(top_f), Some(top_b)) = (sides[0].top(h), sides[1].top(h)) {
        if top_f.max(top_b) >= mu {
            break;
        }
        if result.expanded >= limit {
            result.stopped = true;
            return result;
        }
        if space.refusal().is_some() {
            return result; // a given estimate was refused: the caller answers with the refusal
        }
        let k = usize::from(sides[1].open < sides[0].open);
        let [a, b] = &mut sides;
        let (me, other) = if k == 0 { (a, b) } else { (b, a) };
        let Reverse((_, u)) = me.heap.pop().expect("top() saw an entry");
        me.closed[u as usize] = true;
        me.open -= 1;
        result.expanded += 1;
        space.moves(u as usize, me.forward, &mut next);
        for &(v, c) in &next {
            if me.closed[v] {
                continue;
            }
            let g = me.g[u as usize] + c;
            if g < me.g[v] {
                if me.g[v].is_finite() {
                    result.improved += 1;
                } else {
                    result.pushed += 1;
                    me.open += 1;
                }
                me.g[v] = g;
                me.parent[v] = u;
                me.heap.push(Reverse(((g + h(v as u32, me.target)).to_bits(), v as u32)));
                if g + other.g[v] < mu {
                    mu = g + other.g[v];
                    meet = v as u32;
                }
            }
        }
    }
    if meet == NONE {
        return result;
    }
    let mut path = vec![space.pos(meet as usize)];
    let mut i = meet;
    while sides[0].parent[i as usize] != NONE {
        i = sides[0].parent[i as usize];
        path.push(space.pos(i as usize));
    }
    path.reverse();
    let mut i = meet;
    while sides[1].parent[i as usize] != NONE {
        i = sides[1].parent[i as usize];
        path.push(space.pos(i as usize));
    }
    result.cost = Some(space.path_cost(&path));
    result.path = Some(path);
    result
}
