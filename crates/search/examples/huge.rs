//! HPA* on a huge board against A*: a 4096 x 4096 board with 20 % walls (a fixed xorshift
//! seed; pass another percentage or side as arguments), the hierarchy's build time and bytes,
//! 20 queries between random open cells (HPA* and A*: times, and HPA*'s cost over A*'s), and
//! 50 one-cell edits each followed by the hierarchy's update (its time).
//!
//!     cargo run --release -p cubepath-search --example huge [-- SIDE PERCENT]
use cubepath_search::{grid::*, search::*};
use std::time::Instant;

struct Xs(u64);
impl Xs {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

fn main() {
    let args: Vec<usize> = std::env::args().skip(1).map(|a| a.parse().expect("SIDE PERCENT")).collect();
    let (n, percent) = (args.first().copied().unwrap_or(4096), args.get(1).copied().unwrap_or(20));
    let mut grid = Grid::new(n, n).unwrap();
    let mut rng = Xs(0x9E37_79B9_7F4A_7C15);
    for y in 0..n {
        for x in 0..n {
            if rng.below(100) < percent {
                grid.set(x, y, Cell::Blocked).unwrap();
            }
        }
    }
    let side = Hierarchy::side_for(&grid);
    let t = Instant::now();
    let mut h = Hierarchy::build(&grid, side).unwrap();
    println!(
        "{n} x {n}, {percent} % walls: clusters of {side}, built in {:.0} ms, {} nodes, {:.1} MB",
        t.elapsed().as_secs_f64() * 1e3,
        h.node_count(),
        h.bytes() as f64 / 1e6
    );
    let open = |rng: &mut Xs, grid: &Grid| loop {
        let p = (rng.below(n), rng.below(n));
        if grid.is_passable(p.0, p.1) {
            return p;
        }
    };
    let (mut s, options) = (Searcher::default(), SearchOptions::default());
    let (mut th, mut ta, mut ratios) = (Vec::new(), Vec::new(), Vec::new());
    for _ in 0..20 {
        let (a, b) = (open(&mut rng, &grid), open(&mut rng, &grid));
        let t = Instant::now();
        let hp = h.find(&grid, a, b).unwrap();
        th.push(t.elapsed().as_secs_f64() * 1e3);
        let t = Instant::now();
        let best = s.search(&grid, a, b, &options).unwrap();
        ta.push(t.elapsed().as_secs_f64() * 1e3);
        match (hp, best.cost) {
            (Some(p), Some(c)) => ratios.push(p.cost / c),
            (None, None) => {}
            _ => panic!("HPA* and A* disagree on reachability from {a:?} to {b:?}"),
        }
    }
    let mean = |v: &[f64]| v.iter().sum::<f64>() / v.len() as f64;
    let worst = |v: &[f64]| v.iter().cloned().fold(0.0, f64::max);
    println!(
        "20 queries: HPA* mean {:.1} ms (worst {:.1}), A* mean {:.1} ms (worst {:.1}): {:.1}x; cost over A*'s mean {:.4}, worst {:.4}",
        mean(&th),
        worst(&th),
        mean(&ta),
        worst(&ta),
        mean(&ta) / mean(&th),
        mean(&ratios),
        worst(&ratios)
    );
    let mut tu = Vec::new();
    for k in 0..50 {
        let p = open(&mut rng, &grid);
        grid.set(p.0, p.1, if k % 2 == 0 { Cell::Blocked } else { Cell::Ground(1) }).unwrap();
        let t = Instant::now();
        h.update(&grid).unwrap();
        tu.push(t.elapsed().as_secs_f64() * 1e3);
    }
    tu.sort_by(f64::total_cmp);
    println!("50 one-cell edits: update median {:.2} ms, worst {:.2} ms", tu[25], tu[49]);
}
