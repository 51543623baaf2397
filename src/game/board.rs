//! The board: the grid resource, one cube per cell, and the shared materials that colour them.

use bevy::prelude::*;
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

use super::pathing::{PathState, SearchSettings};
use super::stepview::{Mark, StepView};
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
        .add_systems(
            Update,
            (
                match_board_topology.in_set(AppSystems::Update).before(super::pathing::PathSystems),
                paint_cubes.in_set(AppSystems::Update).after(super::walk::WalkSystems),
            ),
        );
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
    /// Drawn as hexagonal prisms in odd-r rows.
    pub hex: bool,
}

impl Default for Board {
    fn default() -> Self {
        Board { grid: Grid::new(1, 1).expect("1 x 1"), cubes: Vec::new(), source: String::new(), hex: false }
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
        cell_to_world(p, self.grid.width(), self.grid.height(), self.hex)
    }
}

/// cos 30°: a hexagon's apothem over its circumradius.
pub const HEX_APOTHEM: f32 = 0.866_025_4;

/// World position of a cell on a `w` x `h` board: x right, rows toward the camera. Hex rows
/// are `HEX_APOTHEM` apart and odd rows shift half a cell right, so neighbours are 1 apart.
pub fn cell_to_world(p: Pos, w: usize, h: usize, hex: bool) -> Vec3 {
    if hex {
        let shift = if p.1 % 2 == 1 { 0.5 } else { 0.0 };
        Vec3::new(p.0 as f32 + shift - w as f32 / 2.0 + 0.25, 0.0, (p.1 as f32 - (h as f32 - 1.0) / 2.0) * HEX_APOTHEM)
    } else {
        Vec3::new(p.0 as f32 - (w as f32 - 1.0) / 2.0, 0.0, p.1 as f32 - (h as f32 - 1.0) / 2.0)
    }
}

/// Where a cube with the given look sits.
pub fn cube_transform(board: &Board, p: Pos, look: Look) -> Transform {
    let at = board.world(p) - Vec3::Y * (CUBE_SIZE / 2.0 + look.drop());
    let t = Transform::from_translation(at);
    if board.hex { t.with_rotation(Quat::from_rotation_x(-std::f32::consts::FRAC_PI_2)) } else { t }
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
    /// Ground of weight 2 to 4, or swamp: drawn lower, brown.
    Mud,
    /// Ground of weight 5 or more, or water: drawn lower, teal.
    Water,
    /// Step view: on the open list.
    Open,
    /// Step view: expanded.
    Closed,
    /// Step view: the cell just expanded.
    Current,
}

impl Look {
    /// The look's colour, for the cube materials and the flat board alike.
    pub fn colour(self) -> Color {
        match self {
            Look::Floor => FLOOR,
            Look::Barrier => BARRIER,
            Look::Start => START,
            Look::End => END,
            Look::Path => PATH,
            Look::Walked => WALKED,
            Look::Hover => HOVER,
            Look::Mud => MUD,
            Look::Water => WATER,
            Look::Open => OPEN,
            Look::Closed => CLOSED,
            Look::Current => CURRENT,
        }
    }

    /// How far below the floor the cube's top sits (terrain is drawn lower).
    pub fn drop(self) -> f32 {
        match self {
            Look::Mud | Look::Water => 0.25,
            _ => 0.0,
        }
    }
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
    pub mud: Handle<StandardMaterial>,
    pub water: Handle<StandardMaterial>,
    pub open: Handle<StandardMaterial>,
    pub closed: Handle<StandardMaterial>,
    pub current: Handle<StandardMaterial>,
    /// A hexagonal prism for hex boards.
    pub hex_mesh: Handle<Mesh>,
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
            Look::Mud => &self.mud,
            Look::Water => &self.water,
            Look::Open => &self.open,
            Look::Closed => &self.closed,
            Look::Current => &self.current,
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
pub const MUD: Color = Color::srgb(0.55, 0.40, 0.22);
pub const WATER: Color = Color::srgb(0.20, 0.70, 0.75);
pub const OPEN: Color = Color::srgb(0.55, 0.90, 0.55);
pub const CLOSED: Color = Color::srgb(0.70, 0.60, 0.90);
pub const CURRENT: Color = Color::srgb(1.0, 0.55, 0.0);

fn setup_cube_assets(mut commands: Commands, mut meshes: ResMut<Assets<Mesh>>, mut materials: ResMut<Assets<StandardMaterial>>) {
    // unlit: the walked path is black from every angle, with no highlight on it
    let walked = materials.add(StandardMaterial { base_color: Look::Walked.colour(), unlit: true, ..default() });
    let mut mat =
        |look: Look| materials.add(StandardMaterial { base_color: look.colour(), perceptual_roughness: 0.8, ..default() });
    commands.insert_resource(CubeAssets {
        mesh: meshes.add(Cuboid::new(CUBE_SIZE, CUBE_SIZE, CUBE_SIZE)),
        floor: mat(Look::Floor),
        barrier: mat(Look::Barrier),
        start: mat(Look::Start),
        end: mat(Look::End),
        path: mat(Look::Path),
        walked,
        hover: mat(Look::Hover),
        mud: mat(Look::Mud),
        water: mat(Look::Water),
        open: mat(Look::Open),
        closed: mat(Look::Closed),
        current: mat(Look::Current),
        hex_mesh: meshes.add(Extrusion::new(RegularPolygon::new(0.5 * CUBE_SIZE / HEX_APOTHEM, 6), CUBE_SIZE)),
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
    mut search: ResMut<SearchSettings>,
) {
    *settings = setup.board.clamped();
    if setup.hex {
        search.0.topology = crate::search::Topology::Hex;
        board.hex = true;
    }
    let (mut grid, source) = match &setup.grid {
        Some((grid, name)) => (grid.clone(), name.clone()),
        None => (random_board(&settings), format!("random, seed {}", settings.seed)),
    };
    let (first, last) = default_endpoints(&mut grid, setup.grid.is_none());
    let start = setup.start.unwrap_or(first);
    let end = setup.end.unwrap_or(last);
    for p in [setup.start, setup.end].into_iter().flatten() {
        let _ = grid.set(p.0, p.1, Cell::FLOOR);
    }
    replace_board(&mut commands, &assets, &mut board, grid, source, &mut status);
    *selection = Selection { start: Some(start), end: Some(end), next_is_end: false };
}

/// Where the start and end go on a new board: opposite corners of a random board (made
/// floor), the first and last floor cells of a loaded one (which is kept as it is).
pub fn default_endpoints(grid: &mut Grid, random: bool) -> (Pos, Pos) {
    let (start, end) = ((0, 0), (grid.width() - 1, grid.height() - 1));
    if random {
        let _ = grid.set(start.0, start.1, Cell::FLOOR);
        let _ = grid.set(end.0, end.1, Cell::FLOOR);
        return (start, end);
    }
    let mut floor = grid.cells().filter(|(_, c)| c.is_passable()).map(|(p, _)| p);
    match floor.next() {
        Some(first) => (first, floor.last().unwrap_or(first)),
        None => (start, end),
    }
}

/// Despawns the old cubes and spawns one per cell of `grid` (none when it is too large).
pub fn replace_board(commands: &mut Commands, assets: &CubeAssets, board: &mut Board, grid: Grid, source: String, status: &mut Status) {
    for &e in &board.cubes {
        commands.entity(e).despawn();
    }
    board.cubes.clear();
    let (w, h) = (grid.width(), grid.height());
    board.grid = grid;
    board.source = source;
    if w * h <= MAX_CUBES {
        board.cubes.reserve(w * h);
        let mesh = if board.hex { &assets.hex_mesh } else { &assets.mesh };
        for y in 0..h {
            for x in 0..w {
                let look = base_look(board.grid.get(x, y).expect("on the grid"));
                let e = commands
                    .spawn((
                        Name::new(format!("Cube {x},{y}")),
                        Cube((x, y)),
                        Mesh3d(mesh.clone()),
                        MeshMaterial3d(assets.material(look).clone()),
                        cube_transform(board, (x, y), look),
                    ))
                    .id();
                board.cubes.push(e);
            }
        }
    } else {
        status.say(format!("{w} x {h} is too large to draw a cube per cell: the board is drawn flat, the search still runs"));
    }
}

fn base_look(cell: Cell) -> Look {
    match cell {
        Cell::Blocked => Look::Barrier,
        Cell::Ground(1) => Look::Floor,
        Cell::Ground(2..=4) | Cell::Swamp => Look::Mud,
        _ => Look::Water,
    }
}

/// How the cell at `p` should look.
pub fn look_of(p: Pos, board: &Board, selection: &Selection, path: &PathState, walk: &Walk, hover: &Hover, step: &StepView) -> Look {
    let cell = board.grid.get(p.0, p.1).unwrap_or(Cell::Blocked);
    if selection.start == Some(p) {
        return Look::Start;
    }
    if selection.end == Some(p) {
        return Look::End;
    }
    if step.is_stepping() {
        return match (hover.0 == Some(p), step.mark(p)) {
            (true, _) => Look::Hover,
            (_, Mark::Open) => Look::Open,
            (_, Mark::Closed) => Look::Closed,
            (_, Mark::Current) => Look::Current,
            (_, Mark::None) => base_look(cell),
        };
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
    step: Res<StepView>,
    assets: Option<Res<CubeAssets>>,
    mut cubes: Query<(&mut MeshMaterial3d<StandardMaterial>, &mut Transform)>,
    mut shown: Local<Vec<Option<Look>>>,
) {
    let Some(assets) = assets else { return };
    let changed = board.is_changed() || selection.is_changed() || path.is_changed() || walk.is_changed();
    if !(changed || hover.is_changed() || step.is_changed()) {
        return;
    }
    if board.is_changed() {
        shown.clear();
    }
    shown.resize(board.cubes.len(), None);
    let w = board.grid.width();
    for (i, &e) in board.cubes.iter().enumerate() {
        let p = (i % w, i / w);
        let look = look_of(p, &board, &selection, &path, &walk, &hover, &step);
        if shown[i] != Some(look) {
            if let Ok((mut m, mut t)) = cubes.get_mut(e) {
                m.0 = assets.material(look).clone();
                if shown[i].is_none_or(|old| old.drop() != look.drop()) {
                    *t = cube_transform(&board, p, look);
                }
                shown[i] = Some(look);
            }
        }
    }
}

/// Redraws the board as hexagonal prisms or cubes when the panel switches the topology.
fn match_board_topology(
    mut commands: Commands,
    settings: Res<SearchSettings>,
    assets: Option<Res<CubeAssets>>,
    mut board: ResMut<Board>,
    mut status: ResMut<Status>,
) {
    let hex = settings.0.topology == crate::search::Topology::Hex;
    if !settings.is_changed() || hex == board.hex {
        return;
    }
    board.hex = hex;
    if let Some(assets) = assets {
        let (grid, source) = (board.grid.clone(), board.source.clone());
        replace_board(&mut commands, &assets, &mut board, grid, source, &mut status);
    }
}
