//! The board: the grid resource, one cube per cell, and the shared materials that colour them.

use bevy::prelude::*;
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

use super::pathing::PathState;
use super::walk::Walk;
use super::{AppSystems, GameSetup};
use crate::search::{Cell, Grid, Pos};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Board>()
        .init_resource::<BoardSettings>()
        .init_resource::<Selection>()
        .init_resource::<Hover>()
        .init_resource::<Status>()
        .add_systems(Startup, (setup_cube_assets, spawn_first_board).chain())
        .add_systems(Update, paint_cubes.in_set(AppSystems::Update).after(super::walk::WalkSystems));
}

/// The most cubes drawn; larger boards are searched but not drawn cube by cube.
pub const MAX_CUBES: usize = 256 * 256;
/// The largest side of a random board.
pub const MAX_SIDE: usize = 256;
/// Width of a cube; the rest of each cell is the gap.
pub const CUBE_SIZE: f32 = 0.9;

/// What a new random board looks like.
#[derive(Resource, Clone, Debug, PartialEq)]
pub struct BoardSettings {
    pub rows: usize,
    pub cols: usize,
    /// Chance of a barrier per cell, in percent.
    pub barrier_pct: f64,
    pub seed: u64,
}

impl Default for BoardSettings {
    fn default() -> Self {
        BoardSettings { rows: 20, cols: 20, barrier_pct: 20.0, seed: 1 }
    }
}

impl BoardSettings {
    /// The settings with every number clamped to what the game allows.
    pub fn clamped(&self) -> BoardSettings {
        BoardSettings {
            rows: self.rows.clamp(1, MAX_SIDE),
            cols: self.cols.clamp(1, MAX_SIDE),
            barrier_pct: if self.barrier_pct.is_finite() { self.barrier_pct.clamp(0.0, 100.0) } else { 0.0 },
            seed: self.seed,
        }
    }

    /// The next seed after this one (A gives a fresh board, reproducible from the seed shown).
    pub fn next_seed(seed: u64) -> u64 {
        seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407) >> 16
    }
}

/// A random grid: each cell a barrier with probability `barrier_pct` %, from a seeded RNG.
pub fn random_board(settings: &BoardSettings) -> Grid {
    let s = settings.clamped();
    let mut rng = StdRng::seed_from_u64(s.seed);
    let p = s.barrier_pct / 100.0;
    crate::search::random_grid(s.cols, s.rows, p, &mut || rng.random::<f64>()).expect("clamped sizes are valid")
}

/// The grid being played and the cube entity of each cell (row-major; empty when too large to draw).
#[derive(Resource)]
pub struct Board {
    pub grid: Grid,
    pub cubes: Vec<Entity>,
    /// Where the grid came from, for the panel.
    pub source: String,
}

impl Default for Board {
    fn default() -> Self {
        Board { grid: Grid::new(1, 1).expect("1 x 1"), cubes: Vec::new(), source: String::new() }
    }
}

impl Board {
    /// The cube of a cell, if drawn.
    pub fn cube(&self, p: Pos) -> Option<Entity> {
        self.cubes.get(p.1 * self.grid.width() + p.0).copied()
    }

    /// Whether the cell is on the board and not a barrier.
    pub fn is_floor(&self, p: Pos) -> bool {
        self.grid.is_passable(p.0, p.1)
    }

    /// World position of the centre of a cell's top (the board is centred on the origin).
    pub fn world(&self, p: Pos) -> Vec3 {
        cell_to_world(p, self.grid.width(), self.grid.height())
    }
}

/// World position of a cell on a `w` x `h` board: x right, rows toward the camera.
pub fn cell_to_world(p: Pos, w: usize, h: usize) -> Vec3 {
    Vec3::new(p.0 as f32 - (w as f32 - 1.0) / 2.0, 0.0, p.1 as f32 - (h as f32 - 1.0) / 2.0)
}

/// The chosen start and end, and which one the next click sets.
#[derive(Resource, Clone, Debug, Default, PartialEq)]
pub struct Selection {
    pub start: Option<Pos>,
    pub end: Option<Pos>,
    /// The endpoint the next left click sets when clicks alternate.
    pub next_is_end: bool,
}

/// The cell under the mouse.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq)]
pub struct Hover(pub Option<Pos>);

/// The last message for the player.
#[derive(Resource, Clone, Debug, Default, PartialEq)]
pub struct Status(pub String);

impl Status {
    pub fn say(&mut self, message: impl Into<String>) {
        self.0 = message.into();
    }
}

/// A cube's marker: its cell.
#[derive(Component, Clone, Copy, Debug, PartialEq)]
pub struct Cube(pub Pos);

/// How a cube is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Look {
    Floor,
    Barrier,
    Start,
    End,
    /// On the found path, not yet walked.
    Path,
    /// Turned black by the walk.
    Walked,
    Hover,
    /// Weighted ground, swamp or water.
    Terrain,
}

/// One mesh and one material per look, shared by every cube.
#[derive(Resource, Clone)]
pub struct CubeAssets {
    pub mesh: Handle<Mesh>,
    pub floor: Handle<StandardMaterial>,
    pub barrier: Handle<StandardMaterial>,
    pub start: Handle<StandardMaterial>,
    pub end: Handle<StandardMaterial>,
    pub path: Handle<StandardMaterial>,
    pub walked: Handle<StandardMaterial>,
    pub hover: Handle<StandardMaterial>,
    pub terrain: Handle<StandardMaterial>,
}

impl CubeAssets {
    pub fn material(&self, look: Look) -> &Handle<StandardMaterial> {
        match look {
            Look::Floor => &self.floor,
            Look::Barrier => &self.barrier,
            Look::Start => &self.start,
            Look::End => &self.end,
            Look::Path => &self.path,
            Look::Walked => &self.walked,
            Look::Hover => &self.hover,
            Look::Terrain => &self.terrain,
        }
    }
}

/// The tutorial's colours: floor light grey, barrier blue, start green, end red, path black.
pub const FLOOR: Color = Color::srgb(0.82, 0.82, 0.82);
pub const BARRIER: Color = Color::srgb(0.12, 0.30, 0.85);
pub const START: Color = Color::srgb(0.10, 0.75, 0.20);
pub const END: Color = Color::srgb(0.85, 0.10, 0.10);
pub const PATH: Color = Color::srgb(0.98, 0.80, 0.25);
pub const WALKED: Color = Color::srgb(0.0, 0.0, 0.0);
pub const HOVER: Color = Color::srgb(1.0, 1.0, 0.65);
pub const TERRAIN: Color = Color::srgb(0.55, 0.42, 0.25);

fn setup_cube_assets(mut commands: Commands, mut meshes: ResMut<Assets<Mesh>>, mut materials: ResMut<Assets<StandardMaterial>>) {
    // unlit: the walked path is black from every angle, with no highlight on it
    let walked = materials.add(StandardMaterial { base_color: WALKED, unlit: true, ..default() });
    let mut mat = |c: Color| materials.add(StandardMaterial { base_color: c, perceptual_roughness: 0.8, ..default() });
    commands.insert_resource(CubeAssets {
        mesh: meshes.add(Cuboid::new(CUBE_SIZE, CUBE_SIZE, CUBE_SIZE)),
        floor: mat(FLOOR),
        barrier: mat(BARRIER),
        start: mat(START),
        end: mat(END),
        path: mat(PATH),
        walked,
        hover: mat(HOVER),
        terrain: mat(TERRAIN),
    });
}

fn spawn_first_board(
    mut commands: Commands,
    setup: Res<GameSetup>,
    assets: Res<CubeAssets>,
    mut board: ResMut<Board>,
    mut settings: ResMut<BoardSettings>,
    mut selection: ResMut<Selection>,
    mut status: ResMut<Status>,
) {
    *settings = setup.board.clamped();
    let (mut grid, source) = match &setup.grid {
        Some((grid, name)) => (grid.clone(), name.clone()),
        None => (random_board(&settings), format!("random, seed {}", settings.seed)),
    };
    let start = setup.start.unwrap_or((0, 0));
    let end = setup.end.unwrap_or((grid.width() - 1, grid.height() - 1));
    if setup.grid.is_none() || setup.start.is_some() {
        let _ = grid.set(start.0, start.1, Cell::FLOOR);
    }
    if setup.grid.is_none() || setup.end.is_some() {
        let _ = grid.set(end.0, end.1, Cell::FLOOR);
    }
    replace_board(&mut commands, &assets, &mut board, grid, source, &mut status);
    *selection = Selection { start: Some(start), end: Some(end), next_is_end: false };
}

/// Despawns the old cubes and spawns one per cell of `grid` (none when it is too large).
pub fn replace_board(commands: &mut Commands, assets: &CubeAssets, board: &mut Board, grid: Grid, source: String, status: &mut Status) {
    for &e in &board.cubes {
        commands.entity(e).despawn();
    }
    board.cubes.clear();
    let (w, h) = (grid.width(), grid.height());
    if w * h <= MAX_CUBES {
        board.cubes.reserve(w * h);
        for y in 0..h {
            for x in 0..w {
                let look = base_look(grid.get(x, y).expect("on the grid"));
                let e = commands
                    .spawn((
                        Name::new(format!("Cube {x},{y}")),
                        Cube((x, y)),
                        Mesh3d(assets.mesh.clone()),
                        MeshMaterial3d(assets.material(look).clone()),
                        Transform::from_translation(cell_to_world((x, y), w, h) - Vec3::Y * CUBE_SIZE / 2.0),
                    ))
                    .id();
                board.cubes.push(e);
            }
        }
    } else {
        status.say(format!("{w} x {h} is too large to draw a cube per cell: the search still runs"));
    }
    board.grid = grid;
    board.source = source;
}

fn base_look(cell: Cell) -> Look {
    match cell {
        Cell::Blocked => Look::Barrier,
        Cell::Ground(1) => Look::Floor,
        _ => Look::Terrain,
    }
}

/// How the cell at `p` should look.
pub fn look_of(p: Pos, board: &Board, selection: &Selection, path: &PathState, walk: &Walk, hover: &Hover) -> Look {
    let cell = board.grid.get(p.0, p.1).unwrap_or(Cell::Blocked);
    if selection.start == Some(p) {
        return Look::Start;
    }
    if selection.end == Some(p) {
        return Look::End;
    }
    if let Some(k) = path.path_index(p) {
        if walk.is_walked(k) {
            return Look::Walked;
        }
        if hover.0 != Some(p) {
            return Look::Path;
        }
    }
    if hover.0 == Some(p) {
        return Look::Hover;
    }
    base_look(cell)
}

/// Gives each cube the material of its look, touching only the cubes whose look changed.
fn paint_cubes(
    board: Res<Board>,
    selection: Res<Selection>,
    path: Res<PathState>,
    walk: Res<Walk>,
    hover: Res<Hover>,
    assets: Option<Res<CubeAssets>>,
    mut cubes: Query<&mut MeshMaterial3d<StandardMaterial>>,
    mut shown: Local<Vec<Option<Look>>>,
) {
    let Some(assets) = assets else { return };
    if !(board.is_changed() || selection.is_changed() || path.is_changed() || walk.is_changed() || hover.is_changed()) {
        return;
    }
    if board.is_changed() {
        shown.clear();
    }
    shown.resize(board.cubes.len(), None);
    let w = board.grid.width();
    for (i, &e) in board.cubes.iter().enumerate() {
        let look = look_of((i % w, i / w), &board, &selection, &path, &walk, &hover);
        if shown[i] != Some(look) {
            if let Ok(mut m) = cubes.get_mut(e) {
                m.0 = assets.material(look).clone();
                shown[i] = Some(look);
            }
        }
    }
}
