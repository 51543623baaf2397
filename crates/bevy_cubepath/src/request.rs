//! Asking for a path by data: insert a [`PathRequest`] on an entity and a [`PathAnswer`] comes
//! on the same entity, within the frame's budget ([`PathBudget`]): requests wait in arrival
//! order and as many run each frame as the budget allows.

use std::collections::{HashSet, VecDeque};
use std::marker::PhantomData;
use std::time::Duration;

use bevy::platform::time::Instant;

use bevy::prelude::*;
use cubepath_search::{
    grid::Pos,
    search::{SearchError, SearchOptions, Searcher},
};

use crate::grid::{NavGrid, grid_for};

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
}

impl PathRequest {
    /// A path from `from` to `to` on the only grid, with its settings.
    pub fn new(from: Pos, to: Pos) -> PathRequest {
        PathRequest { from, to, grid: None, options: None }
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
    /// Cells from start to goal inclusive.
    pub cells: Vec<Pos>,
    /// The sum of the steps' costs.
    pub cost: f64,
    /// Whether the settings guarantee it is a least-cost path.
    pub optimal: bool,
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
}

impl std::fmt::Display for NoPath {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            NoPath::Unreachable => f.write_str("no path: the goal cannot be reached from the start"),
            NoPath::Refused(e) => write!(f, "no search: {e}"),
            NoPath::Stopped { expanded } => write!(f, "no answer: the search stopped at its limit after {expanded} expansions"),
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
        self.result.as_ref().ok().map(|p| p.cells.as_slice())
    }

    fn refused(why: NoPath) -> PathAnswer {
        PathAnswer { result: Err(why), expanded: 0, pushed: 0, time: Duration::ZERO }
    }
}

/// How much searching a frame may do: at most `searches` requests, and no new one once
/// `expansions` nodes were expanded this frame (a search under way always finishes, so one
/// long search may go over). Requests left wait for the next frame, in order.
#[derive(Resource, Clone, Copy, Debug, PartialEq)]
pub struct PathBudget {
    /// Requests answered per frame at most.
    pub searches: usize,
    /// Expansions after which no new search starts this frame.
    pub expansions: usize,
}

impl Default for PathBudget {
    fn default() -> Self {
        PathBudget { searches: 256, expansions: 200_000 }
    }
}

/// Requests of the component `R` waiting for an answer, oldest first, and the engine's
/// reusable buffers ([`PathQueue`] for [`PathRequest`]s, [`VoxelQueue`](crate::VoxelQueue) for
/// voxel requests).
#[derive(Resource)]
pub struct RequestQueue<R: Send + Sync + 'static> {
    waiting: VecDeque<Entity>,
    queued: HashSet<Entity>,
    searcher: Searcher,
    kind: PhantomData<fn() -> R>,
}

/// 2D path requests waiting.
pub type PathQueue = RequestQueue<PathRequest>;

impl<R: Send + Sync + 'static> Default for RequestQueue<R> {
    fn default() -> Self {
        RequestQueue { waiting: VecDeque::new(), queued: HashSet::new(), searcher: Searcher::default(), kind: PhantomData }
    }
}

impl<R: Send + Sync + 'static> RequestQueue<R> {
    /// Requests waiting.
    pub fn len(&self) -> usize {
        self.waiting.len()
    }

    /// Whether none waits.
    pub fn is_empty(&self) -> bool {
        self.waiting.is_empty()
    }
}

/// New and renewed requests `R` join their queue (once each).
pub(crate) fn queue_requests<R: Component>(requests: Query<Entity, Changed<R>>, mut queue: ResMut<RequestQueue<R>>) {
    for e in &requests {
        if queue.queued.insert(e) {
            queue.waiting.push_back(e);
        }
    }
}

/// Answers waiting requests, oldest first, within the budget: `answer` gives a requester's
/// answer and the expansions it took, `None` for one despawned (or its request removed) while
/// waiting, which asks nothing.
pub(crate) fn answer_within<R: Send + Sync + 'static, A: Component>(
    commands: &mut Commands,
    budget: &PathBudget,
    queue: &mut RequestQueue<R>,
    mut answer: impl FnMut(&mut Searcher, Entity) -> Option<(A, usize)>,
) {
    let (mut searches, mut expanded) = (0, 0);
    while searches < budget.searches && expanded < budget.expansions {
        let Some(e) = queue.waiting.pop_front() else { break };
        queue.queued.remove(&e);
        let Some((found, work)) = answer(&mut queue.searcher, e) else { continue };
        searches += 1;
        expanded += work;
        if let Ok(mut entity) = commands.get_entity(e) {
            entity.insert(found);
        }
    }
}

/// Answers waiting 2D requests, oldest first, within the budget.
pub(crate) fn answer_requests(
    mut commands: Commands,
    budget: Res<PathBudget>,
    mut queue: ResMut<PathQueue>,
    requests: Query<&PathRequest>,
    grids: Query<Ref<NavGrid>>,
) {
    answer_within(&mut commands, &budget, &mut queue, |searcher, e| {
        let found = answer(searcher, requests.get(e).ok()?, &grids);
        let work = found.expanded;
        Some((found, work))
    });
}

fn answer(searcher: &mut Searcher, request: &PathRequest, grids: &Query<Ref<NavGrid>>) -> PathAnswer {
    let Some(nav) = grid_for(request.grid, grids) else { return PathAnswer::refused(NoPath::NoGrid) };
    let options = request.options.unwrap_or(nav.options);
    let t = Instant::now();
    let found = match searcher.search(&nav.grid, request.from, request.to, &options) {
        Ok(found) => found,
        Err(e) => return PathAnswer::refused(NoPath::Refused(e)),
    };
    let result = match (found.path, found.cost) {
        (Some(cells), Some(cost)) => Ok(FoundPath { cells, cost, optimal: found.admissible }),
        _ if found.stopped => Err(NoPath::Stopped { expanded: found.expanded }),
        _ => Err(NoPath::Unreachable),
    };
    PathAnswer { result, expanded: found.expanded, pushed: found.pushed, time: t.elapsed() }
}
