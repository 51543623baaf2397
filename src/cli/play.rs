//! Playing: the options (from the command line, or the page's URL in the browser) become a
//! [`GameSetup`], and the game opens its window, or says plainly why it cannot.

use crate::formula::Formula;
use crate::game::logic::link::percent_decoded;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Args, Parser};

use super::Cli;
use super::args::{At, parse_at, parse_percent, parse_weight};
use crate::engine::{
    crowd::CrowdKind,
    grid::{CostModel, DiagonalRule, Grid, Heuristic},
    search::Algorithm,
    world::{Pos3, VoxelGrid, VoxelMoves, WorldKind},
};
use crate::game::logic::files;
use crate::game::logic::settings::{
    BoardSettings, CrowdSettings, Heat, LANES, Language, MAX_LEVELS, Palette, RaceSettings, StepLayers, WorldSettings,
};
use crate::game::logic::setup::GameSetup;

/// Options for playing. X is the column and Y the row, (0,0) top-left.
#[derive(Args, Debug, Clone, Default)]
pub struct PlayArgs {
    /// Rows of the board (1 to 1024; over 256 x 256 cells it is drawn flat).
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..=1024))]
    pub rows: Option<u16>,
    /// Columns of the board (1 to 1024).
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..=1024))]
    pub cols: Option<u16>,
    /// Chance of a barrier per cell, in percent (0 to 100).
    #[arg(long, value_parser = parse_percent)]
    pub barriers: Option<f64>,
    /// Seed of the random board.
    #[arg(long)]
    pub seed: Option<u64>,
    /// Load a Moving AI .map file instead of a random board.
    #[arg(long)]
    pub map: Option<PathBuf>,
    /// Start cell X,Y (made floor), or on a world with levels the start voxel X,Y,Z.
    #[arg(long, value_parser = parse_at)]
    pub start: Option<At>,
    /// End cell X,Y (made floor), or on a world with levels the end voxel X,Y,Z.
    #[arg(long, value_parser = parse_at)]
    pub end: Option<At>,
    /// Levels of a voxel world (1 to 32; 1 is the flat board): a world of --world's kind,
    /// --cols wide, --rows long, from --seed.
    #[arg(long, value_parser = clap::value_parser!(u8).range(1..=32))]
    pub levels: Option<u8>,
    /// The kind of world: blocks, building, caves or islands.
    #[arg(long)]
    pub world: Option<WorldKind>,
    /// How searches move in the world: fly6, fly18, fly26 or walk (by default walk in blocks
    /// and buildings, fly26 in caves, among islands and in a .3dmap or .vox).
    #[arg(long)]
    pub moves: Option<VoxelMoves>,
    /// Show the world's levels up to this one (counted from 0; by default all).
    #[arg(long, value_parser = clap::value_parser!(u8).range(0..=31))]
    pub slice: Option<u8>,
    /// Walk with the agent instead of turning cubes black.
    #[arg(long)]
    pub agent: bool,
    /// The walker's size: a square unit this many cells a side (1 to 4), named by its top-left
    /// cell, whose path keeps the whole square off barriers (square boards only).
    #[arg(long, value_parser = clap::value_parser!(u8).range(1..=4))]
    pub unit: Option<u8>,
    /// Hexagonal cells (odd rows shifted right) with 6 neighbours.
    #[arg(long)]
    pub hex: bool,
    /// Start walking at once.
    #[arg(long)]
    pub walk: bool,
    /// Open the step view with this many expansions of the search shown.
    #[arg(long, value_parser = clap::value_parser!(u32).range(0..=1_000_000))]
    pub steps: Option<u32>,
    /// The search algorithm to start with (astar, jps, theta, ...: as `solve` takes them).
    #[arg(long)]
    pub algorithm: Option<Algorithm>,
    /// The colours: tutorial, or colour-safe (told apart with deuteranopia and protanopia).
    #[arg(long, value_parser = ["tutorial", "colour-safe"])]
    pub palette: Option<String>,
    /// The panel's language: en (English) or zh (Simplified Chinese).
    #[arg(long)]
    pub lang: Option<Language>,
    /// Begin with lesson N (1 to 10: see the panel's Learn section).
    #[arg(long, value_parser = clap::value_parser!(u8).range(1..=10))]
    pub lesson: Option<u8>,
    /// Diagonal moves on square cells: never, no-corner-cutting, one-free or always.
    #[arg(long)]
    pub diagonal: Option<DiagonalRule>,
    /// The search's heuristic: manhattan, octile, euclidean, chebyshev, hex or zero.
    #[arg(long)]
    pub heuristic: Option<Heuristic>,
    /// The heuristic's weight (weighted A*), 1 to 1000.
    #[arg(long, value_parser = parse_weight)]
    pub weight: Option<f64>,
    /// Step costs: exact (1 and sqrt 2) or tutorial (10 and 14).
    #[arg(long)]
    pub costs: Option<CostModel>,
    /// In the step view, a heat map of g, of the cost to the goal, or of the heuristic lab's
    /// estimate against that cost: g, goal or estimate.
    #[arg(long, value_parser = ["g", "goal", "estimate"])]
    pub heat: Option<String>,
    /// The heuristic lab's estimate, a formula of the cell and the end such as
    /// 'max(abs(dx), abs(dy))' (see `cubepath solve --help`, --heuristic): the lab judges it
    /// against the true cost, and the step view and the race search with it.
    #[arg(long)]
    pub estimate: Option<String>,
    /// In the step view, arrows from each reached cell to its parent.
    #[arg(long)]
    pub arrows: bool,
    /// Race two to four algorithms on copies of the board, e.g. `dijkstra,astar`, or
    /// `build-up` for BFS, Dijkstra, greedy and A* (with --steps N, N expansions shown).
    #[arg(long, value_parser = parse_race)]
    pub race: Option<RaceLanes>,
    /// A crowd of this many agents (0 to 1000).
    #[arg(long, value_parser = clap::value_parser!(u16).range(0..=1000))]
    pub agents: Option<u16>,
    /// What the crowd does: wander, gather (clicks set where), command (click an agent, then a
    /// cell) or together (every agent to a goal of its own, all planned together; clicks set
    /// the gathering area).
    #[arg(long)]
    pub crowd: Option<CrowdKind>,
    /// Run the crowd this many ticks at once when it starts (for screenshots; at most 100000).
    #[arg(long, value_parser = clap::value_parser!(u32).range(0..=100_000))]
    pub crowd_ticks: Option<u32>,
    /// In gather mode, show the distance field to the gathering cell (heat map and arrows).
    #[arg(long)]
    pub field: bool,
    /// Run until the search and any walk are done, save a PNG of the window there, and exit.
    #[arg(long)]
    pub screenshot: Option<PathBuf>,
    /// The window's size in pixels, e.g. `390x844` to see the phone layout (a portrait window
    /// narrower than 600 pixels gets the panel as a drawer at the bottom).
    #[arg(long, value_parser = parse_window)]
    pub window: Option<(u32, u32)>,
}

/// `WIDTHxHEIGHT`, each side 200 to 8192 pixels.
fn parse_window(s: &str) -> Result<(u32, u32), String> {
    let (w, h) = s.split_once(['x', 'X']).ok_or_else(|| format!("'{s}' is not WIDTHxHEIGHT, e.g. 390x844"))?;
    let side = |v: &str, what: &str| match v.trim().parse::<u32>() {
        Ok(n) if (200..=8192).contains(&n) => Ok(n),
        _ => Err(format!("the window's {what} '{v}' is not a number of pixels from 200 to 8192")),
    };
    Ok((side(w, "width")?, side(h, "height")?))
}

/// The race's lanes from `--race`.
#[derive(Debug, Clone, PartialEq)]
pub struct RaceLanes(pub Vec<Algorithm>);

/// `build-up`, or two to four algorithms that run step by step, separated by commas.
fn parse_race(s: &str) -> Result<RaceLanes, String> {
    if s == "build-up" {
        return Ok(RaceLanes(RaceSettings::build_up()));
    }
    let algorithms = s.split(',').map(|a| a.trim().parse::<Algorithm>()).collect::<Result<Vec<_>, _>>()?;
    if let Some(a) = algorithms.iter().find(|&&a| !a.records()) {
        return Err(format!("{a} runs whole, not step by step, so it cannot race"));
    }
    let (lo, hi) = LANES;
    if !(lo..=hi).contains(&algorithms.len()) {
        return Err(format!("a race has {lo} to {hi} lanes, not {} (e.g. dijkstra,astar or build-up)", algorithms.len()));
    }
    Ok(RaceLanes(algorithms))
}

impl PlayArgs {
    /// Play options from a page's URL query (`?rows=12&cols=12&seed=7&start=0,0&end=11,11&agent=1&walk=1`),
    /// checked like the command line's: the same names and meanings, `1` or `true` for flags.
    pub fn from_query(query: &str) -> Result<PlayArgs, String> {
        let mut argv = vec!["cubepath".to_string()];
        for pair in query.trim_start_matches('?').split('&').filter(|p| !p.is_empty()) {
            let (key, value) = pair.split_once('=').unwrap_or((pair, "1"));
            let value = percent_decoded(value);
            match key {
                "rows" | "cols" | "barriers" | "seed" | "start" | "end" | "steps" | "map" | "algorithm" | "heat" | "race" | "agents"
                | "crowd" | "crowd-ticks" | "levels" | "world" | "moves" | "slice" | "diagonal" | "heuristic" | "weight" | "costs"
                | "lesson" | "palette" | "lang" | "estimate" => {
                    argv.push(format!("--{key}"));
                    argv.push(value);
                }
                // a board in a link (#b=CODE, see `cubepath link`)
                "b" => {
                    argv.push("--map".into());
                    argv.push(format!("board:{value}"));
                }
                "agent" | "walk" | "hex" | "arrows" | "field" => {
                    if value == "1" || value == "true" {
                        argv.push(format!("--{key}"));
                    }
                }
                _ => return Err(format!("unknown URL parameter '{key}'")),
            }
        }
        let cli = Cli::try_parse_from(argv).map_err(|e| e.to_string())?;
        Ok(cli.play)
    }
}

impl PlayArgs {
    /// The game's setup from these options: a clear message for anything that does not fit.
    // Long: one short block per option, in the order the options are declared.
    pub fn setup(&self) -> Result<GameSetup, String> {
        let mut board = BoardSettings::default();
        if let Some(r) = self.rows {
            board.rows = r as usize;
        }
        if let Some(c) = self.cols {
            board.cols = c as usize;
        }
        if let Some(b) = self.barriers {
            board.barrier_pct = b;
        }
        if let Some(s) = self.seed {
            board.seed = s;
        }
        let (world, world_map) = self.world_setup()?;
        let grid = match &self.map {
            Some(_) if world_map.is_some() => None,
            Some(path) => {
                let grid = open_play_map(path)?;
                if grid.passable_count() == 0 && (self.start.is_none() || self.end.is_none()) {
                    return Err(format!("{}: no floor cell, so nowhere to start or end (give --start and --end)", path.display()));
                }
                board.rows = grid.height();
                board.cols = grid.width();
                // a board code names itself shortly: the code is the link's business
                let name = path.display().to_string();
                let name = if name.starts_with("board:") { "a board code".to_string() } else { name };
                Some((grid, name))
            }
            None => None,
        };
        let world_size = world_map
            .as_ref()
            .map(|(g, _)| (g.width(), g.height(), g.depth()))
            .or_else(|| (world.levels > 1).then_some((board.cols, board.rows, world.levels)));
        let (start, world_start) = split_at("--start", self.start, world_size)?;
        let (end, world_end) = split_at("--end", self.end, world_size)?;
        for (name, cell) in [("--start", start), ("--end", end)] {
            if let Some((x, y)) = cell
                && (x >= board.cols || y >= board.rows)
            {
                return Err(format!(
                    "{name} {x},{y} is off the board: it has {} columns (x 0..{}) and {} rows (y 0..{})",
                    board.cols,
                    board.cols - 1,
                    board.rows,
                    board.rows - 1
                ));
            }
        }
        if self.screenshot.as_ref().is_some_and(|p| p.extension().is_none_or(|e| !e.eq_ignore_ascii_case("png"))) {
            return Err("--screenshot needs a file name ending in .png".into());
        }
        Ok(GameSetup {
            board,
            grid,
            start,
            end,
            agent: self.agent,
            unit: self.unit.map(usize::from),
            hex: self.hex,
            walk: self.walk,
            steps: self.steps.map(|n| n as usize),
            screenshot: self.screenshot.clone(),
            window: self.window,
            algorithm: self.algorithm,
            diagonal: self.diagonal,
            heuristic: self.heuristic,
            weight: self.weight,
            costs: self.costs,
            notice: None,
            lesson: self.lesson.map(|n| n as usize - 1),
            language: self.lang.unwrap_or_default(),
            palette: if self.palette.as_deref() == Some("colour-safe") { Palette::ColourSafe } else { Palette::Tutorial },
            layers: StepLayers {
                arrows: self.arrows,
                heat: match self.heat.as_deref() {
                    Some("g") => Heat::G,
                    Some("estimate") => Heat::Estimate,
                    Some(_) => Heat::ToGoal,
                    None => Heat::Off,
                },
            },
            race: self.race.as_ref().map(|r| r.0.clone()),
            estimate: match &self.estimate {
                Some(text) => Some(Formula::parse(text).map(|_| text.clone()).map_err(|e| format!("--estimate '{text}': {e}"))?),
                None => None,
            },
            crowd: CrowdSettings {
                agents: self.agents.map_or(0, usize::from),
                clicks: self.crowd.unwrap_or_default(),
                field: self.field,
                ..CrowdSettings::default()
            },
            crowd_ticks: self.crowd_ticks.map_or(0, |t| t as usize),
            world,
            world_map,
            world_start,
            world_end,
            world_slice: self.slice.map(usize::from),
        })
    }

    /// The world settings and the world file (`.3dmap` or `.vox`) `--map` names, if it does.
    fn world_setup(&self) -> Result<(WorldSettings, Option<(VoxelGrid, String)>), String> {
        let kind = self.world.unwrap_or_default();
        let mut world = WorldSettings {
            levels: self.levels.map_or(1, usize::from),
            kind,
            moves: self.moves.unwrap_or(WorldSettings::natural_moves(kind)),
        };
        if self.world.is_some() && self.levels.is_none() {
            return Err("--world needs --levels N (2 to 32): one level is the flat board".into());
        }
        let Some(path) = self.map.as_ref().filter(|p| files::is_world(&p.display().to_string())) else { return Ok((world, None)) };
        let name = path.display().to_string();
        let grid = open_play_world(path)?;
        world.levels = grid.depth().clamp(1, MAX_LEVELS);
        world.moves = self.moves.unwrap_or(VoxelMoves::Fly26);
        Ok((world, Some((grid, name))))
    }

    /// Whether the last edited board should come back: only when these options say nothing
    /// about the board, its cells or a screenshot.
    pub fn wants_last_board(&self) -> bool {
        let board_options = self.rows.is_some() || self.cols.is_some() || self.barriers.is_some() || self.seed.is_some();
        let cells = self.start.is_some() || self.end.is_some();
        !board_options && !cells && self.map.is_none() && self.screenshot.is_none()
    }
}

/// The map `--map` names: `board:CODE` (a board in a link); else a file on the desktop, and in
/// the browser (no file system) one of the bundled maps by name (`?map=arena.map`).
fn open_play_map(path: &Path) -> Result<Grid, String> {
    if let Some(code) = path.to_str().and_then(|s| s.strip_prefix("board:")) {
        return crate::engine::files::read_board_code(code).map_err(|e| e.to_string());
    }
    #[cfg(target_arch = "wasm32")]
    {
        let name = path.display().to_string();
        let bytes = files::bundled(&name).ok_or_else(|| {
            let names: Vec<&str> = files::BUNDLED.iter().map(|(n, _)| *n).collect();
            format!("map '{name}' is not a bundled map: one of {}", names.join(", "))
        })?;
        crate::engine::files::read_map(&name, bytes).map_err(|e| e.to_string())
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        crate::engine::files::load_map(path).map_err(|e| e.to_string())
    }
}

/// A world file (`.3dmap` or `.vox`) to play: a file on the desktop; the browser has none to
/// name.
fn open_play_world(path: &Path) -> Result<VoxelGrid, String> {
    #[cfg(target_arch = "wasm32")]
    {
        Err(format!("{}: open a .3dmap or .vox world from the Maps section (the browser has no files to name)", path.display()))
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        crate::engine::files::load_world(path).map_err(|e| e.to_string())
    }
}

/// `--start` or `--end` as a cell of the flat board or a voxel of the world (`size` when one is
/// played), each checked against what is played.
fn split_at(name: &str, at: Option<At>, size: Option<(usize, usize, usize)>) -> Result<(Option<(usize, usize)>, Option<Pos3>), String> {
    match (at, size) {
        (None, _) => Ok((None, None)),
        (Some(At::Cell(c)), None) => Ok((Some(c), None)),
        (Some(At::Voxel(p)), Some((w, h, d))) if p.0 < w && p.1 < h && p.2 < d => Ok((None, Some(p))),
        (Some(At::Voxel(p)), Some((w, h, d))) => Err(format!(
            "{name} {},{},{} is off the world: it is {w} x {h} x {d} (x 0..{}, y 0..{}, z 0..{})",
            p.0,
            p.1,
            p.2,
            w - 1,
            h - 1,
            d - 1
        )),
        (Some(At::Cell((x, y))), Some(_)) => Err(format!("{name} {x},{y} is a cell: a world with levels takes a voxel X,Y,Z")),
        (Some(At::Voxel(p)), None) => {
            Err(format!("{name} {},{},{} is a voxel: the flat board takes a cell X,Y (add --levels N for a world)", p.0, p.1, p.2))
        }
    }
}

/// Plays with these options (the last board comes back when they name none); exit 2 with a
/// message when they do not fit.
pub fn play(args: &PlayArgs) -> ExitCode {
    let mut setup = match args.setup().and_then(|s| display_check().map(|()| s)) {
        Ok(setup) => setup,
        // in the browser a link that does not read still opens the game, saying why
        Err(message) if cfg!(target_arch = "wasm32") && args.map.is_some() => {
            let plain = PlayArgs { map: None, start: None, end: None, ..args.clone() };
            match plain.setup() {
                Ok(setup) => GameSetup { notice: Some(format!("the link's board could not be opened: {message}")), ..setup },
                Err(e) => {
                    eprintln!("cubepath: {e}");
                    return ExitCode::from(2);
                }
            }
        }
        Err(message) => {
            eprintln!("cubepath: {message}");
            return ExitCode::from(2);
        }
    };
    if args.wants_last_board() {
        setup.use_board(files::load_last_board());
    }
    explain_missing_driver();
    crate::game::run(setup)
}

/// What to do when the game cannot open a window, said once for the messages below.
#[cfg(not(target_arch = "wasm32"))]
const HOW_TO_PLAY: &str = "play on a desktop session, or headless under Xvfb with Mesa's Vulkan driver \
(xvfb-run -a env WGPU_BACKEND=vulkan cubepath ...; Debian packages xvfb and mesa-vulkan-drivers); \
the solve, scen and bench commands need no display";

/// The game opens its window through X11 (XWayland on a Wayland desktop): without a display
/// say so in one line instead of a windowing panic.
fn display_check() -> Result<(), String> {
    #[cfg(all(unix, not(target_os = "macos"), not(target_arch = "wasm32")))]
    if std::env::var_os("DISPLAY").is_none_or(|d| d.is_empty()) {
        let wayland = std::env::var_os("WAYLAND_DISPLAY").is_some();
        return Err(if wayland {
            format!(
                "this build opens its window through X11, and DISPLAY is not set (a Wayland session without XWayland): start XWayland, or {HOW_TO_PLAY}"
            )
        } else {
            format!("no display to open the game window on (DISPLAY is not set): {HOW_TO_PLAY}")
        });
    }
    Ok(())
}

/// Bevy's renderer panics when it finds no graphics driver: turn that panic into one clear
/// line and exit 2; any other panic keeps its usual report.
fn explain_missing_driver() {
    #[cfg(not(target_arch = "wasm32"))]
    {
        let usual = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            let payload = info.payload();
            let text = payload.downcast_ref::<String>().map(String::as_str).or_else(|| payload.downcast_ref::<&str>().copied());
            if text.is_some_and(|t| t.contains("Unable to find a GPU")) {
                eprintln!("cubepath: no graphics driver the game can use (Vulkan or OpenGL): install your GPU's driver, or {HOW_TO_PLAY}");
                std::process::exit(2);
            }
            usual(info);
        }));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn url_query_gives_play_args() {
        let a = PlayArgs::from_query("?rows=12&cols=14&barriers=30&seed=7&start=0,0&end=11%2C13&agent=1&walk=true").unwrap();
        assert_eq!((a.rows, a.cols, a.barriers, a.seed), (Some(12), Some(14), Some(30.0), Some(7)));
        assert_eq!((a.start, a.end), (Some(At::Cell((0, 0))), Some(At::Cell((11, 13)))));
        assert!(a.agent && a.walk);
        let b = PlayArgs::from_query("").unwrap();
        assert_eq!(b.rows, None);
        assert!(!b.walk);
        let e = PlayArgs::from_query("rows=0").unwrap_err();
        assert!(e.contains("--rows") && e.contains("'0'"), "{e}");
        let e = PlayArgs::from_query("start=1;2").unwrap_err();
        assert!(e.contains("--start") && e.contains("1;2"), "{e}");
        assert_eq!(PlayArgs::from_query("bogus=1").unwrap_err(), "unknown URL parameter 'bogus'");
        // ?map=NAME names a bundled map (the browser has no file system)
        let m = PlayArgs::from_query("?map=maze.map").unwrap();
        assert_eq!(m.map.as_deref(), Some(Path::new("maze.map")));
        let bytes = files::bundled("maze.map").expect("maze.map is bundled");
        assert_eq!(crate::engine::files::read_map("maze.map", bytes).unwrap().width(), 31);
        assert!(files::bundled("nope.map").is_none());
    }

    #[test]
    fn the_language_comes_from_the_url_or_the_command_line() {
        use crate::game::logic::settings::Language;
        assert_eq!(PlayArgs::from_query("?lang=zh").unwrap().setup().unwrap().language, Language::Chinese);
        assert_eq!(PlayArgs::from_query("").unwrap().setup().unwrap().language, Language::English);
        let cli = Cli::try_parse_from(["cubepath", "--lang", "ZH"]).unwrap();
        assert_eq!(cli.play.lang, Some(Language::Chinese));
        let err = PlayArgs::from_query("?lang=fr").unwrap_err();
        assert!(err.contains("unknown language 'fr': expected en or zh"), "{err}");
    }

    #[test]
    fn race_lanes_are_checked() {
        let a = PlayArgs::from_query("?race=build-up&steps=30&algorithm=jps&heat=g&arrows=1").unwrap();
        assert_eq!(a.race, Some(RaceLanes(RaceSettings::build_up())));
        assert_eq!((a.steps, a.algorithm, a.heat.as_deref(), a.arrows), (Some(30), Some(Algorithm::Jps), Some("g"), true));
        assert_eq!(parse_race("dijkstra, astar"), Ok(RaceLanes(vec![Algorithm::Dijkstra, Algorithm::AStar])));
        assert_eq!(parse_race("ida,astar").unwrap_err(), "ida runs whole, not step by step, so it cannot race");
        assert_eq!(parse_race("astar").unwrap_err(), "a race has 2 to 4 lanes, not 1 (e.g. dijkstra,astar or build-up)");
        assert_eq!(
            parse_race("astar,astar,astar,astar,astar").unwrap_err(),
            "a race has 2 to 4 lanes, not 5 (e.g. dijkstra,astar or build-up)"
        );
        assert!(parse_race("astar,nonsense").unwrap_err().contains("nonsense"));
    }

    #[test]
    fn a_world_is_asked_for_with_levels_and_its_endpoints_are_voxels() {
        let a = PlayArgs::from_query("?levels=8&world=islands&moves=fly6&slice=3&cols=20&rows=10&start=1,2,3").unwrap();
        let s = a.setup().unwrap();
        assert_eq!(s.world, WorldSettings { levels: 8, kind: WorldKind::Islands, moves: VoxelMoves::Fly6 });
        assert_eq!((s.world_start, s.start, s.world_slice), (Some((1, 2, 3)), None, Some(3)));
        // the moves a kind is made for, when none are given
        let b = PlayArgs::from_query("?levels=4&world=building").unwrap().setup().unwrap();
        assert_eq!(b.world.moves, VoxelMoves::Walk);
        let err = |q: &str| PlayArgs::from_query(q).and_then(|a| a.setup()).unwrap_err();
        assert!(err("?levels=4&start=1,1").contains("--start 1,1 is a cell: a world with levels takes a voxel X,Y,Z"));
        assert!(err("?start=1,1,1").contains("--start 1,1,1 is a voxel: the flat board takes a cell X,Y"));
        let off = err("?levels=4&cols=20&rows=10&end=3,4,4");
        assert!(off.contains("--end 3,4,4 is off the world: it is 20 x 10 x 4 (x 0..19, y 0..9, z 0..3)"), "{off}");
        assert!(err("?world=caves").contains("--world needs --levels N"));
        assert!(err("?levels=33").contains("33"));
    }
}
