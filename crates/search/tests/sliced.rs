//! Searches in slices ([`Searcher::begin`], [`StepSearch::advance`], [`StepSearch::park`],
//! [`Searcher::resume`]): cut into slices of any size, every stepping algorithm ends with the
//! whole search's answer (and an optimal one's cost is the Dijkstra written from the rules); a
//! slice never expands more than it was given; and a parked search is refused once its
//! searcher ran another search or its grid changed (an edit, or a copy), never answered from
//! records that are no longer its own.

use cubepath_search::{grid::*, search::*};
use proptest::prelude::*;

mod oracle;
use oracle::oracle_2d;

/// A `w` x `h` board with the cells of `walls` (indices, wrapped) blocked, corners left free.
fn board(w: usize, h: usize, walls: &[usize]) -> Grid {
    let mut grid = Grid::new(w, h).unwrap();
    for &i in walls {
        let (x, y) = (i % w, (i / w) % h);
        if (x, y) != (0, 0) && (x, y) != (w - 1, h - 1) {
            grid.set(x, y, Cell::Blocked).unwrap();
        }
    }
    grid
}

/// Runs to the end in slices of `n`, parking between them; the result and the slices' sizes.
fn sliced(searcher: &mut Searcher, grid: &Grid, goal: Pos, options: &SearchOptions, n: usize) -> (SearchResult, Vec<usize>) {
    let mut parked = searcher.begin(grid, (0, 0), goal, options).unwrap().park();
    let mut slices = vec![];
    loop {
        let mut run = searcher.resume(grid, &parked).expect("nothing ran between the slices");
        let before = run.expanded();
        let done = run.advance(n);
        slices.push(run.expanded() - before);
        if done {
            return (run.result(), slices);
        }
        parked = run.park();
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn slices_of_any_size_end_with_the_whole_answer(
        w in 2usize..24, h in 2usize..24, walls in proptest::collection::vec(0usize..600, 0..150), n in 1usize..40,
    ) {
        let grid = board(w, h, &walls);
        let goal = (w - 1, h - 1);
        let mut searcher = Searcher::default();
        for algorithm in Algorithm::ALL.into_iter().filter(|a| a.steps()) {
            let options = SearchOptions { algorithm, ..Default::default() };
            if validate(&grid, (0, 0), goal, &options).is_err() {
                continue;
            }
            let whole = Searcher::default().search(&grid, (0, 0), goal, &options).unwrap();
            let (parts, slices) = sliced(&mut searcher, &grid, goal, &options, n);
            prop_assert_eq!(&parts.path, &whole.path, "{} in slices of {}", algorithm, n);
            prop_assert_eq!(parts.cost, whole.cost);
            prop_assert_eq!(parts.expanded, whole.expanded);
            prop_assert!(slices.iter().all(|&s| s <= n), "{}: a slice of {} expanded {:?}", algorithm, n, slices);
            if options.is_admissible() {
                let truth = oracle_2d(&grid, (0, 0), goal);
                prop_assert!(match (parts.cost, truth) { (Some(a), Some(b)) => (a - b).abs() < 1e-9, (a, b) => a.is_none() && b.is_none() },
                    "{}: {:?} against the rules' {:?}", algorithm, parts.cost, truth);
            }
        }
    }
}

/// An open 40 x 40 board: long enough a search to park halfway.
fn halfway(searcher: &mut Searcher, grid: &Grid) -> ParkedSearch {
    let mut run = searcher.begin(grid, (0, 0), (39, 39), &SearchOptions::default()).unwrap();
    assert!(!run.advance(20));
    run.park()
}

#[test]
fn another_search_on_the_searcher_makes_a_parked_one_start_again() {
    let grid = Grid::new(40, 40).unwrap();
    let mut searcher = Searcher::default();
    let parked = halfway(&mut searcher, &grid);
    searcher.search(&grid, (5, 5), (9, 9), &SearchOptions::default()).unwrap();
    assert!(searcher.resume(&grid, &parked).is_none(), "resumed on records another search overwrote");
}

#[test]
fn an_edit_or_a_copy_makes_a_parked_search_start_again() {
    let mut grid = Grid::new(40, 40).unwrap();
    let mut searcher = Searcher::default();
    let parked = halfway(&mut searcher, &grid);
    assert!(searcher.resume(&grid, &parked).is_some());
    // a wall put up across the way while the search was parked
    for y in 0..39 {
        grid.set(20, y, Cell::Blocked).unwrap();
    }
    assert!(searcher.resume(&grid, &parked).is_none(), "resumed through a wall put up while it was parked");
    // begun again, it goes round the wall
    let mut run = searcher.begin(&grid, (0, 0), (39, 39), &SearchOptions::default()).unwrap();
    assert!(run.advance(usize::MAX));
    let (cost, truth) = (run.result().cost.unwrap(), oracle_2d(&grid, (0, 0), (39, 39)).unwrap());
    assert!((cost - truth).abs() < 1e-9, "{cost} against the rules' {truth}");
    // a copy is another grid, even unedited
    let parked = halfway(&mut searcher, &grid);
    assert!(searcher.resume(&grid.clone(), &parked).is_none(), "resumed on a copy of its grid");
    assert!(searcher.resume(&grid, &parked).is_some());
}

#[test]
fn a_search_that_runs_whole_is_not_begun_in_slices() {
    let grid = Grid::new(8, 8).unwrap();
    let options = SearchOptions { algorithm: Algorithm::Ida, ..Default::default() };
    assert!(matches!(Searcher::default().begin(&grid, (0, 0), (7, 7), &options), Err(SearchError::NotSteppable(_))));
}
