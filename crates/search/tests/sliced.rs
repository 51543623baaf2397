//! Searches in slices ([`Searcher::start`], [`Searcher::advance`]): cut into slices of any
//! size, every stepping algorithm ends with the whole search's answer (and an optimal one's
//! cost is the Dijkstra written from the rules); a slice never expands more than it was given;
//! another search between two slices changes nothing (the search keeps its own records while
//! put aside); and a search is refused once its grid changed (an edit, or a copy), never
//! answered through a wall put up since.

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

/// Runs to the end in slices of `n`; the result and the slices' sizes.
fn sliced(searcher: &mut Searcher, grid: &Grid, goal: Pos, options: &SearchOptions, n: usize) -> (SearchResult, Vec<usize>) {
    let mut search = searcher.start(grid, (0, 0), goal, options).unwrap();
    let mut slices = vec![];
    loop {
        let before = search.work();
        let done = searcher.advance(grid, &mut search, n).expect("the grid did not change");
        slices.push(search.work() - before);
        if done {
            return (search.take_result().unwrap(), slices);
        }
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

/// An open 40 x 40 board: long enough a search to put aside halfway.
fn halfway(searcher: &mut Searcher, grid: &Grid) -> Search<Grid> {
    let mut search = searcher.start(grid, (0, 0), (39, 39), &SearchOptions::default()).unwrap();
    assert!(!searcher.advance(grid, &mut search, 20).unwrap());
    search
}

/// Another search on the searcher between two slices: the search goes on where it was (its
/// work in all is the whole search's: it did not begin again) and answers as a whole search.
#[test]
fn another_search_between_slices_changes_nothing() {
    let grid = Grid::new(40, 40).unwrap();
    let mut searcher = Searcher::default();
    let mut search = halfway(&mut searcher, &grid);
    searcher.search(&grid, (5, 5), (9, 9), &SearchOptions::default()).unwrap();
    let mut other = searcher.start(&grid, (39, 0), (0, 39), &SearchOptions::default()).unwrap();
    assert!(!searcher.advance(&grid, &mut other, 30).unwrap());
    assert!(searcher.advance(&grid, &mut search, usize::MAX).unwrap());
    let whole = Searcher::default().search(&grid, (0, 0), (39, 39), &SearchOptions::default()).unwrap();
    assert_eq!((search.work(), search.result().unwrap()), (whole.expanded, &whole));
    assert!(searcher.advance(&grid, &mut other, usize::MAX).unwrap());
    assert_eq!(other.result().unwrap().cost, Searcher::default().search(&grid, (39, 0), (0, 39), &SearchOptions::default()).unwrap().cost);
}

#[test]
fn an_edit_or_a_copy_refuses_a_search_under_way() {
    let mut grid = Grid::new(40, 40).unwrap();
    let mut searcher = Searcher::default();
    let mut search = halfway(&mut searcher, &grid);
    // a wall put up across the way while the search was put aside
    for y in 0..39 {
        grid.set(20, y, Cell::Blocked).unwrap();
    }
    assert_eq!(searcher.advance(&grid, &mut search, usize::MAX), Err(SearchError::Stale), "went on through a wall put up meanwhile");
    // begun again, it goes round the wall
    let mut search = searcher.start(&grid, (0, 0), (39, 39), &SearchOptions::default()).unwrap();
    assert!(searcher.advance(&grid, &mut search, usize::MAX).unwrap());
    let (cost, truth) = (search.result().unwrap().cost.unwrap(), oracle_2d(&grid, (0, 0), (39, 39)).unwrap());
    assert!((cost - truth).abs() < 1e-9, "{cost} against the rules' {truth}");
    // a copy is another grid, even unedited
    let mut search = halfway(&mut searcher, &grid);
    assert_eq!(searcher.advance(&grid.clone(), &mut search, 1), Err(SearchError::Stale), "went on on a copy of its grid");
    assert_eq!(searcher.advance(&grid, &mut search, 1), Ok(false));
}

/// IDA* runs whole: its first slice ends it, whatever the budget; its work is none before that
/// slice and its expansions after.
#[test]
fn a_search_that_runs_whole_ends_in_its_first_slice() {
    let grid = Grid::new(8, 8).unwrap();
    let options = SearchOptions { algorithm: Algorithm::Ida, limit: Some(20_000), ..Default::default() };
    let mut searcher = Searcher::default();
    let mut search = searcher.start(&grid, (0, 0), (7, 7), &options).unwrap();
    assert_eq!(search.work(), 0, "no work before its slice");
    assert!(searcher.advance(&grid, &mut search, 1).unwrap());
    let whole = searcher.search(&grid, (0, 0), (7, 7), &options).unwrap();
    assert_eq!((search.result().unwrap().cost, search.work()), (whole.cost, whole.expanded), "its work: its expansions");
}
