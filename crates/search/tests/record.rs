//! Recording a search (`Searcher::record`), for every algorithm that can be recorded, on
//! boards and worlds: the recording's answer is the search's (its cost checked against the
//! Dijkstra written from the rules where the algorithm is optimal), its expansions are as many
//! as the search counts, every node pushed names the expansion that pushed it as its parent,
//! and the algorithm that answers for another is named.

use cubepath_search::{grid::*, search::*, world::*};

mod common;
mod oracle;
use common::seeded_grid;
use oracle::oracle_2d;

/// A board of `density` walls with a way from (0, 0) to (w - 1, h - 1): the first seed from
/// `seed` on that draws one.
fn board(w: usize, h: usize, density: f64, seed: u64) -> Grid {
    (seed..)
        .map(|seed| {
            let mut grid = seeded_grid(w, h, density, seed);
            grid.set(0, 0, Cell::FLOOR).unwrap();
            grid.set(w - 1, h - 1, Cell::FLOOR).unwrap();
            grid
        })
        .find(|grid| oracle_2d(grid, (0, 0), (w - 1, h - 1)).is_some())
        .unwrap()
}

/// The checks every recording passes: the answer's; every node expanded was pushed before (or
/// is the start, or the goal of the subgoal graph's search from both ends); and the parents: the expansion that pushed a node, or where parents change
/// after the push (`loose`: any-angle searches, 3D JPS, which tells the parent a jump point
/// ended with), a node expanded by then.
fn check<P: Copy + PartialEq + std::fmt::Debug>(seen: &Recording<P>, whole: &SearchResult<P>, loose: bool, what: &str) {
    assert_eq!(seen.result.cost, whole.cost, "{what}: the recording's answer");
    assert!(!seen.truncated, "{what}");
    let (mut closed, mut pushed) = (Vec::new(), vec![seen.start.expect("a start").at]);
    if seen.answered_by == Algorithm::Subgoal {
        // its search goes from both ends
        pushed.extend(whole.path.as_ref().and_then(|p| p.last()));
    }
    for e in &seen.expansions {
        assert!(pushed.contains(&e.at), "{what}: {:?} expanded, never pushed", e.at);
        closed.push(e.at);
        for p in &e.pushed {
            let by = p.parent == Some(e.at) || (loose && p.parent.is_some_and(|q| closed.contains(&q)));
            assert!(by, "{what}: {p:?} pushed by {:?}", e.at);
            pushed.push(p.at);
        }
    }
    assert_eq!(seen.start.map(|s| (s.g, s.parent)), Some((0.0, None)), "{what}: the start");
}

/// Every algorithm that records, on boards of three densities: the answer is the search's (the
/// oracle's where optimal), a search that steps records one expansion for each it counts, the
/// graphs' searches record theirs; the limit cuts the recording and says so.
#[test]
fn every_recordable_algorithm_records_its_search_on_a_board() {
    let recordable: Vec<Algorithm> = Algorithm::ALL.into_iter().filter(|a| a.records()).collect();
    assert!(recordable.contains(&Algorithm::Hpa) && recordable.contains(&Algorithm::Subgoal) && recordable.contains(&Algorithm::Jps));
    assert!(!Algorithm::Ida.records() && !Algorithm::AStarBidir.records());
    for (seed, density) in [(1, 0.0), (2, 0.2), (3, 0.35)] {
        let grid = board(48, 40, density, seed);
        let (start, goal) = ((0, 0), (47, 39));
        let best = oracle_2d(&grid, start, goal).unwrap();
        for &algorithm in &recordable {
            let options = SearchOptions { algorithm, ..Default::default() };
            let what = format!("{algorithm} on density {density}");
            let whole = Searcher::default().search(&grid, start, goal, &options).unwrap();
            let seen = Searcher::default().record(&grid, start, goal, &options, usize::MAX).unwrap();
            check(&seen, &whole, algorithm.any_angle(), &what);
            if algorithm.is_optimal() {
                assert!((seen.result.cost.unwrap() - best).abs() < 1e-9, "{what}: {:?} against {best}", seen.result.cost);
            }
            if algorithm.steps() {
                assert_eq!(seen.expansions.len(), whole.expanded, "{what}: one for each expansion counted");
                assert_eq!(seen.expansions.last().map(|e| e.at), Some(goal), "{what}: the goal last");
            }
            if seen.expansions.len() < 2 {
                // a graph laid on an open board has nothing to expand: the ends see each other
                assert!(!algorithm.steps() && density == 0.0, "{what}: {} expansions", seen.expansions.len());
                continue;
            }
            let k = seen.expansions.len().min(4) - 1;
            let cut = Searcher::default().record(&grid, start, goal, &options, k).unwrap();
            assert_eq!((cut.expansions.len(), cut.truncated), (k, true), "{what}: cut at {k}");
            assert_eq!(cut.expansions[..], seen.expansions[..k], "{what}: the same first {k}");
        }
    }
}

/// The subgoal graph on a board of scattered obstacles is answered by JPS+'s jump distances:
/// the recording shows JPS+'s expansions and says so; on a maze-like board it is the subgoal
/// graph's own search.
#[test]
fn the_algorithm_that_answers_for_another_is_named() {
    let subgoal = SearchOptions { algorithm: Algorithm::Subgoal, ..Default::default() };
    // (too many cycles for a graph to pay: held.rs's map)
    let mut scattered = seeded_grid(256, 256, 0.1, 5);
    scattered.set(0, 0, Cell::FLOOR).unwrap();
    scattered.set(200, 200, Cell::FLOOR).unwrap();
    let mut searcher = Searcher::default();
    searcher.preprocess(&scattered, &subgoal);
    let by_jumps = searcher.kept_prepared().unwrap().uses_jump_table();
    let seen = searcher.record(&scattered, (0, 0), (200, 200), &subgoal, usize::MAX).unwrap();
    let jps_plus = SearchOptions { algorithm: Algorithm::JpsPlus, ..Default::default() };
    let jumps = Searcher::default().record(&scattered, (0, 0), (200, 200), &jps_plus, usize::MAX).unwrap();
    assert!(by_jumps, "scattered obstacles are prepared as jump distances: no test");
    assert_eq!(seen.answered_by, Algorithm::JpsPlus);
    assert_eq!(seen.expansions, jumps.expansions, "JPS+'s own expansions");
    let best = oracle_2d(&scattered, (0, 0), (200, 200)).unwrap();
    assert!((seen.result.cost.unwrap() - best).abs() < 1e-9, "{:?} against {best}", seen.result.cost);
    let rooms = generate_maze(MazeKind::Backtracker, 31, 31, 2).unwrap();
    searcher.preprocess(&rooms, &subgoal);
    assert!(!searcher.kept_prepared().unwrap().uses_jump_table(), "a maze is prepared as a subgoal graph: no test");
    let seen = searcher.record(&rooms, (0, 0), (30, 30), &subgoal, usize::MAX).unwrap();
    assert_eq!(seen.answered_by, Algorithm::Subgoal);
    let best = oracle_2d(&rooms, (0, 0), (30, 30)).unwrap();
    assert!((seen.result.cost.unwrap() - best).abs() < 1e-9, "{:?} against {best}", seen.result.cost);
}

/// A world with a wall across it and a door in the wall.
fn walled_world() -> VoxelGrid {
    let mut world = VoxelGrid::new(16, 12, 6).unwrap();
    for y in 0..12 {
        for z in 0..6 {
            world.set_blocked((8, y, z), true).unwrap();
        }
    }
    world.set_blocked((8, 3, 2), false).unwrap();
    world
}

/// On a world: the searches that step record one expansion for each they count; 3D JPS records
/// its jump points (each pushed by the jump point it was reached from) and names itself; on a
/// world too cluttered for jumps, A* answers and is named.
#[test]
fn world_searches_record_their_expansions_and_jump_points() {
    let world = walled_world();
    let (start, goal) = ((0, 0, 0), (15, 11, 5));
    for algorithm in [Algorithm::AStar, Algorithm::Dijkstra, Algorithm::Greedy, Algorithm::Bfs, Algorithm::Jps] {
        let options = VoxelOptions { algorithm, jump_always: true, ..VoxelOptions::default() };
        let whole = Searcher::default().search_world(&world, start, goal, &options).unwrap();
        let seen = Searcher::default().record(&world, start, goal, &options, usize::MAX).unwrap();
        check(&seen, &whole, algorithm == Algorithm::Jps, &format!("{algorithm}"));
        assert_eq!(seen.expansions.len(), whole.expanded, "{algorithm}: one for each expansion counted");
        assert_eq!(seen.answered_by, algorithm);
    }
    // a quarter of the voxels blocked at random: small obstacles everywhere
    let mut cluttered = VoxelGrid::new(12, 12, 4).unwrap();
    let mut draw = common::unit_source(7);
    for i in 0..12 * 12 * 4 {
        if draw() < 0.25 {
            cluttered.set_blocked(cluttered.pos(i), true).unwrap();
        }
    }
    for p in [(0, 0, 0), (11, 11, 3)] {
        cluttered.set_blocked(p, false).unwrap();
    }
    let jps = VoxelOptions { algorithm: Algorithm::Jps, ..VoxelOptions::default() };
    let seen = Searcher::default().record(&cluttered, (0, 0, 0), (11, 11, 3), &jps, usize::MAX).unwrap();
    assert_eq!(seen.answered_by, Algorithm::AStar, "a quarter of the world solid: A* answers");
    let whole = Searcher::default().search_world(&cluttered, (0, 0, 0), (11, 11, 3), &jps).unwrap();
    assert_eq!(seen.result.cost, whole.cost);
}

/// A cut exactly at the number of expansions a search has is no cut: every algorithm that
/// records a board (the graphs' searches included) says it is not truncated and records all.
#[test]
fn a_limit_of_exactly_the_expansions_is_not_a_cut() {
    let grid = board(48, 40, 0.35, 3);
    for algorithm in Algorithm::ALL.into_iter().filter(|a| a.records()) {
        let options = SearchOptions { algorithm, ..Default::default() };
        let seen = Searcher::default().record(&grid, (0, 0), (47, 39), &options, usize::MAX).unwrap();
        let n = seen.expansions.len();
        let exact = Searcher::default().record(&grid, (0, 0), (47, 39), &options, n).unwrap();
        assert!(!exact.truncated, "{algorithm}: {n} expansions, limit {n}");
        assert_eq!(exact.expansions, seen.expansions, "{algorithm}");
    }
}

/// The limit in the options is not the recording's: a search asked to stop after 3 expansions
/// is recorded whole, on a board and on a world (3D JPS included).
#[test]
fn the_options_limit_is_not_used_by_a_recording() {
    let grid = board(48, 40, 0.2, 2);
    for algorithm in [Algorithm::AStar, Algorithm::Jps, Algorithm::Hpa, Algorithm::Subgoal] {
        let options = SearchOptions { algorithm, limit: Some(3), ..Default::default() };
        let seen = Searcher::default().record(&grid, (0, 0), (47, 39), &options, usize::MAX).unwrap();
        assert!(seen.result.cost.is_some() && !seen.truncated, "{algorithm}: {:?}", seen.result);
    }
    let world = walled_world();
    for algorithm in [Algorithm::AStar, Algorithm::Jps] {
        let options = VoxelOptions { algorithm, limit: Some(3), jump_always: true, ..VoxelOptions::default() };
        let seen = Searcher::default().record(&world, (0, 0, 0), (15, 11, 5), &options, usize::MAX).unwrap();
        assert!(seen.result.cost.is_some() && !seen.truncated, "{algorithm}: {:?}", seen.result);
    }
}

/// The estimates told with each push are the node's own: the octile distance to the goal on
/// the graphs' searches, and 3D JPS's Fly26 estimate times the weight; the goal's last push
/// carries the answer's cost (an optimal search, or 3D JPS's final cost).
#[test]
fn pushes_tell_their_own_estimate_and_the_goal_its_cost() {
    let rooms = generate_maze(MazeKind::Backtracker, 31, 31, 2).unwrap();
    for algorithm in [Algorithm::AStar, Algorithm::Hpa, Algorithm::Subgoal] {
        let options = SearchOptions { algorithm, ..Default::default() };
        let seen = Searcher::default().record(&rooms, (0, 0), (30, 30), &options, usize::MAX).unwrap();
        let octile = |p: Pos| Heuristic::Octile.estimate(options.topology, options.costs, p, (30, 30));
        for p in seen.expansions.iter().flat_map(|e| &e.pushed) {
            assert!((p.h - octile(p.at)).abs() < 1e-9, "{algorithm}: {p:?}");
        }
        if algorithm != Algorithm::Subgoal {
            let last = seen.expansions.iter().flat_map(|e| &e.pushed).rfind(|p| p.at == (30, 30));
            assert_eq!(last.map(|p| p.g), seen.result.cost, "{algorithm}: the goal's push");
        }
    }
    let (world, goal) = (walled_world(), (15, 11, 5));
    let options = VoxelOptions { algorithm: Algorithm::Jps, weight: 1.5, jump_always: true, ..VoxelOptions::default() };
    let seen = Searcher::default().record(&world, (0, 0, 0), goal, &options, usize::MAX).unwrap();
    assert_eq!(seen.answered_by, Algorithm::Jps);
    for p in seen.start.iter().chain(seen.expansions.iter().flat_map(|e| &e.pushed)) {
        assert!((p.h - 1.5 * VoxelMoves::Fly26.estimate(p.at, goal)).abs() < 1e-9, "{p:?}");
    }
    let last = seen.expansions.iter().flat_map(|e| &e.pushed).rfind(|p| p.at == goal);
    assert_eq!(last.map(|p| p.g), seen.result.cost, "3D JPS: the goal's push");
}

/// A goal in another component, asked of a searcher that has prepared nothing: HPA* and the
/// subgoal graph record no path (the graph made for the recording), 3D JPS records nothing
/// (not the jump points of the search before it on the same searcher).
#[test]
fn a_goal_out_of_reach_records_no_path() {
    let mut grid = Grid::new(24, 16).unwrap();
    for y in 0..16 {
        grid.set(12, y, Cell::Blocked).unwrap();
    }
    for algorithm in [Algorithm::Hpa, Algorithm::Subgoal, Algorithm::AStar] {
        let options = SearchOptions { algorithm, ..Default::default() };
        let seen = Searcher::default().record(&grid, (0, 0), (23, 15), &options, usize::MAX).unwrap();
        assert_eq!((seen.result.cost, seen.truncated), (None, false), "{algorithm}");
    }
    let mut world = walled_world();
    let mut searcher = Searcher::default();
    let jps = VoxelOptions { algorithm: Algorithm::Jps, jump_always: true, ..VoxelOptions::default() };
    let before = searcher.record(&world, (0, 0, 0), (15, 11, 5), &jps, usize::MAX).unwrap();
    assert!(!before.expansions.is_empty());
    world.set_blocked((8, 3, 2), true).unwrap(); // the door shut
    let seen = searcher.record(&world, (0, 0, 0), (15, 11, 5), &jps, usize::MAX).unwrap();
    assert_eq!((seen.result.cost, seen.expansions.len()), (None, 0), "{:?}", seen.expansions.len());
}
/// 3D JPS cut at `k` jump points says so and records the first `k` of the whole recording,
/// each with what it pushed.
#[test]
fn a_jump_search_cut_at_its_limit_is_the_start_of_the_whole() {
    let world = walled_world();
    let jps = VoxelOptions { algorithm: Algorithm::Jps, jump_always: true, ..VoxelOptions::default() };
    let seen = Searcher::default().record(&world, (0, 0, 0), (15, 11, 5), &jps, usize::MAX).unwrap();
    for k in [1, 2, seen.expansions.len() - 1] {
        let cut = Searcher::default().record(&world, (0, 0, 0), (15, 11, 5), &jps, k).unwrap();
        assert_eq!((cut.expansions.len(), cut.truncated), (k, true), "cut at {k}");
        let at = |r: &Recording<Pos3>| r.expansions.iter().map(|e| e.at).collect::<Vec<_>>();
        assert_eq!(at(&cut)[..], at(&seen)[..k], "the same first {k} jump points");
        assert_eq!(cut.expansions[..], seen.expansions[..k], "the same first {k}, with their pushes");
    }
    let n = seen.expansions.len();
    let exact = Searcher::default().record(&world, (0, 0, 0), (15, 11, 5), &jps, n).unwrap();
    assert_eq!((exact.truncated, exact.result.cost), (false, seen.result.cost), "limit {n}: no cut");
}
