//! Searches spread over frames: a 2D search longer than the frame's expansion budget
//! ([`PathBudget::expansions`]) is parked and goes on next frame, so no frame's searches expand
//! more than the budget; with [`PathTasks`] searches run on other threads instead. Either way
//! a newer request, a despawned requester or an edit of the grid while a search is under way
//! are heard. Costs are checked against a Dijkstra written here from the
//! rules (8 moves, no corner cutting, 1 and sqrt 2).

mod common;

use std::collections::BinaryHeap;

use bevy::prelude::*;
use bevy_cubepath::prelude::*;
use bevy_cubepath::{PathQueue, engine::grid::Cell, engine::search::LEG_WORK, engine::search::Searcher};
use common::{app, app_with_tasks};

/// Least cost from `from` to `to` by the rules on `grid`.
fn rules_cost(grid: &Grid, from: Pos, to: Pos) -> Option<f64> {
    let (w, h) = (grid.width() as i64, grid.height() as i64);
    let free = |x: i64, y: i64| x >= 0 && y >= 0 && x < w && y < h && grid.is_passable(x as usize, y as usize);
    let mut dist = vec![f64::INFINITY; (w * h) as usize];
    let mut heap = BinaryHeap::new();
    dist[(from.1 as i64 * w + from.0 as i64) as usize] = 0.0;
    heap.push((std::cmp::Reverse(0u64), from.0 as i64, from.1 as i64));
    while let Some((std::cmp::Reverse(bits), x, y)) = heap.pop() {
        let d = f64::from_bits(bits);
        if (x as usize, y as usize) == to {
            return Some(d);
        }
        if d > dist[(y * w + x) as usize] {
            continue;
        }
        for (dx, dy) in [(-1i64, -1i64), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1)] {
            if !free(x + dx, y + dy) || (dx != 0 && dy != 0 && !(free(x + dx, y) && free(x, y + dy))) {
                continue;
            }
            let nd = d + if dx != 0 && dy != 0 { std::f64::consts::SQRT_2 } else { 1.0 };
            let i = ((y + dy) * w + x + dx) as usize;
            if nd < dist[i] - 1e-12 {
                dist[i] = nd;
                heap.push((std::cmp::Reverse(nd.to_bits()), x + dx, y + dy));
            }
        }
    }
    None
}

/// A 120 x 120 board with a long wall (x = 60, open only at the bottom): a search from corner
/// to corner expands thousands of cells.
fn walled_board() -> NavGrid {
    let mut grid = Grid::new(120, 120).unwrap();
    for y in 0..115 {
        grid.set(60, y, Cell::Blocked).unwrap();
    }
    NavGrid::new(grid)
}

/// The expansions done so far: every answer's plus the search under way's.
fn done(app: &mut App, asked: &[Entity]) -> usize {
    let answered: usize = asked.iter().filter_map(|&e| app.world().get::<PathAnswer>(e)).map(|a| a.expanded).sum();
    answered + app.world().resource::<PathQueue>().under_way().map_or(0, |(_, n)| n)
}

#[test]
fn a_long_search_goes_on_over_frames_and_no_frame_expands_more_than_the_budget() {
    let mut app = app();
    let grid = app.world_mut().spawn(walled_board()).id();
    let budget = 500;
    app.insert_resource(PathBudget { searches: usize::MAX, expansions: budget, ..Default::default() });
    // a long search, then short ones behind it
    let mut asked = vec![app.world_mut().spawn(PathRequest::new((0, 0), (119, 0))).id()];
    asked.extend((0..5).map(|k| app.world_mut().spawn(PathRequest::new((0, 0), (3, k))).id()));
    let (mut frames, mut before) = (0, 0);
    while asked.iter().any(|&e| app.world().get::<PathAnswer>(e).is_none()) {
        app.update();
        frames += 1;
        let now = done(&mut app, &asked);
        assert!(now - before <= budget, "frame {frames} expanded {} over the budget {budget}", now - before);
        assert!(now > before, "frame {frames} made no progress");
        before = now;
        assert!(frames < 1000);
    }
    let long = app.world().get::<PathAnswer>(asked[0]).unwrap().clone();
    assert!(long.expanded > 4 * budget, "the long search should need several frames: {}", long.expanded);
    assert!(frames > long.expanded / budget, "{frames} frames for {} expansions", long.expanded);
    let nav = app.world().get::<NavGrid>(grid).unwrap().grid.clone();
    for (&e, to) in asked.iter().zip([(119, 0), (3, 0), (3, 1), (3, 2), (3, 3), (3, 4)]) {
        let answer = app.world().get::<PathAnswer>(e).unwrap();
        let cost = answer.result.as_ref().expect("a path").cost;
        assert!((cost - rules_cost(&nav, (0, 0), to).unwrap()).abs() < 1e-9, "to {to:?}: {cost}");
    }
    // the same answer as in one frame with room for the whole search
    let whole = app.world_mut().spawn(PathRequest::new((0, 0), (119, 0))).id();
    app.insert_resource(PathBudget::default());
    app.update();
    assert_eq!(app.world().get::<PathAnswer>(whole).unwrap().result, long.result);
}

/// Starts the long search and runs one frame of it: it is under way.
fn under_way(app: &mut App) -> Entity {
    app.insert_resource(PathBudget { searches: usize::MAX, expansions: 300, ..Default::default() });
    let e = app.world_mut().spawn(PathRequest::new((0, 0), (119, 0))).id();
    app.update();
    assert_eq!(app.world().resource::<PathQueue>().under_way().map(|(w, _)| w), Some(e));
    e
}

#[test]
fn a_newer_request_drops_the_search_under_way() {
    let mut app = app();
    app.world_mut().spawn(walled_board());
    let e = under_way(&mut app);
    app.world_mut().entity_mut(e).insert(PathRequest::new((0, 0), (2, 2)));
    app.update();
    let answer = app.world().get::<PathAnswer>(e).expect("the newer request answered");
    assert_eq!(answer.cells().unwrap().last(), Some(&(2, 2)));
    assert!(app.world().resource::<PathQueue>().is_empty());
    // and no late answer for the older one comes after it
    for _ in 0..40 {
        app.update();
    }
    assert_eq!(app.world().get::<PathAnswer>(e).unwrap().cells().unwrap().last(), Some(&(2, 2)));
}

#[test]
fn a_despawned_requester_drops_its_search() {
    let mut app = app();
    app.world_mut().spawn(walled_board());
    let e = under_way(&mut app);
    app.world_mut().entity_mut(e).despawn();
    let next = app.world_mut().spawn(PathRequest::new((0, 0), (5, 5))).id();
    app.update();
    assert!(app.world().get::<PathAnswer>(next).is_some(), "the next request waits behind a dropped search");
    assert!(app.world().resource::<PathQueue>().is_empty());
}

#[test]
fn an_edit_while_a_search_is_under_way_is_never_walked_through() {
    let mut app = app();
    let grid = app.world_mut().spawn(walled_board()).id();
    let e = under_way(&mut app);
    // the gap at the bottom of the wall is closed, and a new one opened at the top
    {
        let mut nav = app.world_mut().get_mut::<NavGrid>(grid).unwrap();
        for y in 115..120 {
            nav.grid.set(60, y, Cell::Blocked).unwrap();
        }
        nav.grid.set(60, 0, Cell::Ground(1)).unwrap();
    }
    while app.world().get::<PathAnswer>(e).is_none() {
        app.update();
    }
    let nav = app.world().get::<NavGrid>(grid).unwrap().grid.clone();
    let path = app.world().get::<PathAnswer>(e).unwrap().result.clone().expect("a way through the new gap");
    assert!(path.cells.iter().all(|&(x, y)| nav.is_passable(x, y)), "the path crosses a cell walled while it was searched");
    assert!((path.cost - rules_cost(&nav, (0, 0), (119, 0)).unwrap()).abs() < 1e-9, "{}", path.cost);
}

/// Updates until every entity of `asked` has an answer (at most 2,000 frames, a millisecond
/// apart: the tasks run on other threads meanwhile).
fn until_answered(app: &mut App, asked: &[Entity]) {
    for _ in 0..2000 {
        if asked.iter().all(|&e| app.world().get::<PathAnswer>(e).is_some()) {
            return;
        }
        app.update();
        std::thread::sleep(std::time::Duration::from_millis(1));
    }
    panic!("not answered in 2000 frames");
}

#[test]
fn tasks_answer_every_request_as_the_slices_do() {
    let mut app = app();
    let grid = app.world_mut().spawn(walled_board()).id();
    let goals: Vec<Pos> = (0..24).map(|k| ((k * 37) % 120, (k * 53) % 120)).filter(|&(x, _)| x != 60).collect();
    let ask = |app: &mut App| goals.iter().map(|&to| app.world_mut().spawn(PathRequest::new((0, 0), to)).id()).collect::<Vec<_>>();
    let sliced = ask(&mut app);
    until_answered(&mut app, &sliced);
    app.insert_resource(PathTasks { at_once: 3 });
    let tasked = ask(&mut app);
    app.update();
    assert!(tasked.iter().any(|&e| app.world().get::<PathAnswer>(e).is_none()), "tasks answered within the frame they were asked in");
    until_answered(&mut app, &tasked);
    let nav = app.world().get::<NavGrid>(grid).unwrap().grid.clone();
    for ((&a, &b), &to) in sliced.iter().zip(&tasked).zip(&goals) {
        let (a, b) = (app.world().get::<PathAnswer>(a).unwrap(), app.world().get::<PathAnswer>(b).unwrap());
        assert_eq!(a.result, b.result, "to {to:?}");
        let cost = b.result.as_ref().expect("a path").cost;
        assert!((cost - rules_cost(&nav, (0, 0), to).unwrap()).abs() < 1e-9, "to {to:?}: {cost}");
    }
}

/// A 1000 x 1000 board walled like [`walled_board`]: a search that takes a while on its thread.
fn big_board() -> NavGrid {
    let mut grid = Grid::new(1000, 1000).unwrap();
    for y in 0..995 {
        grid.set(500, y, Cell::Blocked).unwrap();
    }
    NavGrid::new(grid)
}

#[test]
fn a_task_whose_request_was_renewed_or_whose_grid_changed_never_answers() {
    let mut app = app_with_tasks(true);
    let grid = app.world_mut().spawn(big_board()).id();
    // renewed while its task runs: only the newer request's answer comes
    let e = app.world_mut().spawn(PathRequest::new((0, 0), (999, 0))).id();
    app.update();
    app.world_mut().entity_mut(e).insert(PathRequest::new((0, 0), (3, 3)));
    until_answered(&mut app, &[e]);
    assert_eq!(app.world().get::<PathAnswer>(e).unwrap().cells().unwrap().last(), Some(&(3, 3)));
    for _ in 0..200 {
        app.update();
        std::thread::sleep(std::time::Duration::from_millis(1));
    }
    assert_eq!(app.world().get::<PathAnswer>(e).unwrap().cells().unwrap().last(), Some(&(3, 3)), "the older task answered late");
    // the gap closed and another opened at the top while the task runs: the answer uses the new gap
    let far = app.world_mut().spawn(PathRequest::new((0, 0), (999, 0))).id();
    app.update();
    {
        let mut nav = app.world_mut().get_mut::<NavGrid>(grid).unwrap();
        for y in 995..1000 {
            nav.grid.set(500, y, Cell::Blocked).unwrap();
        }
        nav.grid.set(500, 0, Cell::Ground(1)).unwrap();
    }
    until_answered(&mut app, &[far]);
    let nav = app.world().get::<NavGrid>(grid).unwrap().grid.clone();
    let path = app.world().get::<PathAnswer>(far).unwrap().result.clone().expect("a way through the new gap");
    assert!(path.cells.iter().all(|&(x, y)| nav.is_passable(x, y)), "the path crosses a cell walled while it was searched");
    assert!((path.cost - 999.0).abs() < 1e-9, "straight along the top row through the new gap: {}", path.cost);
}

/// A grid too big to copy in one frame (2,048 x 2,048: 4.2 MB) is copied for its tasks a part
/// a frame while its requests wait, and edits made meanwhile are in the copy: a wall of 200
/// cells put up while the copy is under way (in rows copied before it); the answer goes round
/// it.
#[test]
fn a_big_grid_is_copied_for_tasks_over_frames_with_the_edits_made_meanwhile() {
    let mut app = app_with_tasks(true);
    let grid = app.world_mut().spawn(NavGrid::new(Grid::new(2048, 2048).unwrap())).id();
    let e = app.world_mut().spawn(PathRequest::new((0, 0), (20, 0))).id();
    app.update();
    assert!(app.world().get::<PathAnswer>(e).is_none());
    {
        let mut nav = app.world_mut().get_mut::<NavGrid>(grid).unwrap();
        for y in 0..200 {
            nav.grid.set(10, y, Cell::Blocked).unwrap();
        }
    }
    // the copy takes frames: no task (so no answer) for the first ones
    app.update();
    assert!(app.world().get::<PathAnswer>(e).is_none(), "answered before the grid was copied");
    until_answered(&mut app, &[e]);
    let nav = app.world().get::<NavGrid>(grid).unwrap().grid.clone();
    let path = app.world().get::<PathAnswer>(e).unwrap().result.clone().expect("a way round the wall");
    assert!(moves_by_rules(&nav, &path.cells), "the path crosses the wall put up during the copy");
    assert!((path.cost - rules_cost(&nav, (0, 0), (20, 0)).unwrap()).abs() < 1e-9, "{}", path.cost);
}

/// Tasks share their grid's connected components (labelled once, by the first task, while
/// the grid's other requests wait): a board walled in two answers every request across it
/// with no path, and after each edit that opens the wall somewhere, every one of several
/// requests at once finds the least way (none answers from components labelled before).
#[test]
fn tasks_share_connected_components_that_follow_edits() {
    let mut app = app();
    app.insert_resource(PathTasks { at_once: 3 });
    let mut board = Grid::new(40, 20).unwrap();
    for y in 0..20 {
        board.set(20, y, Cell::Blocked).unwrap();
    }
    let grid = app.world_mut().spawn(NavGrid::new(board)).id();
    let ask = |app: &mut App| {
        let asked: Vec<Entity> = (0..6).map(|k| app.world_mut().spawn(PathRequest::new((0, 3 * k), (39, 19 - 3 * k))).id()).collect();
        until_answered(app, &asked);
        let board = app.world().get::<NavGrid>(grid).unwrap().grid.clone();
        asked
            .iter()
            .enumerate()
            .map(|(k, &e)| (app.world().get::<PathAnswer>(e).unwrap().result.clone(), rules_cost(&board, (0, 3 * k), (39, 19 - 3 * k))))
            .collect::<Vec<_>>()
    };
    for (found, best) in ask(&mut app) {
        assert_eq!((found.err(), best), (Some(NoPath::Unreachable), None), "walled in two");
    }
    for (open, close) in [((20, 10), None), ((20, 0), Some((20, 10))), ((20, 19), Some((20, 0)))] {
        {
            let mut nav = app.world_mut().get_mut::<NavGrid>(grid).unwrap();
            nav.grid.set(open.0, open.1, Cell::Ground(1)).unwrap();
            if let Some((x, y)) = close {
                nav.grid.set(x, y, Cell::Blocked).unwrap();
            }
        }
        for (found, best) in ask(&mut app) {
            let (found, best) = (found.unwrap_or_else(|no| panic!("through {open:?}: {no:?}")), best.expect("open"));
            assert!((found.cost - best).abs() < 1e-9, "through {open:?}: {} against {best}", found.cost);
        }
    }
}

/// Whether each step of `cells` is one of the rules' moves (8 around, no corner cut, open).
fn moves_by_rules(grid: &Grid, cells: &[Pos]) -> bool {
    let open = |(x, y): Pos| grid.is_passable(x, y);
    cells.iter().all(|&c| open(c))
        && cells.windows(2).all(|s| {
            let (a, b) = (s[0], s[1]);
            let (dx, dy) = (a.0.abs_diff(b.0), a.1.abs_diff(b.1));
            dx <= 1 && dy <= 1 && dx + dy > 0 && (dx + dy == 1 || (open((a.0, b.1)) && open((b.0, a.1))))
        })
}

#[test]
fn hpa_set_on_a_nav_grid_answers_in_slices_and_tasks_and_follows_edits() {
    for tasks in [false, true] {
        let mut app = app_with_tasks(tasks);
        let mut nav = walled_board();
        nav.options.algorithm = Algorithm::Hpa;
        let grid = app.world_mut().spawn(nav).id();
        let goals: Vec<Pos> = (0..12).map(|k| ((k * 37) % 120, (k * 53) % 120)).filter(|&(x, _)| x != 60).collect();
        let asked: Vec<Entity> = goals.iter().map(|&to| app.world_mut().spawn(PathRequest::new((0, 0), to)).id()).collect();
        until_answered(&mut app, &asked);
        let board = app.world().get::<NavGrid>(grid).unwrap().grid.clone();
        for (&e, &to) in asked.iter().zip(&goals) {
            let found = app.world().get::<PathAnswer>(e).unwrap().result.clone().expect("a path");
            let best = rules_cost(&board, (0, 0), to).unwrap();
            assert!(!found.optimal, "HPA* does not promise least-cost paths");
            assert!(moves_by_rules(&board, &found.cells), "tasks {tasks}, to {to:?}: a step is not a move");
            assert!(
                found.cost >= best - 1e-9 && found.cost <= best * 1.1 + 1e-9,
                "tasks {tasks}, to {to:?}: {} against {best}",
                found.cost
            );
        }
        // the gap at the bottom closed and one opened at the top: the next answer takes it
        {
            let mut nav = app.world_mut().get_mut::<NavGrid>(grid).unwrap();
            for y in 115..120 {
                nav.grid.set(60, y, Cell::Blocked).unwrap();
            }
            nav.grid.set(60, 0, Cell::Ground(1)).unwrap();
        }
        // several at once: with tasks, one brings the shared clusters up to date while the
        // others wait for them
        let asked: Vec<Entity> = (0..6).map(|k| app.world_mut().spawn(PathRequest::new((0, k), (119, 0))).id()).collect();
        until_answered(&mut app, &asked);
        let board = app.world().get::<NavGrid>(grid).unwrap().grid.clone();
        for (k, e) in asked.into_iter().enumerate() {
            let found = app.world().get::<PathAnswer>(e).unwrap().result.clone().expect("a way through the new gap");
            assert!(moves_by_rules(&board, &found.cells), "tasks {tasks}: the path crosses a wall");
            let best = rules_cost(&board, (0, k), (119, 0)).unwrap();
            assert!(found.cost <= best * 1.1 + 1e-9, "tasks {tasks}: through the top gap: {} against {best}", found.cost);
            if k == 0 {
                assert!((found.cost - 119.0).abs() < 1e-9, "tasks {tasks}: straight along the top row: {}", found.cost);
            }
        }
    }
}

/// In slices, a grid's components and then its HPA* clusters are built a frame's preparation
/// share at a time while the requests that need them wait (an A* request behind the HPA* one
/// waits for the components alone); a wall put up during the build is never crossed, and the
/// answer is the engine's on the grid as it is then.
#[test]
fn hpa_clusters_are_built_over_frames_while_the_grids_hpa_requests_wait() {
    let mut app = app();
    let mut board = Grid::new(256, 256).unwrap();
    let mut x = 0x9E37_79B9_7F4A_7C15u64;
    for _ in 0..8000 {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        let (cx, cy) = ((x % 256) as usize, ((x >> 8) % 256) as usize);
        if (cx, cy) != (0, 0) && (cx, cy) != (255, 255) && (cx, cy) != (10, 10) {
            board.set(cx, cy, Cell::Blocked).unwrap();
        }
    }
    let mut nav = NavGrid::new(board);
    nav.options.algorithm = Algorithm::Hpa;
    let grid = app.world_mut().spawn(nav).id();
    app.insert_resource(PathBudget { preparation: 400, ..Default::default() });
    let hpa = app.world_mut().spawn(PathRequest::new((0, 0), (255, 255))).id();
    let astar = app.world_mut().spawn(PathRequest::new((0, 0), (10, 10)).with_options(SearchOptions::default())).id();
    let (mut frames, mut last, mut labelling) = (0, 0, 0);
    // a wall across the top, but for a gap at the left, put up once the clusters it crosses
    // are joined (the 480 borders' steps first, then 16 clusters a row)
    let wall: Vec<Pos> = (6..256).map(|x| (x, 20)).collect();
    let mut walled = false;
    while app.world().get::<PathAnswer>(hpa).is_none() {
        app.update();
        frames += 1;
        assert!(frames < 2000);
        if app.world().resource::<PathQueue>().labelling() {
            labelling += 1; // the grid's components first, 2D requests of every kind waiting
            assert!(app.world().get::<PathAnswer>(astar).is_none());
            continue;
        }
        let Some((done, all)) = app.world().resource::<PathQueue>().preparing() else { continue };
        assert!(done > last && done < all, "frame {frames}: {done} of {all} steps after {last}");
        last = done;
        assert!(app.world().get::<PathAnswer>(astar).is_some(), "an A* request does not wait for HPA*'s clusters");
        if !walled && done > 480 + 3 * 16 {
            walled = true;
            let mut nav = app.world_mut().get_mut::<NavGrid>(grid).unwrap();
            for &(x, y) in &wall {
                nav.grid.set(x, y, Cell::Blocked).unwrap();
            }
        }
    }
    assert!(frames > 20 && walled, "built over {frames} frames ({last} steps seen)");
    assert!(labelling >= 3, "65,536 cells labelled over {labelling} frames of 20,000");
    let board = app.world().get::<NavGrid>(grid).unwrap().grid.clone();
    let found = app.world().get::<PathAnswer>(hpa).unwrap().result.clone().expect("a path round the wall");
    assert!(moves_by_rules(&board, &found.cells), "the path crosses a wall put up while the clusters were built");
    assert!(wall.iter().all(|p| !found.cells.contains(p)));
    let options = SearchOptions { algorithm: Algorithm::Hpa, ..Default::default() };
    let engine = Searcher::default().search(&board, (0, 0), (255, 255), &options).unwrap();
    assert_eq!(Some(found.cost), engine.cost, "the engine's own answer on the grid as it is");
    let best = rules_cost(&board, (0, 0), (255, 255)).unwrap();
    assert!(found.cost >= best - 1e-9 && found.cost <= best * 1.15, "{} against {best}", found.cost);
}

#[test]
fn voxel_requests_run_as_tasks_answer_as_in_the_frame_and_hear_an_edit() {
    use bevy_cubepath::engine::{
        search::{Searcher, VoxelOptions},
        world::VoxelGrid,
    };
    use bevy_cubepath::{NavVoxels, VoxelPathAnswer, VoxelPathRequest};
    // a 30 x 30 x 3 world walled across at y = 15 but for a hole at x = 29
    let mut world = VoxelGrid::new(30, 30, 3).unwrap();
    for x in 0..29 {
        for z in 0..3 {
            world.set_blocked((x, 15, z), true).unwrap();
        }
    }
    let goals = [(0, 29, 0), (10, 20, 2), (29, 29, 1), (5, 5, 0)];
    let mut answers = Vec::new();
    for tasks in [false, true] {
        let mut app = app_with_tasks(tasks);
        app.world_mut().spawn(NavVoxels::new(world.clone()));
        let asked: Vec<Entity> = goals.iter().map(|&g| app.world_mut().spawn(VoxelPathRequest::new((0, 0, 0), g)).id()).collect();
        app.update();
        assert_eq!(asked.iter().any(|&e| app.world().get::<VoxelPathAnswer>(e).is_none()), tasks, "tasks answer a frame or more later");
        for _ in 0..2000 {
            if asked.iter().all(|&e| app.world().get::<VoxelPathAnswer>(e).is_some()) {
                break;
            }
            app.update();
            std::thread::sleep(std::time::Duration::from_millis(1));
        }
        answers.push(asked.iter().map(|&e| app.world().get::<VoxelPathAnswer>(e).unwrap().result.clone()).collect::<Vec<_>>());
        if tasks {
            // the hole moved to x = 0 while a search runs: the answer is the edited world's
            let far = app.world_mut().spawn(VoxelPathRequest::new((0, 0, 0), (0, 29, 0))).id();
            app.update();
            let mut edited = world.clone();
            {
                let mut query = app.world_mut().query::<&mut NavVoxels>();
                let mut nav = query.single_mut(app.world_mut()).unwrap();
                for z in 0..3 {
                    nav.world.set_blocked((29, 15, z), true).unwrap();
                    nav.world.set_blocked((0, 15, z), false).unwrap();
                    edited.set_blocked((29, 15, z), true).unwrap();
                    edited.set_blocked((0, 15, z), false).unwrap();
                }
            }
            for _ in 0..2000 {
                if app.world().get::<VoxelPathAnswer>(far).is_some() {
                    break;
                }
                app.update();
                std::thread::sleep(std::time::Duration::from_millis(1));
            }
            let got = app.world().get::<VoxelPathAnswer>(far).unwrap().result.clone().expect("through the new hole");
            let want = Searcher::default().search_world(&edited, (0, 0, 0), (0, 29, 0), &VoxelOptions::default()).unwrap();
            assert!((got.cost - want.cost.unwrap()).abs() < 1e-9, "{} against the edited world's {:?}", got.cost, want.cost);
            assert!(got.voxels.iter().all(|&p| !edited.is_blocked(p)));
        }
    }
    assert_eq!(answers[0], answers[1], "tasks answer as the frame does");
}

#[test]
fn a_follower_walks_its_answers_cells_without_a_copy() {
    for tasks in [false, true] {
        let mut app = app_with_tasks(tasks);
        app.world_mut().spawn(walled_board());
        let walker = app.world_mut().spawn((Transform::default(), PathRequest::new((0, 0), (119, 0)), FollowPath::new(1.0))).id();
        until_answered(&mut app, &[walker]);
        app.update(); // the follower takes the answer up (this frame or the one it came in)
        let answer = app.world().get::<PathAnswer>(walker).unwrap().cells().expect("a path");
        let walked = app.world().get::<FollowPath>(walker).unwrap().cells();
        assert!(answer.len() > 100, "tasks {tasks}: round the wall");
        // one path in memory, shared: a 4096 x 4096 board's paths are some 40 KB each, a copy
        // made on the main thread for each answer that comes
        assert!(std::ptr::eq(answer, walked), "tasks {tasks}: the follower walks a copy of its answer's cells");
    }
}

/// In slices, a voxel A* (and a 3D JPS) longer than the frame's expansions goes on over frames
/// with no frame expanding more than the budget; an edit of the world while it is under way
/// begins it again (its expansions start over), and the answer is the engine's on the world as
/// it is then, never through the block put up.
#[test]
fn a_long_voxel_search_goes_on_over_frames_and_begins_again_after_an_edit() {
    a_voxel_search_over_frames(Algorithm::AStar, 20);
    // 3D JPS expands far fewer (jump points): a smaller budget
    a_voxel_search_over_frames(Algorithm::Jps, 1);
}

fn a_voxel_search_over_frames(algorithm: Algorithm, budget: usize) {
    use bevy_cubepath::engine::{
        search::{Searcher, VoxelOptions},
        world::VoxelGrid,
    };
    use bevy_cubepath::{NavVoxels, VoxelPathAnswer, VoxelPathRequest, VoxelQueue};
    // a 30 x 30 x 3 world walled across at y = 15 but for a hole at x = 29
    let mut world = VoxelGrid::new(30, 30, 3).unwrap();
    for x in 0..29 {
        for z in 0..3 {
            world.set_blocked((x, 15, z), true).unwrap();
        }
    }
    let mut app = app();
    let options = VoxelOptions { algorithm, ..VoxelOptions::default() };
    let nav = app.world_mut().spawn(NavVoxels { options, ..NavVoxels::new(world) }).id();
    app.insert_resource(PathBudget { expansions: budget, ..Default::default() });
    // the goal off the start's column and the holes off both, so that no direct line (its
    // moves in any order) reaches it through either hole: 3D JPS answers a free one before
    // any jump
    let e = app.world_mut().spawn(VoxelPathRequest::new((0, 0, 0), (2, 29, 0))).id();
    let (mut frames, mut before, mut begun_again) = (0, 0, false);
    while app.world().get::<VoxelPathAnswer>(e).is_none() {
        app.update();
        frames += 1;
        assert!(frames < 1000);
        let Some((who, now)) = app.world().resource::<VoxelQueue>().under_way() else { continue };
        assert_eq!(who, e);
        if now < before {
            begun_again = true;
            assert!(now <= budget, "frame {frames}: begun again with {now} expansions");
        } else {
            assert!(now - before <= budget, "frame {frames}: {} expansions over the budget {budget}", now - before);
        }
        before = now;
        if frames == 3 {
            // the hole moves from x = 29 to x = 1
            let mut nav = app.world_mut().get_mut::<NavVoxels>(nav).unwrap();
            for z in 0..3 {
                nav.world.set_blocked((29, 15, z), true).unwrap();
            }
            nav.world.set_blocked((1, 15, 0), false).unwrap();
        }
    }
    assert!(frames > 4 && begun_again, "{algorithm}: {frames} frames, begun again: {begun_again}");
    let world = app.world().get::<NavVoxels>(nav).unwrap().world.clone();
    let found = app.world().get::<VoxelPathAnswer>(e).unwrap().result.clone().expect("a way through the new hole");
    assert!(found.voxels.iter().all(|&p| !world.is_blocked(p)), "the path crosses a block put up while it was searched");
    let whole = Searcher::default().search_world(&world, (0, 0, 0), (2, 29, 0), &options).unwrap();
    let expanded = app.world().get::<VoxelPathAnswer>(e).unwrap().expanded;
    assert_eq!((Some(&found.voxels), expanded), (whole.path.as_ref(), whole.expanded), "{algorithm}: the engine's whole answer");
    let through = 27.0 + 2.0 * std::f64::consts::SQRT_2;
    assert!((found.cost - through).abs() < 1e-9, "through the hole at x = 1, as short as the octile distance: {}", found.cost);
}

/// In slices a voxel world's connected components are labelled within the frame's preparation
/// share, never whole in one frame, and requests do not wait for them: a goal walled off is
/// found unreachable by the search itself while they are under way, and at once (nothing
/// expanded) once they are done; they then follow the world's edits (still known at once, and
/// a hole in the wall joins the halves).
#[test]
fn a_voxel_worlds_components_are_labelled_over_frames_and_requests_do_not_wait() {
    use bevy_cubepath::engine::world::VoxelGrid;
    use bevy_cubepath::{NavVoxels, NoPath, VoxelPathAnswer, VoxelPathRequest};
    // 64 x 64 x 16, walled across at x = 32: two halves of 31 and 32 columns
    let mut world = VoxelGrid::new(64, 64, 16).unwrap();
    for y in 0..64 {
        for z in 0..16 {
            world.set_blocked((32, y, z), true).unwrap();
        }
    }
    let mut app = app();
    let nav = app.world_mut().spawn(NavVoxels::new(world)).id();
    app.insert_resource(PathBudget { preparation: 400, ..Default::default() });
    let ask = |app: &mut App| {
        let e = app.world_mut().spawn(VoxelPathRequest::new((0, 0, 0), (63, 63, 15))).id();
        let mut frames = 0;
        while app.world().get::<VoxelPathAnswer>(e).is_none() {
            app.update();
            frames += 1;
            assert!(frames < 500);
        }
        let answer = app.world().get::<VoxelPathAnswer>(e).unwrap().clone();
        assert_eq!(answer.result, Err(NoPath::Unreachable));
        (answer.expanded, frames)
    };
    let (expanded, _) = ask(&mut app);
    assert!(expanded > 30_000, "found unreachable by the search: {expanded} voxels expanded");
    // the labelling goes on in the frames that answer requests: a flying world is labelled by
    // runs of free voxels, 1,024 rows here, each counted one, one for its word and one for
    // each run (about 3,100 in all), 400 a frame
    let mut asked = 1;
    while ask(&mut app) != (0, 1) {
        asked += 1;
        assert!(asked < 30, "never known at once");
    }
    assert!(asked >= 3, "labelled over {asked} requests' frames");
    // an edit: a flying world's labels follow it, so the answer is still known at once
    app.world_mut().get_mut::<NavVoxels>(nav).unwrap().world.set_blocked((0, 63, 0), true).unwrap();
    assert_eq!(ask(&mut app), (0, 1), "after an edit the labels follow it");
    // a hole in the wall: the halves join, and the path is found
    app.world_mut().get_mut::<NavVoxels>(nav).unwrap().world.set_blocked((32, 10, 5), false).unwrap();
    let e = app.world_mut().spawn(VoxelPathRequest::new((0, 0, 0), (63, 63, 15))).id();
    app.update();
    assert!(app.world().get::<VoxelPathAnswer>(e).is_some_and(|a| a.result.is_ok()), "through the hole");
}

/// A 256 x 256 board with random walls (8,000 cells tried), HPA* set on it.
fn hpa_board(seed: u64) -> NavGrid {
    let mut board = Grid::new(256, 256).unwrap();
    let mut x = seed;
    for _ in 0..8000 {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        let (cx, cy) = ((x % 256) as usize, ((x >> 8) % 256) as usize);
        if (cx, cy) != (0, 0) && (cx, cy) != (255, 255) {
            board.set(cx, cy, Cell::Blocked).unwrap();
        }
    }
    let mut nav = NavGrid::new(board);
    nav.options.algorithm = Algorithm::Hpa;
    nav
}

/// Runs frames until `e` is answered, checking that no frame's slice of the search under way
/// does more than `budget` abstract nodes' work (and one leg's); `edit` is called each frame the search is under
/// way. Returns the frames it was under way in.
fn hpa_in_frames(app: &mut App, e: Entity, budget: usize, mut edit: impl FnMut(&mut App, usize)) -> usize {
    let (mut frames, mut under, mut last) = (0, 0, 0);
    while app.world().get::<PathAnswer>(e).is_none() {
        app.update();
        frames += 1;
        assert!(frames < 2000);
        if let Some((who, n)) = app.world().resource::<PathQueue>().under_way() {
            assert_eq!(who, e);
            if n < last {
                last = 0; // begun again
            }
            // a leg of the route searched inside its cluster is not split: the frame's last
            // may go over by its LEG_WORK
            assert!(n - last < budget + LEG_WORK, "a frame did {} abstract nodes' work", n - last);
            last = n;
            under += 1;
            edit(app, under);
        }
    }
    under
}

#[test]
fn an_hpa_search_goes_on_over_frames_within_the_budget_and_never_crosses_an_edit() {
    let mut app = app();
    let grid = app.world_mut().spawn(hpa_board(0x2545_F491_4F6C_DD1D)).id();
    app.insert_resource(PathBudget { expansions: 10, ..Default::default() });
    let options = SearchOptions { algorithm: Algorithm::Hpa, ..Default::default() };
    let first = app.world_mut().spawn(PathRequest::new((0, 0), (255, 255))).id();
    let frames = hpa_in_frames(&mut app, first, 10, |_, _| {});
    let whole = Searcher::default().search(&app.world().get::<NavGrid>(grid).unwrap().grid, (0, 0), (255, 255), &options).unwrap();
    // the abstract search over frames, then its route refined and smoothed over more
    assert!(frames > whole.expanded.div_ceil(10) + 2, "under way over {frames} frames, {} expanded", whole.expanded);
    let board = app.world().get::<NavGrid>(grid).unwrap().grid.clone();
    let found = app.world().get::<PathAnswer>(first).unwrap().result.clone().expect("a path");
    let engine = Searcher::default().search(&board, (0, 0), (255, 255), &options).unwrap();
    assert_eq!((Some(&found.cells[..]), Some(found.cost)), (engine.path.as_deref(), engine.cost), "the engine's own answer");
    // walls put up on the path it would take, while it is under way
    let second = app.world_mut().spawn(PathRequest::new((0, 0), (255, 255))).id();
    let mut walled = Vec::new();
    let frames = hpa_in_frames(&mut app, second, 10, |app, under| {
        if under % 4 == 2 && walled.len() < 3 {
            let mut nav = app.world_mut().get_mut::<NavGrid>(grid).unwrap();
            let path = Searcher::default().search(&nav.grid, (0, 0), (255, 255), &options).unwrap().path.unwrap();
            let p = path[path.len() / 2 + walled.len()];
            nav.grid.set(p.0, p.1, Cell::Blocked).unwrap();
            walled.push(p);
        }
    });
    assert!(walled.len() == 3 && frames > 10, "{} walls over {frames} frames", walled.len());
    let board = app.world().get::<NavGrid>(grid).unwrap().grid.clone();
    let found = app.world().get::<PathAnswer>(second).unwrap().result.clone().expect("a path round the walls");
    assert!(moves_by_rules(&board, &found.cells) && walled.iter().all(|p| !found.cells.contains(p)), "a wall put up meanwhile crossed");
    let engine = Searcher::default().search(&board, (0, 0), (255, 255), &options).unwrap();
    assert_eq!(Some(found.cost), engine.cost, "the engine's answer on the grid as it now is");
}
