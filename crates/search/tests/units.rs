//! Units bigger than a cell ([`Clearance`]): a `k` x `k` unit's least-cost moves, found by the
//! engine's searches on [`Clearance::unit_grid`], against a Dijkstra written here over the
//! unit's positions from the rules (it stands where all its `k` x `k` cells are open; a
//! straight step needs the `(k + 1)` x `k` cells its two squares span open, a diagonal step the
//! whole `(k + 1)` x `(k + 1)` box), and every step of every path checked the same way.

use std::collections::BinaryHeap;

use cubepath_search::{grid::*, search::*};
use proptest::prelude::*;

/// Whether the cells from `(x0, y0)` to `(x1, y1)` (inclusive) are all on the board and open.
fn open_box(grid: &Grid, (x0, y0): (i64, i64), (x1, y1): (i64, i64)) -> bool {
    let (w, h) = (grid.width() as i64, grid.height() as i64);
    x0 >= 0 && y0 >= 0 && x1 < w && y1 < h && (y0..=y1).all(|y| (x0..=x1).all(|x| grid.is_passable(x as usize, y as usize)))
}

/// Whether a `k` unit may step from `a` to `b` (both top-left cells), by the rules above.
fn unit_step(grid: &Grid, k: i64, a: Pos, b: Pos) -> bool {
    let (ax, ay, bx, by) = (a.0 as i64, a.1 as i64, b.0 as i64, b.1 as i64);
    let (dx, dy) = (bx - ax, by - ay);
    if dx.abs() > 1 || dy.abs() > 1 || (dx, dy) == (0, 0) {
        return false;
    }
    open_box(grid, (ax.min(bx), ay.min(by)), (ax.max(bx) + k - 1, ay.max(by) + k - 1))
}

/// Least cost for a `k` unit from `a` to `b` (1 straight, sqrt 2 diagonal).
fn unit_oracle(grid: &Grid, k: usize, a: Pos, b: Pos) -> Option<f64> {
    let (w, h) = (grid.width(), grid.height());
    let ki = k as i64;
    if !open_box(grid, (a.0 as i64, a.1 as i64), (a.0 as i64 + ki - 1, a.1 as i64 + ki - 1)) {
        return None;
    }
    let mut best = vec![f64::INFINITY; w * h];
    let mut heap = BinaryHeap::new();
    best[a.1 * w + a.0] = 0.0;
    heap.push((std::cmp::Reverse(0u64), a));
    while let Some((std::cmp::Reverse(bits), p)) = heap.pop() {
        let d = f64::from_bits(bits);
        if p == b {
            return Some(d);
        }
        if d > best[p.1 * w + p.0] {
            continue;
        }
        for (dx, dy) in [(-1i64, -1i64), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1)] {
            let (x, y) = (p.0 as i64 + dx, p.1 as i64 + dy);
            if x < 0 || y < 0 || x >= w as i64 || y >= h as i64 {
                continue;
            }
            let q = (x as usize, y as usize);
            if !unit_step(grid, ki, p, q) {
                continue;
            }
            let nd = d + if dx != 0 && dy != 0 { std::f64::consts::SQRT_2 } else { 1.0 };
            if nd < best[q.1 * w + q.0] - 1e-12 {
                best[q.1 * w + q.0] = nd;
                heap.push((std::cmp::Reverse(nd.to_bits()), q));
            }
        }
    }
    None
}

fn board(w: usize, h: usize, walls: &[usize]) -> Grid {
    let mut grid = Grid::new(w, h).unwrap();
    for &i in walls {
        grid.set(i % w, (i / w) % h, Cell::Blocked).unwrap();
    }
    grid
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn a_units_paths_are_its_least_cost_moves(
        w in 2usize..30, h in 2usize..30, walls in proptest::collection::vec(0usize..900, 0..120),
        k in 1usize..5, ends in proptest::collection::vec((0usize..30, 0usize..30, 0usize..30, 0usize..30), 1..6),
    ) {
        let grid = board(w, h, &walls);
        let room = Clearance::new(&grid);
        let unit = room.unit_grid(&grid, k).unwrap();
        let mut searcher = Searcher::default();
        for (ax, ay, bx, by) in ends {
            let (a, b) = ((ax % w, ay % h), (bx % w, by % h));
            let truth = unit_oracle(&grid, k, a, b);
            for algorithm in [Algorithm::AStar, Algorithm::Jps, Algorithm::JpsPlus] {
                let options = SearchOptions { algorithm, ..Default::default() };
                match searcher.search(&unit, a, b, &options) {
                    Err(SearchError::Blocked { .. }) => prop_assert!(truth.is_none() && !(unit.is_passable(a.0, a.1) && unit.is_passable(b.0, b.1))),
                    Err(e) => prop_assert!(false, "{e}"),
                    Ok(r) => {
                        prop_assert_eq!(r.cost.is_some(), truth.is_some(), "{:?} k {} {:?} -> {:?}", algorithm, k, a, b);
                        if let (Some(cost), Some(best), Some(path)) = (r.cost, truth, r.path) {
                            prop_assert!((cost - best).abs() < 1e-9, "{:?} k {}: {} against {}", algorithm, k, cost, best);
                            for s in path.windows(2) {
                                prop_assert!(unit_step(&grid, k as i64, s[0], s[1]), "k {}: {:?} -> {:?}", k, s[0], s[1]);
                            }
                        }
                    }
                }
            }
        }
    }
}

#[test]
fn clearance_values_sizes_and_stale_values() {
    // .....
    // .@...
    // .....
    let mut grid = Grid::new(5, 3).unwrap();
    grid.set(1, 1, Cell::Blocked).unwrap();
    let room = Clearance::new(&grid);
    let row = |y| (0..5).map(|x| room.at((x, y))).collect::<Vec<u8>>();
    assert_eq!((row(0), row(1), row(2)), (vec![1, 1, 3, 2, 1], vec![1, 0, 2, 2, 1], vec![1, 1, 1, 1, 1]));
    assert_eq!(room.at((5, 0)), 0, "off the board");
    assert!(room.unit_grid(&grid, 0).is_none() && room.unit_grid(&grid, MAX_UNIT + 1).is_none());
    // terrain kept where the unit fits
    grid.set(2, 0, Cell::Ground(4)).unwrap();
    assert!(room.unit_grid(&grid, 2).is_none(), "values for the grid before the edit");
    let room = Clearance::new(&grid);
    let two = room.unit_grid(&grid, 2).unwrap();
    assert_eq!((two.get(2, 0), two.get(0, 0), two.get(2, 1)), (Some(Cell::Ground(4)), Some(Cell::Blocked), Some(Cell::FLOOR)));
    assert_eq!(room.unit_grid(&grid, 3).unwrap().passable_count(), 1, "only (2, 0) holds a 3 x 3 unit");
}

/// What the `k` x `k` square at `p` holds, by the rules: `None` where the unit cannot stand
/// (off the board, a wall, or water beside ground or swamp), else whether it is in water and
/// the heaviest weight of its cells (swamp and water weigh 1).
fn square(grid: &Grid, k: usize, p: (i64, i64)) -> Option<(bool, u8)> {
    let (w, h) = (grid.width() as i64, grid.height() as i64);
    let (k, mut water, mut dry, mut heaviest) = (k as i64, false, false, 0u8);
    for y in p.1..p.1 + k {
        for x in p.0..p.0 + k {
            if x < 0 || y < 0 || x >= w || y >= h {
                return None;
            }
            match grid.get(x as usize, y as usize).unwrap() {
                Cell::Blocked => return None,
                Cell::Water => water = true,
                Cell::Swamp => dry = true,
                Cell::Ground(g) => (dry, heaviest) = (true, heaviest.max(g)),
            }
        }
    }
    (!(water && dry)).then_some((water, heaviest.max(1)))
}

/// Least cost for a `k` unit over terrain, written from the rules: it stands where its square
/// is open and of one class; a step keeps its class (a diagonal's two side squares too) and
/// costs its length times the heaviest cell of the square it steps onto.
fn terrain_oracle(grid: &Grid, k: usize, a: Pos, b: Pos) -> Option<f64> {
    let (w, h) = (grid.width(), grid.height());
    let at = |p: Pos| square(grid, k, (p.0 as i64, p.1 as i64));
    at(a)?;
    let mut best = vec![f64::INFINITY; w * h];
    let mut heap = BinaryHeap::new();
    best[a.1 * w + a.0] = 0.0;
    heap.push((std::cmp::Reverse(0u64), a));
    while let Some((std::cmp::Reverse(bits), p)) = heap.pop() {
        let d = f64::from_bits(bits);
        if p == b {
            return Some(d);
        }
        if d > best[p.1 * w + p.0] {
            continue;
        }
        let (class, _) = at(p).unwrap();
        for (dx, dy) in [(-1i64, -1i64), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1)] {
            let q = (p.0 as i64 + dx, p.1 as i64 + dy);
            let Some((to_class, weight)) = square(grid, k, q) else { continue };
            let sides_ok = dx == 0 || dy == 0 || {
                let side = |s: (i64, i64)| square(grid, k, s).is_some_and(|(c, _)| c == class);
                side((q.0, p.1 as i64)) && side((p.0 as i64, q.1))
            };
            if to_class != class || !sides_ok {
                continue;
            }
            let q = (q.0 as usize, q.1 as usize);
            let nd = d + if dx != 0 && dy != 0 { std::f64::consts::SQRT_2 } else { 1.0 } * f64::from(weight);
            if nd < best[q.1 * w + q.0] - 1e-12 {
                best[q.1 * w + q.0] = nd;
                heap.push((std::cmp::Reverse(nd.to_bits()), q));
            }
        }
    }
    None
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    /// Units over water, swamp and mud: the engine on the unit's board against the rules'
    /// Dijkstra over the unit's positions (before, the board took the terrain of the anchor's
    /// cell alone: a 2 x 2 unit anchored on ground crossed water at ground cost).
    #[test]
    fn a_units_paths_over_terrain_are_its_least_cost_moves(
        w in 2usize..24, h in 2usize..24, cells in proptest::collection::vec((0usize..600, 0u8..12), 0..200),
        k in 2usize..4, ends in proptest::collection::vec((0usize..24, 0usize..24, 0usize..24, 0usize..24), 1..6),
    ) {
        let mut grid = Grid::new(w, h).unwrap();
        for (i, kind) in cells {
            let cell = match kind {
                0..=2 => Cell::Blocked,
                3..=5 => Cell::Water,
                6 => Cell::Swamp,
                n => Cell::Ground(n - 5),
            };
            grid.set(i % w, (i / w) % h, cell).unwrap();
        }
        let unit = Clearance::new(&grid).unit_grid(&grid, k).unwrap();
        let options = SearchOptions::default();
        for (ax, ay, bx, by) in ends {
            let (a, b) = ((ax % w, ay % h), (bx % w, by % h));
            let truth = terrain_oracle(&grid, k, a, b);
            match Searcher::default().search(&unit, a, b, &options) {
                Err(SearchError::Blocked { .. }) => prop_assert!(truth.is_none()),
                Err(e) => prop_assert!(false, "{e}"),
                Ok(r) => prop_assert!(match (r.cost, truth) { (Some(c), Some(t)) => (c - t).abs() < 1e-9, (c, t) => c.is_none() && t.is_none() },
                    "k {} {:?} -> {:?}: {:?} against the rules' {:?}\n{:?}", k, a, b, r.cost, truth, grid),
            }
        }
    }
}

/// The case: a 2 x 2 unit anchored on ground beside a strip of water cannot cross it
/// (it would straddle the shore); a one-cell walker cannot either; with mud under the unit's
/// second row, every step costs the mud's weight.
#[test]
fn a_two_by_two_unit_neither_straddles_water_nor_walks_mud_at_ground_cost() {
    let mut grid = Grid::new(6, 4).unwrap();
    for y in 0..4 {
        grid.set(3, y, Cell::Water).unwrap();
    }
    let unit = Clearance::new(&grid).unit_grid(&grid, 2).unwrap();
    let r = Searcher::default().search(&unit, (0, 0), (4, 0), &SearchOptions::default()).unwrap();
    assert_eq!(r.path, None, "crossed water: {:?}", r.path);
    let mut grid = Grid::new(6, 2).unwrap();
    for x in 0..6 {
        grid.set(x, 1, Cell::Ground(4)).unwrap();
    }
    let unit = Clearance::new(&grid).unit_grid(&grid, 2).unwrap();
    let r = Searcher::default().search(&unit, (0, 0), (4, 0), &SearchOptions::default()).unwrap();
    assert_eq!(r.cost, Some(16.0), "four steps through mud at 4 each");
}
