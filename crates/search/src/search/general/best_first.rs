//! A*, Dijkstra, greedy best-first and BFS on any [`Space`], in a [`Searcher`]'s buffers, one
//! expansion at a time ([`Stepper`]) or whole ([`best_first`]): the searches of voxel worlds
//! (whose step view is [`WorldSteps`](crate::search::WorldSteps)).

use crate::search::core::open_list::{Entry, NONE};
use crate::search::core::options::Algorithm;
use crate::search::core::searcher::Searcher;
use crate::search::core::space::{Plan, Space};
use crate::search::core::types::{CellInfo, CellState, SearchResult, Step};

/// A*, Dijkstra, greedy best-first or BFS (by `plan.algorithm`; Dijkstra and BFS ignore the
/// estimate) from `start` to `goal` in `space`, in the searcher's buffers, up to
/// `plan.limit` expansions. The open list orders as the 2D searches do (f, then larger g,
/// then lower index); BFS takes the first arrival. The caller has checked the endpoints and
/// that the goal can be reached.
pub(crate) fn best_first<S: Space>(s: &mut Searcher, space: S, start: usize, goal: usize, plan: Plan) -> SearchResult<S::Pos> {
    let limit = plan.limit.unwrap_or(usize::MAX);
    let mut run = Stepper::new(s, space, start, goal, plan);
    while run.finished.is_none() && run.counts.expanded < limit {
        run.step();
    }
    let mut result = run.result();
    result.stopped = run.finished.is_none();
    result
}

/// A search in progress on a [`Space`]: what one search fixes, its counts and where it stands.
pub(crate) struct Stepper<'a, S: Space> {
    pub(crate) s: &'a mut Searcher,
    pub(crate) space: S,
    pub(crate) start: usize,
    pub(crate) goal: usize,
    pub(crate) algorithm: Algorithm,
    pub(crate) open: u32,
    pub(crate) closed: u32,
    pub(crate) counts: SearchResult<S::Pos>,
    /// `Some(true)` once the goal was taken off the open list, `Some(false)` once it ran empty.
    pub(crate) finished: Option<bool>,
    pub(crate) current: Option<usize>,
    pub(crate) next: Vec<(usize, f64)>,
    /// Keep the nodes each step pushed or improved (for traces and the step view).
    pub(crate) record: bool,
}

impl<'a, S: Space> Stepper<'a, S> {
    pub(crate) fn new(s: &'a mut Searcher, space: S, start: usize, goal: usize, plan: Plan) -> Stepper<'a, S> {
        s.prepare(space.len(), 0);
        let (open, closed) = (s.records.generation << 1, s.records.generation << 1 | 1);
        let mut run = Stepper {
            s,
            space,
            start,
            goal,
            algorithm: plan.algorithm,
            open,
            closed,
            counts: plan.nothing(),
            finished: None,
            current: None,
            next: Vec::new(),
            record: false,
        };
        run.s.nodes[start].g = 0.0;
        run.s.nodes[start].parent = NONE;
        run.s.nodes[start].mark = open;
        run.push(start, 0.0);
        run.counts.pushed = 1;
        run
    }

    /// Ends the search without a path, nothing pushed or expanded (the goal cannot be reached).
    pub(crate) fn give_up(&mut self) {
        self.finished = Some(false);
        self.counts.pushed = 0;
    }

    /// Advances by one expansion; after the end it keeps returning the final step.
    pub(crate) fn step(&mut self) -> Step<S::Pos> {
        if let Some(found) = self.finished {
            return if found { Step::Found } else { Step::NoPath };
        }
        loop {
            let popped = if self.algorithm == Algorithm::Bfs {
                self.s.records.fifo.pop_front()
            } else {
                self.s.heap.pop(&self.s.nodes).map(Entry::idx)
            };
            let Some(u) = popped else {
                self.finished = Some(false);
                self.current = None;
                return Step::NoPath;
            };
            let u = u as usize;
            if self.s.nodes[u].mark == self.closed {
                continue;
            }
            self.s.nodes[u].mark = self.closed;
            self.s.records.order[u] = self.counts.expanded as u32;
            self.current = Some(u);
            if u == self.goal {
                self.finished = Some(true);
                return Step::Found;
            }
            self.counts.expanded += 1;
            self.s.records.pushed_now.clear();
            let mut next = std::mem::take(&mut self.next);
            self.space.moves(u, true, &mut next);
            for &(v, c) in &next {
                self.offer(u, v, c);
            }
            self.next = next;
            if self.space.refusal().is_some() {
                self.finished = Some(false);
            }
            return Step::Expanded(self.space.pos(u));
        }
    }

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

    fn push(&mut self, i: usize, g: f64) {
        if self.algorithm == Algorithm::Bfs {
            self.s.records.fifo.push_back(i as u32);
        } else {
            let e = self.key(i, g);
            self.s.heap.push(&self.s.nodes, e);
        }
    }

    /// Offers `v`, reached from the expanded `u` by a move of cost `c`.
    fn offer(&mut self, u: usize, v: usize, c: f64) {
        let node = self.s.nodes[v];
        let g = self.s.nodes[u].g + c;
        if node.mark == self.closed || (node.mark == self.open && (self.algorithm == Algorithm::Bfs || g >= node.g)) {
            return;
        }
        let queued = node.mark == self.open;
        if self.record {
            self.s.records.pushed_now.push(v as u32);
        }
        self.s.nodes[v].g = g;
        self.s.nodes[v].parent = u as u32;
        self.s.nodes[v].mark = self.open;
        match (queued, self.algorithm) {
            (false, _) => {
                self.counts.pushed += 1;
                self.push(v, g);
            }
            // greedy orders by the estimate alone: a cheaper way keeps its place
            (true, Algorithm::Greedy) => self.counts.improved += 1,
            (true, _) => {
                self.counts.improved += 1;
                let e = self.key(v, g);
                self.s.heap.raise(e);
            }
        }
    }

    /// The result so far: the path once the goal was found, else none.
    pub(crate) fn result(&self) -> SearchResult<S::Pos> {
        let mut result = SearchResult { path: None, cost: None, ..self.counts };
        if self.finished == Some(true) {
            let mut path = vec![self.space.pos(self.goal)];
            let mut at = self.goal;
            while at != self.start {
                at = self.s.nodes[at].parent as usize;
                path.push(self.space.pos(at));
            }
            path.reverse();
            result.cost = Some(self.space.path_cost(&path));
            result.path = Some(path);
        }
        result
    }

    /// What the search knows of node `i`, if it has touched it.
    pub(crate) fn info(&self, i: usize) -> Option<CellInfo<S::Pos>> {
        let node = self.s.nodes[i];
        if node.mark != self.open && node.mark != self.closed {
            return None;
        }
        let closed = node.mark == self.closed;
        let h = self.estimate(i);
        Some(CellInfo {
            state: if closed { CellState::Closed } else { CellState::Open },
            g: node.g,
            h,
            f: if self.algorithm == Algorithm::Greedy { h } else { node.g + h },
            parent: (node.parent != NONE).then(|| self.space.pos(node.parent as usize)),
            expansion: closed.then_some(self.s.records.order[i] as usize),
        })
    }
}
