//! [`WorldSteps`]: a search on a voxel world a step at a time, for the step view and for
//! searches in slices ([`ParkedWorldSearch`]).

use crate::search::core::options::Algorithm;
use crate::search::core::searcher::Searcher;
use crate::search::core::space::Space;
use crate::search::core::types::{CellInfo, CellState, SearchError, SearchResult, Step};
use crate::search::core::world_options::VoxelOptions;
use crate::search::general::best_first::Stepper;
use crate::search::solid::voxel_space::WorldSpace;
use crate::world::Pos3;
use crate::world::voxel::VoxelGrid;

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
        let mut out: Vec<(usize, Pos3)> = (self.run.touched())
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
