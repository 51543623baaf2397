//! A*, Dijkstra, greedy best-first and BFS on any [`Space`], in a [`Searcher`]'s buffers, one
//! expansion at a time ([`Stepper`]) or whole ([`best_first`]): the searches of voxel worlds
//! (whose step view is [`WorldSteps`](crate::search::WorldSteps)). Their records are paged
//! ([`Paged`](crate::search::core::paged::Paged)): a search of a world of tens of millions of
//! voxels holds records only for the pages it touches.

use crate::search::core::open_list::{Entry, NONE};
use crate::search::core::options::Algorithm;
use crate::search::core::paged::Rec;
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
        s.prepare_paged(space.len());
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
        *run.s.records.paged.get_mut(start) = Rec { g: 0.0, parent: NONE, mark: open, order: 0, pos: 0 };
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
                self.s.records.queue.pop(&mut self.s.records.paged).map(Entry::idx)
            };
            let Some(u) = popped else {
                self.finished = Some(false);
                self.current = None;
                return Step::NoPath;
            };
            let u = u as usize;
            let rec = self.s.records.paged.get_mut(u);
            if rec.mark == self.closed {
                continue;
            }
            rec.mark = self.closed;
            rec.order = self.counts.expanded as u32;
            self.current = Some(u);
            if u == self.goal {
                self.finished = Some(true);
                return Step::Found;
            }
            self.counts.expanded += 1;
            self.s.records.pushed_now.clear();
            let mut next = std::mem::take(&mut self.next);
            self.space.moves(u, true, &mut next);
            let gu = self.s.records.paged.get(u).expect("expanded").g;
            for &(v, c) in &next {
                self.offer(u, gu + c, v);
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
            let records = &mut self.s.records;
            records.queue.push(&mut records.paged, e);
        }
    }

    /// Offers `v`, reached at cost `g` from the expanded `u`.
    #[inline]
    fn offer(&mut self, u: usize, g: f64, v: usize) {
        let (open, closed, bfs) = (self.open, self.closed, self.algorithm == Algorithm::Bfs);
        let rec = self.s.records.paged.get_mut(v);
        if rec.mark == closed || (rec.mark == open && (bfs || g >= rec.g)) {
            return;
        }
        let queued = rec.mark == open;
        (rec.g, rec.parent, rec.mark) = (g, u as u32, open);
        if self.record {
            self.s.records.pushed_now.push(v as u32);
        }
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
                let records = &mut self.s.records;
                records.queue.update(&mut records.paged, e);
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
                at = self.s.records.paged.get(at).expect("on the path").parent as usize;
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
        let node = *self.s.records.paged.get(i)?;
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
            expansion: closed.then_some(node.order as usize),
        })
    }

    /// The nodes this search has touched (open or closed), by index, in no set order.
    pub(crate) fn touched(&self) -> impl Iterator<Item = usize> + '_ {
        self.s.records.paged.iter().filter(|(_, r)| r.mark == self.open || r.mark == self.closed).map(|(i, _)| i)
    }
}
