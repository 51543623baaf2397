//! A search holds what it started with: the jump tables, bit rows, subgoal graph and HPA*
//! clusters a search reads are values it holds from its first slice to its last, so whatever
//! the searcher is asked to do in between (prepare another grid, run a subgoal query, keep
//! another hierarchy) cannot change its answer. Every answer here is the answer of a fresh
//! searcher on the same grid, checked against the Dijkstra written from the rules; a refusal
//! (`None`, [`HpaError::Stale`]) is allowed only where the grid itself changed.

use std::sync::Arc;

use cubepath_search::{grid::*, search::*};
use proptest::prelude::*;

mod common;
mod oracle;
use common::seeded_grid;
use oracle::oracle_2d;

fn options(algorithm: Algorithm) -> SearchOptions {
    SearchOptions { algorithm, ..Default::default() }
}

fn close(a: Option<f64>, b: Option<f64>) -> bool {
    match (a, b) {
        (Some(a), Some(b)) => (a - b).abs() < 1e-9,
        (a, b) => a.is_none() && b.is_none(),
    }
}

/// A scattered 64 x 64 board with a way across from (0, 0) to (63, 63): the first seed from
/// `seed` on that draws one.
fn scattered(seed: u64) -> Grid {
    (seed..)
        .map(|seed| {
            let mut grid = seeded_grid(64, 64, 0.2, seed);
            grid.set(0, 0, Cell::FLOOR).unwrap();
            grid.set(63, 63, Cell::FLOOR).unwrap();
            grid
        })
        .find(|grid| oracle_2d(grid, (0, 0), (63, 63)).is_some())
        .unwrap()
}

/// Begins a search of `algorithm` on `grid` from (0, 0) to (63, 63) and parks it after one
/// expansion, not finished.
fn parked_early(searcher: &mut Searcher, grid: &Grid, algorithm: Algorithm) -> ParkedSearch {
    let mut run = searcher.begin(grid, (0, 0), (63, 63), &options(algorithm)).unwrap();
    assert!(!run.advance(1), "{algorithm} ended within one expansion: no test");
    run.park()
}

fn finish(searcher: &mut Searcher, grid: &Grid, parked: &ParkedSearch) -> SearchResult {
    let mut run = searcher.resume(grid, parked).expect("the grid did not change");
    assert!(run.advance(usize::MAX));
    run.result()
}

#[test]
fn a_parked_jump_search_holds_its_tables_through_another_grids_preparation() {
    let (grid, other) = (scattered(1), scattered(200));
    let truth = oracle_2d(&grid, (0, 0), (63, 63));
    for algorithm in [Algorithm::JpsPlus, Algorithm::JpsBlock] {
        let mut searcher = Searcher::default();
        let parked = parked_early(&mut searcher, &grid, algorithm);
        searcher.preprocess(&other, &options(algorithm));
        let result = finish(&mut searcher, &grid, &parked);
        assert!(close(result.cost, truth), "{algorithm} after another grid's preparation: {:?} against {truth:?}", result.cost);
    }
}

#[test]
fn a_parked_jump_search_survives_a_smaller_grids_preparation() {
    let grid = scattered(1);
    let small = Grid::new(8, 8).unwrap();
    let truth = oracle_2d(&grid, (0, 0), (63, 63));
    for algorithm in [Algorithm::JpsPlus, Algorithm::JpsBlock] {
        let mut searcher = Searcher::default();
        let parked = parked_early(&mut searcher, &grid, algorithm);
        searcher.preprocess(&small, &options(algorithm));
        let result = finish(&mut searcher, &grid, &parked);
        assert!(close(result.cost, truth), "{algorithm} after an 8 x 8 grid's preparation: {:?} against {truth:?}", result.cost);
    }
}

#[test]
fn a_parked_jps_plus_search_holds_its_table_through_a_subgoal_query() {
    let grid = scattered(1);
    // a map whose preparation answers by JPS+: the subgoal query lends its jump table to the
    // searcher
    let mut other = seeded_grid(256, 256, 0.1, 5);
    other.set(0, 0, Cell::FLOOR).unwrap();
    other.set(200, 200, Cell::FLOOR).unwrap();
    assert!(prepare(&other).unwrap().uses_jump_table(), "no jump table lent: no test");
    let truth = oracle_2d(&grid, (0, 0), (63, 63));
    let mut searcher = Searcher::default();
    let parked = parked_early(&mut searcher, &grid, Algorithm::JpsPlus);
    let between = searcher.search(&other, (0, 0), (200, 200), &options(Algorithm::Subgoal)).unwrap();
    assert!(close(between.cost, oracle_2d(&other, (0, 0), (200, 200))));
    let result = finish(&mut searcher, &grid, &parked);
    assert!(close(result.cost, truth), "JPS+ after a subgoal query: {:?} against {truth:?}", result.cost);
}

#[test]
fn a_parked_search_is_still_refused_after_an_edit_or_on_a_copy() {
    let mut grid = scattered(1);
    for algorithm in [Algorithm::JpsPlus, Algorithm::JpsBlock, Algorithm::AStar] {
        let mut searcher = Searcher::default();
        let parked = parked_early(&mut searcher, &grid, algorithm);
        assert!(searcher.resume(&grid.clone(), &parked).is_none(), "{algorithm} resumed on a copy");
        let was = grid.get(10, 10).unwrap();
        let toggled = if was == Cell::Blocked { Cell::FLOOR } else { Cell::Blocked };
        grid.set(10, 10, toggled).unwrap();
        assert!(searcher.resume(&grid, &parked).is_none(), "{algorithm} resumed after an edit");
        grid.set(10, 10, was).unwrap();
        assert!(searcher.resume(&grid, &parked).is_none(), "{algorithm} resumed after an edit undone");
    }
}

/// A sliced HPA* query finished after the searcher was given clusters of another side for the
/// same grid: it answers from the clusters it began with, as a fresh searcher does.
#[test]
fn a_sliced_hpa_query_holds_its_clusters_through_keep_hierarchy() {
    let grid = scattered(4);
    let hpa = options(Algorithm::Hpa);
    let other = Arc::new(Hierarchy::build(&grid, 5).unwrap());
    let mut searcher = Searcher::default();
    let mut rng = common::unit_source(9);
    let mut answered = 0;
    for _ in 0..30 {
        let pick = |r: &mut dyn FnMut() -> f64| loop {
            let p = ((r() * 64.0) as usize, (r() * 64.0) as usize);
            if grid.is_passable(p.0, p.1) {
                break p;
            }
        };
        let (a, b) = (pick(&mut rng), pick(&mut rng));
        if oracle_2d(&grid, a, b).is_none() {
            continue; // ended before it began: no clusters read
        }
        let mut run = searcher.begin_hpa(&grid, a, b, &hpa).unwrap();
        let _ = searcher.advance_hpa(&grid, &mut run, &hpa, 1).unwrap();
        assert_ne!(searcher.kept_hierarchy().map(Hierarchy::cluster_side), Some(5));
        searcher.keep_hierarchy(other.clone());
        let result = loop {
            if let Some(r) = searcher.advance_hpa(&grid, &mut run, &hpa, 3).unwrap() {
                break r;
            }
        };
        let fresh = Searcher::default().search(&grid, a, b, &hpa).unwrap();
        assert_eq!(result.path, fresh.path, "from {a:?} to {b:?}");
        assert!(close(result.cost, fresh.cost));
        if let Some(path) = &result.path {
            assert!(path.iter().all(|&(x, y)| grid.is_passable(x, y)), "a path through a wall from {a:?} to {b:?}");
            answered += 1;
        }
    }
    assert!(answered > 20, "only {answered} of 30 queries were answered: no test");
}

/// An HPA* query begun on one hierarchy is refused by another, even of the same grid as it is.
#[test]
fn an_hpa_query_is_refused_by_clusters_it_did_not_begin_on() {
    let grid = scattered(4);
    let (h8, h5) = (Hierarchy::build(&grid, 8).unwrap(), Hierarchy::build(&grid, 5).unwrap());
    let mut run = h8.begin_find(&grid, (0, 0), (63, 63), HpaScratch::default()).unwrap();
    assert_eq!(run.advance(&h8, &grid, 1), Ok(false));
    assert_eq!(run.advance(&h5, &grid, 1_000_000), Err(HpaError::Stale));
    // the same clusters built again are another value: refused too
    let again = Hierarchy::build(&grid, 8).unwrap();
    assert_eq!(run.advance(&again, &grid, 1_000_000), Err(HpaError::Stale));
    assert_eq!(run.advance(&h8, &grid, 1_000_000), Ok(true));
}

// ---- interleavings ---------------------------------------------------------------------------

#[derive(Clone, Debug)]
enum Op {
    /// Begin a search on grid `g` with algorithm `a` between the picked cells, parked at once.
    Begin { g: usize, a: usize, from: usize, to: usize },
    /// Advance parked search `p` by `n` expansions (or abstract ones for HPA*).
    Advance { p: usize, n: usize },
    /// A whole search on grid `g`.
    Whole { g: usize, a: usize, from: usize, to: usize },
    /// `preprocess` for grid `g` and algorithm `a`.
    Preprocess { g: usize, a: usize },
    /// Keep the clusters of grid `g` (side 5 to 12) in the searcher.
    KeepHierarchy { g: usize, side: usize },
    /// Toggle a cell of grid `g`.
    Edit { g: usize, at: usize },
    /// Replace grid `g` by a copy of grid `h`.
    Copy { g: usize, h: usize },
}

const ALGORITHMS: [Algorithm; 6] =
    [Algorithm::AStar, Algorithm::Dijkstra, Algorithm::Jps, Algorithm::JpsBlock, Algorithm::JpsPlus, Algorithm::Hpa];

fn ops() -> impl Strategy<Value = Vec<Op>> {
    let g = 0usize..3;
    let a = 0usize..ALGORITHMS.len() + 1; // the last: a subgoal query (whole only)
    let cell = 0usize..(24 * 24);
    proptest::collection::vec(
        prop_oneof![
            3 => (g.clone(), a.clone(), cell.clone(), cell.clone()).prop_map(|(g, a, from, to)| Op::Begin { g, a, from, to }),
            5 => (0usize..4, 1usize..30).prop_map(|(p, n)| Op::Advance { p, n }),
            2 => (g.clone(), a.clone(), cell.clone(), cell.clone()).prop_map(|(g, a, from, to)| Op::Whole { g, a, from, to }),
            2 => (g.clone(), a).prop_map(|(g, a)| Op::Preprocess { g, a }),
            1 => (g.clone(), 5usize..13).prop_map(|(g, side)| Op::KeepHierarchy { g, side }),
            2 => (g.clone(), cell).prop_map(|(g, at)| Op::Edit { g, at }),
            1 => (g.clone(), g).prop_map(|(g, h)| Op::Copy { g, h }),
        ],
        1..60,
    )
}

fn algorithm(a: usize) -> Algorithm {
    ALGORITHMS.get(a).copied().unwrap_or(Algorithm::Subgoal)
}

/// The nearest free cell to `i` on `grid` (scanning on), or none.
fn free_cell(grid: &Grid, i: usize) -> Option<Pos> {
    let (w, n) = (grid.width(), grid.width() * grid.height());
    (0..n).map(|k| (i + k) % n).map(|k| (k % w, k / w)).find(|&(x, y)| grid.is_passable(x, y))
}

enum Running {
    Steps(ParkedSearch, Pos, Pos, Algorithm),
    Hpa(HpaSearch, Pos, Pos),
}

/// Runs `ops` through one searcher; every answer is checked against a fresh searcher's and the
/// rules' Dijkstra; refusals only after the grid changed.
fn interleave(ops: &[Op]) -> Result<(), TestCaseError> {
    let mut grids: Vec<Grid> = (0..3).map(|k| seeded_grid(24, 24, 0.2, 40 + k)).collect();
    let mut searcher = Searcher::default();
    // each running search, the grid it runs on and that grid's version when it began
    let mut running: Vec<(Running, usize, (u64, u64))> = vec![];
    for op in ops {
        match *op {
            Op::Begin { g, a, from, to } => {
                let (Some(s), Some(t)) = (free_cell(&grids[g], from), free_cell(&grids[g], to)) else { continue };
                let algo = algorithm(a);
                let o = options(algo);
                let run = match algo {
                    Algorithm::Hpa => Running::Hpa(searcher.begin_hpa(&grids[g], s, t, &o).unwrap(), s, t),
                    Algorithm::Subgoal => continue,
                    _ => Running::Steps(searcher.begin(&grids[g], s, t, &o).unwrap().park(), s, t, algo),
                };
                running.push((run, g, grids[g].version()));
                if running.len() > 4 {
                    running.remove(0);
                }
            }
            Op::Advance { p, n } => {
                if running.is_empty() {
                    continue;
                }
                let p = p % running.len();
                let (run, g, version) = &mut running[p];
                let grid = &grids[*g];
                let changed = grid.version() != *version;
                // None: refused, Some(None): under way, Some(Some(..)): answered
                let answer = match run {
                    Running::Steps(parked, s, t, algo) => match searcher.resume(grid, parked) {
                        // refused: its grid changed, or another search ran since (its records
                        // are the searcher's)
                        None => None,
                        Some(mut step) => {
                            prop_assert!(!changed, "{} resumed on a changed grid", algo);
                            if step.advance(n) {
                                Some(Some((step.result().cost, *s, *t, *algo)))
                            } else {
                                *parked = step.park();
                                Some(None)
                            }
                        }
                    },
                    Running::Hpa(run, s, t) => match searcher.advance_hpa(grid, run, &options(Algorithm::Hpa), n) {
                        Err(_) => {
                            prop_assert!(changed, "HPA* refused on an unchanged grid");
                            None
                        }
                        Ok(r) => {
                            prop_assert!(!changed, "HPA* went on on a changed grid");
                            Some(r.map(|r| (r.cost, *s, *t, Algorithm::Hpa)))
                        }
                    },
                };
                let grid = &grids[running[p].1];
                if answer.is_none() {
                    running.remove(p);
                } else if let Some(Some((cost, s, t, algo))) = answer {
                    let fresh = Searcher::default().search(grid, s, t, &options(algo)).unwrap().cost;
                    prop_assert!(close(cost, fresh), "{} from {:?} to {:?}: {:?} against a fresh searcher's {:?}", algo, s, t, cost, fresh);
                    if algo != Algorithm::Hpa {
                        let truth = oracle_2d(grid, s, t);
                        prop_assert!(close(cost, truth), "{} from {:?} to {:?}: {:?} against {:?}", algo, s, t, cost, truth);
                    }
                    running.remove(p);
                }
            }
            Op::Whole { g, a, from, to } => {
                let grid = &grids[g];
                let (Some(s), Some(t)) = (free_cell(grid, from), free_cell(grid, to)) else { continue };
                let o = options(algorithm(a));
                let cost = searcher.search(grid, s, t, &o).unwrap().cost;
                let fresh = Searcher::default().search(grid, s, t, &o).unwrap().cost;
                prop_assert!(close(cost, fresh), "{} whole: {:?} against {:?}", o.algorithm, cost, fresh);
            }
            Op::Preprocess { g, a } => searcher.preprocess(&grids[g], &options(algorithm(a))),
            Op::KeepHierarchy { g, side } => searcher.keep_hierarchy(Arc::new(Hierarchy::build(&grids[g], side).unwrap())),
            Op::Edit { g, at } => {
                let (x, y) = (at % 24, at / 24);
                let cell = if grids[g].is_passable(x, y) { Cell::Blocked } else { Cell::FLOOR };
                grids[g].set(x, y, cell).unwrap();
            }
            Op::Copy { g, h } => grids[g] = grids[h].clone(),
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    /// Random interleavings over three grids: no panic, and every answer a fresh searcher's.
    #[test]
    fn interleaved_searches_answer_as_fresh_or_are_refused(ops in ops()) {
        interleave(&ops)?;
    }
}

/// The same interleavings, long, for the soak: `cargo test --release -p cubepath-search --test
/// held -- --ignored` (at least 100,000 operations).
#[test]
#[ignore]
fn interleaved_searches_long() {
    let mut runner = proptest::test_runner::TestRunner::new(ProptestConfig { cases: 4_000, ..ProptestConfig::default() });
    runner.run(&ops(), |ops| interleave(&ops)).unwrap();
}
