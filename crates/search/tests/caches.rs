//! Every cache keyed by a grid's or a world's identity and revision, tried the way a game uses
//! them: copies edited apart, undo and redo (a copy put back), and two grids searched in turn
//! through one searcher. Each answer is compared with a fresh searcher's (which has nothing
//! cached) and, for costs, with a Dijkstra written here from the rules.

use cubepath_search::{grid::*, search::*, world::*};
use proptest::prelude::*;

mod oracle;
use oracle::oracle_2d;

fn close(a: Option<f64>, b: Option<f64>) -> bool {
    match (a, b) {
        (Some(a), Some(b)) => (a - b).abs() < 1e-9,
        (None, None) => true,
        _ => false,
    }
}

fn world_cost(searcher: &mut Searcher, world: &VoxelGrid, from: Pos3, to: Pos3, algorithm: Algorithm) -> Option<f64> {
    let options = VoxelOptions { algorithm, ..Default::default() };
    searcher.search_world(world, from, to, &options).unwrap().cost
}

/// The reproduction: a 5 x 3 x 1 world copied twice, one copy walled across, the other
/// left with a way round, each edited as often as the other. One searcher that saw the walled
/// copy must still find the open copy's path.
#[test]
fn a_copied_world_is_not_answered_from_the_originals_cache() {
    let world = VoxelGrid::new(5, 3, 1).unwrap();
    let mut walled = world.clone();
    let mut open = world.clone();
    for y in 0..3 {
        walled.set_blocked((2, y, 0), true).unwrap();
    }
    // as many edits on the open copy, elsewhere, so both copies have the same revision count
    open.set_blocked((2, 0, 0), true).unwrap();
    open.set_blocked((2, 1, 0), true).unwrap();
    open.set_blocked((4, 2, 0), true).unwrap();
    assert_ne!(walled.version(), open.version(), "two copies edited apart share a version");
    for algorithm in [Algorithm::AStar, Algorithm::Jps] {
        let mut searcher = Searcher::default();
        assert_eq!(world_cost(&mut searcher, &walled, (0, 0, 0), (4, 0, 0), algorithm), None);
        let fresh = world_cost(&mut Searcher::default(), &open, (0, 0, 0), (4, 0, 0), algorithm);
        assert!(fresh.is_some(), "the open copy has a way round");
        assert!(close(world_cost(&mut searcher, &open, (0, 0, 0), (4, 0, 0), algorithm), fresh), "{algorithm:?}");
    }
}

/// A copy is its own world from the start: its version differs from the original's, and an
/// edit on one never makes the two versions equal again.
#[test]
fn copies_have_their_own_identity_on_boards_and_worlds() {
    let grid = Grid::new(4, 4).unwrap();
    let copy = grid.clone();
    assert_ne!(grid.version(), copy.version());
    assert_eq!(grid, copy, "a copy has the same cells");
    let world = VoxelGrid::new(4, 4, 2).unwrap();
    let copy = world.clone();
    assert_ne!(world.version(), copy.version());
    assert_eq!(world, copy, "a copy has the same voxels");
}

/// Undo and redo as the game does them: the board is saved as a copy before an edit, an undo puts
/// the copy back, and a different edit follows. One searcher follows every step.
#[test]
fn undo_then_a_different_edit_is_searched_afresh_on_boards() {
    let opts = SearchOptions::default();
    for algorithm in [Algorithm::AStar, Algorithm::Jps, Algorithm::JpsBlock, Algorithm::JpsPlus, Algorithm::Subgoal] {
        let options = SearchOptions { algorithm, ..opts };
        let mut searcher = Searcher::default();
        let mut grid = Grid::new(6, 3).unwrap();
        let (a, b) = ((0, 1), (5, 1));
        let mut undo = Vec::new();
        let mut redo = Vec::new();
        let check = |searcher: &mut Searcher, grid: &Grid| {
            let kept = searcher.search(grid, a, b, &options).unwrap().cost;
            assert!(close(kept, oracle_2d(grid, a, b)), "{algorithm:?}: kept {kept:?}, oracle {:?}", oracle_2d(grid, a, b));
        };
        check(&mut searcher, &grid);
        // wall across column 3 but for row 0
        undo.push(grid.clone());
        grid.set(3, 1, Cell::Blocked).unwrap();
        grid.set(3, 2, Cell::Blocked).unwrap();
        check(&mut searcher, &grid);
        // close the gap: no way through
        undo.push(grid.clone());
        grid.set(3, 0, Cell::Blocked).unwrap();
        check(&mut searcher, &grid);
        // undo: the gap is back
        redo.push(std::mem::replace(&mut grid, undo.pop().unwrap()));
        check(&mut searcher, &grid);
        // redo: closed again
        undo.push(std::mem::replace(&mut grid, redo.pop().unwrap()));
        check(&mut searcher, &grid);
        // undo, then a different edit of the same count: a gap at row 2 instead
        grid = undo.pop().unwrap();
        grid.set(3, 2, Cell::FLOOR).unwrap();
        check(&mut searcher, &grid);
    }
}

/// The same for worlds, with JPS's rows and the components kept in one searcher.
#[test]
fn undo_then_a_different_edit_is_searched_afresh_on_worlds() {
    for algorithm in [Algorithm::AStar, Algorithm::Jps] {
        let mut searcher = Searcher::default();
        let mut world = VoxelGrid::new(5, 3, 1).unwrap();
        let (a, b) = ((0, 1, 0), (4, 1, 0));
        let mut saved = Vec::new();
        let check = |searcher: &mut Searcher, world: &VoxelGrid| {
            let kept = world_cost(searcher, world, a, b, algorithm);
            let fresh = world_cost(&mut Searcher::default(), world, a, b, algorithm);
            assert!(close(kept, fresh), "{algorithm:?}: kept {kept:?}, fresh {fresh:?}");
        };
        check(&mut searcher, &world);
        saved.push(world.clone());
        world.set_blocked((2, 0, 0), true).unwrap();
        world.set_blocked((2, 1, 0), true).unwrap();
        check(&mut searcher, &world);
        saved.push(world.clone());
        world.set_blocked((2, 2, 0), true).unwrap();
        check(&mut searcher, &world);
        assert_eq!(world_cost(&mut searcher, &world, a, b, algorithm), None);
        // undo twice, then a different pair of edits: the same revision count as the walled world
        world = saved.remove(0);
        world.set_blocked((2, 1, 0), true).unwrap();
        world.set_blocked((2, 2, 0), true).unwrap();
        world.set_blocked((4, 2, 0), true).unwrap();
        check(&mut searcher, &world);
        assert!(world_cost(&mut searcher, &world, a, b, algorithm).is_some());
    }
}

/// Two boards of the same size searched in turn through one searcher, each with its own walls.
/// Connected components shared between searchers (as the plugin's tasks share them) follow
/// the grid's edits in a copy of their own: a board walled in two, a gap opened, and each
/// searcher asked about the grid as it is and as it was.
#[test]
fn shared_components_follow_edits_and_never_change_under_their_other_holder() {
    let mut grid = Grid::new(9, 5).unwrap();
    for y in 0..5 {
        grid.set(4, y, Cell::Blocked).unwrap();
    }
    let walled = grid.snapshot();
    let (a, b) = ((0, 2), (8, 2));
    for algorithm in [Algorithm::AStar, Algorithm::JpsPlus, Algorithm::Hpa] {
        let options = SearchOptions { algorithm, ..Default::default() };
        let mut grid = grid.clone();
        let mut first = Searcher::default();
        assert_eq!(first.search(&grid, a, b, &options).unwrap().cost, None, "{algorithm:?}");
        let shared = first.shared_components().expect("made by the search");
        let mut second = Searcher::default();
        second.keep_components(shared.clone());
        grid.set(4, 2, Cell::FLOOR).unwrap();
        assert!(close(second.search(&grid, a, b, &options).unwrap().cost, Some(8.0)), "{algorithm:?}: through the gap");
        assert!(!shared.connected(a, b), "{algorithm:?}: the first holder's components are as they were");
        assert!(close(first.search(&grid, a, b, &options).unwrap().cost, Some(8.0)), "{algorithm:?}");
        second.keep_components(first.shared_components().unwrap());
        assert_eq!(second.search(&walled, a, b, &options).unwrap().cost, None, "{algorithm:?}: another grid, walled");
    }
}

#[test]
fn two_boards_searched_in_turn_through_one_searcher() {
    let mut left = Grid::new(8, 8).unwrap();
    let mut right = Grid::new(8, 8).unwrap();
    for y in 0..8 {
        left.set(4, y, Cell::Blocked).unwrap(); // walled across
    }
    for y in 1..8 {
        right.set(4, y, Cell::Blocked).unwrap(); // a gap at the top
    }
    right.set(7, 7, Cell::Blocked).unwrap(); // the same count of edits
    for algorithm in [Algorithm::AStar, Algorithm::Jps, Algorithm::JpsBlock, Algorithm::JpsPlus, Algorithm::Subgoal, Algorithm::Dijkstra] {
        let options = SearchOptions { algorithm, ..Default::default() };
        let mut searcher = Searcher::default();
        for round in 0..3 {
            for grid in [&left, &right] {
                let kept = searcher.search(grid, (0, 4), (7, 4), &options).unwrap().cost;
                assert!(close(kept, oracle_2d(grid, (0, 4), (7, 4))), "{algorithm:?} round {round}: {kept:?}");
            }
        }
    }
}

/// Two worlds of the same size searched in turn through one searcher.
#[test]
fn two_worlds_searched_in_turn_through_one_searcher() {
    let mut left = VoxelGrid::new(6, 6, 2).unwrap();
    let mut right = VoxelGrid::new(6, 6, 2).unwrap();
    for y in 0..6 {
        for z in 0..2 {
            left.set_blocked((3, y, z), true).unwrap();
            right.set_blocked((3, y, z), y != 5 || z != 1).unwrap();
        }
    }
    for algorithm in [Algorithm::AStar, Algorithm::Jps, Algorithm::Dijkstra] {
        let mut searcher = Searcher::default();
        for _ in 0..3 {
            for world in [&left, &right] {
                let kept = world_cost(&mut searcher, world, (0, 0, 0), (5, 0, 0), algorithm);
                let fresh = world_cost(&mut Searcher::default(), world, (0, 0, 0), (5, 0, 0), algorithm);
                assert!(close(kept, fresh), "{algorithm:?}: kept {kept:?}, fresh {fresh:?}");
            }
        }
        assert_eq!(world_cost(&mut searcher, &left, (0, 0, 0), (5, 0, 0), algorithm), None);
        assert!(world_cost(&mut searcher, &right, (0, 0, 0), (5, 0, 0), algorithm).is_some());
    }
}

/// What a property test does to boards and worlds: edit one, copy one into another slot, or
/// search one with the kept searcher.
#[derive(Clone, Debug)]
enum Act {
    Edit { slot: usize, at: usize, blocked: bool },
    Copy { from: usize, to: usize },
    Search { slot: usize, from: usize, to: usize, algorithm: usize },
}

fn acts() -> impl Strategy<Value = Vec<Act>> {
    let act = prop_oneof![
        4 => (0..3usize, any::<usize>(), any::<bool>()).prop_map(|(slot, at, blocked)| Act::Edit { slot, at, blocked }),
        1 => (0..3usize, 0..3usize).prop_map(|(from, to)| Act::Copy { from, to }),
        3 => (0..3usize, any::<usize>(), any::<usize>(), 0..4usize)
            .prop_map(|(slot, from, to, algorithm)| Act::Search { slot, from, to, algorithm }),
    ];
    proptest::collection::vec(act, 1..60)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    /// Three boards of one size, edited, copied over each other and searched through one kept
    /// searcher; every answer's cost is the oracle's and the fresh searcher's.
    #[test]
    fn boards_edited_copied_and_searched_answer_as_fresh(acts in acts()) {
        let (w, h) = (7, 5);
        let mut boards: Vec<Grid> = (0..3).map(|_| Grid::new(w, h).unwrap()).collect();
        let algorithms = [Algorithm::AStar, Algorithm::Jps, Algorithm::JpsBlock, Algorithm::JpsPlus, Algorithm::Subgoal];
        let mut kept = Searcher::default();
        for act in acts {
            match act {
                Act::Edit { slot, at, blocked } => {
                    let cell = if blocked { Cell::Blocked } else { Cell::FLOOR };
                    boards[slot].set(at % w, (at / w) % h, cell).unwrap();
                }
                Act::Copy { from, to } => boards[to] = boards[from].clone(),
                Act::Search { slot, from, to, algorithm } => {
                    let grid = &boards[slot];
                    let (a, b) = ((from % w, (from / w) % h), (to % w, (to / w) % h));
                    let options = SearchOptions { algorithm: algorithms[algorithm], ..Default::default() };
                    let fresh = Searcher::default().search(grid, a, b, &options);
                    let answer = kept.search(grid, a, b, &options);
                    match (answer, fresh) {
                        (Ok(answer), Ok(fresh)) => {
                            prop_assert!(close(answer.cost, fresh.cost), "kept {:?}, fresh {:?}", answer.cost, fresh.cost);
                            prop_assert!(close(answer.cost, oracle_2d(grid, a, b)));
                        }
                        (Err(e), Err(f)) => prop_assert_eq!(e, f),
                        (answer, fresh) => prop_assert!(false, "kept {:?}, fresh {:?}", answer, fresh),
                    }
                }
            }
        }
    }

    /// The same for worlds, with every move model and the voxel algorithms that keep tables.
    #[test]
    fn worlds_edited_copied_and_searched_answer_as_fresh(acts in acts()) {
        let (w, h, d) = (5, 4, 3);
        let mut worlds: Vec<VoxelGrid> = (0..3).map(|_| VoxelGrid::new(w, h, d).unwrap()).collect();
        let kinds = [
            (Algorithm::AStar, VoxelMoves::Fly26),
            (Algorithm::Jps, VoxelMoves::Fly26),
            (Algorithm::AStar, VoxelMoves::Walk),
            (Algorithm::Dijkstra, VoxelMoves::Fly6),
        ];
        let mut kept = Searcher::default();
        let at = |i: usize| (i % w, (i / w) % h, (i / (w * h)) % d);
        for act in acts {
            match act {
                Act::Edit { slot, at: i, blocked } => worlds[slot].set_blocked(at(i), blocked).unwrap(),
                Act::Copy { from, to } => worlds[to] = worlds[from].clone(),
                Act::Search { slot, from, to, algorithm } => {
                    let world = &worlds[slot];
                    let (algorithm, moves) = kinds[algorithm];
                    let options = VoxelOptions { algorithm, moves, ..Default::default() };
                    let fresh = Searcher::default().search_world(world, at(from), at(to), &options);
                    let answer = kept.search_world(world, at(from), at(to), &options);
                    match (answer, fresh) {
                        (Ok(answer), Ok(fresh)) => {
                            prop_assert!(close(answer.cost, fresh.cost), "kept {:?}, fresh {:?}", answer.cost, fresh.cost)
                        }
                        (Err(e), Err(f)) => prop_assert_eq!(e, f),
                        (answer, fresh) => prop_assert!(false, "kept {:?}, fresh {:?}", answer, fresh),
                    }
                }
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 100, ..ProptestConfig::default() })]

    /// Snapshots keep their grid's identity: one board edited, snapshots taken along the way,
    /// and any of them (old ones too) searched through two kept searchers, the second given
    /// the first's HPA* clusters before each search (as the plugin's tasks share them). Every
    /// answer is the fresh searcher's, and the oracle's where the algorithm is optimal.
    #[test]
    fn snapshots_of_an_edited_board_answer_as_fresh(acts in acts()) {
        let (w, h) = (12, 9);
        let mut grid = Grid::new(w, h).unwrap();
        let mut snapshots = vec![grid.snapshot()];
        let algorithms = [Algorithm::AStar, Algorithm::JpsBlock, Algorithm::JpsPlus, Algorithm::Hpa];
        let (mut kept, mut sharing) = (Searcher::default(), Searcher::default());
        for act in acts {
            match act {
                Act::Edit { at, blocked, .. } => {
                    let cell = if blocked { Cell::Blocked } else { Cell::FLOOR };
                    grid.set(at % w, (at / w) % h, cell).unwrap();
                }
                Act::Copy { .. } => snapshots.push(grid.snapshot()),
                Act::Search { slot, from, to, algorithm } => {
                    let snap = &snapshots[(slot * 7 + from) % snapshots.len()];
                    prop_assert_eq!(snap.version().0, grid.version().0, "a snapshot keeps its grid's identity");
                    let (a, b) = ((from % w, (from / w) % h), (to % w, (to / w) % h));
                    let algorithm = algorithms[algorithm];
                    let options = SearchOptions { algorithm, ..Default::default() };
                    let fresh = Searcher::default().search(snap, a, b, &options);
                    if let Some(h) = kept.shared_hierarchy() {
                        sharing.keep_hierarchy(h);
                    }
                    if let Some(c) = kept.shared_components() {
                        sharing.keep_components(c);
                    }
                    for answer in [kept.search(snap, a, b, &options), sharing.search(snap, a, b, &options)] {
                        match (answer, &fresh) {
                            (Ok(answer), Ok(fresh)) => {
                                prop_assert_eq!(&answer.path, &fresh.path, "{:?}", algorithm);
                                if algorithm != Algorithm::Hpa {
                                    prop_assert!(close(answer.cost, oracle_2d(snap, a, b)));
                                }
                            }
                            (Err(e), Err(f)) => prop_assert_eq!(&e, f),
                            (answer, fresh) => prop_assert!(false, "kept {:?}, fresh {:?}", answer, fresh),
                        }
                    }
                }
            }
        }
    }
}

/// Whether `kept` answers on `grid` between `ends` as a fresh searcher does: the same path, or
/// the same refusal.
fn kept_answers_as_fresh(kept: &mut Searcher, grid: &Grid, (a, b): (Pos, Pos), options: &SearchOptions) -> Result<(), TestCaseError> {
    let fresh = Searcher::default().search(grid, a, b, options);
    match (kept.search(grid, a, b, options), fresh) {
        (Ok(answer), Ok(fresh)) => prop_assert_eq!(answer.path, fresh.path),
        (Err(e), Err(f)) => prop_assert_eq!(e, f),
        (answer, fresh) => prop_assert!(false, "kept {:?}, fresh {:?}", answer, fresh),
    }
    Ok(())
}

/// What one act does to a board, its copy and a kept snapshot of the board.
#[derive(Clone, Debug)]
enum SnapAct {
    /// A cell of the board (or of its copy) set to one of four kinds.
    Edit {
        copy: bool,
        at: usize,
        kind: usize,
    },
    /// The board's last edit taken back (its cell set to what it was).
    Undo,
    /// A reader (a task) takes a clone of the kept snapshot, or the oldest reader lets go.
    Hold,
    Release,
    /// The board copied afresh (a new identity).
    Copy,
    /// The kept snapshot brought up to date in place by the board, or by its copy.
    Refresh {
        by_copy: bool,
    },
    /// The kept snapshot searched through a kept searcher.
    Search {
        from: usize,
        to: usize,
        algorithm: usize,
    },
}

fn snap_acts() -> impl Strategy<Value = Vec<SnapAct>> {
    let act = prop_oneof![
        6 => (any::<bool>(), 0usize..108, 0usize..4).prop_map(|(copy, at, kind)| SnapAct::Edit { copy, at, kind }),
        2 => Just(SnapAct::Undo),
        2 => Just(SnapAct::Hold),
        2 => Just(SnapAct::Release),
        1 => Just(SnapAct::Copy),
        4 => any::<bool>().prop_map(|by_copy| SnapAct::Refresh { by_copy }),
        3 => (0usize..108, 0usize..108, 0usize..3).prop_map(|(from, to, algorithm)| SnapAct::Search { from, to, algorithm }),
    ];
    proptest::collection::vec(act, 1..80)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    /// `Grid::refresh`, the way the plugin keeps a snapshot for its tasks: a board edited (and
    /// edits undone), copied, its kept snapshot held by readers or not, refreshed by the board
    /// or by a copy, and searched. A refresh is done exactly when the snapshot is already the
    /// board as it is, or no reader holds it, it is the board's (not a copy's) and the board's
    /// log reaches back to it; then the
    /// snapshot is the board as it is now (cells, version, terrain counts, changes since any
    /// earlier version), else it is as it was. Readers never see a cell change, and a kept
    /// searcher on the snapshot answers as a fresh one.
    #[test]
    fn a_snapshot_refreshed_in_place_is_the_grid_as_it_is(acts in snap_acts()) {
        let (w, h) = (12, 9);
        let kinds = [Cell::Blocked, Cell::FLOOR, Cell::Ground(4), Cell::Water];
        let mut grid = Grid::new(w, h).unwrap();
        let mut copy = grid.clone();
        let mut snap = grid.snapshot();
        let mut readers: Vec<(Snapshot, Grid)> = Vec::new(); // each reader's snapshot, and its cells then
        let mut undo: Vec<(usize, usize, Cell)> = Vec::new();
        let mut kept = Searcher::default();
        let algorithms = [Algorithm::AStar, Algorithm::JpsPlus, Algorithm::Hpa];
        for act in acts {
            match act {
                SnapAct::Edit { copy: true, at, kind } => copy.set(at % w, at / w, kinds[kind]).unwrap(),
                SnapAct::Edit { copy: false, at, kind } => {
                    let (x, y) = (at % w, at / w);
                    undo.push((x, y, grid.get(x, y).unwrap()));
                    grid.set(x, y, kinds[kind]).unwrap();
                }
                SnapAct::Undo => {
                    if let Some((x, y, cell)) = undo.pop() {
                        grid.set(x, y, cell).unwrap();
                    }
                }
                SnapAct::Hold => readers.push((snap.clone(), Grid::clone(&snap))),
                SnapAct::Release => drop(readers.pop()),
                SnapAct::Copy => copy = grid.clone(),
                SnapAct::Refresh { by_copy } => {
                    let by = if by_copy { &copy } else { &grid };
                    let before = (snap.version(), Grid::clone(&snap));
                    let reaches = by.changes_since(snap.version()).is_some();
                    let done = by.refresh(&mut snap);
                    let current = before.0 == by.version();
                    prop_assert_eq!(done, current || (readers.is_empty() && reaches), "held by {} readers, log reaches: {}", readers.len(), reaches);
                    prop_assert!(!(done && by_copy), "a copy refreshed the board's snapshot");
                    if done {
                        prop_assert_eq!(snap.version(), by.version());
                        prop_assert!(*snap == *by, "the refreshed cells differ from the grid's");
                        prop_assert_eq!(snap.is_uniform(), by.is_uniform());
                        let then = (before.0.0, before.0.1.saturating_sub(3));
                        let (mine, theirs) = (snap.changes_since(then).map(|c| c.collect::<Vec<_>>()), by.changes_since(then).map(|c| c.collect::<Vec<_>>()));
                        prop_assert_eq!(mine, theirs);
                    } else {
                        prop_assert_eq!(snap.version(), before.0);
                        prop_assert!(*snap == before.1, "a refresh refused changed the snapshot");
                    }
                }
                SnapAct::Search { from, to, algorithm } => {
                    let ends = ((from % w, from / w), (to % w, to / w));
                    let options = SearchOptions { algorithm: algorithms[algorithm], ..Default::default() };
                    kept_answers_as_fresh(&mut kept, &snap, ends, &options)?;
                }
            }
            for (reader, then) in &readers {
                prop_assert!(**reader == *then, "a reader's snapshot changed under it");
            }
        }
    }
}

/// A snapshot older than the board's log reaches is not refreshed (its changes are no longer
/// known), one within it is: 257 and 256 changes.
#[test]
fn a_snapshot_past_the_change_log_is_not_refreshed() {
    for (changes, refreshed) in [(CHANGE_LOG + 1, false), (CHANGE_LOG, true)] {
        let mut grid = Grid::new(40, 40).unwrap();
        let mut snap = grid.snapshot();
        for k in 0..changes {
            grid.set(k % 40, k / 40, Cell::Blocked).unwrap();
        }
        assert_eq!(grid.refresh(&mut snap), refreshed, "{changes} changes");
        assert_eq!(*snap == grid, refreshed);
    }
}

/// What one act does while a snapshot is taken a part at a time.
#[derive(Clone, Debug)]
enum PartAct {
    /// A cell of the board set to one of four kinds (a kind it may already have).
    Edit {
        at: usize,
        kind: usize,
    },
    /// The board's last edit taken back.
    Undo,
    /// The board replaced by a copy of itself (another identity), or by a board of another size.
    Copy,
    Resize,
    /// Up to this many more cells copied.
    Advance {
        cells: usize,
    },
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    /// `SnapshotInParts`: a board edited, edits undone, replaced by copies and by other boards,
    /// while its snapshot is copied a part at a time; each time the copy ends, the snapshot is
    /// the board as it is then (cells, version, terrain counts), and a kept searcher on it
    /// answers as a fresh one.
    #[test]
    fn a_snapshot_taken_in_parts_is_the_grid_at_its_end(acts in proptest::collection::vec(prop_oneof![
        6 => (0usize..400, 0usize..4).prop_map(|(at, kind)| PartAct::Edit { at, kind }),
        2 => Just(PartAct::Undo),
        1 => Just(PartAct::Copy),
        1 => Just(PartAct::Resize),
        5 => (1usize..120).prop_map(|cells| PartAct::Advance { cells }),
    ], 1..120)) {
        let kinds = [Cell::Blocked, Cell::FLOOR, Cell::Ground(4), Cell::Water];
        let mut grid = Grid::new(12, 9).unwrap();
        let mut parts = grid.snapshot_in_parts();
        let mut undo: Vec<(usize, usize, Cell)> = Vec::new();
        let mut kept = Searcher::default();
        for act in acts {
            let (w, h) = (grid.width(), grid.height());
            match act {
                PartAct::Edit { at, kind } => {
                    let (x, y) = (at % w, at / w % h);
                    undo.push((x, y, grid.get(x, y).unwrap()));
                    grid.set(x, y, kinds[kind]).unwrap();
                }
                PartAct::Undo => {
                    if let Some((x, y, cell)) = undo.pop() {
                        grid.set(x, y, cell).unwrap();
                    }
                }
                PartAct::Copy => grid = grid.clone(),
                PartAct::Resize => {
                    grid = Grid::new(w % 13 + 5, h % 7 + 4).unwrap();
                    undo.clear();
                }
                PartAct::Advance { cells } => match parts.advance(&grid, cells) {
                    Ok(snap) => {
                        prop_assert_eq!(snap.version(), grid.version());
                        prop_assert!(*snap == grid, "the snapshot's cells differ from the grid's");
                        prop_assert_eq!(snap.is_uniform(), grid.is_uniform());
                        let ends = ((0, 0), (snap.width() - 1, snap.height() - 1));
                        kept_answers_as_fresh(&mut kept, &snap, ends, &SearchOptions::default())?;
                        parts = grid.snapshot_in_parts();
                    }
                    Err(more) => parts = more,
                },
            }
        }
    }
}

/// A snapshot in parts over which the grid changed more than its log remembers begins again,
/// and still ends as the grid is.
#[test]
fn a_snapshot_in_parts_outlived_by_the_change_log_begins_again() {
    let mut grid = Grid::new(40, 40).unwrap();
    let parts = grid.snapshot_in_parts().advance(&grid, 1_000).expect_err("1,764 cells to copy");
    for k in 0..CHANGE_LOG + 20 {
        grid.set(k % 40, k / 40, Cell::Blocked).unwrap();
    }
    let snap = parts.advance(&grid, 1_000).expect_err("begun again").advance(&grid, 1_000).expect("copied");
    assert_eq!(snap.version(), grid.version());
    assert!(*snap == grid);
}
