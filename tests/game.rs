//! The game's logic plugins, headless: `MinimalPlugins`, no window, real ECS state checked
//! after `app.update()`, time stepped by hand.

mod common;

use std::time::Duration;

use bevy::prelude::*;

use cubepath::engine::{
    grid::{Cell, Grid, Pos, Topology, path_cost},
    search::{SearchOptions, find_path},
};
use cubepath::game::harness::Headless;
use cubepath::game::logic::agent::{Agent, AgentArrived};
use cubepath::game::logic::board::{Board, Selection};
use cubepath::game::logic::input::Action;
use cubepath::game::logic::search::PathState;
use cubepath::game::logic::settings::{BoardSettings, PlaySettings, SearchSettings, WalkMode};
use cubepath::game::logic::status::Status;
use cubepath::game::logic::walk::Walk;
use cubepath::game::view::cubes::{Cube, CubeAssets};
use cubepath::game::view::looks::Look;
use cubepath::game::{GameSetup, Pause};

/// The logic and the cubes, headless, after two frames.
fn app_with(setup: GameSetup, step: Duration) -> Headless {
    let mut app = Headless::new(setup, step).with_cubes();
    app.frames(2);
    app
}

fn random_setup(rows: usize, cols: usize, pct: f64, seed: u64) -> GameSetup {
    GameSetup { board: BoardSettings { rows, cols, barrier_pct: pct, seed }, ..default() }
}

fn map_setup(rows: &[&str], start: Pos, end: Pos) -> GameSetup {
    let mut grid = Grid::new(rows[0].len(), rows.len()).unwrap();
    for (y, r) in rows.iter().enumerate() {
        for (x, c) in r.chars().enumerate() {
            if c == '#' {
                grid.set(x, y, Cell::Blocked).unwrap();
            }
        }
    }
    GameSetup { grid: Some((grid, "test map".into())), start: Some(start), end: Some(end), ..default() }
}

/// Cubes drawn with the material of `look`.
fn cubes_with(app: &mut App, look: Look) -> Vec<Pos> {
    let handle = app.world().resource::<CubeAssets>().material(look).clone();
    let mut q = app.world_mut().query::<(&Cube, &MeshMaterial3d<StandardMaterial>)>();
    let mut v: Vec<Pos> = q.iter(app.world()).filter(|(_, m)| m.0 == handle).map(|(c, _)| c.0).collect();
    v.sort();
    v
}

fn path(app: &App) -> PathState {
    app.world().resource::<PathState>().clone()
}

#[test]
fn board_spawns_a_cube_per_cell_with_named_entities() {
    let mut app = app_with(random_setup(12, 17, 20.0, 3), Duration::from_millis(10));
    let mut q = app.world_mut().query::<(&Cube, &Name)>();
    let cubes: Vec<_> = q.iter(app.world()).map(|(c, n)| (c.0, n.as_str().to_string())).collect();
    assert_eq!(cubes.len(), 12 * 17);
    assert!(cubes.iter().any(|(p, n)| *p == (16, 11) && n == "Cube 16,11"));
    let board = app.world().resource::<Board>();
    assert_eq!((board.grid.width(), board.grid.height()), (17, 12));
    // the barrier cubes are exactly the blocked cells
    let mut blocked: Vec<Pos> = board.grid.cells().filter(|(_, c)| *c == Cell::Blocked).map(|(p, _)| p).collect();
    blocked.sort();
    assert_eq!(cubes_with(&mut app, Look::Barrier), blocked);
}

#[test]
fn barrier_share_is_near_p_and_one_seed_gives_one_layout() {
    let grid = |seed| {
        let app = app_with(random_setup(100, 100, 30.0, seed), Duration::from_millis(10));
        app.world().resource::<Board>().grid.clone()
    };
    let a = grid(42);
    let share = 1.0 - a.passable_count() as f64 / 10_000.0;
    assert!((0.27..0.33).contains(&share), "barrier share {share}");
    assert_eq!(a, grid(42));
    assert_ne!(a, grid(43));
}

#[test]
fn selection_runs_the_engine_and_shows_its_path() {
    let mut app = app_with(random_setup(30, 30, 25.0, 11), Duration::from_millis(10));
    app.act(Action::Select((2, 3)));
    let grid = app.world().resource::<Board>().grid.clone();
    let floor: Vec<Pos> = grid.cells().filter(|(_, c)| c.is_passable()).map(|(p, _)| p).collect();
    let (start, end) = (floor[5], floor[floor.len() - 7]);
    app.act(Action::Select(start));
    app.act(Action::Select(end));
    let sel = app.world().resource::<Selection>().clone();
    assert_eq!((sel.start, sel.end), (Some(start), Some(end)));
    let want = find_path(&grid, start, end, &SearchOptions::default()).unwrap();
    let cells = want.path.expect("this board has a path from start to end");
    let got = path(&app);
    assert_eq!(got.cost, want.cost);
    assert_eq!(got.cells, cells);
    // the path cubes (not start and end) are drawn in the path colour
    let mut inner = cells[1..cells.len() - 1].to_vec();
    inner.sort();
    assert_eq!(cubes_with(&mut app, Look::Path), inner);
    assert_eq!(cubes_with(&mut app, Look::Start), vec![start]);
    assert_eq!(cubes_with(&mut app, Look::End), vec![end]);
    // A setting change runs the search again (not every frame).
    let before = path(&app).searches;
    app.update();
    app.update();
    assert_eq!(path(&app).searches, before);
    app.world_mut().resource_mut::<SearchSettings>().0.topology =
        cubepath::engine::grid::Topology::Square(cubepath::engine::grid::DiagonalRule::Never);
    app.update();
    assert_eq!(path(&app).searches, before + 1);
}

#[test]
fn dead_end_and_blocked_endpoints_give_a_message_and_no_path() {
    let rows = ["..#..", "..#..", "..#..", "..#.."];
    let mut app = app_with(map_setup(&rows, (0, 0), (4, 3)), Duration::from_millis(10));
    let p = path(&app);
    assert!(!p.found());
    assert!(p.message.contains("no path"), "{}", p.message);
    assert!(cubes_with(&mut app, Look::Path).is_empty());
    // open the wall: a path appears
    app.act(Action::ToggleBarrier((2, 3)));
    assert!(path(&app).found());
    assert!(!cubes_with(&mut app, Look::Path).is_empty());
    // a barrier on the end is refused: the player moves the end first
    app.act(Action::ToggleBarrier((4, 3)));
    assert!(app.world().resource::<Board>().is_floor((4, 3)));
    assert!(app.world().resource::<Status>().0.contains("is the end"));
    assert!(path(&app).found());
    // an end on a barrier (as a loaded selection could be): a clear message, no stale path
    app.world_mut().resource_mut::<Selection>().end = Some((2, 0));
    app.update();
    let p = path(&app);
    assert!(!p.found());
    assert!(p.message.contains("end 2,0 is blocked"), "{}", p.message);
    assert!(cubes_with(&mut app, Look::Path).is_empty());
    // a click on a barrier does not move the start
    app.act(Action::Select((2, 1)));
    assert_eq!(app.world().resource::<Selection>().start, Some((0, 0)));
    assert!(app.world().resource::<Status>().0.contains("barrier"));
}

#[test]
fn changing_a_barrier_replans() {
    let rows = [".........", ".........", "........."];
    let mut app = app_with(map_setup(&rows, (0, 1), (8, 1)), Duration::from_millis(10));
    let first = path(&app);
    assert_eq!(first.cells.len(), 9);
    app.act(Action::Paint((4, 1), true));
    let second = path(&app);
    assert!(second.searches > first.searches);
    assert!(!second.cells.contains(&(4, 1)));
    let grid = app.world().resource::<Board>().grid.clone();
    let cost = path_cost(&grid, &second.cells, Default::default(), Default::default()).unwrap();
    assert!((cost - second.cost.unwrap()).abs() < 1e-12);
    assert!(cost > first.cost.unwrap());
}

#[test]
fn space_turns_one_path_cube_black_per_interval_and_z_pauses() {
    let rows = ["..........", "..........", ".........."];
    let mut app = app_with(map_setup(&rows, (0, 0), (9, 0)), Duration::from_millis(200));
    let total = path(&app).cells.len() - 2;
    assert_eq!(total, 8);
    assert!(cubes_with(&mut app, Look::Walked).is_empty());
    app.press(KeyCode::Space); // one interval passes in this frame
    assert_eq!(cubes_with(&mut app, Look::Walked).len(), 1);
    for k in 2..=3 {
        app.update();
        assert_eq!(cubes_with(&mut app, Look::Walked).len(), k);
    }
    // the black cubes are the first path cubes, in order from the start
    let cells = path(&app).cells;
    let mut first3 = cells[1..4].to_vec();
    first3.sort();
    assert_eq!(cubes_with(&mut app, Look::Walked), first3);
    // Z is a state change: it takes effect from the next frame (this one still walks)
    app.press(KeyCode::KeyZ);
    assert_eq!(cubes_with(&mut app, Look::Walked).len(), 4);
    app.update();
    assert!(app.world().resource::<State<Pause>>().get().0);
    for _ in 0..5 {
        app.update();
    }
    assert_eq!(cubes_with(&mut app, Look::Walked).len(), 4, "paused: no cube turns black");
    app.press(KeyCode::KeyZ);
    assert_eq!(cubes_with(&mut app, Look::Walked).len(), 4);
    app.update();
    assert!(!app.world().resource::<State<Pause>>().get().0);
    assert_eq!(cubes_with(&mut app, Look::Walked).len(), 5);
    for _ in 0..10 {
        app.update();
    }
    assert_eq!(cubes_with(&mut app, Look::Walked).len(), total);
    assert!(!app.world().resource::<Walk>().is_running());
    // start and end keep their colours
    assert_eq!(cubes_with(&mut app, Look::Start), vec![(0, 0)]);
    assert_eq!(cubes_with(&mut app, Look::End), vec![(9, 0)]);
}

#[test]
fn a_resets_the_board_and_clears_everything() {
    let mut app = app_with(random_setup(20, 20, 10.0, 9), Duration::from_millis(200));
    let before = app.world().resource::<Board>().grid.clone();
    assert!(path(&app).found(), "{:?}\n{before:?}", path(&app));
    app.press(KeyCode::Space);
    app.update();
    assert!(!cubes_with(&mut app, Look::Walked).is_empty());
    app.press(KeyCode::KeyA);
    let after = app.world().resource::<Board>().grid.clone();
    assert_ne!(before, after);
    assert_ne!(app.world().resource::<BoardSettings>().seed, 9);
    assert_eq!(app.world().resource::<Selection>().start, Some((0, 0)));
    assert!(cubes_with(&mut app, Look::Walked).is_empty());
    assert!(!app.world().resource::<Walk>().is_running());
    let mut q = app.world_mut().query::<&Cube>();
    assert_eq!(q.iter(app.world()).count(), 400, "old cubes despawned, new ones spawned");
    // agent mode: A despawns a walking agent
    app.world_mut().resource_mut::<PlaySettings>().mode = WalkMode::Agent;
    app.press(KeyCode::Space);
    let mut q = app.world_mut().query::<&Agent>();
    assert_eq!(q.iter(app.world()).count(), 1);
    app.press(KeyCode::KeyA);
    let mut q = app.world_mut().query::<&Agent>();
    assert_eq!(q.iter(app.world()).count(), 0);
}

fn agent_state(app: &mut App) -> (Agent, Transform) {
    let mut q = app.world_mut().query::<(&Agent, &Transform)>();
    let (a, t) = q.single(app.world()).unwrap();
    (a.clone(), *t)
}

/// The agent stands on a waypoint or between two consecutive ones, never on a barrier.
fn check_agent_between_waypoints(app: &mut App) {
    let (agent, t) = agent_state(app);
    let board = app.world().resource::<Board>();
    let p = Vec2::new(t.translation.x, t.translation.z);
    let on = |c: Pos| {
        let w = board.world(c);
        Vec2::new(w.x, w.z)
    };
    let last = on(agent.last);
    let ok = match agent.target() {
        None => p.distance(last) < 1e-3,
        Some(next) => {
            let n = on(next);
            let seg = n - last;
            let along = (p - last).dot(seg) / seg.length_squared().max(1e-9);
            (p - (last + seg * along.clamp(0.0, 1.0))).length() < 1e-3 && (-1e-3..=1.0 + 1e-3).contains(&along)
        }
    };
    assert!(ok, "agent at {p} is not between {:?} and {:?}", agent.last, agent.target());
    assert!(board.is_floor(agent.last));
    if let Some(n) = agent.target() {
        assert!(board.is_floor(n));
    }
}

#[test]
fn the_agent_walks_every_waypoint_in_order_and_arrives() {
    let mut setup = random_setup(25, 25, 25.0, 8);
    setup.agent = true;
    let mut app = app_with(setup, Duration::from_millis(30));
    let cells = path(&app).cells;
    assert!(cells.len() > 10);
    app.press(KeyCode::Space);
    let mut visited = vec![cells[0]];
    let mut arrived = false;
    for _ in 0..2000 {
        app.update();
        check_agent_between_waypoints(&mut app);
        let (agent, _) = agent_state(&mut app);
        if *visited.last().unwrap() != agent.last {
            visited.push(agent.last);
        }
        let msgs = app.world().resource::<Messages<AgentArrived>>();
        if msgs.iter_current_update_messages().next().is_some() {
            arrived = true;
            break;
        }
    }
    assert!(arrived);
    assert_eq!(visited, cells, "waypoints passed in order");
    let (agent, t) = agent_state(&mut app);
    assert!(agent.arrived);
    assert_agent_pauses();
    let goal = app.world().resource::<Board>().world(*cells.last().unwrap());
    assert!((t.translation.xz() - goal.xz()).length() < 1e-4);
    assert!(app.world().resource::<Status>().0.contains("arrived"));
}

/// Z stops the walking agent where it is, and the next Z walks it on.
fn assert_agent_pauses() {
    let mut setup = map_setup(&["............"], (0, 0), (11, 0));
    setup.agent = true;
    let mut app = app_with(setup, Duration::from_millis(30));
    app.press(KeyCode::Space);
    app.frames(10);
    app.press(KeyCode::KeyZ);
    app.update();
    let (_, at) = agent_state(&mut app);
    app.frames(20);
    assert_eq!(agent_state(&mut app).1.translation, at.translation, "paused: the agent stands");
    app.press(KeyCode::KeyZ);
    app.frames(5);
    assert!(agent_state(&mut app).1.translation.x > at.translation.x + 0.1, "walking again");
}

#[test]
fn the_agent_turns_toward_its_heading() {
    let rows = ["..............................", ".............................."];
    let mut setup = map_setup(&rows, (0, 0), (29, 0));
    setup.agent = true;
    let mut app = app_with(setup, Duration::from_millis(16));
    app.world_mut().resource_mut::<PlaySettings>().agent_speed = 1.0;
    app.press(KeyCode::Space);
    // turn it to face backwards; heading is +x
    let mut q = app.world_mut().query::<(&Agent, &mut Transform)>();
    for (_, mut t) in q.iter_mut(app.world_mut()) {
        t.rotation = Transform::IDENTITY.looking_to(Vec3::NEG_X, Vec3::Y).rotation;
    }
    let angle = |app: &mut App| {
        let (_, t) = agent_state(app);
        t.forward().angle_between(Vec3::X)
    };
    let mut last = angle(&mut app);
    assert!(last > 3.0);
    for _ in 0..60 {
        app.update();
        let a = angle(&mut app);
        assert!(a <= last + 1e-4, "turning away: {a} after {last}");
        last = a;
    }
    assert!(last < 1f32.to_radians(), "after 1 s the agent faces its heading: {last}");
}

#[test]
fn editing_barriers_while_the_agent_walks_replans_from_its_cell() {
    let rows = ["..........", "..........", "..........", ".........."];
    let mut setup = map_setup(&rows, (0, 1), (9, 1));
    setup.agent = true;
    let mut app = app_with(setup, Duration::from_millis(50));
    app.press(KeyCode::Space);
    for _ in 0..10 {
        app.update();
    }
    let (agent, _) = agent_state(&mut app);
    assert!(!agent.arrived);
    // wall off the straight way ahead
    let ahead = (agent.last.0 + 3, 1);
    app.act(Action::Paint(ahead, true));
    let (agent2, _) = agent_state(&mut app);
    assert!(!agent2.cells.contains(&ahead));
    assert!(agent2.cells[0] == agent.last || Some(agent2.cells[0]) == agent.target(), "{agent:?} then {agent2:?}");
    // a barrier under the agent is refused
    let here = agent2.last;
    app.act(Action::Paint(here, true));
    assert!(app.world().resource::<Board>().is_floor(here));
    for _ in 0..1000 {
        app.update();
        check_agent_between_waypoints(&mut app);
        if agent_state(&mut app).0.arrived {
            break;
        }
    }
    let (agent3, _) = agent_state(&mut app);
    assert!(agent3.arrived);
    assert_eq!(agent3.last, (9, 1));
}

#[test]
fn a_malformed_map_keeps_the_board_and_says_why() {
    let mut app = app_with(random_setup(10, 10, 20.0, 4), Duration::from_millis(10));
    let before = app.world().resource::<Board>().grid.clone();
    app.act(Action::LoadMap { name: "bad.map".into(), bytes: b"type octile\nheight 2\nwidth 2\nmap\n..\n.?\n".to_vec() });
    assert_eq!(app.world().resource::<Board>().grid, before);
    let status = app.world().resource::<Status>().0.clone();
    assert!(status.contains("bad.map:6:"), "{status}");
    app.act(Action::LoadMap { name: "good.map".into(), bytes: b"type octile\nheight 2\nwidth 3\nmap\n..@\n...\n".to_vec() });
    let board = app.world().resource::<Board>();
    assert_eq!((board.grid.width(), board.grid.height()), (3, 2));
    assert_eq!(app.world().resource::<Selection>().start, Some((0, 0)));
    assert_eq!(app.world().resource::<Selection>().end, Some((2, 1)));
    let mut q = app.world_mut().query::<&Cube>();
    assert_eq!(q.iter(app.world()).count(), 6);
}

#[test]
fn generate_builds_the_engines_board_and_the_search_crosses_it() {
    use cubepath::engine::grid::{MazeKind, generate_maze};
    let mut app = app_with(random_setup(10, 10, 20.0, 4), Duration::from_millis(10));
    let settings = BoardSettings { rows: 21, cols: 31, barrier_pct: 20.0, seed: 6 };
    app.act(Action::Generate(MazeKind::Backtracker, settings.clone()));
    let want = generate_maze(MazeKind::Backtracker, 31, 21, 6).unwrap();
    assert_eq!(app.world().resource::<Board>().grid, want);
    assert_eq!(*app.world().resource::<BoardSettings>(), settings);
    // the endpoints on the first and last open cells, the path through the maze legal and
    // as long as Dijkstra's
    let sel = app.world().resource::<Selection>().clone();
    assert_eq!((sel.start, sel.end), (Some((0, 0)), Some((30, 20))));
    let path = app.world().resource::<PathState>().clone();
    let options = app.world().resource::<SearchSettings>().0;
    let best = find_path(&want, (0, 0), (30, 20), &options).unwrap().cost.unwrap();
    assert!((path_cost(&want, &path.cells, options.topology, options.costs).unwrap() - best).abs() < 1e-9);
    let status = app.world().resource::<Status>().0.clone();
    assert!(status.contains("generated a 31 x 21 backtracker board, seed 6"), "{status}");
    // every cell has its cube
    let mut q = app.world_mut().query::<&Cube>();
    assert_eq!(q.iter(app.world()).count(), 31 * 21);
}

mod step_view {
    use super::*;
    use cubepath::engine::{
        grid::Topology,
        search::{Algorithm, CellState, Searcher},
    };
    use cubepath::game::logic::duel::Duel;
    use cubepath::game::logic::settings::{Brush, StepViewOn};
    use cubepath::game::logic::stepview::StepView;
    use std::collections::BTreeSet;

    fn enabled_app() -> Headless {
        let mut app = app_with(random_setup(15, 15, 25.0, 21), Duration::from_millis(10));
        app.world_mut().resource_mut::<StepViewOn>().0 = true;
        app.update();
        app
    }

    /// Open and closed sets, and (g, h, f) of every touched cell, after `n` engine steps.
    fn engine_after(app: &App, n: usize) -> (BTreeSet<Pos>, BTreeSet<Pos>, Vec<(Pos, f64, f64, f64)>) {
        let grid = app.world().resource::<Board>().grid.clone();
        let sel = app.world().resource::<Selection>().clone();
        let opts = app.world().resource::<SearchSettings>().0;
        let mut searcher = Searcher::default();
        let mut run = searcher.steps(&grid, sel.start.unwrap(), sel.end.unwrap(), &opts).unwrap();
        for _ in 0..n {
            run.step();
        }
        let open: BTreeSet<Pos> = run.open_cells().into_iter().collect();
        let closed: BTreeSet<Pos> = run.closed_cells().into_iter().collect();
        let labels = grid.cells().filter_map(|(p, _)| run.info(p).map(|i| (p, i.g, i.h, i.f))).collect();
        assert!(closed.iter().all(|&p| run.info(p).unwrap().state == CellState::Closed));
        (open, closed, labels)
    }

    fn view_sets(app: &App) -> (BTreeSet<Pos>, BTreeSet<Pos>) {
        let v = app.world().resource::<StepView>();
        (v.open_cells().into_iter().collect(), v.closed_cells().into_iter().collect())
    }

    #[test]
    fn stepping_n_times_equals_n_engine_expansions_and_labels_match() {
        let mut app = enabled_app();
        let total = app.world().resource::<StepView>().steps.len();
        assert_eq!(total, path(&app).expanded, "the recording has one step per expansion");
        for n in 1..=12 {
            app.press(KeyCode::Space);
            assert_eq!(app.world().resource::<StepView>().shown, n);
            let (open, closed, labels) = engine_after(&app, n);
            assert_eq!(view_sets(&app), (open, closed), "after {n} steps");
            let v = app.world().resource::<StepView>();
            for (p, g, h, f) in labels {
                let l = v.label(p).unwrap_or_else(|| panic!("no label for {p:?}"));
                assert_eq!((l.g, l.h, l.f), (g, h, f), "label of {p:?} after {n} steps");
            }
        }
        // Space steps instead of walking while the view is on
        assert!(!app.world().resource::<Walk>().is_running());
    }

    #[test]
    fn scrubbing_back_and_forth_restores_the_same_sets() {
        let mut app = enabled_app();
        let total = app.world().resource::<StepView>().steps.len();
        assert!(total > 20);
        let at = |app: &mut App, k: usize| {
            app.world_mut().resource_mut::<StepView>().seek(k);
            view_sets(app)
        };
        let a = at(&mut app, 17);
        let end = at(&mut app, total);
        let back = at(&mut app, 17);
        assert_eq!(a, back);
        let (open, closed, _) = engine_after(&app, 17);
        assert_eq!(a, (open, closed));
        assert_eq!(end.1.len(), total);
        // running plays forward and stops at the end, where the path shows
        {
            let mut v = app.world_mut().resource_mut::<StepView>();
            v.seek(0);
            v.rate = 1000.0;
            v.running = true;
        }
        for _ in 0..(total / 10 + 5) {
            app.update();
        }
        let v = app.world().resource::<StepView>();
        assert_eq!(v.shown, total);
        assert!(!v.running);
        assert!(!cubes_with(&mut app, Look::Path).is_empty());
    }

    #[test]
    fn the_duel_runs_every_algorithm() {
        let mut app = app_with(random_setup(20, 20, 20.0, 12), Duration::from_millis(10));
        app.act(Action::Duel);
        let duel = app.world().resource::<Duel>().clone();
        assert_eq!(duel.rows.len(), Algorithm::ALL.len());
        let cost = |a: Algorithm| duel.rows.iter().find(|r| r.algorithm == a).unwrap().outcome.clone().unwrap().0;
        assert_eq!(cost(Algorithm::AStar), duel.optimum);
        assert_eq!(cost(Algorithm::Jps), duel.optimum);
        assert_eq!(cost(Algorithm::JpsBlock), duel.optimum);
        assert!(cost(Algorithm::Greedy).unwrap() >= duel.optimum.unwrap() - 1e-9);
    }

    #[test]
    fn hex_boards_search_and_walk_with_six_neighbours() {
        let mut setup = random_setup(12, 12, 20.0, 4);
        setup.agent = true;
        let mut app = app_with(setup, Duration::from_millis(50));
        app.world_mut().resource_mut::<SearchSettings>().0.topology = Topology::Hex;
        app.update();
        app.update();
        assert!(app.world().resource::<Board>().hex);
        let mut q = app.world_mut().query::<&Cube>();
        assert_eq!(q.iter(app.world()).count(), 144);
        let p = path(&app);
        let grid = app.world().resource::<Board>().grid.clone();
        let sel = app.world().resource::<Selection>().clone();
        let dijkstra = find_path(
            &grid,
            sel.start.unwrap(),
            sel.end.unwrap(),
            &SearchOptions { algorithm: Algorithm::Dijkstra, topology: Topology::Hex, ..Default::default() },
        )
        .unwrap();
        assert!(dijkstra.path.is_some(), "this hex board has a path");
        assert!(p.found(), "{}", p.message);
        let cost = path_cost(&grid, &p.cells, Topology::Hex, Default::default()).unwrap();
        assert!((cost - dijkstra.cost.unwrap()).abs() < 1e-9);
        app.press(KeyCode::Space);
        for _ in 0..400 {
            app.update();
        }
        let mut q = app.world_mut().query::<&Agent>();
        let agent = q.single(app.world()).unwrap();
        assert!(agent.arrived);
        assert_eq!(Some(agent.last), sel.end);
    }

    #[test]
    fn painted_terrain_is_respected_by_the_search() {
        let rows = ["..........", "..........", ".........."];
        let mut app = app_with(map_setup(&rows, (0, 1), (9, 1)), Duration::from_millis(10));
        assert_eq!(path(&app).cost, Some(9.0));
        app.world_mut().resource_mut::<PlaySettings>().brush = Brush::Water;
        for y in 0..3 {
            app.act(Action::Paint((5, y), true));
        }
        assert_eq!(app.world().resource::<Board>().grid.get(5, 1), Some(Cell::Ground(5)));
        let p = path(&app);
        let grid = app.world().resource::<Board>().grid.clone();
        let want = find_path(&grid, (0, 1), (9, 1), &SearchOptions::default()).unwrap();
        assert_eq!(p.cost, want.cost);
        assert!((p.cost.unwrap() - 13.0).abs() < 1e-9, "crossing the water costs 5: {:?}", p.cost);
        // terrain cubes get their own colour
        assert_eq!(cubes_with(&mut app, Look::Water).len(), 2, "the path cube on the water shows the path");
        // JPS is refused on a weighted grid with the reason
        app.world_mut().resource_mut::<SearchSettings>().0.algorithm = Algorithm::Jps;
        app.update();
        assert!(path(&app).message.contains("uniform"), "{}", path(&app).message);
    }
}

#[test]
fn the_logic_runs_without_asset_stores_or_a_window() {
    // No mesh or material store: the logic alone finds the path and walks an agent.
    let mut setup = random_setup(12, 12, 15.0, 5);
    setup.agent = true;
    let mut app = Headless::new(setup, Duration::from_millis(50));
    app.frames(2);
    assert!(!app.world().contains_resource::<Assets<Mesh>>());
    assert!(!app.world().contains_resource::<Assets<StandardMaterial>>());
    let cells = path(&app).cells;
    assert!(!cells.is_empty(), "a path on this board");
    app.press(KeyCode::Space);
    app.frames(400);
    let mut q = app.world_mut().query::<&Agent>();
    let agent = q.single(app.world()).unwrap();
    assert!(agent.arrived);
    assert_eq!(Some(&agent.last), cells.last());
}

#[test]
fn dragging_an_endpoint_moves_it_and_the_search_follows() {
    let rows = ["......", "..#...", "......"];
    let mut app = app_with(map_setup(&rows, (0, 0), (5, 2)), Duration::from_millis(10));
    let before = path(&app).searches;
    app.act(Action::DragEndpoint { end: true, to: (5, 0) });
    let sel = app.world().resource::<Selection>().clone();
    assert_eq!((sel.start, sel.end), (Some((0, 0)), Some((5, 0))));
    let moved = path(&app);
    assert!(moved.searches > before);
    assert_eq!(moved.cells.last(), Some(&(5, 0)));
    assert_eq!(moved.cost, Some(5.0));
    // back over the cell it already stands on: nothing changes, the search does not run again
    app.act(Action::DragEndpoint { end: true, to: (5, 0) });
    assert_eq!(path(&app).searches, moved.searches);
    // onto a barrier or onto the other endpoint: the endpoint waits where it is
    app.act(Action::DragEndpoint { end: true, to: (2, 1) });
    app.act(Action::DragEndpoint { end: false, to: (5, 0) });
    let sel = app.world().resource::<Selection>().clone();
    assert_eq!((sel.start, sel.end), (Some((0, 0)), Some((5, 0))));
    app.act(Action::DragEndpoint { end: false, to: (1, 2) });
    assert_eq!(app.world().resource::<Selection>().start, Some((1, 2)));
    assert_eq!(path(&app).cells.first(), Some(&(1, 2)));
}

#[test]
fn an_agent_walks_an_any_angle_path_in_straight_lines() {
    use cubepath::engine::search::Algorithm;
    let rows = ["..#.......", "..........", "..........", ".........."];
    let mut app = app_with(map_setup(&rows, (0, 3), (9, 0)), Duration::from_millis(20));
    app.act(Action::Search(SearchOptions { algorithm: Algorithm::Theta, ..default() }));
    let p = path(&app);
    assert_eq!(p.corners, vec![(0, 3), (9, 0)]);
    assert!((p.cost.unwrap() - 90f64.sqrt()).abs() < 1e-9);
    // the cells under the segment, for the cubes: from start to end, each next to the last
    assert_eq!((p.cells.first(), p.cells.last()), (Some(&(0, 3)), Some(&(9, 0))));
    assert!(p.cells.windows(2).all(|w| w[0].0.abs_diff(w[1].0) <= 1 && w[0].1.abs_diff(w[1].1) <= 1));
    app.world_mut().resource_mut::<PlaySettings>().mode = WalkMode::Agent;
    app.act(Action::Walk);
    let (agent, _) = agent_state(&mut app);
    assert_eq!(agent.cells, vec![(0, 3), (9, 0)], "the agent walks the turning points");
    for _ in 0..400 {
        app.update();
        check_agent_between_waypoints(&mut app);
    }
    let (agent, t) = agent_state(&mut app);
    assert!(agent.arrived, "the agent did not arrive");
    let end = app.world().resource::<Board>().world((9, 0));
    assert!(Vec2::new(t.translation.x - end.x, t.translation.z - end.z).length() < 1e-3);
}

#[test]
fn ida_in_the_game_stops_at_its_limit_with_a_message() {
    use cubepath::engine::search::Algorithm;
    // a wall with a gap at the far end: IDA* re-expands the near side without end
    let mut wall = Grid::new(200, 200).unwrap();
    for y in 0..199 {
        wall.set(100, y, Cell::Blocked).unwrap();
    }
    let setup = GameSetup { grid: Some((wall, "wall".into())), start: Some((0, 0)), end: Some((199, 0)), ..default() };
    let mut app = Headless::new(setup, Duration::from_millis(10));
    app.frames(2);
    assert!(path(&app).found(), "A* goes round the wall");
    app.act(Action::Search(SearchOptions { algorithm: Algorithm::Ida, ..default() }));
    let p = path(&app);
    assert!(!p.found());
    assert_eq!(p.message, "ida stopped after 100000 expansions (its limit) without an answer");
    assert_eq!(p.expanded, 100_000);
}

#[test]
fn the_heat_map_shows_the_cost_to_the_goal_and_g() {
    use cubepath::game::logic::settings::{Heat, StepLayers};
    use cubepath::game::logic::stepview::{GoalField, StepView};
    let rows = ["......", "..#...", "......"];
    let mut app = app_with(map_setup(&rows, (0, 0), (5, 2)), Duration::from_millis(10));
    app.act(Action::ShowSteps(true));
    app.act(Action::StepLayers(StepLayers { arrows: true, heat: Heat::ToGoal }));
    let field = app.world().resource::<GoalField>().clone();
    let grid = app.world().resource::<Board>().grid.clone();
    let mut heated = 0;
    for (p, cell) in grid.cells() {
        if !cell.is_passable() {
            assert_eq!(field.at(p), None);
            continue;
        }
        let want = find_path(&grid, p, (5, 2), &SearchOptions::default()).unwrap().cost.unwrap();
        assert!((field.at(p).unwrap() - want).abs() < 1e-9, "{p:?}");
        // floor cubes off the path take the heat colour of their cost
        if ![(0, 0), (5, 2)].contains(&p) && path(&app).path_index(p).is_none() {
            assert!(cubes_with(&mut app, Look::heat(want, field.max)).contains(&p), "{p:?}");
            heated += 1;
        }
    }
    assert!(heated >= 8, "{heated}");
    // by hand: the farthest cost is the start's, over the top, 3 + 2 sqrt 2 = 5.83; (0,1) costs
    // sqrt 2 + 4 = 5.41 below the block, 0.93 of it: level 8 of 0..9; (5,1) costs 1: level 2
    assert!((field.max - (3.0 + 2.0 * 2f64.sqrt())).abs() < 1e-9);
    assert!(cubes_with(&mut app, Look::Heat(8)).contains(&(0, 1)));
    assert!(cubes_with(&mut app, Look::Heat(2)).contains(&(5, 1)));
    // g: reached cells at the shown step, scaled to the largest g of the search
    app.act(Action::StepLayers(StepLayers { arrows: false, heat: Heat::G }));
    app.act(Action::SeekStep(3));
    let (max_g, g11) = {
        let step = app.world().resource::<StepView>();
        (step.max_g, step.label((1, 1)).map(|l| l.g))
    };
    assert!(max_g > 0.0);
    assert_eq!(g11, Some(2f64.sqrt()), "(1,1) is reached diagonally within three expansions");
    assert!(cubes_with(&mut app, Look::heat(2f64.sqrt(), max_g)).contains(&(1, 1)));
    assert!(app.world().resource::<GoalField>().costs.is_empty(), "the field is dropped when not shown");
    app.act(Action::StepLayers(StepLayers::default()));
    assert!(cubes_with(&mut app, Look::Heat(0)).is_empty() && cubes_with(&mut app, Look::Heat(9)).is_empty());
}

#[test]
fn save_trace_writes_the_search_as_json() {
    let rows = ["......", "..#...", "......"];
    let mut app = app_with(map_setup(&rows, (0, 0), (5, 2)), Duration::from_millis(10));
    let file = std::env::temp_dir().join(format!("cubepath-trace-{}.json", std::process::id()));
    app.act(Action::SaveTrace(file.display().to_string()));
    let json = std::fs::read_to_string(&file).unwrap();
    std::fs::remove_file(&file).unwrap();
    assert_eq!(json.matches("{\"cell\": ").count(), path(&app).expanded);
    assert!(json.contains("\"start\": [0, 0], \"goal\": [5, 2]"));
    assert!(app.world().resource::<Status>().0.starts_with("saved "), "{}", app.world().resource::<Status>().0);
    // an algorithm that runs whole has no trace: a message, no file
    app.act(Action::Search(SearchOptions { algorithm: cubepath::engine::search::Algorithm::Ida, ..default() }));
    app.act(Action::SaveTrace(file.display().to_string()));
    assert!(!file.exists());
    assert!(app.world().resource::<Status>().0.contains("step by step"), "{}", app.world().resource::<Status>().0);
    // named for Posthoc: its trace, and the board beside it as a .map
    app.act(Action::Search(SearchOptions::default()));
    let dir = std::env::temp_dir().join(format!("cubepath-posthoc-game-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    app.act(Action::SaveTrace(dir.join("search.trace.json").display().to_string()));
    let trace = std::fs::read_to_string(dir.join("search.trace.json")).unwrap();
    assert!(trace.starts_with("{\"version\": \"1.4.0\","), "{trace}");
    assert_eq!(trace.matches("\"type\": \"expanding\"").count(), path(&app).expanded);
    assert!(
        trace.contains(r#"{"type": "source", "id": 0, "x": 0, "y": 0}"#) && trace.contains(r#""type": "end", "id": 17, "x": 5, "y": 2"#)
    );
    let map = std::fs::read_to_string(dir.join("search.map")).unwrap();
    assert_eq!(map, cubepath::engine::files::write_map(&app.world().resource::<Board>().grid));
    let _ = std::fs::remove_dir_all(&dir);
}

/// The least cost from `start` to every cell of a uniform grid under the default rule, written
/// from the rule (8 neighbours, a diagonal only when both cells beside it are open; straight 1,
/// diagonal sqrt 2), not from the engine: the race's costs are checked against it.
fn oracle_costs(grid: &Grid, start: Pos) -> Vec<f64> {
    unit_oracle(grid, 1, start) // a walker of one cell: the same rule
}

#[test]
fn the_race_gives_every_lane_the_same_expansions_and_marks_the_winner() {
    use cubepath::engine::search::Algorithm;
    use cubepath::game::logic::race::Race;
    use cubepath::game::logic::settings::RaceSettings;
    // a wall the direct line runs into: greedy heads for it, A* looks past it
    let rows = [
        "..............",
        "..............",
        "......#.......",
        "......#.......",
        "......#.......",
        "......#.......",
        "......#.......",
        "..............",
    ];
    let mut setup = map_setup(&rows, (1, 4), (12, 4));
    setup.race = Some(RaceSettings::build_up());
    let mut app = app_with(setup, Duration::from_millis(10));
    let grid = app.world().resource::<Board>().grid.clone();
    let optimum = oracle_costs(&grid, (1, 4))[4 * 14 + 12];
    let lanes = |app: &Headless| {
        let race = app.world().resource::<Race>();
        race.lanes.iter().map(|l| (l.algorithm, l.view.shown, l.view.steps.len(), l.cost)).collect::<Vec<_>>()
    };
    let algorithms: Vec<Algorithm> = lanes(&app).iter().map(|l| l.0).collect();
    assert_eq!(algorithms, vec![Algorithm::Bfs, Algorithm::Dijkstra, Algorithm::Greedy, Algorithm::AStar]);
    assert!(lanes(&app).iter().all(|l| l.1 == 0), "the race starts at 0 expansions");
    // Space: one more expansion in every lane, until a lane has none left
    for k in 1..=12 {
        app.press(KeyCode::Space);
        for (a, shown, len, _) in lanes(&app) {
            assert_eq!(shown, k.min(len), "{a} after {k} steps");
        }
    }
    assert!(app.world().resource::<Race>().winners().is_empty(), "no winner before anyone arrives");
    // play to the end at 1000 expansions a second
    app.act(Action::StepRate(1000.0));
    app.act(Action::RunSteps(true));
    app.frames(200);
    let race = app.world().resource::<Race>();
    assert!(!race.running && race.shown == race.len());
    let cost = |a: Algorithm| race.lanes.iter().find(|l| l.algorithm == a).unwrap().cost.unwrap();
    let finish = |a: Algorithm| race.lanes.iter().find(|l| l.algorithm == a).unwrap().finish().unwrap();
    assert!((cost(Algorithm::Dijkstra) - optimum).abs() < 1e-9, "dijkstra {} vs {optimum}", cost(Algorithm::Dijkstra));
    assert!((cost(Algorithm::AStar) - optimum).abs() < 1e-9, "astar {} vs {optimum}", cost(Algorithm::AStar));
    assert!(cost(Algorithm::Greedy) > optimum + 0.1, "greedy pays for ignoring g here");
    assert!(finish(Algorithm::AStar) < finish(Algorithm::Dijkstra));
    assert!(finish(Algorithm::Greedy) < finish(Algorithm::AStar));
    let names = |v: Vec<usize>| v.into_iter().map(|i| race.lanes[i].algorithm).collect::<Vec<_>>();
    assert_eq!(names(race.winners()), vec![Algorithm::AStar], "the cheapest path in the fewest expansions");
    assert_eq!(names(race.first_home()), vec![Algorithm::Greedy]);
    for lane in &race.lanes {
        assert!(lane.shows_path());
        assert_eq!((lane.path.first(), lane.path.last()), (Some(&(1, 4)), Some(&(12, 4))));
        assert!(lane.path.windows(2).all(|w| w[0].0.abs_diff(w[1].0) <= 1 && w[0].1.abs_diff(w[1].1) <= 1 && w[0] != w[1]));
        assert!(lane.path.iter().all(|&(x, y)| grid.is_passable(x, y)));
    }
    // scrubbing back shows every lane at that step again
    app.act(Action::SeekStep(5));
    assert!(lanes(&app).iter().all(|l| l.1 == 5));
    // a barrier painted on the board re-runs the race from the start
    app.act(Action::ToggleBarrier((6, 7)));
    let race = app.world().resource::<Race>();
    assert_eq!(race.shown, 0);
    let wall_closed = oracle_costs(&app.world().resource::<Board>().grid, (1, 4))[4 * 14 + 12];
    assert!((race.lanes[3].cost.unwrap() - wall_closed).abs() < 1e-9);
}

#[test]
fn a_race_lane_stops_at_its_limit_with_a_message() {
    use cubepath::engine::search::Algorithm;
    use cubepath::game::logic::race::{RACE_LIMIT, Race};
    use cubepath::game::logic::settings::RaceSettings;
    let setup =
        GameSetup { grid: Some((Grid::new(512, 512).unwrap(), "open".into())), start: Some((0, 0)), end: Some((511, 511)), ..default() };
    let mut app = Headless::new(setup, Duration::from_millis(10));
    app.frames(2);
    let t = std::time::Instant::now();
    app.act(Action::Race(RaceSettings { on: true, algorithms: vec![Algorithm::Dijkstra, Algorithm::AStar] }));
    eprintln!("recording the race took {:?}", t.elapsed());
    let race = app.world().resource::<Race>();
    let (dijkstra, astar) = (&race.lanes[0], &race.lanes[1]);
    assert_eq!(dijkstra.view.steps.len(), RACE_LIMIT);
    assert_eq!(dijkstra.cost, None);
    assert_eq!(dijkstra.message.as_deref(), Some("stopped at the race's limit of 200000 expansions"));
    assert!((astar.cost.unwrap() - 511.0 * std::f64::consts::SQRT_2).abs() < 1e-6);
    assert!(astar.message.is_none());
    // switched off: the lanes are forgotten
    app.act(Action::Race(RaceSettings { on: false, algorithms: vec![Algorithm::Dijkstra, Algorithm::AStar] }));
    assert!(app.world().resource::<Race>().is_empty());
}

/// The least cost for a square walker `k` cells a side, named by its top-left cell, from
/// `start` to every anchor, written from the rule (the whole square on the board and open; a
/// diagonal step only when the two straight steps beside it are open too, so no square cuts a
/// corner), not from the engine's clearance.
fn unit_oracle(grid: &Grid, k: usize, start: Pos) -> Vec<f64> {
    let (w, h) = (grid.width() as i64, grid.height() as i64);
    let fits = |x: i64, y: i64| {
        x >= 0
            && y >= 0
            && x + k as i64 <= w
            && y + k as i64 <= h
            && (0..k * k).all(|d| grid.is_passable(x as usize + d % k, y as usize + d / k))
    };
    let mut dist = vec![f64::INFINITY; (w * h) as usize];
    let mut done = vec![false; dist.len()];
    dist[start.1 * w as usize + start.0] = 0.0;
    while let Some(i) = (0..dist.len()).filter(|&i| !done[i] && dist[i].is_finite()).min_by(|&a, &b| dist[a].total_cmp(&dist[b])) {
        done[i] = true;
        let (x, y) = (i as i64 % w, i as i64 / w);
        for (dx, dy) in [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)] {
            let (nx, ny) = (x + dx, y + dy);
            if !fits(nx, ny) || (dx != 0 && dy != 0 && !(fits(x + dx, y) && fits(x, y + dy))) {
                continue;
            }
            let step = if dx != 0 && dy != 0 { std::f64::consts::SQRT_2 } else { 1.0 };
            let j = (ny * w + nx) as usize;
            dist[j] = dist[j].min(dist[i] + step);
        }
    }
    dist
}

/// A 2 x 2 walker: its path keeps its whole square off barriers (the narrow gap is for 1 x 1
/// walkers only) at the least cost for its size, the shown path covers its square, and the
/// agent walks it at its square's centre, never over a barrier; on hex cells it is refused.
#[test]
fn a_two_by_two_walker_keeps_its_square_off_barriers() {
    use cubepath::game::logic::agent::Agent;
    use cubepath::game::logic::settings::UnitSize;
    let rows = [
        "................",
        "................",
        "#######.####..##",
        "................",
        "................",
        "................",
        "###########..###",
        "................",
        "................",
    ];
    let mut app = app_with(map_setup(&rows, (2, 0), (2, 7)), Duration::from_millis(20));
    let grid = app.world().resource::<Board>().grid.clone();
    let small = path(&app);
    assert!(small.cells.contains(&(7, 2)), "a 1 x 1 walker takes the narrow gap");
    app.act(Action::UnitSize(2));
    let big = path(&app);
    let optimum = unit_oracle(&grid, 2, (2, 0))[7 * 16 + 2];
    assert!(optimum.is_finite() && optimum > small.cost.unwrap() + 1.0);
    assert!((big.cost.unwrap() - optimum).abs() < 1e-9, "{:?} against {optimum}", big.cost);
    assert_eq!((big.cells.first(), big.cells.last()), (Some(&(2, 0)), Some(&(2, 7))));
    for &(x, y) in &big.cells {
        assert!((0..4).all(|d| grid.is_passable(x + d % 2, y + d / 2)), "its square at {x},{y} is over a barrier");
        assert!(big.path_index((x + 1, y + 1)).is_some(), "the shown path covers the square at {x},{y}");
    }
    assert!(big.path_index((7, 2)).is_none(), "no 2 x 2 square through the narrow gap");
    // the agent walks it, its square never over a barrier, and stands at the square's centre
    app.act(Action::Play(PlaySettings { mode: WalkMode::Agent, agent_speed: 20.0, ..default() }));
    app.act(Action::Walk);
    let mut arrived = false;
    for _ in 0..600 {
        app.update();
        let mut q = app.world_mut().query::<(&Agent, &Transform)>();
        let Ok((agent, at)) = q.single(app.world()) else { continue };
        let (x, y) = agent.last;
        assert_eq!(agent.size, 2);
        assert!((0..4).all(|d| grid.is_passable(x + d % 2, y + d / 2)), "the agent's square at {x},{y} is over a barrier");
        if agent.arrived {
            let board = app.world().resource::<Board>();
            let centre = (board.world((2, 7)) + board.world((3, 8))) / 2.0;
            assert!((at.translation.xz() - centre.xz()).length() < 1e-3, "{} against {centre}", at.translation);
            arrived = true;
            break;
        }
    }
    assert!(arrived, "the 2 x 2 agent did not arrive");
    assert_eq!(*app.world().resource::<UnitSize>(), UnitSize(2));
    // hex cells: refused with the reason
    app.act(Action::Search(SearchOptions { topology: Topology::Hex, ..default() }));
    assert!(!path(&app).found() && path(&app).message.contains("hex"), "{}", path(&app).message);
}

/// A race of A* and `second` on a 40 x 40 board walled down the middle with a gap at the
/// bottom, from (2, 3) to (37, 5), run to its end, after `second` is seen to keep its lane;
/// the app, the board and its least cost (the oracle's), and the lanes' steps afterwards.
fn race_on_the_walled_board(second: cubepath::engine::search::Algorithm) -> (Headless, Grid, f64) {
    use cubepath::engine::search::Algorithm;
    use cubepath::game::logic::settings::RaceSettings;
    let mut grid = Grid::new(40, 40).unwrap();
    for y in 0..36 {
        grid.set(20, y, Cell::Blocked).unwrap(); // a wall with a gap at the bottom
    }
    let setup = GameSetup { grid: Some((grid.clone(), "walled".into())), start: Some((2, 3)), end: Some((37, 5)), ..default() };
    let mut app = Headless::new(setup, Duration::from_millis(10));
    app.frames(2);
    let optimum = oracle_costs(&grid, (2, 3))[5 * 40 + 37];
    let racing = RaceSettings { on: true, algorithms: vec![Algorithm::AStar, second] };
    assert_eq!(racing.clamped(), racing, "{second} keeps its lane");
    app.act(Action::Race(racing));
    app.act(Action::StepRate(1000.0));
    app.act(Action::RunSteps(true));
    app.frames(200);
    (app, grid, optimum)
}

/// Each step of `path` one of the board's moves (no corner cut) onto a free cell.
fn board_moves(grid: &Grid, path: &[Pos]) -> bool {
    path.windows(2).all(|w| {
        let ((ax, ay), (bx, by)) = (w[0], w[1]);
        ax.abs_diff(bx) <= 1
            && ay.abs_diff(by) <= 1
            && w[0] != w[1]
            && grid.is_passable(bx, by)
            && (ax == bx || ay == by || (grid.is_passable(ax, by) && grid.is_passable(bx, ay)))
    })
}

/// The step view records `algorithm` as its race lane did: the same expansions.
fn step_view_matches_the_lane(app: &mut Headless, algorithm: cubepath::engine::search::Algorithm, lane: &[Pos]) {
    use cubepath::game::logic::settings::RaceSettings;
    use cubepath::game::logic::stepview::StepView;
    app.act(Action::Race(RaceSettings { on: false, ..app.world().resource::<RaceSettings>().clone() }));
    app.act(Action::Search(SearchOptions { algorithm, ..default() }));
    app.act(Action::ShowSteps(true));
    let view = app.world().resource::<StepView>();
    assert_eq!(view.steps.iter().map(|s| s.current).collect::<Vec<_>>(), lane);
}

/// The step view keeps the searcher it records the graph kinds with: a moved end is recorded
/// from the subgoal graph already made (not prepared again), and an edit on the way is never
/// searched from a stale graph: after the edits and after their undo, the record is the one a
/// fresh step view makes, and the undo gives the first cost back. HPA* the same, through its
/// kept clusters.
#[test]
fn the_step_view_keeps_its_graphs_between_recordings_and_follows_edits() {
    use cubepath::engine::search::Algorithm;
    use cubepath::game::logic::stepview::StepView;
    let mut grid = Grid::new(40, 40).unwrap();
    for y in 0..36 {
        grid.set(20, y, Cell::Blocked).unwrap(); // a wall with a gap at the bottom
    }
    for algorithm in [Algorithm::Subgoal, Algorithm::Hpa] {
        let setup = GameSetup { grid: Some((grid.clone(), "walled".into())), start: Some((2, 3)), end: Some((37, 5)), ..default() };
        let mut app = Headless::new(setup, Duration::from_millis(10));
        app.frames(2);
        app.act(Action::Search(SearchOptions { algorithm, ..default() }));
        app.act(Action::ShowSteps(true));
        let kept = |app: &Headless| {
            let view = app.world().resource::<StepView>();
            let graph = match algorithm {
                Algorithm::Subgoal => view.graphs.kept_prepared().map(|p| p as *const _ as usize),
                _ => view.graphs.kept_hierarchy().map(|h| h as *const _ as usize),
            };
            (graph.expect("a kept graph"), view.steps.len())
        };
        let (made, _) = kept(&app);
        app.act(Action::DragEndpoint { end: true, to: (37, 9) });
        assert_eq!(app.world().resource::<Selection>().end, Some((37, 9)));
        let (again, steps) = kept(&app);
        assert!(steps > 2, "{algorithm}: recorded again");
        assert_eq!(again, made, "{algorithm}: a moved end records from the graph already made");
        // the gap walled: the way is over the top now; the record is a fresh step view's
        let first = path(&app).cost.expect("a way through the gap");
        for y in [36, 37, 38, 39, 0] {
            app.act(Action::ToggleBarrier((20, y)));
        }
        let fresh = |app: &Headless| {
            let board = app.world().resource::<Board>();
            let mut fresh = StepView::default();
            fresh.record(board, (2, 3), (37, 9), &cubepath::game::logic::search::game_options(&SearchOptions { algorithm, ..default() }));
            fresh.steps.iter().map(|s| (s.current, s.pushes.len())).collect::<Vec<_>>()
        };
        let recorded =
            |app: &Headless| app.world().resource::<StepView>().steps.iter().map(|s| (s.current, s.pushes.len())).collect::<Vec<_>>();
        // HPA*'s clusters brought up to date record as fresh ones do; the subgoal graph is
        // repaired (not prepared again per stroke), a graph of its own that must read the board
        // as it is now: every cell it records open, its answer the least cost (below)
        let follows = |app: &Headless, what: &str| match algorithm {
            Algorithm::Subgoal => {
                let view = app.world().resource::<StepView>();
                assert!(view.graphs.kept_prepared().expect("a kept graph").repairs() >= 1, "{what}: prepared again, not repaired");
                let board = &app.world().resource::<Board>().grid;
                let cells = view.steps.iter().flat_map(|s| std::iter::once(s.current).chain(s.pushes.iter().map(|p| p.cell)));
                assert!(cells.into_iter().all(|c| board.is_passable(c.0, c.1)), "{what}: a recorded cell is a barrier now");
            }
            _ => assert_eq!(recorded(app), fresh(app), "{algorithm}: the kept graph followed {what}"),
        };
        follows(&app, "the edits");
        let board = app.world().resource::<Board>().grid.clone();
        let optimum = oracle_costs(&board, (2, 3))[9 * 40 + 37];
        let now = path(&app);
        assert!(board_moves(&board, &now.cells), "{algorithm}: a step crosses the new wall");
        let cost = now.cost.expect("a way over the top");
        let most = if algorithm == Algorithm::Subgoal { optimum + 1e-9 } else { optimum * 1.15 };
        assert!(cost >= optimum - 1e-9 && cost <= most, "{algorithm}: {cost} against the rules' {optimum}");
        for _ in 0..5 {
            app.act(Action::Undo);
        }
        follows(&app, "the undo");
        assert!((path(&app).cost.unwrap() - first).abs() < 1e-9, "{algorithm}: undone, the first cost");
    }
}

/// The subgoal graph races and steps: its lane records its search (the start's and end's
/// joins, then subgoals), far fewer steps than A*'s, and ends with the least cost.
#[test]
fn the_subgoal_graph_races_and_steps_through_its_search() {
    use cubepath::engine::search::{Algorithm, prepare};
    use cubepath::game::logic::race::Race;
    let (mut app, grid, optimum) = race_on_the_walled_board(Algorithm::Subgoal);
    let race = app.world().resource::<Race>();
    let (astar, lane) = (&race.lanes[0], &race.lanes[1]);
    assert!(lane.message.is_none(), "{:?}", lane.message);
    assert!(!lane.view.by_jumps, "a walled board keeps its graph");
    let steps: Vec<Pos> = lane.view.steps.iter().map(|s| s.current).collect();
    assert!(steps.len() > 2 && steps.len() * 5 < astar.view.steps.len(), "subgoals {} steps, A* {}", steps.len(), astar.view.steps.len());
    // the start's and the end's joins, then subgoals only: the corners at the wall's gap
    assert_eq!((steps[0], steps[1]), ((2, 3), (37, 5)));
    let subgoals: Vec<Pos> = prepare(&grid).unwrap().subgoal_cells().collect();
    assert!(steps[2..].iter().all(|s| subgoals.contains(s)), "{steps:?}");
    let cost = lane.cost.unwrap();
    assert!((cost - optimum).abs() < 1e-9, "the subgoal graph's {cost} against the least {optimum}");
    assert!(board_moves(&grid, &lane.path));
    assert!(race.winners().contains(&1), "the least cost in the fewest steps");
    step_view_matches_the_lane(&mut app, Algorithm::Subgoal, &steps);
}

/// On a board of scattered obstacles the subgoal graph would not pay, and the engine answers
/// by JPS+: the step view then shows JPS+'s own steps (the jump points it expands), not an
/// empty graph search, and its cost is the least.
#[test]
fn the_step_view_shows_jps_plus_where_the_subgoal_graph_would_not_pay() {
    use cubepath::engine::grid::random_grid;
    use cubepath::engine::search::{Algorithm, prepare};
    use cubepath::game::logic::search::game_options;
    use cubepath::game::logic::stepview::StepView;
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed >> 11) as f64 / (1u64 << 53) as f64
    };
    let mut grid = random_grid(320, 320, 0.1, &mut next).unwrap();
    grid.set(3, 4, Cell::FLOOR).unwrap();
    grid.set(300, 310, Cell::FLOOR).unwrap();
    assert!(prepare(&grid).unwrap().uses_jump_table());
    let board = Board { grid: grid.clone(), ..Board::default() };
    let record = |algorithm| {
        let mut view = StepView::default();
        let found =
            view.record_limited(&board, (3, 4), (300, 310), &game_options(&SearchOptions { algorithm, ..default() }), 100_000).unwrap();
        (view.steps.iter().map(|s| s.current).collect::<Vec<_>>(), found.cost, view.by_jumps)
    };
    let (steps, cost, by_jumps) = record(Algorithm::Subgoal);
    assert!(by_jumps, "the panel is told the board is answered by JPS+");
    assert!(steps.len() > 10, "{} steps", steps.len());
    assert_eq!((steps, cost, false), record(Algorithm::JpsPlus), "JPS+'s own steps");
    let optimum = oracle_costs(&grid, (3, 4))[310 * 320 + 300];
    assert!((cost.unwrap() - optimum).abs() < 1e-9, "{cost:?} against the rules' {optimum}");
}

/// HPA* races and steps too: its lane records the abstract search (the start, entrances, the
/// end), far fewer steps than A*'s, and ends with a path of the board's moves that costs at
/// least the optimum (the oracle's) and wins only if it costs no more than A*'s.
#[test]
fn hpa_races_and_steps_through_its_abstract_search() {
    use cubepath::engine::search::Algorithm;
    use cubepath::game::logic::race::Race;
    let (mut app, grid, optimum) = race_on_the_walled_board(Algorithm::Hpa);
    let race = app.world().resource::<Race>();
    let (astar, hpa) = (&race.lanes[0], &race.lanes[1]);
    assert!(hpa.message.is_none(), "{:?}", hpa.message);
    let steps: Vec<Pos> = hpa.view.steps.iter().map(|s| s.current).collect();
    assert!(!steps.is_empty() && steps.len() * 5 < astar.view.steps.len(), "HPA* {} steps, A* {}", steps.len(), astar.view.steps.len());
    assert_eq!((steps[0], *steps.last().unwrap()), ((2, 3), (37, 5)));
    let cost = hpa.cost.unwrap();
    assert!(cost >= optimum - 1e-9 && cost <= optimum * 1.2, "HPA* {cost} against {optimum}");
    assert!(hpa.path.iter().all(|&(x, y)| grid.is_passable(x, y)) && board_moves(&grid, &hpa.path));
    let winners = race.winners();
    assert_eq!(winners.contains(&1), cost <= astar.cost.unwrap() + 1e-9, "HPA* wins only with the cheapest path");
    assert!(!winners.is_empty());
    step_view_matches_the_lane(&mut app, Algorithm::Hpa, &steps);
}

#[test]
fn a_crowd_wanders_gathers_and_obeys_without_conflicts() {
    use cubepath::engine::crowd::CrowdKind;
    use cubepath::engine::crowd::{AgentState, CrowdMode};
    use cubepath::game::logic::crowd::{CrowdState, board_crowd};
    use cubepath::game::logic::settings::CrowdSettings;
    let mut app = app_with(random_setup(20, 20, 15.0, 4), Duration::from_millis(50));
    let settings = CrowdSettings { agents: 60, ticks_per_second: 20.0, ..default() };
    app.act(Action::Crowd(settings));
    let crowd = |app: &mut Headless| {
        let selected = app.world().resource::<CrowdState>().selected;
        let c = board_crowd(app.world_mut()).expect("a crowd");
        (c.agents().to_vec(), *c.stats(), c.mode(), c.check(), selected)
    };
    assert_eq!(crowd(&mut app).0.len(), 60);
    for _ in 0..200 {
        app.update();
        let (_, _, _, problems, _) = crowd(&mut app);
        assert!(problems.is_empty(), "{problems:?}");
    }
    // Z stands the crowd still (from the next frame), the next Z lets it go on
    app.press(KeyCode::KeyZ);
    let paused = crowd(&mut app).1.ticks;
    app.frames(20);
    assert_eq!(crowd(&mut app).1.ticks, paused, "paused: no tick");
    app.press(KeyCode::KeyZ);
    app.frames(3);
    assert!(crowd(&mut app).1.ticks > paused);
    let (agents, stats, ..) = crowd(&mut app);
    assert!(stats.ticks >= 190, "20 ticks a second for 10 s: {} ticks", stats.ticks);
    assert!(stats.arrivals > 0);
    let positions: std::collections::HashSet<Pos> = agents.iter().map(|a| a.pos).collect();
    assert_eq!(positions.len(), 60, "one agent a cell");
    // a barrier painted under an agent: the agent is lifted to a free cell, the crowd sees the edit
    let under = agents[0].pos;
    app.act(Action::ToggleBarrier(under));
    let board = app.world().resource::<Board>().grid.clone();
    assert!(!board.is_passable(under.0, under.1), "the barrier was painted");
    let c = board_crowd(app.world_mut()).unwrap();
    assert!(c.check().is_empty() && c.agent_at(under).is_none());
    assert!(board.cells().all(|((x, y), cell)| c.grid().get(x, y) == Some(cell)), "the crowd follows the board");
    // gather: a click sets where every agent heads, not the start or the end
    let before = app.world().resource::<Selection>().clone();
    app.act(Action::Crowd(CrowdSettings { clicks: CrowdKind::Gather, ..settings }));
    let goal = board.cells().find(|(p, c)| c.is_passable() && p.0 >= 10 && p.1 >= 10).unwrap().0;
    app.act(Action::Select(goal));
    assert_eq!(crowd(&mut app).2, CrowdMode::Gather(goal));
    assert_eq!(*app.world().resource::<Selection>(), before, "the click steered the crowd only");
    app.frames(300);
    let (agents, ..) = crowd(&mut app);
    assert!(agents.iter().any(|a| a.pos == goal));
    assert!(agents.iter().filter(|a| a.state == AgentState::Arrived).count() >= 40);
    // command: pick an agent, send it to a free cell, it walks there
    app.act(Action::Crowd(CrowdSettings { clicks: CrowdKind::Command, ..settings }));
    let picked = crowd(&mut app).0[7].pos;
    app.act(Action::Select(picked));
    assert_eq!(crowd(&mut app).4, Some(7));
    let target = board.cells().find(|(p, c)| c.is_passable() && !crowd(&mut app).0.iter().any(|a| a.pos == *p) && p.0 < 5).unwrap().0;
    app.act(Action::Select(target));
    assert_eq!(crowd(&mut app).0[7].goal, target);
    app.frames(400);
    assert_eq!(crowd(&mut app).0[7].pos, target, "the sent agent arrived");
    // no crowd, and a crowd too large for the board: a message, no crowd
    app.act(Action::Crowd(CrowdSettings { agents: 0, ..settings }));
    assert!(board_crowd(app.world_mut()).is_none());
    let mut tiny = app_with(map_setup(&["...", ".#."], (0, 0), (2, 1)), Duration::from_millis(50));
    tiny.act(Action::Crowd(CrowdSettings { agents: 9, ..settings }));
    assert!(board_crowd(tiny.world_mut()).is_none());
    assert_eq!(tiny.world().resource::<Status>().0, "crowd: 9 agents do not fit: there is room for 5 (one per free cell, at most 100000)");
}

#[test]
fn a_crowd_is_planned_together_from_a_click_and_from_a_scenario() {
    use cubepath::engine::{
        crowd::{AgentState, CrowdKind, CrowdMode},
        files::load_scen,
    };
    use cubepath::game::logic::crowd::board_crowd;
    use cubepath::game::logic::settings::CrowdSettings;
    let mut app = app_with(random_setup(24, 24, 15.0, 6), Duration::from_millis(50));
    let settings = CrowdSettings { agents: 80, clicks: CrowdKind::Together, ticks_per_second: 20.0, ..default() };
    app.act(Action::Crowd(settings));
    let joint = |app: &mut Headless| {
        let c = board_crowd(app.world_mut()).expect("a crowd");
        (c.joint().cloned().expect("a joint plan"), c.agents().to_vec(), c.mode())
    };
    let (stats, ..) = joint(&mut app);
    assert!(stats.solved && stats.agents == 80 && stats.sum_of_costs >= stats.lower_bound, "{stats:?}");
    // a click: every agent to the cells around it, not the start or the end
    let before = app.world().resource::<Selection>().clone();
    let board = app.world().resource::<Board>().grid.clone();
    let centre = board.cells().find(|(p, c)| c.is_passable() && p.0 >= 12 && p.1 >= 12).unwrap().0;
    app.act(Action::Select(centre));
    assert_eq!(*app.world().resource::<Selection>(), before, "the click steered the crowd only");
    let (stats, agents, mode) = joint(&mut app);
    assert_eq!(mode, CrowdMode::Together);
    assert!(stats.solved);
    assert!(agents.iter().any(|a| a.goal == centre));
    app.frames(stats.makespan * 3 + 20);
    let (_, agents, _) = joint(&mut app);
    assert!(agents.iter().all(|a| a.state == AgentState::Arrived && a.pos == a.goal), "every agent arrived");
    // a scenario from Maps, on its own map: its agents on their starts, planned to their goals
    let dir = format!("{}/assets/maps/mapf", std::env::var("CARGO_MANIFEST_DIR").expect("run by cargo"));
    let read = |name: &str| std::fs::read(format!("{dir}/{name}")).unwrap();
    app.act(Action::LoadMap { name: "random-32-32-10-random-1.scen".into(), bytes: read("random-32-32-10-random-1.scen") });
    assert!(app.world().resource::<Status>().0.contains("the scenario is for a 32 x 32 map, the board is 24 x 24"));
    // (with no crowd first: the scenario makes a new one)
    app.act(Action::Crowd(CrowdSettings { agents: 0, ..settings }));
    assert!(board_crowd(app.world_mut()).is_none());
    app.act(Action::LoadMap { name: "random-32-32-10.map".into(), bytes: read("random-32-32-10.map") });
    app.act(Action::LoadMap { name: "random-32-32-10-random-1.scen".into(), bytes: read("random-32-32-10-random-1.scen") });
    let problems = load_scen(format!("{dir}/random-32-32-10-random-1.scen").as_ref()).unwrap();
    let (stats, agents, _) = joint(&mut app);
    assert_eq!(stats.agents, 461);
    assert!(stats.solved, "{stats:?}");
    assert!(agents.iter().zip(&problems).all(|(a, p)| a.goal == p.goal));
    assert!(app.world().resource::<Status>().0.starts_with("the scenario's 461 agents planned together in"));
    app.frames(stats.makespan * 3 + 20);
    let (_, agents, _) = joint(&mut app);
    assert!(agents.iter().zip(&problems).all(|(a, p)| a.pos == p.goal), "every agent on its goal");
}

#[test]
fn undo_and_redo_take_back_strokes_moves_and_boards() {
    use cubepath::game::logic::history::{History, MAX_UNDO};
    let mut app = app_with(random_setup(16, 16, 0.0, 3), Duration::from_millis(50));
    let board = |app: &Headless| app.world().resource::<Board>().grid.clone();
    let ends = |app: &Headless| {
        let s = app.world().resource::<Selection>();
        (s.start, s.end)
    };
    let (original, original_ends) = (board(&app), ends(&app));
    // a stroke over five cells is one step
    app.world_mut().write_message(Action::BeginStroke);
    for x in 3..8 {
        app.world_mut().write_message(Action::Paint((x, 5), true));
        app.frames(1);
    }
    assert_eq!(board(&app).cells().filter(|(_, c)| !c.is_passable()).count(), 5);
    // an endpoint dragged over three cells is one step
    for x in 1..4 {
        app.act(Action::DragEndpoint { end: false, to: (x, 9) });
    }
    assert_eq!(ends(&app).0, Some((3, 9)));
    app.act(Action::Undo);
    assert_eq!(ends(&app), original_ends, "the drag went back in one step");
    // Ctrl+Z is undo, Ctrl+Shift+Z redo (Z alone pauses)
    app.world_mut().resource_mut::<ButtonInput<KeyCode>>().press(KeyCode::ControlLeft);
    app.press(KeyCode::KeyZ);
    assert_eq!(board(&app), original, "the stroke went back in one step");
    app.world_mut().resource_mut::<ButtonInput<KeyCode>>().press(KeyCode::ShiftLeft);
    app.press(KeyCode::KeyZ);
    app.world_mut().resource_mut::<ButtonInput<KeyCode>>().release_all();
    assert_eq!(board(&app).cells().filter(|(_, c)| !c.is_passable()).count(), 5, "redone");
    app.act(Action::Redo);
    assert_eq!(ends(&app).0, Some((3, 9)));
    // a generated board of another size, then back
    app.act(Action::Generate(cubepath::engine::grid::MazeKind::Prim, BoardSettings { rows: 21, cols: 21, ..default() }));
    assert_eq!(board(&app).width(), 21);
    app.act(Action::Undo);
    assert_eq!(board(&app).width(), 16);
    assert_eq!(ends(&app).0, Some((3, 9)));
    // 150 random edits (toggles, clicks), all undone: the board as it began
    let before = (board(&app), ends(&app));
    let mut state = 7u64;
    let mut changes = 0;
    for _ in 0..150 {
        state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        let p = ((state >> 33) as usize % 16, (state >> 45) as usize % 16);
        let was = (board(&app), ends(&app));
        app.act(if state >> 63 == 1 { Action::ToggleBarrier(p) } else { Action::Select(p) });
        changes += usize::from((board(&app), ends(&app)) != was);
    }
    assert!(changes > 100, "{changes} of the edits changed something");
    for _ in 0..changes {
        app.act(Action::Undo);
    }
    assert_eq!((board(&app), ends(&app)), before, "every edit undone");
    app.act(Action::Undo);
    assert_eq!(board(&app).width(), 16, "nothing older than that but the first steps");
    assert!(app.world().resource::<History>().steps.undo.len() <= MAX_UNDO);
}

/// Found by the soak once it generated boards: a 14 x 1 cave board is all rock, and the game
/// put its start and end on barriers. A board with no floor cell is now refused, the board
/// kept; the command line refuses such a map unless it is given both endpoints.
#[test]
fn a_board_with_no_floor_cell_is_refused_and_the_board_kept() {
    use cubepath::cli::PlayArgs;
    use cubepath::engine::{files::board_code, grid::MazeKind};
    let mut app = app_with(random_setup(8, 8, 20.0, 3), Duration::from_millis(50));
    let (grid, selection) = (app.world().resource::<Board>().grid.clone(), app.world().resource::<Selection>().clone());
    let rock = BoardSettings { rows: 1, cols: 14, barrier_pct: 0.0, seed: 16706245530212030402 };
    app.act(Action::Generate(MazeKind::Caves, rock));
    let said = app.world().resource::<Status>().0.clone();
    assert_eq!(said, "caves, seed 16706245530212030402 has no floor cell, so nowhere to start or end: the board is kept");
    assert_eq!(app.world().resource::<Board>().grid, grid);
    assert_eq!(*app.world().resource::<Selection>(), selection);
    let walls = b"type octile\nheight 2\nwidth 3\nmap\n@@@\nTTT\n".to_vec();
    app.act(Action::LoadMap { name: "walls.map".into(), bytes: walls.clone() });
    assert!(app.world().resource::<Status>().0.starts_with("walls.map has no floor cell"));
    assert_eq!(app.world().resource::<Board>().grid, grid);
    let code = board_code(&cubepath::engine::files::read_map("walls.map", &walls).unwrap());
    let err = PlayArgs::from_query(&format!("b={code}")).unwrap().setup().unwrap_err();
    assert_eq!(err, format!("board:{code}: no floor cell, so nowhere to start or end (give --start and --end)"));
    assert!(PlayArgs::from_query(&format!("b={code}&start=0,0&end=2,1")).unwrap().setup().is_ok_and(|s| s.grid.is_some()));
}

#[test]
fn a_board_link_opens_the_same_board_endpoints_and_options() {
    use cubepath::cli::PlayArgs;
    use cubepath::engine::{
        grid::{CostModel, DiagonalRule, Heuristic, Topology},
        search::Algorithm,
    };
    use cubepath::game::logic::link::board_link;
    let mut app = app_with(random_setup(20, 30, 25.0, 11), Duration::from_millis(50));
    // terrain too, endpoints moved, options changed
    app.act(Action::Play(PlaySettings { brush: cubepath::game::logic::settings::Brush::Mud, ..default() }));
    app.act(Action::ToggleBarrier((4, 4)));
    let options = SearchOptions {
        algorithm: Algorithm::Greedy,
        topology: Topology::Square(DiagonalRule::Never),
        heuristic: Some(Heuristic::Euclidean),
        weight: 2.5,
        costs: CostModel::Tutorial,
        ..default()
    };
    app.act(Action::Search(options));
    let free: Vec<Pos> = app.world().resource::<Board>().grid.cells().filter(|(_, c)| c.is_passable()).map(|(p, _)| p).collect();
    app.act(Action::Select(free[7]));
    app.act(Action::Select(free[free.len() - 9]));
    let world = app.world();
    let (board, selection) = (world.resource::<Board>(), world.resource::<Selection>());
    let fragment = board_link(board, selection, &world.resource::<SearchSettings>().0);
    let (grid, ends) = (board.grid.clone(), (selection.start, selection.end));
    assert!(fragment.starts_with("b=") && fragment.len() < 600, "{fragment}");
    // the page opened with it: the same board, endpoints and options
    let args = PlayArgs::from_query(&format!("?&{fragment}")).unwrap();
    let opened = app_with(args.setup().unwrap(), Duration::from_millis(50));
    let world = opened.world();
    assert_eq!(world.resource::<Board>().grid, grid);
    let s = world.resource::<Selection>();
    assert_eq!((s.start, s.end), ends);
    assert_eq!(world.resource::<SearchSettings>().0, options);
    // a link cut short: the page says what is wrong and opens a board anyway (checked in the
    // browser test); the command line refuses it with the same words
    let cut = &fragment[..fragment.len() / 2];
    let err = PlayArgs::from_query(&format!("?{cut}")).unwrap().setup().unwrap_err();
    assert!(err.contains("cut short") || err.contains("checksum") || err.contains("long"), "{err}");
}

#[test]
fn help_shows_every_key_and_the_panel_scale_is_clamped() {
    use cubepath::game::logic::settings::HelpShown;
    let mut app = app_with(random_setup(8, 8, 10.0, 1), Duration::from_millis(50));
    let shown = |app: &Headless| app.world().resource::<HelpShown>().0;
    assert!(!shown(&app));
    app.press(KeyCode::KeyH);
    assert!(shown(&app), "H shows the help");
    app.press(KeyCode::KeyH);
    assert!(!shown(&app), "and hides it");
    app.world_mut().resource_mut::<ButtonInput<KeyCode>>().press(KeyCode::ShiftLeft);
    app.press(KeyCode::Slash);
    app.world_mut().resource_mut::<ButtonInput<KeyCode>>().release_all();
    assert!(shown(&app), "? shows it too");
    app.act(Action::ToggleHelp);
    assert!(!shown(&app));
    app.act(Action::Play(PlaySettings { ui_scale: 9.0, ..default() }));
    assert_eq!(app.world().resource::<PlaySettings>().ui_scale, 2.0);
    app.act(Action::Play(PlaySettings { ui_scale: 1.5, ..default() }));
    assert_eq!(app.world().resource::<PlaySettings>().ui_scale, 1.5);
}

#[test]
fn the_language_is_set_up_and_switched_and_the_logic_keeps_speaking_english() {
    use cubepath::game::logic::settings::Language;
    use cubepath::game::view::words::Words;
    let mut app = app_with(GameSetup { language: Language::Chinese, ..random_setup(8, 8, 0.0, 1) }, Duration::from_millis(50));
    assert_eq!(*app.world().resource::<Language>(), Language::Chinese);
    app.act(Action::TogglePause);
    app.frames(1);
    let said = app.world().resource::<Status>().0.clone();
    assert_eq!(said, "paused (Z to resume)", "the logic's message is English, for the logs and the tests");
    assert_eq!(Words(*app.world().resource::<Language>()).say(&said), "已暂停（按 Z 继续）", "the panel shows it in Chinese");
    app.act(Action::Language(Language::English));
    assert_eq!(*app.world().resource::<Language>(), Language::English);
    assert_eq!(Words(*app.world().resource::<Language>()).say(&said), said);
}

// Worlds with levels (#23)

use cubepath::engine::{
    search::{Algorithm, Searcher, VoxelOptions},
    world::{Pos3, VoxelGrid, VoxelMoves, WorldKind, voxel_path_cost, voxel_step},
};
use cubepath::game::logic::input::{VoxelClick, VoxelHit};
use cubepath::game::logic::settings::WorldSettings;
use cubepath::game::logic::world::{WorldBoard, cast_ray, voxel_centre, voxel_in_front};

fn world_setup(levels: usize, kind: WorldKind, moves: VoxelMoves) -> GameSetup {
    GameSetup { world: WorldSettings { levels, kind, moves }, ..random_setup(24, 24, 20.0, 7) }
}

fn world(app: &App) -> &WorldBoard {
    app.world().resource::<WorldBoard>()
}

/// The least cost from the start to the end by Dijkstra (another algorithm than the game's A*),
/// and the game's path checked step by step against the move rules.
fn check_world_answer(app: &App, moves: VoxelMoves) -> f64 {
    let w = world(app);
    let grid = w.grid.as_ref().unwrap();
    let (start, end) = (w.start.unwrap(), w.end.unwrap());
    let path = &w.answer.path;
    assert_eq!((path.first(), path.last()), (Some(&start), Some(&end)), "{:?}", w.answer.why);
    let cost = w.answer.cost.unwrap();
    assert!((voxel_path_cost(grid, path, moves).unwrap() - cost).abs() < 1e-9);
    let options = VoxelOptions { algorithm: Algorithm::Dijkstra, moves, ..Default::default() };
    let least = Searcher::default().search_world(grid, start, end, &options).unwrap().cost.unwrap();
    assert!((least - cost).abs() < 1e-9, "the game's cost {cost} is not the least {least}");
    cost
}

/// The least cost from every voxel to `end`, by a Dijkstra forward from each voxel in turn
/// over the moves the rules allow ([`voxel_step`], written plainly from the rules), written
/// here apart from the engine's backward search.
fn world_truth(grid: &VoxelGrid, end: Pos3, moves: VoxelMoves) -> Vec<f64> {
    use std::cmp::Reverse;
    let index = |p: Pos3| (p.2 * grid.height() + p.1) * grid.width() + p.0;
    let voxels: Vec<Pos3> =
        (0..grid.depth()).flat_map(|z| (0..grid.height()).flat_map(move |y| (0..grid.width()).map(move |x| (x, y, z)))).collect();
    let mut truth = vec![f64::INFINITY; voxels.len()];
    for &from in &voxels {
        if !moves.may_stand(grid, from) || !moves.may_stand(grid, end) {
            continue;
        }
        let mut dist = vec![f64::INFINITY; voxels.len()];
        dist[index(from)] = 0.0;
        let mut heap = std::collections::BinaryHeap::from([Reverse((0u64, from))]);
        while let Some(Reverse((d, p))) = heap.pop() {
            let d = f64::from_bits(d);
            if d > dist[index(p)] || p == end {
                continue;
            }
            for &q in &voxels {
                if let Some(c) = (p.0.abs_diff(q.0) <= 1 && p.1.abs_diff(q.1) <= 1 && p.2.abs_diff(q.2) <= 1)
                    .then(|| voxel_step(grid, p, q, moves))
                    .flatten()
                    && d + c < dist[index(q)]
                {
                    dist[index(q)] = d + c;
                    heap.push(Reverse(((d + c).to_bits(), q)));
                }
            }
        }
        truth[index(from)] = dist[index(end)];
    }
    truth
}

/// The heuristic lab in a world: no estimate at all is admissible and consistent, and A* with
/// it finds the least cost; three times the straight line (with dz) is over the truth and drops
/// too fast exactly where counts from the rules say; A* with it costs what its path costs; the
/// world's step view searches with it (its expansions are the lab's A*'s); a formula that is
/// not a number somewhere names the voxel.
#[test]
fn the_heuristic_lab_judges_a_formula_in_a_world() {
    use cubepath::cli::PlayArgs;
    use cubepath::game::logic::lab::{Judged, Lab};
    use cubepath::game::logic::link::{with_estimate, world_link};
    use cubepath::game::logic::world_lab::WorldLabReport;
    use cubepath::game::logic::world_steps::WorldStepView;
    let moves = VoxelMoves::Fly26;
    let setup = GameSetup { world: WorldSettings { levels: 3, kind: WorldKind::Blocks, moves }, ..random_setup(8, 8, 20.0, 7) };
    let mut app = app_with(setup, Duration::from_millis(16));
    let (start, end) = (world(&app).start.unwrap(), world(&app).end.unwrap());
    let least = check_world_answer(&app, moves);
    let grid = world(&app).grid.clone().unwrap();
    let truth = world_truth(&grid, end, moves);
    app.act(Action::Estimate("0".into()));
    let r = app.world().resource::<WorldLabReport>().clone();
    assert_eq!((r.over, r.inconsistent), (0, 0), "{:?}", r.message);
    assert!((r.cost.unwrap() - least).abs() < 1e-9 && (r.optimum.unwrap() - least).abs() < 1e-9);
    // the step view searches the world with it: A*'s expansions are the lab's, more than the
    // world's own A* makes with the moves' estimate
    app.act(Action::ShowSteps(true));
    app.frames(1);
    assert_eq!(world(&app).answer.algorithm, Algorithm::AStar);
    assert_eq!(app.world().resource::<WorldStepView>().closed.len(), r.expanded);
    assert!(r.expanded > world(&app).answer.expanded + 20, "{} against {}", r.expanded, world(&app).answer.expanded);
    app.act(Action::ShowSteps(false));

    let e = |p: Pos3| 3.0 * ((p.0.abs_diff(end.0).pow(2) + p.1.abs_diff(end.1).pow(2) + p.2.abs_diff(end.2).pow(2)) as f64).sqrt();
    let voxels: Vec<Pos3> = (0..3).flat_map(|z| (0..8).flat_map(move |y| (0..8).map(move |x| (x, y, z)))).collect();
    let index = |p: Pos3| (p.2 * 8 + p.1) * 8 + p.0;
    let reached: Vec<Pos3> = voxels.iter().copied().filter(|&p| truth[index(p)].is_finite()).collect();
    let over: Vec<Pos3> = reached.iter().copied().filter(|&p| e(p) > truth[index(p)] + 1e-9).collect();
    let drops =
        reached.iter().filter(|&&p| voxels.iter().any(|&q| voxel_step(&grid, p, q, moves).is_some_and(|c| e(p) > c + e(q) + 1e-9))).count();
    app.act(Action::Estimate("3 * sqrt(dx^2 + dy^2 + dz^2)".into()));
    let r = app.world().resource::<WorldLabReport>().clone();
    assert_eq!((r.over, r.inconsistent), (over.len(), drops), "{:?}", r.message);
    assert!(over.len() > 20 && drops > 20, "{} over, {drops} dropping", over.len());
    for &p in &over {
        match r.at(&grid, p) {
            Some(Judged::Over(by)) => assert!((by - (e(p) - truth[index(p)])).abs() < 1e-9, "{p:?}"),
            other => panic!("{p:?}: {other:?}"),
        }
    }
    assert!((r.optimum.unwrap() - least).abs() < 1e-9);
    assert_eq!((r.path.first(), r.path.last()), (Some(&start), Some(&end)));
    let cost = voxel_path_cost(&grid, &r.path, moves).unwrap();
    assert!((cost - r.cost.unwrap()).abs() < 1e-9 && cost >= least - 1e-9);

    // the world's link keeps the formula: opened, the lab judges it the same
    let w = app.world();
    let link =
        world_link(world(&app), w.resource::<BoardSettings>(), w.resource::<WorldSettings>(), &w.resource::<SearchSettings>().0).unwrap();
    let link = with_estimate(link, w.resource::<Lab>());
    let opened = app_with(PlayArgs::from_query(&format!("?{link}")).unwrap().setup().unwrap(), Duration::from_millis(50));
    assert_eq!(opened.world().resource::<WorldLabReport>().over, over.len(), "{link}");

    app.act(Action::Estimate("sqrt(-1) + dx".into()));
    let r = app.world().resource::<WorldLabReport>().clone();
    assert!(r.message.as_deref().is_some_and(|m| m.starts_with("the estimate at ") && m.contains("NaN")), "{:?}", r.message);
    assert!(r.voxels.is_empty());
}

#[test]
fn a_world_with_levels_is_searched_walked_edited_and_left() {
    let mut app = app_with(world_setup(12, WorldKind::Building, VoxelMoves::Walk), Duration::from_millis(50));
    let (start, end) = (world(&app).start.unwrap(), world(&app).end.unwrap());
    assert_eq!(world(&app).grid.as_ref().map(|g| (g.width(), g.height(), g.depth())), Some((24, 24, 12)));
    assert_eq!(start.2, 0);
    assert!(end.2 >= 8, "the end is on a high floor: {end:?}");
    let cost = check_world_answer(&app, VoxelMoves::Walk);
    let climbs = world(&app).answer.path.windows(2).filter(|s| s[1].2 > s[0].2).count();
    assert!(climbs >= 8, "the walker climbs the stairs: {climbs} steps up");

    // Space: the path's voxels turn black one by one, the walk ends on the last
    app.act(Action::Walk);
    assert!(world(&app).walk.running);
    app.frames(2000);
    assert!(!world(&app).walk.running);
    assert_eq!(world(&app).walked(), world(&app).answer.path.len());

    // Ctrl + right click on the floor under a voxel of the path puts a voxel there: searched again
    let walked_path = world(&app).answer.path.clone();
    // a voxel of open floor: its eight neighbours standable at its level (no stair, no doorway)
    let g = world(&app).grid.clone().unwrap();
    let open = |p: &&Pos3| {
        p.2 > 0
            && (p.0 > 0 && p.1 > 0 && p.0 + 1 < g.width() && p.1 + 1 < g.height())
            && (0..9).all(|k| g.is_standable((p.0 + k % 3 - 1, p.1 + k / 3 - 1, p.2)))
    };
    let p = *walked_path.iter().skip(1).find(open).expect("the path crosses an open floor");
    let under = VoxelHit { voxel: [p.0 as i64, p.1 as i64, p.2 as i64 - 1], normal: [0, 0, 1] };
    let searches = world(&app).answer.searches;
    app.act(Action::PickVoxel { hit: under, click: VoxelClick::Add });
    assert!(world(&app).grid.as_ref().unwrap().is_blocked(p));
    assert_eq!(world(&app).answer.searches, searches + 1);
    assert!(!world(&app).answer.path.contains(&p));
    assert!(check_world_answer(&app, VoxelMoves::Walk) >= cost);
    // a right click removes it again: the first cost comes back
    app.act(Action::PickVoxel {
        hit: VoxelHit { voxel: [p.0 as i64, p.1 as i64, p.2 as i64], normal: [0, 0, 1] },
        click: VoxelClick::Remove,
    });
    assert!((check_world_answer(&app, VoxelMoves::Walk) - cost).abs() < 1e-9);

    // a left click on the ground sets the start on the voxel above it, the next one the end
    let ground = VoxelHit { voxel: [5, 1, -1], normal: [0, 0, 1] };
    let landing = voxel_in_front(world(&app).grid.as_ref().unwrap(), ground, VoxelMoves::Walk);
    assert_eq!(landing, Some((5, 1, 0)));
    app.act(Action::PickVoxel { hit: ground, click: VoxelClick::Endpoint });
    assert_eq!(world(&app).start, Some((5, 1, 0)));
    check_world_answer(&app, VoxelMoves::Walk);
    // the ground cannot be removed, and the world is kept
    let shape = world(&app).shape;
    app.act(Action::PickVoxel { hit: ground, click: VoxelClick::Remove });
    assert_eq!(world(&app).shape, shape);
    assert!(app.world().resource::<Status>().0.contains("ground"));

    // flying in the same world: searched again with the other moves
    app.act(Action::World(WorldSettings { levels: 12, kind: WorldKind::Building, moves: VoxelMoves::Fly26 }));
    app.update();
    check_world_answer(&app, VoxelMoves::Fly26);

    // the slice: levels up to 3 shown, never above the top
    app.act(Action::Slice(3));
    assert_eq!(world(&app).slice, 3);
    app.act(Action::Slice(99));
    assert_eq!(world(&app).slice, 11);

    // one level: the flat board again
    app.act(Action::World(WorldSettings { levels: 1, kind: WorldKind::Building, moves: VoxelMoves::Walk }));
    assert!(world(&app).grid.is_none());
    assert!(path(&app).found());
}

/// Puts a voxel at `p` (Ctrl + right click on the face below it).
fn wall_voxel(app: &mut Headless, p: Pos3) {
    app.act(Action::PickVoxel {
        hit: VoxelHit { voxel: [p.0 as i64, p.1 as i64, p.2 as i64 - 1], normal: [0, 0, 1] },
        click: VoxelClick::Add,
    });
    assert!(world(app).grid.as_ref().unwrap().is_blocked(p), "{p:?} not walled: {}", app.world().resource::<Status>().0);
}

/// The walking agent's way from the voxel it is leaving: every voxel after that one is one it
/// may stand on, each step a legal move, by the rules (`voxel_path_cost`).
fn check_way_on(app: &Headless, moves: VoxelMoves) {
    let w = world(app);
    let grid = w.grid.as_ref().unwrap();
    let ahead = &w.walk.path[1..];
    let bad = ahead.iter().find(|&&p| !moves.may_stand(grid, p));
    assert!(bad.is_none(), "the agent's way goes through {bad:?}, walled");
    if let Err(e) = voxel_path_cost(grid, ahead, moves) {
        panic!("the agent's way breaks the moves: {e}");
    }
}

/// Walks the agent on, checking its way every frame, until it arrives: at the world's end.
fn walk_to_the_end(app: &mut Headless, moves: VoxelMoves) {
    for _ in 0..4000 {
        if !world(app).walk.running {
            break;
        }
        app.frames(1);
        check_way_on(app, moves);
    }
    let w = world(app);
    assert!(!w.walk.running, "the walk never ended");
    assert_eq!(w.walk.path.last(), w.end.as_ref(), "the agent did not arrive");
    assert_eq!(w.walk.done, (w.walk.path.len() - 1) as f32);
}

/// A walk started and the agent half way from the path's third voxel to its fourth: the
/// voxel it left and the one it steps toward.
fn walk_half_a_step(app: &mut Headless) -> (Pos3, Pos3) {
    app.act(Action::Walk);
    while world(app).walk.done < 2.4 {
        app.frames(1);
    }
    let w = world(app);
    assert!(w.walk.running && w.walk.done < 3.0);
    (w.walk.path[2], w.walk.path[3])
}

#[test]
fn a_world_agent_never_ends_inside_a_new_wall() {
    for moves in [VoxelMoves::Walk, VoxelMoves::Fly26] {
        let mut setup = world_setup(12, WorldKind::Building, moves);
        setup.agent = true;
        let mut app = app_with(setup, Duration::from_millis(50));
        check_world_answer(&app, moves);
        let end = world(&app).end.unwrap();
        // the voxel it steps toward walled: it turns back to the one it left and goes on from there
        let (left, next) = walk_half_a_step(&mut app);
        wall_voxel(&mut app, next);
        let w = world(&app);
        assert!(w.walk.running, "{moves}: the walk goes on");
        assert_eq!(&w.walk.path[..2], &[next, left], "{moves}: it turns back");
        assert_eq!(w.start, Some(left), "{moves}: searched again from the voxel it left");
        walk_to_the_end(&mut app, moves);
        check_world_answer(&app, moves);
        app.act(Action::Undo);
        // a voxel further on walled: it finishes its step and goes on from the voxel it reaches
        let (left, next) = walk_half_a_step(&mut app);
        let grid = world(&app).grid.clone().unwrap();
        let path = world(&app).walk.path.clone();
        // a voxel whose eight neighbours on its level are open: a way round it is left
        let open = |p: &&Pos3| {
            (p.0 > 0 && p.1 > 0 && p.0 + 1 < grid.width() && p.1 + 1 < grid.height())
                && (0..9).all(|k| moves.may_stand(&grid, (p.0 + k % 3 - 1, p.1 + k / 3 - 1, p.2)))
        };
        let far = *path[6..path.len() - 1].iter().find(open).expect("an open voxel further on");
        wall_voxel(&mut app, far);
        let w = world(&app);
        assert_eq!(&w.walk.path[..2], &[left, next], "{moves}: it finishes its step");
        assert_eq!(w.start, Some(next));
        walk_to_the_end(&mut app, moves);
        assert!(!world(&app).walk.path.contains(&far));
        // the voxel it is leaving walled: it finishes its step, and the voxel it goes on from
        // is the start, which holds no wall (both walled: the unit test in world_walk.rs)
        app.act(Action::Undo);
        let (left, next) = walk_half_a_step(&mut app);
        wall_voxel(&mut app, left);
        assert_eq!(&world(&app).walk.path[..2], &[left, next], "{moves}: it finishes its step off the walled voxel");
        assert_eq!(world(&app).start, Some(next));
        let shape = world(&app).shape;
        app.act(Action::PickVoxel {
            hit: VoxelHit { voxel: [next.0 as i64, next.1 as i64, next.2 as i64 - 1], normal: [0, 0, 1] },
            click: VoxelClick::Add,
        });
        assert_eq!(world(&app).shape, shape, "{moves}: a voxel put where the agent goes on from");
        assert!(app.world().resource::<Status>().0.contains("holds an endpoint"));
        assert_eq!(world(&app).end, Some(end));
        walk_to_the_end(&mut app, moves);
    }
}

#[test]
fn a_world_file_opens_and_a_malformed_one_is_refused_with_the_world_kept() {
    let mut app = app_with(world_setup(6, WorldKind::Caves, VoxelMoves::Fly26), Duration::from_millis(50));
    assert_eq!(world(&app).grid.as_ref().map(|g| g.depth()), Some(6));
    check_world_answer(&app, VoxelMoves::Fly26);
    let shape = world(&app).shape;
    app.act(Action::LoadMap { name: "bad.3dmap".into(), bytes: b"voxel 4 4 3\n1 1 7\n".to_vec() });
    let said = app.world().resource::<Status>().0.clone();
    assert!(said.contains("bad.3dmap") && said.contains('2'), "the file and its line: {said}");
    assert_eq!(world(&app).shape, shape);
    assert_eq!(world(&app).grid.as_ref().map(|g| g.depth()), Some(6));
    // a good one: 4 x 4 x 3 with one column blocked
    app.act(Action::LoadMap { name: "good.3dmap".into(), bytes: b"voxel 4 4 3\n1 1 0\n1 1 1\n1 1 2\n".to_vec() });
    app.update();
    let grid = world(&app).grid.clone().unwrap();
    assert_eq!((grid.width(), grid.height(), grid.depth(), grid.blocked_count()), (4, 4, 3, 3));
    assert_eq!(app.world().resource::<WorldSettings>().levels, 3);
    check_world_answer(&app, VoxelMoves::Fly26);
    // MagicaVoxel: a file of four models is refused with its byte, one written here opens
    app.act(Action::LoadMap { name: "axes.vox".into(), bytes: include_bytes!("../assets/maps/vox/axes.vox").to_vec() });
    let said = app.world().resource::<Status>().0.clone();
    assert!(said.contains("axes.vox: byte ") && said.contains("second model"), "the file and its byte: {said}");
    assert_eq!(world(&app).grid.as_ref(), Some(&grid));
    let mut tower = VoxelGrid::new(5, 4, 7).unwrap();
    tower.set_blocked((2, 2, 0), true).unwrap();
    app.act(Action::LoadMap { name: "tower.vox".into(), bytes: cubepath::engine::files::write_vox(&tower).unwrap() });
    app.update();
    assert_eq!(world(&app).grid.as_ref(), Some(&tower));
    assert_eq!(app.world().resource::<WorldSettings>().levels, 7);
    check_world_answer(&app, VoxelMoves::Fly26);
}

#[test]
fn a_ray_picks_the_face_under_the_pointer_below_the_slice() {
    let mut grid = VoxelGrid::new(4, 5, 4).unwrap();
    for p in [(1, 2, 0), (1, 2, 3), (3, 0, 2)] {
        grid.set_blocked(p, true).unwrap();
    }
    let down = |p: Pos3| (voxel_centre(&grid, p) + Vec3::Y * 20.0, Vec3::NEG_Y);
    // from above, onto the column's top; with the top level hidden, onto the voxel under it
    let (o, d) = down((1, 2, 0));
    assert_eq!(cast_ray(&grid, 3, o, d), Some(VoxelHit { voxel: [1, 2, 3], normal: [0, 0, 1] }));
    assert_eq!(cast_ray(&grid, 2, o, d), Some(VoxelHit { voxel: [1, 2, 0], normal: [0, 0, 1] }));
    // onto an empty column: the ground
    let (o, d) = down((2, 4, 0));
    assert_eq!(cast_ray(&grid, 3, o, d), Some(VoxelHit { voxel: [2, 4, -1], normal: [0, 0, 1] }));
    // from the side along +x (the game's x) at level 2: the face of (3, 0, 2) that looks at -x
    let side = voxel_centre(&grid, (0, 0, 2)) - Vec3::X * 10.0;
    let hit = cast_ray(&grid, 3, side, Vec3::X).unwrap();
    assert_eq!(hit, VoxelHit { voxel: [3, 0, 2], normal: [-1, 0, 0] });
    // a walker clicked onto that face falls to the ground in front of it; a flyer stays
    assert_eq!(voxel_in_front(&grid, hit, VoxelMoves::Walk), Some((2, 0, 0)));
    assert_eq!(voxel_in_front(&grid, hit, VoxelMoves::Fly26), Some((2, 0, 2)));
    // the game's z is the world's y: along +z at (1, *, 0) the column's face looking at -y
    let along = voxel_centre(&grid, (1, 0, 0)) - Vec3::Z * 10.0;
    assert_eq!(cast_ray(&grid, 3, along, Vec3::Z), Some(VoxelHit { voxel: [1, 2, 0], normal: [0, -1, 0] }));
    // a ray that passes beside the world
    assert_eq!(cast_ray(&grid, 3, Vec3::new(50.0, 5.0, 0.0), Vec3::Y), None);
    // a slanted ray from above a corner meets the same voxel as the straight one beside it
    let slant = cast_ray(&grid, 3, voxel_centre(&grid, (1, 2, 3)) + Vec3::new(-3.0, 6.0, 0.0), Vec3::new(0.5, -1.0, 0.0)).unwrap();
    assert_eq!(slant.voxel, [1, 2, 3]);
}

#[test]
fn the_step_view_on_a_world_replays_its_search_an_expansion_at_a_time() {
    use cubepath::game::logic::world_steps::WorldStepView;
    let setup = GameSetup { steps: Some(10), ..world_setup(8, WorldKind::Caves, VoxelMoves::Fly26) };
    let mut app = app_with(setup, Duration::from_millis(50));
    let expanded = world(&app).answer.expanded;
    let steps = |app: &App| {
        let v = app.world().resource::<WorldStepView>();
        (v.shown, v.closed.clone(), v.opened.clone())
    };
    let (shown, closed, opened) = steps(&app);
    assert_eq!(shown, 10, "--steps 10");
    assert_eq!(closed.len(), expanded, "the recording closes as many voxels as the search expanded");
    assert_eq!(closed.last(), world(&app).answer.path.iter().rev().nth(1), "the last expansion is the end's parent");
    // every voxel is put on the open list before it is expanded, once, next to its opener
    let opened_at: std::collections::HashMap<Pos3, usize> = opened.iter().copied().collect();
    assert_eq!(opened_at.len(), opened.len());
    for (k, p) in closed.iter().enumerate() {
        assert!(opened_at[p] <= k, "{p:?} expanded at {k} before it was opened at {}", opened_at[p]);
    }
    for &(p, at) in opened.iter().filter(|(_, at)| *at > 0) {
        let by = closed[at - 1];
        assert!(p.0.abs_diff(by.0) <= 1 && p.1.abs_diff(by.1) <= 1 && p.2.abs_diff(by.2) <= 1, "{p:?} opened by {by:?}");
    }
    // Space shows one more expansion; the scrubber any
    app.press(KeyCode::Space);
    assert_eq!(steps(&app).0, 11);
    app.act(Action::SeekStep(3));
    assert_eq!(steps(&app).0, 3);
    let v = app.world().resource::<WorldStepView>();
    assert_eq!(v.counts().1, 3);
    // an edit records the new search
    let searches = world(&app).answer.searches;
    let path = world(&app).answer.path.clone();
    let mid = path[path.len() / 2];
    let below = VoxelHit { voxel: [mid.0 as i64, mid.1 as i64, mid.2 as i64 - 1], normal: [0, 0, 1] };
    app.act(Action::PickVoxel { hit: below, click: VoxelClick::Endpoint });
    assert_eq!(world(&app).start, Some(mid));
    app.update();
    assert!(world(&app).answer.searches > searches);
    assert_eq!(app.world().resource::<WorldStepView>().recording(), Some(world(&app).answer.searches));
}

#[test]
fn the_step_view_on_a_world_shows_the_jump_points_of_jps() {
    use cubepath::game::logic::world_steps::WorldStepView;
    let setup = GameSetup { steps: Some(2), algorithm: Some(Algorithm::Jps), ..world_setup(8, WorldKind::Caves, VoxelMoves::Fly26) };
    let mut app = app_with(setup, Duration::from_millis(50));
    assert_eq!(world(&app).answer.algorithm, Algorithm::Jps);
    let cost = check_world_answer(&app, VoxelMoves::Fly26);
    let (expanded, path) = (world(&app).answer.expanded, world(&app).answer.path.clone());
    let v = app.world().resource::<WorldStepView>();
    assert_eq!((v.shown, v.closed.len()), (2, expanded), "--steps 2 of the search's {expanded} expansions");
    // A* on the same world expands more voxels than JPS does jump points
    let grid = world(&app).grid.clone().unwrap();
    let (start, end) = (path[0], *path.last().unwrap());
    let astar = Searcher::default().search_world(&grid, start, end, &VoxelOptions::default()).unwrap();
    assert!((astar.cost.unwrap() - cost).abs() < 1e-9);
    assert!(expanded < astar.expanded, "JPS expanded {expanded}, A* {}", astar.expanded);
    // every jump point is opened before it is expanded, on a line from the one that opened it
    let opened_at: std::collections::HashMap<Pos3, usize> = v.opened.iter().copied().collect();
    for (k, p) in v.closed.iter().enumerate() {
        assert!(opened_at[p] <= k, "{p:?} expanded at {k} before it was opened at {}", opened_at[p]);
    }
    for &(p, at) in v.opened.iter().filter(|(_, at)| *at > 0) {
        let by = v.closed[at - 1];
        let d = [p.0.abs_diff(by.0), p.1.abs_diff(by.1), p.2.abs_diff(by.2)];
        let n = *d.iter().max().unwrap();
        assert!(d.iter().all(|&x| x == 0 || x == n), "{p:?} is no jump from {by:?}");
    }
    // Space shows one more expansion
    app.press(KeyCode::Space);
    assert_eq!(app.world().resource::<WorldStepView>().shown, 3);
}

/// JPS in a world answers a free straight line before any jump: nothing expanded, nothing for
/// the step view to step through, and the answer says why.
#[test]
fn jps_in_open_air_answers_the_straight_line_and_says_so() {
    use cubepath::game::logic::world_steps::WorldStepView;
    let open = GameSetup {
        steps: Some(0),
        algorithm: Some(Algorithm::Jps),
        world_start: Some((0, 23, 7)),
        world_end: Some((23, 0, 7)),
        ..world_setup(8, WorldKind::Islands, VoxelMoves::Fly26)
    };
    let mut app = app_with(open, Duration::from_millis(50));
    let cost = check_world_answer(&app, VoxelMoves::Fly26);
    assert!((cost - VoxelMoves::Fly26.estimate((0, 23, 7), (23, 0, 7))).abs() < 1e-9, "the straight line's cost, not {cost}");
    let answer = &world(&app).answer;
    assert_eq!((answer.algorithm, answer.expanded, answer.path.len()), (Algorithm::Jps, 0, 24));
    let why = answer.why.clone().unwrap_or_default();
    assert!(why.starts_with("jps: the straight line from the start to the end is free"), "{why}");
    assert!(app.world().resource::<WorldStepView>().closed.is_empty());
    // a voxel on the line: JPS jumps, and the answer needs no word on it
    let blocked = answer.path[10];
    app.act(Action::PickVoxel {
        hit: VoxelHit { voxel: [blocked.0 as i64, blocked.1 as i64, blocked.2 as i64 - 1], normal: [0, 0, 1] },
        click: VoxelClick::Add,
    });
    assert!(world(&app).grid.as_ref().unwrap().is_blocked(blocked), "the voxel on the line was added");
    check_world_answer(&app, VoxelMoves::Fly26);
    let answer = &world(&app).answer;
    assert!(answer.expanded > 0 && answer.why.is_none(), "{} expanded, {:?}", answer.expanded, answer.why);
}

/// On a world cluttered with small obstacles, where the engine would run A* for JPS, the game
/// still jumps (it shows what the algorithm chosen does): the step view's expansions are the
/// search's own, each jump point opened on a line from the one that opened it.
#[test]
fn jps_on_a_cluttered_world_still_jumps_in_the_game_and_its_steps_are_its_own() {
    use cubepath::engine::search::CLUTTER_LIMIT;
    use cubepath::game::logic::world_steps::WorldStepView;
    let setup = GameSetup { steps: Some(2), algorithm: Some(Algorithm::Jps), ..world_setup(8, WorldKind::Blocks, VoxelMoves::Fly26) };
    let app = app_with(setup, Duration::from_millis(50));
    let grid = world(&app).grid.clone().unwrap();
    assert!(grid.clutter() > CLUTTER_LIMIT, "clutter {}", grid.clutter());
    let cost = check_world_answer(&app, VoxelMoves::Fly26);
    let (expanded, path) = (world(&app).answer.expanded, world(&app).answer.path.clone());
    let mut engine = Searcher::default();
    let astar = engine.search_world(&grid, path[0], *path.last().unwrap(), &VoxelOptions::default()).unwrap();
    assert!((astar.cost.unwrap() - cost).abs() < 1e-9);
    assert_ne!(expanded, astar.expanded, "jump points, not A*'s voxels");
    let v = app.world().resource::<WorldStepView>();
    assert_eq!(v.closed.len(), expanded, "the step view records the search shown");
    for &(p, at) in v.opened.iter().filter(|(_, at)| *at > 0) {
        let by = v.closed[at - 1];
        let d = [p.0.abs_diff(by.0), p.1.abs_diff(by.1), p.2.abs_diff(by.2)];
        let n = *d.iter().max().unwrap();
        assert!(d.iter().all(|&x| x == 0 || x == n), "{p:?} is no jump from {by:?}");
    }
}

#[test]
fn undo_and_redo_on_a_world_take_back_its_edits_and_leave_the_flat_board_alone() {
    let mut app = app_with(world_setup(6, WorldKind::Caves, VoxelMoves::Fly26), Duration::from_millis(50));
    let flat = app.world().resource::<Board>().grid.clone();
    let first = world(&app).grid.clone().unwrap();
    let start = world(&app).start.unwrap();
    // a voxel removed (the first blocked one on the path's level), then the start moved
    let gone = (0..first.len()).map(|i| first.pos(i)).find(|&p| first.is_blocked(p)).unwrap();
    app.act(Action::PickVoxel {
        hit: VoxelHit { voxel: [gone.0 as i64, gone.1 as i64, gone.2 as i64], normal: [0, 0, 1] },
        click: VoxelClick::Remove,
    });
    assert!(world(&app).grid.as_ref().unwrap().is_free(gone));
    let end = world(&app).end.unwrap();
    let onto = VoxelHit { voxel: [end.0 as i64, end.1 as i64, end.2 as i64 - 1], normal: [0, 0, 1] };
    app.act(Action::PickVoxel { hit: onto, click: VoxelClick::Endpoint });
    let moved = world(&app).start.unwrap();
    assert_ne!(moved, start);
    // a refused click keeps no step
    app.act(Action::PickVoxel { hit: VoxelHit { voxel: [0, 0, -1], normal: [0, 0, 1] }, click: VoxelClick::Remove });
    let searches = world(&app).answer.searches;
    app.act(Action::Undo);
    assert_eq!(world(&app).start, Some(start), "the start back");
    assert!(world(&app).grid.as_ref().unwrap().is_free(gone), "the voxel still removed");
    app.update();
    assert!(world(&app).answer.searches > searches, "searched again");
    app.act(Action::Undo);
    assert_eq!(world(&app).grid.as_ref(), Some(&first), "the voxel back");
    app.act(Action::Undo);
    assert_eq!(app.world().resource::<Status>().0, "nothing to undo");
    app.act(Action::Redo);
    app.act(Action::Redo);
    assert!(world(&app).grid.as_ref().unwrap().is_free(gone));
    assert_eq!(world(&app).start, Some(moved));
    assert_eq!(app.world().resource::<Board>().grid, flat, "the hidden flat board is untouched");
}

#[test]
fn undo_gives_back_the_moves_a_worlds_endpoints_were_set_for() {
    let mut app = app_with(world_setup(12, WorldKind::Building, VoxelMoves::Fly26), Duration::from_millis(50));
    let moves = |app: &Headless| app.world().resource::<WorldSettings>().moves;
    let fly = check_world_answer(&app, VoxelMoves::Fly26);
    // the flyer's end is in the air, where a walker cannot stand
    let end = world(&app).end.unwrap();
    assert!(!VoxelMoves::Walk.may_stand(world(&app).grid.as_ref().unwrap(), end), "{end:?} is a floor");
    let kind = WorldKind::Building;
    app.act(Action::World(WorldSettings { levels: 12, kind, moves: VoxelMoves::Walk }));
    assert!(world(&app).answer.path.is_empty(), "a walker's path to the air");
    // undo: the flyer's moves back with its endpoints, and its path
    app.act(Action::Undo);
    app.update();
    assert_eq!(moves(&app), VoxelMoves::Fly26);
    assert_eq!(check_world_answer(&app, VoxelMoves::Fly26), fly);
    app.act(Action::Redo);
    app.update();
    assert_eq!(moves(&app), VoxelMoves::Walk);
    assert!(world(&app).answer.path.is_empty());
}

#[test]
fn the_duel_on_a_world_runs_every_algorithm_on_its_voxels() {
    use cubepath::game::logic::duel::Duel;
    let mut app = app_with(world_setup(8, WorldKind::Caves, VoxelMoves::Fly26), Duration::from_millis(50));
    let least = check_world_answer(&app, VoxelMoves::Fly26);
    app.act(Action::Duel);
    assert_eq!(app.world().resource::<Status>().0, "duel: every algorithm on this world");
    let duel = app.world().resource::<Duel>().clone();
    assert_eq!(duel.rows.len(), Algorithm::ALL.len());
    assert!(duel.optimum.is_some_and(|o| (o - least).abs() < 1e-9), "Dijkstra's cost is the world's least");
    let row = |a: Algorithm| duel.rows.iter().find(|r| r.algorithm == a).unwrap().outcome.clone();
    // the optimal ones find the least cost in the world; JPS with fewer expansions than A*
    for a in [Algorithm::AStar, Algorithm::Bfs, Algorithm::AStarBidir, Algorithm::Jps] {
        let (cost, ..) = row(a).unwrap_or_else(|e| panic!("{a}: {e}"));
        let cost = cost.unwrap();
        if a != Algorithm::Bfs {
            assert!((cost - least).abs() < 1e-9, "{a}: {cost} against {least}");
        }
    }
    assert!(row(Algorithm::Jps).unwrap().1 < row(Algorithm::AStar).unwrap().1);
    // an algorithm of flat boards only says why
    let why = row(Algorithm::Theta).unwrap_err();
    assert!(why.starts_with("theta does not run on voxel worlds with these moves: astar, dijkstra"), "{why}");
    // and the flat board's duel is not run meanwhile: its rows are the world's
    assert_eq!(app.world().resource::<Duel>().rows.len(), duel.rows.len());
}

#[test]
fn a_world_link_opens_the_same_world_endpoints_and_search_and_edits_are_refused() {
    use cubepath::cli::PlayArgs;
    use cubepath::game::logic::link::world_link;
    use cubepath::game::logic::settings::BoardSettings;
    let setup = GameSetup { algorithm: Some(Algorithm::Jps), world_slice: Some(5), ..world_setup(8, WorldKind::Caves, VoxelMoves::Fly26) };
    let mut app = app_with(setup, Duration::from_millis(50));
    let link = |app: &App| {
        let w = app.world();
        world_link(world(app), w.resource::<BoardSettings>(), w.resource::<WorldSettings>(), &w.resource::<SearchSettings>().0)
    };
    // the end moved by a click onto the top of the voxel under the start
    let start = world(&app).start.unwrap();
    let path = world(&app).answer.path.clone();
    let mid = path[path.len() / 2];
    app.act(Action::PickVoxel {
        hit: VoxelHit { voxel: [mid.0 as i64, mid.1 as i64, mid.2 as i64 - 1], normal: [0, 0, 1] },
        click: VoxelClick::Drag(true),
    });
    assert_eq!(world(&app).end, Some(mid));
    let fragment = link(&app).unwrap();
    assert!(fragment.contains("levels=8&world=caves&moves=fly26") && fragment.contains("&slice=5&algorithm=jps"), "{fragment}");
    // the page opened with it: the same world, endpoints, slice and search
    let args = PlayArgs::from_query(&format!("?{fragment}")).unwrap();
    let opened = app_with(args.setup().unwrap(), Duration::from_millis(50));
    let (a, b) = (world(&app), world(&opened));
    assert_eq!(b.grid, a.grid);
    assert_eq!((b.start, b.end, b.slice), (Some(start), Some(mid), 5));
    assert_eq!(b.answer.algorithm, Algorithm::Jps);
    assert_eq!(b.answer.cost, a.answer.cost);
    // an edited world cannot go in a link: Copy link says why
    let grid = world(&app).grid.clone().unwrap();
    let floor = (0..grid.len())
        .map(|i| grid.pos(i))
        .find(|&p| p.2 == 0 && grid.is_free(p) && Some(p) != world(&app).start && Some(p) != world(&app).end);
    let (x, y, _) = floor.unwrap();
    app.act(Action::PickVoxel { hit: VoxelHit { voxel: [x as i64, y as i64, -1], normal: [0, 0, 1] }, click: VoxelClick::Add });
    let edited = world(&app).grid.as_ref().unwrap().blocked_count() != world(&opened).grid.as_ref().unwrap().blocked_count();
    assert!(edited, "a voxel added");
    assert!(link(&app).unwrap_err().starts_with("a link holds what makes a world"));
    app.act(Action::CopyLink);
    assert!(app.world().resource::<Status>().0.starts_with("a link holds what makes a world"));
}

#[test]
fn a_race_on_a_world_records_every_lane_and_marks_the_winner() {
    use cubepath::game::logic::settings::RaceSettings;
    use cubepath::game::logic::world_race::WorldRace;
    let setup = GameSetup { race: Some(RaceSettings::build_up()), ..world_setup(8, WorldKind::Caves, VoxelMoves::Fly26) };
    let mut app = Headless::new(setup, Duration::from_millis(50)).with_world_view();
    app.update();
    app.update();
    let best = world(&app).answer.cost.unwrap();
    let race = app.world().resource::<WorldRace>();
    let names: Vec<Algorithm> = race.lanes.iter().map(|l| l.algorithm).collect();
    assert_eq!(names, RaceSettings::build_up());
    for lane in &race.lanes {
        let cost = lane.cost.unwrap_or_else(|| panic!("{}: {:?}", lane.algorithm, lane.message));
        match lane.algorithm {
            Algorithm::Dijkstra | Algorithm::AStar => assert!((cost - best).abs() < 1e-9, "{} {cost} vs {best}", lane.algorithm),
            _ => assert!(cost >= best - 1e-9),
        }
        assert_eq!(lane.path.first(), world(&app).start.as_ref());
        assert_eq!(lane.path.last(), world(&app).end.as_ref());
    }
    assert_eq!(race.shown, 0);
    assert!(race.winners().is_empty(), "no winner before the lanes have run");
    // Space gives every lane one expansion; the scrubber to the end shows the winner: A*,
    // the cheapest path in the fewest expansions
    app.press(KeyCode::Space);
    assert_eq!(app.world().resource::<WorldRace>().shown, 1);
    let len = app.world().resource::<WorldRace>().len();
    app.act(Action::SeekStep(len));
    let race = app.world().resource::<WorldRace>();
    let astar = names.iter().position(|&a| a == Algorithm::AStar).unwrap();
    assert_eq!(race.winners(), vec![astar]);
    assert!(
        race.lanes[astar].finish().unwrap() < race.lanes[names.iter().position(|&a| a == Algorithm::Dijkstra).unwrap()].finish().unwrap()
    );
    // every lane is drawn with the world's chunk meshes (built before the lanes that share them)
    use cubepath::game::view::world::WorldDrawn;
    let shared: Vec<Handle<Mesh>> = app.world().resource::<WorldDrawn>().meshes.clone();
    assert!(shared.len() > 1, "the ground and some chunks");
    let mut lanes = app.world_mut().query::<(&Name, &Children)>();
    let mut meshes = app.world_mut().query::<&Mesh3d>();
    let drawn: Vec<usize> = lanes
        .iter(app.world())
        .filter(|(name, _)| name.as_str() == "World lane")
        .map(|(_, children)| children.iter().filter(|&c| meshes.get(app.world(), c).is_ok_and(|m| shared.contains(&m.0))).count())
        .collect();
    assert_eq!(drawn, vec![shared.len(); names.len()], "each lane's chunk meshes");
}

/// Undo puts back a copy of the world, and a different edit follows: the game's kept world
/// searcher must search the world as it now is. A 5 x 3 x 2 world walled across at x = 2 but
/// for a gap at (2, 2, 1): closing the gap leaves no path; undo, then a voxel added elsewhere (as
/// many edits as the closed gap) leaves the way through the gap, and the game must find it
/// (before copies took their own identity, it answered "no path" from the walled world's cache).
#[test]
fn undo_then_a_different_voxel_edit_searches_the_world_as_it_is() {
    use cubepath::game::logic::world_steps::WorldStepView;
    // the step view on: it records each search again through the game's kept world searcher
    let setup = GameSetup { steps: Some(0), ..world_setup(6, WorldKind::Caves, VoxelMoves::Fly26) };
    let mut app = app_with(setup, Duration::from_millis(50));
    // the kept searcher's recording expands what the game's own search expanded
    let recorded = |app: &App| {
        let v = app.world().resource::<WorldStepView>();
        assert_eq!(v.closed.len(), world(app).answer.expanded, "the kept searcher's recording of the world as it is");
    };
    let mut file = String::from("voxel 5 3 2\n");
    for y in 0..3 {
        for z in 0..2 {
            if (y, z) != (2, 1) {
                file += &format!("2 {y} {z}\n");
            }
        }
    }
    app.act(Action::LoadMap { name: "gap.3dmap".into(), bytes: file.into_bytes() });
    app.update();
    assert_eq!(world(&app).grid.as_ref().map(|g| g.blocked_count()), Some(5), "{}", app.world().resource::<Status>().0);
    for (x, end) in [(0, false), (4, true)] {
        app.act(Action::PickVoxel { hit: VoxelHit { voxel: [x, 0, -1], normal: [0, 0, 1] }, click: VoxelClick::Drag(end) });
    }
    app.update();
    let ends = [world(&app).start.unwrap(), world(&app).end.unwrap()];
    assert!(ends.contains(&(0, 0, 0)) && ends.contains(&(4, 0, 0)), "{ends:?}");
    let through_gap = check_world_answer(&app, VoxelMoves::Fly26);
    recorded(&app);
    // close the gap: no path
    app.act(Action::PickVoxel { hit: VoxelHit { voxel: [2, 2, 0], normal: [0, 0, 1] }, click: VoxelClick::Add });
    app.update();
    assert!(world(&app).grid.as_ref().unwrap().is_blocked((2, 2, 1)));
    assert!(world(&app).answer.path.is_empty(), "walled across: {:?}", world(&app).answer.path);
    // the step view off (nothing searches through the kept searcher meanwhile): undo, then a
    // voxel added away from the gap, then the step view on again
    app.act(Action::ShowSteps(false));
    app.act(Action::Undo);
    app.update();
    assert!(world(&app).grid.as_ref().unwrap().is_free((2, 2, 1)), "the gap is back");
    app.act(Action::PickVoxel { hit: VoxelHit { voxel: [4, 2, -1], normal: [0, 0, 1] }, click: VoxelClick::Add });
    app.update();
    assert!(world(&app).grid.as_ref().unwrap().is_blocked((4, 2, 0)));
    app.act(Action::ShowSteps(true));
    app.update();
    assert!(check_world_answer(&app, VoxelMoves::Fly26) >= through_gap);
    recorded(&app);
    assert!(world(&app).answer.expanded > 0);
    // redo is gone after a new edit; undo twice gives back the loaded world and its answer
    app.act(Action::Undo);
    app.update();
    assert!((check_world_answer(&app, VoxelMoves::Fly26) - through_gap).abs() < 1e-9);
}

/// Links hold every field and give it back: a hex board with its estimate, weight and costs;
/// a world of another kind, moves and size with a weight other than 1, its endpoints, slice
/// and algorithm. Each field is compared on the game the link opens.
#[test]
fn links_of_a_hex_board_and_a_weighted_world_give_back_every_field() {
    use cubepath::cli::PlayArgs;
    use cubepath::engine::grid::{CostModel, Heuristic, Topology};
    use cubepath::game::logic::link::{board_link, world_link};
    use cubepath::game::logic::settings::BoardSettings;
    // a hex board
    let mut app = app_with(GameSetup { hex: true, ..random_setup(14, 17, 20.0, 5) }, Duration::from_millis(50));
    let options = SearchOptions {
        algorithm: Algorithm::AStar,
        topology: Topology::Hex,
        heuristic: Some(Heuristic::Hex),
        weight: 1.75,
        costs: CostModel::Tutorial,
        ..default()
    };
    app.act(Action::Search(options));
    let free: Vec<Pos> = app.world().resource::<Board>().grid.cells().filter(|(_, c)| c.is_passable()).map(|(p, _)| p).collect();
    app.act(Action::Select(free[2]));
    app.act(Action::Select(free[free.len() - 3]));
    let w = app.world();
    let fragment = board_link(w.resource::<Board>(), w.resource::<Selection>(), &w.resource::<SearchSettings>().0);
    assert!(fragment.contains("&hex=1"), "{fragment}");
    let opened = app_with(PlayArgs::from_query(&format!("?{fragment}")).unwrap().setup().unwrap(), Duration::from_millis(50));
    let o = opened.world();
    assert_eq!(o.resource::<Board>().grid, w.resource::<Board>().grid);
    assert_eq!(o.resource::<Selection>().start, Some(free[2]));
    assert_eq!(o.resource::<Selection>().end, Some(free[free.len() - 3]));
    assert_eq!(o.resource::<SearchSettings>().0, options);
    assert_eq!((path(&opened).cost, path(&opened).cells), (path(&app).cost, path(&app).cells), "the same answer");

    // a world: a building walked, 10 levels on 18 x 21, seed 3, weight 1.5, A*, slice 6
    let setup = GameSetup {
        algorithm: Some(Algorithm::AStar),
        weight: Some(1.5),
        world_slice: Some(6),
        world: WorldSettings { levels: 10, kind: WorldKind::Building, moves: VoxelMoves::Walk },
        ..random_setup(21, 18, 10.0, 3)
    };
    let app = app_with(setup, Duration::from_millis(50));
    let w = app.world();
    let fragment =
        world_link(world(&app), w.resource::<BoardSettings>(), w.resource::<WorldSettings>(), &w.resource::<SearchSettings>().0).unwrap();
    assert!(fragment.contains("&weight=1.5") && fragment.contains("world=building&moves=walk"), "{fragment}");
    let opened = app_with(PlayArgs::from_query(&format!("?{fragment}")).unwrap().setup().unwrap(), Duration::from_millis(50));
    let o = opened.world();
    assert_eq!(o.resource::<WorldSettings>(), w.resource::<WorldSettings>());
    let (ba, bo) = (w.resource::<BoardSettings>(), o.resource::<BoardSettings>());
    assert_eq!((bo.rows, bo.cols, bo.seed), (ba.rows, ba.cols, ba.seed));
    let (a, b) = (world(&app), world(&opened));
    assert_eq!(b.grid, a.grid);
    assert_eq!((b.start, b.end, b.slice), (a.start, a.end, 6));
    assert_eq!(o.resource::<SearchSettings>().0.weight, 1.5);
    assert_eq!(b.answer.algorithm, Algorithm::AStar);
    assert_eq!(b.answer.cost, a.answer.cost);
}

/// Found by the soak of everything: a new algorithm or weight chosen while a world is played
/// searches the world again (before, the world kept the answer of the settings it was last
/// searched with: weighted A*'s cost 19 shown with weight 1 set, where the least is 15).
#[test]
fn new_search_settings_search_the_world_again() {
    let mut app = app_with(world_setup(6, WorldKind::Caves, VoxelMoves::Fly26), Duration::from_millis(50));
    let searches = world(&app).answer.searches;
    let options = SearchOptions { algorithm: Algorithm::Dijkstra, ..app.world().resource::<SearchSettings>().0 };
    app.act(Action::Search(options));
    app.update();
    assert!(world(&app).answer.searches > searches, "searched again");
    assert_eq!(world(&app).answer.algorithm, Algorithm::Dijkstra);
    let least = check_world_answer(&app, VoxelMoves::Fly26);
    app.act(Action::Search(SearchOptions { algorithm: Algorithm::Greedy, weight: 3.0, ..options }));
    app.update();
    assert_eq!(world(&app).answer.algorithm, Algorithm::Greedy);
    app.act(Action::Search(SearchOptions { algorithm: Algorithm::AStar, weight: 1.0, ..options }));
    app.update();
    assert_eq!(world(&app).answer.algorithm, Algorithm::AStar);
    assert!((check_world_answer(&app, VoxelMoves::Fly26) - least).abs() < 1e-9);
}

/// Found by the soak of everything: an undo in the same frame as an action that keeps a step
/// and then changes nothing (a refused click on the world) lost what could be redone; now undo
/// then redo gives the world back.
#[test]
fn an_undo_beside_an_unchanging_action_can_be_redone() {
    let mut app = app_with(world_setup(4, WorldKind::Caves, VoxelMoves::Fly26), Duration::from_millis(50));
    // a second world, so there is one to undo back to
    app.act(Action::World(WorldSettings { levels: 6, kind: WorldKind::Islands, moves: VoxelMoves::Fly26 }));
    app.update();
    let second = world(&app).grid.clone();
    // in one frame: undo, and a click that keeps a step and is refused (the ground stays)
    app.world_mut().write_message(Action::Undo);
    let ground = VoxelHit { voxel: [0, 0, -1], normal: [0, 0, 1] };
    app.world_mut().write_message(Action::PickVoxel { hit: ground, click: VoxelClick::Remove });
    app.update();
    assert_ne!(world(&app).grid, second, "undone");
    app.act(Action::Redo);
    assert_eq!(world(&app).grid, second, "{}", app.world().resource::<Status>().0);
}

/// The heuristic lab on an open 8 x 6 board, where the true cost to the end is the octile
/// distance (eight moves, 1 and sqrt 2, nothing in the way): the octile distance written out is
/// exact, admissible and consistent, and A* with it finds the least cost; twice the Chebyshev
/// distance is over and drops too fast exactly where a count from the rules says; the board
/// shows it; a formula that does not read, or gives NaN, is said and nothing breaks; the step
/// view searches with the formula.
#[test]
fn the_heuristic_lab_judges_a_formula_against_the_true_cost() {
    use cubepath::cli::PlayArgs;
    use cubepath::game::logic::lab::{Judged, Lab, LabReport};
    use cubepath::game::logic::link::{board_link, with_estimate};
    use cubepath::game::logic::settings::{Heat, StepLayers};
    use cubepath::game::logic::stepview::StepView;
    let rows = ["........"; 6];
    let (start, end) = ((0, 0), (7, 5));
    let mut app = app_with(map_setup(&rows, start, end), Duration::from_millis(16));
    let octile = |p: Pos| {
        let (dx, dy) = (p.0.abs_diff(end.0) as f64, p.1.abs_diff(end.1) as f64);
        dx.max(dy) - dx.min(dy) + std::f64::consts::SQRT_2 * dx.min(dy)
    };
    let cells: Vec<Pos> = (0..6).flat_map(|y| (0..8).map(move |x| (x, y))).collect();
    app.act(Action::Estimate("max(abs(dx), abs(dy)) + (sqrt2 - 1) * min(abs(dx), abs(dy))".into()));
    app.frames(1);
    let r = app.world().resource::<LabReport>().clone();
    assert_eq!((r.over, r.inconsistent, r.again), (0, 0, 0), "{:?}", r.message);
    assert!(cells.iter().all(|&p| matches!(r.at(p), Some(Judged::Under(s)) if (s - 1.0).abs() < 1e-9)));
    assert!((r.cost.unwrap() - octile(start)).abs() < 1e-9 && (r.optimum.unwrap() - octile(start)).abs() < 1e-9);

    // twice the Chebyshev distance, counted from the rules
    let twice = |p: Pos| 2.0 * p.0.abs_diff(end.0).max(p.1.abs_diff(end.1)) as f64;
    let over: Vec<Pos> = cells.iter().copied().filter(|&p| twice(p) > octile(p) + 1e-9).collect();
    let drops = cells
        .iter()
        .filter(|&&p| {
            cells.iter().any(|&q| {
                let (dx, dy) = (p.0.abs_diff(q.0), p.1.abs_diff(q.1));
                let cost = match (dx, dy) {
                    (0, 1) | (1, 0) => 1.0,
                    (1, 1) => std::f64::consts::SQRT_2,
                    _ => return false,
                };
                twice(p) > cost + twice(q) + 1e-9
            })
        })
        .count();
    app.act(Action::Estimate("2 * max(abs(dx), abs(dy))".into()));
    app.frames(1);
    let r = app.world().resource::<LabReport>().clone();
    assert_eq!((r.over, r.inconsistent), (over.len(), drops), "{:?}", r.message);
    assert!(over.len() > 30 && drops > 20);
    for &p in &over {
        match r.at(p) {
            Some(Judged::Over(by)) => assert!((by - (twice(p) - octile(p))).abs() < 1e-9, "{p:?}"),
            other => panic!("{p:?}: {other:?}"),
        }
    }
    let cost = path_cost(&app.world().resource::<Board>().grid, &r.path, Topology::default(), Default::default()).unwrap();
    assert!((cost - r.cost.unwrap()).abs() < 1e-9 && cost >= octile(start) - 1e-9);

    // the board shows it: over the truth in its own colour, the path with it in black
    app.act(Action::ShowSteps(true));
    app.act(Action::StepLayers(StepLayers { heat: Heat::Estimate, ..default() }));
    app.frames(1);
    let shown_over = cubes_with(&mut app, Look::Over);
    let mut expected: Vec<Pos> = over.iter().copied().filter(|p| !r.path.contains(p) && *p != start && *p != end).collect();
    expected.sort();
    assert_eq!(shown_over, expected);
    let walked: Vec<Pos> = r.path.iter().copied().filter(|p| *p != start && *p != end).collect();
    let mut black = cubes_with(&mut app, Look::Walked);
    let mut want = walked.clone();
    want.sort();
    black.sort();
    assert_eq!(black, want);

    // the step view searches with it: every h it shows is the formula's
    app.act(Action::SeekStep(usize::MAX));
    let view = app.world().resource::<StepView>();
    let labels: Vec<(Pos, f64)> = cells.iter().filter_map(|&p| view.label(p).map(|l| (p, l.h))).collect();
    assert!(labels.len() > 5);
    assert!(labels.iter().all(|&(p, h)| (h - twice(p)).abs() < 1e-9), "{labels:?}");

    // a link keeps the formula: escaped in it, read back the same, judged the same
    let w = app.world();
    let link =
        with_estimate(board_link(w.resource::<Board>(), w.resource::<Selection>(), &w.resource::<SearchSettings>().0), w.resource::<Lab>());
    assert!(link.ends_with("&estimate=2%20*%20max(abs(dx),%20abs(dy))"), "{link}");
    let opened = app_with(PlayArgs::from_query(&format!("?{link}")).unwrap().setup().unwrap(), Duration::from_millis(50));
    assert_eq!(opened.world().resource::<Lab>().text, "2 * max(abs(dx), abs(dy))");
    assert_eq!(opened.world().resource::<LabReport>().over, over.len());
    let e = PlayArgs::from_query("estimate=abs(dx)%20%2B").unwrap().setup().unwrap_err();
    assert!(e.contains("--estimate 'abs(dx) +': column 10"), "{e}");

    // what does not read is said, and the lab keeps nothing in use
    app.act(Action::Estimate("abs(dx) +".into()));
    app.frames(1);
    let lab = app.world().resource::<Lab>().clone();
    assert!(lab.formula.is_none() && lab.error.as_deref().is_some_and(|e| e.contains("column 10")), "{lab:?}");
    assert_eq!(*app.world().resource::<LabReport>(), LabReport::default());
    app.act(Action::Estimate("sqrt(-dx)".into()));
    app.frames(1);
    let r = app.world().resource::<LabReport>().clone();
    assert!(r.message.as_deref().is_some_and(|m| m.starts_with("the estimate at ") && m.contains("NaN")), "{:?}", r.message);
    assert!(r.cells.is_empty());
}

/// A trace another planner wrote (Warthog's A* on arena.map, `assets/traces/README.md`),
/// opened on its map: replayed in the step view, expansion by expansion as Warthog made
/// them; on another board it is refused naming the line, and the board is kept; a new board
/// forgets it and the step view shows cubepath's own search again.
#[test]
fn a_trace_another_planner_wrote_is_replayed_on_its_map() {
    use cubepath::game::logic::stepview::{OpenedTrace, StepView};
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let trace = std::fs::read(root.join("assets/traces/warthog-arena-astar.trace.json")).unwrap();
    let mut app = app_with(random_setup(12, 12, 10.0, 1), Duration::from_millis(16));
    // on a 12 x 12 board: refused, the board kept
    let before = app.world().resource::<Board>().grid.clone();
    app.act(Action::LoadMap { name: "warthog-arena-astar.trace.json".into(), bytes: trace.clone() });
    let said = app.world().resource::<Status>().0.clone();
    assert!(said.contains("could not open the trace, the board is kept") && said.contains("off this 12 x 12 board"), "{said}");
    assert_eq!(app.world().resource::<Board>().grid, before);
    assert!(app.world().resource::<OpenedTrace>().0.is_none());
    // on arena.map: replayed
    app.act(Action::LoadMap { name: "arena.map".into(), bytes: std::fs::read(root.join("assets/maps/arena.map")).unwrap() });
    app.act(Action::LoadMap { name: "warthog-arena-astar.trace.json".into(), bytes: trace });
    app.frames(1);
    let said = app.world().resource::<Status>().0.clone();
    assert!(said.starts_with("opened warthog-arena-astar.trace.json: 311 events, 46 expansions"), "{said}");
    let view = app.world().resource::<StepView>();
    assert_eq!(view.steps.len(), 46);
    assert_eq!((view.start.map(|s| s.cell), view.steps[0].current), (Some((1, 7)), (1, 7)));
    assert_eq!(view.steps[0].pushes.iter().map(|p| (p.cell, p.g)).collect::<Vec<_>>()[..2], [((1, 6), 1.0), ((2, 7), 1.0)]);
    assert!(view.steps.iter().flat_map(|s| &s.pushes).all(|p| p.parent.is_some()), "every push names its parent's cell");
    app.act(Action::SeekStep(usize::MAX));
    let view = app.world().resource::<StepView>();
    assert_eq!(view.shown, 46);
    // Warthog's last expansion reached the end at the file's length
    assert_eq!(view.steps.last().unwrap().current, (46, 46));
    assert!((view.label((47, 46)).unwrap().g - 62.1543).abs() < 1e-9);
    // a new board forgets it: the step view shows cubepath's own search
    app.act(Action::ToggleBarrier((10, 10)));
    app.frames(1);
    assert!(app.world().resource::<OpenedTrace>().0.is_none());
    assert_ne!(app.world().resource::<StepView>().steps.len(), 46);
}
