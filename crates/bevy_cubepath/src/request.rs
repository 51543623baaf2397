//! Asking for a path by data: insert a [`PathRequest`] on an entity and a [`PathAnswer`] comes
//! on the same entity, within the frame's budget ([`PathBudget`]): requests wait in arrival
//! order and as many run each frame as the budget allows.

use std::collections::{HashSet, VecDeque};
use std::time::Duration;

use bevy::platform::time::Instant;

use bevy::prelude::*;
use cubepath_search::{Pos, SearchError, SearchOptions, Searcher};

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
    /// No [`NavGrid`] to search: none, several without one named, or the named entity has none.
    NoGrid,
}

impl std::fmt::Display for NoPath {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            NoPath::Unreachable => f.write_str("no path: the goal cannot be reached from the start"),
            NoPath::Refused(e) => write!(f, "no search: {e}"),
            NoPath::Stopped { expanded } => write!(f, "no answer: the search stopped at its limit after {expanded} expansions"),
            NoPath::NoGrid => f.write_str("no grid: add a NavGrid, or name the grid entity when there are several"),
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

/// Requests waiting for an answer, oldest first, and the engine's reusable buffers.
#[derive(Resource, Default)]
pub struct PathQueue {
    waiting: VecDeque<Entity>,
    queued: HashSet<Entity>,
    searcher: Searcher,
}

impl PathQueue {
    /// Requests waiting.
    pub fn len(&self) -> usize {
        self.waiting.len()
    }

    /// Whether none waits.
    pub fn is_empty(&self) -> bool {
        self.waiting.is_empty()
    }
}

/// New and renewed requests join the queue (once each).
pub(crate) fn queue_requests(requests: Query<Entity, Changed<PathRequest>>, mut queue: ResMut<PathQueue>) {
    for e in &requests {
        if queue.queued.insert(e) {
            queue.waiting.push_back(e);
        }
    }
}

/// Answers waiting requests, oldest first, within the budget.
pub(crate) fn answer_requests(
    mut commands: Commands,
    budget: Res<PathBudget>,
    mut queue: ResMut<PathQueue>,
    requests: Query<&PathRequest>,
    grids: Query<Ref<NavGrid>>,
) {
    let (mut searches, mut expanded) = (0, 0);
    while searches < budget.searches && expanded < budget.expansions {
        let Some(e) = queue.waiting.pop_front() else { break };
        queue.queued.remove(&e);
        // a requester despawned (or its request removed) while waiting asks nothing
        let Ok(request) = requests.get(e) else { continue };
        let answer = answer(&mut queue.searcher, request, &grids);
        searches += 1;
        expanded += answer.expanded;
        if let Ok(mut entity) = commands.get_entity(e) {
            entity.insert(answer);
        }
    }
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
