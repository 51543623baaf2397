//! Long play: the game's logic plugins driven by random input, with the invariants checked
//! after every frame. `cargo test --release` runs a short soak (2,000 frames); the long one is
//! `CUBEPATH_SOAK_FRAMES=20000 cargo test --release --test soak` or
//! `cargo test --release --test soak -- --ignored`. A failure names the seed and frame.

use std::time::Duration;

use bevy::prelude::*;

use cubepath::game::GameSetup;
use cubepath::game::harness::Headless;
use cubepath::game::logic::agent::Agent;
use cubepath::game::logic::board::{Board, Selection};
use cubepath::game::logic::input::Action;
use cubepath::game::logic::search::PathState;
use cubepath::game::logic::settings::{BoardSettings, PlaySettings, SearchSettings, WalkMode};
use cubepath::game::logic::walk::Walk;
use cubepath::game::view::cubes::{Cube, CubeIndex};
use cubepath::search::{Algorithm, DiagonalRule, SearchOptions, Topology, find_path, path_cost};

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
            let mut play = app.world_mut().resource_mut::<PlaySettings>();
            play.mode = if play.mode == WalkMode::Cubes { WalkMode::Agent } else { WalkMode::Cubes };
            play.agent_speed = [0.5, 4.0, 30.0][rng.below(3)];
            play.step_interval = [0.01, 0.2, 1.0][rng.below(3)];
            return None;
        }
        33..=35 => {
            let rule = DiagonalRule::ALL[rng.below(4)];
            let algorithm = [Algorithm::AStar, Algorithm::Dijkstra, Algorithm::Jps][rng.below(3)];
            app.world_mut().resource_mut::<SearchSettings>().0 =
                SearchOptions { algorithm, topology: Topology::Square(rule), ..Default::default() };
            return None;
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
    if path.found() {
        let cost = path_cost(&grid, &path.cells, options.topology, options.costs)
            .unwrap_or_else(|e| panic!("{at}: the shown path is illegal: {e}"));
        assert_eq!(path.cells.last().copied(), sel.end, "{at}: the path ends at the end");
        let dijkstra = find_path(
            &grid,
            path.cells[0],
            sel.end.unwrap(),
            &SearchOptions { algorithm: Algorithm::Dijkstra, ..options },
        )
        .unwrap();
        assert!((dijkstra.cost.unwrap() - cost).abs() < 1e-9, "{at}: path cost {cost} is not optimal");
        assert!(walk.walked <= path.cells.len().saturating_sub(2), "{at}: the walk runs past the path");
    } else {
        assert_eq!(walk.walked, 0, "{at}: black cubes without a path");
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
                assert!(agent.last.0.abs_diff(next.0) <= 1 && agent.last.1.abs_diff(next.1) <= 1, "{at}: waypoints not adjacent");
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
#[ignore = "the long soak: 20,000 frames"]
fn soak_long() {
    soak(3, frames(20_000));
}
