//! The game: a Bevy 3D cube grid where the search engine runs as a system.
//!
//! [`LogicPlugin`] holds everything that runs headless (board, selection, search, walking,
//! agent, input actions) and is what the tests drive. [`AppPlugin`] adds the window-side
//! concerns: camera, lights, mouse picking, the egui panel and screenshots.

use std::path::PathBuf;
use std::process::ExitCode;

use bevy::prelude::*;

use crate::cli::{PlayArgs, load_map};
use crate::search::{Grid, Pos};

pub mod agent;
pub mod board;
mod camera;
mod flat;
pub mod input;
pub mod pathing;
pub mod persist;
mod picking;
mod screenshot;
pub mod stepview;
mod ui;
pub mod walk;

/// Ordering of the game's systems, declared once; feature modules only say `.in_set(...)`.
#[derive(SystemSet, Debug, Clone, Copy, Eq, PartialEq, Hash)]
pub enum AppSystems {
    /// Turn keys into actions.
    RecordInput,
    /// Apply actions, rebuild the board, search, walk, paint.
    Update,
}

/// The systems that run without a window: what the tests drive.
pub struct LogicPlugin;

impl Plugin for LogicPlugin {
    fn build(&self, app: &mut App) {
        app.configure_sets(Update, (AppSystems::RecordInput, AppSystems::Update).chain());
        app.init_resource::<GameSetup>();
        app.add_plugins((board::plugin, input::plugin, pathing::plugin, walk::plugin, agent::plugin, stepview::plugin));
    }
}

/// The logic plus the window side: camera, lights, picking, panel, screenshots.
pub struct AppPlugin;

impl Plugin for AppPlugin {
    fn build(&self, app: &mut App) {
        app.add_plugins(LogicPlugin);
        app.add_plugins((camera::plugin, picking::plugin, ui::plugin, screenshot::plugin, persist::plugin, flat::plugin));
    }
}

/// How the game starts: from the command line (or the defaults).
#[derive(Resource, Clone, Debug, Default)]
pub struct GameSetup {
    pub board: board::BoardSettings,
    /// A grid loaded from a map file, used instead of a random board.
    pub grid: Option<(Grid, String)>,
    pub start: Option<Pos>,
    pub end: Option<Pos>,
    pub agent: bool,
    pub hex: bool,
    pub walk: bool,
    /// Open the step view with this many expansions shown.
    pub steps: Option<usize>,
    pub screenshot: Option<PathBuf>,
}

impl GameSetup {
    /// Checks the play options: a clear message for anything that does not fit.
    pub fn from_args(args: &PlayArgs) -> Result<GameSetup, String> {
        let mut board = board::BoardSettings::default();
        if let Some(r) = args.rows {
            board.rows = r as usize;
        }
        if let Some(c) = args.cols {
            board.cols = c as usize;
        }
        if let Some(b) = args.barriers {
            board.barrier_pct = b;
        }
        if let Some(s) = args.seed {
            board.seed = s;
        }
        let grid = match &args.map {
            Some(path) => {
                let grid = load_map(path)?;
                board.rows = grid.height();
                board.cols = grid.width();
                Some((grid, path.display().to_string()))
            }
            None => None,
        };
        for (name, cell) in [("--start", args.start), ("--end", args.end)] {
            if let Some((x, y)) = cell {
                if x >= board.cols || y >= board.rows {
                    return Err(format!(
                        "{name} {x},{y} is off the board: it has {} columns (x 0..{}) and {} rows (y 0..{})",
                        board.cols,
                        board.cols - 1,
                        board.rows,
                        board.rows - 1
                    ));
                }
            }
        }
        if args.screenshot.as_ref().is_some_and(|p| p.extension().is_none_or(|e| !e.eq_ignore_ascii_case("png"))) {
            return Err("--screenshot needs a file name ending in .png".into());
        }
        Ok(GameSetup {
            board,
            grid,
            start: args.start,
            end: args.end,
            agent: args.agent,
            hex: args.hex,
            walk: args.walk,
            steps: args.steps.map(|n| n as usize),
            screenshot: args.screenshot.clone(),
        })
    }
}

impl GameSetup {
    /// Whether the last edited board should come back: only when the command line says
    /// nothing about the board, its cells or a screenshot.
    pub fn wants_last_board(&self, args: &PlayArgs) -> bool {
        let board_options = args.rows.is_some() || args.cols.is_some() || args.barriers.is_some() || args.seed.is_some();
        let cells = args.start.is_some() || args.end.is_some();
        !board_options && !cells && self.grid.is_none() && self.screenshot.is_none()
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

/// Opens the game window and plays until it is closed.
pub fn run(args: &PlayArgs) -> ExitCode {
    let setup = match GameSetup::from_args(args) {
        Ok(mut s) => {
            if s.wants_last_board(args) {
                s.use_board(persist::load_last_board());
            }
            s
        }
        Err(message) => {
            eprintln!("cubepath: {message}");
            return ExitCode::from(2);
        }
    };
    let mut app = App::new();
    app.add_plugins((
        DefaultPlugins.set(WindowPlugin {
            primary_window: Some(Window {
                title: "cubepath".into(),
                resolution: (1280u32, 800u32).into(),
                canvas: Some("#cubepath".into()),
                fit_canvas_to_parent: true,
                ..default()
            }),
            ..default()
        }),
        MeshPickingPlugin,
        bevy_egui::EguiPlugin::default(),
    ));
    app.insert_resource(setup);
    app.add_plugins(AppPlugin);
    match app.run() {
        AppExit::Success => ExitCode::SUCCESS,
        AppExit::Error(code) => ExitCode::from(code.get()),
    }
}
