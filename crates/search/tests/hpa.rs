//! HPA* ([`Hierarchy`]): every path is made of the board's moves (checked by a reading of the
//! rules written here, not the engine's), found whenever the rules' Dijkstra finds one, never
//! cheaper than that optimum, and on the benchmark's own files within a stated factor of the
//! published optimal lengths; after edits, [`Hierarchy::update`] (which rebuilds only the
//! clusters touched) answers as a hierarchy built afresh does; a hierarchy never answers for
//! a grid that changed since, or for a copy.

use cubepath_search::{files::read_map, files::read_scen, grid::*, search::*};
use proptest::prelude::*;

mod oracle;
use oracle::{oracle_2d, path_cost_by_rules};

/// A `w` x `h` board with the cells of `walls` (indices, wrapped) blocked.
fn board(w: usize, h: usize, walls: &[usize]) -> Grid {
    let mut grid = Grid::new(w, h).unwrap();
    for &i in walls {
        grid.set(i % w, (i / w) % h, Cell::Blocked).unwrap();
    }
    grid
}

/// A `w` x `h` board with `n` cells picked by a xorshift from `seed` blocked.
fn random_board(w: usize, h: usize, n: usize, mut seed: u64) -> Grid {
    let walls: Vec<usize> = (0..n)
        .map(|_| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % (w * h) as u64) as usize
        })
        .collect();
    board(w, h, &walls)
}

/// Checks one answer against the rules and the optimum; returns the cost ratio (1 for none).
fn check(grid: &Grid, h: &Hierarchy, a: Pos, b: Pos) -> f64 {
    let truth = oracle_2d(grid, a, b);
    let found = h.find(grid, a, b).unwrap();
    match (found, truth) {
        (None, None) => 1.0,
        (Some(p), Some(best)) => {
            assert_eq!((p.cells[0], *p.cells.last().unwrap()), (a, b));
            let by_rules =
                path_cost_by_rules(grid, &p.cells).unwrap_or_else(|| panic!("{a:?} -> {b:?}: a step is not a move: {:?}", p.cells));
            assert!((by_rules - p.cost).abs() < 1e-9, "{a:?} -> {b:?}: said {} for a path of {by_rules}", p.cost);
            assert!(p.cost >= best - 1e-9, "{a:?} -> {b:?}: {} below the optimum {best}", p.cost);
            p.cost / best.max(1e-9)
        }
        (found, truth) => panic!("{a:?} -> {b:?}: HPA* {:?}, the rules {truth:?}", found.map(|p| p.cost)),
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn paths_are_moves_found_whenever_one_exists_and_never_below_the_optimum(
        w in 4usize..40, h in 4usize..40, walls in proptest::collection::vec(0usize..1600, 0..500),
        side in 4usize..12, ends in proptest::collection::vec((0usize..40, 0usize..40, 0usize..40, 0usize..40), 1..8),
    ) {
        let grid = board(w, h, &walls);
        let hierarchy = Hierarchy::build(&grid, side).unwrap();
        for (ax, ay, bx, by) in ends {
            let (a, b) = ((ax % w, ay % h), (bx % w, by % h));
            if grid.is_passable(a.0, a.1) && grid.is_passable(b.0, b.1) {
                check(&grid, &hierarchy, a, b);
            }
        }
    }

    /// Whatever the weight on the abstract search's estimate, paths are the board's moves,
    /// found whenever one exists, never below the optimum, and no abstract node is expanded
    /// twice (the start and the goal are the two beyond the graph's nodes).
    #[test]
    fn any_weight_keeps_paths_legal_and_expands_each_node_once(
        walls in proptest::collection::vec(0usize..1600, 0..600), weight in 1.0f64..4.0,
        ends in proptest::collection::vec((0usize..40, 0usize..40, 0usize..40, 0usize..40), 1..8),
    ) {
        let grid = board(40, 40, &walls);
        let mut hierarchy = Hierarchy::build(&grid, 5).unwrap();
        hierarchy.set_weight(weight).unwrap();
        for (ax, ay, bx, by) in ends {
            let (a, b) = ((ax, ay), (bx, by));
            if grid.is_passable(a.0, a.1) && grid.is_passable(b.0, b.1) {
                check(&grid, &hierarchy, a, b);
                let twice = expanded_twice(&grid, &hierarchy, a, b);
                prop_assert_eq!(twice, 0, "{:?} -> {:?}: {} nodes expanded again", a, b, twice);
            }
        }
    }

    /// The abstract graph's costs are the least inside each cluster: every pair of a
    /// cluster's nodes, against the rules' Dijkstra on a board cut to the cluster's rectangle
    /// (a pair left out has no way between them there).
    #[test]
    fn cluster_costs_are_the_least_inside_the_cluster(
        w in 4usize..40, h in 4usize..40, walls in proptest::collection::vec(0usize..1600, 0..500), side in 4usize..12,
    ) {
        let grid = board(w, h, &walls);
        let hierarchy = Hierarchy::build(&grid, side).unwrap();
        let costs: std::collections::HashMap<(Pos, Pos), f64> = hierarchy.edges().map(|(a, b, c)| ((a, b), c)).collect();
        for ((x0, y0, x1, y1), nodes) in hierarchy.clusters() {
            let mut cut = Grid::new(x1 - x0, y1 - y0).unwrap();
            for y in y0..y1 {
                for x in x0..x1 {
                    if !grid.is_passable(x, y) {
                        cut.set(x - x0, y - y0, Cell::Blocked).unwrap();
                    }
                }
            }
            for (i, &a) in nodes.iter().enumerate() {
                for &b in &nodes[i + 1..] {
                    let truth = oracle_2d(&cut, (a.0 - x0, a.1 - y0), (b.0 - x0, b.1 - y0));
                    let said = costs.get(&(a, b)).copied();
                    prop_assert_eq!(said.is_some(), truth.is_some(), "{:?} -> {:?}", a, b);
                    if let (Some(said), Some(truth)) = (said, truth) {
                        prop_assert!((said - truth).abs() < 1e-3, "{:?} -> {:?}: {} against {}", a, b, said, truth);
                    }
                }
            }
        }
    }

    /// An update (after one edit, or after several: every third edit is not followed by
    /// one) gives the graph a fresh build does: the same entrances, the same node pairs, their
    /// costs equal (up to the f32 they are kept in: an update may sum a cost by another way
    /// than a fresh Dijkstra does), and a legal path whenever the rules find one.
    #[test]
    fn an_update_after_edits_answers_as_a_fresh_build(
        walls in proptest::collection::vec(0usize..1600, 0..300), edits in proptest::collection::vec(0usize..1600, 1..40),
    ) {
        let mut grid = board(40, 40, &walls);
        grid.set(0, 0, Cell::Ground(1)).unwrap();
        grid.set(39, 39, Cell::Ground(1)).unwrap();
        let mut kept = Hierarchy::build(&grid, 8).unwrap();
        for (n, e) in edits.into_iter().enumerate() {
            let (x, y) = (e % 40, e / 40);
            if (x, y) == (0, 0) || (x, y) == (39, 39) {
                continue;
            }
            let cell = if grid.is_passable(x, y) { Cell::Blocked } else { Cell::Ground(1) };
            grid.set(x, y, cell).unwrap();
            prop_assert!(!kept.is_for(&grid));
            prop_assert_eq!(kept.find(&grid, (0, 0), (39, 39)), Err(HpaError::Stale));
            if n % 3 == 2 {
                continue;
            }
            kept.update(&grid).unwrap();
            let fresh = Hierarchy::build(&grid, 8).unwrap();
            prop_assert_eq!(kept.entrances().collect::<Vec<_>>(), fresh.entrances().collect::<Vec<_>>());
            let (updated, built): (Vec<_>, Vec<_>) = (kept.edges().collect(), fresh.edges().collect());
            prop_assert_eq!(updated.len(), built.len());
            for ((a, b, c), (fa, fb, fc)) in updated.into_iter().zip(built) {
                prop_assert_eq!((a, b), (fa, fb));
                prop_assert!((c - fc).abs() < 1e-3, "{:?} -> {:?}: {} updated, {} built", a, b, c, fc);
            }
            check(&grid, &kept, (0, 0), (39, 39));
        }
    }
}

/// The transitions on the border between the two 8 x 8 clusters of a 16 x 8 board, as the rows
/// they cross at.
fn crossings(grid: &Grid) -> Vec<usize> {
    let h = Hierarchy::build(grid, 8).unwrap();
    let mut rows: Vec<usize> = h.entrances().map(|(p, _)| p.1).collect();
    rows.sort_unstable();
    rows
}

#[test]
fn an_offer_near_a_kept_transition_is_dropped_and_one_only_far_round_is_kept() {
    // the border (x = 7 | 8) walled at rows 4 and 6: runs 0..=3, 5 and 7 offer rows 2, 5, 7
    let mut grid = board(16, 8, &[]);
    for y in [4, 6] {
        grid.set(7, y, Cell::Blocked).unwrap();
    }
    // row 5 is 3 rows from row 2 and joined to it within 5 moves on each side: dropped; row 7
    // is SPACING rows or more from the last kept (2): kept
    assert_eq!(SPACING, 4);
    assert_eq!(crossings(&grid), vec![2, 7]);
    // a wall along row 4 of the left cluster, open only at x = 0: rows 2 and 5 there are
    // joined only round it (17 moves, over twice SPACING), so row 5 is kept, and row 7, near
    // it, dropped
    for x in 1..7 {
        grid.set(x, 4, Cell::Blocked).unwrap();
    }
    assert_eq!(crossings(&grid), vec![2, 5]);
}

#[test]
fn an_edit_rebuilds_only_the_clusters_it_touches() {
    let mut grid = Grid::new(64, 64).unwrap();
    let mut h = Hierarchy::build(&grid, 8).unwrap();
    // a cell inside a cluster (16..24 square): on no border, so that cluster alone
    grid.set(20, 20, Cell::Blocked).unwrap();
    assert_eq!(h.update(&grid).unwrap(), 1);
    // on its right edge, splitting the border's run in two: that border's two clusters
    grid.set(23, 20, Cell::Blocked).unwrap();
    assert_eq!(h.update(&grid).unwrap(), 2);
    // at its corner: the top border's run shortened (its transitions move: the cluster above
    // too); the right border's first run, now 17..=19, keeps its transition at its middle (the
    // cluster on the right is not joined again)
    grid.set(23, 16, Cell::Blocked).unwrap();
    assert_eq!(h.update(&grid).unwrap(), 2);
    // two corners at once, on the bottom and right borders: the three clusters
    grid.set(16, 23, Cell::Blocked).unwrap();
    grid.set(23, 23, Cell::Blocked).unwrap();
    assert_eq!(h.update(&grid).unwrap(), 3);
    // the board's corner cell faces no other cluster
    grid.set(0, 0, Cell::Blocked).unwrap();
    assert_eq!(h.update(&grid).unwrap(), 1);
    assert_eq!(h.update(&grid).unwrap(), 0, "nothing changed");
    // a copy is another grid: built whole
    let copy = grid.clone();
    assert!(!h.is_for(&copy));
    assert_eq!(h.update(&copy).unwrap(), 64);
    assert!(h.is_for(&copy) && !h.is_for(&grid));
}

#[test]
fn bad_settings_and_endpoints_are_refused() {
    let mut grid = Grid::new(10, 10).unwrap();
    assert_eq!(Hierarchy::build(&grid, 3).err(), Some(HpaError::ClusterSize(3)));
    let mut h = Hierarchy::build(&grid, 4).unwrap();
    for w in [0.99, f64::NAN, f64::INFINITY, -1.0] {
        assert_eq!(
            h.set_weight(w).map_err(|e| e.to_string()),
            Err(format!("weight {w}: HPA*'s abstract search takes a finite weight of at least 1"))
        );
    }
    assert_eq!(h.weight(), DEFAULT_WEIGHT, "a refused weight leaves the weight as it was");
    // a weight set survives an update, even one that builds the hierarchy whole (a copy)
    h.set_weight(1.5).unwrap();
    grid.set(9, 9, Cell::Blocked).unwrap();
    h.update(&grid).unwrap();
    assert_eq!(h.weight(), 1.5);
    h.update(&grid.clone()).unwrap();
    assert_eq!(h.weight(), 1.5);
    grid.set(9, 9, Cell::FLOOR).unwrap();
    grid.set(1, 1, Cell::Blocked).unwrap();
    let h = Hierarchy::build(&grid, 4).unwrap();
    assert_eq!(h.find(&grid, (1, 1), (5, 5)), Err(HpaError::Endpoint((1, 1))));
    assert_eq!(h.find(&grid, (0, 0), (10, 5)), Err(HpaError::Endpoint((10, 5))));
    grid.set(2, 2, Cell::Swamp).unwrap();
    assert_eq!(Hierarchy::build(&grid, 4).err(), Some(HpaError::NotPlain));
}

/// On the benchmark's own files: every problem's path is moves and found, and the cost is
/// within a stated factor of the file's published optimal length.
#[test]
fn on_the_benchmark_maps_the_paths_are_near_the_published_optimum() {
    for (name, worst, mean) in
        [("arena.map", 1.05, 1.005), ("64room_000.map", 1.10, 1.01), ("lak304d.map", 1.10, 1.01), ("random512-10.map", 1.15, 1.03)]
    {
        let dir = format!("{}/../../assets/maps", std::env::var("CARGO_MANIFEST_DIR").expect("run by cargo"));
        let grid = read_map(name, &std::fs::read(format!("{dir}/{name}")).unwrap()).unwrap();
        let problems = read_scen(name, &std::fs::read(format!("{dir}/{name}.scen")).unwrap()).unwrap();
        let h = Hierarchy::build(&grid, 16).unwrap();
        let ratios: Vec<f64> = problems
            .iter()
            .step_by(5)
            .filter(|p| p.optimal > 0.0)
            .map(|p| {
                let path = h.find(&grid, p.start, p.goal).unwrap().unwrap_or_else(|| panic!("{name} line {}: no path", p.line));
                assert!(path_cost_by_rules(&grid, &path.cells).is_some(), "{name} line {}: a step is not a move", p.line);
                assert!(
                    p.matches(path.cost) || path.cost > p.optimal,
                    "{name} line {}: {} below the published {}",
                    p.line,
                    path.cost,
                    p.optimal
                );
                path.cost / p.optimal
            })
            .collect();
        let (max, avg) = (ratios.iter().cloned().fold(1.0, f64::max), ratios.iter().sum::<f64>() / ratios.len() as f64);
        println!("{name}: {} problems, cost ratio mean {avg:.4}, worst {max:.4}", ratios.len());
        assert!(max <= worst && avg <= mean, "{name}: ratio mean {avg:.4} (at most {mean}), worst {max:.4} (at most {worst})");
    }
}

/// The default weight on the abstract search's estimate does what it is there for: on a
/// 512 x 512 board of 20 % random walls (every border broken into short runs, the abstract
/// graph dense) it expands under half the abstract nodes an unweighted search does, over
/// the same 20 queries, at a mean cost within 3 % of the unweighted one's.
#[test]
fn the_default_weight_cuts_the_abstract_search_on_random_walls() {
    let n = 512;
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % (n * n) as u64) as usize
    };
    let walls: Vec<usize> = (0..n * n / 5).map(|_| next()).collect();
    let grid = board(n, n, &walls);
    let mut h = Hierarchy::build(&grid, 16).unwrap();
    assert_eq!(h.weight(), DEFAULT_WEIGHT);
    let pairs: Vec<(Pos, Pos)> = std::iter::repeat_with(|| ((next() % n, next() % n), (next() % n, next() % n)))
        .filter(|(a, b)| grid.is_passable(a.0, a.1) && grid.is_passable(b.0, b.1))
        .take(20)
        .collect();
    let mut work = |w: f64| {
        h.set_weight(w).unwrap();
        for &(a, b) in &pairs {
            assert_eq!(expanded_twice(&grid, &h, a, b), 0, "weight {w}, {a:?} -> {b:?}: nodes expanded again");
        }
        pairs.iter().filter_map(|&(a, b)| h.find(&grid, a, b).unwrap()).fold((0, 0.0), |(e, c), p| (e + p.abstract_expanded, c + p.cost))
    };
    let ((plain, plain_cost), (weighted, weighted_cost)) = (work(1.0), work(DEFAULT_WEIGHT));
    println!("abstract nodes expanded: {plain} unweighted, {weighted} weighted; costs {plain_cost:.1} and {weighted_cost:.1}");
    assert!(weighted * 2 < plain, "{weighted} expanded weighted against {plain}");
    assert!(weighted_cost <= plain_cost * 1.03, "cost {weighted_cost} weighted against {plain_cost}");
}

/// How many of the abstract search's expansions from `a` to `b` were of a cell expanded
/// before. The start and the goal may stand on a node's cell, so each of their cells may be
/// expanded twice (as the endpoint and as the node): only a third time counts.
fn expanded_twice(grid: &Grid, h: &Hierarchy, a: Pos, b: Pos) -> usize {
    let mut trace = Vec::new();
    h.find_traced(grid, a, b, Some(&mut trace)).unwrap();
    // an endpoint's cell holds the start or goal and may hold a graph node too: each expanded
    // once; when the start is the goal, its cell holds the start, the goal and maybe a node
    let ends = |p: Pos, nodes: usize| trace.iter().filter(|s| s.at == p).count().saturating_sub(nodes);
    let mut cells: Vec<Pos> = trace.iter().map(|s| s.at).filter(|&c| c != a && c != b).collect();
    let all = cells.len();
    cells.sort_unstable();
    cells.dedup();
    all - cells.len() + if a == b { ends(a, 3) } else { ends(a, 2) + ends(b, 2) }
}

/// What one act does to three boards of 40 x 36 (clusters of 10: four by four).
#[derive(Clone, Debug)]
enum Act {
    Edit { slot: usize, at: usize },
    Copy { from: usize, to: usize },
    Search { slot: usize, from: usize, to: usize },
}

fn acts() -> impl Strategy<Value = Vec<Act>> {
    let act = prop_oneof![
        3 => (0usize..3, 0usize..1440).prop_map(|(slot, at)| Act::Edit { slot, at }),
        1 => (0usize..3, 0usize..3).prop_map(|(from, to)| Act::Copy { from, to }),
        3 => (0usize..3, 0usize..1440, 0usize..1440).prop_map(|(slot, from, to)| Act::Search { slot, from, to }),
    ];
    proptest::collection::vec(act, 1..60)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 40, ..ProptestConfig::default() })]

    /// `Algorithm::Hpa` through one kept `Searcher` (whose clusters follow edits, copies and a
    /// switch between boards) answers exactly as a fresh searcher does, with the board's moves,
    /// never below the rules' optimum and whenever the rules find a path.
    #[test]
    fn a_kept_searcher_answers_hpa_as_a_fresh_one(walls in proptest::collection::vec(0usize..1440, 0..400), acts in acts()) {
        let (w, h) = (40, 36);
        let mut boards: Vec<Grid> = (0..3).map(|_| board(w, h, &walls)).collect();
        let options = SearchOptions { algorithm: Algorithm::Hpa, ..Default::default() };
        let mut kept = Searcher::default();
        for act in acts {
            match act {
                Act::Edit { slot, at } => {
                    let (x, y) = (at % w, at / w);
                    let cell = if boards[slot].is_passable(x, y) { Cell::Blocked } else { Cell::FLOOR };
                    boards[slot].set(x, y, cell).unwrap();
                }
                Act::Copy { from, to } => boards[to] = boards[from].clone(),
                Act::Search { slot, from, to } => {
                    let grid = &boards[slot];
                    let (a, b) = ((from % w, from / w), (to % w, to / w));
                    let fresh = Searcher::default().search(grid, a, b, &options);
                    let answer = kept.search(grid, a, b, &options);
                    prop_assert_eq!(&answer, &fresh);
                    let Ok(answer) = answer else { continue };
                    prop_assert!(!answer.admissible);
                    let truth = oracle_2d(grid, a, b);
                    prop_assert_eq!(answer.path.is_some(), truth.is_some());
                    if let (Some(path), Some(best)) = (answer.path, truth) {
                        let by_rules = path_cost_by_rules(grid, &path).expect("the board's moves");
                        prop_assert!((by_rules - answer.cost.unwrap()).abs() < 1e-9);
                        prop_assert!(by_rules >= best - 1e-9);
                    }
                }
            }
        }
        prop_assert!(kept.kept_hierarchy().is_none_or(|h| h.cluster_side() == 10));
    }
}

#[test]
fn hpa_as_an_algorithm_refuses_what_it_cannot_run_and_keeps_its_clusters() {
    let mut grid = Grid::new(40, 40).unwrap();
    let hpa = SearchOptions { algorithm: Algorithm::Hpa, ..Default::default() };
    let mut searcher = Searcher::default();
    let r = searcher.search(&grid, (0, 0), (39, 20), &hpa).unwrap();
    assert!((r.cost.unwrap() - (19.0 + 20.0 * 2f64.sqrt())).abs() < 1e-9, "open ground: the straight-then-diagonal optimum");
    let kept = searcher.kept_hierarchy().expect("kept after a search");
    assert_eq!((kept.cluster_side(), kept.clusters().count()), (10, 16));
    assert!(kept.entrances().count() > 0 && searcher.kept_bytes() > 0);
    assert_eq!(searcher.steps(&grid, (0, 0), (1, 1), &hpa).err(), Some(SearchError::NotSteppable(Algorithm::Hpa)), "HPA* runs whole");
    for topology in [Topology::Square(DiagonalRule::Always), Topology::Hex] {
        let options = SearchOptions { topology, ..hpa };
        assert_eq!(searcher.search(&grid, (0, 0), (5, 5), &options), Err(SearchError::NeedsPlainBoard(Algorithm::Hpa)));
    }
    grid.set(3, 3, Cell::Swamp).unwrap();
    assert_eq!(searcher.search(&grid, (0, 0), (5, 5), &hpa), Err(SearchError::NeedsPlainBoard(Algorithm::Hpa)));
    assert_eq!(Hierarchy::side_for(&Grid::new(1024, 8).unwrap()), 16);
    assert_eq!(Hierarchy::side_for(&Grid::new(12, 12).unwrap()), 4);
    assert_eq!(Hierarchy::side_for(&Grid::new(63, 2).unwrap()), 16);
    assert_eq!(Hierarchy::side_for(&Grid::new(8, 1025).unwrap()), 32);
}

/// What happens between two steps of a build in steps.
#[derive(Clone, Debug)]
enum Between {
    Nothing,
    Edit(usize),
    /// An edit, then the build is given a copy of the grid from here on (another identity:
    /// it begins again).
    Copy(usize),
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 40, ..ProptestConfig::default() })]

    /// A build in steps of any size, with edits and a switch to a copy between steps, ends
    /// with the graph a build of the grid as it is at the last step gives at once: the same
    /// entrances, node pairs and costs (up to their f32), answering for that grid, with legal
    /// paths found whenever the rules find one.
    #[test]
    fn a_build_in_steps_ends_as_a_whole_build_of_the_grid_at_its_last_step(
        walls in proptest::collection::vec(0usize..1600, 0..400), side in 4usize..12, work in 1usize..3000,
        between in proptest::collection::vec(prop_oneof![4 => Just(Between::Nothing), 4 => (0usize..1600).prop_map(Between::Edit), 1 => (0usize..1600).prop_map(Between::Copy)], 0..80),
    ) {
        let mut grid = board(40, 40, &walls);
        grid.set(0, 0, Cell::Ground(1)).unwrap();
        grid.set(39, 39, Cell::Ground(1)).unwrap();
        let mut build = Hierarchy::build_in_steps(&grid, side).unwrap();
        let mut acts = between.into_iter();
        let mut steps = 0;
        while !build.is_done() {
            let edit = |grid: &mut Grid, at: usize| {
                let (x, y) = (at % 40, at / 40);
                if (x, y) != (0, 0) && (x, y) != (39, 39) {
                    let cell = if grid.is_passable(x, y) { Cell::Blocked } else { Cell::Ground(1) };
                    grid.set(x, y, cell).unwrap();
                }
            };
            match acts.next() {
                Some(Between::Edit(at)) => edit(&mut grid, at),
                Some(Between::Copy(at)) => {
                    edit(&mut grid, at);
                    grid = grid.clone();
                }
                _ => {}
            }
            let (done, all) = build.progress();
            prop_assert!(done < all);
            prop_assert!(build.advance(&grid, work).unwrap() > 0, "a step left does some work");
            steps += 1;
        }
        prop_assert!(steps > 0);
        prop_assert_eq!(build.advance(&grid, work).unwrap(), 0, "nothing left once done");
        let (done, all) = build.progress();
        prop_assert_eq!(done, all);
        let kept = build.into_hierarchy().unwrap();
        prop_assert!(kept.is_for(&grid));
        let fresh = Hierarchy::build(&grid, side).unwrap();
        prop_assert_eq!(kept.entrances().collect::<Vec<_>>(), fresh.entrances().collect::<Vec<_>>());
        let (stepped, built): (Vec<_>, Vec<_>) = (kept.edges().collect(), fresh.edges().collect());
        prop_assert_eq!(stepped.len(), built.len());
        for ((a, b, c), (fa, fb, fc)) in stepped.into_iter().zip(built) {
            prop_assert_eq!((a, b), (fa, fb));
            prop_assert!((c - fc).abs() < 1e-3, "{:?} -> {:?}: {} in steps, {} at once", a, b, c, fc);
        }
        check(&grid, &kept, (0, 0), (39, 39));
    }
}

/// A searcher that prepares HPA*'s clusters a step at a time (as the plugin's frames do, with
/// edits between) keeps none until they are done, then answers exactly as a fresh searcher
/// that builds them whole; after an edit its clusters follow the grid at once, and a copy (or
/// a board that needs no clusters) is handled as the search would handle it.
#[test]
fn a_searcher_prepares_hpa_in_steps_then_answers_as_a_fresh_one() {
    let (w, h) = (100, 90);
    let mut grid = random_board(w, h, 1800, 0x2545_F491_4F6C_DD1D);
    let hpa = SearchOptions { algorithm: Algorithm::Hpa, ..Default::default() };
    let mut searcher = Searcher::default();
    assert!(!searcher.prepare_within(&grid, &hpa, &mut 0), "no work to spend: not ready");
    let mut frames = 0;
    loop {
        let mut work = 2_000;
        if searcher.prepare_within(&grid, &hpa, &mut work) {
            break;
        }
        frames += 1;
        assert_eq!(work, 0, "a frame not done spends its share");
        assert!(searcher.kept_hierarchy().is_none(), "nothing kept half built");
        match searcher.hierarchy_progress() {
            Some((done, all)) => assert!(done < all && !searcher.labelling()),
            None => assert!(searcher.labelling(), "the components first"),
        }
        if frames % 7 == 3 {
            let p = (frames * 13 % w, frames * 29 % h);
            let cell = if grid.is_passable(p.0, p.1) { Cell::Blocked } else { Cell::FLOOR };
            grid.set(p.0, p.1, cell).unwrap();
        }
    }
    assert!(frames > 20, "{frames} frames");
    assert!(searcher.hierarchy_progress().is_none() && searcher.kept_hierarchy().is_some_and(|k| k.is_for(&grid)));
    let open: Vec<Pos> = (0..w * h).step_by(97).map(|i| (i % w, i / w)).filter(|&(x, y)| grid.is_passable(x, y)).collect();
    for pair in open.windows(2).take(30) {
        let fresh = Searcher::default().search(&grid, pair[0], pair[1], &hpa);
        assert_eq!(searcher.search(&grid, pair[0], pair[1], &hpa), fresh);
        let truth = oracle_2d(&grid, pair[0], pair[1]);
        assert_eq!(fresh.unwrap().cost.is_some(), truth.is_some());
    }
    grid.set(open[3].0, open[3].1, Cell::Blocked).unwrap();
    let mut work = 1;
    assert!(searcher.prepare_within(&grid, &hpa, &mut work) && work == 1, "an edit: the kept clusters follow it in the search");
    let copy = grid.clone();
    assert!(!searcher.prepare_within(&copy, &hpa, &mut 1), "a copy is another grid: built in steps again");
    let mut plain = Searcher::default();
    let mut frames = 0;
    while !plain.prepare_within(&grid, &SearchOptions::default(), &mut 1_000) {
        frames += 1;
    }
    assert!(frames > 5 && plain.kept_hierarchy().is_none(), "A*: the components alone, in {frames} frames");
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 32, ..ProptestConfig::default() })]

    /// A query in slices of any size ([`Searcher::start`], [`Searcher::advance`]) answers as the
    /// whole query on the same searcher does (the same answer and work), over several slices
    /// when the slice is small; one searcher serves query after query.
    #[test]
    fn a_query_in_slices_answers_as_a_whole_one(
        w in 8usize..48, h in 8usize..48, walls in proptest::collection::vec(0usize..2304, 0..700),
        ends in proptest::collection::vec((0usize..48, 0usize..48, 0usize..48, 0usize..48), 1..6),
        slice in 1usize..20,
    ) {
        let grid = board(w, h, &walls);
        let mut searcher = Searcher::default();
        let hpa = SearchOptions { algorithm: Algorithm::Hpa, ..Default::default() };
        for (ax, ay, bx, by) in ends {
            let (a, b) = ((ax % w, ay % h), (bx % w, by % h));
            if !grid.is_passable(a.0, a.1) || !grid.is_passable(b.0, b.1) {
                prop_assert!(searcher.start(&grid, a, b, &hpa).is_err());
                continue;
            }
            let whole = searcher.search(&grid, a, b, &hpa).unwrap();
            let (answer, slices) = in_slices(&mut searcher, &grid, (a, b), slice);
            prop_assert_eq!(&answer, &whole);
            prop_assert!(slices > whole.expanded / slice, "{} slices of {} for {} abstract expansions", slices, slice, whole.expanded);
        }
    }
}

/// Runs an HPA* query from `a` to `b` in slices of `n`: its answer and the slices it took.
fn in_slices(searcher: &mut Searcher, grid: &Grid, (a, b): (Pos, Pos), n: usize) -> (SearchResult, usize) {
    let hpa = SearchOptions { algorithm: Algorithm::Hpa, ..Default::default() };
    let mut search = searcher.start(grid, a, b, &hpa).unwrap();
    let mut slices = 1;
    while !searcher.advance(grid, &mut search, n).expect("the grid did not change") {
        slices += 1;
    }
    (search.take_result().unwrap(), slices)
}

#[test]
fn a_searcher_answers_hpa_in_slices_as_whole_and_begins_again_after_an_edit() {
    let (w, h) = (100, 90);
    let mut grid = random_board(w, h, 2000, 0x9E37_79B9_7F4A_7C15);
    let hpa = SearchOptions { algorithm: Algorithm::Hpa, ..Default::default() };
    let mut searcher = Searcher::default();
    let run_in_slices = |searcher: &mut Searcher, grid: &Grid, a: Pos, b: Pos| in_slices(searcher, grid, (a, b), 4);
    let open: Vec<Pos> = (0..w * h).step_by(89).map(|i| (i % w, i / w)).filter(|&(x, y)| grid.is_passable(x, y)).collect();
    let (mut longest, mut finishing) = (0, 0);
    for pair in open.windows(2).take(40) {
        let (sliced, slices) = run_in_slices(&mut searcher, &grid, pair[0], pair[1]);
        longest = longest.max(slices);
        // the slices after the abstract search's: its route refined and smoothed
        finishing = finishing.max(slices - sliced.expanded.div_ceil(4));
        assert_eq!(sliced, Searcher::default().search(&grid, pair[0], pair[1], &hpa).unwrap(), "{pair:?}");
        assert_eq!(sliced.path.is_some(), oracle_2d(&grid, pair[0], pair[1]).is_some());
    }
    assert!(longest > 5, "queries over several slices: {longest}");
    assert!(finishing > 2, "routes refined and smoothed over several slices: {finishing}");
    // an edit between two slices: refused, and begun again the answer is the edited grid's
    let (a, b) = (open[0], *open.last().unwrap());
    let mut run = searcher.start(&grid, a, b, &hpa).unwrap();
    assert_eq!(searcher.advance(&grid, &mut run, 2), Ok(false));
    let path = Searcher::default().search(&grid, a, b, &hpa).unwrap().path.unwrap();
    let p = path[path.len() / 2];
    grid.set(p.0, p.1, Cell::Blocked).unwrap();
    assert_eq!(searcher.advance(&grid, &mut run, 1_000_000), Err(SearchError::Stale));
    let (again, _) = run_in_slices(&mut searcher, &grid, a, b);
    assert!(!again.path.as_ref().unwrap().contains(&p), "never through the new wall");
    assert_eq!(again, Searcher::default().search(&grid, a, b, &hpa).unwrap());
    // a goal walled in: known at once, nothing expanded
    for (dx, dy) in [(0, 1), (1, 0), (1, 1), (2, 1), (1, 2), (2, 0), (0, 2), (2, 2)] {
        grid.set(50 + dx, 40 + dy, Cell::Blocked).unwrap();
    }
    grid.set(51, 41, Cell::FLOOR).unwrap();
    let mut run = searcher.start(&grid, a, (51, 41), &hpa).unwrap();
    assert_eq!(searcher.advance(&grid, &mut run, 1), Ok(true));
    let result = run.take_result().unwrap();
    assert_eq!((result.path, result.expanded), (None, 0));
}

/// HPA* in slices over published scenarios: every fifth problem of two Moving AI files,
/// answered through a searcher's slices of 7 expansions, is the whole query's answer (cells,
/// cost, work) and never cheaper than the file's published optimum.
#[test]
fn hpa_in_slices_answers_published_problems_as_the_whole_query() {
    for name in ["arena.map", "lak304d.map"] {
        let dir = format!("{}/../../assets/maps", std::env::var("CARGO_MANIFEST_DIR").expect("run by cargo"));
        let grid = read_map(name, &std::fs::read(format!("{dir}/{name}")).unwrap()).unwrap();
        let problems = read_scen(name, &std::fs::read(format!("{dir}/{name}.scen")).unwrap()).unwrap();
        let hpa = SearchOptions { algorithm: Algorithm::Hpa, ..Default::default() };
        let (mut sliced, mut whole) = (Searcher::default(), Searcher::default());
        let mut most = 0;
        for p in problems.iter().step_by(5) {
            let (answer, slices) = in_slices(&mut sliced, &grid, (p.start, p.goal), 7);
            most = most.max(slices);
            let at = format!("{name} line {}", p.line);
            assert_eq!(answer, whole.search(&grid, p.start, p.goal, &hpa).unwrap(), "{at}");
            let cost = answer.cost.unwrap_or_else(|| panic!("{at}: no path"));
            assert!(p.matches(cost) || cost > p.optimal, "{at}: {cost} below the published {}", p.optimal);
            assert!(path_cost_by_rules(&grid, answer.path.as_ref().unwrap()).is_some_and(|c| (c - cost).abs() < 1e-9), "{at}");
        }
        assert!(most > 3, "{name}: queries over several slices ({most} at most)");
    }
}

/// An HPA* query under way is refused once its grid is copied or an edit is undone (the game's
/// undo puts back a copy saved before the edit): the copy and the restored board are other grids
/// to it. Begun again on the restored board, it answers as a whole query there.
#[test]
fn an_hpa_query_under_way_is_refused_on_a_copy_and_after_an_undo() {
    let (w, h) = (80, 60);
    let mut grid = random_board(w, h, 900, 0x0DDB_1A5E_5BAD_5EED);
    let hpa = SearchOptions { algorithm: Algorithm::Hpa, ..Default::default() };
    let open: Vec<Pos> = (0..w * h).filter(|&i| grid.is_passable(i % w, i / w)).map(|i| (i % w, i / w)).collect();
    let (a, b) = (open[0], open[open.len() - 1]);
    let mut searcher = Searcher::default();
    let halfway = |searcher: &mut Searcher, grid: &Grid| {
        let mut run = searcher.start(grid, a, b, &hpa).unwrap();
        assert_eq!(searcher.advance(grid, &mut run, 2), Ok(false), "still under way");
        run
    };
    // a copy
    let mut run = halfway(&mut searcher, &grid);
    assert_eq!(searcher.advance(&grid.clone(), &mut run, 1_000_000), Err(SearchError::Stale));
    // an edit undone: the board saved before the edit put back
    let mut run = halfway(&mut searcher, &grid);
    let saved = grid.clone();
    let wall = *open.iter().find(|&&p| p != a && p != b).unwrap();
    grid.set(wall.0, wall.1, Cell::Blocked).unwrap();
    grid = saved;
    assert_eq!(searcher.advance(&grid, &mut run, 1_000_000), Err(SearchError::Stale));
    let (answer, _) = in_slices(&mut searcher, &grid, (a, b), 5);
    assert_eq!(answer, Searcher::default().search(&grid, a, b, &hpa).unwrap());
}
