//! The hot loop for the common case: A* (or Dijkstra) with the octile heuristic on a square grid
//! of uniform cells without corner cutting, run whole. What the generic [`StepSearch::step`]
//! decides per cell (terrain, the algorithm, the heuristic, recording for the step view) is
//! fixed per search here, and an estimate is worked out only for a cell that is queued. It
//! makes the same expansions, in the same order, with the same result as stepping (the engine's
//! tests compare the two on random grids).

use crate::grid::board::{BLOCKED, DX, DY};
use crate::grid::rules::{CostModel, DiagonalRule, Heuristic, Topology};
use crate::search::core::open_list::{Entry, Node};
use crate::search::core::options::Algorithm;
use crate::search::core::searcher::Searcher;
use crate::search::plane::state::StepSearch;

/// The search's records and open list, with this search's marks and counters.
struct Frontier<'s> {
    s: &'s mut Searcher,
    /// The mark of a cell seen in this search; `closed` once expanded.
    open: u32,
    closed: u32,
    estimate: Estimate,
    pushed: usize,
    improved: usize,
}

impl Frontier<'_> {
    /// Offers cell `n` (a neighbour of an expanded cell, so on the padded grid), at padded
    /// (x, y), at cost `g` from `parent`.
    #[inline(always)]
    fn relax(&mut self, n: usize, parent: u32, g: f64, x: u32, y: u32) {
        debug_assert!(n < self.s.nodes.len());
        // SAFETY: there is a node for every padded cell, and `n` is one (see `run_uniform`)
        let node = unsafe { self.s.nodes.get_unchecked_mut(n) };
        if node.mark | 1 == self.closed {
            // seen in this search: a closed cell is never cheaper by another way under a
            // consistent estimate, and is not reopened under an inconsistent one (weights above 1)
            if g < node.g && node.mark != self.closed {
                node.g = g;
                node.parent = parent;
                self.improved += 1;
                self.s.heap.raise(Entry::new(g + self.estimate.at(x, y), g, n as u32));
            }
        } else {
            *node = Node { g, parent, mark: self.open };
            self.pushed += 1;
            self.s.heap.push(&self.s.nodes, Entry::new(g + self.estimate.at(x, y), g, n as u32));
        }
    }
}

/// The search's estimate to the goal from padded coordinates (differences are the same as
/// unpadded ones), times the search weight.
struct Estimate {
    goal: (usize, usize),
    heuristic: Heuristic,
    costs: CostModel,
    weight: f64,
}

impl Estimate {
    #[inline(always)]
    fn at(&self, x: u32, y: u32) -> f64 {
        let topology = Topology::Square(DiagonalRule::NoCornerCutting);
        self.heuristic.estimate(topology, self.costs, (x as usize, y as usize), self.goal) * self.weight
    }
}

/// Whether [`run`] may run this search.
pub(crate) fn applies(run: &StepSearch<'_>) -> bool {
    matches!(run.options.algorithm, Algorithm::AStar | Algorithm::Dijkstra)
        && run.options.topology == Topology::Square(DiagonalRule::NoCornerCutting)
        && matches!(run.heuristic, Heuristic::Octile | Heuristic::Zero)
        && !run.special
        && !run.record
        && run.given.is_none()
        && run.grid.padded_len() <= u32::MAX as usize
}

/// Runs the search to its end or until `limit` expansions; see the module's notes.
// Long: the hot loop, kept whole on purpose: its point is that nothing is decided per cell
// that the search fixes; split up, its parts would pass the frontier around for every cell.
pub(crate) fn run(run: &mut StepSearch<'_>, limit: usize) {
    let stride = run.grid.stride() as u32;
    let codes = run.grid.codes();
    let (straight, diagonal) = (run.options.costs.straight(), run.options.costs.diagonal());
    let off = run.offsets;
    let mut f = Frontier {
        s: &mut *run.s,
        open: run.stamp << 1,
        closed: run.stamp << 1 | 1,
        estimate: Estimate {
            goal: (run.goal_pos.0 + 1, run.goal_pos.1 + 1),
            heuristic: run.heuristic,
            costs: run.options.costs,
            weight: run.options.weight,
        },
        pushed: 0,
        improved: 0,
    };
    while run.expanded < limit {
        let Some(e) = f.s.heap.pop(&f.s.nodes) else {
            run.finished = Some(false);
            run.current = None;
            break;
        };
        let idx = e.idx();
        let i = idx as usize;
        f.s.nodes[i].mark = f.closed;
        run.expanded += 1;
        run.current = Some(idx);
        if idx == run.goal {
            run.finished = Some(true);
            break;
        }
        let g = f.s.nodes[i].g;
        // padded coordinates, for the estimates
        let (x, y) = ((idx % stride) as isize, (idx / stride) as isize);
        // an expanded cell is passable, so inside the blocked border
        debug_assert!(x >= 1 && y >= 1 && i + stride as usize + 1 < codes.len());
        // SAFETY: the neighbours of a cell inside the border are on the padded grid, whose
        // length is `codes`' (and the number of nodes)
        let code = |n: usize| unsafe { *codes.get_unchecked(n) };
        let mut open = [false; 4];
        for d in 0..4 {
            let n = (i as isize + off[d]) as usize;
            open[d] = code(n) != BLOCKED;
            if open[d] {
                f.relax(n, idx, g + straight, (x + DX[d]) as u32, (y + DY[d]) as u32);
            }
        }
        // diagonal 4 + k passes between straight neighbours SIDES[k]
        const SIDES: [(usize, usize); 4] = [(0, 2), (0, 3), (1, 2), (1, 3)];
        for (k, &(a, b)) in SIDES.iter().enumerate() {
            let n = (i as isize + off[4 + k]) as usize;
            if open[a] && open[b] && code(n) != BLOCKED {
                f.relax(n, idx, g + diagonal, (x + DX[4 + k]) as u32, (y + DY[4 + k]) as u32);
            }
        }
    }
    run.pushed += f.pushed;
    run.improved += f.improved;
}
