//! Searches on other threads: with a [`PathTasks`] resource, 2D requests are searched as tasks
//! on Bevy's `AsyncComputeTaskPool` instead of in slices on the main thread, and the answer
//! comes on the requesting entity as a [`PathAnswer`] as before, a frame or more later. The main
//! thread only hands out and collects searches.
//!
//! A task searches a snapshot of its grid (the engine's `Snapshot`: shared by every task on
//! that grid revision, and keeping the grid's identity, so a searcher kept for the next task
//! follows the grid's edits cell by cell instead of starting over) with a searcher of its own.
//! After an edit the next snapshot is an older one that no task holds any more, brought up to
//! date in place (only the changed cells copied: `Grid::refresh`); only the first one, or
//! when the latest and the one before it are both still read, is a copy of the whole grid,
//! made a part a frame (at most `COPIED_A_FRAME` cells: a 4096 x 4096 grid is 17 MB, about
//! 12 ms at once) while the grid's requests wait. HPA* clusters are built once per grid, by
//! one task while the grid's other HPA* requests wait, then shared by every task; after an
//! edit, the next task brings a copy up to date around the changed cells and shares that. A grid's connected components
//! (every search's first check, labelled in about a second on 4096 x 4096) are shared alike:
//! the first task on a grid labels them while its other requests wait. A newer request on the
//! entity, or its despawning, drops the task (a dropped task is cancelled); an answer that comes
//! back for a grid that changed while it was searched is thrown away and the search begun again
//! on the grid as it now is, so no answer crosses a wall put up meanwhile.
//!
//! On a platform without threads (the browser) the pool runs tasks on the main thread, so
//! there the default slices ([`PathBudget`](crate::PathBudget)) are what keeps a frame short.

use std::collections::{HashMap, HashSet};
use std::sync::Arc;

use bevy::platform::time::Instant;
use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, futures::check_ready};
use cubepath_search::{
    grid::{Components, Grid, Snapshot, SnapshotInParts},
    search::{Algorithm, Hierarchy, SearchOptions, Searcher},
};

use crate::grid::{NavGrid, UnitGrids};
use crate::request::{NavRequest, NoPath, PathAnswer, PathBudget, PathQueue, PathRequest, RequestQueue, answer_from, unit_board};

/// Search 2D requests as tasks on other threads, at most `at_once` at a time. Insert it to
/// switch from slices on the main thread to tasks; remove it to switch back.
///
/// ```
/// use bevy::prelude::*;
/// use bevy_cubepath::prelude::*;
///
/// let mut app = App::new();
/// app.add_plugins((MinimalPlugins, CubepathPlugin)).insert_resource(PathTasks::default());
/// app.world_mut().spawn(NavGrid::from_rows(&["...", "@@.", "..."]).unwrap());
/// let asker = app.world_mut().spawn(PathRequest::new((0, 0), (0, 2))).id();
/// while app.world().get::<PathAnswer>(asker).is_none() {
///     app.update(); // the answer comes when its task is done
/// }
/// let found = app.world().get::<PathAnswer>(asker).unwrap().result.clone().unwrap();
/// assert_eq!((found.cells.len(), found.cost), (7, 6.0));
/// ```
#[derive(Resource, Clone, Copy, Debug, PartialEq)]
pub struct PathTasks {
    /// Searches under way at once at most.
    pub at_once: usize,
}

impl Default for PathTasks {
    fn default() -> Self {
        PathTasks { at_once: 4 }
    }
}

/// What a task hands back: its answer (made on its thread: a path's cells already in their
/// shared form, so the main thread copies none) and its searcher.
type Outcome<R> = (<R as NavRequest>::Answer, Searcher);

/// Which of its grid's shared values a 2D task makes for the grid's other tasks (a voxel
/// task makes none).
#[derive(Clone, Copy, Default)]
pub(crate) struct Makes {
    /// It builds (or brings up to date) the grid's shared HPA* clusters.
    clusters: bool,
    /// It labels the grid's connected components, the first time, for all.
    labels: bool,
    /// It searches the grid itself (not a unit's board of it): the components its searcher
    /// keeps are the grid's.
    own: bool,
}

/// A search under way on another thread, for a request `R` on the map entity `map` as it was
/// at `version`.
pub(crate) struct InFlight<R: NavRequest> {
    entity: Entity,
    request: R,
    map: Entity,
    version: (u64, u64),
    makes: Makes,
    task: Task<Outcome<R>>,
}

/// The tasks under way for requests `R` (2D or voxel: one kind of queue for both) and the
/// searchers between tasks.
#[derive(Resource)]
pub(crate) struct Flights<R: NavRequest> {
    in_flight: Vec<InFlight<R>>,
    spare: Vec<Searcher>,
}

impl<R: NavRequest> Default for Flights<R> {
    fn default() -> Self {
        Flights { in_flight: Vec::new(), spare: Vec::new() }
    }
}

impl<R: NavRequest> Flights<R> {
    /// Collects finished tasks and drops those of renewed or despawned requests (a dropped
    /// task is cancelled), telling `settle` of each (with its searcher when it finished). A
    /// finished task's answer comes on its entity when its map's `version` now is the one it
    /// searched; otherwise the request is queued again at the front and begins again.
    pub(crate) fn collect(
        &mut self,
        commands: &mut Commands,
        queue: &mut RequestQueue<R>,
        requests: &Query<&R>,
        version: impl Fn(Entity) -> Option<(u64, u64)>,
        mut settle: impl FnMut(Entity, Makes, Option<&Searcher>),
    ) {
        let mut kept = Vec::with_capacity(self.in_flight.len());
        for mut f in std::mem::take(&mut self.in_flight) {
            if requests.get(f.entity).ok() != Some(&f.request) {
                settle(f.map, f.makes, None);
                continue; // renewed (queued again) or gone
            }
            let Some((answer, searcher)) = check_ready(&mut f.task) else {
                kept.push(f);
                continue;
            };
            settle(f.map, f.makes, Some(&searcher));
            self.spare.push(searcher);
            if version(f.map) != Some(f.version) {
                queue.requeue_front(f.entity); // searched a map that has changed since: again
                continue;
            }
            commands.entity(f.entity).insert(answer);
        }
        self.in_flight = kept;
    }

    /// Whether another task may start (at most `at_once` under way).
    pub(crate) fn room(&self, tasks: &PathTasks) -> bool {
        self.in_flight.len() < tasks.at_once.max(1)
    }

    /// A searcher for the next task: one a task handed back, or a new one.
    pub(crate) fn searcher(&mut self) -> Searcher {
        self.spare.pop().unwrap_or_default()
    }

    /// Hands `search` out as a task with `searcher`, for `entity`'s `request` on `map` at
    /// `version`.
    pub(crate) fn launch(
        &mut self,
        (entity, request): (Entity, R),
        (map, version, makes): (Entity, (u64, u64), Makes),
        mut searcher: Searcher,
        search: impl FnOnce(&mut Searcher) -> R::Answer + Send + 'static,
    ) {
        let task = AsyncComputeTaskPool::get().spawn(async move { (search(&mut searcher), searcher) });
        self.in_flight.push(InFlight { entity, request, map, version, makes, task });
    }
}

/// Each grid's latest snapshots, its shared HPA* clusters and connected components, and the
/// grids whose clusters or first components a task is making.
#[derive(Resource, Default)]
pub(crate) struct GridShares {
    snapshots: HashMap<Entity, Snapshots>,
    clusters: HashMap<Entity, Arc<Hierarchy>>,
    clustering: HashSet<Entity>,
    components: HashMap<Entity, Arc<Components>>,
    labelling: HashSet<Entity>,
}

/// A grid's snapshots for its tasks: the latest, the one before it (kept to be brought up to
/// date in place once its tasks are done with it: [`Grid::refresh`] copies only the cells
/// changed since), and a copy of the whole grid under way a part a frame when neither can be.
#[derive(Default)]
struct Snapshots {
    latest: Option<Snapshot>,
    spare: Option<Snapshot>,
    parts: Option<SnapshotInParts>,
}

/// The cells of a grid (bytes) copied for tasks in one frame at most: under 1 ms here, so a
/// 4096 x 4096 grid's first snapshot (17 MB, 12 ms at once) takes 17 frames (2 MiB a frame
/// put a frame of the plugin's `edits` bench at 2.2 ms).
const COPIED_A_FRAME: usize = 1 << 20;

impl Snapshots {
    /// A snapshot of `grid` as it is now for a task: the latest or the one before it, brought
    /// up to date in place when no task reads it; else the next part of a copy (`copy`: what
    /// is left of this frame's allowance, all of it taken), and `None` until the copy is done.
    fn take(&mut self, grid: &Grid, copy: &mut usize) -> Option<Snapshot> {
        if let Some(latest) = self.latest.as_mut()
            && grid.refresh(latest)
        {
            return Some(latest.clone());
        }
        if let Some(spare) = self.spare.as_mut()
            && grid.refresh(spare)
        {
            self.parts = None;
            std::mem::swap(&mut self.latest, &mut self.spare);
            return self.latest.clone();
        }
        if *copy == 0 {
            return None;
        }
        let parts = self.parts.take().unwrap_or_else(|| grid.snapshot_in_parts());
        match parts.advance(grid, std::mem::take(copy)) {
            Ok(fresh) => {
                self.spare = self.latest.replace(fresh.clone());
                Some(fresh)
            }
            Err(more) => {
                self.parts = Some(more);
                None
            }
        }
    }
}

/// Collects finished tasks (answering, or beginning again when the grid changed meanwhile),
/// drops the tasks of renewed or despawned requests, then hands waiting requests out as tasks.
pub(crate) fn search_in_tasks(
    mut commands: Commands,
    (tasks, budget): (Res<PathTasks>, Res<PathBudget>),
    (mut queue, mut flights, mut shares): (ResMut<PathQueue>, ResMut<Flights<PathRequest>>, ResMut<GridShares>),
    requests: Query<&PathRequest>,
    grids: Query<(Entity, Ref<NavGrid>)>,
    mut units: ResMut<UnitGrids>,
) {
    let shares = &mut *shares;
    shares.snapshots.retain(|&g, _| grids.contains(g));
    shares.clusters.retain(|&g, _| grids.contains(g));
    shares.components.retain(|&g, _| grids.contains(g));
    let version = |g| grids.get(g).ok().map(|(_, nav)| nav.grid.version());
    flights.collect(&mut commands, &mut queue, &requests, version, |grid, makes, searcher| shares.settle(grid, makes, searcher));
    let mut handed = 0;
    let (mut waiting, mut copy) = (Vec::new(), COPIED_A_FRAME);
    while flights.room(&tasks) && handed < budget.searches {
        let Some(e) = queue.next_waiting() else { break };
        let Ok(request) = requests.get(e) else { continue };
        let found = match request.grid {
            Some(g) => grids.get(g).ok(),
            None => grids.single().ok(),
        };
        let Some((grid, nav)) = found else {
            commands.entity(e).insert(PathAnswer::refused(NoPath::NoGrid));
            continue;
        };
        let (from, to, options) = (request.from, request.to, request.options.unwrap_or(nav.options));
        let version = nav.grid.version();
        let snapshot = match unit_board(&mut units, &nav.grid, request.size, &options) {
            Err(no) => {
                commands.entity(e).insert(PathAnswer::refused(no));
                continue;
            }
            Ok(Some(unit)) => Snapshot::from(unit),
            Ok(None) => match shares.snapshots.entry(grid).or_default().take(&nav.grid, &mut copy) {
                Some(snapshot) => snapshot,
                None => {
                    waiting.push(e); // its grid's copy goes on next frame
                    continue;
                }
            },
        };
        let Some((searcher, makes)) = shares.lend(grid, request, &options, &snapshot, || flights.searcher()) else {
            waiting.push(e);
            continue;
        };
        flights.launch((e, *request), (grid, version, makes), searcher, move |searcher| {
            let t = Instant::now();
            let result = searcher.search(&snapshot, from, to, &options);
            let answer = result.map_or_else(|e| PathAnswer::refused(NoPath::Refused(e)), |found| answer_from(found, options, t.elapsed()));
            // a subgoal graph worn by many repairs is prepared again here, off the frame
            searcher.refresh_prepared(&snapshot);
            answer
        });
        handed += 1;
    }
    for e in waiting.into_iter().rev() {
        queue.requeue_front(e);
    }
}

impl GridShares {
    /// After a task on `grid` finished (with its `searcher`) or was dropped: what it made is
    /// kept for the grid's other tasks (a dropped task's clusters are made by the next HPA*
    /// request).
    fn settle(&mut self, grid: Entity, makes: Makes, searcher: Option<&Searcher>) {
        if makes.clusters {
            self.clustering.remove(&grid);
        }
        if makes.labels {
            self.labelling.remove(&grid);
        }
        let Some(searcher) = searcher else { return };
        if makes.clusters
            && let Some(h) = searcher.shared_hierarchy()
        {
            self.clusters.insert(grid, h);
        }
        if makes.own
            && let Some(c) = searcher.shared_components()
        {
            self.components.insert(grid, c);
        }
    }

    /// A searcher (from `spare`) for a request on `grid` itself or a unit board of it, given
    /// the grid's shared values, and what its task will make for the others; `None` while
    /// another task makes what it needs (it waits).
    fn lend(
        &mut self,
        grid: Entity,
        request: &PathRequest,
        options: &SearchOptions,
        snapshot: &Snapshot,
        spare: impl FnOnce() -> Searcher,
    ) -> Option<(Searcher, Makes)> {
        // HPA* on the grid itself: the shared clusters, or this task makes them while the
        // grid's other HPA* requests wait
        let hpa = options.algorithm == Algorithm::Hpa && request.size == 1;
        // and on the grid itself a fresh searcher's first search labels the grid's connected
        // components (about a second on 4096 x 4096): one task does it while the grid's other
        // requests wait, then every searcher keeps the shared ones
        let own = request.size == 1;
        if (hpa && self.clustering.contains(&grid)) || (own && self.labelling.contains(&grid)) {
            return None;
        }
        let (mut searcher, mut makes) = (spare(), Makes { own, ..Makes::default() });
        if own {
            match self.components.get(&grid) {
                Some(c) => searcher.keep_components(c.clone()),
                None => {
                    makes.labels = true;
                    self.labelling.insert(grid);
                }
            }
        }
        if hpa {
            let shared = self.clusters.get(&grid);
            if let Some(h) = shared {
                searcher.keep_hierarchy(h.clone());
            }
            if shared.is_none_or(|h| !h.is_for(snapshot)) {
                makes.clusters = true;
                self.clustering.insert(grid);
            }
        }
        Some((searcher, makes))
    }
}
