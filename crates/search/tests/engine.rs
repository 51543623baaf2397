//! The engine against an independent oracle: a plain Dijkstra written here from the rules
//! (not from the engine's code), on seeded random grids of every topology, on the edge cases,
//! and on every problem of the bundled benchmark maps.

use std::cmp::Ordering;
use std::collections::BinaryHeap;
use std::f64::consts::SQRT_2;

use cubepath_search::{crowd::*, files::*, grid::*, search::*, world::*};

/// A small seeded generator (xorshift64*), so the tests need no RNG crate and never use entropy.
struct Rng(u64);

impl Rng {
    fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    fn unit(&mut self) -> f64 {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64
    }
}

// ---------------------------------------------------------------- the oracle

/// The Moving AI terrain classes, from the benchmark's convention (its reference code, HOG2):
/// ground, swamp and weighted ground are one class, water another, blocked none.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Class {
    Land,
    Water,
}

fn class(grid: &Grid, x: i64, y: i64) -> Option<Class> {
    if x < 0 || y < 0 {
        return None;
    }
    match grid.get(x as usize, y as usize)? {
        Cell::Blocked => None,
        Cell::Water => Some(Class::Water),
        Cell::Ground(_) | Cell::Swamp => Some(Class::Land),
    }
}

/// Moves out of (x, y) as (to, diagonal?), from the convention: a move stays in the source's
/// class; a diagonal's side cells count as free only when of the source's class too.
fn oracle_moves(grid: &Grid, topo: Topology, x: usize, y: usize) -> Vec<((usize, usize), bool)> {
    let (xi, yi) = (x as i64, y as i64);
    let mut out = Vec::new();
    let here = class(grid, xi, yi);
    let open = |nx: i64, ny: i64| here.is_some() && class(grid, nx, ny) == here;
    let mut push = |nx: i64, ny: i64, diag: bool| {
        if open(nx, ny) {
            out.push(((nx as usize, ny as usize), diag));
        }
    };
    match topo {
        Topology::Hex => {
            // odd-r: odd rows sit half a cell to the right
            let list: [(i64, i64); 6] = if y % 2 == 1 {
                [(-1, 0), (1, 0), (0, -1), (1, -1), (0, 1), (1, 1)]
            } else {
                [(-1, 0), (1, 0), (-1, -1), (0, -1), (-1, 1), (0, 1)]
            };
            for (dx, dy) in list {
                push(xi + dx, yi + dy, false);
            }
        }
        Topology::Square(rule) => {
            for (dx, dy) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
                push(xi + dx, yi + dy, false);
            }
            for (dx, dy) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                let sides = open(xi + dx, yi) as u8 + open(xi, yi + dy) as u8;
                let ok = match rule {
                    DiagonalRule::Never => false,
                    DiagonalRule::NoCornerCutting => sides == 2,
                    DiagonalRule::OneFree => sides >= 1,
                    DiagonalRule::Always => true,
                };
                if ok {
                    push(xi + dx, yi + dy, true);
                }
            }
        }
    }
    out
}

fn oracle_step(grid: &Grid, to: (usize, usize), diag: bool, costs: CostModel) -> f64 {
    let (s, d) = match costs {
        CostModel::Exact => (1.0, SQRT_2),
        CostModel::Tutorial => (10.0, 14.0),
    };
    let w = match grid.get(to.0, to.1).unwrap() {
        Cell::Ground(w) => w as f64,
        _ => 1.0,
    };
    if diag { d * w } else { s * w }
}

#[derive(PartialEq)]
struct Item(f64, usize);
impl Eq for Item {}
impl Ord for Item {
    fn cmp(&self, o: &Self) -> Ordering {
        o.0.partial_cmp(&self.0).unwrap().then(o.1.cmp(&self.1))
    }
}
impl PartialOrd for Item {
    fn partial_cmp(&self, o: &Self) -> Option<Ordering> {
        Some(self.cmp(o))
    }
}

/// Least cost from `start` to every cell (infinite where unreachable).
fn oracle_all(grid: &Grid, topo: Topology, costs: CostModel, start: (usize, usize)) -> Vec<f64> {
    let w = grid.width();
    let mut dist = vec![f64::INFINITY; w * grid.height()];
    let mut heap = BinaryHeap::new();
    dist[start.1 * w + start.0] = 0.0;
    heap.push(Item(0.0, start.1 * w + start.0));
    while let Some(Item(d, i)) = heap.pop() {
        if d > dist[i] {
            continue;
        }
        for (to, diag) in oracle_moves(grid, topo, i % w, i / w) {
            let nd = d + oracle_step(grid, to, diag, costs);
            let j = to.1 * w + to.0;
            if nd < dist[j] {
                dist[j] = nd;
                heap.push(Item(nd, j));
            }
        }
    }
    dist
}

/// Least cost from start to goal, or None.
fn oracle(grid: &Grid, topo: Topology, costs: CostModel, start: (usize, usize), goal: (usize, usize)) -> Option<f64> {
    let d = oracle_all(grid, topo, costs, start)[goal.1 * grid.width() + goal.0];
    d.is_finite().then_some(d)
}

/// Checks each step of `path` with the oracle's rules and returns its cost.
fn oracle_path_cost(grid: &Grid, topo: Topology, costs: CostModel, path: &[(usize, usize)]) -> f64 {
    let mut total = 0.0;
    for w in path.windows(2) {
        let m = oracle_moves(grid, topo, w[0].0, w[0].1);
        let (_, diag) =
            *m.iter().find(|(to, _)| *to == w[1]).unwrap_or_else(|| panic!("illegal step {:?} -> {:?} ({topo:?})\n{grid:?}", w[0], w[1]));
        total += oracle_step(grid, w[1], diag, costs);
    }
    total
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-9 * a.abs().max(1.0)
}

// ---------------------------------------------------------------- random grids

const TOPOLOGIES: [Topology; 5] = [
    Topology::Square(DiagonalRule::Never),
    Topology::Square(DiagonalRule::NoCornerCutting),
    Topology::Square(DiagonalRule::OneFree),
    Topology::Square(DiagonalRule::Always),
    Topology::Hex,
];

fn random_case(rng: &mut Rng, max_side: usize, terrain: bool) -> (Grid, (usize, usize), (usize, usize)) {
    // Mostly small grids, now and then a large one.
    let side = |rng: &mut Rng| if rng.below(8) == 0 { 1 + rng.below(max_side) } else { 1 + rng.below(40) };
    let (w, h) = (side(rng), side(rng));
    let density = rng.unit() * 0.45;
    let mut grid = random_grid(w, h, density, &mut || rng.unit()).unwrap();
    if terrain {
        for _ in 0..(w * h / 4) {
            let (x, y) = (rng.below(w), rng.below(h));
            if grid.get(x, y) != Some(Cell::Blocked) {
                let cell = match rng.below(6) {
                    0 => Cell::Swamp,
                    1 => Cell::Water,
                    _ => Cell::Ground(1 + rng.below(9) as u8),
                };
                grid.set(x, y, cell).unwrap();
            }
        }
    }
    let start = (rng.below(w), rng.below(h));
    let goal = (rng.below(w), rng.below(h));
    grid.set(start.0, start.1, Cell::FLOOR).unwrap();
    grid.set(goal.0, goal.1, Cell::FLOOR).unwrap();
    (grid, start, goal)
}

#[test]
fn astar_and_jps_costs_equal_dijkstra_on_random_grids() {
    let mut rng = Rng::new(2024);
    let mut searcher = Searcher::default();
    let mut with_path = 0;
    for case in 0..400 {
        let (grid, start, goal) = random_case(&mut rng, 200, false);
        for topo in TOPOLOGIES {
            let want = oracle(&grid, topo, CostModel::Exact, start, goal);
            let mut algos = vec![Algorithm::AStar, Algorithm::Dijkstra];
            if topo == Topology::Square(DiagonalRule::NoCornerCutting) {
                algos.extend([Algorithm::Jps, Algorithm::JpsBlock, Algorithm::JpsPlus, Algorithm::Subgoal]);
            }
            if topo == Topology::Square(DiagonalRule::Never) {
                algos.push(Algorithm::Jps); // 4-neighbour JPS
            }
            for algorithm in algos {
                let opts = SearchOptions { algorithm, topology: topo, ..Default::default() };
                let r = searcher.search(&grid, start, goal, &opts).unwrap();
                assert!(r.admissible);
                match (want, &r.path) {
                    (None, None) => assert!(r.cost.is_none()),
                    (Some(c), Some(path)) => {
                        with_path += 1;
                        let got = r.cost.unwrap();
                        assert!(close(got, c), "case {case} {algorithm:?} {topo:?}: cost {got} != oracle {c}\n{grid:?}");
                        assert_eq!(path.first(), Some(&start));
                        assert_eq!(path.last(), Some(&goal));
                        let sum = oracle_path_cost(&grid, topo, CostModel::Exact, path);
                        assert!(close(sum, got), "case {case}: path sums to {sum}, reported {got}");
                    }
                    (w, p) => panic!("case {case} {algorithm:?} {topo:?}: oracle {w:?}, engine path {p:?}\n{grid:?}"),
                }
            }
        }
    }
    assert!(with_path > 800, "too few solvable cases to mean anything: {with_path}");
}

#[test]
fn greedy_and_bfs_paths_are_legal() {
    let mut rng = Rng::new(77);
    let mut searcher = Searcher::default();
    for case in 0..200 {
        let (grid, start, goal) = random_case(&mut rng, 120, false);
        for topo in TOPOLOGIES {
            let want = oracle(&grid, topo, CostModel::Exact, start, goal);
            for algorithm in [Algorithm::Greedy, Algorithm::Bfs] {
                let opts = SearchOptions { algorithm, topology: topo, ..Default::default() };
                let r = searcher.search(&grid, start, goal, &opts).unwrap();
                assert!(!r.admissible);
                assert_eq!(r.path.is_some(), want.is_some(), "case {case} {algorithm:?} {topo:?}");
                if let (Some(path), Some(best)) = (&r.path, want) {
                    let sum = oracle_path_cost(&grid, topo, CostModel::Exact, path);
                    assert!(close(sum, r.cost.unwrap()));
                    assert!(sum >= best - 1e-9, "case {case}: {algorithm:?} beat the optimum");
                    if algorithm == Algorithm::Bfs {
                        // BFS finds the fewest steps: never more than the optimal path's steps.
                        let a = searcher.search(&grid, start, goal, &SearchOptions { topology: topo, ..Default::default() }).unwrap();
                        assert!(path.len() <= a.path.unwrap().len());
                    }
                }
            }
        }
    }
}

#[test]
fn weighted_terrain_swamp_and_water_match_dijkstra() {
    let mut rng = Rng::new(9);
    let mut searcher = Searcher::default();
    for case in 0..300 {
        let (grid, start, goal) = random_case(&mut rng, 100, true);
        for topo in TOPOLOGIES {
            for costs in [CostModel::Exact, CostModel::Tutorial] {
                let want = oracle(&grid, topo, costs, start, goal);
                let opts = SearchOptions { topology: topo, costs, ..Default::default() };
                let r = searcher.search(&grid, start, goal, &opts).unwrap();
                assert_eq!(r.path.is_some(), want.is_some(), "case {case} {topo:?} {costs:?}\n{grid:?}");
                if let (Some(path), Some(c)) = (&r.path, want) {
                    assert!(close(r.cost.unwrap(), c), "case {case} {topo:?} {costs:?}: {} != {c}\n{grid:?}", r.cost.unwrap());
                    assert!(close(oracle_path_cost(&grid, topo, costs, path), c));
                }
            }
        }
        if !grid.is_uniform() {
            let jps = SearchOptions { algorithm: Algorithm::Jps, ..Default::default() };
            assert_eq!(searcher.search(&grid, start, goal, &jps).unwrap_err(), SearchError::JpsWeighted);
        }
    }
}

/// Which heuristic never overestimates, worked out from the geometry (not from the engine's
/// table): on 4 neighbours every estimate here is at most the Manhattan distance (hex too: each
/// 4-neighbour step is an odd-r hex step); with diagonals Manhattan and hex overestimate a
/// diagonal, Euclidean only when a diagonal costs less than sqrt 2 straights (the tutorial's
/// 14 < 14.14); on hex grids only hex, Euclidean between centres, Chebyshev of the offsets and
/// zero hold.
fn admissible_by_hand(h: Heuristic, topo: Topology, costs: CostModel) -> bool {
    use Heuristic::*;
    match topo {
        Topology::Square(DiagonalRule::Never) => true,
        Topology::Square(_) => match h {
            Manhattan | Hex => false,
            Euclidean => costs == CostModel::Exact,
            Octile | Chebyshev | Zero => true,
        },
        Topology::Hex => matches!(h, Hex | Euclidean | Chebyshev | Zero),
    }
}

#[test]
fn every_admissible_heuristic_is_optimal_and_inadmissible_ones_are_flagged() {
    let mut rng = Rng::new(31);
    let mut searcher = Searcher::default();
    for _ in 0..150 {
        let (grid, start, goal) = random_case(&mut rng, 60, false);
        for topo in TOPOLOGIES {
            for costs in [CostModel::Exact, CostModel::Tutorial] {
                let want = oracle(&grid, topo, costs, start, goal);
                for h in Heuristic::ALL {
                    for weight in [1.0, 1.5] {
                        let opts = SearchOptions { topology: topo, costs, heuristic: Some(h), weight, ..Default::default() };
                        let r = searcher.search(&grid, start, goal, &opts).unwrap();
                        assert_eq!(r.admissible, admissible_by_hand(h, topo, costs) && weight == 1.0, "{h:?} {topo:?} {costs:?}");
                        assert_eq!(r.path.is_some(), want.is_some());
                        if let (true, Some(c)) = (r.admissible, want) {
                            assert!(close(r.cost.unwrap(), c), "{h:?} {topo:?} {costs:?}: {} != {c}", r.cost.unwrap());
                        }
                    }
                }
            }
        }
    }
}

#[test]
fn a_reused_searcher_gives_what_fresh_ones_give() {
    // One searcher across grids of different sizes, terrain, topologies, cost models, weights
    // and algorithms: its kept buffers and stamps must never leak into the next search.
    let mut rng = Rng::new(5);
    let mut reused = Searcher::default();
    for case in 0..120 {
        let (grid, start, goal) = random_case(&mut rng, 80, case % 3 == 0);
        for topo in TOPOLOGIES {
            for algorithm in Algorithm::ALL {
                let costs = if case % 2 == 0 { CostModel::Exact } else { CostModel::Tutorial };
                let weight = [1.0, 1.7][case % 2];
                // IDA* re-expands without end on open ground: a limit keeps the test quick
                let opts = SearchOptions { algorithm, topology: topo, costs, weight, limit: Some(50_000), ..Default::default() };
                let fresh = Searcher::default().search(&grid, start, goal, &opts);
                assert_eq!(reused.search(&grid, start, goal, &opts), fresh, "case {case} {algorithm:?} {topo:?}");
            }
        }
    }
}

#[test]
fn searches_stay_right_across_the_generation_wrap() {
    let mut rng = Rng::new(404);
    let grid = random_grid(30, 30, 0.3, &mut || rng.unit()).unwrap();
    let floor: Vec<(usize, usize)> = grid.cells().filter(|(_, c)| c.is_passable()).map(|(p, _)| p).collect();
    let mut searcher = Searcher::default();
    searcher.search(&grid, floor[0], floor[0], &SearchOptions::default()).unwrap();
    // the stamp wraps at 2^31 - 1: start just below it and search across it
    searcher.set_generation((u32::MAX >> 1) - 3);
    for k in 0..8 {
        let (a, b) = (floor[(k * 37) % floor.len()], floor[(k * 101 + 7) % floor.len()]);
        let opts = SearchOptions::default();
        let want = oracle(&grid, Topology::default(), CostModel::Exact, a, b);
        let got = searcher.search(&grid, a, b, &opts).unwrap();
        assert_eq!(got, Searcher::default().search(&grid, a, b, &opts).unwrap(), "search {k} across the wrap");
        assert_eq!(got.cost.is_some(), want.is_some());
        if let (Some(c), Some(w)) = (got.cost, want) {
            assert!(close(c, w), "search {k}: {c} != {w}");
        }
    }
}

#[test]
fn ties_prefer_the_larger_g() {
    // On an open 20 x 11 field from one corner to the other, every cell of the band between
    // the diagonal and the straight run shares the lowest f. Preferring the larger g heads for
    // the goal and expands 38 cells; preferring the smaller g fills most of the band first
    // (110 cells when the order is flipped).
    let grid = Grid::new(20, 11).unwrap();
    let r = find_path(&grid, (0, 0), (19, 10), &SearchOptions::default()).unwrap();
    let path = r.path.unwrap();
    assert_eq!(path.len(), 20, "10 diagonal and 9 straight steps");
    assert!(r.expanded <= 2 * path.len(), "{} expansions: ties went to the smaller g", r.expanded);
}

#[test]
fn ties_survive_the_last_bits_of_floating_point() {
    // Larger open fields: the f of cells on different optimal paths are equal sums of 1, sqrt 2
    // (and sqrt 3) added in different orders, a few last bits apart; those bits must not decide
    // the order in place of the larger g (unrounded, A* expanded 21,949 cells on the field).
    let grid = Grid::new(300, 170).unwrap();
    let r = find_path(&grid, (0, 0), (299, 169), &SearchOptions::default()).unwrap();
    let steps = r.path.unwrap().len() - 1;
    assert!(r.expanded <= 2 * steps, "{} expansions for {steps} steps", r.expanded);
    let world = VoxelGrid::new(90, 70, 50).unwrap();
    let r = Searcher::default().search_world(&world, (0, 0, 0), (89, 69, 49), &VoxelOptions::default()).unwrap();
    let steps = r.path.unwrap().len() - 1;
    assert!(r.expanded <= 2 * steps, "{} voxels expanded for {steps} steps", r.expanded);
}

// ---------------------------------------------------------------- edge cases

#[test]
fn edge_cases() {
    let opts = SearchOptions::default();
    let one = Grid::new(1, 1).unwrap();
    for algorithm in Algorithm::ALL {
        let r = find_path(&one, (0, 0), (0, 0), &SearchOptions { algorithm, ..opts }).unwrap();
        assert_eq!(r.path, Some(vec![(0, 0)]));
        assert_eq!(r.cost, Some(0.0));
    }
    let mut wall = Grid::new(5, 5).unwrap();
    for y in 0..5 {
        wall.set(2, y, Cell::Blocked).unwrap();
    }
    for algorithm in Algorithm::ALL {
        let r = find_path(&wall, (0, 0), (4, 4), &SearchOptions { algorithm, ..opts }).unwrap();
        assert_eq!(r.path, None, "{algorithm:?}");
        assert_eq!(r.cost, None);
        // start and goal lie in different components: known without expanding anything
        assert_eq!((r.expanded, r.pushed), (0, 0), "{algorithm:?}");
    }
    assert!(matches!(find_path(&wall, (2, 0), (4, 4), &opts), Err(SearchError::Blocked { which: "start", at: (2, 0) })));
    assert!(matches!(find_path(&wall, (0, 0), (2, 3), &opts), Err(SearchError::Blocked { which: "goal", .. })));
    let off = find_path(&wall, (0, 0), (5, 0), &opts).unwrap_err();
    assert!(matches!(off, SearchError::OffGrid { which: "goal", .. }));
    assert!(off.to_string().contains("5,0"), "{off}");
    assert!(matches!(find_path(&wall, (0, 9), (0, 0), &opts), Err(SearchError::OffGrid { which: "start", .. })));
    let bad = SearchOptions { weight: 0.5, ..opts };
    assert!(matches!(find_path(&wall, (0, 0), (0, 1), &bad), Err(SearchError::BadWeight(_))));
    let nan = SearchOptions { weight: f64::NAN, ..opts };
    assert!(matches!(find_path(&wall, (0, 0), (0, 1), &nan), Err(SearchError::BadWeight(w)) if w.is_nan()));
    let hex_jps = SearchOptions { algorithm: Algorithm::Jps, topology: Topology::Hex, ..opts };
    assert_eq!(find_path(&wall, (0, 0), (0, 1), &hex_jps).unwrap_err(), SearchError::JpsTopology);
    // Water is a class of its own: no way between the shore and a lake, in either direction.
    let mut lake = Grid::new(4, 1).unwrap();
    lake.set(2, 0, Cell::Water).unwrap();
    lake.set(3, 0, Cell::Water).unwrap();
    assert_eq!(find_path(&lake, (0, 0), (3, 0), &opts).unwrap().path, None);
    assert_eq!(find_path(&lake, (3, 0), (0, 0), &opts).unwrap().path, None);
    assert_eq!(find_path(&lake, (3, 0), (2, 0), &opts).unwrap().cost, Some(1.0));
}

#[test]
fn block_based_jps_makes_the_same_jumps_as_jps() {
    // Same rule, same jump points: the same path and expansions on random grids of every size
    // around the 64-cell word (widths and heights 1 to 200).
    let mut rng = Rng::new(6464);
    let mut a = Searcher::default();
    let mut b = Searcher::default();
    for case in 0..300 {
        let (grid, start, goal) = random_case(&mut rng, 200, false);
        let jps = SearchOptions { algorithm: Algorithm::Jps, ..Default::default() };
        let block = SearchOptions { algorithm: Algorithm::JpsBlock, ..Default::default() };
        let (x, y) = (a.search(&grid, start, goal, &jps).unwrap(), b.search(&grid, start, goal, &block).unwrap());
        assert_eq!((&x.path, x.expanded, x.pushed), (&y.path, y.expanded, y.pushed), "case {case}\n{grid:?}");
    }
    // and a kept searcher follows edits to the grid's bits
    let mut grid = Grid::new(130, 3).unwrap();
    let block = SearchOptions { algorithm: Algorithm::JpsBlock, ..Default::default() };
    assert_eq!(b.search(&grid, (0, 1), (129, 1), &block).unwrap().cost, Some(129.0));
    for y in 0..3 {
        grid.set(100, y, Cell::Blocked).unwrap();
    }
    grid.set(100, 2, Cell::FLOOR).unwrap();
    let want = oracle(&grid, Topology::default(), CostModel::Exact, (0, 1), (129, 1));
    assert_eq!(b.search(&grid, (0, 1), (129, 1), &block).unwrap().cost, want);
    // cell by cell through random edits (the bits follow the changed cells), and after more
    // edits at once than the grid remembers (made again)
    let jps = SearchOptions { algorithm: Algorithm::Jps, ..Default::default() };
    let mut grid = random_grid(130, 70, 0.2, &mut || rng.unit()).unwrap();
    for round in 0..300 {
        let edits = if round == 150 { CHANGE_LOG + 1 } else { 1 + rng.below(3) };
        for _ in 0..edits {
            let (x, y) = (rng.below(130), rng.below(70));
            let flipped = if grid.is_passable(x, y) { Cell::Blocked } else { Cell::FLOOR };
            grid.set(x, y, flipped).unwrap();
        }
        let (start, goal) = ((rng.below(130), rng.below(70)), (rng.below(130), rng.below(70)));
        grid.set(start.0, start.1, Cell::FLOOR).unwrap();
        grid.set(goal.0, goal.1, Cell::FLOOR).unwrap();
        let (x, y) = (Searcher::default().search(&grid, start, goal, &jps).unwrap(), b.search(&grid, start, goal, &block).unwrap());
        assert_eq!((&x.path, x.expanded, x.pushed), (&y.path, y.expanded, y.pushed), "round {round}\n{grid:?}");
    }
}

#[test]
fn jps_plus_finds_the_least_cost_across_edits() {
    // JPS+ reads jump distances computed ahead: on random grids its costs are the oracle's, and
    // a kept searcher recomputes them after an edit.
    let mut rng = Rng::new(777);
    let mut searcher = Searcher::default();
    let plus = SearchOptions { algorithm: Algorithm::JpsPlus, ..Default::default() };
    for case in 0..200 {
        let (mut grid, start, goal) = random_case(&mut rng, 150, false);
        for _ in 0..2 {
            let want = oracle(&grid, Topology::default(), CostModel::Exact, start, goal);
            let r = searcher.search(&grid, start, goal, &plus).unwrap();
            match (want, &r.path) {
                (None, None) => {}
                (Some(c), Some(path)) => {
                    assert!(close(r.cost.unwrap(), c), "case {case}: {} != {c}\n{grid:?}", r.cost.unwrap());
                    assert!(close(oracle_path_cost(&grid, Topology::default(), CostModel::Exact, path), c));
                }
                (w, p) => panic!("case {case}: oracle {w:?}, JPS+ {p:?}\n{grid:?}"),
            }
            // an edit: the next round searches the changed grid with the same searcher
            let (x, y) = (rng.below(grid.width()), rng.below(grid.height()));
            if (x, y) != start && (x, y) != goal {
                let flipped = if grid.is_passable(x, y) { Cell::Blocked } else { Cell::FLOOR };
                grid.set(x, y, flipped).unwrap();
            }
        }
    }
}

// ---------------------------------------------------------------- components

#[test]
fn components_say_what_the_oracle_can_reach() {
    let mut rng = Rng::new(8080);
    for case in 0..150 {
        let (grid, start, _) = random_case(&mut rng, 60, case % 2 == 0);
        for topo in TOPOLOGIES {
            let parts = Components::new(&grid, topo);
            let dist = oracle_all(&grid, topo, CostModel::Exact, start);
            for (p, _) in grid.cells() {
                let reach = dist[p.1 * grid.width() + p.0].is_finite();
                assert_eq!(parts.connected(start, p), reach, "case {case} {topo:?}: {start:?} to {p:?}\n{grid:?}");
            }
        }
    }
}

#[test]
fn components_kept_up_to_date_through_edits_say_what_the_oracle_can_reach() {
    let mut rng = Rng::new(4242);
    let (mut incremental, mut rebuilt) = (0, 0);
    for case in 0..60 {
        let terrain = case % 6 == 5; // water and swamp: labelled again on every update
        let (mut grid, _, _) = random_case(&mut rng, 40, terrain);
        let topo = TOPOLOGIES[case % TOPOLOGIES.len()];
        let mut parts = Components::new(&grid, topo);
        for round in 0..40 {
            // a few edits at a time; now and then more than the grid remembers
            let edits = if round == 20 { CHANGE_LOG + 1 } else { 1 + rng.below(4) };
            let classes = |g: &Grid| g.cells().any(|(_, c)| matches!(c, Cell::Swamp | Cell::Water));
            let classes_before = classes(&grid);
            for _ in 0..edits {
                let (x, y) = (rng.below(grid.width()), rng.below(grid.height()));
                let flipped = if grid.is_passable(x, y) { Cell::Blocked } else { Cell::FLOOR };
                grid.set(x, y, flipped).unwrap();
            }
            let worked_around = parts.update(&grid, topo);
            let expect_around = !classes_before && !classes(&grid) && round != 20;
            assert_eq!(worked_around, expect_around, "case {case} round {round}");
            if worked_around {
                incremental += 1;
            } else {
                rebuilt += 1;
            }
            assert!(parts.is_current(&grid, topo));
            assert_eq!(parts.count(), Components::new(&grid, topo).count(), "case {case} round {round} {topo:?}\n{grid:?}");
            let open: Vec<Pos> = grid.cells().filter(|(_, c)| c.is_passable()).map(|(p, _)| p).collect();
            for _ in 0..2 {
                let Some(&from) = open.get(rng.below(open.len().max(1))) else { continue };
                let dist = oracle_all(&grid, topo, CostModel::Exact, from);
                for (p, _) in grid.cells() {
                    let reach = dist[p.1 * grid.width() + p.0].is_finite();
                    assert_eq!(parts.connected(from, p), reach, "case {case} round {round} {topo:?}: {from:?} to {p:?}\n{grid:?}");
                }
            }
        }
    }
    assert!(incremental > 1500 && rebuilt > 300, "{incremental} updates worked around the edits, {rebuilt} labelled again");
}

/// Components labelled a step at a time, with edits between the steps (a few, and in a third
/// of the cases a copy of the grid, which begins again), say what the oracle can reach on the grid as it is
/// at the last step, as many components as a labelling at once.
#[test]
fn components_labelled_in_steps_through_edits_say_what_the_oracle_can_reach() {
    let mut rng = Rng::new(5151);
    let mut steps_seen = 0;
    for case in 0..400 {
        let terrain = case % 8 == 7;
        let (mut grid, _, _) = random_case(&mut rng, 40, terrain);
        let topo = TOPOLOGIES[case % TOPOLOGIES.len()];
        let mut labelling = Components::label_in_steps(&grid, topo);
        let work = 1 + rng.below(200);
        let mut steps = 0;
        while !labelling.is_done() {
            for _ in 0..rng.below(3) {
                let (x, y) = (rng.below(grid.width()), rng.below(grid.height()));
                let flipped = if grid.is_passable(x, y) { Cell::Blocked } else { Cell::FLOOR };
                grid.set(x, y, flipped).unwrap();
            }
            if steps == 3 && case % 3 == 0 {
                grid = grid.clone();
            }
            assert!(labelling.advance(&grid, work) > 0, "case {case}: a step left does some work");
            steps += 1;
            assert!(steps < 100_000);
        }
        steps_seen += steps;
        assert_eq!(labelling.advance(&grid, work), 0);
        let parts = labelling.into_components().unwrap();
        assert!(parts.is_current(&grid, topo), "case {case}");
        assert_eq!(parts.count(), Components::new(&grid, topo).count(), "case {case} {topo:?}\n{grid:?}");
        let open: Vec<Pos> = grid.cells().filter(|(_, c)| c.is_passable()).map(|(p, _)| p).collect();
        for _ in 0..3 {
            let Some(&from) = open.get(rng.below(open.len().max(1))) else { continue };
            let dist = oracle_all(&grid, topo, CostModel::Exact, from);
            for (p, _) in grid.cells() {
                let reach = dist[p.1 * grid.width() + p.0].is_finite();
                assert_eq!(parts.connected(from, p), reach, "case {case} {topo:?}: {from:?} to {p:?}\n{grid:?}");
            }
        }
    }
    assert!(steps_seen > 400 * 10, "{steps_seen} steps");
}

#[test]
fn a_kept_searcher_follows_edits_that_split_and_join_the_grid() {
    let mut grid = Grid::new(9, 5).unwrap();
    let mut searcher = Searcher::default();
    let opts = SearchOptions::default();
    assert!(searcher.search(&grid, (0, 2), (8, 2), &opts).unwrap().path.is_some());
    for y in 0..5 {
        grid.set(4, y, Cell::Blocked).unwrap();
    }
    let r = searcher.search(&grid, (0, 2), (8, 2), &opts).unwrap();
    assert_eq!((r.path, r.expanded), (None, 0), "the wall splits the grid");
    grid.set(4, 0, Cell::FLOOR).unwrap();
    let r = searcher.search(&grid, (0, 2), (8, 2), &opts).unwrap();
    assert_eq!(r.cost, oracle(&grid, Topology::default(), CostModel::Exact, (0, 2), (8, 2)), "the gap joins it again");
    // a clone is another grid: what was kept of the first is not used for it
    let mut other = grid.clone();
    other.set(4, 0, Cell::Blocked).unwrap();
    assert!(searcher.search(&grid, (0, 2), (8, 2), &opts).unwrap().path.is_some());
    assert_eq!(searcher.search(&other, (0, 2), (8, 2), &opts).unwrap().path, None);
    assert!(searcher.search(&grid, (0, 2), (8, 2), &opts).unwrap().path.is_some());
}

// ---------------------------------------------------------------- step by step

#[test]
fn step_by_step_ends_with_the_one_shot_result() {
    // Every topology, algorithm, cost model, and a weight above 1, on plain and terrain grids.
    let mut rng = Rng::new(123);
    for case in 0..24 {
        let (grid, start, goal) = random_case(&mut rng, 50, case % 2 == 1);
        for topo in TOPOLOGIES {
            for costs in [CostModel::Exact, CostModel::Tutorial] {
                let dist = oracle_all(&grid, topo, costs, start);
                for algorithm in Algorithm::ALL {
                    for weight in [1.0, 1.5] {
                        let opts = SearchOptions { algorithm, topology: topo, costs, weight, ..Default::default() };
                        if !algorithm.steps() {
                            let refused = Searcher::default().steps(&grid, start, goal, &opts).err();
                            assert_eq!(refused, Some(SearchError::NotSteppable(algorithm)));
                            continue;
                        }
                        let Ok(once) = find_path(&grid, start, goal, &opts) else {
                            assert!(
                                algorithm.jumps() || algorithm.any_angle(),
                                "only the jumping and any-angle searches refuse these settings"
                            );
                            continue;
                        };
                        check_steps(&grid, start, goal, &opts, &once, &dist);
                    }
                }
            }
        }
    }
}

/// Steps a search to its end: one expansion a step, each expanded cell closed with its
/// expansion index, children pointing at it; A* and Dijkstra at weight 1 close every cell at
/// its least cost (the oracle's); the end equals the one-shot result.
fn check_steps(grid: &Grid, start: (usize, usize), goal: (usize, usize), opts: &SearchOptions, once: &SearchResult, dist: &[f64]) {
    let exact_g = matches!(opts.algorithm, Algorithm::AStar | Algorithm::Dijkstra) && opts.weight == 1.0;
    let mut searcher = Searcher::default();
    let mut run = searcher.steps(grid, start, goal, opts).unwrap();
    let mut expansions = 0;
    while !run.is_finished() {
        match run.step() {
            Step::Expanded(p) => {
                assert_eq!(run.current(), Some(p));
                let info = run.info(p).unwrap();
                assert_eq!(info.state, CellState::Closed);
                assert_eq!(info.expansion, Some(expansions));
                expansions += 1;
                if exact_g {
                    let want = dist[p.1 * grid.width() + p.0];
                    assert!(close(info.g, want), "{opts:?}: {p:?} closed at g {} but its least cost is {want}", info.g);
                }
                // any-angle searches may give a pushed cell the expanded cell's own parent
                let parents = [Some(p), if opts.algorithm.any_angle() { info.parent } else { Some(p) }];
                for q in run.last_pushed().collect::<Vec<_>>() {
                    assert!(parents.contains(&run.info(q).unwrap().parent), "{opts:?}: {q:?} pushed from {p:?}");
                }
            }
            Step::Found => expansions += 1,
            Step::NoPath => {}
        }
        assert_eq!(run.expanded(), expansions, "{opts:?}: one expansion a step");
    }
    assert_eq!(&run.result(), once, "{opts:?}");
    assert_eq!(run.closed_cells().len(), once.expanded);
    for p in run.open_cells() {
        assert_eq!(run.info(p).unwrap().state, CellState::Open);
    }
}

#[test]
fn moving_ai_terrain_rules_on_maps_worked_out_by_hand() {
    let map = |rows: &[&str]| {
        let text = format!("type octile\nheight {}\nwidth {}\nmap\n{}\n", rows.len(), rows[0].len(), rows.join("\n"));
        read_map("hand.map", text.as_bytes()).unwrap()
    };
    let cost = |grid: &Grid, a, b, costs| find_path(grid, a, b, &SearchOptions { costs, ..Default::default() }).unwrap().cost;
    let exact = CostModel::Exact;
    // swamp is ground's class: straight through for 4
    assert_eq!(cost(&map(&["..S.."]), (0, 0), (4, 0), exact), Some(4.0));
    // water and swamp are different classes, both ways
    assert_eq!(cost(&map(&["WWS"]), (0, 0), (2, 0), exact), None);
    assert_eq!(cost(&map(&["WWS"]), (2, 0), (0, 0), exact), None);
    assert_eq!(cost(&map(&["WW."]), (0, 0), (1, 0), exact), Some(1.0));
    // a ground diagonal between two water corners is refused, and there is no other way
    assert_eq!(cost(&map(&[".W", "W."]), (0, 0), (1, 1), exact), None);
    // so is a water diagonal between two ground corners
    assert_eq!(cost(&map(&["W.", ".W"]), (0, 0), (1, 1), exact), None);
    // a pond in the middle: no diagonal may brush it, so around the edge in four straight steps
    let pond = map(&["...", ".W.", "..."]);
    assert_eq!(cost(&pond, (0, 0), (2, 2), exact), Some(4.0));
    assert_eq!(cost(&pond, (0, 0), (2, 2), CostModel::Tutorial), Some(40.0));
    // the same with swamp in the middle: the diagonals are free again, 2 sqrt 2
    let marsh = map(&["...", ".S.", "..."]);
    assert!(close(cost(&marsh, (0, 0), (2, 2), exact).unwrap(), 2.0 * SQRT_2));
    assert_eq!(cost(&marsh, (0, 0), (2, 2), CostModel::Tutorial), Some(28.0));
    // weighted ground: entering a 3 costs 3, then 1
    assert_eq!(cost(&map(&[".3."]), (0, 0), (2, 0), exact), Some(4.0));
    assert_eq!(cost(&map(&["WWW", "WWW"]), (0, 0), (2, 1), exact), Some(1.0 + SQRT_2));
}

// ---------------------------------------------------------------- benchmark maps

/// A bundled map and its scenario, read at run time: cargo sets the directory for the test, and
/// a binary built from another checkout of the same sources (a shared target directory) still
/// reads this one's maps.
fn bundled(map: &str, scen: &str) -> (Grid, Vec<Problem>) {
    let dir = format!("{}/../../assets/maps/", std::env::var("CARGO_MANIFEST_DIR").expect("run by cargo test"));
    let grid = read_map(map, &std::fs::read(format!("{dir}{map}")).unwrap()).unwrap();
    let problems = read_scen(scen, &std::fs::read(format!("{dir}{scen}")).unwrap()).unwrap();
    (grid, problems)
}

fn check_benchmark(name: &str) {
    check_benchmark_with(name, &[Algorithm::AStar, Algorithm::Jps, Algorithm::JpsBlock, Algorithm::JpsPlus, Algorithm::Subgoal]);
}

fn check_benchmark_with(name: &str, algorithms: &[Algorithm]) {
    let (grid, problems) = bundled(name, &format!("{name}.scen"));
    assert!(problems.len() >= 100);
    let mut searcher = Searcher::default();
    for &algorithm in algorithms {
        let opts = SearchOptions { algorithm, ..Default::default() };
        for p in &problems {
            assert_eq!((p.width, p.height), (grid.width(), grid.height()));
            let r = searcher.search(&grid, p.start, p.goal, &opts).unwrap();
            let cost = r.cost.unwrap_or_else(|| panic!("{name} line {}: no path", p.line));
            assert!(p.matches(cost), "{name} line {} {algorithm:?}: cost {cost:.8}, file says {}", p.line, p.optimal);
            let path = r.path.unwrap();
            assert!(close(oracle_path_cost(&grid, Topology::default(), CostModel::Exact, &path), cost));
        }
    }
}

#[test]
fn benchmark_arena() {
    check_benchmark("arena.map");
}

#[test]
fn benchmark_lak304d() {
    check_benchmark("lak304d.map");
}

#[test]
fn benchmark_64room_000() {
    check_benchmark("64room_000.map");
}

/// A current-format file as the benchmark publishes it (8 decimals, 2,140 problems): its
/// lengths were not summed exactly, and every optimal algorithm must still pass every problem.
/// (A* and JPS+ here; `tests/cli.rs` runs `scen` on it with JPS, and every algorithm's cost is
/// compared with A*'s on random grids elsewhere.)
#[test]
fn benchmark_8room_000_current_format() {
    check_benchmark_with("8room_000.map", &[Algorithm::AStar, Algorithm::JpsPlus, Algorithm::Subgoal]);
}

/// A city-street map of the benchmark's street family (OpenStreetMap's Berlin, 1,870
/// problems): its subgoal graph reaches too many subgoals from a cell to pay, so the prepared
/// search answers it by JPS+ with landmarks, every length as published.
#[test]
fn benchmark_berlin_0_512_street() {
    check_benchmark_with("Berlin_0_512.map", &[Algorithm::Jps, Algorithm::JpsPlus, Algorithm::Subgoal]);
}

/// The current files' lengths against the exact costs of the optimal paths found here
/// (`a + b sqrt 2`, counted from the path's straight and diagonal steps): the generator's
/// error stays inside [`SUM_ERROR`] of the length, and is there to be allowed (not zero).
#[test]
fn current_files_err_by_less_than_the_allowed_sum_error() {
    let mut searcher = Searcher::default();
    for (map, scen) in [("8room_000.map", "8room_000.map.scen"), ("mapf/random-32-32-10.map", "mapf/random-32-32-10-random-1.scen")] {
        let (grid, problems) = bundled(map, scen);
        let (mut worst, mut off) = (0.0f64, 0);
        for p in &problems {
            let path = searcher.search(&grid, p.start, p.goal, &SearchOptions::default()).unwrap().path.unwrap();
            let diagonals = path.windows(2).filter(|w| w[0].0 != w[1].0 && w[0].1 != w[1].1).count();
            let exact = (path.len() - 1 - diagonals) as f64 + diagonals as f64 * SQRT_2;
            // the written length is the generator's sum rounded to 8 decimals
            let error = ((p.optimal - exact).abs() - 0.5e-8).max(0.0) / exact.max(1.0);
            worst = worst.max(error);
            off += usize::from((p.optimal - exact).abs() > 0.5e-8);
            assert!(p.matches(exact), "{scen} line {}: {exact:.10} against {}", p.line, p.stated);
            assert!(p.exact_verdict(), "{scen} line {}", p.line);
        }
        println!(
            "{scen}: {off} of {} lengths off the exact cost by more than the rounding, worst {worst:.2e} of the length",
            problems.len()
        );
        assert!(worst <= SUM_ERROR, "{scen}: {worst:e}");
        assert!(off > 0, "{scen}: no length off: not a file of the current generator");
    }
}

/// cubepath's own 512 x 512 map with 10 % scattered obstacles; lengths from a separate Python
/// Dijkstra (assets/maps/random512-10.py).
#[test]
fn benchmark_random512() {
    check_benchmark("random512-10.map");
}

/// cubepath's own 255 x 255 maze; its optimal lengths come from a separate Python Dijkstra.
#[test]
fn benchmark_maze255() {
    check_benchmark("maze255.map");
}

// ---------------------------------------------------------------- more algorithms

#[test]
fn bidirectional_astar_and_ida_are_optimal_against_dijkstra() {
    let mut rng = Rng::new(4242);
    let mut searcher = Searcher::default();
    let (mut bidir_paths, mut ida_paths) = (0, 0);
    for case in 0..240 {
        let terrain = case % 3 == 0;
        let (grid, start, goal) = random_case(&mut rng, 60, terrain);
        for topo in TOPOLOGIES {
            for costs in [CostModel::Exact, CostModel::Tutorial] {
                let want = oracle(&grid, topo, costs, start, goal);
                // IDA* only where it finishes quickly: small grids
                let small = grid.width() * grid.height() <= 64;
                for algorithm in [Algorithm::AStarBidir, Algorithm::Ida] {
                    if algorithm == Algorithm::Ida && !small {
                        continue;
                    }
                    let opts = SearchOptions { algorithm, topology: topo, costs, limit: Some(2_000_000), ..Default::default() };
                    let r = searcher.search(&grid, start, goal, &opts).unwrap();
                    assert!(!r.stopped, "case {case} {algorithm:?} {topo:?}: stopped at the limit");
                    assert_eq!(r.admissible, opts.heuristic().is_admissible(topo, costs));
                    match (want, &r.path) {
                        (None, None) => assert!(r.cost.is_none()),
                        (Some(c), Some(path)) if r.admissible => {
                            *if algorithm == Algorithm::Ida { &mut ida_paths } else { &mut bidir_paths } += 1;
                            let got = r.cost.unwrap();
                            assert!(close(got, c), "case {case} {algorithm:?} {topo:?} {costs:?}: cost {got} != oracle {c}\n{grid:?}");
                            assert_eq!((path.first(), path.last()), (Some(&start), Some(&goal)));
                            assert!(close(oracle_path_cost(&grid, topo, costs, path), got));
                        }
                        (Some(c), Some(path)) => assert!(oracle_path_cost(&grid, topo, costs, path) >= c - 1e-9),
                        (w, p) => panic!("case {case} {algorithm:?} {topo:?}: oracle {w:?}, engine path {p:?}\n{grid:?}"),
                    }
                }
            }
        }
    }
    assert!(bidir_paths > 1000 && ida_paths > 200, "too few solved cases: {bidir_paths} bidirectional, {ida_paths} IDA*");
}

#[test]
fn ida_stops_cleanly_at_its_limit() {
    let grid = Grid::new(200, 200).unwrap();
    let mut wall = grid.clone();
    for y in 0..199 {
        wall.set(100, y, Cell::Blocked).unwrap();
    }
    let opts = SearchOptions { algorithm: Algorithm::Ida, limit: Some(10_000), ..Default::default() };
    let r = find_path(&wall, (0, 0), (199, 0), &opts).unwrap();
    assert!(r.stopped && r.path.is_none() && r.expanded == 10_000, "{r:?}");
    // the same limit on A* stops it too; without one A* finds the way round
    let astar = SearchOptions { algorithm: Algorithm::AStar, limit: Some(10), ..Default::default() };
    assert!(find_path(&wall, (0, 0), (199, 0), &astar).unwrap().stopped);
    let r = find_path(&wall, (0, 0), (199, 0), &SearchOptions::default()).unwrap();
    assert!(!r.stopped && r.path.is_some());
}

/// Whether the segment between the centres of `a` and `b` meets the closed square of cell
/// `c`: in doubled coordinates (centres odd, cell x spanning [2x, 2x + 2]), the two bounding
/// boxes overlap and the square's corners do not all lie strictly on one side of the line.
fn segment_touches(a: (usize, usize), b: (usize, usize), c: (usize, usize)) -> bool {
    let (ax, ay, bx, by) = (2 * a.0 as i64 + 1, 2 * a.1 as i64 + 1, 2 * b.0 as i64 + 1, 2 * b.1 as i64 + 1);
    let (x0, y0) = (2 * c.0 as i64, 2 * c.1 as i64);
    if ax.max(bx) < x0 || ax.min(bx) > x0 + 2 || ay.max(by) < y0 || ay.min(by) > y0 + 2 {
        return false;
    }
    let side = |x: i64, y: i64| ((bx - ax) * (y - ay) - (by - ay) * (x - ax)).signum();
    let s = [side(x0, y0), side(x0 + 2, y0), side(x0, y0 + 2), side(x0 + 2, y0 + 2)];
    !(s.iter().all(|&v| v > 0) || s.iter().all(|&v| v < 0))
}

/// Line of sight from the definition: no blocked cell's closed square meets the segment.
fn oracle_sight(grid: &Grid, a: (usize, usize), b: (usize, usize)) -> bool {
    grid.cells().all(|(c, cell)| cell.is_passable() || !segment_touches(a, b, c))
}

#[test]
fn line_of_sight_matches_the_definition() {
    let mut rng = Rng::new(99);
    let mut seen = [0, 0];
    for _ in 0..300 {
        let (w, h) = (1 + rng.below(14), 1 + rng.below(14));
        let grid = random_grid(w, h, rng.unit() * 0.3, &mut || rng.unit()).unwrap();
        for _ in 0..20 {
            let a = (rng.below(w), rng.below(h));
            let b = (rng.below(w), rng.below(h));
            let want = oracle_sight(&grid, a, b);
            assert_eq!(line_of_sight(&grid, a, b), want, "{a:?} -> {b:?}\n{grid:?}");
            assert_eq!(line_of_sight(&grid, b, a), want, "{b:?} -> {a:?} (reversed)");
            seen[want as usize] += 1;
        }
    }
    assert!(seen[0] > 500 && seen[1] > 500, "both answers tested: {seen:?}");
    // off the grid: no sight
    assert!(!line_of_sight(&Grid::new(3, 3).unwrap(), (0, 0), (3, 0)));
}

#[test]
fn any_angle_paths_see_through_and_are_never_longer_than_grid_paths() {
    let mut rng = Rng::new(31337);
    let mut searcher = Searcher::default();
    let (mut shorter, mut solved) = (0, 0);
    for case in 0..300 {
        let (grid, start, goal) = random_case(&mut rng, 60, false);
        for rule in [DiagonalRule::NoCornerCutting, DiagonalRule::Never] {
            let topo = Topology::Square(rule);
            let grid_optimum = oracle(&grid, topo, CostModel::Exact, start, goal);
            for algorithm in [Algorithm::Theta, Algorithm::LazyTheta] {
                let opts = SearchOptions { algorithm, topology: topo, ..Default::default() };
                let r = searcher.search(&grid, start, goal, &opts).unwrap();
                assert!(!r.admissible, "any-angle searches promise no optimum");
                let (Some(best), Some(points)) = (grid_optimum, &r.path) else {
                    assert_eq!(grid_optimum.is_some(), r.path.is_some(), "case {case} {algorithm:?} {rule:?}");
                    continue;
                };
                solved += 1;
                assert_eq!((points.first(), points.last()), (Some(&start), Some(&goal)));
                let mut length = 0.0;
                for w in points.windows(2) {
                    assert!(
                        oracle_sight(&grid, w[0], w[1]),
                        "case {case} {algorithm:?}: {:?} -> {:?} is not in sight\n{grid:?}",
                        w[0],
                        w[1]
                    );
                    length += ((w[0].0 as f64 - w[1].0 as f64).powi(2) + (w[0].1 as f64 - w[1].1 as f64).powi(2)).sqrt();
                }
                let cost = r.cost.unwrap();
                assert!(close(cost, length), "case {case}: cost {cost}, segments sum to {length}");
                assert!(cost <= best + 1e-9, "case {case} {algorithm:?} {rule:?}: {cost} longer than the grid's {best}\n{grid:?}");
                shorter += usize::from(cost < best - 1e-9);
            }
            // string pulling of the grid path: in sight, never longer
            let astar = SearchOptions { topology: topo, ..Default::default() };
            if let Some(path) = searcher.search(&grid, start, goal, &astar).unwrap().path {
                let pulled = string_pull(&grid, &path);
                assert_eq!((pulled.first(), pulled.last()), (path.first(), path.last()));
                for w in pulled.windows(2) {
                    assert!(oracle_sight(&grid, w[0], w[1]), "case {case}: pulled {:?} -> {:?} not in sight", w[0], w[1]);
                }
                assert!(polyline_length(&pulled) <= grid_optimum.unwrap() + 1e-9);
            }
        }
    }
    assert!(solved > 500 && shorter > 200, "too few telling cases: {solved} solved, {shorter} shorter than the grid");
    // on open ground, one straight segment
    let open = Grid::new(10, 4).unwrap();
    for algorithm in [Algorithm::Theta, Algorithm::LazyTheta] {
        let r = find_path(&open, (0, 0), (9, 3), &SearchOptions { algorithm, ..Default::default() }).unwrap();
        assert_eq!(r.path, Some(vec![(0, 0), (9, 3)]), "{algorithm:?}");
        assert!(close(r.cost.unwrap(), 90f64.sqrt()));
    }
    // refused where line of sight does not mean what the moves mean
    let hex = SearchOptions { algorithm: Algorithm::Theta, topology: Topology::Hex, ..Default::default() };
    assert_eq!(find_path(&open, (0, 0), (1, 1), &hex).unwrap_err(), SearchError::AnyAngle);
    let cutting = SearchOptions { algorithm: Algorithm::LazyTheta, topology: Topology::Square(DiagonalRule::Always), ..Default::default() };
    assert_eq!(find_path(&open, (0, 0), (1, 1), &cutting).unwrap_err(), SearchError::AnyAngle);
}

#[test]
fn four_neighbour_jps_equals_dijkstra_and_expands_fewer() {
    let mut rng = Rng::new(4444);
    let four = Topology::Square(DiagonalRule::Never);
    let (mut fewer, mut solved) = (0, 0);
    for case in 0..600 {
        let (grid, start, goal) = random_case(&mut rng, 150, false);
        let want = oracle(&grid, four, CostModel::Exact, start, goal);
        let jps =
            find_path(&grid, start, goal, &SearchOptions { algorithm: Algorithm::Jps, topology: four, ..Default::default() }).unwrap();
        let astar = find_path(&grid, start, goal, &SearchOptions { topology: four, ..Default::default() }).unwrap();
        match (want, &jps.path) {
            (None, None) => {}
            (Some(c), Some(path)) => {
                solved += 1;
                assert!(close(jps.cost.unwrap(), c), "case {case}: 4-neighbour JPS {} != oracle {c}\n{grid:?}", jps.cost.unwrap());
                assert!(close(oracle_path_cost(&grid, four, CostModel::Exact, path), c));
                fewer += usize::from(jps.expanded < astar.expanded);
            }
            (w, p) => panic!("case {case}: oracle {w:?}, 4-neighbour JPS {p:?}\n{grid:?}"),
        }
    }
    assert!(solved > 300 && fewer > solved / 2, "{solved} solved, JPS expanded fewer than A* on {fewer}");
    // block-based JPS and JPS+ stay 8-neighbour only
    let g = Grid::new(3, 3).unwrap();
    for algorithm in [Algorithm::JpsBlock, Algorithm::JpsPlus] {
        let o = SearchOptions { algorithm, topology: four, ..Default::default() };
        assert_eq!(find_path(&g, (0, 0), (2, 2), &o).unwrap_err(), SearchError::JpsTopology);
    }
}

#[test]
fn distances_to_the_goal_are_what_each_forward_search_costs() {
    // terrain makes moves cost what the entered cell weighs: backwards is not forwards
    let mut rng = Rng::new(808);
    let mut finite = 0;
    for case in 0..80 {
        let (mut grid, _, _) = random_case(&mut rng, 12, case % 2 == 0);
        // small grids only: the oracle runs once per cell
        grid = Grid::new(grid.width().min(12), grid.height().min(12))
            .map(|mut g| {
                for (p, c) in grid.cells().filter(|(p, _)| p.0 < 12 && p.1 < 12) {
                    g.set(p.0, p.1, c).unwrap();
                }
                g
            })
            .unwrap();
        let goal = (rng.below(grid.width()), rng.below(grid.height()));
        grid.set(goal.0, goal.1, Cell::FLOOR).unwrap();
        for topo in TOPOLOGIES {
            let field = distances_to(&grid, goal, topo, CostModel::Exact);
            for (s, _) in grid.cells() {
                let want = oracle(&grid, topo, CostModel::Exact, s, goal).unwrap_or(f64::INFINITY);
                let got = field[s.1 * grid.width() + s.0];
                assert!(got == want || close(got, want), "case {case} {topo:?}: from {s:?} field {got}, oracle {want}\n{grid:?}");
                finite += usize::from(want.is_finite());
            }
        }
    }
    assert!(finite > 4000, "{finite}");
}

// ---------------------------------------------------------------- D* Lite

/// A replanner's answer against the oracle: same cost, and a legal path of that cost.
fn check_replanner(plan: &Replanner, grid: &Grid, topo: Topology, costs: CostModel, what: &str) {
    let want = oracle(grid, topo, costs, plan.start(), plan.goal());
    match (want, plan.cost(), plan.path(grid)) {
        (None, None, None) => {}
        (Some(c), Some(got), Some(path)) => {
            assert!(close(got, c), "{what}: cost {got} != {c}\n{grid:?}");
            assert_eq!((path.first(), path.last()), (Some(&plan.start()), Some(&plan.goal())), "{what}");
            assert!(close(oracle_path_cost(grid, topo, costs, &path), c), "{what}: path cost\n{grid:?}");
        }
        (w, g, p) => panic!("{what}: oracle {w:?}, replanner {g:?} / {p:?}\n{grid:?}"),
    }
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig { cases: 300, ..Default::default() })]

    /// D* Lite after every random edit (cells blocked and opened, terrain painted) and every move
    /// of the start costs what the oracle's Dijkstra says, on every topology, whether it runs to
    /// the end at once or a few expansions a call.
    #[test]
    fn dstar_lite_repairs_match_dijkstra_after_every_edit(
        seed in 0u64..u64::MAX,
        topo in 0usize..5,
        terrain in proptest::bool::ANY,
        budget in proptest::sample::select(vec![usize::MAX, 1, 7]),
        edits in proptest::collection::vec((0usize..64, 0usize..64, 0u8..4), 1..12),
    ) {
        let mut rng = Rng::new(seed | 1);
        let (mut grid, start, goal) = random_case(&mut rng, 64, terrain);
        let topo = TOPOLOGIES[topo];
        let costs = CostModel::Exact;
        let options = SearchOptions { topology: topo, costs, ..Default::default() };
        let mut plan = Replanner::new(&grid, start, goal, &options).unwrap();
        let run = |plan: &mut Replanner, grid: &Grid| {
            let mut calls = 0;
            while plan.compute(grid, budget) == Progress::Pending {
                calls += 1;
                assert!(calls < 1_000_000, "compute never finishes");
            }
        };
        run(&mut plan, &grid);
        check_replanner(&plan, &grid, topo, costs, "first search");
        for (k, &(x, y, what)) in edits.iter().enumerate() {
            let (x, y) = (x % grid.width(), y % grid.height());
            if what == 3 {
                // the agent steps along its path
                if let Some(path) = plan.path(&grid) && path.len() > 1 {
                    plan.move_start(path[1]);
                }
            } else if (x, y) != plan.start() && (x, y) != goal {
                let cell = match what {
                    0 => if grid.is_passable(x, y) { Cell::Blocked } else { Cell::FLOOR },
                    1 if terrain => Cell::Ground(3),
                    _ => Cell::Blocked,
                };
                grid.set(x, y, cell).unwrap();
                plan.cells_changed(&grid, &[(x, y)]);
            }
            run(&mut plan, &grid);
            check_replanner(&plan, &grid, topo, costs, &format!("after edit {k}"));
        }
    }
}

#[test]
fn a_distance_field_stays_right_across_edits_and_repairs_cost_less_than_starting_over() {
    let mut rng = Rng::new(4242);
    for case in 0..60 {
        let (mut grid, _, goal) = random_case(&mut rng, 48, case % 2 == 0);
        let topo = TOPOLOGIES[case % 5];
        let mut field = Replanner::field(&grid, goal, topo, CostModel::Exact);
        for round in 0..4 {
            assert!(matches!(field.compute(&grid, usize::MAX), Progress::Done(_)));
            // the field's distance from p is what a forward search from p to the goal costs
            for _ in 0..20 {
                let p = (rng.below(grid.width()), rng.below(grid.height()));
                let want = oracle(&grid, topo, CostModel::Exact, p, goal);
                match (want, field.distance(p)) {
                    (None, None) => {}
                    (Some(a), Some(b)) => assert!(close(a, b), "case {case} round {round} at {p:?}: {b} != {a}\n{grid:?}"),
                    (a, b) => panic!("case {case} round {round} at {p:?}: oracle {a:?}, field {b:?}\n{grid:?}"),
                }
            }
            let (x, y) = (rng.below(grid.width()), rng.below(grid.height()));
            if (x, y) != goal {
                let flipped = if grid.is_passable(x, y) { Cell::Blocked } else { Cell::FLOOR };
                grid.set(x, y, flipped).unwrap();
                field.cells_changed(&grid, &[(x, y)]);
            }
        }
    }
    // A cell blocked ten steps ahead of the agent on a 256 x 256 board with 20 % barriers (what a
    // robot's sensors find): the search from the goal is kept and the repair expands a fraction
    // of a new search. (On a board with no barriers at all it is not so: every cell on a path
    // that ties with the new optimum is searched again, about twice what A* expands.)
    let (mut repair, mut scratch) = (0, 0);
    for _ in 0..10 {
        let mut grid = random_grid(256, 256, 0.2, &mut || rng.unit()).unwrap();
        let (start, goal) = ((5, 128), (250, 128));
        grid.set(start.0, start.1, Cell::FLOOR).unwrap();
        grid.set(goal.0, goal.1, Cell::FLOOR).unwrap();
        let options = SearchOptions::default();
        let mut plan = Replanner::new(&grid, start, goal, &options).unwrap();
        plan.compute(&grid, usize::MAX);
        let Some(path) = plan.path(&grid).filter(|p| p.len() > 20) else { continue };
        plan.move_start(path[5]);
        let first = plan.expanded();
        let c = path[15];
        grid.set(c.0, c.1, Cell::Blocked).unwrap();
        plan.cells_changed(&grid, &[c]);
        plan.compute(&grid, usize::MAX);
        repair += plan.expanded() - first;
        let again = Searcher::default().search(&grid, path[5], goal, &options).unwrap();
        assert_eq!(plan.cost().is_some(), again.cost.is_some());
        if let (Some(a), Some(b)) = (plan.cost(), again.cost) {
            assert!(close(a, b));
        }
        scratch += again.expanded;
    }
    assert!(scratch > 20_000, "the boards had long paths ({scratch} expansions from scratch)");
    eprintln!("ten cells blocked ahead: repairs {repair}, A* from scratch {scratch}");
    assert!(repair * 5 <= scratch, "repairs {repair} vs A* from scratch {scratch}");
}

// ---------------------------------------------------------------- crowds

/// A crowd on a random grid with random edits for 150 ticks: every path searched in a tick
/// (first searches and repairs alike, unless a detour round other agents has changed it since)
/// costs what the oracle's Dijkstra says from where the agent stands, each step legal; and the
/// invariants hold after every tick. Returns how many repaired paths it checked.
fn check_crowd_paths(seed: u64, topo: usize, agents: usize, edits: usize) -> usize {
    let mut rng = Rng::new(seed | 1);
    let side = 8 + rng.below(40);
    let grid = random_grid(side, side, rng.unit() * 0.3, &mut || rng.unit()).unwrap();
    let topology = TOPOLOGIES[topo];
    let options = CrowdOptions { topology, costs: CostModel::Exact, radius: 12, budget: 1 + rng.below(3000), seed, ..Default::default() };
    // as many agents as there is room for (a crowd with more is refused: tested apart)
    let agents = agents.min(grid.passable_count());
    let mut crowd = Crowd::new(grid, agents, CrowdMode::Wander, options).expect("room for every agent");
    let mut repaired = 0;
    for tick in 1..=150 {
        crowd.random_edits(edits);
        crowd.tick();
        let problems = crowd.check();
        assert!(problems.is_empty(), "tick {tick}: {problems:?}");
        for (i, a) in crowd.agents().iter().enumerate() {
            if a.planned_at != tick || a.state != AgentState::Moving || a.detoured {
                continue;
            }
            repaired += a.repaired as usize;
            let path: Vec<Pos> = std::iter::once(a.pos).chain(a.path()).collect();
            let want = oracle(crowd.grid(), topology, CostModel::Exact, a.pos, a.goal).expect("a planned goal is reachable");
            let got = oracle_path_cost(crowd.grid(), topology, CostModel::Exact, &path);
            assert!(close(got, want), "tick {tick} agent {i} (repaired: {}): path {got} vs {want}", a.repaired);
            assert_eq!(path.last(), Some(&a.goal));
        }
    }
    repaired
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig { cases: 60, ..Default::default() })]

    #[test]
    fn crowd_paths_after_edits_cost_what_dijkstra_says(
        seed in 0u64..u64::MAX,
        topo in 0usize..5,
        agents in 1usize..40,
        edits in 0usize..4,
    ) {
        check_crowd_paths(seed, topo, agents, edits);
    }
}

/// The same check on fixed seeds with edits on every topology: repaired paths are among those
/// checked (the random cases above need not meet one).
#[test]
fn repaired_crowd_paths_cost_what_dijkstra_says() {
    for (topo, topology) in TOPOLOGIES.iter().enumerate() {
        let repaired: usize = (1..=4).map(|seed| check_crowd_paths(seed * 7919, topo, 30, 3)).sum();
        assert!(repaired >= 5, "{topology:?}: only {repaired} repaired paths checked");
    }
}

#[test]
fn a_crowd_soak_has_no_conflicts_and_nearly_every_agent_arrives() {
    let mut rng = Rng::new(5000);
    let grid = random_grid(96, 96, 0.2, &mut || rng.unit()).unwrap();
    let mut crowd = Crowd::new(grid, 200, CrowdMode::Wander, CrowdOptions { seed: 5000, ..Default::default() }).unwrap();
    for tick in 0..5000 {
        crowd.random_edits(1);
        crowd.tick();
        let problems = crowd.check();
        assert!(problems.is_empty(), "tick {tick}: {problems:?}");
    }
    let s = *crowd.stats();
    assert_eq!(s.conflicts, 0);
    let arrived = crowd.agents().iter().filter(|a| a.arrivals > 0).count();
    eprintln!("soak: {arrived} of 200 arrived at least once; {s:?}");
    assert!(arrived * 100 >= 95 * 200, "{arrived} of 200 arrived");
    assert!(s.replans > 0 && s.repair_expanded > 0, "edits crossed paths and were repaired");
    // gather: the agents pack around the cell, the field's distances are Dijkstra's
    let goal = (48, 48);
    let mut grid = random_grid(96, 96, 0.2, &mut || rng.unit()).unwrap();
    for (dx, dy) in [(0, 0), (0, 1), (1, 0), (1, 1), (0, 2), (2, 0)] {
        grid.set(goal.0 - 1 + dx, goal.1 - 1 + dy, Cell::FLOOR).unwrap();
    }
    let mut gather = Crowd::new(grid, 200, CrowdMode::Gather(goal), CrowdOptions::default()).unwrap();
    for tick in 0..600 {
        if tick % 10 == 0 {
            gather.random_edits(1);
        }
        gather.tick();
        assert!(gather.check().is_empty());
    }
    let dist = oracle_all(gather.grid(), Topology::default(), CostModel::default(), goal);
    for (p, _) in gather.grid().cells() {
        // distances from p to the goal: the moves are symmetric on uniform ground
        let want = dist[p.1 * gather.grid().width() + p.0];
        match gather.field_distance(p) {
            Some(d) => assert!(close(d, want), "{p:?}: {d} vs {want}"),
            None => assert!(want.is_infinite(), "{p:?} unreached"),
        }
    }
    let gathered = gather.agents().iter().filter(|a| a.state == AgentState::Arrived).count();
    eprintln!("gather: {gathered} of 200 packed around {goal:?}");
    assert!(gathered >= 150);
}

/// Gathered agents whose straight neighbour nearer the goal (Dijkstra's distances) stands
/// empty: a hole in front of an agent that thinks it has arrived.
fn holes_in_front(crowd: &Crowd, goal: Pos, dist: &[f64]) -> Vec<Pos> {
    let w = crowd.grid().width();
    let taken: std::collections::HashSet<Pos> = crowd.agents().iter().map(|a| a.pos).collect();
    let d = |p: Pos| dist[p.1 * w + p.0];
    crowd
        .agents()
        .iter()
        .filter(|a| a.state == AgentState::Arrived && a.pos != goal)
        .map(|a| a.pos)
        .filter(|&p| {
            let straight = [(p.0 + 1, p.1), (p.0.wrapping_sub(1), p.1), (p.0, p.1 + 1), (p.0, p.1.wrapping_sub(1))];
            straight.into_iter().any(|q| crowd.grid().is_passable(q.0, q.1) && d(q) < d(p) - 1e-9 && !taken.contains(&q))
        })
        .collect()
}

#[test]
fn a_gathering_called_after_wandering_stays_packed() {
    // (the game's crowd: 60 agents wander a while, then gather; pushed gathered agents used
    // to stay "arrived" where they were pushed, and the agents behind them with them)
    for seed in [4u64, 11, 23] {
        let mut rng = Rng::new(seed);
        let grid = random_grid(20, 20, 0.15, &mut || rng.unit()).unwrap();
        let goal = grid.cells().find(|(p, c)| c.is_passable() && p.0 >= 10 && p.1 >= 10).unwrap().0;
        let mut crowd = Crowd::new(grid, 60, CrowdMode::Wander, CrowdOptions { seed, ..Default::default() }).unwrap();
        for _ in 0..200 + seed as usize * 5 {
            crowd.tick();
        }
        crowd.set_mode(CrowdMode::Gather(goal)).unwrap();
        let dist = oracle_all(crowd.grid(), Topology::default(), CostModel::default(), goal);
        for tick in 0..300 {
            crowd.tick();
            let holes = holes_in_front(&crowd, goal, &dist);
            assert!(holes.is_empty(), "seed {seed}, tick {tick}: arrived with a free cell nearer the goal at {holes:?}");
        }
        let gathered = crowd.agents().iter().filter(|a| a.state == AgentState::Arrived).count();
        // packed: the agents' distances to the goal add up to little more than those of as
        // many free cells nearest it
        let w = crowd.grid().width();
        let mut nearest: Vec<f64> = dist.iter().copied().filter(|d| d.is_finite()).collect();
        nearest.sort_by(f64::total_cmp);
        // (agents walled off from the goal left out)
        let reach: Vec<f64> = crowd.agents().iter().map(|a| dist[a.pos.1 * w + a.pos.0]).filter(|d| d.is_finite()).collect();
        let least: f64 = nearest[..reach.len()].iter().sum();
        let sum: f64 = reach.iter().sum();
        eprintln!("seed {seed}: {gathered} of 60 gathered, distances {sum:.1} against at least {least:.1}");
        assert!(sum <= 1.1 * least, "seed {seed}: distances {sum:.1} against at least {least:.1}");
        assert!(crowd.agent_at(goal).is_some() && gathered >= 30, "seed {seed}: {gathered} of 60 gathered");
    }
}

#[test]
fn bad_crowds_are_refused_with_a_reason() {
    let grid = Grid::new(3, 3).unwrap();
    let e = Crowd::new(grid.clone(), 10, CrowdMode::Wander, CrowdOptions::default()).err().unwrap();
    assert_eq!(e.to_string(), "10 agents do not fit: there is room for 9 (one per free cell, at most 100000)");
    let mut blocked = grid.clone();
    blocked.set(1, 1, Cell::Blocked).unwrap();
    let e = Crowd::new(blocked, 2, CrowdMode::Gather((1, 1)), CrowdOptions::default()).err().unwrap();
    assert_eq!(e.to_string(), "cell 1,1 is off the grid or blocked");
    let mut c = Crowd::new(grid, 9, CrowdMode::Wander, CrowdOptions::default()).unwrap();
    assert_eq!((c.send(9, (0, 0)), c.send(0, (5, 5))), (Err(CrowdError::NoAgent(9)), Err(CrowdError::NotFree((5, 5)))));
    // a barrier painted under an agent lifts it to the nearest free cell... none here: the cell stays
    let under = c.agents()[0].pos;
    assert!(c.set_cells(&[(under, Cell::Blocked)]).is_empty());
    assert!(c.check().is_empty());
}

/// Every crowd mode on every topology, with random edits: after every tick each step an agent
/// took is a move the oracle allows under the crowd's topology (never a diagonal on four
/// neighbours, never a cut corner where the rule forbids it, only hex neighbours on hex
/// boards), no agent stands on a wall, no two share a cell; and `Crowd::check` agrees.
#[test]
fn every_crowd_mode_moves_by_its_topologys_rules() {
    for (topo, &topology) in TOPOLOGIES.iter().enumerate() {
        for mode in 0..4 {
            let seed = 31 + topo as u64 * 7 + mode;
            let mut rng = Rng::new(seed);
            let grid = random_grid(18, 18, 0.25, &mut || rng.unit()).unwrap();
            let goal = grid.cells().find(|(p, c)| c.is_passable() && p.0 >= 8 && p.1 >= 8).unwrap().0;
            let mode = [CrowdMode::Wander, CrowdMode::Gather(goal), CrowdMode::Command, CrowdMode::Together][mode as usize];
            let options = CrowdOptions { topology, seed, ..Default::default() };
            let mut crowd = Crowd::new(grid, 40, mode, options).unwrap();
            let mut moved = 0;
            for tick in 0..200 {
                if tick % 5 == 0 {
                    crowd.random_edits(1);
                }
                if mode == CrowdMode::Command && tick % 40 == 0 {
                    let free: Vec<Pos> = crowd.grid().cells().filter(|(_, c)| c.is_passable()).map(|(p, _)| p).collect();
                    for i in 0..crowd.agents().len() {
                        crowd.send(i, free[rng.below(free.len())]).unwrap();
                    }
                }
                let before: Vec<Pos> = crowd.agents().iter().map(|a| a.pos).collect();
                crowd.tick();
                assert_eq!(crowd.check(), Vec::<String>::new(), "{topology:?} {mode:?} tick {tick}");
                let mut seen = std::collections::HashSet::new();
                for (i, a) in crowd.agents().iter().enumerate() {
                    assert!(crowd.grid().is_passable(a.pos.0, a.pos.1), "{topology:?} {mode:?} tick {tick}: agent {i} in a wall");
                    assert!(seen.insert(a.pos), "{topology:?} {mode:?} tick {tick}: two agents on {:?}", a.pos);
                    if before[i] != a.pos {
                        moved += 1;
                        let legal = oracle_moves(crowd.grid(), topology, before[i].0, before[i].1).iter().any(|(q, _)| *q == a.pos);
                        assert!(legal, "{topology:?} {mode:?} tick {tick}: agent {i} stepped {:?} -> {:?}", before[i], a.pos);
                    }
                }
            }
            assert!(moved > 100, "{topology:?} {mode:?}: only {moved} steps taken ({:?})", crowd.joint());
        }
    }
}

/// `Crowd::check` sees an illegal step under each topology: a diagonal on four neighbours, a
/// cut corner without corner cutting, a diagonal past two walls with one side free needed, a
/// step to a square neighbour that is no hex neighbour, and a step into a wall.
#[test]
fn the_crowds_check_refuses_steps_its_topology_does_not_allow() {
    // 3 x 3, a wall at (1, 0): from (0, 0) to (1, 1) cuts its corner
    let mut grid = Grid::new(3, 3).unwrap();
    grid.set(1, 0, Cell::Blocked).unwrap();
    let illegal = |topology: Topology, from: Pos, to: Pos, grid: &Grid| {
        let mut crowd = Crowd::new(grid.clone(), 1, CrowdMode::Command, CrowdOptions { topology, ..Default::default() }).unwrap();
        crowd.set_position(0, from, to);
        crowd.check().iter().any(|p| p.contains("illegal move"))
    };
    let square = |rule| Topology::Square(rule);
    assert!(illegal(square(DiagonalRule::Never), (1, 1), (2, 2), &grid), "a diagonal on four neighbours");
    assert!(!illegal(square(DiagonalRule::NoCornerCutting), (1, 1), (2, 2), &grid), "an open diagonal");
    assert!(illegal(square(DiagonalRule::NoCornerCutting), (0, 0), (1, 1), &grid), "a cut corner, the wall beside the start");
    assert!(illegal(square(DiagonalRule::NoCornerCutting), (1, 1), (0, 0), &grid), "a cut corner, the wall beside the end");
    assert!(!illegal(square(DiagonalRule::OneFree), (0, 0), (1, 1), &grid), "one side free is enough");
    grid.set(0, 1, Cell::Blocked).unwrap();
    assert!(illegal(square(DiagonalRule::OneFree), (0, 0), (1, 1), &grid), "both sides walled");
    assert!(!illegal(square(DiagonalRule::Always), (0, 0), (1, 1), &grid), "always");
    // hex (odd rows half a cell right): from (1, 0) the row below holds (0, 1) and (1, 1), not (2, 1)
    let open = Grid::new(3, 3).unwrap();
    assert!(!illegal(Topology::Hex, (1, 0), (1, 1), &open));
    assert!(!illegal(Topology::Hex, (1, 0), (0, 1), &open));
    assert!(illegal(Topology::Hex, (1, 0), (2, 1), &open), "not a hex neighbour");
    assert!(illegal(square(DiagonalRule::Always), (0, 0), (2, 0), &open), "two cells at once");
}
