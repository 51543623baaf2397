//! A heuristic given as a function (`Estimate`): written to equal a named heuristic it answers
//! exactly as the named one does, on boards and worlds, whole and recorded; zero, it finds the
//! least cost the Dijkstra written from the rules finds; admissible but inconsistent, A* takes
//! closed cells back and still finds the least cost; overestimating, paths stay legal and may
//! cost more; a NaN, infinite or negative value stops the search naming the cell; algorithms
//! that take none say so.

use cubepath_search::{grid::*, search::*, world::*};

mod common;
mod oracle;
use common::seeded_grid;
use oracle::{oracle_2d, path_cost_by_rules};

/// A board of `density` walls with a way from (0, 0) to (w - 1, h - 1).
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

/// The octile distance, summed as the engine's named heuristic sums it (so that ties break
/// alike, to the last bit).
fn octile(a: Pos, b: Pos) -> f64 {
    let (dx, dy) = (a.0.abs_diff(b.0) as f64, a.1.abs_diff(b.1) as f64);
    let (lo, hi) = (dx.min(dy), dx.max(dy));
    (hi - lo) + std::f64::consts::SQRT_2 * lo
}

const TAKING: [Algorithm; 9] = [
    Algorithm::AStar,
    Algorithm::Greedy,
    Algorithm::Jps,
    Algorithm::JpsBlock,
    Algorithm::JpsPlus,
    Algorithm::Theta,
    Algorithm::LazyTheta,
    Algorithm::AStarBidir,
    Algorithm::Ida,
];

#[test]
fn the_octile_distance_written_out_answers_as_the_named_one() {
    let given = Estimate::new(octile);
    for seed in 0..6 {
        let grid = board(40, 30, 0.25, seed);
        let goal = (39, 29);
        for algorithm in TAKING {
            for weight in [1.0, 1.5] {
                let options = SearchOptions { algorithm, heuristic: Some(Heuristic::Octile), weight, ..Default::default() };
                let named = Searcher::default().search(&grid, (0, 0), goal, &options).unwrap();
                let written = Searcher::default().search_estimated(&grid, (0, 0), goal, &options, &given).unwrap();
                assert_eq!(written.path, named.path, "{algorithm:?} x{weight} seed {seed}");
                assert_eq!((written.cost, written.expanded), (named.cost, named.expanded), "{algorithm:?} x{weight} seed {seed}");
                assert!(!written.admissible, "nothing is promised of a given estimate");
            }
        }
    }
}

#[test]
fn a_zero_estimate_finds_the_least_cost() {
    let zero = Estimate::new(|_: Pos, _: Pos| 0.0);
    for seed in 0..6 {
        let grid = board(30, 30, 0.3, seed);
        let want = oracle_2d(&grid, (0, 0), (29, 29)).unwrap();
        for algorithm in [Algorithm::AStar, Algorithm::Jps, Algorithm::JpsPlus, Algorithm::AStarBidir] {
            let options = SearchOptions { algorithm, ..Default::default() };
            let r = Searcher::default().search_estimated(&grid, (0, 0), (29, 29), &options, &zero).unwrap();
            assert!((r.cost.unwrap() - want).abs() < 1e-9, "{algorithm:?} seed {seed}: {:?} not {want}", r.cost);
            assert_eq!(path_cost_by_rules(&grid, &r.path.unwrap()).map(|c| (c - want).abs() < 1e-9), Some(true));
        }
    }
}

/// An estimate that never overestimates but drops by more than a move costs between
/// neighbours: A* expands some cells twice and still returns the least cost; with the named
/// heuristics (consistent) no cell is expanded twice.
#[test]
fn an_inconsistent_estimate_reopens_cells_and_stays_optimal() {
    let mut reopened = 0;
    for seed in 0..12 {
        let grid = board(24, 24, 0.2, seed);
        let goal = (23, 23);
        // the octile distance on cells with an even x, nothing on the others: admissible,
        // inconsistent where x is odd
        let patchy = Estimate::new(|a: Pos, b: Pos| if a.0.is_multiple_of(2) { octile(a, b) } else { 0.0 });
        let want = oracle_2d(&grid, (0, 0), goal).unwrap();
        let options = SearchOptions::default();
        let r = Searcher::default().search_estimated(&grid, (0, 0), goal, &options, &patchy).unwrap();
        assert!((r.cost.unwrap() - want).abs() < 1e-9, "seed {seed}: {:?} not {want}", r.cost);
        let recording = Searcher::default().record_estimated(&grid, ((0, 0), goal), &options, &patchy, usize::MAX).unwrap();
        let mut seen = std::collections::HashSet::new();
        reopened += recording.expansions.iter().filter(|e| !seen.insert(e.at)).count();
        assert_eq!(recording.result.cost, r.cost);
        let named = Searcher::default().record(&grid, (0, 0), goal, &options, usize::MAX).unwrap();
        let mut seen = std::collections::HashSet::new();
        assert!(named.expansions.iter().all(|e| seen.insert(e.at)), "the octile distance is consistent: nothing expanded twice");
    }
    assert!(reopened > 0, "an inconsistent estimate makes A* expand some cells again");
}

#[test]
fn an_overestimate_gives_legal_paths_that_may_cost_more() {
    let tenfold = Estimate::new(|a: Pos, b: Pos| 10.0 * octile(a, b));
    let mut dearer = 0;
    for seed in 0..10 {
        let grid = board(40, 40, 0.3, seed);
        let want = oracle_2d(&grid, (0, 0), (39, 39)).unwrap();
        let r = Searcher::default().search_estimated(&grid, (0, 0), (39, 39), &SearchOptions::default(), &tenfold).unwrap();
        let cost = path_cost_by_rules(&grid, &r.path.unwrap()).expect("a legal path");
        assert!((cost - r.cost.unwrap()).abs() < 1e-9 && cost >= want - 1e-9);
        dearer += (cost > want + 1e-9) as usize;
    }
    assert!(dearer > 0, "ten times the octile distance finds a dearer path somewhere");
}

#[test]
fn a_bad_value_stops_the_search_naming_the_cell() {
    let grid = Grid::new(10, 10).unwrap();
    for bad in [f64::NAN, f64::INFINITY, -0.5] {
        let e = Estimate::new(move |a: Pos, _: Pos| if a == (3, 3) { bad } else { 0.0 });
        for algorithm in [Algorithm::AStar, Algorithm::Greedy, Algorithm::Theta, Algorithm::AStarBidir, Algorithm::Ida] {
            let options = SearchOptions { algorithm, ..Default::default() };
            let err = Searcher::default().search_estimated(&grid, (0, 0), (9, 9), &options, &e).unwrap_err();
            match err {
                SearchError::BadEstimate { at, value } => {
                    assert_eq!(at, (3, 3), "{algorithm:?}");
                    assert!(value.is_nan() == bad.is_nan() && (bad.is_nan() || value == bad));
                }
                other => panic!("{algorithm:?} {bad}: {other:?}"),
            }
            assert!(err.to_string().contains("3,3"), "{err}");
        }
        let recorded = Searcher::default().record_estimated(&grid, ((0, 0), (9, 9)), &SearchOptions::default(), &e, usize::MAX);
        assert!(matches!(recorded, Err(SearchError::BadEstimate { at: (3, 3), .. })), "{recorded:?}");
    }
    // at the start itself
    let e = Estimate::new(|_: Pos, _: Pos| f64::NAN);
    let err = Searcher::default().search_estimated(&grid, (2, 5), (9, 9), &SearchOptions::default(), &e).unwrap_err();
    assert!(matches!(err, SearchError::BadEstimate { at: (2, 5), .. }), "{err:?}");
}

#[test]
fn algorithms_that_take_no_estimate_say_so() {
    let grid = Grid::new(8, 8).unwrap();
    let e = Estimate::new(octile);
    for algorithm in [Algorithm::Dijkstra, Algorithm::Bfs, Algorithm::Subgoal, Algorithm::Hpa] {
        assert!(!algorithm.takes_estimate());
        let options = SearchOptions { algorithm, ..Default::default() };
        let err = Searcher::default().search_estimated(&grid, (0, 0), (7, 7), &options, &e).unwrap_err();
        assert_eq!(err, SearchError::TakesNoEstimate(algorithm));
    }
    let world = VoxelGrid::new(4, 4, 4).unwrap();
    let jps = VoxelOptions { algorithm: Algorithm::Jps, ..Default::default() };
    let e3 = Estimate::new(|_: Pos3, _: Pos3| 0.0);
    assert_eq!(
        Searcher::default().search_world_estimated(&world, (0, 0, 0), (3, 3, 3), &jps, &e3).unwrap_err(),
        SearchError::TakesNoEstimate(Algorithm::Jps)
    );
}

#[test]
fn a_recording_with_an_estimate_tells_its_values() {
    let grid = board(20, 20, 0.25, 3);
    let goal = (19, 19);
    let double = Estimate::new(|a: Pos, b: Pos| 2.0 * octile(a, b));
    let options = SearchOptions { weight: 1.5, ..Default::default() };
    let recording = Searcher::default().record_estimated(&grid, ((0, 0), goal), &options, &double, usize::MAX).unwrap();
    let whole = Searcher::default().search_estimated(&grid, (0, 0), goal, &options, &double).unwrap();
    assert_eq!((recording.result.path.clone(), recording.result.cost), (whole.path, whole.cost));
    let pushed = recording.expansions.iter().flat_map(|e| e.pushed.iter()).chain(recording.start.iter());
    let mut n = 0;
    for p in pushed {
        assert!((p.h - 1.5 * 2.0 * octile(p.at, goal)).abs() < 1e-9, "{p:?}");
        n += 1;
    }
    assert!(n > 20);
}

#[test]
fn on_worlds_a_written_estimate_answers_as_the_moves_own() {
    for seed in 0..4 {
        let (start, goal) = ((0, 0, 0), (15, 15, 7));
        let mut w = VoxelGrid::new(16, 16, 8).unwrap();
        let mut next = common::unit_source(seed);
        for z in 0..8 {
            for y in 0..16 {
                for x in 0..16 {
                    w.set_blocked((x, y, z), next() < 0.2).unwrap();
                }
            }
        }
        for open in [start, goal, (1, 1, 1)] {
            w.set_blocked(open, false).unwrap();
        }
        let own = |a: Pos3, b: Pos3| VoxelMoves::Fly26.estimate(a, b);
        let given = Estimate::new(own);
        for algorithm in [Algorithm::AStar, Algorithm::Greedy, Algorithm::AStarBidir, Algorithm::Ida] {
            let options = VoxelOptions { algorithm, limit: Some(200_000), ..Default::default() };
            let named = Searcher::default().search_world(&w, start, goal, &options).unwrap();
            let written = Searcher::default().search_world_estimated(&w, start, goal, &options, &given).unwrap();
            assert_eq!((written.cost, written.expanded), (named.cost, named.expanded), "{algorithm:?} seed {seed}");
        }
        let bad = Estimate::new(|a: Pos3, _: Pos3| if a == (1, 1, 1) { -1.0 } else { 0.0 });
        let e = Searcher::default().search_world_estimated(&w, start, goal, &VoxelOptions::default(), &bad);
        assert!(matches!(e, Err(SearchError::BadWorldEstimate { at: (1, 1, 1), .. })), "{e:?}");
        let recorded = Searcher::default().record_estimated(&w, (start, goal), &VoxelOptions::default(), &bad, usize::MAX);
        assert!(matches!(recorded, Err(SearchError::BadWorldEstimate { at: (1, 1, 1), .. })), "{recorded:?}");
    }
}

/// Calls of an estimate, in order, with the value it gave.
type Log = std::sync::Arc<std::sync::Mutex<Vec<(Pos, f64)>>>;

fn logged(value: impl Fn(Pos) -> f64 + Send + Sync + 'static) -> (Estimate, Log) {
    let log = Log::default();
    let l = log.clone();
    let e = Estimate::new(move |a: Pos, _: Pos| {
        let v = value(a);
        l.lock().unwrap().push((a, v));
        v
    });
    (e, log)
}

/// The refusal named is the first value refused, and the search stops at once after it (an
/// expansion's few neighbours at most), bidirectional A* and IDA* too; -0 is no refusal.
#[test]
fn the_first_refused_value_is_named_and_the_search_stops_there() {
    let grid = Grid::new(40, 40).unwrap();
    for algorithm in [Algorithm::AStar, Algorithm::Greedy, Algorithm::Jps, Algorithm::Theta, Algorithm::AStarBidir, Algorithm::Ida] {
        let (e, log) = logged(|a| if a.0 + a.1 > 6 { -(1.0 + a.0 as f64 + 100.0 * a.1 as f64) } else { 0.0 });
        let err = Searcher::default()
            .search_estimated(&grid, (0, 0), (39, 39), &SearchOptions { algorithm, ..Default::default() }, &e)
            .unwrap_err();
        let log = log.lock().unwrap();
        let k = log.iter().position(|&(_, v)| v < 0.0).unwrap();
        assert_eq!(err, SearchError::BadEstimate { at: log[k].0, value: log[k].1 }, "{algorithm:?}");
        assert!(log.len() - k - 1 <= 16, "{algorithm:?}: {} calls after the refusal", log.len() - k - 1);
    }
    let world = VoxelGrid::new(12, 12, 12).unwrap();
    let calls = std::sync::Arc::new(std::sync::Mutex::new((0usize, None::<usize>)));
    let c = calls.clone();
    let e = Estimate::new(move |a: Pos3, _: Pos3| {
        let mut c = c.lock().unwrap();
        c.0 += 1;
        let n = c.0;
        if a == (1, 1, 1) {
            c.1.get_or_insert(n);
            -1.0
        } else {
            0.0
        }
    });
    let r = Searcher::default().search_world_estimated(&world, (0, 0, 0), (11, 11, 11), &VoxelOptions::default(), &e);
    assert!(matches!(r, Err(SearchError::BadWorldEstimate { at: (1, 1, 1), .. })), "{r:?}");
    let (n, first) = *calls.lock().unwrap();
    assert!(n - first.unwrap() <= 26, "world: {} calls after the refusal", n - first.unwrap());
    // -0 is 0
    let (minus, zero) = (Estimate::new(|_: Pos, _: Pos| -0.0), Estimate::new(|_: Pos, _: Pos| 0.0));
    let a = Searcher::default().search_estimated(&grid, (0, 0), (39, 12), &SearchOptions::default(), &minus).unwrap();
    let b = Searcher::default().search_estimated(&grid, (0, 0), (39, 12), &SearchOptions::default(), &zero).unwrap();
    assert_eq!((a.path, a.cost, a.expanded), (b.path, b.cost, b.expanded));
}

/// Recordings and world searches with a given estimate promise nothing; 3D JPS takes none,
/// recorded or not; a cell taken back is counted pushed once (an improvement after).
#[test]
fn what_estimated_searches_promise_and_count() {
    let world = VoxelGrid::new(4, 4, 4).unwrap();
    let e3 = Estimate::new(|_: Pos3, _: Pos3| 0.0);
    let jps = VoxelOptions { algorithm: Algorithm::Jps, ..Default::default() };
    let r = Searcher::default().record_estimated(&world, ((0, 0, 0), (3, 3, 3)), &jps, &e3, usize::MAX);
    assert_eq!(r.err(), Some(SearchError::TakesNoEstimate(Algorithm::Jps)));
    let rw = Searcher::default().record_estimated(&world, ((0, 0, 0), (3, 3, 3)), &VoxelOptions::default(), &e3, usize::MAX).unwrap();
    let sw = Searcher::default().search_world_estimated(&world, (0, 0, 0), (3, 3, 3), &VoxelOptions::default(), &e3).unwrap();
    let grid = Grid::new(8, 8).unwrap();
    let e = Estimate::new(|_: Pos, _: Pos| 0.0);
    let rb = Searcher::default().record_estimated(&grid, ((0, 0), (7, 7)), &SearchOptions::default(), &e, usize::MAX).unwrap();
    assert!(!rw.result.admissible && !sw.admissible && !rb.result.admissible);
    for seed in 0..12 {
        let grid = board(24, 24, 0.2, seed);
        let patchy = Estimate::new(|a: Pos, b: Pos| if a.0.is_multiple_of(2) { octile(a, b) } else { 0.0 });
        let rec = Searcher::default().record_estimated(&grid, ((0, 0), (23, 23)), &SearchOptions::default(), &patchy, usize::MAX).unwrap();
        let cells: std::collections::HashSet<Pos> =
            rec.expansions.iter().flat_map(|e| e.pushed.iter().map(|p| p.at)).chain(rec.start.iter().map(|p| p.at)).collect();
        assert_eq!(rec.result.pushed, cells.len(), "seed {seed}: each cell counted pushed once");
    }
}
