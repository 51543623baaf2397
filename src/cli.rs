//! The command line, above the game and the engine: play options become a [`GameSetup`] for
//! the game; `solve`, `scen` and `bench` call the engine headless.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use clap::{Args, Parser, Subcommand};

use crate::game::GameSetup;
use crate::game::logic::files;
use crate::game::logic::settings::{BoardSettings, CrowdClicks, CrowdSettings, Heat, LANES, RaceSettings, StepLayers};
use crate::search::{
    Algorithm, CostModel, DiagonalRule, Grid, Heuristic, Problem, SearchOptions, SearchResult, Searcher, Topology, load_map, load_scen,
    polyline_length, string_pull, validate,
};

/// A pathfinding playground: a 3D cube grid where A* and its rivals run live, and a headless
/// command line over the same engine. With no command it plays the game.
#[derive(Parser, Debug)]
#[command(name = "cubepath", version, args_conflicts_with_subcommands = true)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
    #[command(flatten)]
    pub play: PlayArgs,
}

/// Options for playing. X is the column and Y the row, (0,0) top-left.
#[derive(Args, Debug, Clone, Default)]
pub struct PlayArgs {
    /// Rows of the board (1 to 256).
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..=256))]
    pub rows: Option<u16>,
    /// Columns of the board (1 to 256).
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..=256))]
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
    /// Start cell X,Y (made floor).
    #[arg(long, value_parser = parse_cell)]
    pub start: Option<(usize, usize)>,
    /// End cell X,Y (made floor).
    #[arg(long, value_parser = parse_cell)]
    pub end: Option<(usize, usize)>,
    /// Walk with the agent instead of turning cubes black.
    #[arg(long)]
    pub agent: bool,
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
    /// In the step view, a heat map of g or of the cost to the goal: g or goal.
    #[arg(long, value_parser = ["g", "goal"])]
    pub heat: Option<String>,
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
    /// What the crowd does: wander, gather (clicks set where) or command (click an agent,
    /// then a cell).
    #[arg(long, value_parser = ["wander", "gather", "command"])]
    pub crowd: Option<String>,
    /// Run the crowd this many ticks at once when it starts (for screenshots; at most 100000).
    #[arg(long, value_parser = clap::value_parser!(u32).range(0..=100_000))]
    pub crowd_ticks: Option<u32>,
    /// In gather mode, show the distance field to the gathering cell (heat map and arrows).
    #[arg(long)]
    pub field: bool,
    /// Run until the search and any walk are done, save a PNG of the window there, and exit.
    #[arg(long)]
    pub screenshot: Option<PathBuf>,
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
    if let Some(a) = algorithms.iter().find(|a| !a.steps()) {
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
            let value = value.replace("%2C", ",").replace("%2c", ",");
            match key {
                "rows" | "cols" | "barriers" | "seed" | "start" | "end" | "steps" | "map" | "algorithm" | "heat" | "race" | "agents"
                | "crowd" | "crowd-ticks" => {
                    argv.push(format!("--{key}"));
                    argv.push(value);
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
        let grid = match &self.map {
            Some(path) => {
                let grid = open_play_map(path)?;
                board.rows = grid.height();
                board.cols = grid.width();
                Some((grid, path.display().to_string()))
            }
            None => None,
        };
        for (name, cell) in [("--start", self.start), ("--end", self.end)] {
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
            start: self.start,
            end: self.end,
            agent: self.agent,
            hex: self.hex,
            walk: self.walk,
            steps: self.steps.map(|n| n as usize),
            screenshot: self.screenshot.clone(),
            algorithm: self.algorithm,
            layers: StepLayers {
                arrows: self.arrows,
                heat: match self.heat.as_deref() {
                    Some("g") => Heat::G,
                    Some(_) => Heat::ToGoal,
                    None => Heat::Off,
                },
            },
            race: self.race.as_ref().map(|r| r.0.clone()),
            crowd: CrowdSettings {
                agents: self.agents.map_or(0, usize::from),
                clicks: match self.crowd.as_deref() {
                    Some("gather") => CrowdClicks::Gather,
                    Some("command") => CrowdClicks::Command,
                    _ => CrowdClicks::Wander,
                },
                field: self.field,
                ..CrowdSettings::default()
            },
            crowd_ticks: self.crowd_ticks.map_or(0, |t| t as usize),
        })
    }

    /// Whether the last edited board should come back: only when these options say nothing
    /// about the board, its cells or a screenshot.
    pub fn wants_last_board(&self) -> bool {
        let board_options = self.rows.is_some() || self.cols.is_some() || self.barriers.is_some() || self.seed.is_some();
        let cells = self.start.is_some() || self.end.is_some();
        !board_options && !cells && self.map.is_none() && self.screenshot.is_none()
    }
}

/// The map `--map` names: a file on the desktop; in the browser (no file system) one of the
/// bundled maps by name (`?map=arena.map`).
fn open_play_map(path: &Path) -> Result<Grid, String> {
    #[cfg(target_arch = "wasm32")]
    {
        let name = path.display().to_string();
        let bytes = files::bundled(&name).ok_or_else(|| {
            let names: Vec<&str> = files::BUNDLED.iter().map(|(n, _)| *n).collect();
            format!("map '{name}' is not a bundled map: one of {}", names.join(", "))
        })?;
        crate::search::read_map(&name, bytes).map_err(|e| e.to_string())
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        load_map(path).map_err(|e| e.to_string())
    }
}

/// Plays with these options (the last board comes back when they name none); exit 2 with a
/// message when they do not fit.
pub fn play(args: &PlayArgs) -> ExitCode {
    let mut setup = match args.setup().and_then(|s| display_check().map(|()| s)) {
        Ok(setup) => setup,
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

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Find one path on a map and print its cost, the nodes expanded and the cells.
    Solve(SolveArgs),
    /// Run every problem of a scenario file and compare with its optimal lengths.
    Scen(ScenArgs),
    /// Time every problem of a scenario file, checking each cost.
    Bench(BenchArgs),
    /// Run a crowd of agents without a window and report arrivals, conflicts, replanning and
    /// tick times.
    Crowd(CrowdArgs),
}

/// Options of `cubepath crowd`.
#[derive(Args, Debug)]
pub struct CrowdArgs {
    /// A Moving AI .map file, or `random:WxH:PCT` for a random board (PCT % barriers, drawn
    /// from --seed).
    pub map: String,
    /// Agents, each on its own free cell (1 to 100000).
    #[arg(long, default_value_t = 100)]
    pub agents: usize,
    /// Ticks to run (at most 10,000,000).
    #[arg(long, default_value_t = 1000)]
    pub ticks: usize,
    /// Seed of the board, the placements, the goals and the edits.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// wander (each agent to random cells near it) or gather (all to one cell).
    #[arg(long, default_value = "wander", value_parser = ["wander", "gather"])]
    pub mode: String,
    /// Where to gather (X,Y); by default the free cell nearest the middle.
    #[arg(long, value_parser = parse_cell)]
    pub gather: Option<(usize, usize)>,
    /// Random barrier edits per tick (barrier to floor or back), never under an agent (at most 1000).
    #[arg(long, default_value_t = 0)]
    pub edits: usize,
    /// Wander goals lie at most this many cells away in x and in y.
    #[arg(long, default_value_t = 32)]
    pub radius: usize,
    /// Cells expanded per tick by all searches together (at least 1).
    #[arg(long, default_value_t = 10_000)]
    pub budget: usize,
    /// never, no-corner-cutting, one-free or always.
    #[arg(long, default_value = "no-corner-cutting")]
    pub diagonal: DiagonalRule,
}

/// Settings shared by the search commands.
#[derive(Args, Debug, Clone)]
pub struct SearchArgs {
    /// astar, dijkstra, greedy, bfs, jps, jps-block, jps-plus, astar-bidir, ida, theta or
    /// lazy-theta (theta and lazy-theta: any-angle paths of turning points).
    #[arg(long, default_value = "astar")]
    pub algorithm: Algorithm,
    /// The most cells a search may expand; it stops there without an answer (IDA* stops at
    /// 5,000,000 when no limit is given).
    #[arg(long)]
    pub limit: Option<usize>,
    /// never, no-corner-cutting, one-free or always.
    #[arg(long, default_value = "no-corner-cutting")]
    pub diagonal: DiagonalRule,
    /// Hexagonal cells (odd rows shifted right) with 6 neighbours instead of squares.
    #[arg(long)]
    pub hex: bool,
    /// manhattan, octile, euclidean, chebyshev, hex or zero (default: the topology's admissible one).
    #[arg(long)]
    pub heuristic: Option<Heuristic>,
    /// Heuristic weight (weighted A*), at least 1.
    #[arg(long, default_value_t = 1.0, value_parser = parse_weight)]
    pub weight: f64,
    /// Step costs: exact (1 and sqrt 2) or tutorial (10 and 14).
    #[arg(long, default_value = "exact")]
    pub costs: CostModel,
}

impl SearchArgs {
    pub fn options(&self) -> SearchOptions {
        SearchOptions {
            algorithm: self.algorithm,
            topology: if self.hex { Topology::Hex } else { Topology::Square(self.diagonal) },
            costs: self.costs,
            heuristic: self.heuristic,
            weight: self.weight,
            limit: self.limit,
        }
    }
}

#[derive(Args, Debug)]
pub struct SolveArgs {
    /// A Moving AI .map file.
    pub map: PathBuf,
    /// Start cell X,Y.
    #[arg(long, value_parser = parse_cell)]
    pub from: (usize, usize),
    /// Goal cell X,Y.
    #[arg(long, value_parser = parse_cell)]
    pub to: (usize, usize),
    /// String-pull the path: print its turning points, each in line of sight of the one
    /// before, and their Euclidean length as the cost (square cells without corner cutting).
    #[arg(long)]
    pub smooth: bool,
    /// Write every expansion in order (cell, g, h, f, parent, cells pushed) to this JSON file
    /// (format: the engine's `StepSearch::write_trace`); the algorithm must run step by step.
    #[arg(long)]
    pub trace: Option<PathBuf>,
    #[command(flatten)]
    pub search: SearchArgs,
}

#[derive(Args, Debug)]
pub struct ScenArgs {
    /// A Moving AI .map file.
    pub map: PathBuf,
    /// Its .scen file.
    pub scen: PathBuf,
    #[command(flatten)]
    pub search: SearchArgs,
}

#[derive(Args, Debug)]
pub struct BenchArgs {
    /// A Moving AI .map file.
    pub map: PathBuf,
    /// Its .scen file.
    pub scen: PathBuf,
    /// How many times to run each problem.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    pub repeat: u32,
    /// More algorithms to run on the same problems, each reported with its totals
    /// (comma-separated, e.g. jps,jps-block,jps-plus).
    #[arg(long, value_delimiter = ',')]
    pub also: Vec<Algorithm>,
    /// Draw search time and expansions against path length, for each algorithm run, as an
    /// SVG picture.
    #[arg(long)]
    pub plot: Option<PathBuf>,
    #[command(flatten)]
    pub search: SearchArgs,
}

/// Parses `X,Y` (column, row).
pub fn parse_cell(s: &str) -> Result<(usize, usize), String> {
    let bad = || format!("'{s}' is not a cell: expected X,Y with whole numbers, X the column and Y the row");
    let (x, y) = s.split_once(',').ok_or_else(bad)?;
    Ok((x.trim().parse().map_err(|_| bad())?, y.trim().parse().map_err(|_| bad())?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn url_query_gives_play_args() {
        let a = PlayArgs::from_query("?rows=12&cols=14&barriers=30&seed=7&start=0,0&end=11%2C13&agent=1&walk=true").unwrap();
        assert_eq!((a.rows, a.cols, a.barriers, a.seed), (Some(12), Some(14), Some(30.0), Some(7)));
        assert_eq!((a.start, a.end), (Some((0, 0)), Some((11, 13))));
        assert!(a.agent && a.walk);
        let b = PlayArgs::from_query("").unwrap();
        assert_eq!(b.rows, None);
        assert!(!b.walk);
        assert!(PlayArgs::from_query("rows=0").is_err());
        assert!(PlayArgs::from_query("start=1;2").is_err());
        assert!(PlayArgs::from_query("bogus=1").is_err());
        // ?map=NAME names a bundled map (the browser has no file system)
        let m = PlayArgs::from_query("?map=maze.map").unwrap();
        assert_eq!(m.map.as_deref(), Some(Path::new("maze.map")));
        let bytes = files::bundled("maze.map").expect("maze.map is bundled");
        assert_eq!(crate::search::read_map("maze.map", bytes).unwrap().width(), 31);
        assert!(files::bundled("nope.map").is_none());
    }

    #[test]
    fn race_lanes_are_checked() {
        let a = PlayArgs::from_query("?race=build-up&steps=30&algorithm=jps&heat=g&arrows=1").unwrap();
        assert_eq!(a.race, Some(RaceLanes(RaceSettings::build_up())));
        assert_eq!((a.steps, a.algorithm, a.heat.as_deref(), a.arrows), (Some(30), Some(Algorithm::Jps), Some("g"), true));
        assert_eq!(parse_race("dijkstra, astar"), Ok(RaceLanes(vec![Algorithm::Dijkstra, Algorithm::AStar])));
        assert_eq!(parse_race("ida,astar").unwrap_err(), "ida runs whole, not step by step, so it cannot race");
        assert_eq!(parse_race("astar").unwrap_err(), "a race has 2 to 4 lanes, not 1 (e.g. dijkstra,astar or build-up)");
        assert!(parse_race("astar,astar,astar,astar,astar").is_err());
        assert!(parse_race("astar,nonsense").unwrap_err().contains("nonsense"));
    }
}

fn parse_percent(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(v) if (0.0..=100.0).contains(&v) => Ok(v),
        _ => Err(format!("'{s}' is not a percentage from 0 to 100")),
    }
}

fn parse_weight(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(v) if v.is_finite() && (1.0..=1000.0).contains(&v) => Ok(v),
        _ => Err(format!("'{s}' is not a weight from 1 to 1000")),
    }
}

/// Why a headless command stopped early.
enum Failure {
    /// Bad input: the message for stderr; exit 2.
    BadInput(String),
    /// The reader of the output went away (`... | head`): end quietly.
    ClosedPipe,
}
use Failure::BadInput;

impl From<std::io::Error> for Failure {
    fn from(e: std::io::Error) -> Self {
        if e.kind() == std::io::ErrorKind::BrokenPipe { Failure::ClosedPipe } else { BadInput(e.to_string()) }
    }
}

impl From<crate::search::FileError> for Failure {
    fn from(e: crate::search::FileError) -> Self {
        BadInput(e.to_string())
    }
}

impl From<crate::search::SearchError> for Failure {
    fn from(e: crate::search::SearchError) -> Self {
        BadInput(e.to_string())
    }
}

/// The exit status after the output's reader went away: as a process stopped by SIGPIPE.
const CLOSED_PIPE: u8 = 141;

/// The map and its scenario, every problem checked against the map before anything runs:
/// sizes that agree, start and goal on floor. Errors name the file and line.
fn load_problems(map: &Path, scen: &Path, options: &SearchOptions) -> Result<(Grid, Vec<Problem>), Failure> {
    let grid = load_map(map)?;
    let problems = load_scen(scen)?;
    for p in &problems {
        if (p.width, p.height) != (grid.width(), grid.height()) {
            return Err(BadInput(format!(
                "{}:{}: the problem is for a {} x {} map, {} is {} x {}",
                scen.display(),
                p.line,
                p.width,
                p.height,
                map.display(),
                grid.width(),
                grid.height()
            )));
        }
        validate(&grid, p.start, p.goal, options).map_err(|e| BadInput(format!("{}:{}: {e}", scen.display(), p.line)))?;
    }
    Ok((grid, problems))
}

/// Runs a headless command; returns the process exit code.
pub fn run(command: Command) -> ExitCode {
    let result = match command {
        Command::Solve(a) => solve(&a),
        Command::Scen(a) => scen(&a),
        Command::Bench(a) => bench(&a),
        Command::Crowd(a) => crowd(&a),
    };
    match result {
        Ok(code) => ExitCode::from(code),
        Err(BadInput(message)) => {
            eprintln!("cubepath: {message}");
            ExitCode::from(2)
        }
        Err(Failure::ClosedPipe) => ExitCode::from(CLOSED_PIPE),
    }
}

/// `random:WxH:PCT`: a random board, or `None` when `spec` names a file.
fn random_board(spec: &str, seed: u64) -> Option<Result<Grid, Failure>> {
    let rest = spec.strip_prefix("random:")?;
    let bad = || BadInput(format!("'{spec}' is not a random board: expected random:WxH:PCT, e.g. random:256x256:20"));
    let parse = || -> Option<(usize, usize, f64)> {
        let (size, pct) = rest.split_once(':')?;
        let (w, h) = size.split_once('x')?;
        Some((w.parse().ok()?, h.parse().ok()?, pct.parse().ok()?))
    };
    let Some((w, h, pct)) = parse().filter(|&(_, _, p)| (0.0..=100.0).contains(&p)) else { return Some(Err(bad())) };
    let mut rng = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let mut unit = move || {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        (rng >> 11) as f64 / (1u64 << 53) as f64
    };
    Some(crate::search::random_grid(w, h, pct / 100.0, &mut unit).map_err(|e| BadInput(format!("{spec}: {e}"))))
}

/// `cubepath crowd`: the crowd's logic without a window, one summary line at the end.
fn crowd(a: &CrowdArgs) -> Result<u8, Failure> {
    use crate::search::{Crowd, CrowdMode, CrowdOptions, MAX_AGENTS};
    let grid = match random_board(&a.map, a.seed) {
        Some(g) => g?,
        None => load_map(Path::new(&a.map))?,
    };
    if a.agents == 0 || a.agents > MAX_AGENTS {
        return Err(BadInput(format!("--agents {} is out of range: 1 to {MAX_AGENTS}", a.agents)));
    }
    if a.ticks > 10_000_000 || a.edits > 1000 || a.budget == 0 {
        return Err(BadInput("--ticks is at most 10000000, --edits at most 1000 a tick, --budget at least 1".into()));
    }
    if grid.passable_count() == 0 {
        return Err(BadInput(format!("{}: the map has no free cell", a.map)));
    }
    let mode = match a.mode.as_str() {
        "gather" => {
            // the map has a free cell (checked above), so there is a middle one
            CrowdMode::Gather(a.gather.or_else(|| crate::search::middle_cell(&grid)).expect("a free cell"))
        }
        _ => CrowdMode::Wander,
    };
    let options = CrowdOptions {
        topology: Topology::Square(a.diagonal),
        radius: a.radius,
        budget: a.budget,
        compare: true,
        seed: a.seed,
        ..CrowdOptions::default()
    };
    let mut crowd = Crowd::new(grid, a.agents, mode, options).map_err(|e| BadInput(format!("{}: {e}", a.map)))?;
    let (mut total, mut worst, mut worst_at, mut most_bytes) = (0.0f64, 0.0f64, 0usize, 0usize);
    for tick in 0..a.ticks {
        let compared = crowd.stats().compare_seconds;
        let t = Instant::now();
        crowd.random_edits(a.edits);
        crowd.tick();
        // the comparison A* is not the crowd's work
        let ms = (t.elapsed().as_secs_f64() - (crowd.stats().compare_seconds - compared)) * 1000.0;
        total += ms;
        if ms > worst {
            (worst, worst_at) = (ms, tick + 1);
        }
        most_bytes = most_bytes.max(crowd.bytes());
    }
    let s = *crowd.stats();
    let mut out = std::io::stdout().lock();
    writeln!(
        out,
        "plans {} plan_expanded {} sidesteps {} detours {} gave_up {} worst_tick {worst_at} search_state_bytes_max {most_bytes}",
        s.plans, s.plan_expanded, s.sidesteps, s.detours, s.gave_up
    )?;
    writeln!(
        out,
        "agents {} ticks {} arrivals {} conflicts {} replans {} repair_expanded {} scratch_expanded {} tick_ms_mean {:.3} tick_ms_max {:.3}",
        a.agents,
        a.ticks,
        s.arrivals,
        s.conflicts,
        s.replans,
        s.repair_expanded,
        s.scratch_expanded,
        total / a.ticks.max(1) as f64,
        worst
    )?;
    Ok(if s.conflicts > 0 { 1 } else { 0 })
}

fn solve(a: &SolveArgs) -> Result<u8, Failure> {
    let grid = load_map(&a.map)?;
    let options = a.search.options();
    if a.smooth {
        // string pulling sees through cells as any-angle search does: the same conditions
        validate(&grid, a.from, a.to, &SearchOptions { algorithm: Algorithm::Theta, ..options })
            .map_err(|e| BadInput(format!("--smooth: {e}")))?;
    }
    let mut searcher = Searcher::default();
    let r = match &a.trace {
        Some(path) => trace(&mut searcher, &grid, a, &options, path)?,
        None => searcher.search(&grid, a.from, a.to, &options)?,
    };
    let mut out = std::io::stdout().lock();
    match (r.cost, r.path) {
        (Some(cost), Some(path)) => {
            let (path, cost) = if a.smooth {
                let pulled = string_pull(&grid, &path);
                let length = polyline_length(&pulled);
                (pulled, length)
            } else {
                (path, cost)
            };
            writeln!(out, "cost {cost:.8}")?;
            writeln!(out, "expanded {}", r.expanded)?;
            let cells: Vec<String> = path.iter().map(|(x, y)| format!("{x},{y}")).collect();
            writeln!(out, "path {}", cells.join(" "))?;
            if !r.admissible {
                eprintln!("note: these settings do not guarantee the shortest path");
            }
            Ok(0)
        }
        _ if r.stopped => {
            writeln!(out, "stopped")?;
            writeln!(out, "expanded {}", r.expanded)?;
            eprintln!("note: the search stopped at its limit of {} expansions without an answer", r.expanded);
            Ok(1)
        }
        _ => {
            writeln!(out, "no path")?;
            writeln!(out, "expanded {}", r.expanded)?;
            Ok(1)
        }
    }
}

/// Runs the search step by step, writing its trace to a temporary file renamed to `path` once
/// complete: a failure never leaves a partial trace behind.
fn trace(searcher: &mut Searcher, grid: &Grid, a: &SolveArgs, options: &SearchOptions, path: &Path) -> Result<SearchResult, Failure> {
    let run = searcher.steps(grid, a.from, a.to, options).map_err(|e| BadInput(format!("--trace: {e}")))?;
    let mut json = Vec::new();
    let result = run.write_trace(options.limit, &mut json)?;
    files::write_atomically(path, json).map_err(|e| BadInput(format!("could not write the trace {}: {e}", path.display())))?;
    Ok(result)
}

fn scen(a: &ScenArgs) -> Result<u8, Failure> {
    let options = a.search.options();
    let (grid, problems) = load_problems(&a.map, &a.scen, &options)?;
    let mut searcher = Searcher::default();
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    let (mut passed, mut failed) = (0, 0);
    let mut progress = Progress::new(options.algorithm, problems.len());
    for (k, p) in problems.iter().enumerate() {
        progress.tick(k);
        let t = Instant::now();
        let r = searcher.search(&grid, p.start, p.goal, &options).map_err(|e| BadInput(format!("{}:{}: {e}", a.scen.display(), p.line)))?;
        let micros = t.elapsed().as_micros();
        let cost = r.cost.map_or("none".to_string(), |c| format!("{c:.8}"));
        if r.cost.is_some_and(|c| p.matches(c)) {
            passed += 1;
        } else {
            failed += 1;
        }
        writeln!(out, "{k}\t{}\t{}\t{}\t{}\t{}\t{cost}\t{}\t{micros}", p.start.0, p.start.1, p.goal.0, p.goal.1, p.stated, r.expanded)?;
    }
    progress.finish();
    note_approximate_verdicts(&problems);
    writeln!(out, "{passed} passed, {failed} failed")?;
    out.flush()?;
    Ok(if failed == 0 { 0 } else { 1 })
}

/// Says on stderr how many lengths are too long, for the digits their file states, for a
/// verdict to be exact (see `cubepath_search::stated_tolerance`).
fn note_approximate_verdicts(problems: &[Problem]) {
    let approximate = problems.iter().filter(|p| !p.exact_verdict()).count();
    if approximate > 0 {
        eprintln!(
            "note: {approximate} of {} lengths are too long for the digits the file states to tell every other path cost apart: their verdicts are only approximate",
            problems.len()
        );
    }
}

/// One algorithm's bench run: the best time and the expansions of each problem, and totals.
struct BenchRun {
    algorithm: Algorithm,
    preprocess: Duration,
    kept: usize,
    /// Best time of the repeats and expansions, per problem.
    problems: Vec<(Duration, usize)>,
    total: Duration,
    expanded: u64,
    wrong: usize,
}

fn bench(a: &BenchArgs) -> Result<u8, Failure> {
    let options = a.search.options();
    let (grid, problems) = load_problems(&a.map, &a.scen, &options)?;
    let mut runs = Vec::new();
    // load_problems checked every problem against the main algorithm; the others here
    for &algorithm in &a.also {
        let o = SearchOptions { algorithm, ..options };
        for p in &problems {
            validate(&grid, p.start, p.goal, &o).map_err(|e| BadInput(format!("{}:{}: {algorithm}: {e}", a.scen.display(), p.line)))?;
        }
    }
    for algorithm in std::iter::once(options.algorithm).chain(a.also.iter().copied()) {
        runs.push(bench_run(&grid, &problems, &SearchOptions { algorithm, ..options }, a.repeat)?);
    }
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    let main = &runs[0];
    writeln!(out, "index\tmicros\texpanded")?;
    for (k, (best, expanded)) in main.problems.iter().enumerate() {
        writeln!(out, "{k}\t{}\t{expanded}", best.as_micros())?;
    }
    // the other algorithms' totals first: the last lines stay the main algorithm's
    for run in runs.iter().skip(1).chain(std::iter::once(main)) {
        let searches = (problems.len() * a.repeat as usize) as f64;
        let worst = run.problems.iter().map(|p| p.0).max().unwrap_or_default();
        writeln!(out, "algorithm {}", run.algorithm)?;
        writeln!(out, "preprocess_ms {:.3}", run.preprocess.as_secs_f64() * 1000.0)?;
        writeln!(out, "preprocess_bytes {}", run.kept)?;
        writeln!(out, "search_mean_us {:.3}", run.total.as_secs_f64() * 1e6 / searches)?;
        writeln!(out, "search_worst_us {:.3}", worst.as_secs_f64() * 1e6)?;
    }
    writeln!(out, "expanded_per_second {:.0}", main.expanded as f64 / main.total.as_secs_f64().max(1e-9))?;
    writeln!(out, "problems {} repeat {} total_ms {:.3}", problems.len(), a.repeat, main.total.as_secs_f64() * 1000.0)?;
    out.flush()?;
    if let Some(path) = &a.plot {
        let name = a.map.file_name().map_or("map".into(), |n| n.to_string_lossy().into_owned());
        let svg = plot::draw(&name, &problems, &runs);
        crate::game::logic::files::write_atomically(path, &svg)
            .map_err(|e| BadInput(format!("{}: cannot write the plot: {e}", path.display())))?;
    }
    note_approximate_verdicts(&problems);
    let wrong: usize = runs.iter().map(|r| r.wrong).sum();
    if wrong > 0 {
        eprintln!("cubepath: {wrong} problems got a wrong cost");
        return Ok(1);
    }
    Ok(0)
}

/// Runs every problem `repeat` times with `options`, its preprocessing first and timed apart;
/// shows progress on stderr when that is a terminal.
fn bench_run(grid: &Grid, problems: &[Problem], options: &SearchOptions, repeat: u32) -> Result<BenchRun, Failure> {
    let mut searcher = Searcher::default();
    let t = Instant::now();
    searcher.preprocess(grid, options);
    let mut run = BenchRun {
        algorithm: options.algorithm,
        preprocess: t.elapsed(),
        kept: searcher.kept_bytes(),
        problems: Vec::with_capacity(problems.len()),
        total: Duration::ZERO,
        expanded: 0,
        wrong: 0,
    };
    let mut progress = Progress::new(options.algorithm, problems.len());
    for (k, p) in problems.iter().enumerate() {
        let mut best = Duration::MAX;
        let mut last = None;
        for _ in 0..repeat {
            let t = Instant::now();
            let r = searcher.search(grid, p.start, p.goal, options)?;
            let d = t.elapsed();
            run.total += d;
            best = best.min(d);
            last = Some(r);
        }
        let r = last.expect("repeat is at least 1");
        run.expanded += r.expanded as u64 * repeat as u64;
        if !r.cost.is_some_and(|c| p.matches(c)) && options.is_admissible() {
            run.wrong += 1;
            eprintln!(
                "WRONG COST: {} problem {k} (line {}): got {}, the file says {}",
                options.algorithm,
                p.line,
                r.cost.map_or("no path".into(), |c| format!("{c:.8}")),
                p.stated
            );
        }
        run.problems.push((best, r.expanded));
        progress.tick(k + 1);
    }
    progress.finish();
    Ok(run)
}

/// A progress line on stderr for long runs, only when stderr is a terminal (never in pipes,
/// files or tests).
struct Progress {
    label: Algorithm,
    total: usize,
    shown: Option<Instant>,
}

impl Progress {
    fn new(label: Algorithm, total: usize) -> Progress {
        use std::io::IsTerminal;
        Progress { label, total, shown: std::io::stderr().is_terminal().then(Instant::now) }
    }

    fn tick(&mut self, done: usize) {
        if let Some(at) = self.shown
            && (at.elapsed().as_millis() >= 100 || done == self.total)
        {
            let width = 30;
            let filled = done * width / self.total.max(1);
            eprint!("\r{:>10} [{}{}] {done}/{}", self.label.name(), "#".repeat(filled), " ".repeat(width - filled), self.total);
            self.shown = Some(Instant::now());
        }
    }

    fn finish(&self) {
        if self.shown.is_some() {
            eprint!("\r{}\r", " ".repeat(60));
        }
    }
}

/// The bench picture: search time and expansions against the optimal length, one colour per
/// algorithm, log scales, as a plain SVG file.
mod plot {
    use super::{BenchRun, Problem};
    use std::fmt::Write;

    const COLOURS: [&str; 7] = ["#d62728", "#1f77b4", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#17becf"];
    const PANEL: (f64, f64) = (460.0, 320.0);
    const MARGIN: (f64, f64) = (70.0, 50.0);

    pub(super) fn draw(map: &str, problems: &[Problem], runs: &[BenchRun]) -> String {
        let width = 2.0 * (PANEL.0 + MARGIN.0) + 80.0;
        let height = PANEL.1 + 2.0 * MARGIN.1 + 30.0 + 18.0 * runs.len() as f64;
        let mut svg = String::new();
        let _ = writeln!(
            svg,
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" font-family="sans-serif" font-size="12"><rect width="100%" height="100%" fill="white"/>"#
        );
        let _ = writeln!(
            svg,
            r#"<text x="{}" y="20" text-anchor="middle" font-size="15">{} problems of {map}</text>"#,
            width / 2.0,
            problems.len()
        );
        let lengths: Vec<f64> = problems.iter().map(|p| p.optimal).collect();
        let times = |r: &BenchRun| r.problems.iter().map(|p| p.0.as_secs_f64() * 1e6).collect::<Vec<f64>>();
        let expansions = |r: &BenchRun| r.problems.iter().map(|p| p.1 as f64).collect::<Vec<f64>>();
        panel(&mut svg, MARGIN.0, "search time (µs, log)", &lengths, &runs.iter().map(times).collect::<Vec<_>>());
        panel(
            &mut svg,
            2.0 * MARGIN.0 + PANEL.0 + 40.0,
            "nodes expanded (log)",
            &lengths,
            &runs.iter().map(expansions).collect::<Vec<_>>(),
        );
        for (k, run) in runs.iter().enumerate() {
            let y = MARGIN.1 + PANEL.1 + 45.0 + 18.0 * k as f64;
            let _ = writeln!(
                svg,
                r#"<circle cx="{}" cy="{}" r="4" fill="{}"/><text x="{}" y="{}">{}</text>"#,
                MARGIN.0,
                y - 4.0,
                COLOURS[k % COLOURS.len()],
                MARGIN.0 + 10.0,
                y,
                run.algorithm.name()
            );
        }
        svg.push_str("</svg>\n");
        svg
    }

    /// One scatter panel at `left`: x the optimal length, y on a log scale.
    fn panel(svg: &mut String, left: f64, title: &str, xs: &[f64], series: &[Vec<f64>]) {
        let top = MARGIN.1;
        let x_max = xs.iter().cloned().fold(1.0, f64::max);
        let positive = series.iter().flatten().cloned().filter(|v| *v > 0.0);
        let (lo, hi) = positive.fold((f64::MAX, f64::MIN), |(lo, hi), v| (lo.min(v), hi.max(v)));
        let (lo, hi) = if lo > hi { (1.0, 10.0) } else { (lo.log10().floor(), hi.log10().ceil().max(lo.log10().floor() + 1.0)) };
        let px = |x: f64| left + x / x_max * PANEL.0;
        let py = |v: f64| top + PANEL.1 - (v.max(10f64.powf(lo)).log10() - lo) / (hi - lo) * PANEL.1;
        let _ = writeln!(svg, r##"<rect x="{left}" y="{top}" width="{}" height="{}" fill="none" stroke="#444"/>"##, PANEL.0, PANEL.1);
        let _ = writeln!(svg, r#"<text x="{}" y="{}" text-anchor="middle">{title}</text>"#, left + PANEL.0 / 2.0, top - 8.0);
        let _ = writeln!(
            svg,
            r#"<text x="{}" y="{}" text-anchor="middle">optimal path length</text>"#,
            left + PANEL.0 / 2.0,
            top + PANEL.1 + 32.0
        );
        for e in lo as i32..=hi as i32 {
            let y = py(10f64.powi(e));
            let _ = writeln!(
                svg,
                r##"<line x1="{left}" y1="{y}" x2="{}" y2="{y}" stroke="#ddd"/><text x="{}" y="{}" text-anchor="end">1e{e}</text>"##,
                left + PANEL.0,
                left - 6.0,
                y + 4.0
            );
        }
        for k in 0..=4 {
            let x = x_max * k as f64 / 4.0;
            let _ = writeln!(svg, r#"<text x="{}" y="{}" text-anchor="middle">{x:.0}</text>"#, px(x), top + PANEL.1 + 16.0);
        }
        for (k, ys) in series.iter().enumerate() {
            let colour = COLOURS[k % COLOURS.len()];
            for (x, y) in xs.iter().zip(ys) {
                let _ = writeln!(svg, r#"<circle cx="{:.1}" cy="{:.1}" r="1.6" fill="{colour}" fill-opacity="0.6"/>"#, px(*x), py(*y));
            }
        }
    }
}
