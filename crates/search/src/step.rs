//! The step-by-step search: one expansion per [`StepSearch::step`], and what it knows of each
//! cell along the way.

use crate::grid::Grid;
use crate::open_list::{Entry, NONE};
use crate::rules::{Algorithm, DiagonalRule, Heuristic, SearchOptions, Topology};
use crate::searcher::{CellInfo, CellState, Pos, SearchError, Searcher, Step, validate};

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
    /// Keep the cells each step pushed, for [`StepSearch::last_pushed`] (off in one-shot runs).
    pub(crate) record: bool,
}

// Directions 0..4 straight (N, S, W, E), 4..8 diagonal (NW, NE, SW, SE).
pub(crate) const DX: [isize; 8] = [0, 0, -1, 1, -1, 1, -1, 1];
pub(crate) const DY: [isize; 8] = [-1, 1, 0, 0, -1, -1, 1, 1];

impl<'a> StepSearch<'a> {
    /// Starts a search; see [`Searcher::search`] for the errors.
    pub fn new(s: &'a mut Searcher, grid: &'a Grid, start: Pos, goal: Pos, options: &SearchOptions) -> Result<Self, SearchError> {
        validate(grid, start, goal, options)?;
        s.prepare(grid.padded_len(), grid.stride());
        let stride = grid.stride() as isize;
        let mut offsets = [0isize; 8];
        for d in 0..8 {
            offsets[d] = DY[d] * stride + DX[d];
        }
        let mut run = StepSearch {
            stamp: s.generation,
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
            record: true,
        };
        match options.algorithm {
            Algorithm::JpsBlock => run.s.prepare_bits(grid),
            Algorithm::JpsPlus => run.s.prepare_jumps(grid),
            _ => {}
        }
        if run.s.reachable(grid, start, goal, options.topology) {
            let h = run.estimate(start);
            run.touch(run.start, 0.0, h, NONE, false);
        } else {
            // different components: no path, known without expanding anything
            run.finished = Some(false);
        }
        Ok(run)
    }

    #[inline]
    pub(crate) fn estimate(&self, p: Pos) -> f64 {
        let h = self.heuristic.estimate(self.options.topology, self.options.costs, p, self.goal_pos);
        if self.options.weight == 1.0 { h } else { h * self.options.weight }
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
            s.pushed_now.push(idx);
        }
        if queued {
            self.improved += 1;
        } else {
            self.pushed += 1;
        }
        match self.options.algorithm {
            Algorithm::Bfs => s.fifo.push_back(idx),
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

    /// Advances by one expansion. After the end it keeps returning the final step.
    pub fn step(&mut self) -> Step {
        if let Some(found) = self.finished {
            return if found { Step::Found } else { Step::NoPath };
        }
        self.s.pushed_now.clear();
        let Some(idx) = self.pop() else {
            self.finished = Some(false);
            self.current = None;
            return Step::NoPath;
        };
        let i = idx as usize;
        self.s.nodes[i].mark = self.stamp << 1 | 1;
        if self.record {
            self.s.order[i] = self.expanded as u32;
        }
        self.expanded += 1;
        self.current = Some(idx);
        if self.options.algorithm == Algorithm::LazyTheta
            && let Topology::Square(rule) = self.options.topology
        {
            // the assumed parent is checked before anything else, the goal's included
            self.settle_lazy(idx, self.grid.coords(i), rule);
        }
        if idx == self.goal {
            self.finished = Some(true);
            return Step::Found;
        }
        let pos = self.grid.coords(i);
        match (self.options.algorithm, self.options.topology) {
            (Algorithm::Jps, Topology::Square(DiagonalRule::Never)) => self.expand_jps4(idx, pos),
            (Algorithm::Jps | Algorithm::JpsBlock | Algorithm::JpsPlus, _) => self.expand_jps(idx, pos),
            (Algorithm::Theta | Algorithm::LazyTheta, Topology::Square(rule)) => self.expand_any_angle(idx, pos, rule),
            (_, Topology::Hex) => self.expand_hex(idx, pos),
            (_, Topology::Square(rule)) => self.expand_square(idx, pos, rule),
        }
        Step::Expanded(pos)
    }

    #[inline]
    pub(crate) fn pop(&mut self) -> Option<u32> {
        if self.options.algorithm == Algorithm::Bfs {
            return self.s.fifo.pop_front();
        }
        let s = &mut *self.s;
        s.heap.pop(&s.nodes).map(Entry::idx)
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
        self.s.pushed_now.iter().map(|&i| self.grid.coords(i as usize))
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
            expansion: closed.then_some(self.s.order[i] as usize),
        })
    }

    /// The cells on the open list (each once).
    pub fn open_cells(&self) -> Vec<Pos> {
        let queued: Vec<u32> = match self.options.algorithm {
            Algorithm::Bfs => self.s.fifo.iter().copied().collect(),
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
                self.is_closed(i).then_some((self.s.order[i], p))
            })
            .collect();
        cells.sort_unstable();
        cells.into_iter().map(|(_, p)| p).collect()
    }
}
