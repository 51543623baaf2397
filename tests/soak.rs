//! Long play: the game's logic plugins driven by random input, with the invariants checked
//! after every frame. `cargo test --release` runs a short soak (2 x 1,000 frames) and the long
//! one (20,000 frames on seed 3, about 15 s here) of the flat board, and the same of everything
//! the game plays (worlds and their clicks, slicing, undo and redo, the step view, the race and
//! the duel, crowds in every mode, lessons, the language, world files good and mutated, walkers
//! 1 x 1 to 4 x 4 with their squares checked from the rule: 20,000
//! frames on seed 13, about a minute); `CUBEPATH_SOAK_FRAMES=N` sets every length. A failure
//! names the seed and frame (and, for everything, the last actions).

mod common;

use std::time::Duration;

use bevy::prelude::*;

use cubepath::engine::{
    grid::{Clearance, CostModel, DiagonalRule, Grid, MazeKind, Pos, Topology, cells_along, line_of_sight, path_cost, polyline_length},
    search::{Algorithm, SearchOptions, find_path},
};
use cubepath::game::GameSetup;
use cubepath::game::harness::Headless;
use cubepath::game::logic::agent::Agent;
use cubepath::game::logic::board::{Board, Selection};
use cubepath::game::logic::input::Action;
use cubepath::game::logic::search::PathState;
use cubepath::game::logic::settings::{BoardSettings, Brush, Heat, Palette, PlaySettings, SearchSettings, StepLayers, UnitSize, WalkMode};
use cubepath::game::logic::walk::Walk;
use cubepath::game::view::cubes::{Cube, CubeIndex};

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

fn app(seed: u64) -> Headless {
    let setup = GameSetup { board: BoardSettings { rows: 16, cols: 16, barrier_pct: 25.0, seed }, ..default() };
    let mut app = Headless::new(setup, Duration::from_millis(40)).with_cubes();
    app.update();
    app
}

fn random_action(rng: &mut Rng, app: &mut App) -> Option<Action> {
    let board = app.world().resource::<Board>();
    let (w, h) = (board.grid.width(), board.grid.height());
    // now and then a cell just off the board
    let cell = |rng: &mut Rng| (rng.below(w + 1), rng.below(h + 1));
    Some(match rng.below(52) {
        0..=9 => Action::Select(cell(rng)),
        10..=15 => Action::ToggleBarrier(cell(rng)),
        16..=19 => Action::Paint(cell(rng), rng.below(2) == 0),
        20..=24 => Action::Walk,
        25 => Action::Reset,
        26..=27 => Action::TogglePause,
        28 => Action::NewBoard(BoardSettings {
            rows: 1 + rng.below(30),
            cols: 1 + rng.below(30),
            barrier_pct: rng.below(60) as f64,
            seed: rng.next(),
        }),
        29 => Action::LoadMap { name: "ok.map".into(), bytes: b"type octile\nheight 3\nwidth 4\nmap\n..@.\n.@..\n....\n".to_vec() },
        30 => {
            let mut bytes = b"type octile\nheight 3\nwidth 4\nmap\n..@.\n.@..\n....\n".to_vec();
            let i = rng.below(bytes.len());
            bytes[i] = rng.next() as u8;
            Action::LoadMap { name: "mutated.map".into(), bytes }
        }
        31..=32 => {
            let play = *app.world().resource::<PlaySettings>();
            Action::Play(PlaySettings {
                mode: if play.mode == WalkMode::Cubes { WalkMode::Agent } else { WalkMode::Cubes },
                agent_speed: [0.5, 4.0, 30.0][rng.below(3)],
                step_interval: [0.01, 0.2, 1.0][rng.below(3)],
                ..play
            })
        }
        33..=35 => {
            // every algorithm, topology (hex too), cost model, and weights above 1
            let topology = if rng.below(5) == 0 { Topology::Hex } else { Topology::Square(DiagonalRule::ALL[rng.below(4)]) };
            let options = SearchOptions {
                algorithm: Algorithm::ALL[rng.below(Algorithm::ALL.len())],
                topology,
                costs: [CostModel::Exact, CostModel::Tutorial][rng.below(2)],
                weight: [1.0, 1.0, 1.5, 3.0][rng.below(4)],
                heuristic: None,
                limit: None,
            };
            Action::Search(options)
        }
        36..=37 => {
            // terrain: the brush paints mud or water now and then
            let brush = [Brush::Barrier, Brush::Mud, Brush::Water][rng.below(3)];
            let play = *app.world().resource::<PlaySettings>();
            Action::Play(PlaySettings { brush, ..play })
        }
        38 => Action::UnitSize([1, 1, 2, 2, 3, 4][rng.below(6)]),
        39 => Action::Hover((rng.below(2) == 0).then(|| cell(rng))),
        40 => Action::DragEndpoint { end: rng.below(2) == 0, to: cell(rng) },
        41 => Action::BeginStroke,
        42 => Action::CopyLink,
        43 => Action::ToggleHelp,
        44 => Action::Palette([Palette::Tutorial, Palette::ColourSafe][rng.below(2)]),
        45 => Action::StepRate([0.5, 10.0, 1000.0][rng.below(3)]),
        46 => {
            let kind = [MazeKind::Division, MazeKind::Prim, MazeKind::Backtracker, MazeKind::Rooms, MazeKind::Caves][rng.below(5)];
            Action::Generate(kind, BoardSettings { rows: 1 + rng.below(30), cols: 1 + rng.below(30), barrier_pct: 0.0, seed: rng.next() })
        }
        // a bundled map, or a file that is not there
        47 => Action::OpenMap(["assets/maps/arena.map", "assets/maps/no-such.map"][rng.below(2)].into()),
        48 => Action::SaveMap(scratch_file("soak.map")),
        49 => Action::SaveTrace(scratch_file("soak-trace.json")),
        50 => Action::StepLayers(StepLayers { arrows: rng.below(2) == 0, heat: [Heat::Off, Heat::G, Heat::ToGoal][rng.below(3)] }),
        _ => return None, // a quiet frame
    })
}

/// A file in this test's own folder under the system's temporary folder (saves land there).
fn scratch_file(name: &str) -> String {
    let dir = std::env::temp_dir().join(format!("cubepath-soak-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name).display().to_string()
}

/// Every kind of action, by name: the match has no catch-all, so a new kind does not compile
/// here until it is named, and the soak of everything checks it played each of [`KINDS`].
fn kind(action: &Action) -> &'static str {
    match action {
        Action::Select(_) => "Select",
        Action::Hover(_) => "Hover",
        Action::DragEndpoint { .. } => "DragEndpoint",
        Action::ToggleBarrier(_) => "ToggleBarrier",
        Action::Paint(..) => "Paint",
        Action::BeginStroke => "BeginStroke",
        Action::Undo => "Undo",
        Action::Redo => "Redo",
        Action::CopyLink => "CopyLink",
        Action::Lesson(_) => "Lesson",
        Action::Estimate(_) => "Estimate",
        Action::ToggleHelp => "ToggleHelp",
        Action::Palette(_) => "Palette",
        Action::Language(_) => "Language",
        Action::Step => "Step",
        Action::RunSteps(_) => "RunSteps",
        Action::SeekStep(_) => "SeekStep",
        Action::StepRate(_) => "StepRate",
        Action::Duel => "Duel",
        Action::Walk => "Walk",
        Action::Reset => "Reset",
        Action::NewBoard(_) => "NewBoard",
        Action::Generate(..) => "Generate",
        Action::LoadMap { .. } => "LoadMap",
        Action::OpenMap(_) => "OpenMap",
        Action::SaveMap(_) => "SaveMap",
        Action::SaveTrace(_) => "SaveTrace",
        Action::TogglePause => "TogglePause",
        Action::Search(_) => "Search",
        Action::Play(_) => "Play",
        Action::UnitSize(_) => "UnitSize",
        Action::ShowSteps(_) => "ShowSteps",
        Action::StepLayers(_) => "StepLayers",
        Action::Race(_) => "Race",
        Action::Crowd(_) => "Crowd",
        Action::World(_) => "World",
        Action::PickVoxel { .. } => "PickVoxel",
        Action::Slice(_) => "Slice",
    }
}

/// How many kinds of action there are ([`kind`] names each).
const KINDS: usize = 38;

/// The invariants after every frame.
fn check(app: &mut App, seed: u64, frame: usize) {
    let at = format!("seed {seed}, frame {frame}");
    let board = app.world().resource::<Board>();
    let grid = board.grid.clone();
    let sel = app.world().resource::<Selection>().clone();
    let path = app.world().resource::<PathState>().clone();
    let walk = app.world().resource::<Walk>().clone();
    let options = app.world().resource::<SearchSettings>().0;
    for p in [sel.start, sel.end].into_iter().flatten() {
        assert!(board.is_floor(p), "{at}: endpoint {p:?} is not floor");
    }
    let cubes: Vec<Entity> = app.world().resource::<CubeIndex>().cubes.clone();
    assert_eq!(cubes.len(), grid.width() * grid.height(), "{at}: one cube per cell");
    let mut q = app.world_mut().query::<&Cube>();
    assert_eq!(q.iter(app.world()).count(), cubes.len(), "{at}: no stray cubes");
    for e in &cubes {
        assert!(app.world().get::<Cube>(*e).is_some(), "{at}: the board refers to a despawned cube");
    }
    let mut agents = app.world_mut().query::<(&Agent, &Transform)>();
    let agents: Vec<(Agent, Transform)> = agents.iter(app.world()).map(|(a, t)| (a.clone(), *t)).collect();
    assert!(agents.len() <= 1, "{at}: more than one agent");
    // Dijkstra with the same moves and costs is the yardstick for the shown path; for a walker
    // bigger than a cell, on the board its top-left cell moves on (the engine's clearance),
    // with every square it stands on checked here from the rule as well
    let (start, end) = (sel.start.unwrap(), sel.end.unwrap());
    let unit = app.world().resource::<UnitSize>().0;
    let unit_refused = unit > 1 && options.topology == Topology::Hex;
    let yard = if unit > 1 && !unit_refused { Clearance::new(&grid).unit_grid(&grid, unit).unwrap() } else { grid.clone() };
    let misfit = [start, end].iter().any(|&(x, y)| !yard.is_passable(x, y));
    let dijkstra_options = SearchOptions { algorithm: Algorithm::Dijkstra, heuristic: None, weight: 1.0, ..options };
    let best = if misfit || unit_refused { None } else { find_path(&yard, start, end, &dijkstra_options).unwrap().cost };
    // (the board searched is the walker's: a bigger walker's may have no terrain left where its
    // square fits, its top-left cell's terrain pricing each step)
    let jps_four = options.algorithm == Algorithm::Jps && options.topology == Topology::Square(DiagonalRule::Never);
    let refused = options.algorithm.jumps()
        && (!yard.is_uniform() || (options.topology != Topology::Square(DiagonalRule::NoCornerCutting) && !jps_four));
    let any_angle_refused = options.algorithm.any_angle()
        && (!yard.is_uniform()
            || !matches!(options.topology, Topology::Square(DiagonalRule::NoCornerCutting | DiagonalRule::Never))
            || options.costs != CostModel::Exact);
    let subgoal_refused = matches!(options.algorithm, Algorithm::Subgoal | Algorithm::Hpa)
        && (!yard.is_uniform() || options.topology != Topology::Square(DiagonalRule::NoCornerCutting) || options.costs != CostModel::Exact);
    if path.found() {
        assert!(!unit_refused && !misfit, "{at}: a {unit} x {unit} walker searched where it cannot");
        assert_eq!(path.unit, unit, "{at}: the path is for another walker");
        assert!(path.cells.iter().all(|&p| square_open(&grid, p, unit)), "{at}: a {unit} x {unit} square over a barrier");
        if options.topology == Topology::Square(DiagonalRule::NoCornerCutting) && !options.algorithm.any_angle() {
            let diagonal = |s: &[Pos]| s[0].0 != s[1].0 && s[0].1 != s[1].1;
            assert!(
                path.cells.windows(2).all(|s| !diagonal(s) || box_open(&grid, s[0], s[1], unit)),
                "{at}: a {unit} x {unit} walker cuts a corner"
            );
        }
        assert!(!refused, "{at}: JPS ran where it cannot");
        assert!(!any_angle_refused, "{at}: any-angle search ran where it cannot");
        assert!(!subgoal_refused, "{at}: {} ran where it cannot", options.algorithm);
        let cost = if options.algorithm.any_angle() {
            // turning points in sight of each other; the cells under them shown
            for w in path.corners.windows(2) {
                assert!(line_of_sight(&yard, w[0], w[1]), "{at}: {:?} -> {:?} not in sight", w[0], w[1]);
            }
            assert_eq!(path.cells, cells_along(&path.corners), "{at}");
            polyline_length(&path.corners)
        } else {
            path_cost(&yard, &path.cells, options.topology, options.costs)
                .unwrap_or_else(|e| panic!("{at}: the shown path is illegal: {e}"))
        };
        assert_eq!(path.cells.first().copied(), sel.start, "{at}: the path starts at the start");
        assert_eq!(path.cells.last().copied(), sel.end, "{at}: the path ends at the end");
        let best = best.unwrap_or_else(|| panic!("{at}: a path where Dijkstra finds none"));
        // What holds for each kind of search, with w the heuristic's weight:
        // - any-angle (Theta*, Lazy Theta*): segments in sight may cut corners the grid cannot,
        //   so never longer than the grid's optimum at w = 1, and at most w times it above;
        // - optimal algorithms with an admissible heuristic: the optimum at w = 1, at most w
        //   times it above (weighted A*'s bound: every cell it expands has g + w h within w of
        //   the optimum), never below it;
        // - greedy and BFS: a legal path, never below the optimum, no upper bound.
        let w = options.weight;
        let bounded = options.algorithm.is_optimal() && SearchOptions { weight: 1.0, ..options }.is_admissible();
        if options.algorithm.any_angle() {
            assert!(cost <= w * best + 1e-9, "{at}: the any-angle path {cost} is longer than {w} times the grid's {best}");
        } else {
            assert!(cost >= best - 1e-9, "{at}: {cost} beats the optimum {best}");
            if bounded {
                assert!(cost <= w * best + 1e-9, "{at}: path cost {cost} is over {w} times the optimum {best} ({})", options.algorithm);
            }
        }
        assert!(walk.walked <= path.cells.len().saturating_sub(2), "{at}: the walk runs past the path");
    } else {
        assert_eq!(walk.walked, 0, "{at}: black cubes without a path");
        if unit_refused {
            assert!(path.message.contains("1 on hex cells"), "{at}: {}", path.message);
        } else if misfit {
            let m = &path.message;
            let why = ["walker (its square", "jump point", "any-angle", "needs"].iter().any(|w| m.contains(w));
            assert!(why, "{at}: a {unit} x {unit} walker that does not fit at an endpoint: {m}");
        } else if refused {
            assert!(path.message.contains("jump point"), "{at}: {}", path.message);
        } else if any_angle_refused {
            assert!(path.message.contains("any-angle"), "{at}: {}", path.message);
        } else if subgoal_refused {
            assert!(path.message.contains(&format!("{} needs", options.algorithm)), "{at}: {}", path.message);
        } else if path.message.contains("stopped after") {
            assert_eq!(options.algorithm, Algorithm::Ida, "{at}: only IDA* stops at its limit in the game");
        } else {
            assert_eq!(best, None, "{at}: no path shown ({}) but Dijkstra finds one", path.message);
            assert!(path.message.contains("no path"), "{at}: {}", path.message);
        }
    }
    let board = app.world().resource::<Board>();
    for (agent, t) in agents {
        assert!(square_open(&board.grid, agent.last, agent.size), "{at}: the agent stands on a barrier");
        // a walker bigger than a cell stands at its square's centre
        let k = agent.size.max(1);
        let centre = (board.world((k - 1, k - 1)) - board.world((0, 0))) / 2.0;
        let here = board.world(agent.last) + centre;
        let p = t.translation.xz();
        match agent.target() {
            None => assert!(p.distance(here.xz()) < 1e-3, "{at}: a stopped agent is off its cell"),
            Some(next) => {
                assert!(square_open(&board.grid, next, agent.size), "{at}: the agent walks onto a barrier");
                let adjacent = agent.last.0.abs_diff(next.0) <= 1 && agent.last.1.abs_diff(next.1) <= 1;
                assert!(adjacent || line_of_sight(&grid, agent.last, next), "{at}: waypoints neither adjacent nor in sight");
                let (a, b) = (here.xz(), (board.world(next) + centre).xz());
                let along = (p - a).dot(b - a) / (b - a).length_squared().max(1e-9);
                let off = (p - (a + (b - a) * along.clamp(0.0, 1.0))).length();
                assert!(off < 1e-3 && (-1e-3..=1.001).contains(&along), "{at}: the agent left its segment");
            }
        }
    }
}

/// Whether the `k` x `k` square from `(x, y)` lies on the board and is open (the rule, not the
/// engine's clearance).
fn square_open(grid: &Grid, (x, y): Pos, k: usize) -> bool {
    let k = k.max(1);
    x + k <= grid.width() && y + k <= grid.height() && (0..k * k).all(|d| grid.is_passable(x + d % k, y + d / k))
}

/// Whether a diagonal step of a `k` x `k` walker from `a` to `b` keeps the whole box the two
/// squares span open (no corner cut).
fn box_open(grid: &Grid, a: Pos, b: Pos, k: usize) -> bool {
    square_open(grid, (a.0.min(b.0), a.1.min(b.1)), k.max(1) + 1)
}

fn soak(seed: u64, frames: usize) {
    let mut app = app(seed);
    let mut rng = Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    for frame in 0..frames {
        for _ in 0..rng.below(3) {
            if let Some(action) = random_action(&mut rng, &mut app) {
                app.world_mut().write_message(action);
            }
        }
        app.update();
        check(&mut app, seed, frame);
    }
}

fn frames(default: usize) -> usize {
    std::env::var("CUBEPATH_SOAK_FRAMES").ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

#[test]
fn soak_short() {
    for seed in [1, 2] {
        soak(seed, frames(1000));
    }
}

#[test]
fn soak_long() {
    soak(3, frames(20_000));
}

// ------------------------------------------------------------------ everything the game plays

use cubepath::engine::{
    crowd::CrowdKind,
    files::write_vox,
    search::{Searcher, VoxelOptions},
    world::{VoxelGrid, VoxelMoves, WorldKind, voxel_path_cost},
};
use cubepath::game::logic::crowd::board_crowd;
use cubepath::game::logic::input::{VoxelClick, VoxelHit};
use cubepath::game::logic::settings::{CrowdSettings, Language, RaceSettings, WorldSettings};
use cubepath::game::logic::status::Status;
use cubepath::game::logic::world::WorldBoard;

/// The algorithms this test holds to the least cost on a world at weight 1 (its own list, not
/// the engine's word on admissibility).
const OPTIMAL_ON_WORLDS: [Algorithm; 5] = [Algorithm::AStar, Algorithm::Dijkstra, Algorithm::AStarBidir, Algorithm::Ida, Algorithm::Jps];

/// A small world file, good or with one byte changed: `.3dmap` text or MagicaVoxel bytes.
fn world_file(rng: &mut Rng) -> Action {
    let mut world = VoxelGrid::new(3 + rng.below(6), 3 + rng.below(6), 2 + rng.below(4)).unwrap();
    for _ in 0..rng.below(12) {
        let p = (rng.below(world.width()), rng.below(world.height()), rng.below(world.depth()));
        world.set_blocked(p, true).unwrap();
    }
    let vox = rng.below(2) == 0;
    let (name, mut bytes) = if vox {
        ("soak.vox", write_vox(&world).unwrap())
    } else {
        ("soak.3dmap", cubepath::engine::files::write_3dmap(&world).into_bytes())
    };
    if rng.below(2) == 0 {
        let i = rng.below(bytes.len());
        bytes[i] = rng.next() as u8;
    }
    Action::LoadMap { name: name.into(), bytes }
}

/// Any action of the game: the flat board's (above), worlds and their clicks, undo and redo,
/// the step view, the race and the duel, crowds in every mode, lessons, the language.
fn any_action(rng: &mut Rng, app: &mut App) -> Option<Action> {
    let world = app.world().resource::<WorldBoard>();
    let size = world.grid.as_ref().map_or((8, 8, 4), |g| (g.width(), g.height(), g.depth()));
    Some(match rng.below(60) {
        0..=2 => Action::World(WorldSettings {
            levels: [1, 2, 4, 6, 8][rng.below(5)],
            kind: [WorldKind::Blocks, WorldKind::Building, WorldKind::Caves, WorldKind::Islands][rng.below(4)],
            moves: [VoxelMoves::Fly6, VoxelMoves::Fly18, VoxelMoves::Fly26, VoxelMoves::Walk][rng.below(4)],
        }),
        3..=10 => {
            // a click on any face of any voxel, the ground, or just off the world
            let voxel = [rng.below(size.0 + 2) as i64 - 1, rng.below(size.1 + 2) as i64 - 1, rng.below(size.2 + 1) as i64 - 1];
            let mut normal = [0; 3];
            normal[rng.below(3)] = if rng.below(2) == 0 { 1 } else { -1 };
            let click = [VoxelClick::Endpoint, VoxelClick::Drag(rng.below(2) == 0), VoxelClick::Remove, VoxelClick::Add][rng.below(4)];
            Action::PickVoxel { hit: VoxelHit { voxel, normal }, click }
        }
        11 => Action::Slice(rng.below(size.2 + 2)),
        12..=13 => Action::Undo,
        14 => Action::Redo,
        15 => Action::ShowSteps(rng.below(2) == 0),
        16..=17 => Action::Step,
        18 => Action::SeekStep(rng.below(200)),
        19 => Action::RunSteps(rng.below(2) == 0),
        20 => Action::Race(RaceSettings {
            on: rng.below(2) == 0,
            algorithms: (0..1 + rng.below(4)).map(|_| Algorithm::ALL[rng.below(Algorithm::ALL.len())]).collect(),
        }),
        21 => Action::Duel,
        22 => {
            let kind = CrowdKind::ALL[rng.below(4)];
            Action::Crowd(CrowdSettings {
                agents: [0, 0, 5, 30, 80][rng.below(5)],
                clicks: kind,
                ticks_per_second: [2.0, 10.0, 60.0][rng.below(3)],
                field: rng.below(2) == 0,
            })
        }
        23 => Action::Lesson(if rng.below(4) == 0 { None } else { Some(rng.below(10)) }),
        24 => Action::Language(if rng.below(2) == 0 { Language::English } else { Language::Chinese }),
        25..=26 => world_file(rng),
        // the heuristic lab's formula: fine, over, inconsistent, one that does not read, one
        // that is NaN or negative somewhere, none
        29 => Action::Estimate(
            [
                "max(abs(dx), abs(dy))",
                "3 * hypot(dx, dy)",
                "abs(dx) * (round(x / 2) - floor(x / 2))",
                "abs(dx) +",
                "sqrt(dx)",
                "dx - dy",
                "",
                "1 / 0",
            ][rng.below(8)]
            .into(),
        ),
        // a voxel put on a walking agent's way: the voxel it steps toward, or one further on
        27..=28 if world.walk.running && world.walk.agent && world.walk.path.len() > 2 => {
            let i = (world.walk.done as usize + 1 + rng.below(3) * rng.below(2)).min(world.walk.path.len() - 1);
            let p = world.walk.path[i];
            Action::PickVoxel {
                hit: VoxelHit { voxel: [p.0 as i64, p.1 as i64, p.2 as i64 - 1], normal: [0, 0, 1] },
                click: VoxelClick::Add,
            }
        }
        _ => return random_action(rng, app),
    })
}

/// What undo and redo must give back: the world, its endpoints and moves while one is played (the
/// flat board's history stands still then, though a lesson may set up its board meanwhile),
/// else the board and its endpoints.
fn undoable(app: &App) -> String {
    let (board, sel, world) = (app.world().resource::<Board>(), app.world().resource::<Selection>(), app.world().resource::<WorldBoard>());
    match &world.grid {
        Some(grid) => {
            let moves = app.world().resource::<WorldSettings>().moves;
            format!("{:?} {:?} {:?} {moves:?}", cubepath::engine::files::write_3dmap(grid), world.start, world.end)
        }
        None => format!("{} {:?} {:?}", cubepath::engine::files::write_map(&board.grid), sel.start, sel.end),
    }
}

/// The invariants of everything beyond the flat board, after every frame; 1 when an agent was
/// walking a world, 2 when it had gone on after an edit under it, else 0.
fn check_everything(app: &mut App, seed: u64, frame: usize) -> usize {
    let at = format!("seed {seed}, frame {frame}");
    let world = app.world().resource::<WorldBoard>();
    if let (Some(grid), Some(start), Some(end)) = (world.grid.as_ref(), world.start, world.end) {
        let moves = app.world().resource::<WorldSettings>().moves;
        let answer = &world.answer;
        for p in [start, end] {
            // (moves changed can leave an endpoint in the air: then no path is shown, and the
            // game says why; an undo gives back the moves with the endpoints)
            if !moves.may_stand(grid, p) {
                assert!(answer.path.is_empty(), "{at}: a path from or to {p:?}, where a {moves:?} cannot stand");
                let why = answer.why.clone().unwrap_or_default();
                assert!(why.contains("cannot be stood on") || why.contains("blocked"), "{at}: {p:?} and no reason: {why}");
            }
        }
        if !answer.path.is_empty() {
            let cost = voxel_path_cost(grid, &answer.path, moves).unwrap_or_else(|e| panic!("{at}: the world's path is illegal: {e}"));
            assert!((cost - answer.cost.unwrap()).abs() < 1e-6, "{at}: the world's path costs {cost}, shown {:?}", answer.cost);
            assert_eq!((answer.path.first(), answer.path.last()), (Some(&start), Some(&end)), "{at}: the world's path ends");
            let dijkstra = VoxelOptions { algorithm: Algorithm::Dijkstra, moves, ..Default::default() };
            let best = Searcher::default().search_world(grid, start, end, &dijkstra).unwrap().cost.expect("Dijkstra finds it too");
            assert!(cost >= best - 1e-6, "{at}: the world's path {cost} beats the optimum {best}");
            let weight = app.world().resource::<SearchSettings>().0.weight;
            if OPTIMAL_ON_WORLDS.contains(&answer.algorithm) && weight <= 1.0 {
                assert!((cost - best).abs() < 1e-6, "{at}: {} on a world: {cost}, the optimum {best}", answer.algorithm);
            }
        }
    }
    // a walking agent's way on, from the voxel it is leaving, keeps out of walls (see world_walk.rs)
    let mut walking = 0;
    if let (Some(grid), true) = (world.grid.as_ref(), world.walk.running && world.walk.agent && world.walk.path.len() > 1) {
        let moves = app.world().resource::<WorldSettings>().moves;
        let ahead = &world.walk.path[1..];
        assert!(ahead.iter().all(|&p| moves.may_stand(grid, p)), "{at}: the world's agent walks into a wall: {ahead:?}");
        if let Err(e) = voxel_path_cost(grid, ahead, moves) {
            panic!("{at}: the world's agent walks an illegal way: {e}");
        }
        // gone on after an edit: its way back or on comes before the new path
        walking = 1 + (world.walk.path.first() != world.answer.path.first()) as usize;
    }
    if let Some(crowd) = board_crowd(app.world_mut()) {
        let problems = crowd.check();
        assert!(problems.is_empty(), "{at}: the crowd: {problems:?}");
    }
    let mut transforms = app.world_mut().query::<&Transform>();
    for t in transforms.iter(app.world()) {
        assert!(t.translation.is_finite() && t.rotation.is_finite() && t.scale.is_finite(), "{at}: a transform not finite: {t:?}");
    }
    walking
}

/// What a soak of everything saw: undo then redo compared, frames an agent walked a world and
/// went on after an edit under it, and the kinds of action played.
#[derive(Default)]
struct Seen {
    undone: usize,
    walking: [usize; 2],
    kinds: std::collections::BTreeSet<&'static str>,
}

impl Seen {
    fn and(mut self, other: Seen) -> Seen {
        self.undone += other.undone;
        self.walking = [0, 1].map(|k| self.walking[k] + other.walking[k]);
        self.kinds.extend(other.kinds);
        self
    }

    /// The world's agents walked, some going on after an edit under them, and every kind of
    /// action was played.
    fn check(&self) {
        let [walked, rerouted] = self.walking;
        assert!(walked > 0 && rerouted > 0, "an agent walked a world {walked} frames, {rerouted} of them after an edit under it");
        assert_eq!(self.kinds.len(), KINDS, "kinds of action played: {:?}", self.kinds);
    }
}

/// Frames of everything from `seed`: what it saw.
fn soak_everything(seed: u64, frames: usize) -> Seen {
    let mut app = app(seed);
    let mut rng = Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    // the last actions, named in a failure's message
    let mut last: std::collections::VecDeque<String> = std::collections::VecDeque::new();
    let mut seen = Seen::default();
    for frame in 0..frames {
        let run = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            frame_of_everything(&mut app, &mut rng, &mut last, &mut seen, seed, frame)
        }));
        if let Err(e) = run {
            let said = e.downcast_ref::<String>().cloned().or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string()));
            panic!("{}\nthe last actions, oldest first:\n{}", said.unwrap_or_default(), Vec::from(last).join("\n"));
        }
    }
    // about one frame in fifty tries undo then redo, and most find something to undo
    let undone = seen.undone;
    assert!(undone * 100 >= frames, "seed {seed}: undo then redo compared only {undone} times in {frames} frames");
    seen
}

/// One frame of the soak of everything: now and then undo then redo, then up to two actions.
fn frame_of_everything(
    app: &mut Headless,
    rng: &mut Rng,
    last: &mut std::collections::VecDeque<String>,
    seen: &mut Seen,
    seed: u64,
    frame: usize,
) {
    let note = |last: &mut std::collections::VecDeque<String>, what: String| {
        if last.len() == 12 {
            last.pop_front();
        }
        last.push_back(format!("frame {frame}: {what}"));
    };
    {
        if rng.below(50) == 0 {
            // undo then redo gives back what was there (when there was something to undo)
            note(last, "undo, then redo".into());
            let before = undoable(app);
            app.world_mut().write_message(Action::Undo);
            app.update();
            let nothing = app.world().resource::<Status>().0 == "nothing to undo";
            let said_undo = app.world().resource::<Status>().0.clone();
            app.world_mut().write_message(Action::Redo);
            app.update();
            let said = format!("{said_undo} / {}", app.world().resource::<Status>().0);
            if !nothing {
                let after = undoable(app);
                let summary = |s: &str| format!("{} ... {}", &s[..s.len().min(60)], &s[s.len().saturating_sub(60)..]);
                assert!(
                    after == before,
                    "seed {seed}, frame {frame}: undo then redo changed the board or world ({said}): {} became {}",
                    summary(&before),
                    summary(&after)
                );
                seen.undone += 1;
                seen.kinds.extend(["Undo", "Redo"]);
            }
        }
        for _ in 0..rng.below(3) {
            if let Some(action) = any_action(rng, app) {
                note(last, format!("{action:?}").chars().take(160).collect());
                seen.kinds.insert(kind(&action));
                app.world_mut().write_message(action);
            }
        }
        app.update();
        check(app, seed, frame);
        match check_everything(app, seed, frame) {
            0 => {}
            k => seen.walking[k - 1] += 1,
        }
    }
}

#[test]
fn soak_everything_short() {
    soak_everything(11, frames(1000)).and(soak_everything(12, frames(1000))).check();
}

#[test]
fn soak_everything_long() {
    soak_everything(13, frames(20_000)).check();
}
