//! Worlds with levels (#23): with more than one level the game plays a voxel world instead of
//! the flat board. The world's voxels, its start and end, the search on it (run again on every
//! change), the walk along its path (voxels turning black, or the agent walking up stairs or
//! flying), the slice that hides the levels above one, and the voxel editor's picks. One level
//! is today's board: nothing here runs then.

use std::time::Duration;

use bevy::prelude::*;
use bevy_cubepath::{NavVoxels, NoPath, VoxelPathAnswer, VoxelPathRequest};

use super::world_walk::WorldWalk;
use crate::engine::{
    files::{read_world, write_world},
    search::{Algorithm, Searcher, VoxelOptions},
    world::{Pos3, VoxelGrid, VoxelMoves, generate_world},
};
use crate::game::logic::shared::files;
use crate::game::logic::shared::input::{Action, VoxelClick, VoxelHit};
use crate::game::logic::shared::settings::{BoardSettings, ClickSets, MAX_LEVELS, PlaySettings, SearchSettings, WalkMode, WorldSettings};
use crate::game::logic::shared::setup::GameSetup;
use crate::game::logic::shared::status::Status;
use crate::game::phases::{AppSystems, PausableSystems, Turn};

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<WorldBoard>().init_resource::<WorldSearcher>().add_systems(Startup, make_first_world).add_systems(
        Update,
        (
            slice_keys.run_if(world_on).in_set(Turn::WorldKeys),
            make_worlds.in_set(Turn::Worlds),
            (pick_voxels, slice_world).chain().run_if(world_on).in_set(Turn::Worlds).after(make_worlds),
            search_world_with_new_settings
                .run_if(world_on.and_then(resource_changed::<SearchSettings>))
                .in_set(Turn::Worlds)
                .after(slice_world),
            request_world_path
                .run_if(world_needs_search)
                .in_set(Turn::Worlds)
                .after(pick_voxels)
                .after(slice_world)
                .after(search_world_with_new_settings),
            take_world_answer.run_if(world_on).in_set(Turn::WorldAnswer),
            start_world_walk.run_if(world_on).in_set(AppSystems::StartWalk),
            walk_world.run_if(world_walking).in_set(Turn::WorldWalk).in_set(PausableSystems),
        ),
    );
}

/// The world being played (none while the flat board is), its endpoints, the search's answer,
/// the walk and the slice.
#[derive(Resource, Default)]
pub struct WorldBoard {
    /// The voxels; `None` plays the flat board.
    pub grid: Option<VoxelGrid>,
    /// Where the world came from, for the panel.
    pub source: String,
    /// The start voxel.
    pub start: Option<Pos3>,
    /// The end voxel.
    pub end: Option<Pos3>,
    /// Whether the next left click sets the end.
    pub next_is_end: bool,
    /// Bumped on every change of the voxels: the view rebuilds its meshes then.
    pub shape: u64,
    /// The highest level drawn and picked (the levels above are hidden).
    pub slice: usize,
    /// The last search's answer.
    pub answer: WorldAnswer,
    /// The walk along the path.
    pub walk: WorldWalk,
    /// Whether the endpoints, voxels or settings changed since the last search.
    pending: bool,
    /// Walk once the first search has found a path (`--walk`).
    auto_walk: bool,
    /// What the last request asked, for its answer.
    asked: Option<Asked>,
}

/// The last search on the world.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct WorldAnswer {
    /// The path, start to end; empty without one.
    pub path: Vec<Pos3>,
    /// Its cost.
    pub cost: Option<f64>,
    /// Voxels expanded.
    pub expanded: usize,
    /// The algorithm that ran.
    pub algorithm: Algorithm,
    /// How long it took.
    pub time: Duration,
    /// Why there is no path (or the algorithm that stood in for one that does not run in 3D,
    /// or why JPS expanded nothing).
    pub why: Option<String>,
    /// Searches run since the game started.
    pub searches: u64,
}

impl WorldBoard {
    /// Whether a world is played.
    pub fn is_on(&self) -> bool {
        self.grid.is_some()
    }

    /// Whether a search is due or a walk is under way (the screenshot waits).
    pub fn is_busy(&self) -> bool {
        self.is_on() && (self.pending || self.auto_walk || self.walk.running || self.answer.searches == 0)
    }

    /// The path the agent is on: its walk's, or the world's before it walks.
    pub fn walker_path(&self) -> &[Pos3] {
        if self.walk.path.len() > 1 { &self.walk.path } else { &self.answer.path }
    }

    /// The path's voxels walked so far (they are drawn black).
    pub fn walked(&self) -> usize {
        let started = self.walk.running || self.walk.done > 0.0;
        if self.answer.path.is_empty() || !started { 0 } else { (self.walk.done.floor() as usize + 1).min(self.answer.path.len()) }
    }

    /// Puts a new world in place with endpoints near opposite corners, all levels shown.
    fn replace(&mut self, grid: VoxelGrid, source: String, moves: VoxelMoves) {
        self.start = corner_voxel(&grid, moves, None);
        self.end = self.start.and_then(|s| corner_voxel(&grid, moves, Some(s))).or(self.start);
        self.slice = grid.depth() - 1;
        self.grid = Some(grid);
        self.source = source;
        self.next_is_end = false;
        self.walk = WorldWalk::default();
        self.changed();
    }

    /// Puts back voxels and endpoints kept before (undo, redo); all levels shown when the
    /// world's size is another.
    pub(crate) fn restore(&mut self, grid: VoxelGrid, source: String, (start, end): (Option<Pos3>, Option<Pos3>)) {
        if self.grid.as_ref().is_none_or(|g| (g.width(), g.height(), g.depth()) != (grid.width(), grid.height(), grid.depth())) {
            self.slice = grid.depth() - 1;
        }
        self.grid = Some(grid);
        self.source = source;
        (self.start, self.end) = (start, end);
        self.changed();
    }

    /// The voxels, endpoints or settings changed: search again, and the walk ends.
    fn changed(&mut self) {
        self.shape += 1;
        self.pending = true;
        (self.walk.running, self.walk.rerouting) = (false, false);
        self.walk.path.clear();
    }

    /// A voxel was edited: search again; a walking agent goes on from where the edit leaves
    /// it (see `world_walk`), which becomes the start.
    fn edited(&mut self, moves: VoxelMoves) {
        let from = match (&self.grid, self.walk.running && self.walk.agent) {
            (Some(grid), true) => self.walk.reroute(grid, moves),
            _ => None,
        };
        let Some(from) = from else { return self.changed() };
        self.start = Some(from);
        self.shape += 1;
        self.pending = true;
    }
}

/// JPS on a world jumps in the game even where the world is cluttered with small obstacles and
/// the engine would run A* instead (`VoxelOptions::jump_always`): the game shows what the
/// algorithm chosen does, its jump points in the step view and the race.
pub const SHOW_JUMPS: bool = true;

/// The searcher kept between searches (its buffers and the world's components).
#[derive(Resource, Default)]
pub struct WorldSearcher(pub(crate) Searcher);

/// Run condition: a world is played.
pub fn world_on(world: Res<WorldBoard>) -> bool {
    world.is_on()
}

fn world_needs_search(world: Res<WorldBoard>) -> bool {
    world.pending && world.is_on()
}

fn world_walking(world: Res<WorldBoard>) -> bool {
    world.walk.running
}

/// A voxel where `moves` may stand near a corner: the first such voxel from `(0, 0)` on the
/// lowest level that has one; or, given a start, the first one reachable from it from the
/// opposite corner on the highest level that has one.
pub fn corner_voxel(world: &VoxelGrid, moves: VoxelMoves, from: Option<Pos3>) -> Option<Pos3> {
    let (w, h, d) = (world.width(), world.height(), world.depth());
    let far = from.is_some();
    let mut searcher = Searcher::default();
    let levels: Vec<usize> = if far { (0..d).rev().collect() } else { (0..d).collect() };
    for z in levels {
        for s in 0..w + h - 1 {
            for x in s.saturating_sub(h - 1)..=s.min(w - 1) {
                let y = s - x;
                let p = if far { (w - 1 - x, h - 1 - y, z) } else { (x, y, z) };
                if moves.may_stand(world, p) && from.is_none_or(|s| searcher.reachable_in_world(world, s, p, moves)) {
                    return Some(p);
                }
            }
        }
    }
    None
}

/// A world of `settings`' kind and levels, with the board settings' width, length and seed.
pub fn generated_world(board: &BoardSettings, settings: &WorldSettings) -> Result<(VoxelGrid, String), String> {
    let b = board.clamped();
    let s = settings.clamped();
    let grid = generate_world(s.kind, (b.cols, b.rows, s.levels), b.seed).map_err(|e| e.to_string())?;
    Ok((grid, format!("{} {} x {} x {}, seed {}", s.kind, b.cols, b.rows, s.levels, b.seed)))
}

fn make_first_world(setup: Res<GameSetup>, mut settings: ResMut<WorldSettings>, mut world: ResMut<WorldBoard>, mut status: ResMut<Status>) {
    *settings = setup.world.clamped();
    if let Some((grid, name)) = &setup.world_map {
        world.replace(grid.clone(), name.clone(), settings.moves);
    } else if settings.levels > 1 {
        match generated_world(&setup.board, &settings) {
            Ok((grid, source)) => world.replace(grid, source, settings.moves),
            Err(e) => status.say(format!("could not make the world: {e}")),
        }
    }
    if let Some(p) = setup.world_start {
        world.start = Some(p);
    }
    if let Some(p) = setup.world_end {
        world.end = Some(p);
    }
    if let (Some(level), Some(grid)) = (setup.world_slice, world.grid.as_ref()) {
        world.slice = level.min(grid.depth() - 1);
    }
    world.walk.agent = setup.agent;
    world.auto_walk = setup.walk && world.is_on();
}

/// New world settings, a new board (A, New board) while a world is played, or a `.3dmap` or
/// `.vox` opened: a new world; one level goes back to the flat board. A world that cannot be
/// made or read says why and the one played is kept.
fn make_worlds(
    mut actions: MessageReader<Action>,
    board: Res<BoardSettings>,
    mut settings: ResMut<WorldSettings>,
    mut world: ResMut<WorldBoard>,
    mut status: ResMut<Status>,
) {
    for action in actions.read() {
        let made = match action {
            Action::World(s) => {
                let s = s.clamped();
                let moves_only = s.levels == settings.levels && s.kind == settings.kind && world.is_on();
                *settings = s;
                if moves_only {
                    world.changed();
                    continue;
                }
                if s.levels == 1 {
                    *world = WorldBoard { answer: std::mem::take(&mut world.answer), ..WorldBoard::default() };
                    status.say("back to the flat board");
                    continue;
                }
                generated_world(&board, &s)
            }
            Action::Reset | Action::NewBoard(_) if world.is_on() && settings.levels > 1 => generated_world(&board, &settings),
            Action::LoadMap { name, bytes } if files::is_world(name) => {
                read_world(name, bytes).map_err(|e| e.to_string()).map(|g| (g, name.clone()))
            }
            Action::OpenMap(name) if files::is_world(name) => {
                files::open_map(name).and_then(|b| read_world(name, &b).map_err(|e| e.to_string())).map(|g| (g, name.clone()))
            }
            Action::SaveMap(name) if files::is_world(name) => {
                match &world.grid {
                    Some(g) => status.say(match write_world(g, name) {
                        Ok(bytes) => files::save_map(name, bytes),
                        Err(e) => format!("{name}: {e}; the world is kept"),
                    }),
                    None => status.say("no world to save: set more than one level first"),
                }
                continue;
            }
            _ => continue,
        };
        match made {
            Ok((grid, source)) => {
                settings.levels = grid.depth().clamp(1, MAX_LEVELS);
                status.say(format!("world: {source}"));
                world.replace(grid, source, settings.moves);
            }
            Err(e) => status.say(format!("could not make the world, it is kept: {e}")),
        }
    }
}

/// The voxel in front of a hit face where `moves` may stand: for flying, the free voxel in
/// front; for walking, the standable voxel found by falling from there.
pub fn voxel_in_front(world: &VoxelGrid, hit: VoxelHit, moves: VoxelMoves) -> Option<Pos3> {
    let p = front(world, hit)?;
    let p = match moves {
        VoxelMoves::Walk => {
            let mut q = p;
            while q.2 > 0 && world.is_free((q.0, q.1, q.2 - 1)) {
                q.2 -= 1;
            }
            q
        }
        _ => p,
    };
    moves.may_stand(world, p).then_some(p)
}

/// The voxel in front of a hit face, if inside the world.
fn front(world: &VoxelGrid, hit: VoxelHit) -> Option<Pos3> {
    let c: Vec<i64> = (0..3).map(|i| hit.voxel[i] + hit.normal[i]).collect();
    let inside = c.iter().zip([world.width(), world.height(), world.depth()]).all(|(&v, n)| v >= 0 && (v as usize) < n);
    inside.then(|| (c[0] as usize, c[1] as usize, c[2] as usize))
}

/// Clicks on voxels: endpoints set or dragged, voxels removed or added. A click that cannot
/// do what it asks says why; the world is kept.
fn pick_voxels(
    mut actions: MessageReader<Action>,
    settings: Res<WorldSettings>,
    play: Res<PlaySettings>,
    mut world: ResMut<WorldBoard>,
    mut status: ResMut<Status>,
) {
    let moves = settings.moves;
    for action in actions.read() {
        let Action::PickVoxel { hit, click } = action else { continue };
        let Some(grid) = world.grid.as_ref() else { return };
        match click {
            VoxelClick::Endpoint | VoxelClick::Drag(_) => {
                let Some(p) = voxel_in_front(grid, *hit, moves) else {
                    if *click == VoxelClick::Endpoint {
                        status.say(match moves {
                            VoxelMoves::Walk => "no voxel to stand on there: a walker's start and end stand on a floor",
                            _ => "no free voxel there: a flyer's start and end are free voxels",
                        });
                    }
                    continue;
                };
                let end = match click {
                    VoxelClick::Drag(end) => *end,
                    _ => match play.click {
                        ClickSets::Start => false,
                        ClickSets::End => true,
                        ClickSets::Alternate => world.next_is_end,
                    },
                };
                let slot = if end { &mut world.end } else { &mut world.start };
                if *slot == Some(p) {
                    continue;
                }
                *slot = Some(p);
                if *click == VoxelClick::Endpoint {
                    world.next_is_end = !end;
                }
                world.pending = true;
                world.walk.running = false;
            }
            VoxelClick::Remove => {
                let v = hit.voxel;
                if v[2] < 0 {
                    status.say("the ground under the world cannot be removed");
                    continue;
                }
                let p = (v[0] as usize, v[1] as usize, v[2] as usize);
                edit_voxel(&mut world, p, false, moves, &mut status);
            }
            VoxelClick::Add => match front(grid, *hit) {
                Some(p) if Some(p) == world.start || Some(p) == world.end => {
                    status.say(format!("{},{},{} holds an endpoint: no voxel added", p.0, p.1, p.2))
                }
                Some(p) => edit_voxel(&mut world, p, true, moves, &mut status),
                None => status.say("that face is on the world's edge: no voxel added outside"),
            },
        }
    }
}

fn edit_voxel(world: &mut WorldBoard, p: Pos3, blocked: bool, moves: VoxelMoves, status: &mut Status) {
    let Some(grid) = world.grid.as_mut() else { return };
    match grid.set_blocked(p, blocked) {
        Ok(()) => world.edited(moves),
        Err(e) => status.say(format!("no change: {e}")),
    }
}

/// PageUp and PageDown show one level more or fewer.
fn slice_keys(keys: Res<ButtonInput<KeyCode>>, world: Res<WorldBoard>, mut actions: MessageWriter<Action>) {
    if keys.just_pressed(KeyCode::PageUp) {
        actions.write(Action::Slice(world.slice + 1));
    }
    if keys.just_pressed(KeyCode::PageDown) {
        actions.write(Action::Slice(world.slice.saturating_sub(1)));
    }
}

/// The slice: the highest level drawn and picked.
fn slice_world(mut actions: MessageReader<Action>, mut world: ResMut<WorldBoard>) {
    for action in actions.read() {
        if let Action::Slice(level) = action {
            let top = world.grid.as_ref().map_or(0, |g| g.depth() - 1);
            let level = (*level).min(top);
            if world.slice != level {
                world.slice = level;
            }
        }
    }
}

/// Marks the entity that carries the world to the navigation plugin ([`NavVoxels`]) and asks
/// it for the player's path ([`VoxelPathRequest`]).
#[derive(Component)]
pub struct WorldNavigation;

/// What was asked of the plugin: the algorithm wanted, the one asked for, and the endpoints.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Asked {
    wanted: Algorithm,
    algorithm: Algorithm,
    ends: (Pos3, Pos3),
}

/// The world changed: the navigation plugin gets its voxels and a request from the start to
/// the end, with the panel's algorithm when it runs in 3D with these moves (else A*, said with
/// the answer) and weight.
fn request_world_path(
    mut commands: Commands,
    settings: Res<WorldSettings>,
    search: Res<SearchSettings>,
    mut world: ResMut<WorldBoard>,
    nav: Query<Entity, With<WorldNavigation>>,
) {
    let world = &mut *world;
    world.pending = false;
    let (Some(grid), Some(start), Some(end)) = (world.grid.as_ref(), world.start, world.end) else {
        world.answer = WorldAnswer { why: Some("set a start and an end".into()), searches: world.answer.searches + 1, ..default() };
        return;
    };
    let wanted = search.0.algorithm;
    let runs = match wanted {
        Algorithm::AStar | Algorithm::Dijkstra | Algorithm::Greedy | Algorithm::Bfs | Algorithm::AStarBidir => true,
        Algorithm::Jps => settings.moves == VoxelMoves::Fly26,
        _ => false,
    };
    let algorithm = if runs { wanted } else { Algorithm::AStar };
    let options = VoxelOptions { algorithm, moves: settings.moves, weight: search.0.weight.max(1.0), limit: None, jump_always: SHOW_JUMPS };
    let voxels = NavVoxels { options, ..NavVoxels::new(grid.clone()) };
    let e = nav.single().unwrap_or_else(|_| commands.spawn((Name::new("World navigation"), WorldNavigation)).id());
    commands.entity(e).insert((voxels, VoxelPathRequest::new(start, end)));
    world.asked = Some(Asked { wanted, algorithm, ends: (start, end) });
}

/// A new algorithm or weight searches the world again (before, the world kept the answer of
/// the settings it was last searched with, while the panel showed the new ones).
fn search_world_with_new_settings(mut world: ResMut<WorldBoard>) {
    world.changed();
}

/// The plugin's answer becomes the world's: the path, its cost, the work, or why there is none.
fn take_world_answer(answers: Query<&VoxelPathAnswer, (With<WorldNavigation>, Changed<VoxelPathAnswer>)>, mut world: ResMut<WorldBoard>) {
    let (Ok(answer), Some(asked)) = (answers.single(), world.asked) else { return };
    let (start, end) = asked.ends;
    let searches = world.answer.searches + 1;
    let found = answer.result.as_ref();
    world.answer = WorldAnswer {
        why: match found {
            Err(NoPath::Unreachable) => {
                Some(format!("no path: {},{},{} cannot be reached from {},{},{}", end.0, end.1, end.2, start.0, start.1, start.2))
            }
            Err(NoPath::Refused(e)) => Some(e.to_string()),
            Err(other) => Some(other.to_string()),
            Ok(_) if asked.algorithm != asked.wanted => {
                Some(format!("{} does not run on voxel worlds with these moves: A* searched", asked.wanted))
            }
            // 3D JPS answers a free direct line before any jump (nothing to step through)
            Ok(f) if asked.algorithm == Algorithm::Jps && answer.expanded == 0 && f.voxels.len() > 1 => Some(format!(
                "{}: the straight line from the start to the end is free, so it is the answer: no voxel expanded, and no path costs less",
                asked.algorithm
            )),
            Ok(_) => None,
        },
        path: found.map(|f| f.voxels.clone()).unwrap_or_default(),
        cost: found.ok().map(|f| f.cost),
        expanded: answer.expanded,
        algorithm: asked.algorithm,
        time: answer.time,
        searches,
    };
    let world = &mut *world;
    world.walk.take_path(&world.answer.path);
    if std::mem::take(&mut world.auto_walk) && world.answer.path.len() > 1 {
        world.walk = WorldWalk::along(&world.answer.path, world.walk.agent);
    }
}

/// Space (or the Walk button) starts a walk along the world's path: its voxels turn black one
/// by one, or the agent walks (or flies) it.
fn start_world_walk(mut actions: MessageReader<Action>, play: Res<PlaySettings>, mut world: ResMut<WorldBoard>) {
    for action in actions.read() {
        if *action == Action::Walk && world.answer.path.len() > 1 {
            world.walk = WorldWalk::along(&world.answer.path, play.mode == WalkMode::Agent);
        }
    }
}

fn walk_world(time: Res<Time>, play: Res<PlaySettings>, mut world: ResMut<WorldBoard>) {
    let speed = if world.walk.agent { play.agent_speed } else { 1.0 / play.step_interval.max(0.01) };
    world.walk.advance(time.delta_secs() * speed);
    if !world.walk.running {
        info!("cubepath walk finished");
    }
}

/// Where the ray from `origin` along `dir` (in the game's space: x right, y up, z toward the
/// camera; the world centred as [`voxel_centre`] places it) first meets a blocked voxel at or
/// below level `top`, or the ground under the world; `None` when it misses.
pub fn cast_ray(world: &VoxelGrid, top: usize, origin: Vec3, dir: Vec3) -> Option<VoxelHit> {
    let (w, h) = (world.width() as f32, world.height() as f32);
    // voxel space: x, y (the game's z), z up (the game's y); the ground is the layer z = -1
    let o = [origin.x + w / 2.0, origin.z + h / 2.0, origin.y];
    let d = [dir.x, dir.z, dir.y];
    let lo = [0.0, 0.0, -1.0];
    let hi = [w, h, top as f32 + 1.0];
    let (mut t0, mut t1, mut entry_axis) = (0.0f32, f32::INFINITY, None);
    for i in 0..3 {
        if d[i].abs() < 1e-9 {
            if o[i] < lo[i] || o[i] > hi[i] {
                return None;
            }
            continue;
        }
        let (a, b) = ((lo[i] - o[i]) / d[i], (hi[i] - o[i]) / d[i]);
        let (near, far) = if a < b { (a, b) } else { (b, a) };
        if near > t0 {
            t0 = near;
            entry_axis = Some(i);
        }
        t1 = t1.min(far);
    }
    if t0 > t1 {
        return None;
    }
    let p: Vec<f32> = (0..3).map(|i| o[i] + d[i] * (t0 + 1e-4)).collect();
    let mut cell: [i64; 3] = [0, 1, 2].map(|i| (p[i].floor() as i64).clamp(lo[i] as i64, hi[i] as i64 - 1));
    let step: [i64; 3] = [0, 1, 2].map(|i| if d[i] > 0.0 { 1 } else { -1 });
    let inv: [f32; 3] = [0, 1, 2].map(|i| if d[i].abs() < 1e-9 { f32::INFINITY } else { 1.0 / d[i].abs() });
    let mut next: [f32; 3] = [0, 1, 2].map(|i| {
        let edge = if d[i] > 0.0 { cell[i] as f32 + 1.0 } else { cell[i] as f32 };
        if d[i].abs() < 1e-9 { f32::INFINITY } else { (edge - o[i]) / d[i] }
    });
    let mut normal = [0i64; 3];
    if let Some(i) = entry_axis {
        normal[i] = -step[i];
    }
    let limit = world.width() + world.height() + world.depth() + 4;
    for _ in 0..limit {
        let solid = cell[2] < 0 || world.is_blocked((cell[0] as usize, cell[1] as usize, cell[2] as usize));
        if solid {
            return Some(VoxelHit { voxel: cell, normal });
        }
        let i = (0..3).min_by(|&a, &b| next[a].total_cmp(&next[b])).expect("three axes");
        cell[i] += step[i];
        next[i] += inv[i];
        normal = [0; 3];
        normal[i] = -step[i];
        let outside = cell[0] < 0 || cell[1] < 0 || cell[0] >= world.width() as i64 || cell[1] >= world.height() as i64;
        if outside || cell[2] > top as i64 || cell[2] < -1 {
            return None;
        }
    }
    None
}

/// The centre of a voxel in the game's space: the world centred on the origin in x and z, its
/// ground at y = 0, z up as y.
pub fn voxel_centre(world: &VoxelGrid, p: Pos3) -> Vec3 {
    Vec3::new(p.0 as f32 - (world.width() as f32 - 1.0) / 2.0, p.2 as f32 + 0.5, p.1 as f32 - (world.height() as f32 - 1.0) / 2.0)
}
