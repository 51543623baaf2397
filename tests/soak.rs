//! Long play: the game's logic plugins driven by random input, with the invariants checked
//! after every frame. `cargo test --release` runs a short soak (2 x 1,000 frames) and the long
//! one (20,000 frames on seed 3, about 15 s here); `CUBEPATH_SOAK_FRAMES=N` sets both lengths.
//! A failure names the seed and frame.

use std::time::Duration;

use bevy::prelude::*;

use cubepath::game::GameSetup;
use cubepath::game::harness::Headless;
use cubepath::game::logic::agent::Agent;
use cubepath::game::logic::board::{Board, Selection};
use cubepath::game::logic::input::Action;
use cubepath::game::logic::search::PathState;
use cubepath::game::logic::settings::{BoardSettings, Brush, PlaySettings, SearchSettings, WalkMode};
use cubepath::game::logic::walk::Walk;
use cubepath::game::view::cubes::{Cube, CubeIndex};
use cubepath::search::{
    Algorithm, CostModel, DiagonalRule, SearchOptions, Topology, cells_along, find_path, line_of_sight, path_cost, polyline_length,
};

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
    Some(match rng.below(40) {
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
        _ => return None, // a quiet frame
    })
}

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
    // Dijkstra with the same moves and costs is the yardstick for the shown path.
    let (start, end) = (sel.start.unwrap(), sel.end.unwrap());
    let dijkstra_options = SearchOptions { algorithm: Algorithm::Dijkstra, heuristic: None, weight: 1.0, ..options };
    let best = find_path(&grid, start, end, &dijkstra_options).unwrap().cost;
    let jps_four = options.algorithm == Algorithm::Jps && options.topology == Topology::Square(DiagonalRule::Never);
    let refused = options.algorithm.jumps()
        && (!grid.is_uniform() || (options.topology != Topology::Square(DiagonalRule::NoCornerCutting) && !jps_four));
    let any_angle_refused = options.algorithm.any_angle()
        && (!grid.is_uniform()
            || !matches!(options.topology, Topology::Square(DiagonalRule::NoCornerCutting | DiagonalRule::Never))
            || options.costs != CostModel::Exact);
    if path.found() {
        assert!(!refused, "{at}: JPS ran where it cannot");
        assert!(!any_angle_refused, "{at}: any-angle search ran where it cannot");
        let cost = if options.algorithm.any_angle() {
            // turning points in sight of each other; the cells under them shown
            for w in path.corners.windows(2) {
                assert!(line_of_sight(&grid, w[0], w[1]), "{at}: {:?} -> {:?} not in sight", w[0], w[1]);
            }
            assert_eq!(path.cells, cells_along(&path.corners), "{at}");
            polyline_length(&path.corners)
        } else {
            path_cost(&grid, &path.cells, options.topology, options.costs)
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
        if refused {
            assert!(path.message.contains("jump point"), "{at}: {}", path.message);
        } else if any_angle_refused {
            assert!(path.message.contains("any-angle"), "{at}: {}", path.message);
        } else if path.message.contains("stopped after") {
            assert_eq!(options.algorithm, Algorithm::Ida, "{at}: only IDA* stops at its limit in the game");
        } else {
            assert_eq!(best, None, "{at}: no path shown ({}) but Dijkstra finds one", path.message);
            assert!(path.message.contains("no path"), "{at}: {}", path.message);
        }
    }
    let board = app.world().resource::<Board>();
    for (agent, t) in agents {
        assert!(board.is_floor(agent.last), "{at}: the agent stands on a barrier");
        let here = board.world(agent.last);
        let p = t.translation.xz();
        match agent.target() {
            None => assert!(p.distance(here.xz()) < 1e-3, "{at}: a stopped agent is off its cell"),
            Some(next) => {
                assert!(board.is_floor(next), "{at}: the agent walks onto a barrier");
                let adjacent = agent.last.0.abs_diff(next.0) <= 1 && agent.last.1.abs_diff(next.1) <= 1;
                assert!(adjacent || line_of_sight(&grid, agent.last, next), "{at}: waypoints neither adjacent nor in sight");
                let (a, b) = (here.xz(), board.world(next).xz());
                let along = (p - a).dot(b - a) / (b - a).length_squared().max(1e-9);
                let off = (p - (a + (b - a) * along.clamp(0.0, 1.0))).length();
                assert!(off < 1e-3 && (-1e-3..=1.001).contains(&along), "{at}: the agent left its segment");
            }
        }
    }
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
