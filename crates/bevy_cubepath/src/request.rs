//! Asking for a path by data: insert a [`PathRequest`] on an entity and a [`PathAnswer`] comes
//! on the same entity, within the frame's budget ([`PathBudget`]): requests wait in arrival
//! order and as many run each frame as the budget allows. A 2D search that needs more
//! expansions than the frame has left is parked and goes on in the next frame (and the next),
//! so no frame spends more than its budget however long a search is; a newer request on the
//! entity, its despawning, or an edit of its grid while it runs, drops it (the edit begins it
//! again on the grid as it now is).

use std::collections::{HashSet, VecDeque};
use std::marker::PhantomData;
use std::sync::Arc;
use std::time::Duration;

use bevy::platform::time::Instant;

use bevy::prelude::*;
use cubepath_search::{
    grid::Pos,
    search::{Prepared, Search, SearchError, SearchOptions, SearchResult, Searchable, Searcher},
};

use crate::grid::{MAX_UNIT_SIZE, NavGrid, UnitGrids, grid_for};
use cubepath_search::grid::{Grid, Topology};

/// A request for a path from `from` to `to`. Inserting it (again) asks for a fresh answer; a
/// newer request replaces one still waiting.
///
/// ```
/// use bevy::prelude::*;
/// use bevy_cubepath::prelude::*;
///
/// let mut app = App::new();
/// app.add_plugins((MinimalPlugins, CubepathPlugin));
/// app.world_mut().spawn(NavGrid::from_rows(&["...", "@@.", "..."]).unwrap());
/// let asker = app.world_mut().spawn(PathRequest::new((0, 0), (0, 2))).id();
/// app.update(); // answered within the frame's budget
/// let found = app.world().get::<PathAnswer>(asker).unwrap().result.clone().unwrap();
/// // round the wall: no diagonal may cut its corners
/// assert_eq!((found.cells.len(), found.cost), (7, 6.0));
/// ```
#[derive(Component, Clone, Copy, Debug, PartialEq)]
pub struct PathRequest {
    /// Where the path starts.
    pub from: Pos,
    /// Where it ends.
    pub to: Pos,
    /// The grid entity to search; `None`: the only [`NavGrid`].
    pub grid: Option<Entity>,
    /// Search settings instead of the grid's.
    pub options: Option<SearchOptions>,
    /// The unit's side in cells, 1 to [`MAX_UNIT_SIZE`] (square cells only): a bigger unit is
    /// named by its top-left (least x, least y) cell, `from` and `to` included, and its path
    /// never lets any of its cells overlap a wall (diagonal steps without cutting a corner of
    /// its square); see the engine's `Clearance`. A [`FollowPath`](crate::FollowPath) walks
    /// the centre of the unit's square ([`NavGrid::unit_centre`]).
    pub size: usize,
}

impl PathRequest {
    /// A path from `from` to `to` on the only grid, with its settings.
    pub fn new(from: Pos, to: Pos) -> PathRequest {
        PathRequest { from, to, grid: None, options: None, size: 1 }
    }

    /// For a unit `size` cells a side (1 to [`MAX_UNIT_SIZE`]), named by its top-left cell.
    pub fn sized(self, size: usize) -> PathRequest {
        PathRequest { size, ..self }
    }

    /// On this grid entity.
    pub fn on(self, grid: Entity) -> PathRequest {
        PathRequest { grid: Some(grid), ..self }
    }

    /// With these search settings.
    pub fn with_options(self, options: SearchOptions) -> PathRequest {
        PathRequest { options: Some(options), ..self }
    }
}

/// A path found: its cells from `from` to `to` (turning points for any-angle algorithms) and
/// its cost.
#[derive(Clone, Debug, PartialEq)]
pub struct FoundPath {
    /// Cells from start to goal inclusive, shared (a [`FollowPath`](crate::FollowPath) walks
    /// them without a copy: a path across a 4096 x 4096 board is some 40 KB).
    pub cells: Arc<[Pos]>,
    /// The sum of the steps' costs.
    pub cost: f64,
    /// Whether the settings guarantee it is a least-cost path.
    pub optimal: bool,
    /// The settings it was found with: a [`FollowPath`](crate::FollowPath) checks its moves by
    /// their rules (its diagonal rule, or line of sight for an any-angle path), not by
    /// whatever the grid's settings are by the time it walks them.
    pub options: SearchOptions,
}

/// Why a request has no path.
#[derive(Clone, Debug, PartialEq)]
pub enum NoPath {
    /// The goal cannot be reached from the start.
    Unreachable,
    /// The search could not start: an endpoint off the grid or blocked, or settings this grid
    /// refuses (the engine's reason).
    Refused(SearchError),
    /// The search stopped at the settings' expansion limit without an answer.
    Stopped {
        /// Nodes expanded before it stopped.
        expanded: usize,
    },
    /// No [`NavGrid`] (for voxel requests no [`NavVoxels`](crate::NavVoxels)) to search: none,
    /// several without one named, or the named entity has none.
    NoGrid,
    /// A unit size out of 1 to [`MAX_UNIT_SIZE`], or above 1 on hex cells.
    UnitSize(usize),
}

impl std::fmt::Display for NoPath {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            NoPath::Unreachable => f.write_str("no path: the goal cannot be reached from the start"),
            NoPath::Refused(e) => write!(f, "no search: {e}"),
            NoPath::Stopped { expanded } => write!(f, "no answer: the search stopped at its limit after {expanded} expansions"),
            NoPath::UnitSize(k) => {
                write!(f, "no search: a unit {k} cells a side: units are 1 to {MAX_UNIT_SIZE} cells a side, and 1 on hex cells")
            }
            NoPath::NoGrid => {
                f.write_str("nothing to search: add a NavGrid (a NavVoxels for voxel requests), or name the entity when there are several")
            }
        }
    }
}

impl std::error::Error for NoPath {}

/// The answer to the entity's [`PathRequest`]: the path or why there is none, and the work
/// the search did either way.
#[derive(Component, Clone, Debug, PartialEq)]
pub struct PathAnswer {
    /// The path, or why there is none.
    pub result: Result<FoundPath, NoPath>,
    /// Nodes the search expanded.
    pub expanded: usize,
    /// Nodes it put on the open list.
    pub pushed: usize,
    /// How long it took.
    pub time: Duration,
}

impl PathAnswer {
    /// The path's cells, if found.
    pub fn cells(&self) -> Option<&[Pos]> {
        self.result.as_ref().ok().map(|p| &*p.cells)
    }

    pub(crate) fn refused(why: NoPath) -> PathAnswer {
        PathAnswer { result: Err(why), expanded: 0, pushed: 0, time: Duration::ZERO }
    }
}

/// How much searching a frame may do: at most `searches` requests, and at most `expansions`
/// nodes expanded (at least one), counted apart for 2D and voxel requests. A search that
/// reaches the frame's expansions unfinished is parked and goes on next frame, before any
/// other request of its kind; requests left wait for the next frame, in order. Searches that
/// run whole (IDA*, bidirectional A* and the subgoal graph) start only while the frame has
/// expansions left and then finish, so one of those may go over. 3D JPS counts its jump points
/// and goes on over frames too. HPA* counts its abstract
/// nodes (each offers its cluster's few dozen nodes: about 0.4 us each on a 4096 x 4096 board
/// with 20 % walls), then each leg of its route refined (16 for one searched inside its
/// cluster, which may take the frame past its budget by that much) and every 8 cells smoothed,
/// and goes on over frames as the others do once its clusters are built.
///
/// The default, 256 searches and 20,000 expansions, keeps a frame's share of a long A* under
/// about 11 ms on a 4096 x 4096 board (measured on a 2-core EPYC VM, where an expansion costs
/// up to 0.5 us on so large a board, against 20 ns on a small one).
///
/// What the searches keep of a grid is prepared within the frame's `preparation` too, when
/// the queue's searcher keeps none that follow the grid (a first request, another grid):
/// the grid's connected components, which every 2D search asks first, and then, for HPA*,
/// its clusters, each a step at a time
/// ([`Searcher::prepare_within`](cubepath_search::search::Searcher::prepare_within)); the
/// requests that need them wait (oldest first) until they are done. The default, 100,000
/// cells' worth, took at most 4 to 5 ms a frame on 1024 x 1024 and 4096 x 4096 boards here
/// (the engine's `huge` example, `STEPS=100000`): a 1024 x 1024 board's components in 19
/// frames and its clusters in about 140, a 4096 x 4096 board's clusters in about 4,000 (a
/// game with such a board and cores to spare inserts [`PathTasks`](crate::PathTasks), where
/// one task builds them whole).
#[derive(Resource, Clone, Copy, Debug, PartialEq)]
pub struct PathBudget {
    /// Requests answered per frame at most.
    pub searches: usize,
    /// Expansions a frame's 2D searches may make (a search stopped at this goes on next frame).
    pub expansions: usize,
    /// Cells' worth of work a frame may spend preparing what searches keep of a grid (its
    /// connected components, HPA*'s clusters), in steps that go on next frame.
    pub preparation: usize,
}

impl Default for PathBudget {
    fn default() -> Self {
        PathBudget { searches: 256, expansions: 20_000, preparation: 100_000 }
    }
}

/// Requests of the component `R` waiting for an answer, oldest first, and the engine's
/// reusable buffers ([`PathQueue`] for [`PathRequest`]s, [`VoxelQueue`](crate::VoxelQueue) for
/// voxel requests).
#[derive(Resource)]
pub struct RequestQueue<R: NavRequest> {
    waiting: VecDeque<Entity>,
    queued: HashSet<Entity>,
    searcher: Searcher,
    /// The 2D search under way across frames, if any.
    running: Option<Running<R>>,
    kind: PhantomData<fn() -> R>,
}

/// A search under way across frames: who asked, what it answers, the engine's search (which
/// keeps its own records while it waits for the next frame) and the time it has taken so far.
pub(crate) struct Running<R: NavRequest> {
    entity: Entity,
    pub(crate) request: R,
    pub(crate) search: Search<R::Map>,
    pub(crate) time: Duration,
}

/// A request the plugin answers a frame's slice at a time: [`PathRequest`] on a [`NavGrid`]'s
/// [`Grid`], [`VoxelPathRequest`](crate::VoxelPathRequest) on a
/// [`NavVoxels`](crate::NavVoxels)' world. `Map` is what its search runs on.
pub trait NavRequest: Component + Copy + PartialEq {
    /// A board or a voxel world.
    type Map: Searchable<Options: Send + Sync, Pos: Send + Sync> + Send + Sync + 'static;
    /// What comes on the requesting entity.
    type Answer: Component;
}

impl NavRequest for PathRequest {
    type Map = Grid;
    type Answer = PathAnswer;
}

/// 2D path requests waiting.
pub type PathQueue = RequestQueue<PathRequest>;

impl<R: NavRequest> Default for RequestQueue<R> {
    fn default() -> Self {
        RequestQueue { waiting: VecDeque::new(), queued: HashSet::new(), searcher: Searcher::default(), running: None, kind: PhantomData }
    }
}

impl<R: NavRequest> RequestQueue<R> {
    /// Requests waiting or under way.
    pub fn len(&self) -> usize {
        self.waiting.len() + usize::from(self.running.is_some())
    }

    /// Whether none waits and none is under way.
    pub fn is_empty(&self) -> bool {
        self.waiting.is_empty() && self.running.is_none()
    }

    /// The oldest waiting request's entity, taken off the queue.
    pub(crate) fn next_waiting(&mut self) -> Option<Entity> {
        let e = self.waiting.pop_front()?;
        self.queued.remove(&e);
        Some(e)
    }

    /// Puts an entity's request back at the front of the queue (its search begins again).
    pub(crate) fn requeue_front(&mut self, e: Entity) {
        if self.queued.insert(e) {
            self.waiting.push_front(e);
        }
    }

    /// The entity whose search is under way across frames, and the expansions it has made.
    pub fn under_way(&self) -> Option<(Entity, usize)> {
        self.running.as_ref().map(|r| (r.entity, r.search.work()))
    }

    /// HPA* clusters being built a step at a time for the oldest waiting requests: steps done
    /// and in all ([`HierarchyBuild::progress`](cubepath_search::search::HierarchyBuild::progress)).
    pub fn preparing(&self) -> Option<(usize, usize)> {
        self.searcher.hierarchy_progress()
    }

    /// The subgoal graph the in-frame searches keep (for drawing it, or to see how worn its
    /// repairs have made it).
    pub fn prepared(&self) -> Option<&Prepared> {
        self.searcher.kept_prepared()
    }

    /// Keeps a graph made afresh from a clone of [`RequestQueue::prepared`] in its place (see
    /// [`Searcher::take_afresh`]).
    pub(crate) fn take_afresh(&mut self, fresh: Prepared) -> bool {
        self.searcher.take_afresh(fresh)
    }

    /// Whether a grid's connected components are being labelled a step at a time for the
    /// oldest waiting requests (every 2D search asks them first).
    pub fn labelling(&self) -> bool {
        self.searcher.labelling()
    }
}

/// New and renewed requests `R` join their queue (once each); a renewed request drops its
/// entity's search under way (it begins again for the new request).
pub(crate) fn queue_requests<R: NavRequest>(requests: Query<Entity, Changed<R>>, mut queue: ResMut<RequestQueue<R>>) {
    for e in &requests {
        if queue.running.as_ref().is_some_and(|r| r.entity == e) {
            queue.running = None;
        }
        if queue.queued.insert(e) {
            queue.waiting.push_back(e);
        }
    }
}

/// Where a frame's slice of a search on a `M` left it.
pub(crate) enum Slice<A, M: Searchable> {
    Answered(A),
    Parked(Box<Search<M>>, Duration),
    /// Its grid's preparation took the frame's share and goes on next frame.
    Preparing,
}

/// Answers requests `R` within the budget: the search under way first, then the waiting ones,
/// oldest first. `slice` runs a request's search (taken up where it was parked, if it is the
/// same request) for at most the expansions left, taking them down by what it used. A search
/// the frame's expansions do not finish is parked for the next frame; a request whose grid is
/// still being prepared waits at the front of the queue while those behind it go on.
pub(crate) fn answer_in_slices<R: NavRequest, A: Component>(
    commands: &mut Commands,
    budget: &PathBudget,
    queue: &mut RequestQueue<R>,
    requests: &Query<&R>,
    mut slice: impl FnMut(&mut Searcher, &R, Option<Running<R>>, &mut usize) -> Slice<A, R::Map>,
) {
    let (mut searches, mut left) = (0, budget.expansions.max(1));
    let mut aside = Vec::new();
    while searches < budget.searches && left > 0 {
        let (e, under_way) = match queue.running.take() {
            Some(r) => (r.entity, Some(r)),
            None => match queue.next_waiting() {
                Some(e) => (e, None),
                None => break,
            },
        };
        // despawned, or the request taken away, while waiting or under way: dropped
        let Ok(request) = requests.get(e) else { continue };
        let under_way = under_way.filter(|r| r.request == *request);
        match slice(&mut queue.searcher, request, under_way, &mut left) {
            Slice::Preparing => aside.push(e), // first in line again once its grid is prepared
            Slice::Answered(found) => {
                searches += 1;
                if let Ok(mut entity) = commands.get_entity(e) {
                    entity.insert(found);
                }
            }
            Slice::Parked(search, time) => queue.running = Some(Running { entity: e, request: *request, search: *search, time }),
        }
    }
    for e in aside.into_iter().rev() {
        queue.requeue_front(e);
    }
}

/// Answers 2D requests within the budget ([`answer_in_slices`]); what the searches keep of a
/// grid (its components, HPA*'s clusters) is prepared first, within the frame's preparation
/// share.
pub(crate) fn answer_requests(
    mut commands: Commands,
    budget: Res<PathBudget>,
    mut queue: ResMut<PathQueue>,
    requests: Query<&PathRequest>,
    grids: Query<Ref<NavGrid>>,
    mut units: ResMut<UnitGrids>,
) {
    let mut prepare = budget.preparation.max(1);
    answer_in_slices(&mut commands, &budget, &mut queue, &requests, |searcher, request, under_way, left| {
        slice(searcher, request, under_way, (&grids, &mut units), (left, &mut prepare))
    });
}

/// Runs `request`'s search for at most `left` expansions (taking `left` down by what it used):
/// taken up where it was left when its grid is as it was then, else begun (the engine runs
/// every algorithm this way: some whole, in one slice). What the search keeps of its grid is
/// prepared first, within `prepare` (taken down the same way).
fn slice(
    searcher: &mut Searcher,
    request: &PathRequest,
    under_way: Option<Running<PathRequest>>,
    (grids, units): (&Query<Ref<NavGrid>>, &mut UnitGrids),
    (left, prepare): (&mut usize, &mut usize),
) -> Slice<PathAnswer, Grid> {
    let Some(nav) = grid_for(request.grid, grids) else { return Slice::Answered(PathAnswer::refused(NoPath::NoGrid)) };
    let options = request.options.unwrap_or(nav.options);
    let t = Instant::now();
    let unit = match unit_board(units, &nav.grid, request.size, &options) {
        Ok(unit) => unit,
        Err(no) => return Slice::Answered(PathAnswer::refused(no)),
    };
    let grid: &Grid = unit.as_deref().unwrap_or(&nav.grid);
    if !searcher.prepare_within(grid, &options, prepare) {
        return Slice::Preparing;
    }
    let spent = under_way.as_ref().map_or(Duration::ZERO, |r| r.time);
    let search = match under_way.map(|r| r.search).filter(|s| s.is_for(grid)) {
        Some(search) => search,
        None => match searcher.start(grid, request.from, request.to, &options) {
            Ok(search) => search,
            Err(e) => return Slice::Answered(PathAnswer::refused(NoPath::Refused(e))),
        },
    };
    go_on(searcher, grid, search, left, (spent, t), |found, time| answer_from(found, options, time))
}

/// Goes on with `search` on `map` for at most `left` work (an algorithm that runs whole runs
/// whole; HPA*'s last leg may go over), taking `left` down by what it did; answers (`answer`,
/// with the time spent before and since `t`) once it ends, else hands it back to wait for the
/// next frame.
pub(crate) fn go_on<M: Searchable, A>(
    searcher: &mut Searcher,
    map: &M,
    mut search: Search<M>,
    left: &mut usize,
    (spent, t): (Duration, Instant),
    answer: impl FnOnce(SearchResult<M::Pos>, Duration) -> A,
) -> Slice<A, M> {
    let before = search.work();
    // taken up only on the map as it began (checked above); none changes within a frame
    let done = searcher.advance(map, &mut search, *left).expect("the map it began on");
    *left = left.saturating_sub(search.work() - before);
    let time = spent + t.elapsed();
    match done {
        true => Slice::Answered(answer(search.take_result().expect("ended"), time)),
        false => Slice::Parked(Box::new(search), time),
    }
}

/// The board a request's unit moves on: `None` for a unit of one cell (the grid itself).
pub(crate) fn unit_board(units: &mut UnitGrids, grid: &Grid, size: usize, options: &SearchOptions) -> Result<Option<Arc<Grid>>, NoPath> {
    match size {
        1 => Ok(None),
        _ if options.topology == Topology::Hex => Err(NoPath::UnitSize(size)),
        _ => units.for_unit(grid, size).map(Some).ok_or(NoPath::UnitSize(size)),
    }
}

/// The answer a search result gives (found with `options`), with the time it took.
pub(crate) fn answer_from(found: SearchResult, options: SearchOptions, time: Duration) -> PathAnswer {
    let result = match (found.path, found.cost) {
        (Some(cells), Some(cost)) => Ok(FoundPath { cells: cells.into(), cost, optimal: found.admissible, options }),
        _ if found.stopped => Err(NoPath::Stopped { expanded: found.expanded }),
        _ => Err(NoPath::Unreachable),
    };
    PathAnswer { result, expanded: found.expanded, pushed: found.pushed, time }
}
