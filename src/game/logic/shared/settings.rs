//! What the player has chosen: the random board's settings, the search settings, how Space
//! walks and what the buttons paint, and whether the step view is on. Changed by actions
//! (see [`super::input`]) and by the setup (see [`super::setup`]); read by every later
//! module.

use bevy::prelude::*;

use crate::engine::{
    crowd::CrowdKind,
    grid::Cell,
    search::{Algorithm, SearchOptions},
    world::{VoxelMoves, WorldKind},
};

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<BoardSettings>()
        .init_resource::<SearchSettings>()
        .init_resource::<PlaySettings>()
        .init_resource::<UnitSize>()
        .init_resource::<StepViewOn>()
        .init_resource::<StepLayers>()
        .init_resource::<RaceSettings>()
        .init_resource::<CrowdSettings>()
        .init_resource::<HelpShown>()
        .init_resource::<Palette>()
        .init_resource::<Language>()
        .init_resource::<WorldSettings>();
}

/// The largest side of a random board.
pub const MAX_SIDE: usize = 1024;

/// What a new random board looks like.
#[derive(Resource, Clone, Debug, PartialEq)]
pub struct BoardSettings {
    /// Rows (1 to [`MAX_SIDE`]).
    pub rows: usize,
    /// Columns (1 to [`MAX_SIDE`]).
    pub cols: usize,
    /// Chance of a barrier per cell, in percent.
    pub barrier_pct: f64,
    /// Seed of the random layout.
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

/// The search settings the panel edits.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq)]
pub struct SearchSettings(pub SearchOptions);

/// The walker's size: a square unit this many cells a side (1 to
/// [`bevy_cubepath::MAX_UNIT_SIZE`]), named by its top-left cell; its path keeps the whole
/// square off barriers, each step priced by its top-left cell's terrain (the plugin's sized
/// requests, the engine's clearance). Square boards only.
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
pub struct UnitSize(pub usize);

impl Default for UnitSize {
    fn default() -> Self {
        UnitSize(1)
    }
}

impl UnitSize {
    /// The size made legal: 1 to [`bevy_cubepath::MAX_UNIT_SIZE`].
    pub fn clamped(self) -> UnitSize {
        UnitSize(self.0.clamp(1, bevy_cubepath::MAX_UNIT_SIZE))
    }
}

/// How Space walks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum WalkMode {
    /// Path cubes turn black one by one.
    #[default]
    Cubes,
    /// An agent walks the waypoints.
    Agent,
}

/// Which endpoint a left click sets.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ClickSets {
    /// Start, then end, then they alternate.
    #[default]
    Alternate,
    /// Always the start.
    Start,
    /// Always the end.
    End,
}

/// What a right click or drag paints.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Brush {
    /// A barrier.
    #[default]
    Barrier,
    /// Ground of weight 3.
    Mud,
    /// Ground of weight 5.
    Water,
}

impl Brush {
    /// The cell the brush paints.
    pub fn cell(self) -> Cell {
        match self {
            Brush::Barrier => Cell::Blocked,
            Brush::Mud => Cell::Ground(3),
            Brush::Water => Cell::Ground(5),
        }
    }
}

/// Play settings the panel edits.
#[derive(Resource, Clone, Copy, Debug, PartialEq)]
pub struct PlaySettings {
    /// How Space walks.
    pub mode: WalkMode,
    /// Seconds between two cubes turning black (0.01 to 5).
    pub step_interval: f32,
    /// Agent speed in cells per second (0.1 to 50).
    pub agent_speed: f32,
    /// Which endpoint a left click sets.
    pub click: ClickSets,
    /// What the right button paints.
    pub brush: Brush,
    /// The panel's text and controls at this size (0.75 to 2).
    pub ui_scale: f32,
}

impl Default for PlaySettings {
    fn default() -> Self {
        PlaySettings {
            mode: WalkMode::Cubes,
            step_interval: 0.2,
            agent_speed: 4.0,
            click: ClickSets::Alternate,
            brush: Brush::Barrier,
            ui_scale: 1.0,
        }
    }
}

/// The colours the board is drawn in.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Palette {
    /// The tutorials' colours: blue barriers, green start, red end, a black walked path.
    #[default]
    Tutorial,
    /// Colours told apart with deuteranopia and protanopia too (after Okabe and Ito): dark
    /// barriers, bluish-green start, vermilion end, sky-blue open and reddish-purple closed cells.
    ColourSafe,
}

/// The language the panel speaks (the logic's messages are English; the view translates).
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Language {
    #[default]
    English,
    /// Simplified Chinese.
    Chinese,
}

impl Language {
    /// Every language, in the panel's order.
    pub const ALL: [Language; 2] = [Language::English, Language::Chinese];

    /// The code in `?lang=` and `--lang`.
    pub fn code(self) -> &'static str {
        match self {
            Language::English => "en",
            Language::Chinese => "zh",
        }
    }

    /// The language's name in itself, for the switch.
    pub fn native_name(self) -> &'static str {
        match self {
            Language::English => "English",
            Language::Chinese => "中文",
        }
    }
}

impl std::str::FromStr for Language {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        Language::ALL
            .into_iter()
            .find(|l| l.code().eq_ignore_ascii_case(s))
            .ok_or_else(|| format!("unknown language '{s}': expected en or zh"))
    }
}

/// Whether the help (every key and mouse action) is shown: H or ? toggles it.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq)]
pub struct HelpShown(pub bool);

impl PlaySettings {
    /// The range of `step_interval`.
    pub const INTERVAL: (f32, f32) = (0.01, 5.0);
    /// The range of `agent_speed`.
    pub const SPEED: (f32, f32) = (0.1, 50.0);
    /// The range of `ui_scale`.
    pub const UI_SCALE: (f32, f32) = (0.75, 2.0);

    /// The settings with every number clamped to its range.
    pub fn clamped(self) -> PlaySettings {
        let clamp = |v: f32, (lo, hi): (f32, f32), default: f32| if v.is_finite() { v.clamp(lo, hi) } else { default };
        PlaySettings {
            step_interval: clamp(self.step_interval, Self::INTERVAL, 0.2),
            agent_speed: clamp(self.agent_speed, Self::SPEED, 4.0),
            ui_scale: clamp(self.ui_scale, Self::UI_SCALE, 1.0),
            ..self
        }
    }
}

/// The most expansions the step view records or a saved trace holds; a longer search is cut
/// there (the panel says so).
pub const MAX_TRACE: usize = 1 << 20;

/// Whether the step view is on (Space then steps the search instead of walking).
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct StepViewOn(pub bool);

/// Run condition: the step view is on.
pub fn step_view_on(on: Res<StepViewOn>) -> bool {
    on.0
}

/// What the step view draws besides open and closed cells.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct StepLayers {
    /// A small arrow on each reached cell, pointing to its parent.
    pub arrows: bool,
    /// Cells coloured by a distance instead of open and closed.
    pub heat: Heat,
}

/// The distance a heat map shows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Heat {
    /// No heat map.
    #[default]
    Off,
    /// g: the cost from the start the search has found so far (reached cells only).
    G,
    /// The true cost to the goal from every cell (a Dijkstra backwards from the goal).
    ToGoal,
    /// The heuristic lab's formula against that true cost: where it overestimates, where it
    /// drops by more than a move costs, and how much of the truth it gives elsewhere.
    Estimate,
}

/// The fewest and the most lanes in the race.
pub const LANES: (usize, usize) = (2, 4);

/// Whether the race is on and which algorithms run in it, lane by lane.
#[derive(Resource, Clone, Debug, PartialEq)]
pub struct RaceSettings {
    /// The race replaces the board with its lanes; Space and the step controls drive it.
    pub on: bool,
    /// One algorithm per lane, [`LANES`] of them at most; only algorithms that run step by step
    /// ([`Algorithm::steps`]).
    pub algorithms: Vec<Algorithm>,
}

impl Default for RaceSettings {
    fn default() -> Self {
        RaceSettings { on: false, algorithms: vec![Algorithm::Dijkstra, Algorithm::AStar] }
    }
}

impl RaceSettings {
    /// Red Blob's build-up: breadth-first search, Dijkstra, greedy best-first and A* on one
    /// board, each adding one idea to the one before.
    pub fn build_up() -> Vec<Algorithm> {
        vec![Algorithm::Bfs, Algorithm::Dijkstra, Algorithm::Greedy, Algorithm::AStar]
    }

    /// The settings made legal: algorithms that cannot be recorded step by step are dropped
    /// (the engine records them: [`Algorithm::records`]), then lanes are cut to
    /// [`LANES`]`.1` or filled up to [`LANES`]`.0` with A* and Dijkstra.
    pub fn clamped(&self) -> RaceSettings {
        let mut algorithms: Vec<Algorithm> = self.algorithms.iter().copied().filter(|&a| a.records()).take(LANES.1).collect();
        for extra in [Algorithm::AStar, Algorithm::Dijkstra] {
            if algorithms.len() < LANES.0 {
                algorithms.push(extra);
            }
        }
        RaceSettings { on: self.on, algorithms }
    }
}

/// Run condition: the race is on.
pub fn race_on(settings: Res<RaceSettings>) -> bool {
    settings.on
}

/// The most agents the game's crowd has.
pub const MAX_CROWD: usize = 1000;

/// The crowd: how many agents, what a left click does to them, how fast they tick and whether
/// the gathering field is shown.
#[derive(Resource, Clone, Copy, Debug, PartialEq)]
pub struct CrowdSettings {
    /// Agents (0: no crowd; at most [`MAX_CROWD`]).
    pub agents: usize,
    /// What the agents do and what a left click does.
    pub clicks: CrowdKind,
    /// Ticks a second (each agent moves at most one cell a tick).
    pub ticks_per_second: f32,
    /// In gather mode, the heat map of the distance to the gathering cell and its arrows.
    pub field: bool,
}

impl Default for CrowdSettings {
    fn default() -> Self {
        CrowdSettings { agents: 0, clicks: CrowdKind::Wander, ticks_per_second: 6.0, field: false }
    }
}

impl CrowdSettings {
    /// The settings with the numbers in range.
    pub fn clamped(self) -> CrowdSettings {
        CrowdSettings {
            agents: self.agents.min(MAX_CROWD),
            ticks_per_second: if self.ticks_per_second.is_finite() { self.ticks_per_second.clamp(0.5, 60.0) } else { 6.0 },
            ..self
        }
    }

    /// Whether a left click steers the crowd instead of setting the start or the end.
    pub fn steers(&self) -> bool {
        self.agents > 0 && self.clicks != CrowdKind::Wander
    }
}

/// The most levels a world has in the game.
pub const MAX_LEVELS: usize = 32;

/// What a new world looks like: its levels (1: the flat board), kind and move model. Its width,
/// length and seed are the board settings' columns, rows and seed.
#[derive(Resource, Clone, Copy, Debug, PartialEq)]
pub struct WorldSettings {
    /// Levels, 1 to [`MAX_LEVELS`]; 1 plays the flat board.
    pub levels: usize,
    /// What the world generator makes.
    pub kind: WorldKind,
    /// How the searches move in it.
    pub moves: VoxelMoves,
}

impl Default for WorldSettings {
    fn default() -> Self {
        WorldSettings { levels: 1, kind: WorldKind::Building, moves: VoxelMoves::Walk }
    }
}

impl WorldSettings {
    /// The settings with the levels clamped to what the game allows.
    pub fn clamped(self) -> WorldSettings {
        WorldSettings { levels: self.levels.clamp(1, MAX_LEVELS), ..self }
    }

    /// The move model a kind of world is made for: walking in blocks and buildings, flying in
    /// caves and among islands.
    pub fn natural_moves(kind: WorldKind) -> VoxelMoves {
        match kind {
            WorldKind::Blocks | WorldKind::Building => VoxelMoves::Walk,
            WorldKind::Caves | WorldKind::Islands | WorldKind::Storeys | WorldKind::Terrain | WorldKind::Plant => VoxelMoves::Fly26,
        }
    }
}
