//! A*, Dijkstra, greedy best-first and BFS on any [`Space`], in a [`Searcher`]'s buffers, one
//! expansion at a time ([`Stepper`]) or whole ([`best_first`]): the searches of voxel worlds,
//! and their step view ([`WorldSteps`]).

use crate::search::open_list::{Entry, NONE};
use crate::search::options::Algorithm;
use crate::search::searcher::Searcher;
use crate::search::space::{Plan, Space};
use crate::search::types::SearchError;
use crate::search::types::{CellInfo, CellState, SearchResult, Step};
use crate::search::voxel_space::WorldSpace;
use crate::search::world_options::VoxelOptions;
use crate::world::Pos3;
use crate::world::voxel::VoxelGrid;

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
    s: &'a mut Searcher,
    space: S,
    start: usize,
    goal: usize,
    algorithm: Algorithm,
    open: u32,
    closed: u32,
    counts: SearchResult<S::Pos>,
    /// `Some(true)` once the goal was taken off the open list, `Some(false)` once it ran empty.
    finished: Option<bool>,
    current: Option<usize>,
    next: Vec<(usize, f64)>,
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
    fn info(&self, i: usize) -> Option<CellInfo<S::Pos>> {
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

/// A search on a voxel world advanced one expansion per [`WorldSteps::step`], for showing how
/// it goes (A*, Dijkstra, greedy or BFS; from [`Searcher::steps_world`]). It ends with the same
/// result as [`Searcher::search_world`].
///
/// ```
/// use cubepath_search::{search::{Searcher, Step, VoxelOptions}, world::VoxelGrid};
/// let world = VoxelGrid::new(3, 3, 3).unwrap();
/// let mut searcher = Searcher::default();
/// let mut run = searcher.steps_world(&world, (0, 0, 0), (2, 2, 2), &VoxelOptions::default()).unwrap();
/// assert_eq!(run.step(), Step::Expanded((0, 0, 0)));
/// while !run.is_finished() {
///     run.step();
/// }
/// assert_eq!(run.result().path.unwrap().len(), 3);
/// assert!(run.info((1, 1, 1)).is_some());
/// ```
pub struct WorldSteps<'a> {
    pub(crate) run: Stepper<'a, WorldSpace<'a>>,
    /// The options it was begun with (kept when it is parked).
    pub(crate) options: VoxelOptions,
}

impl WorldSteps<'_> {
    /// Advances by one expansion. After the end it keeps returning the final step.
    pub fn step(&mut self) -> Step<Pos3> {
        self.run.step()
    }

    /// Whether the search is over.
    pub fn is_finished(&self) -> bool {
        self.run.finished.is_some()
    }

    /// The voxel the last step expanded (or took off the open list as the goal).
    pub fn current(&self) -> Option<Pos3> {
        self.run.current.map(|i| self.run.space.pos(i))
    }

    /// Voxels expanded so far.
    pub fn expanded(&self) -> usize {
        self.run.counts.expanded
    }

    /// What the search knows of `p`, or `None` if it has not touched it (or `p` is off the world).
    pub fn info(&self, p: Pos3) -> Option<CellInfo<Pos3>> {
        self.run.space.world.contains(p).then(|| self.run.info(self.run.space.index(p))).flatten()
    }

    /// The voxels on the open list, in index order.
    pub fn open_voxels(&self) -> Vec<Pos3> {
        self.touched(CellState::Open).into_iter().map(|(_, p)| p).collect()
    }

    /// The expanded voxels, in expansion order.
    pub fn closed_voxels(&self) -> Vec<Pos3> {
        self.touched(CellState::Closed).into_iter().map(|(_, p)| p).collect()
    }

    fn touched(&self, state: CellState) -> Vec<(usize, Pos3)> {
        let space = &self.run.space;
        let mut out: Vec<(usize, Pos3)> = (0..space.len())
            .filter_map(|i| self.run.info(i).filter(|c| c.state == state).map(|c| (c.expansion.unwrap_or(i), space.pos(i))))
            .collect();
        out.sort_unstable();
        out
    }

    /// The result so far: the path once the goal was found, else none.
    pub fn result(&self) -> SearchResult<Pos3> {
        self.run.result()
    }

    /// Voxels pushed or reached more cheaply by the last step.
    pub fn last_pushed(&self) -> Vec<Pos3> {
        self.run.s.records.pushed_now.iter().map(|&i| self.run.space.pos(i as usize)).collect()
    }

    /// The algorithm searching.
    pub fn algorithm(&self) -> Algorithm {
        self.run.algorithm
    }

    /// The start and the goal.
    pub fn ends(&self) -> (Pos3, Pos3) {
        (self.run.space.pos(self.run.start), self.run.space.pos(self.run.goal))
    }
}

/// A voxel search put aside between slices ([`WorldSteps::park`]); see
/// [`Searcher::resume_world`]. Like [`ParkedSearch`](crate::search::ParkedSearch) on a grid, it
/// lives in its searcher's per-voxel records, so it is taken up again only while they are its
/// own and the world is as it was.
#[derive(Clone, Debug)]
pub(crate) struct ParkedWorldSearch {
    /// The world's identity and revision when it was parked.
    world: (u64, u64),
    options: VoxelOptions,
    stamp: u32,
    /// The identity of the records it lives in (with the stamp, never repeated).
    search: u64,
    start: usize,
    goal: usize,
    counts: SearchResult<Pos3>,
    finished: Option<bool>,
    current: Option<usize>,
}

impl ParkedWorldSearch {
    /// Voxels expanded so far.
    pub fn expanded(&self) -> usize {
        self.counts.expanded
    }
}

impl Searcher {
    /// Starts a search on a voxel world to run in slices of [`WorldSteps::advance`] (A*,
    /// Dijkstra, greedy or BFS, keeping no per-step record), to be put aside between them
    /// with [`WorldSteps::park`] and taken up again with [`Searcher::resume_world`]. It takes
    /// no notice of [`VoxelOptions::limit`]. Errors as [`Searcher::steps_world`] does (3D JPS,
    /// bidirectional A* and IDA* run whole).
    pub(crate) fn begin_world<'a>(
        &'a mut self,
        world: &'a VoxelGrid,
        start: Pos3,
        goal: Pos3,
        options: &VoxelOptions,
    ) -> Result<WorldSteps<'a>, SearchError> {
        let mut run = self.steps_world(world, start, goal, options)?;
        run.run.record = false;
        Ok(run)
    }

    /// Takes up a parked voxel search on `world`: `None` when this searcher has run another
    /// search since it was parked, or `world` is not the world it was parked on exactly as it
    /// was then (another world, or an edit since): start it again with
    /// [`Searcher::begin_world`].
    pub(crate) fn resume_world<'a>(&'a mut self, world: &'a VoxelGrid, parked: &ParkedWorldSearch) -> Option<WorldSteps<'a>> {
        if self.records.id != parked.search || self.records.generation != parked.stamp || world.version() != parked.world {
            return None;
        }
        let p = parked.clone();
        let space = WorldSpace::new(world, p.options.moves, p.options.weight);
        let run = Stepper {
            s: self,
            space,
            start: p.start,
            goal: p.goal,
            algorithm: p.options.algorithm,
            open: p.stamp << 1,
            closed: p.stamp << 1 | 1,
            counts: p.counts,
            finished: p.finished,
            current: p.current,
            next: Vec::new(),
            record: false,
        };
        Some(WorldSteps { run, options: p.options })
    }
}

impl WorldSteps<'_> {
    /// Runs up to `n` more expansions, fewer when the search ends first; returns whether it
    /// has ended (then [`WorldSteps::result`] is the same as [`Searcher::search_world`]'s).
    pub(crate) fn advance(&mut self, n: usize) -> bool {
        let until = self.run.counts.expanded.saturating_add(n);
        while self.run.finished.is_none() && self.run.counts.expanded < until {
            self.run.step();
        }
        self.run.finished.is_some()
    }

    /// Puts the search aside, to be taken up again with [`Searcher::resume_world`].
    pub(crate) fn park(self) -> ParkedWorldSearch {
        let run = self.run;
        ParkedWorldSearch {
            world: run.space.world.version(),
            options: self.options,
            stamp: run.s.records.generation,
            search: run.s.records.id,
            start: run.start,
            goal: run.goal,
            counts: run.counts,
            finished: run.finished,
            current: run.current,
        }
    }
}
