//! One resumable search for every algorithm, on boards and on voxel worlds: [`Searcher::start`]
//! begins it, [`Searcher::advance`] goes on with it by a budget of work, and between two calls
//! it is a plain value ([`Search`]) that borrows nothing: a caller spreading searches over
//! frames keeps it, does anything else with the searcher meanwhile, and gives it back.
//!
//! What it runs, by algorithm:
//! - A*, Dijkstra, greedy, BFS, JPS, block-based JPS, JPS+, Theta* and Lazy Theta* on a board,
//!   and A*, Dijkstra, greedy and BFS on a world: a number of expansions a call.
//! - HPA*: a number of abstract expansions, then of route refinement and smoothing (a leg
//!   refined inside its cluster counts [`LEG_WORK`](crate::search::LEG_WORK), and is not split).
//! - 3D JPS: a number of jump points; on a world too cluttered
//!   for jumps to pay it runs A* in slices instead, with the same answers.
//! - Bidirectional A*, IDA* and the subgoal query run whole, in the first call of
//!   [`Searcher::advance`], whatever its budget (their work counted as their expansions).
//!
//! A search holds what it answers for: the tables its jumps read, the clusters HPA* began on,
//! and, while it is put aside, its own per-cell records (the searcher works in others
//! meanwhile: any other search may run between two calls and change nothing). It is refused
//! ([`SearchError::Stale`]) on a board or world other than the one it began on, or the same one
//! edited since. Only 3D JPS keeps its jump points in the searcher's own buffers: another 3D JPS
//! search between two calls makes it begin again, and that call runs it whole (so it always
//! ends). Every answer is what [`Searcher::search`] (or [`Searcher::search_world`]) answers
//! for the same problem, limits included.

use crate::grid::Pos;
use crate::grid::board::Grid;
use crate::search::core::estimate::Estimate;
use crate::search::core::options::{Algorithm, SearchOptions};
use crate::search::core::searcher::{Searcher, Stash, validate};
use crate::search::core::types::{SearchError, SearchResult};
use crate::search::core::world_options::{VoxelOptions, validate_world};
use crate::search::hpa::HpaSearch;
use crate::search::plane::sliced::ParkedSearch;
use crate::search::run::record::Recording;
use crate::search::run::stepping::Stepping;
use crate::search::{JumpWorldSearch, ParkedWorldSearch};
use crate::world::Pos3;
use crate::world::voxel::VoxelGrid;

/// What a [`Search`] searches: a board ([`Grid`], with [`SearchOptions`]) or a voxel world
/// ([`VoxelGrid`], with [`VoxelOptions`]). Implemented by those two alone.
pub trait Searchable: sealed::Sealed + Sized {
    /// A cell or voxel.
    type Pos: Copy + std::fmt::Debug + PartialEq;
    /// The search settings.
    type Options: Copy + std::fmt::Debug;
    #[doc(hidden)]
    fn version(&self) -> (u64, u64);
    #[doc(hidden)]
    fn begin_search(s: &mut Searcher, map: &Self, ends: (Self::Pos, Self::Pos), options: &Self::Options) -> Result<Begun, SearchError>;
    #[doc(hidden)]
    fn go_on(s: &mut Searcher, map: &Self, search: &mut Search<Self>, work: usize) -> Option<SearchResult<Self::Pos>>;
    #[doc(hidden)]
    fn record_search(s: &mut Searcher, map: &Self, ends: (Self::Pos, Self::Pos), options: &Self::Options, limit: usize) -> Recorded<Self>;
    #[doc(hidden)]
    fn record_estimated(
        s: &mut Searcher,
        map: &Self,
        ends: (Self::Pos, Self::Pos),
        options: &Self::Options,
        estimate: &Estimate<Self::Pos>,
        limit: usize,
    ) -> Recorded<Self>;
}

/// What [`Searcher::record`] gives on `M`.
pub(crate) type Recorded<M> = Result<Recording<<M as Searchable>::Pos>, SearchError>;

mod sealed {
    pub trait Sealed {}
    impl Sealed for crate::grid::Grid {}
    impl Sealed for crate::world::VoxelGrid {}
}

/// A search begun, as [`Searchable`] hands it to [`Searcher::start`]: opaque.
#[doc(hidden)]
pub struct Begun(pub(crate) Run);

/// Where a search stands between two calls.
pub(crate) enum Run {
    Steps(ParkedSearch),
    Hpa(Box<HpaSearch>),
    World(ParkedWorldSearch),
    Jumps(Box<JumpWorldSearch>),
    /// An algorithm that runs whole, not run yet.
    Whole,
}

/// A search under way, of any algorithm, on a board or a voxel world: see the module's docs.
///
/// ```
/// use cubepath_search::{grid::Grid, search::{Algorithm, Searcher, SearchOptions}};
/// let grid = Grid::new(64, 64).unwrap();
/// let mut searcher = Searcher::default();
/// for algorithm in [Algorithm::AStar, Algorithm::JpsPlus, Algorithm::Hpa, Algorithm::Ida] {
///     let options = SearchOptions { algorithm, ..Default::default() };
///     let mut search = searcher.start(&grid, (0, 0), (63, 40), &options).unwrap();
///     let mut frames = 0;
///     while !searcher.advance(&grid, &mut search, 10).unwrap() {
///         frames += 1; // (between frames the searcher may run other searches)
///     }
///     let whole = searcher.search(&grid, (0, 0), (63, 40), &options).unwrap();
///     assert_eq!(search.result().unwrap().cost, whole.cost, "{algorithm} after {frames} frames");
/// }
/// ```
pub struct Search<M: Searchable> {
    run: Run,
    ends: (M::Pos, M::Pos),
    options: M::Options,
    /// The board's or world's identity and revision when it began.
    version: (u64, u64),
    /// Work done in slices before the one under way was begun again (3D JPS, after another 3D
    /// JPS search took the searcher's buffers).
    work_before: usize,
    ended: Option<SearchResult<M::Pos>>,
    /// Its per-cell records while it is put aside (A* and the other best-first searches, on
    /// boards and worlds): whatever the searcher runs meanwhile works in other records.
    stash: Stash,
    stashed: bool,
}

impl<M: Searchable> std::fmt::Debug for Search<M> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Search")
            .field("ends", &self.ends)
            .field("options", &self.options)
            .field("work", &self.work())
            .field("ended", &self.ended.is_some())
            .finish()
    }
}

impl<M: Searchable> Search<M> {
    /// Takes its records out of `s` while it is under way and lives in them.
    fn put_aside(&mut self, s: &mut Searcher) {
        if self.ended.is_none() && matches!(self.run, Run::Steps(_) | Run::World(_)) && !self.stashed {
            s.swap_records(&mut self.stash);
            self.stashed = true;
        }
    }

    /// Whether it has ended ([`Search::result`] is then its answer).
    pub fn is_finished(&self) -> bool {
        self.ended.is_some()
    }

    /// The answer, once it has ended: what [`Searcher::search`] answers (a search stopped by
    /// its settings' limit says so, [`SearchResult::stopped`]).
    pub fn result(&self) -> Option<&SearchResult<M::Pos>> {
        self.ended.as_ref()
    }

    /// The answer, taken out.
    pub fn take_result(&mut self) -> Option<SearchResult<M::Pos>> {
        self.ended.take()
    }

    /// The work done so far, as [`Searcher::advance`] counts it against its budget:
    /// expansions (abstract ones and route work for HPA*, jump points for 3D JPS).
    pub fn work(&self) -> usize {
        let now = match (&self.run, &self.ended) {
            // (a best-first search is parked only while under way: ended, its answer counts)
            (Run::Steps(_) | Run::World(_) | Run::Whole, Some(r)) => r.expanded,
            (Run::Steps(p), None) => p.expanded(),
            (Run::World(p), None) => p.expanded(),
            (Run::Hpa(p), _) => p.work(),
            (Run::Jumps(p), _) => p.expanded(),
            (Run::Whole, None) => 0,
        };
        self.work_before + now
    }

    /// Whether it answers for `map` as it is: the board or world it began on, unchanged since
    /// (else [`Searcher::advance`] refuses it).
    pub fn is_for(&self, map: &M) -> bool {
        map.version() == self.version
    }

    /// The start and the goal.
    pub fn ends(&self) -> (M::Pos, M::Pos) {
        self.ends
    }

    /// The settings it runs with.
    pub fn options(&self) -> &M::Options {
        &self.options
    }
}

impl Searcher {
    /// Begins a search from `start` to `goal` on `map` (a [`Grid`] or a [`VoxelGrid`]) with
    /// `options`, to go on with in calls of [`Searcher::advance`]. Errors as
    /// [`Searcher::search`] (or [`Searcher::search_world`]) does.
    pub fn start<M: Searchable>(&mut self, map: &M, start: M::Pos, goal: M::Pos, options: &M::Options) -> Result<Search<M>, SearchError> {
        let run = M::begin_search(self, map, (start, goal), options)?.0;
        let mut search = Search {
            run,
            ends: (start, goal),
            options: *options,
            version: map.version(),
            work_before: 0,
            ended: None,
            stash: Stash::default(),
            stashed: false,
        };
        search.put_aside(self);
        Ok(search)
    }

    /// Goes on with `search` on `map` for about `work` more (see [`Search::work`]; fewer when it
    /// ends first, none when `work` is 0; an algorithm that runs whole runs whole); returns
    /// whether it has ended ([`Search::result`]). [`SearchError::Stale`] when `map` is not the
    /// board or world it began on as it was then: start it again.
    pub fn advance<M: Searchable>(&mut self, map: &M, search: &mut Search<M>, work: usize) -> Result<bool, SearchError> {
        if map.version() != search.version {
            return Err(SearchError::Stale);
        }
        if search.ended.is_none() {
            if search.stashed {
                self.swap_records(&mut search.stash);
                search.stashed = false;
            }
            search.ended = M::go_on(self, map, search, work);
            search.put_aside(self);
        }
        Ok(search.ended.is_some())
    }
}

/// Why a best-first search is always taken up: [`Searcher::advance`] has swapped its own
/// records back into the searcher (they were put aside with it), on its map unchanged (checked).
const OWN_RECORDS: &str = "its own records, swapped back in, on its map as it was";

/// Runs `run` for at most `work` more expansions and no further than `limit` (counted over
/// the run under way, as a whole search counts them): its result once it ends or reaches the
/// limit (then [`SearchResult::stopped`]), else parked into `parked`.
fn slice<S: Stepping>(mut run: S, limit: Option<usize>, work: usize, parked: &mut S::Parked) -> Option<SearchResult<S::Pos>> {
    let done = run.run_for(work.min(limit.unwrap_or(usize::MAX).saturating_sub(run.count())));
    if done || limit.is_some_and(|l| run.count() >= l) {
        let mut result = run.found();
        result.stopped = !done;
        return Some(result);
    }
    *parked = run.park();
    None
}

impl Searchable for Grid {
    type Pos = Pos;
    type Options = SearchOptions;

    fn version(&self) -> (u64, u64) {
        Grid::version(self)
    }

    fn begin_search(s: &mut Searcher, grid: &Grid, (start, goal): (Pos, Pos), options: &SearchOptions) -> Result<Begun, SearchError> {
        let run = match options.algorithm {
            Algorithm::Hpa => Ok(Run::Hpa(Box::new(s.begin_hpa(grid, start, goal, options)?))),
            a if a.steps() => Ok(Run::Steps(s.begin(grid, start, goal, options)?.park())),
            _ => validate(grid, start, goal, options).map(|_| Run::Whole),
        };
        run.map(Begun)
    }

    fn record_search(s: &mut Searcher, grid: &Grid, ends: (Pos, Pos), options: &SearchOptions, limit: usize) -> Recorded<Grid> {
        crate::search::run::record::record_board(s, grid, ends, options, limit)
    }

    fn record_estimated(
        s: &mut Searcher,
        grid: &Grid,
        ends: (Pos, Pos),
        options: &SearchOptions,
        estimate: &Estimate,
        limit: usize,
    ) -> Recorded<Grid> {
        crate::search::run::estimated::record_board(s, grid, ends, options, estimate, limit)
    }

    fn go_on(s: &mut Searcher, grid: &Grid, search: &mut Search<Grid>, work: usize) -> Option<SearchResult> {
        let (start, goal) = search.ends;
        let options = search.options;
        match &mut search.run {
            Run::Whole => Some(s.search(grid, start, goal, &options).expect("validated when it began, on this grid as it is")),
            Run::Hpa(run) => s.advance_hpa(grid, run, &options, work).expect("on the grid it began on, as it was"),
            Run::Steps(parked) => slice(s.resume(grid, parked).expect(OWN_RECORDS), options.limit, work, parked),
            Run::World(_) | Run::Jumps(_) => unreachable!("a board search"),
        }
    }
}

impl Searchable for VoxelGrid {
    type Pos = Pos3;
    type Options = VoxelOptions;

    fn version(&self) -> (u64, u64) {
        VoxelGrid::version(self)
    }

    fn begin_search(
        s: &mut Searcher,
        world: &VoxelGrid,
        (start, goal): (Pos3, Pos3),
        options: &VoxelOptions,
    ) -> Result<Begun, SearchError> {
        if options.algorithm == Algorithm::Jps {
            if let Some(run) = s.begin_jump_world(world, start, goal, options)? {
                return Ok(Begun(Run::Jumps(Box::new(run))));
            }
            // too cluttered for jumps to pay: A* answers, in slices
            let astar = VoxelOptions { algorithm: Algorithm::AStar, ..*options };
            return Ok(Begun(Run::World(s.begin_world(world, start, goal, &astar)?.park())));
        }
        let run = match options.algorithm.steps() {
            true => Ok(Run::World(s.begin_world(world, start, goal, options)?.park())),
            false => validate_world(world, start, goal, options).map(|_| Run::Whole),
        };
        run.map(Begun)
    }

    fn record_search(s: &mut Searcher, world: &VoxelGrid, ends: (Pos3, Pos3), options: &VoxelOptions, limit: usize) -> Recorded<VoxelGrid> {
        crate::search::run::record::record_world(s, world, ends, options, limit)
    }

    fn record_estimated(
        s: &mut Searcher,
        world: &VoxelGrid,
        ends: (Pos3, Pos3),
        options: &VoxelOptions,
        estimate: &Estimate<Pos3>,
        limit: usize,
    ) -> Recorded<VoxelGrid> {
        crate::search::run::estimated::record_world(s, world, ends, options, estimate, limit)
    }

    fn go_on(s: &mut Searcher, world: &VoxelGrid, search: &mut Search<VoxelGrid>, work: usize) -> Option<SearchResult<Pos3>> {
        let (start, goal) = search.ends;
        let options = search.options;
        match &mut search.run {
            Run::Whole => Some(s.search_world(world, start, goal, &options).expect("validated when it began, on this world as it is")),
            Run::Jumps(run) => match s.advance_jump_world(world, run, work) {
                Some(true) => run.result().cloned(),
                Some(false) => None,
                None => {
                    // another 3D JPS took the buffers: begin again (the same answer), run whole
                    // this time so that it ends however often that happens
                    search.work_before += run.expanded();
                    search.run =
                        <VoxelGrid as Searchable>::begin_search(s, world, (start, goal), &options).expect("validated when it began").0;
                    <VoxelGrid as Searchable>::go_on(s, world, search, usize::MAX)
                }
            },
            // (3D JPS on a cluttered world runs as A*)
            Run::World(parked) => slice(s.resume_world(world, parked).expect(OWN_RECORDS), options.limit, work, parked),
            Run::Steps(_) | Run::Hpa(_) => unreachable!("a world search"),
        }
    }
}

impl Searcher {
    /// Runs the search from `start` to `goal` on `map` (a [`Grid`] with [`SearchOptions`], or
    /// a [`VoxelGrid`] with [`VoxelOptions`]) and records its first `limit` expansions, with
    /// what each pushed; see [`Recording`] for what answers for what. The limit in `options` is
    /// not used (`limit` bounds what is recorded). Errors as [`Searcher::search`] does, and
    /// [`SearchError::NotSteppable`] for an algorithm that cannot be recorded
    /// ([`Algorithm::records`]). What HPA\* and the subgoal graph prepare is kept in the searcher
    /// (and brought up to date) as a search keeps it.
    ///
    /// ```
    /// use cubepath_search::{grid::Grid, search::{Algorithm, Searcher, SearchOptions}};
    /// use cubepath_search::grid::Cell;
    /// let mut grid = Grid::new(8, 8).unwrap();
    /// for y in 0..7 {
    ///     grid.set(4, y, Cell::Blocked).unwrap(); // a wall, open at the bottom
    /// }
    /// let mut searcher = Searcher::default();
    /// for algorithm in [Algorithm::AStar, Algorithm::Hpa, Algorithm::Subgoal] {
    ///     let options = SearchOptions { algorithm, ..Default::default() };
    ///     let seen = searcher.record(&grid, (0, 0), (7, 0), &options, 1000).unwrap();
    ///     assert_eq!((seen.start.unwrap().at, seen.answered_by), ((0, 0), algorithm));
    ///     assert!(!seen.expansions.is_empty() && !seen.truncated, "{algorithm}");
    ///     assert_eq!(seen.result.cost, searcher.search(&grid, (0, 0), (7, 0), &options).unwrap().cost);
    /// }
    /// ```
    pub fn record<M: Searchable>(
        &mut self,
        map: &M,
        start: M::Pos,
        goal: M::Pos,
        options: &M::Options,
        limit: usize,
    ) -> Result<Recording<M::Pos>, SearchError> {
        M::record_search(self, map, (start, goal), options, limit)
    }

    /// As [`Searcher::record`], with `estimate` in place of the options' heuristic (see
    /// [`Estimate`]): for the algorithms that step and take one
    /// ([`Algorithm::takes_estimate`](crate::search::Algorithm::takes_estimate)).
    pub fn record_estimated<M: Searchable>(
        &mut self,
        map: &M,
        (start, goal): (M::Pos, M::Pos),
        options: &M::Options,
        estimate: &Estimate<M::Pos>,
        limit: usize,
    ) -> Result<Recording<M::Pos>, SearchError> {
        M::record_estimated(self, map, (start, goal), options, estimate, limit)
    }
}
