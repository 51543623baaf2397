//! Rules no test reached before: searches through one searcher on a copy of the grid it
//! prepared, edited since, and on the grid after an edit set back (an undo), each answer the
//! Dijkstra's written from the rules. (An HPA* query refused by a clone of the clusters it began
//! on is tested with the engine's slices, in `search/refusals.rs`.)

use cubepath_search::{grid::*, search::*};

mod oracle;
use oracle::oracle_2d;

fn options(algorithm: Algorithm) -> SearchOptions {
    SearchOptions { algorithm, ..Default::default() }
}

/// The algorithms whose searchers keep something derived from the grid: components always, bit
/// rows (block JPS), jump distances (JPS+), a subgoal graph, HPA*'s clusters.
const KEEPING: [Algorithm; 5] = [Algorithm::AStar, Algorithm::JpsBlock, Algorithm::JpsPlus, Algorithm::Subgoal, Algorithm::Hpa];

/// Where the pairs asked on the room maze are: far apart, through doors (each end the free
/// cell nearest these).
const PAIRS: [(Pos, Pos); 4] = [((1, 1), (59, 39)), ((59, 1), (1, 39)), ((1, 20), (59, 20)), ((30, 1), (30, 39))];

/// The free cell of `grid` nearest `p` (the first found in rings around it).
fn free_near(grid: &Grid, (x, y): Pos) -> Pos {
    (0..grid.width().max(grid.height()))
        .flat_map(|r| (x.saturating_sub(r)..=x + r).flat_map(move |i| (y.saturating_sub(r)..=y + r).map(move |j| (i, j))))
        .find(|&(i, j)| grid.is_passable(i, j))
        .expect("a free cell")
}

/// The pairs asked on `grid`.
fn pairs(grid: &Grid) -> Vec<(Pos, Pos)> {
    PAIRS.iter().map(|&(a, b)| (free_near(grid, a), free_near(grid, b))).collect()
}

/// Asks `searcher` every pair on `grid`, whole and in slices (`Searcher::start` and `advance`,
/// 7 units of work a call); optimal algorithms must answer the oracle's cost, HPA* a legal
/// path no cheaper than it, and "no path" exactly where the oracle has none.
fn ask(searcher: &mut Searcher, grid: &Grid, algorithm: Algorithm, what: &str) {
    let options = options(algorithm);
    for (a, b) in pairs(grid) {
        let want = oracle_2d(grid, a, b);
        let whole = searcher.search(grid, a, b, &options).unwrap();
        let mut search = searcher.start(grid, a, b, &options).unwrap();
        while !searcher.advance(grid, &mut search, 7).unwrap() {}
        let sliced = search.result().unwrap().clone();
        for (how, r) in [("whole", whole), ("sliced", sliced)] {
            match (r.cost, want) {
                (None, None) => {}
                (Some(c), Some(w)) if algorithm == Algorithm::Hpa => {
                    assert!(c > w - 1e-9, "{what}, {algorithm} {how}: {a:?} -> {b:?} costs {c}, below the optimum {w}");
                    let path = r.path.unwrap();
                    assert!(path.iter().all(|&(x, y)| grid.is_passable(x, y)), "{what}, {algorithm} {how}: through a wall");
                }
                (Some(c), Some(w)) => assert!((c - w).abs() < 1e-9, "{what}, {algorithm} {how}: {a:?} -> {b:?} costs {c}, the oracle {w}"),
                (got, _) => panic!("{what}, {algorithm} {how}: {a:?} -> {b:?}: {got:?}, the oracle {want:?}"),
            }
        }
    }
}

/// A cell on a path from `a` to `b` whose wall makes the way dearer or cuts it (so that an
/// answer from the data of the grid before the wall is seen to be wrong).
fn cutting_cell(grid: &Grid, (a, b): (Pos, Pos)) -> Pos {
    let before = oracle_2d(grid, a, b).expect("joined");
    let path = Searcher::default().search(grid, a, b, &SearchOptions::default()).unwrap().path.unwrap();
    let mut walled = grid.clone();
    path[1..path.len() - 1]
        .iter()
        .copied()
        .find(|&(x, y)| {
            walled.set(x, y, Cell::Blocked).unwrap();
            let dearer = oracle_2d(&walled, a, b).is_none_or(|c| c > before + 1e-9);
            walled.set(x, y, Cell::FLOOR).unwrap();
            dearer
        })
        .expect("a door on the way")
}

/// The room maze the searches below are asked on.
fn rooms() -> Grid {
    generate_maze(MazeKind::Rooms, 61, 41, 1).unwrap()
}

/// A searcher prepared on a grid, then asked on a copy of it walled on one way while the
/// original is walled on another (the two at the same revision count, different cells), then
/// on the original, then the copy again: each answer is the oracle's on the grid asked, whole
/// and in slices, for every algorithm that keeps data. Failed with a copy keeping its
/// original's identity (`Grid::clone`), and with JPS+'s table or the subgoal preparation keyed
/// by the revision alone (the copy answered from the original's data, through its wall).
#[test]
fn a_copy_edited_apart_is_searched_as_it_is() {
    let maze = rooms();
    let (on_copy, on_original) = (cutting_cell(&maze, pairs(&maze)[0]), cutting_cell(&maze, pairs(&maze)[1]));
    assert_ne!(on_copy, on_original);
    for algorithm in KEEPING {
        let mut grid = maze.clone();
        let mut searcher = Searcher::default();
        searcher.preprocess(&grid, &options(algorithm));
        ask(&mut searcher, &grid, algorithm, "the original");
        let mut copy = grid.clone();
        copy.set(on_copy.0, on_copy.1, Cell::Blocked).unwrap();
        grid.set(on_original.0, on_original.1, Cell::Blocked).unwrap();
        assert_eq!(copy.version().1, grid.version().1, "one revision count");
        ask(&mut searcher, &copy, algorithm, "the copy walled");
        ask(&mut searcher, &grid, algorithm, "the original walled elsewhere");
        ask(&mut searcher, &copy, algorithm, "the copy again");
    }
}

/// A searcher prepared on a grid, then asked after a wall is put on the way and after it is
/// taken off again (set back: a new revision of the same cells as at first), and after another
/// wall put and taken off with no search between: each answer is the oracle's on the grid as
/// it is, whole and in slices. Failed with JPS+'s table, the subgoal preparation, HPA*'s
/// clusters or the components keyed by the grid's identity alone (answers through the wall).
#[test]
fn an_edit_set_back_is_searched_as_the_grid_is() {
    let maze = rooms();
    let (first, second) = (cutting_cell(&maze, pairs(&maze)[0]), cutting_cell(&maze, pairs(&maze)[2]));
    for algorithm in KEEPING {
        let mut grid = maze.clone();
        let mut searcher = Searcher::default();
        searcher.preprocess(&grid, &options(algorithm));
        ask(&mut searcher, &grid, algorithm, "as made");
        grid.set(first.0, first.1, Cell::Blocked).unwrap();
        ask(&mut searcher, &grid, algorithm, "walled");
        grid.set(first.0, first.1, Cell::FLOOR).unwrap();
        ask(&mut searcher, &grid, algorithm, "the wall taken off");
        grid.set(second.0, second.1, Cell::Blocked).unwrap();
        grid.set(second.0, second.1, Cell::FLOOR).unwrap();
        ask(&mut searcher, &grid, algorithm, "walled and taken off unseen");
        grid.set(second.0, second.1, Cell::Blocked).unwrap();
        ask(&mut searcher, &grid, algorithm, "walled again");
    }
}

/// A searcher prepared on a grid where the first pair's start is walled in (no way out), then
/// asked after those walls are set back: the ways are found again, whole and in slices, at
/// the oracle's costs. Failed with the connected components keyed by the grid's identity
/// alone (the start still walled in: "no path").
#[test]
fn a_start_walled_in_then_set_free_is_searched_as_the_grid_is() {
    let maze = rooms();
    let (x, y) = pairs(&maze)[0].0;
    let around: Vec<Pos> = (x.saturating_sub(1)..=x + 1)
        .flat_map(|i| (y.saturating_sub(1)..=y + 1).map(move |j| (i, j)))
        .filter(|&(i, j)| (i, j) != (x, y) && maze.is_passable(i, j))
        .collect();
    for algorithm in KEEPING {
        let mut grid = maze.clone();
        for &(i, j) in &around {
            grid.set(i, j, Cell::Blocked).unwrap();
        }
        let mut searcher = Searcher::default();
        searcher.preprocess(&grid, &options(algorithm));
        ask(&mut searcher, &grid, algorithm, "walled in");
        for &(i, j) in &around {
            grid.set(i, j, Cell::FLOOR).unwrap();
        }
        ask(&mut searcher, &grid, algorithm, "set free");
    }
}
