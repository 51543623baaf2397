//! The huge random board the HPA* examples measure on (`huge`, `levels`): the same seed, the
//! same board, so their numbers compare.

use cubepath_search::grid::{Cell, Grid};

/// A xorshift generator: the examples' random walls and queries.
pub struct Xs(pub u64);

impl Xs {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// An `n` x `n` board with about `percent` % of its cells walled, from the fixed seed, and the
/// generator as it is after (for the queries).
pub fn random_board(n: usize, percent: usize) -> (Grid, Xs) {
    let mut grid = Grid::new(n, n).unwrap();
    let mut rng = Xs(0x9E37_79B9_7F4A_7C15);
    for y in 0..n {
        for x in 0..n {
            if rng.below(100) < percent {
                grid.set(x, y, Cell::Blocked).unwrap();
            }
        }
    }
    (grid, rng)
}
