//! A prepared subgoal graph that follows edits (`Prepared::repair`, and a `Searcher` keeping
//! one): after any sequence of edits (single cells put and taken, rectangles, undos, a copy of
//! the grid) every answer costs what a Dijkstra written from the rules finds and what a fresh
//! preparation finds, along a path legal by the rules; and a repair is a repair (the
//! subgoals' numbers kept, no preparation from scratch).

use cubepath_search::{grid::*, search::*};
use proptest::prelude::*;

mod common;
mod oracle;
use common::seeded_grid;
use oracle::{oracle_2d_from, path_cost_by_rules};

/// One edit of the board.
#[derive(Clone, Debug)]
enum Edit {
    /// A cell (its coordinates taken modulo the size) set blocked or free.
    Cell(usize, usize, bool),
    /// A rectangle (corner and size, modulo the board's) set blocked or free.
    Rect(usize, usize, usize, usize, bool),
    /// The board set back to the cells it had before an earlier edit (its number modulo the
    /// edits so far), cell by cell on the same grid.
    Undo(usize),
    /// The grid replaced by a copy of itself: another identity.
    Copy,
}

fn edit() -> impl Strategy<Value = Edit> {
    prop_oneof![
        6 => (0usize..64, 0usize..64, any::<bool>()).prop_map(|(x, y, b)| Edit::Cell(x, y, b)),
        2 => (0usize..64, 0usize..64, 1usize..24, 1usize..24, any::<bool>()).prop_map(|(x, y, w, h, b)| Edit::Rect(x, y, w, h, b)),
        1 => (0usize..16).prop_map(Edit::Undo),
        1 => Just(Edit::Copy),
    ]
}

/// The board's cells, blocked or not, row by row.
fn cells_of(grid: &Grid) -> Vec<bool> {
    grid.cells().map(|(_, c)| c == Cell::Blocked).collect()
}

fn apply(grid: &mut Grid, e: &Edit, history: &[Vec<bool>]) {
    let (w, h) = (grid.width(), grid.height());
    let cell = |b: bool| if b { Cell::Blocked } else { Cell::FLOOR };
    match *e {
        Edit::Cell(x, y, b) => grid.set(x % w, y % h, cell(b)).unwrap(),
        Edit::Rect(x, y, rw, rh, b) => {
            let (x, y) = (x % w, y % h);
            for yy in y..(y + rh).min(h) {
                for xx in x..(x + rw).min(w) {
                    grid.set(xx, yy, cell(b)).unwrap();
                }
            }
        }
        Edit::Undo(k) => {
            let then = &history[k % history.len()];
            for (i, &b) in then.iter().enumerate() {
                grid.set(i % w, i / w, cell(b)).unwrap();
            }
        }
        Edit::Copy => *grid = grid.clone(),
    }
}

/// Every answer of `repaired` (and of `searcher`, which follows the grid by itself) for the
/// pairs from `starts` to `goals`: the oracle's cost and a fresh preparation's, a legal path.
fn check(grid: &Grid, repaired: &Prepared, searcher: &mut Searcher, starts: &[Pos], goals: &[Pos]) -> Result<(), TestCaseError> {
    let fresh = prepare(grid).unwrap();
    let options = SearchOptions { algorithm: Algorithm::Subgoal, ..Default::default() };
    let mut own = Searcher::default();
    let w = grid.width();
    for &a in starts.iter().filter(|a| grid.is_passable(a.0, a.1)) {
        let all = oracle_2d_from(grid, a);
        for &b in goals.iter().filter(|b| grid.is_passable(b.0, b.1)) {
            let want = all[b.1 * w + b.0];
            let want = want.is_finite().then_some(want);
            let got = repaired.search(grid, a, b, &mut own).unwrap();
            let anew = fresh.search(grid, a, b, &mut own).unwrap();
            let kept = searcher.search(grid, a, b, &options).unwrap();
            for (name, r) in [("repaired", &got), ("searcher", &kept)] {
                match (r.cost, want) {
                    (Some(c), Some(o)) => {
                        prop_assert!((c - o).abs() < 1e-9, "{name} {a:?} -> {b:?}: cost {c}, oracle {o}\n{grid:?}");
                        prop_assert!((c - anew.cost.unwrap()).abs() < 1e-9, "{name}: a fresh preparation differs");
                        let path = r.path.as_ref().unwrap();
                        prop_assert_eq!((path[0], *path.last().unwrap()), (a, b));
                        let sum = path_cost_by_rules(grid, path);
                        prop_assert!(sum.is_some_and(|s| (s - o).abs() < 1e-9), "{name} {a:?} -> {b:?}: the path sums to {sum:?}");
                    }
                    (None, None) => prop_assert!(anew.cost.is_none()),
                    (c, o) => prop_assert!(false, "{name} {a:?} -> {b:?}: got {c:?}, oracle {o:?}\n{grid:?}"),
                }
            }
            let mut trace = Vec::new();
            let traced = repaired.search_traced(grid, a, b, &mut own, Some(&mut trace)).unwrap();
            prop_assert_eq!(traced.cost.map(|c| (c * 1e6).round()), got.cost.map(|c| (c * 1e6).round()));
        }
    }
    Ok(())
}

/// Runs `edits` on `grid`, repairing after each and checking the pairs.
fn run_edits(mut grid: Grid, edits: &[Edit], picks: &[(usize, usize)]) -> Result<(), TestCaseError> {
    let (w, h) = (grid.width(), grid.height());
    let pos: Vec<Pos> = picks.iter().map(|&(x, y)| (x % w, y % h)).collect();
    let (starts, goals) = pos.split_at(4.min(pos.len()));
    let mut prepared = prepare(&grid).unwrap();
    let mut searcher = Searcher::default();
    let mut history = vec![cells_of(&grid)];
    check(&grid, &prepared, &mut searcher, starts, goals)?;
    for e in edits {
        let id = grid.version().0;
        apply(&mut grid, e, &history);
        let changed = history.last() != Some(&cells_of(&grid));
        history.push(cells_of(&grid));
        let repairs = prepared.repairs();
        prepared = prepared.repaired(&grid).unwrap();
        // a copy is prepared from scratch; an edit of the same grid is repaired
        if grid.version().0 != id {
            prop_assert_eq!(prepared.repairs(), 0);
        } else {
            prop_assert_eq!(prepared.repairs(), repairs + u32::from(changed));
        }
        check(&grid, &prepared, &mut searcher, starts, goals)?;
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]

    #[test]
    fn repairs_stay_optimal_on_random_boards(
        (w, h, cells) in (2usize..40, 2usize..40).prop_flat_map(|(w, h)| (Just(w), Just(h), prop::collection::vec(prop::bool::weighted(0.3), w * h))),
        edits in prop::collection::vec(edit(), 1..8),
        picks in prop::collection::vec((0usize..40, 0usize..40), 14),
    ) {
        run_edits(common::board_of(w, h, &cells), &edits, &picks)?;
    }

    #[test]
    fn repairs_stay_optimal_on_rooms_and_mazes(
        kind in 0usize..3,
        seed in any::<u64>(),
        edits in prop::collection::vec(edit(), 1..8),
        picks in prop::collection::vec((0usize..41, 0usize..31), 14),
    ) {
        let kind = [MazeKind::Rooms, MazeKind::Division, MazeKind::Backtracker][kind];
        run_edits(generate_maze(kind, 41, 31, seed).unwrap(), &edits, &picks)?;
    }

    #[test]
    fn single_cells_on_and_beside_subgoals(seed in any::<u64>(), moves in prop::collection::vec((0usize..1000, -1isize..2, -1isize..2, any::<bool>()), 1..12), picks in prop::collection::vec((0usize..36, 0usize..36), 14)) {
        // each edit at a subgoal of the board as it is then, or beside one
        let mut grid = seeded_grid(36, 36, 0.25, seed);
        let mut edits = Vec::new();
        let mut prepared = prepare(&grid).unwrap();
        for &(k, dx, dy, b) in &moves {
            let cells: Vec<Pos> = prepared.subgoal_cells().collect();
            let Some(&(x, y)) = cells.get(k % cells.len().max(1)) else { break };
            let e = Edit::Cell((x as isize + dx).clamp(0, 35) as usize, (y as isize + dy).clamp(0, 35) as usize, b);
            apply(&mut grid, &e, &[]);
            prepared = prepared.repaired(&grid).unwrap();
            edits.push(e);
        }
        run_edits(seeded_grid(36, 36, 0.25, seed), &edits, &picks)?;
    }
}

#[test]
fn a_repair_keeps_the_subgoals_numbers_and_prepares_nothing_from_scratch() {
    let mut grid = seeded_grid(64, 64, 0.2, 7);
    let prepared = prepare(&grid).unwrap();
    let old: Vec<Pos> = prepared.subgoal_cells().collect();
    // a wall put beside the first subgoal, then one taken far away
    let (x, y) = old[old.len() / 2];
    let free = (0..64).flat_map(|y| (0..64).map(move |x| (x, y))).find(|&(x, y)| grid.is_passable(x, y) && (x, y) != old[0]).unwrap();
    grid.set(free.0, free.1, Cell::Blocked).unwrap();
    let blocked = (0..64).flat_map(|y| (0..64).map(move |x| (x, y))).rev().find(|&(x, y)| !grid.is_passable(x, y)).unwrap();
    grid.set(blocked.0, blocked.1, Cell::FLOOR).unwrap();
    let repaired = prepared.repaired(&grid).unwrap();
    assert_eq!((repaired.repairs(), prepared.repairs()), (1, 0));
    let now: Vec<Pos> = repaired.subgoal_cells().collect();
    // the old subgoals keep their order (one taken out at most), the new ones come after
    let kept: Vec<Pos> = old.iter().copied().filter(|&c| c != free).collect();
    assert_eq!(&now[..kept.len()], &kept[..]);
    assert!((x, y) != free || !now.contains(&free));
    // the same answers as a fresh preparation, which numbers its subgoals otherwise
    let fresh = prepare(&grid).unwrap();
    let mut s = Searcher::default();
    for (a, b) in [((0, 0), (63, 63)), ((63, 0), (0, 63)), ((5, 40), (50, 3))] {
        if grid.is_passable(a.0, a.1) && grid.is_passable(b.0, b.1) {
            assert_eq!(repaired.search(&grid, a, b, &mut s).unwrap().cost, fresh.search(&grid, a, b, &mut s).unwrap().cost);
        }
    }
    // its file is the fresh preparation's
    assert_eq!(repaired.to_bytes(), fresh.to_bytes());
}

#[test]
fn a_searcher_repairs_what_it_keeps_and_prepares_a_copy_again() {
    let mut grid = seeded_grid(48, 48, 0.2, 3);
    let options = SearchOptions { algorithm: Algorithm::Subgoal, ..Default::default() };
    let mut s = Searcher::default();
    let (a, b) = ((0, 0), (47, 47));
    for (x, y) in [(0, 0), (47, 47)] {
        grid.set(x, y, Cell::FLOOR).unwrap();
    }
    s.search(&grid, a, b, &options).unwrap();
    assert_eq!(s.kept_prepared().unwrap().repairs(), 0);
    let toggle = |grid: &mut Grid, x: usize, y: usize| {
        let cell = if grid.is_passable(x, y) { Cell::Blocked } else { Cell::FLOOR };
        grid.set(x, y, cell).unwrap();
    };
    for k in 0..5 {
        toggle(&mut grid, 10 + k, 20);
        s.preprocess(&grid, &options);
        assert_eq!(s.kept_prepared().unwrap().repairs(), k as u32 + 1);
    }
    // undo in one burst: still a repair
    for k in 0..5 {
        toggle(&mut grid, 10 + k, 20);
    }
    let r = s.search(&grid, a, b, &options).unwrap();
    assert_eq!(s.kept_prepared().unwrap().repairs(), 6);
    let want = oracle::oracle_2d(&grid, a, b);
    assert!(r.cost.zip(want).is_some_and(|(c, w)| (c - w).abs() < 1e-9) || (r.cost, want) == (None, None));
    let copy = grid.clone();
    s.preprocess(&copy, &options);
    assert_eq!(s.kept_prepared().unwrap().repairs(), 0);
}

#[test]
fn terrain_has_no_preparation_to_repair() {
    let mut grid = Grid::new(8, 8).unwrap();
    let prepared = prepare(&grid).unwrap();
    grid.set(3, 3, Cell::Swamp).unwrap();
    assert_eq!(prepared.repaired(&grid).err(), Some(PrepError::Weighted));
}

#[test]
fn many_repairs_leave_no_larger_core_than_a_fresh_preparation() {
    // after each repair the core is contracted again: no larger than a fresh preparation's
    // (none on boards this small), and every answer still the oracle's
    let mut grid = generate_maze(MazeKind::Rooms, 81, 61, 5).unwrap();
    let mut prepared = prepare(&grid).unwrap();
    let mut searcher = Searcher::default();
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed as usize
    };
    let (mut starts, mut goals) = (Vec::new(), Vec::new());
    for k in 0..80 {
        let (x, y) = (next() % 81, next() % 61);
        let cell = if grid.is_passable(x, y) { Cell::Blocked } else { Cell::FLOOR };
        grid.set(x, y, cell).unwrap();
        prepared = prepared.repair(&grid).unwrap();
        assert!(prepared.core_subgoals() <= prepare(&grid).unwrap().core_subgoals(), "edit {k}: {} in the core", prepared.core_subgoals());
        starts.push((next() % 81, next() % 61));
        goals.push((next() % 81, next() % 61));
        if k % 8 == 7 {
            check(&grid, &prepared, &mut searcher, &starts[starts.len() - 6..], &goals[goals.len() - 6..]).unwrap();
        }
    }
    assert_eq!(prepared.repairs(), 80);
}

/// A 300 x 300 map of scattered walls (10 %) with a wall across it at x = 150, open at its
/// foot: one that JPS+ answers. With its size.
fn walled_scattered_map() -> (Grid, (usize, usize)) {
    let (w, h) = (300, 300);
    let mut grid = seeded_grid(w, h, 0.1, 11);
    for y in 0..h - 1 {
        grid.set(150, y, Cell::Blocked).unwrap();
    }
    (grid, (w, h))
}

/// A map answered by JPS+ (scattered walls, and a wall across it) is repaired too, never
/// prepared again: after single cells, rectangles, the wall opened near its middle and an
/// undo, every answer (from the repaired preparation and from a searcher that follows the grid
/// by itself) costs the oracle's, along a legal path, as a fresh preparation's; a copy is
/// prepared from scratch.
#[test]
fn a_map_answered_by_jps_plus_is_repaired_and_stays_optimal() {
    let (mut grid, (w, h)) = walled_scattered_map();
    let mut prepared = prepare(&grid).unwrap();
    assert!(prepared.uses_jump_table() && prepared.landmarks() > 0, "{} subgoals", prepared.subgoals());
    let mut rng = common::unit_source(17);
    let mut pick = |n: usize| (rng() * n as f64) as usize;
    let starts: Vec<Pos> = (0..4).map(|_| (pick(150), pick(h))).chain([(140, 150)]).collect();
    let goals: Vec<Pos> = (0..8).map(|_| (150 + pick(150), pick(h))).chain([(160, 150), (10, 290)]).collect();
    let mut edits: Vec<Edit> = vec![Edit::Rect(150, 140, 1, 20, false), Edit::Cell(150, 145, true)];
    for k in 0..14 {
        edits.push(match k % 7 {
            6 => Edit::Undo(k),
            3 => Edit::Rect(pick(w), pick(h), 1 + pick(12), 1 + pick(12), k % 2 == 0),
            _ => Edit::Cell(pick(w), pick(h), k % 3 != 0),
        });
    }
    let mut searcher = Searcher::default();
    let options = SearchOptions { algorithm: Algorithm::Subgoal, ..Default::default() };
    searcher.preprocess(&grid, &options);
    let (mut history, mut repairs) = (vec![cells_of(&grid)], 0);
    for (k, e) in edits.iter().enumerate() {
        apply(&mut grid, e, &history);
        repairs += u32::from(history.last() != Some(&cells_of(&grid)));
        history.push(cells_of(&grid));
        prepared = prepared.repaired(&grid).unwrap();
        searcher.preprocess(&grid, &options);
        let kept = searcher.kept_prepared().unwrap();
        assert!(prepared.uses_jump_table() && kept.uses_jump_table(), "edit {k}: still JPS+");
        assert_eq!((prepared.repairs(), kept.repairs()), (repairs, repairs), "edit {k} ({e:?}): repaired, not prepared again");
        if k % 3 == 0 || k == edits.len() - 1 {
            check(&grid, &prepared, &mut searcher, &starts, &goals).unwrap();
        }
    }
    assert!(repairs >= 12, "{repairs} repairs");
    let copy = grid.clone();
    searcher.preprocess(&copy, &options);
    assert_eq!((prepared.repaired(&copy).unwrap().repairs(), searcher.kept_prepared().unwrap().repairs()), (0, 0));
}

/// A hierarchy worn by many repairs ([`Prepared::worn`]) is prepared again off the frame from
/// a clone ([`Prepared::afresh`]) while the grid is edited on, then kept by the searcher:
/// its next search repairs it by those edits as one, and every answer is the oracle's.
#[test]
fn a_preparation_made_afresh_off_the_frame_takes_the_edits_made_meanwhile() {
    let mut grid = generate_maze(MazeKind::Rooms, 81, 61, 3).unwrap();
    let mut prepared = prepare(&grid).unwrap();
    let mut rng = common::unit_source(29);
    let mut pick = |n: usize| (rng() * n as f64) as usize;
    let toggle = |grid: &mut Grid, pick: &mut dyn FnMut(usize) -> usize| {
        let (x, y) = (pick(81), pick(61));
        let cell = if grid.is_passable(x, y) { Cell::Blocked } else { Cell::FLOOR };
        grid.set(x, y, cell).unwrap();
    };
    assert_eq!(prepared.worn(), 1.0);
    for _ in 0..150 {
        toggle(&mut grid, &mut pick);
        prepared = prepared.repair(&grid).unwrap();
    }
    let worn = prepared.worn();
    assert!(worn > WORN, "worn {worn}");
    // a searcher that followed the same edits prepares its worn graph again when asked
    let mut follower = Searcher::default();
    follower.keep_prepared(prepared.clone());
    assert!(!follower.refresh_prepared(&grid.clone()), "a copy is another grid");
    assert!(follower.refresh_prepared(&grid) && !follower.refresh_prepared(&grid));
    assert_eq!((follower.kept_prepared().unwrap().repairs(), follower.kept_prepared().unwrap().is_for(&grid)), (0, true));
    // the clone goes off the frame; the grid and its live preparation go on
    let snapshot = prepared.clone();
    for _ in 0..20 {
        toggle(&mut grid, &mut pick);
        prepared = prepared.repair(&grid).unwrap();
    }
    let fresh = snapshot.afresh();
    assert_eq!((fresh.repairs(), fresh.worn(), fresh.is_for(&grid)), (0, 1.0, false));
    assert!(fresh.edges() + fresh.shortcuts() < snapshot.edges() + snapshot.shortcuts());
    let mut searcher = Searcher::default();
    searcher.keep_prepared(fresh);
    let starts: Vec<Pos> = (0..5).map(|_| (pick(81), pick(61))).collect();
    let goals: Vec<Pos> = (0..8).map(|_| (pick(81), pick(61))).collect();
    check(&grid, &prepared, &mut searcher, &starts, &goals).unwrap();
    let kept = searcher.kept_prepared().unwrap();
    assert!(kept.is_for(&grid));
    assert_eq!(kept.repairs(), 1, "the 20 edits repaired into it as one, not prepared again");
    assert!(kept.worn() < worn, "{} against {worn}", kept.worn());
}

/// A hierarchy built up from a board with no subgoals wears too.
#[test]
fn a_hierarchy_grown_from_an_empty_board_wears() {
    let mut grid = Grid::new(64, 64).unwrap();
    let mut prepared = prepare(&grid).unwrap();
    assert_eq!(prepared.edges(), 0);
    let mut rng = common::unit_source(5);
    for _ in 0..300 {
        let (x, y) = ((rng() * 64.0) as usize, (rng() * 64.0) as usize);
        grid.set(x, y, Cell::Blocked).unwrap();
        prepared = prepared.repair(&grid).unwrap();
    }
    assert!(!prepared.uses_jump_table());
    assert!(prepared.worn() > WORN, "worn {}", prepared.worn());
}

/// A map answered by JPS+ made afresh lends a jump table stamped for its grid: JPS+ makes no
/// other.
#[test]
fn a_map_answered_by_jps_plus_made_afresh_lends_a_table_stamped_for_its_grid() {
    let (grid, (w, h)) = walled_scattered_map();
    let fresh = prepare(&grid).unwrap().afresh();
    assert!(fresh.uses_jump_table() && fresh.is_for(&grid));
    let mut searcher = Searcher::default();
    searcher.keep_prepared(fresh.clone());
    searcher.preprocess(&grid, &SearchOptions { algorithm: Algorithm::Subgoal, ..Default::default() });
    let before = searcher.kept_bytes();
    let (a, b) = ((0..w).find(|&x| grid.is_passable(x, 0)).unwrap(), (0..w).rev().find(|&x| grid.is_passable(x, h - 1)).unwrap());
    let mut trace = Vec::new();
    fresh.search_traced(&grid, (a, 0), (b, h - 1), &mut searcher, Some(&mut trace)).unwrap();
    assert_eq!(searcher.kept_bytes(), before, "JPS+ read the lent table, made no other");
}

/// Cells changed more than once between two repairs, as a searcher that repairs only when it
/// next searches sees them: a door closed through a weighted cell, opened again through
/// swamp, and one closed, then opened and closed again beside another closed. The grid's log
/// names such a cell once per change, and one changed back has not changed: every answer is
/// the rules' Dijkstra's and a fresh preparation's, and each is a repair, not a preparation.
/// (It fails with the cells the log names taken twice, or taken without comparing them.)
#[test]
fn cells_changed_twice_between_repairs() {
    let mut grid = Grid::new(40, 40).unwrap();
    for i in (8..40).step_by(8) {
        for j in (0..40).filter(|j| j % 8 != 4) {
            grid.set(i, j, Cell::Blocked).unwrap();
            grid.set(j, i, Cell::Blocked).unwrap();
        }
    }
    let options = SearchOptions { algorithm: Algorithm::Subgoal, ..Default::default() };
    let mut searcher = Searcher::default();
    searcher.search(&grid, (2, 4), (37, 37), &options).unwrap();
    let mut prepared = prepare(&grid).unwrap();
    let (starts, goals) = ([(2, 4), (4, 2), (20, 20), (35, 3)], [(14, 4), (4, 14), (37, 37), (3, 35), (20, 4)]);
    let bursts: [&[(usize, usize, Cell)]; 3] = [
        &[(8, 4, Cell::Ground(2)), (8, 4, Cell::Blocked)],
        &[(8, 4, Cell::Swamp), (8, 4, Cell::FLOOR), (4, 8, Cell::Blocked)],
        &[(4, 8, Cell::FLOOR), (4, 8, Cell::Blocked), (12, 8, Cell::Blocked)],
    ];
    for burst in bursts {
        for &(x, y, cell) in burst {
            grid.set(x, y, cell).unwrap();
        }
        prepared = prepared.repair(&grid).unwrap();
        check(&grid, &prepared, &mut searcher, &starts, &goals).unwrap();
    }
    assert_eq!(prepared.repairs(), 3);
}

#[test]
fn a_cell_blocked_beside_an_old_witness_diagonal_just_outside_its_ellipse() {
    // (1, 4) blocked lies beside a diagonal move of an old witness (a diagonal needs both side
    // cells free), just outside its pair's ellipse: the vertex that witness spared a shortcut
    // must be contracted again, or (3, 0) -> (1, 7) costs 8.41 instead of 7.83
    let rows = [
        "@@@......",
        "....@....",
        "....@....",
        "@@.......",
        ".........",
        "......@@.",
        "@...@....",
        "@.@...@@@",
        "@..@.@..@",
        "@.@@.@.@.",
        "@...@....",
        ".....@...",
    ];
    let (w, h) = (rows[0].len(), rows.len());
    let cells: Vec<bool> = rows.iter().flat_map(|r| r.bytes().map(|c| c == b'@')).collect();
    let mut grid = common::board_of(w, h, &cells);
    let prepared = prepare(&grid).unwrap();
    grid.set(1, 4, Cell::Blocked).unwrap();
    let repaired = prepared.repaired(&grid).unwrap();
    assert_eq!(repaired.repairs(), 1);
    // every pair of free cells
    let all: Vec<Pos> = (0..h).flat_map(|y| (0..w).map(move |x| (x, y))).collect();
    check(&grid, &repaired, &mut Searcher::default(), &all, &all).unwrap();
}
