//! A search in progress ([`StepSearch`]): its state, the open-list operations every algorithm
//! shares (offering a neighbour, the cost of entering a cell, popping the next cell), what it
//! knows of each cell, and the result. The algorithms' expansions build on this; the one step
//! that picks among them is `step.rs`.

use crate::grid::Pos;
use crate::grid::board::{BLOCKED, DX, DY, Grid, may_enter};
use crate::grid::moves::path_cost;
use crate::grid::rules::{Heuristic, Topology};
use crate::grid::sight::polyline_length;
use crate::search::core::estimate::{Estimate, Given};
use crate::search::core::open_list::{Entry, NONE, fill_runs, parent_chain};
use crate::search::core::options::{Algorithm, SearchOptions};
use crate::search::core::searcher::{Searcher, validate};
use crate::search::core::types::{CellInfo, CellState, SearchError, SearchResult};
use crate::search::plane::held::Held;

/// A search in progress, advanced one expansion at a time. Ends with the same result as
/// [`Searcher::search`] on the same input.
pub struct StepSearch<'a> {
    pub(crate) s: &'a mut Searcher,
    pub(crate) grid: &'a Grid,
    pub(crate) options: SearchOptions,
    pub(crate) heuristic: Heuristic,
    pub(crate) start: u32,
    pub(crate) goal: u32,
    pub(crate) goal_pos: Pos,
    pub(crate) stamp: u32,
    pub(crate) expanded: usize,
    pub(crate) pushed: usize,
    pub(crate) improved: usize,
    pub(crate) current: Option<u32>,
    pub(crate) finished: Option<bool>,
    pub(crate) special: bool,
    pub(crate) offsets: [isize; 8],
    /// The table its jumps read, held from the first slice to the last.
    pub(crate) held: Held,
    /// Keep the cells each step pushed, for [`StepSearch::last_pushed`] (off in one-shot runs).
    pub(crate) record: bool,
    /// The estimate given in place of the heuristic, if any.
    pub(crate) given: Option<Given<Pos>>,
}

impl<'a> StepSearch<'a> {
    /// Starts a search; see [`Searcher::search`] for the errors.
    pub fn new(s: &'a mut Searcher, grid: &'a Grid, start: Pos, goal: Pos, options: &SearchOptions) -> Result<Self, SearchError> {
        StepSearch::begin(s, grid, (start, goal), options, None)
    }

    /// Starts a search, with `given` in place of the options' heuristic when there is one.
    pub(crate) fn begin(
        s: &'a mut Searcher,
        grid: &'a Grid,
        (start, goal): (Pos, Pos),
        options: &SearchOptions,
        given: Option<&Estimate>,
    ) -> Result<Self, SearchError> {
        validate(grid, start, goal, options)?;
        if given.is_some() && !options.algorithm.takes_estimate() {
            return Err(SearchError::TakesNoEstimate(options.algorithm));
        }
        s.prepare(grid.padded_len(), grid.stride());
        let stride = grid.stride() as isize;
        let mut offsets = [0isize; 8];
        for d in 0..8 {
            offsets[d] = DY[d] * stride + DX[d];
        }
        let mut run = StepSearch {
            stamp: s.records.generation,
            s,
            grid,
            options: *options,
            heuristic: options.heuristic(),
            start: grid.index(start.0, start.1) as u32,
            goal: grid.index(goal.0, goal.1) as u32,
            goal_pos: goal,
            expanded: 0,
            pushed: 0,
            improved: 0,
            current: None,
            finished: None,
            special: !grid.is_uniform(),
            offsets,
            held: Held::Nothing,
            record: true,
            given: given.map(Given::new),
        };
        run.held = run.s.held_for(grid, options.algorithm);
        if run.s.reachable(grid, start, goal, options.topology) {
            let h = run.estimate(start);
            run.touch(run.start, 0.0, h, NONE, false);
            run.stop_if_refused();
        } else {
            // different components: no path, known without expanding anything
            run.finished = Some(false);
        }
        Ok(run)
    }

    #[inline]
    pub(crate) fn estimate(&self, p: Pos) -> f64 {
        if self.given.is_some() {
            return self.given_estimate(p);
        }
        let h = self.heuristic.estimate(self.options.topology, self.options.costs, p, self.goal_pos);
        if self.options.weight == 1.0 { h } else { h * self.options.weight }
    }

    /// [`StepSearch::estimate`] with a given estimate, kept out of the named heuristics' way.
    #[cold]
    #[inline(never)]
    fn given_estimate(&self, p: Pos) -> f64 {
        let h = self.given.as_ref().map_or(0.0, |g| g.at(p, self.goal_pos));
        if self.options.weight == 1.0 { h } else { h * self.options.weight }
    }

    /// Ends the search, without a path, once the given estimate has been refused somewhere.
    #[inline]
    pub(crate) fn stop_if_refused(&mut self) {
        if self.given.as_ref().is_some_and(|g| g.refused().is_some()) {
            self.finished = Some(false);
        }
    }

    /// Where the given estimate was refused (NaN, infinite or negative), as the error the
    /// search answers with.
    pub(crate) fn refusal(&self) -> Option<SearchError> {
        let (at, value) = self.given.as_ref()?.refused()?;
        Some(SearchError::BadEstimate { at, value })
    }

    /// Records a better way to `idx` and puts it on the open list.
    #[inline]
    pub(crate) fn touch(&mut self, idx: u32, g: f64, h: f64, parent: u32, queued: bool) {
        let i = idx as usize;
        let s = &mut *self.s;
        let node = &mut s.nodes[i];
        node.g = g;
        node.parent = parent;
        node.mark = self.stamp << 1;
        if self.record {
            s.records.pushed_now.push(idx);
        }
        if queued {
            self.improved += 1;
        } else {
            self.pushed += 1;
        }
        match self.options.algorithm {
            Algorithm::Bfs => s.records.fifo.push_back(idx),
            // Greedy orders by h alone: a better g keeps the entry where it is.
            Algorithm::Greedy if queued => {}
            Algorithm::Greedy => s.heap.push(&s.nodes, Entry::new(h, g, idx)),
            _ if queued => s.heap.raise(Entry::new(g + h, g, idx)),
            _ => s.heap.push(&s.nodes, Entry::new(g + h, g, idx)),
        }
    }

    /// Whether the search is over.
    pub fn is_finished(&self) -> bool {
        self.finished.is_some()
    }

    #[inline]
    pub(crate) fn pop(&mut self) -> Option<u32> {
        if self.options.algorithm == Algorithm::Bfs {
            return self.s.records.fifo.pop_front();
        }
        let s = &mut *self.s;
        s.heap.pop(&s.nodes).map(Entry::idx)
    }

    /// Whether padded cell `i` is not blocked.
    #[inline]
    pub(crate) fn open_at(&self, i: isize) -> bool {
        self.grid.codes()[i as usize] != BLOCKED
    }

    // --- offering neighbours ---

    /// Offers the neighbour `n` at `npos`, reached from `idx` by a step of cost `step`.
    #[inline]
    pub(crate) fn relax(&mut self, idx: u32, g_here: f64, n: u32, npos: Pos, step: f64) {
        self.relax_from(idx, g_here, n, npos, step);
    }

    /// [`StepSearch::relax`] kept out of line, for the jump searches: inlined into JPS's
    /// expansion (where the jumps are inlined already) it made JPS, block-based JPS and JPS+ 4 to
    /// 8 % slower on maze255 and lak304d (`cargo bench -p cubepath-search --bench compare`),
    /// while A*'s expansion wants it inlined.
    #[inline(never)]
    pub(crate) fn relax_jump(&mut self, idx: u32, g_here: f64, n: u32, npos: Pos, step: f64) {
        self.relax_from_with::<false>(idx, g_here, n, npos, step);
    }

    /// Offers `n` at `npos` with `parent` (whose cost is `g_parent`) as its parent, `step`
    /// beyond it: the parent is the expanded cell, or for any-angle searches a cell in sight.
    #[inline]
    pub(crate) fn relax_from(&mut self, parent: u32, g_parent: f64, n: u32, npos: Pos, step: f64) {
        self.relax_from_with::<true>(parent, g_parent, n, npos, step);
    }

    /// [`StepSearch::relax_from`], and whether a closed cell may be taken back (A* with a given
    /// estimate: see [`StepSearch::reopen`]); the jump searches never take one back, and leave
    /// the check out of their loop.
    #[inline]
    fn relax_from_with<const REOPEN: bool>(&mut self, parent: u32, g_parent: f64, n: u32, npos: Pos, step: f64) {
        let ni = n as usize;
        let node = &self.s.nodes[ni];
        if node.mark == self.stamp << 1 | 1 {
            if REOPEN && self.given.is_some() {
                self.reopen(parent, g_parent + step, n, npos);
            }
            return;
        }
        let g = g_parent + step;
        if node.mark >> 1 != self.stamp {
            let h = self.estimate(npos);
            self.touch(n, g, h, parent, false);
        } else if g < node.g && self.options.algorithm != Algorithm::Bfs {
            // BFS keeps the first arrival; the others take the cheaper way.
            let h = self.estimate(npos);
            self.touch(n, g, h, parent, true);
        }
    }

    /// With a given estimate, A* takes a closed cell back onto the open list when it finds a
    /// cheaper way to it, as textbook A* does for an estimate that may be inconsistent: an
    /// admissible estimate still gives the least-cost path, and a learner sees the cells
    /// expanded more than once. (With the named heuristics, all consistent where admissible,
    /// a closed cell is final.)
    #[cold]
    fn reopen(&mut self, parent: u32, g: f64, n: u32, npos: Pos) {
        // cheaper by more than the rounding of sums taken in another order
        if self.options.algorithm == Algorithm::AStar && g < self.s.nodes[n as usize].g * (1.0 - 1e-12) {
            let h = self.estimate(npos);
            self.touch(n, g, h, parent, false);
            // a cell pushed again is counted once, as pushed; its better way as an improvement
            (self.pushed, self.improved) = (self.pushed - 1, self.improved + 1);
        }
    }

    #[inline]
    fn weight_of(code: u8) -> f64 {
        code as f64 // ground codes are their weights; swamp and water are mapped before
    }

    #[inline]
    pub(crate) fn entry_cost(&self, from: u8, to: u8) -> Option<f64> {
        if to == BLOCKED {
            return None;
        }
        if !self.special {
            return Some(1.0);
        }
        if !may_enter(from, to) {
            return None;
        }
        Some(if to >= 10 { 1.0 } else { Self::weight_of(to) })
    }

    // --- inspection ---

    pub(crate) fn is_closed(&self, i: usize) -> bool {
        self.s.nodes[i].mark == self.stamp << 1 | 1
    }

    /// The cell expanded by the last step.
    pub fn current(&self) -> Option<Pos> {
        self.current.map(|i| self.grid.coords(i as usize))
    }

    /// Cells pushed or improved by the last step.
    pub fn last_pushed(&self) -> impl Iterator<Item = Pos> + '_ {
        self.s.records.pushed_now.iter().map(|&i| self.grid.coords(i as usize))
    }

    /// Nodes expanded so far.
    pub fn expanded(&self) -> usize {
        self.expanded
    }

    /// Nodes put on the open list so far, each counted once.
    pub fn pushed(&self) -> usize {
        self.pushed
    }

    /// What the search knows of (x, y), or `None` if it has not touched the cell.
    pub fn info(&self, p: Pos) -> Option<CellInfo> {
        if self.grid.check(p.0, p.1).is_err() {
            return None;
        }
        let i = self.grid.index(p.0, p.1);
        if self.s.nodes[i].mark >> 1 != self.stamp {
            return None;
        }
        let closed = self.is_closed(i);
        let (g, h) = (self.s.nodes[i].g, self.estimate(p));
        let parent = self.s.nodes[i].parent;
        Some(CellInfo {
            state: if closed { CellState::Closed } else { CellState::Open },
            g,
            h,
            f: match self.options.algorithm {
                Algorithm::Greedy => h,
                _ => g + h,
            },
            parent: (parent != NONE).then(|| self.grid.coords(parent as usize)),
            expansion: closed.then_some(self.s.records.order[i] as usize),
        })
    }

    /// The cells on the open list (each once).
    pub fn open_cells(&self) -> Vec<Pos> {
        let queued: Vec<u32> = match self.options.algorithm {
            Algorithm::Bfs => self.s.records.fifo.iter().copied().collect(),
            _ => self.s.heap.iter().map(|e| e.idx()).collect(),
        };
        let mut cells: Vec<u32> = queued.into_iter().filter(|&i| !self.is_closed(i as usize)).collect();
        cells.sort_unstable();
        cells.dedup();
        cells.into_iter().map(|i| self.grid.coords(i as usize)).collect()
    }

    /// The expanded cells, in expansion order.
    pub fn closed_cells(&self) -> Vec<Pos> {
        let mut cells: Vec<(u32, Pos)> = self
            .grid
            .cells()
            .filter_map(|(p, _)| {
                let i = self.grid.index(p.0, p.1);
                self.is_closed(i).then_some((self.s.records.order[i], p))
            })
            .collect();
        cells.sort_unstable();
        cells.into_iter().map(|(_, p)| p).collect()
    }

    // --- the result ---

    /// The result so far: the path once the goal was found, else none.
    pub fn result(&self) -> SearchResult {
        let (path, cost) = if self.finished == Some(true) {
            let idxs = parent_chain(&self.s.nodes, self.start, self.goal);
            if self.options.algorithm.any_angle() {
                let points: Vec<Pos> = idxs.iter().map(|&i| self.grid.coords(i as usize)).collect();
                let cost = polyline_length(&points);
                return self.finish(Some(points), Some(cost));
            }
            // on a uniform square grid the cost is the steps counted as they are laid down
            let square = matches!(self.options.topology, Topology::Square(_));
            let (cells, straight, diagonal) = fill_runs(&idxs, |i| self.grid.coords(i), square);
            let cost = if self.grid.is_uniform() {
                let cost = self.options.costs.total(straight, diagonal);
                debug_assert_eq!(path_cost(self.grid, &cells, self.options.topology, self.options.costs), Ok(cost));
                cost
            } else {
                path_cost(self.grid, &cells, self.options.topology, self.options.costs).expect("the engine only builds legal paths")
            };
            (Some(cells), Some(cost))
        } else {
            (None, None)
        };
        self.finish(path, cost)
    }

    fn finish(&self, path: Option<Vec<Pos>>, cost: Option<f64>) -> SearchResult {
        SearchResult {
            path,
            cost,
            expanded: self.expanded,
            pushed: self.pushed,
            improved: self.improved,
            admissible: self.options.is_admissible(),
            stopped: false,
        }
    }
}
