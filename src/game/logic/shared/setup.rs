//! How the game starts: the board, cells and modes the command line (or the page's URL) asked
//! for. The command line builds a [`GameSetup`]; the game never reads its arguments.

use std::path::PathBuf;

use bevy::prelude::*;

use super::settings::{
    BoardSettings, CrowdSettings, Language, Palette, PlaySettings, SearchSettings, StepLayers, StepViewOn, UnitSize, WalkMode,
    WorldSettings,
};
use super::status::Status;
use crate::engine::{
    grid::{CostModel, DiagonalRule, Grid, Heuristic, Pos, Topology},
    search::{Algorithm, SearchOptions},
    world::{Pos3, VoxelGrid},
};

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<GameSetup>().add_systems(Startup, apply_setup);
}

/// How the game starts.
#[derive(Resource, Clone, Debug, Default)]
pub struct GameSetup {
    /// The random board to build (ignored when `grid` is given, except its seed).
    pub board: BoardSettings,
    /// A grid loaded from a map file, used instead of a random board, and its name.
    pub grid: Option<(Grid, String)>,
    /// The start cell (made floor); by default a corner or the first floor cell.
    pub start: Option<Pos>,
    /// The end cell (made floor); by default the opposite corner or the last floor cell.
    pub end: Option<Pos>,
    /// Space walks with the agent instead of turning cubes black.
    pub agent: bool,
    /// Hexagonal cells.
    pub hex: bool,
    /// Start walking once the first search is done.
    pub walk: bool,
    /// Open the step view with this many expansions shown.
    pub steps: Option<usize>,
    /// Save a PNG of the window there once everything is done, then exit.
    pub screenshot: Option<PathBuf>,
    /// The search algorithm to start with.
    pub algorithm: Option<Algorithm>,
    /// The diagonal rule on square cells to start with.
    pub diagonal: Option<DiagonalRule>,
    /// The heuristic to start with.
    pub heuristic: Option<Heuristic>,
    /// The heuristic's weight to start with.
    pub weight: Option<f64>,
    /// The step costs to start with.
    pub costs: Option<CostModel>,
    /// A message for the panel's status line at the start (a link that did not open).
    pub notice: Option<String>,
    /// The lesson to begin with (counted from 0).
    pub lesson: Option<usize>,
    /// The colours.
    pub palette: Palette,
    /// The panel's language.
    pub language: Language,
    /// The step view's parent arrows and heat map.
    pub layers: StepLayers,
    /// Open the race with these algorithms, one lane each (with `steps`, that many expansions
    /// shown).
    pub race: Option<Vec<Algorithm>>,
    /// The heuristic lab's formula (checked: it reads).
    pub estimate: Option<String>,
    /// A crowd to start with.
    pub crowd: CrowdSettings,
    /// Ticks the crowd runs at once when it is made (for screenshots).
    pub crowd_ticks: usize,
    /// The world's levels, kind and moves (one level: the flat board).
    pub world: WorldSettings,
    /// A voxel world opened from a `.3dmap` file, played instead of a generated one, and its name.
    pub world_map: Option<(VoxelGrid, String)>,
    /// The world's start voxel; by default near a corner.
    pub world_start: Option<Pos3>,
    /// The world's end voxel; by default near the opposite corner, high up.
    pub world_end: Option<Pos3>,
    /// The highest level shown at the start; by default the top.
    pub world_slice: Option<usize>,
    /// The walker's size in cells a side (1 by default).
    pub unit: Option<usize>,
    /// The window's size in logical pixels on the desktop (width, height); by default
    /// 1280 x 800. (In the browser the page sizes the canvas.)
    pub window: Option<(u32, u32)>,
}

impl GameSetup {
    /// The search the game starts with: `base` with what the setup names put in (hex cells
    /// over any diagonal rule).
    pub fn search_options(&self, base: SearchOptions) -> SearchOptions {
        let mut search = base;
        if let Some(a) = self.algorithm {
            search.algorithm = a;
        }
        if let Some(d) = self.diagonal {
            search.topology = Topology::Square(d);
        }
        if self.hex {
            search.topology = Topology::Hex;
        }
        search.heuristic = self.heuristic.or(search.heuristic);
        search.weight = self.weight.unwrap_or(search.weight);
        search.costs = self.costs.unwrap_or(search.costs);
        search
    }

    /// Plays on `grid` (if any) instead of a random board.
    pub fn use_board(&mut self, grid: Option<(Grid, String)>) {
        if let Some((g, name)) = grid {
            self.board.rows = g.height();
            self.board.cols = g.width();
            self.grid = Some((g, name));
        }
    }
}

/// The modes the setup asks for: agent walking, hex cells, the algorithm, the step view and
/// its layers.
fn apply_setup(
    setup: Res<GameSetup>,
    mut play: ResMut<PlaySettings>,
    mut unit: ResMut<UnitSize>,
    mut search: ResMut<SearchSettings>,
    mut step_view: ResMut<StepViewOn>,
    mut layers: ResMut<StepLayers>,
    mut crowd: ResMut<CrowdSettings>,
    mut status: ResMut<Status>,
    mut palette: ResMut<Palette>,
    mut language: ResMut<Language>,
) {
    *layers = setup.layers;
    *palette = setup.palette;
    *language = setup.language;
    *crowd = setup.crowd.clamped();
    search.0 = setup.search_options(search.0);
    if let Some(notice) = &setup.notice {
        warn!("{notice}");
        status.say(notice.clone());
    }
    if setup.agent {
        play.mode = WalkMode::Agent;
    }
    if let Some(k) = setup.unit {
        *unit = UnitSize(k).clamped();
    }
    if setup.steps.is_some() && setup.race.is_none() {
        step_view.0 = true;
    }
}
