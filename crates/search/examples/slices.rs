//! How long a frame's slice of a long search takes: A* corner to corner on a 4096 x 4096 board
//! (10 % walls, from a fixed xorshift seed), whole and in slices of 10,000, 20,000 (the Bevy
//! plugin's default budget a frame) and 200,000 expansions, three rounds; each sliced search
//! must end at the whole search's cost.
//!
//!     cargo run --release -p cubepath-search --example slices
use cubepath_search::{grid::*, search::*};
use std::time::Instant;
fn main() {
    let n = 4096;
    let mut grid = Grid::new(n, n).unwrap();
    let mut x: u64 = 0x9E3779B97F4A7C15;
    for y in 0..n {
        for c in 0..n {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            if x.is_multiple_of(10) && (c, y) != (0, 0) && (c, y) != (n - 1, n - 1) {
                grid.set(c, y, Cell::Blocked).unwrap();
            }
        }
    }
    let options = SearchOptions::default();
    let mut s = Searcher::default();
    for round in 0..3 {
        let t = Instant::now();
        let whole = s.search(&grid, (0, 0), (n - 1, n - 1), &options).unwrap();
        let whole_t = t.elapsed();
        print!("round {round}: whole A* {:.0} ms, {} expansions;", whole_t.as_secs_f64() * 1e3, whole.expanded);
        for budget in [10_000usize, 20_000, 200_000] {
            let mut search = s.start(&grid, (0, 0), (n - 1, n - 1), &options).unwrap();
            let (mut worst, mut slices, mut total) = (0f64, 0, 0f64);
            loop {
                let t = Instant::now();
                let done = s.advance(&grid, &mut search, budget).unwrap();
                let ms = t.elapsed().as_secs_f64() * 1e3;
                worst = worst.max(ms);
                total += ms;
                slices += 1;
                if done {
                    assert_eq!(search.result().unwrap().cost, whole.cost);
                    break;
                }
            }
            print!(" budget {budget}: {slices} frames, worst slice {worst:.1} ms, total {total:.0} ms;");
        }
        println!();
    }
}
