//! Voxel worlds: the engine's [`VoxelGrid`] on an entity ([`NavVoxels`]) with its move model,
//! and [`VoxelPathRequest`]s answered with [`VoxelPathAnswer`]s on the same entity, within the
//! frame's [`PathBudget`] as 2D requests are, or with [`PathTasks`] as tasks on other threads
//! (each on a snapshot of its world, shared by the tasks on one revision; an answer for a world
//! changed meanwhile is thrown away and the search begun again).

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

use bevy::platform::time::Instant;
use bevy::prelude::*;
use cubepath_search::{
    search::{SearchError, SearchResult, Searcher, VoxelOptions},
    world::{Pos3, VoxelGrid},
};

use crate::request::{NavRequest, NoPath, PathBudget, RequestQueue, Running, Slice, answer_in_slices, go_on};
use crate::tasks::{Flights, Makes, PathTasks};

/// A voxel world to find paths in: the voxels, the search settings (move model, algorithm,
/// weight) its requests use unless they bring their own, and where its voxels are in the
/// world. The engine's z (up) is the world's +Y; its x is +X and its y is +Z.
#[derive(Component, Clone, Debug)]
pub struct NavVoxels {
    /// The voxels.
    pub world: VoxelGrid,
    /// The search settings requests use by default.
    pub options: VoxelOptions,
    /// World units per voxel.
    pub voxel_size: f32,
    /// Where the centre of voxel (0, 0, 0) is.
    pub origin: Vec3,
}

impl NavVoxels {
    /// A world searched with the default settings (A*, fly-26), voxels 1 unit apart, centred
    /// on the origin in X and Z with its ground (the bottom of level 0) at y = 0.
    pub fn new(world: VoxelGrid) -> NavVoxels {
        let (w, h) = (world.width() as f32, world.height() as f32);
        NavVoxels { world, options: VoxelOptions::default(), voxel_size: 1.0, origin: Vec3::new(-(w - 1.0) / 2.0, 0.5, -(h - 1.0) / 2.0) }
    }

    /// The centre of voxel `p` in the world.
    ///
    /// ```
    /// use bevy::prelude::*;
    /// use bevy_cubepath::NavVoxels;
    /// use bevy_cubepath::engine::world::VoxelGrid;
    /// let nav = NavVoxels::new(VoxelGrid::new(3, 3, 2).unwrap());
    /// assert_eq!(nav.to_world((1, 1, 0)), Vec3::new(0.0, 0.5, 0.0));
    /// assert_eq!(nav.to_voxel(Vec3::new(0.9, 1.2, -1.1)), Some((2, 0, 1)));
    /// ```
    pub fn to_world(&self, p: Pos3) -> Vec3 {
        self.origin + Vec3::new(p.0 as f32, p.2 as f32, p.1 as f32) * self.voxel_size
    }

    /// The voxel a world position falls in, if inside the world.
    pub fn to_voxel(&self, at: Vec3) -> Option<Pos3> {
        let v = ((at - self.origin) / self.voxel_size + Vec3::splat(0.5)).floor();
        let p = (v.x, v.z, v.y);
        let inside = p.0 >= 0.0 && p.1 >= 0.0 && p.2 >= 0.0;
        let p = (p.0 as usize, p.1 as usize, p.2 as usize);
        (inside && self.world.contains(p)).then_some(p)
    }
}

/// A request for a path from voxel `from` to voxel `to`. Inserting it (again) asks for a fresh
/// answer.
///
/// ```
/// use bevy::prelude::*;
/// use bevy_cubepath::prelude::*;
/// use bevy_cubepath::engine::{world::{VoxelGrid, VoxelMoves}, search::VoxelOptions};
///
/// let mut app = App::new();
/// app.add_plugins((MinimalPlugins, CubepathPlugin));
/// // a wall across the middle of a 3 x 3 x 2 world, open above
/// let mut world = VoxelGrid::new(3, 3, 2).unwrap();
/// for x in 0..3 {
///     world.set_blocked((x, 1, 0), true).unwrap();
/// }
/// app.world_mut().spawn(NavVoxels::new(world));
/// let asker = app.world_mut().spawn(VoxelPathRequest::new((0, 0, 0), (0, 2, 0))).id();
/// app.update();
/// let found = app.world().get::<VoxelPathAnswer>(asker).unwrap().result.clone().unwrap();
/// // over the wall: up, across and down again (no move cuts the wall's edge)
/// assert_eq!(found.voxels, [(0, 0, 0), (0, 0, 1), (0, 1, 1), (0, 2, 1), (0, 2, 0)]);
/// assert_eq!(found.cost, 4.0);
/// ```
#[derive(Component, Clone, Copy, Debug, PartialEq)]
pub struct VoxelPathRequest {
    /// Where the path starts.
    pub from: Pos3,
    /// Where it ends.
    pub to: Pos3,
    /// The world entity to search; `None`: the only [`NavVoxels`].
    pub world: Option<Entity>,
    /// Search settings instead of the world's.
    pub options: Option<VoxelOptions>,
}

impl VoxelPathRequest {
    /// A path from `from` to `to` in the only world, with its settings.
    pub fn new(from: Pos3, to: Pos3) -> VoxelPathRequest {
        VoxelPathRequest { from, to, world: None, options: None }
    }

    /// In this world entity.
    pub fn on(self, world: Entity) -> VoxelPathRequest {
        VoxelPathRequest { world: Some(world), ..self }
    }

    /// With these search settings.
    pub fn with_options(self, options: VoxelOptions) -> VoxelPathRequest {
        VoxelPathRequest { options: Some(options), ..self }
    }
}

/// A path found in a voxel world: its voxels from `from` to `to` and its cost.
#[derive(Clone, Debug, PartialEq)]
pub struct FoundVoxelPath {
    /// Voxels from start to goal inclusive.
    pub voxels: Vec<Pos3>,
    /// The sum of the steps' costs.
    pub cost: f64,
    /// Whether the settings guarantee it is a least-cost path.
    pub optimal: bool,
}

/// The answer to the entity's [`VoxelPathRequest`], and the work the search did.
#[derive(Component, Clone, Debug, PartialEq)]
pub struct VoxelPathAnswer {
    /// The path, or why there is none ([`NoPath::NoGrid`]: no [`NavVoxels`] to search).
    pub result: Result<FoundVoxelPath, NoPath>,
    /// Voxels the search expanded.
    pub expanded: usize,
    /// Voxels it put on the open list.
    pub pushed: usize,
    /// How long it took.
    pub time: Duration,
}

impl VoxelPathAnswer {
    /// The path's voxels, if found.
    pub fn voxels(&self) -> Option<&[Pos3]> {
        self.result.as_ref().ok().map(|p| p.voxels.as_slice())
    }
}

impl NavRequest for VoxelPathRequest {
    type Map = VoxelGrid;
    type Answer = VoxelPathAnswer;
}

/// Voxel requests waiting, oldest first, and the engine's buffers (kept with the world's
/// connected components and bit rows between searches).
pub type VoxelQueue = RequestQueue<VoxelPathRequest>;

/// Answers waiting voxel requests within the frame's budget, as 2D ones are: A*, Dijkstra,
/// greedy, BFS and 3D JPS (its jump points) in slices of the frame's expansions (parked between
/// frames, begun again when the world has changed meanwhile), bidirectional A* and IDA* whole. The
/// world's connected components are labelled a step at a time within the frame's preparation
/// share (flying worlds' labels then follow its edits; walking's are made again after each),
/// and searches do not wait for them.
pub(crate) fn answer_voxel_requests(
    mut commands: Commands,
    budget: Res<PathBudget>,
    mut queue: ResMut<VoxelQueue>,
    requests: Query<&VoxelPathRequest>,
    worlds: Query<&NavVoxels>,
) {
    let mut prepare = budget.preparation.max(1);
    answer_in_slices(&mut commands, &budget, &mut queue, &requests, |searcher, request, under_way, left| {
        let nav = match request.world {
            Some(w) => worlds.get(w).ok(),
            None => worlds.single().ok(),
        };
        match nav {
            Some(nav) => {
                // the world's components are labelled within the frame's preparation share,
                // never whole; searches run without them meanwhile
                searcher.label_worlds_in_steps(true);
                let moves = request.options.unwrap_or(nav.options).moves;
                searcher.label_world_within(&nav.world, moves, &mut prepare);
                slice_world(searcher, request, under_way, nav, left)
            }
            None => Slice::Answered(VoxelPathAnswer { result: Err(NoPath::NoGrid), expanded: 0, pushed: 0, time: Duration::ZERO }),
        }
    });
}

/// Runs a voxel request's search for at most `left` expansions (taking `left` down by what it
/// used): taken up where it was left when its world is as it was then, else begun; the engine
/// runs every algorithm this way (3D JPS by its jump points, as A* on a world too cluttered for
/// jumps to pay; bidirectional A* and IDA* whole, in one slice).
fn slice_world(
    searcher: &mut Searcher,
    request: &VoxelPathRequest,
    under_way: Option<Running<VoxelPathRequest>>,
    nav: &NavVoxels,
    left: &mut usize,
) -> Slice<VoxelPathAnswer, VoxelGrid> {
    let options = request.options.unwrap_or(nav.options);
    let t = Instant::now();
    let spent = under_way.as_ref().map_or(Duration::ZERO, |r| r.time);
    let search = match under_way.map(|r| r.search).filter(|s| s.is_for(&nav.world)) {
        Some(search) => search,
        None => match searcher.start(&nav.world, request.from, request.to, &options) {
            Ok(search) => search,
            Err(e) => return Slice::Answered(refused(e, t.elapsed())),
        },
    };
    go_on(searcher, &nav.world, search, left, (spent, t), voxel_answer)
}

/// A voxel request's search, whole (in a task).
fn answer(searcher: &mut Searcher, request: &VoxelPathRequest, world: &VoxelGrid, options: VoxelOptions) -> VoxelPathAnswer {
    let t = Instant::now();
    match searcher.search_world(world, request.from, request.to, &options) {
        Ok(found) => voxel_answer(found, t.elapsed()),
        Err(e) => refused(e, t.elapsed()),
    }
}

/// A request the engine refused.
fn refused(e: SearchError, time: Duration) -> VoxelPathAnswer {
    VoxelPathAnswer { result: Err(NoPath::Refused(e)), expanded: 0, pushed: 0, time }
}

/// The answer a voxel search's result gives, with the time it took.
fn voxel_answer(found: SearchResult<Pos3>, time: Duration) -> VoxelPathAnswer {
    let result = match (found.path, found.cost) {
        (Some(voxels), Some(cost)) => Ok(FoundVoxelPath { voxels, cost, optimal: found.admissible }),
        _ if found.stopped => Err(NoPath::Stopped { expanded: found.expanded }),
        _ => Err(NoPath::Unreachable),
    };
    VoxelPathAnswer { result, expanded: found.expanded, pushed: found.pushed, time }
}

/// Each world's latest snapshot for its tasks (shared by the tasks on one revision).
#[derive(Resource, Default)]
pub(crate) struct WorldSnapshots(HashMap<Entity, ((u64, u64), Arc<VoxelGrid>)>);

/// With [`PathTasks`]: collects finished voxel tasks (answering, or beginning again when the
/// world changed meanwhile), drops those of renewed or despawned requests, then hands waiting
/// requests out as tasks, at most `at_once` under way.
pub(crate) fn search_voxels_in_tasks(
    mut commands: Commands,
    (tasks, budget): (Res<PathTasks>, Res<PathBudget>),
    (mut queue, mut flights, mut snapshots): (ResMut<VoxelQueue>, ResMut<Flights<VoxelPathRequest>>, ResMut<WorldSnapshots>),
    requests: Query<&VoxelPathRequest>,
    worlds: Query<(Entity, &NavVoxels)>,
) {
    snapshots.0.retain(|&w, _| worlds.contains(w));
    let version = |w| worlds.get(w).ok().map(|(_, nav)| nav.world.version());
    flights.collect(&mut commands, &mut queue, &requests, version, |_, _, _| {});
    let mut handed = 0;
    while flights.room(&tasks) && handed < budget.searches {
        let Some(e) = queue.next_waiting() else { break };
        let Ok(request) = requests.get(e) else { continue };
        let found = match request.world {
            Some(w) => worlds.get(w).ok(),
            None => worlds.single().ok(),
        };
        let Some((world, nav)) = found else {
            commands.entity(e).insert(VoxelPathAnswer { result: Err(NoPath::NoGrid), expanded: 0, pushed: 0, time: Duration::ZERO });
            continue;
        };
        let version = nav.world.version();
        let snapshot = match snapshots.0.get(&world) {
            Some((v, shared)) if *v == version => shared.clone(),
            _ => {
                let shared = Arc::new(nav.world.clone());
                snapshots.0.insert(world, (version, shared.clone()));
                shared
            }
        };
        let (request, options) = (*request, request.options.unwrap_or(nav.options));
        let searcher = flights.searcher();
        flights.launch((e, request), (world, version, Makes::default()), searcher, move |searcher| {
            answer(searcher, &request, &snapshot, options)
        });
        handed += 1;
    }
}
