//! The subgoal graph (`Algorithm::Subgoal`, `prepare`, `Prepared`): optimal against a Dijkstra
//! written from the rules on random boards, room boards and mazes; never answering for a grid
//! it was not made for; its file read back exactly and refused, with the byte, when it is
//! damaged or belongs to another map.

use cubepath_search::{files::*, grid::*, search::*};
use proptest::prelude::*;

mod common;
mod oracle;
use common::{seeded_grid, unit_source};
use oracle::{oracle_2d, path_cost_by_rules};

fn subgoal() -> SearchOptions {
    SearchOptions { algorithm: Algorithm::Subgoal, ..Default::default() }
}

/// Checks every answer for `pairs` on `grid`: the oracle's cost, a path of legal moves from
/// start to goal whose steps sum to it.
fn check(grid: &Grid, pairs: &[(Pos, Pos)]) -> Result<(), TestCaseError> {
    let mut searcher = Searcher::default();
    let prepared = prepare(grid).unwrap();
    for &(a, b) in pairs {
        if !grid.is_passable(a.0, a.1) || !grid.is_passable(b.0, b.1) {
            continue;
        }
        let r = searcher.search(grid, a, b, &subgoal()).unwrap();
        check_trace(grid, &prepared, a, b, &r)?;
        let want = oracle_2d(grid, a, b);
        match (r.cost, want) {
            (Some(c), Some(w)) => {
                prop_assert!((c - w).abs() < 1e-9, "{a:?} -> {b:?}: cost {c}, oracle {w}\n{grid:?}");
                let path = r.path.unwrap();
                prop_assert_eq!((path[0], *path.last().unwrap()), (a, b));
                let sum = path_cost_by_rules(grid, &path);
                prop_assert!(sum.is_some_and(|s| (s - w).abs() < 1e-9), "{a:?} -> {b:?}: the path's steps sum to {sum:?}");
            }
            (None, None) => {}
            (got, _) => prop_assert!(false, "{a:?} -> {b:?}: got {got:?}, oracle {want:?}\n{grid:?}"),
        }
    }
    Ok(())
}

/// The traced search answers as the plain one, and its trace is the search's work: the start's
/// and goal's joins, then one step per expanded subgoal, each reaching only at greater costs.
fn check_trace(grid: &Grid, prepared: &Prepared, a: Pos, b: Pos, plain: &SearchResult) -> Result<(), TestCaseError> {
    let mut trace = Vec::new();
    let traced = prepared.search_traced(grid, a, b, &mut Searcher::default(), Some(&mut trace)).unwrap();
    // (the searcher may answer "no path" from its components without searching the graph);
    // a traced search goes through the hierarchy where the plain one may read the distance
    // table: the same cost, a path of its own
    prop_assert_eq!(traced.cost, plain.cost);
    if let (Some(path), Some(cost)) = (&traced.path, traced.cost) {
        prop_assert_eq!((path[0], *path.last().unwrap()), (a, b));
        prop_assert!(path_cost_by_rules(grid, path).is_some_and(|s| (s - cost).abs() < 1e-9), "{a:?} -> {b:?}: the traced path");
    }
    if trace.is_empty() {
        return Ok(());
    }
    prop_assert_eq!(trace.len(), traced.expanded + 2);
    prop_assert_eq!((trace[0].at, trace[0].cost, trace[1].at, trace[1].cost), (a, 0.0, b, 0.0));
    let subgoals: std::collections::HashSet<Pos> = prepared.subgoal_cells().collect();
    for step in &trace[2..] {
        prop_assert!(subgoals.contains(&step.at), "{:?} expanded, not a subgoal", step.at);
    }
    // a join reaches the start or goal itself at 0 when it is a subgoal; an expansion's
    // edges all cost something
    for (k, step) in trace.iter().enumerate() {
        let dearer = |c: f64| if k < 2 { c >= 0.0 } else { c > step.cost };
        prop_assert!(step.reached.iter().all(|&(p, c)| subgoals.contains(&p) && dearer(c)), "{step:?}");
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn optimal_on_random_boards(
        (w, h, cells) in (2usize..40, 2usize..40).prop_flat_map(|(w, h)| (Just(w), Just(h), prop::collection::vec(prop::bool::weighted(0.3), w * h))),
        pairs in prop::collection::vec(((0usize..40, 0usize..40), (0usize..40, 0usize..40)), 12),
    ) {
        let grid = common::board_of(w, h, &cells);
        let pairs: Vec<(Pos, Pos)> = pairs.into_iter().map(|(a, b)| ((a.0 % w, a.1 % h), (b.0 % w, b.1 % h))).collect();
        check(&grid, &pairs)?;
    }

    #[test]
    fn optimal_on_rooms_and_mazes(kind in 0usize..3, seed in any::<u64>(), pairs in prop::collection::vec(((0usize..61, 0usize..41), (0usize..61, 0usize..41)), 16)) {
        let kind = [MazeKind::Rooms, MazeKind::Division, MazeKind::Backtracker][kind];
        let grid = generate_maze(kind, 61, 41, seed).unwrap();
        let pairs: Vec<(Pos, Pos)> = pairs.into_iter().collect();
        check(&grid, &pairs)?;
    }
}

#[test]
fn a_preparation_answers_only_for_its_grid_as_it_was() {
    let mut grid = Grid::new(12, 8).unwrap();
    for y in 0..6 {
        grid.set(6, y, Cell::Blocked).unwrap();
    }
    let prepared = prepare(&grid).unwrap();
    let mut searcher = Searcher::default();
    assert!(prepared.is_for(&grid));
    let before = prepared.search(&grid, (0, 0), (11, 0), &mut searcher).unwrap();
    // a copy is another grid, and an edit makes this one another revision
    let copy = grid.clone();
    assert_eq!(prepared.search(&copy, (0, 0), (11, 0), &mut searcher), Err(SearchError::StalePreparation));
    grid.set(6, 7, Cell::Blocked).unwrap();
    assert_eq!(prepared.search(&grid, (0, 0), (11, 0), &mut searcher), Err(SearchError::StalePreparation));
    // the searcher prepares again: the wall now closes the board at the bottom, a gap at row 6
    let r = searcher.search(&grid, (0, 0), (11, 0), &subgoal()).unwrap();
    assert_eq!(r.cost, oracle_2d(&grid, (0, 0), (11, 0)));
    assert!(r.path.unwrap().contains(&(6, 6)));
    // undo: the same cells again, a new revision, the first answer again
    grid.set(6, 7, Cell::FLOOR).unwrap();
    let again = searcher.search(&grid, (0, 0), (11, 0), &subgoal()).unwrap();
    assert_eq!(again.cost, before.cost);
}

#[test]
fn other_boards_are_refused_with_a_reason() {
    let mut swamp = Grid::new(4, 4).unwrap();
    swamp.set(1, 1, Cell::Swamp).unwrap();
    assert_eq!(prepare(&swamp).err(), Some(PrepError::Weighted));
    let open = Grid::new(4, 4).unwrap();
    let mut searcher = Searcher::default();
    for options in [
        SearchOptions { topology: Topology::Square(DiagonalRule::Always), ..subgoal() },
        SearchOptions { topology: Topology::Hex, ..subgoal() },
        SearchOptions { costs: CostModel::Tutorial, ..subgoal() },
    ] {
        assert_eq!(searcher.search(&open, (0, 0), (3, 3), &options), Err(SearchError::NeedsPlainBoard(Algorithm::Subgoal)));
    }
    assert_eq!(searcher.search(&swamp, (0, 0), (3, 3), &subgoal()), Err(SearchError::NeedsPlainBoard(Algorithm::Subgoal)));
    assert_eq!(searcher.steps(&open, (0, 0), (3, 3), &subgoal()).err(), Some(SearchError::NotSteppable(Algorithm::Subgoal)));
}

fn bundled(name: &str) -> Grid {
    let path = format!("{}/../../assets/maps/{name}", std::env::var("CARGO_MANIFEST_DIR").expect("run by cargo"));
    read_map(name, &std::fs::read(path).unwrap()).unwrap()
}

#[test]
fn a_preparation_file_reads_back_to_the_same_answers() {
    let grid = bundled("lak304d.map");
    let prepared = prepare(&grid).unwrap();
    let bytes = prepared.to_bytes();
    let read = Prepared::from_bytes(&bytes, &grid).unwrap();
    assert_eq!((read.subgoals(), read.edges(), read.shortcuts()), (prepared.subgoals(), prepared.edges(), prepared.shortcuts()));
    assert_eq!(read.to_bytes(), bytes);
    let problems = read_scen(
        "lak304d.map.scen",
        &std::fs::read(format!("{}/../../assets/maps/lak304d.map.scen", std::env::var("CARGO_MANIFEST_DIR").expect("run by cargo")))
            .unwrap(),
    )
    .unwrap();
    // 1,500 subgoals: the distances are stored (read back too), and the hierarchy, searched
    // when a trace is asked for, gives the same costs; 9,902 on maze255 are too many to store
    assert!(prepared.uses_distance_table() && read.uses_distance_table());
    assert!(!prepare(&bundled("maze255.map")).unwrap().uses_distance_table());
    let mut searcher = Searcher::default();
    for p in problems.iter().step_by(7) {
        let a = prepared.search(&grid, p.start, p.goal, &mut searcher).unwrap();
        let b = read.search(&grid, p.start, p.goal, &mut searcher).unwrap();
        assert_eq!(a, b);
        assert!(p.matches(b.cost.unwrap()), "line {}", p.line);
        let mut trace = Vec::new();
        let traced = prepared.search_traced(&grid, p.start, p.goal, &mut searcher, Some(&mut trace)).unwrap();
        assert!((traced.cost.unwrap() - b.cost.unwrap()).abs() < 1e-9, "line {}: hierarchy {:?}, table {:?}", p.line, traced.cost, b.cost);
    }
}

#[test]
fn a_damaged_or_foreign_preparation_file_is_refused() {
    let grid = generate_maze(MazeKind::Rooms, 40, 30, 3).unwrap();
    let bytes = prepare(&grid).unwrap().to_bytes();
    // another map of the same size, and one of another size
    let other = generate_maze(MazeKind::Rooms, 40, 30, 4).unwrap();
    assert_eq!(Prepared::from_bytes(&bytes, &other).err(), Some(PrepError::OtherMap));
    let small = Grid::new(10, 10).unwrap();
    assert!(matches!(Prepared::from_bytes(&bytes, &small), Err(PrepError::OtherSize { file: (40, 30), map: (10, 10) })));
    // every cut short is refused, naming a byte inside the file
    for len in 0..bytes.len() {
        match Prepared::from_bytes(&bytes[..len], &grid) {
            Err(PrepError::Malformed { at, .. }) => assert!(at <= len, "cut at {len}: byte {at}"),
            other => panic!("cut at {len}: {:?}", other.map(|p| p.subgoals())),
        }
    }
    // one byte more, and each byte changed
    let mut longer = bytes.clone();
    longer.push(0);
    assert!(matches!(Prepared::from_bytes(&longer, &grid), Err(PrepError::Malformed { .. })));
    for k in 0..bytes.len() {
        let mut bad = bytes.clone();
        bad[k] ^= 0x10;
        assert!(Prepared::from_bytes(&bad, &grid).is_err(), "byte {k} changed was read");
    }
    // another version
    let mut newer = bytes.clone();
    newer[14] = 9;
    assert_eq!(Prepared::from_bytes(&newer, &grid).err(), Some(PrepError::Version(9)));
}

/// A forged file (bytes changed, its checksum made right again) is refused, or it is a file
/// the writer could have written (it writes back to the same bytes) and no answer from it is
/// cheaper than the oracle's, each path legal: the format holds no edges and no costs, only the
/// order of contraction and the shortcuts kept, so a forgery can lose a way but not make one.
#[test]
fn a_forged_preparation_file_is_refused_or_never_answers_below_the_optimum() {
    let grid = generate_maze(MazeKind::Rooms, 40, 30, 3).unwrap();
    let bytes = prepare(&grid).unwrap().to_bytes();
    let fnv = |b: &[u8]| b.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &x| (h ^ u64::from(x)).wrapping_mul(0x0100_0000_01b3));
    let free: Vec<Pos> = grid.cells().filter(|(_, c)| c.is_passable()).map(|(p, _)| p).collect();
    let (mut accepted, mut refused) = (0, 0);
    let body = bytes.len() - 8;
    // past the header (magic, version, size, fingerprint, three counts): the varints, each
    // byte moved by a few values, and each two bytes side by side swapped (two subgoals'
    // places in the order of contraction, or two places in a list)
    for k in 46..body {
        for change in [1u8, 2, 0x7f, 0x80, 0] {
            let mut forged = bytes[..body].to_vec();
            if change == 0 {
                forged.swap(k, (k + 1).min(body - 1));
            } else {
                forged[k] = forged[k].wrapping_add(change);
            }
            let sum = fnv(&forged);
            forged.extend_from_slice(&sum.to_le_bytes());
            let Ok(read) = Prepared::from_bytes(&forged, &grid) else {
                refused += 1;
                continue;
            };
            accepted += 1;
            assert!(read.to_bytes() == forged, "byte {k} + {change}: accepted, but it writes back to other bytes");
            let mut searcher = Searcher::default();
            for (i, &a) in free.iter().enumerate().step_by(23) {
                let b = free[(i * 37 + 11) % free.len()];
                let got = read.search(&grid, a, b, &mut searcher).unwrap();
                let want = oracle_2d(&grid, a, b).expect("rooms are joined");
                if let Some(c) = got.cost {
                    assert!(c > want - 1e-9, "byte {k} + {change}: {a:?} -> {b:?} costs {c}, the oracle {want}");
                    assert!(path_cost_by_rules(&grid, got.path.as_ref().unwrap()).is_some_and(|s| (s - c).abs() < 1e-9));
                }
            }
        }
    }
    assert!(refused > 0 && accepted > 0, "{accepted} forgeries accepted, {refused} refused");
    // a subgoal count that is not the map's, named at its byte (after the magic line, the
    // version, width, height and fingerprint)
    let mut count = bytes[..body].to_vec();
    count[34] = count[34].wrapping_add(1);
    let sum = fnv(&count);
    count.extend_from_slice(&sum.to_le_bytes());
    match Prepared::from_bytes(&count, &grid) {
        Err(PrepError::Malformed { at: 34, what }) => assert!(what.contains("subgoals (this map's)"), "{what}"),
        other => panic!("another subgoal count: {:?}", other.map(|p| p.subgoals())),
    }
    // a varint in a longer form than it needs (the first subgoal of the order, as two bytes)
    assert!(bytes[46] < 0x80, "the first subgoal contracted is one of the first 128");
    let mut longer = bytes[..46].to_vec();
    longer.extend_from_slice(&[bytes[46] | 0x80, 0]);
    longer.extend_from_slice(&bytes[47..body]);
    let sum = fnv(&longer);
    longer.extend_from_slice(&sum.to_le_bytes());
    match Prepared::from_bytes(&longer, &grid) {
        Err(PrepError::Malformed { at: 46, what }) => assert!(what.contains("shortest form"), "{what}"),
        other => panic!("a varint in a longer form: {:?}", other.map(|p| p.subgoals())),
    }
    eprintln!("{accepted} forgeries accepted, {refused} refused");
}

/// A map of scattered small obstacles, whose subgoal graph has too many cycles to pay, is
/// prepared as JPS+'s jump distances: its answers cost what the oracle's do along legal moves,
/// its file holds no contraction and reads back to the same bytes and answers, a file that
/// contracts it is refused at its count, and neither a copy nor an edit is answered from the
/// old table (nor an undo from the edit's).
#[test]
fn a_map_of_scattered_obstacles_is_answered_by_jps_plus_never_from_a_stale_table() {
    let mut grid = seeded_grid(320, 320, 0.1, 1);
    let prepared = prepare(&grid).unwrap();
    assert!(prepared.uses_jump_table(), "{} subgoals", prepared.subgoals());
    assert!(prepared.subgoals() > 10_000 && prepared.edges() == 0 && prepared.shortcuts() == 0 && prepared.edge_cells().count() == 0);
    assert!(!prepare(&bundled("lak304d.map")).unwrap().uses_jump_table(), "a game map keeps its graph");
    let street = prepare(&bundled("Berlin_0_512.map")).unwrap();
    assert!(street.uses_jump_table() && street.landmarks() > 0, "a street map reaches too many subgoals: JPS+ with landmarks");
    let free: Vec<Pos> = grid.cells().filter(|(_, c)| c.is_passable()).map(|(p, _)| p).collect();
    let pairs: Vec<(Pos, Pos)> = (0..12).map(|k| (free[(k * 7919) % free.len()], free[(k * 104_729 + 5) % free.len()])).collect();
    let mut searcher = Searcher::default();
    let mut costs = Vec::new();
    for &(a, b) in &pairs {
        let r = prepared.search(&grid, a, b, &mut searcher).unwrap();
        let want = oracle_2d(&grid, a, b).expect("10 % walls leave the board joined here");
        let c = r.cost.unwrap();
        assert!((c - want).abs() < 1e-9, "{a:?} -> {b:?}: {c}, the oracle {want}");
        assert!(path_cost_by_rules(&grid, r.path.as_ref().unwrap()).is_some_and(|s| (s - c).abs() < 1e-9), "{a:?} -> {b:?}");
        assert_eq!(searcher.search(&grid, a, b, &subgoal()).unwrap().cost, Some(c), "through SearchOptions");
        let mut trace = Vec::new();
        assert_eq!(prepared.search_traced(&grid, a, b, &mut Searcher::default(), Some(&mut trace)).unwrap().cost, Some(c));
        assert!(trace.is_empty(), "no graph, no steps");
        costs.push(c);
    }
    // the file: the header, no contraction, the checksum
    let bytes = prepared.to_bytes();
    assert_eq!(bytes.len(), 54);
    let read = Prepared::from_bytes(&bytes, &grid).unwrap();
    assert!(read.uses_jump_table() && read.to_bytes() == bytes);
    for (&(a, b), &c) in pairs.iter().zip(&costs) {
        assert_eq!(read.search(&grid, a, b, &mut Searcher::default()).unwrap().cost, Some(c));
    }
    // a file that contracts one subgoal (no shortcut over it): refused at the count contracted
    let mut forged = bytes[..46].to_vec();
    forged[38] = 1;
    forged.extend_from_slice(&[0, 0]);
    let sum = forged.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &x| (h ^ u64::from(x)).wrapping_mul(0x0100_0000_01b3));
    forged.extend_from_slice(&sum.to_le_bytes());
    match Prepared::from_bytes(&forged, &grid) {
        Err(PrepError::Malformed { at: 38, what }) => assert!(what.contains("JPS+"), "{what}"),
        other => panic!("a contracted file: {:?}", other.map(|p| p.uses_jump_table())),
    }
    // a copy is another grid; an edit walls a cell of the first path, and the searcher that
    // answered before answers from the edited board; an undo gives the first cost back
    let copy = grid.clone();
    assert_eq!(prepared.search(&copy, pairs[0].0, pairs[0].1, &mut searcher), Err(SearchError::StalePreparation));
    let path = prepared.search(&grid, pairs[0].0, pairs[0].1, &mut searcher).unwrap().path.unwrap();
    let wall = path[path.len() / 2];
    grid.set(wall.0, wall.1, Cell::Blocked).unwrap();
    assert_eq!(prepared.search(&grid, pairs[0].0, pairs[0].1, &mut searcher), Err(SearchError::StalePreparation));
    let edited = searcher.search(&grid, pairs[0].0, pairs[0].1, &subgoal()).unwrap();
    let want = oracle_2d(&grid, pairs[0].0, pairs[0].1).expect("a way round the wall");
    // the same least cost, its steps summed in another order (equal to the last bit or two)
    assert!(edited.cost.is_some_and(|c| (c - want).abs() < 1e-9 && want > costs[0] + 1e-9), "{:?}, the oracle {want}", edited.cost);
    assert!(!edited.path.unwrap().contains(&wall));
    grid.set(wall.0, wall.1, Cell::FLOOR).unwrap();
    assert_eq!(searcher.search(&grid, pairs[0].0, pairs[0].1, &subgoal()).unwrap().cost, Some(costs[0]));
}

/// On maps of scattered obstacles JPS+ answers with the landmarks' estimate and its own open
/// list: every answer, from several starts to many goals (some walled off), costs what the
/// oracle's Dijkstra says along legal moves, and the estimate expands fewer cells than the
/// plain JPS+ over the same table.
#[test]
fn jps_plus_with_landmarks_is_optimal_from_many_starts_to_every_goal() {
    let mut next = unit_source(0x2545_f491_4f6c_dd1d);
    let (mut landmarked, mut plain, mut walled_off) = (0, 0, 0);
    for (w, h, density) in [(300, 300, 0.08), (260, 340, 0.15), (340, 300, 0.22)] {
        let mut grid = random_grid(w, h, density, &mut next).unwrap();
        // a walled room: its cells are reached from no cell outside
        for k in 20..=26 {
            for (x, y) in [(k, 20), (k, 26), (20, k), (26, k)] {
                grid.set(x, y, Cell::Blocked).unwrap();
            }
        }
        for (x, y) in (21..26).flat_map(|x| (21..26).map(move |y| (x, y))) {
            grid.set(x, y, Cell::FLOOR).unwrap();
        }
        let prepared = prepare(&grid).unwrap();
        assert!(prepared.uses_jump_table(), "{w} x {h} at {density}: {} subgoals", prepared.subgoals());
        let free: Vec<Pos> = grid.cells().filter(|(_, c)| c.is_passable()).map(|(p, _)| p).collect();
        let mut pick = || free[(next() * free.len() as f64) as usize];
        let (mut searcher, mut jps) = (Searcher::default(), Searcher::default());
        let plus = SearchOptions { algorithm: Algorithm::JpsPlus, ..Default::default() };
        for _ in 0..5 {
            let a = pick();
            let dist = oracle::oracle_2d_from(&grid, a);
            for k in 0..40 {
                let b = if k % 10 == 9 { (23, 23) } else { pick() };
                let want = dist[b.1 * w + b.0];
                let r = prepared.search(&grid, a, b, &mut searcher).unwrap();
                if want.is_infinite() {
                    walled_off += 1;
                    assert!(r.cost.is_none() && r.path.is_none(), "{a:?} -> {b:?}: walled off, yet {:?}", r.cost);
                    continue;
                }
                let c = r.cost.unwrap_or_else(|| panic!("{a:?} -> {b:?}: no path, the oracle {want}"));
                assert!((c - want).abs() < 1e-9, "{w} x {h} at {density}: {a:?} -> {b:?}: {c}, the oracle {want}");
                let path = r.path.unwrap();
                assert_eq!((path[0], path[path.len() - 1]), (a, b));
                assert!(path_cost_by_rules(&grid, &path).is_some_and(|s| (s - c).abs() < 1e-9), "{a:?} -> {b:?}: an illegal path");
                landmarked += r.expanded;
                plain += jps.search(&grid, a, b, &plus).unwrap().expanded;
            }
        }
    }
    eprintln!("expanded: {landmarked} with landmarks, {plain} without; {walled_off} goals walled off");
    assert!(walled_off > 0, "some goals are walled off");
    assert!(landmarked * 4 < plain * 3, "{landmarked} expanded with landmarks, {plain} without");
}

/// A map of scattered obstacles too large for landmarks (over 2,097,152 padded cells) is still
/// answered by JPS+, by the octile estimate alone, at the oracle's costs.
#[test]
fn a_map_too_large_for_landmarks_is_answered_by_plain_jps_plus() {
    let (w, h) = (1500, 1420);
    let grid = seeded_grid(w, h, 0.1, 0x5851_f42d_4c95_7f2d);
    let prepared = prepare(&grid).unwrap();
    assert!(prepared.uses_jump_table() && prepared.landmarks() == 0, "{} landmarks", prepared.landmarks());
    let free: Vec<Pos> = grid.cells().filter(|(_, c)| c.is_passable()).map(|(p, _)| p).collect();
    let a = free[free.len() / 3];
    let dist = oracle::oracle_2d_from(&grid, a);
    let mut searcher = Searcher::default();
    for k in 0..12 {
        let b = free[(k * 104_729 + 17) % free.len()];
        let r = prepared.search(&grid, a, b, &mut searcher).unwrap();
        let want = dist[b.1 * w + b.0];
        match r.cost {
            None => assert!(want.is_infinite(), "{a:?} -> {b:?}: no path, the oracle {want}"),
            Some(c) => {
                assert!((c - want).abs() < 1e-9, "{a:?} -> {b:?}: {c}, the oracle {want}");
                assert!(path_cost_by_rules(&grid, r.path.as_ref().unwrap()).is_some_and(|s| (s - c).abs() < 1e-9));
            }
        }
    }
}
