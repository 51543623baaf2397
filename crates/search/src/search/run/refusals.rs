//! The refusals the one resumable search ([`Search`](crate::search::Search)) rests on, tested
//! where they live: the engine's own slices (a best-first search parked in the searcher's
//! records, an HPA* query begun on one hierarchy) refuse whatever they did not begin on, so
//! [`Searcher::advance`] begins again or answers `Stale`, never from another's records or
//! clusters. Users cannot reach these slices; `tests/held.rs` checks the same through
//! [`Searcher::start`] and [`Searcher::advance`].

use std::sync::Arc;

use crate::grid::Grid;
use crate::search::core::options::{Algorithm, SearchOptions};
use crate::search::core::searcher::Searcher;
use crate::search::hpa::{Hierarchy, HpaError, HpaScratch};
use crate::world::VoxelGrid;

fn hpa() -> SearchOptions {
    SearchOptions { algorithm: Algorithm::Hpa, ..Default::default() }
}

/// A 64 x 64 board with a few walls: a long query has many abstract nodes to expand.
fn board() -> Grid {
    let mut grid = Grid::new(64, 64).unwrap();
    for y in 0..60 {
        grid.set(20, y, crate::grid::Cell::Blocked).unwrap();
        grid.set(40, 63 - y, crate::grid::Cell::Blocked).unwrap();
    }
    grid
}

/// An HPA* query begun on one hierarchy is refused by another, even of the same grid as it is:
/// of another side, built again, or a clone (each a value with a stamp of its own).
#[test]
fn an_hpa_query_is_refused_by_clusters_it_did_not_begin_on() {
    let grid = board();
    let (h8, h5) = (Hierarchy::build(&grid, 8).unwrap(), Hierarchy::build(&grid, 5).unwrap());
    let mut run = h8.begin_find(&grid, (0, 0), (63, 63), HpaScratch::default()).unwrap();
    assert_eq!(run.advance(&h8, &grid, 1), Ok(false));
    assert_eq!(run.advance(&h5, &grid, 1_000_000), Err(HpaError::Stale));
    let again = Hierarchy::build(&grid, 8).unwrap();
    assert_eq!(run.advance(&again, &grid, 1_000_000), Err(HpaError::Stale));
    assert_eq!(run.advance(&h8.clone(), &grid, 1_000_000), Err(HpaError::Stale));
    assert_eq!(run.advance(&h8, &grid, 1_000_000), Ok(true));
}

/// A clone of the clusters a query began on is another value (its stamp drawn anew), on the
/// very grid it was built for: the query refuses it in its abstract search and in the
/// refinement of its route, and goes on with the clusters it began on to `Hierarchy::find`'s
/// answer (a test of the helper's read-back audit, moved here with the slices).
#[test]
fn an_hpa_query_is_refused_by_a_clone_of_its_clusters_in_either_phase() {
    let grid = board();
    let h = Hierarchy::build(&grid, 8).unwrap();
    let mut run = h.begin_find(&grid, (0, 0), (63, 63), HpaScratch::default()).unwrap();
    assert_eq!(run.advance(&h, &grid, 1), Ok(false));
    let copy = h.clone();
    assert!(copy.is_for(&grid), "a clone is for the same grid");
    assert_eq!(run.advance(&copy, &grid, 1), Err(HpaError::Stale), "in the abstract search");
    // on to the refinement: a slice that expands nothing more, the query not ended
    let mut refining = false;
    while !refining {
        let before = run.expanded();
        assert_eq!(run.advance(&h, &grid, 1), Ok(false), "ended before its route was refined in slices");
        refining = run.expanded() == before;
    }
    assert_eq!(run.advance(&h.clone(), &grid, 1), Err(HpaError::Stale), "in the refinement");
    assert_eq!(run.advance(&h, &grid, usize::MAX), Ok(true));
    assert_eq!(run.take_path(), h.find(&grid, (0, 0), (63, 63)).unwrap());
}

/// Reweighting clusters makes them another value: a query under way refuses them.
#[test]
fn reweighting_refuses_an_hpa_query_under_way() {
    let grid = board();
    let mut h = Hierarchy::build(&grid, 8).unwrap();
    let mut run = h.begin_find(&grid, (0, 0), (63, 63), HpaScratch::default()).unwrap();
    assert_eq!(run.advance(&h, &grid, 1), Ok(false));
    h.set_weight(1.5).unwrap();
    assert_eq!(run.advance(&h, &grid, 1_000_000), Err(HpaError::Stale));
}

/// A query begun on the searcher's own clusters (it holds none itself) goes on through
/// `advance_hpa` while the searcher keeps them, and is refused once it keeps others (even a
/// clone of them).
#[test]
fn a_query_begun_on_the_searchers_clusters_goes_on_only_with_them() {
    let grid = board();
    let mut searcher = Searcher::default();
    searcher.preprocess(&grid, &hpa());
    let kept = searcher.shared_hierarchy().unwrap();
    let mut run = kept.begin_find(&grid, (0, 0), (63, 40), HpaScratch::default()).unwrap();
    let result = loop {
        if let Some(r) = searcher.advance_hpa(&grid, &mut run, &hpa(), 2).unwrap() {
            break r;
        }
    };
    assert_eq!(result.cost, searcher.search(&grid, (0, 0), (63, 40), &hpa()).unwrap().cost);
    let mut run = kept.begin_find(&grid, (0, 0), (63, 40), HpaScratch::default()).unwrap();
    searcher.keep_hierarchy(Arc::new(Hierarchy::build(&grid, 8).unwrap()));
    assert_eq!(searcher.advance_hpa(&grid, &mut run, &hpa(), 1_000_000), Err(HpaError::Stale));
    // a clone of its clusters, the same grid and clusters built alike: refused too
    searcher.preprocess(&grid, &hpa());
    let kept = searcher.shared_hierarchy().unwrap();
    let mut run = kept.begin_find(&grid, (0, 0), (63, 40), HpaScratch::default()).unwrap();
    assert_eq!(searcher.advance_hpa(&grid, &mut run, &hpa(), 1), Ok(None));
    searcher.keep_hierarchy(Arc::new(Hierarchy::clone(&kept)));
    assert_eq!(searcher.advance_hpa(&grid, &mut run, &hpa(), usize::MAX), Err(HpaError::Stale), "answered from a clone");
}

/// The per-cell stamp wraps back to a parked search's: the records were made anew at the wrap
/// (a new identity), so the parked search is refused, never resumed on another's records.
#[test]
fn a_parked_search_is_refused_after_the_stamp_wraps_back_to_it() {
    let grid = Grid::new(64, 64).unwrap();
    let mut searcher = Searcher::default();
    let mut run = searcher.begin(&grid, (0, 0), (63, 63), &SearchOptions::default()).unwrap();
    assert!(!run.advance(1));
    let parked = run.park();
    searcher.set_generation(u32::MAX >> 1);
    searcher.search(&grid, (0, 0), (1, 0), &SearchOptions::default()).unwrap();
    assert!(searcher.resume(&grid, &parked).is_none(), "resumed on records another search wrote");
}

/// A search parked on one size of records, then a search of another size (which makes the
/// per-cell records anew): the parked search is refused, never resumed on records that are no
/// longer its own; another search of the same size, an edit or a copy refuse it too.
#[test]
fn a_parked_search_is_refused_after_another_search_an_edit_or_a_copy() {
    let world = VoxelGrid::new(10, 10, 4).unwrap();
    let mut grid = board();
    let mut searcher = Searcher::default();
    let options = SearchOptions::default();
    let voxels = crate::search::VoxelOptions::default();
    let parked = searcher.begin_world(&world, (0, 0, 0), (0, 0, 0), &voxels).unwrap().park();
    searcher.search(&grid, (0, 0), (63, 63), &options).unwrap();
    assert!(searcher.resume_world(&world, &parked).is_none(), "a voxel search resumed on a board's records");
    let early = |searcher: &mut Searcher, grid: &Grid| {
        let mut run = searcher.begin(grid, (0, 0), (63, 63), &options).unwrap();
        assert!(!run.advance(1));
        run.park()
    };
    let parked = early(&mut searcher, &grid);
    searcher.search_world(&world, (0, 0, 0), (9, 9, 3), &voxels).unwrap();
    assert!(searcher.resume(&grid, &parked).is_none(), "a board search resumed on a world's records");
    let parked = early(&mut searcher, &grid);
    searcher.search(&grid, (5, 5), (9, 9), &options).unwrap();
    assert!(searcher.resume(&grid, &parked).is_none(), "resumed on records another search overwrote");
    let parked = early(&mut searcher, &grid);
    assert!(searcher.resume(&grid.clone(), &parked).is_none(), "resumed on a copy");
    grid.set(10, 10, crate::grid::Cell::Blocked).unwrap();
    assert!(searcher.resume(&grid, &parked).is_none(), "resumed after an edit");
}

/// A 3D JPS search parked is refused after another 3D JPS search took the buffers, or on its
/// world edited or copied; one that ended is asked again only on its world as it was.
#[test]
fn a_jump_search_is_refused_after_another_an_edit_or_a_copy() {
    let mut world = VoxelGrid::new(24, 24, 6).unwrap();
    for p in [(10, 10, 5), (10, 10, 0), (8, 3, 3), (8, 1, 1)] {
        world.set_blocked(p, true).unwrap();
    }
    let jps = crate::search::VoxelOptions { algorithm: Algorithm::Jps, jump_always: true, ..Default::default() };
    let mut searcher = Searcher::default();
    let halfway = |searcher: &mut Searcher, world: &VoxelGrid| {
        let mut run = searcher.begin_jump_world(world, (0, 0, 0), (23, 23, 5), &jps).unwrap().unwrap();
        assert_eq!(searcher.advance_jump_world(world, &mut run, 1), Some(false));
        run
    };
    let mut run = halfway(&mut searcher, &world);
    searcher.search_world(&world, (1, 1, 1), (20, 3, 3), &jps).unwrap();
    assert_eq!(searcher.advance_jump_world(&world, &mut run, 1), None, "resumed on buffers another search holds");
    let mut run = halfway(&mut searcher, &world);
    assert_eq!(searcher.advance_jump_world(&world.clone(), &mut run, 1), None, "resumed on a copy");
    assert_eq!(searcher.advance_jump_world(&world, &mut run, usize::MAX), Some(true));
    world.set_blocked((12, 12, 2), true).unwrap();
    assert_eq!(searcher.advance_jump_world(&world, &mut run, 1), None, "an ended search asked again on an edited world");
}
