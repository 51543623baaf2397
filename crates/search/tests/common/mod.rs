//! What the engine's test files share.

use cubepath_search::grid::{Cell, Grid, random_grid};

/// A seeded source of numbers in [0, 1) (xorshift: the same numbers for the same seed
/// everywhere).
pub fn unit_source(seed: u64) -> impl FnMut() -> f64 {
    let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state >> 11) as f64 / (1u64 << 53) as f64
    }
}

/// A seeded random grid (as `cubepath crowd random:WxH:PCT` makes them).
pub fn seeded_grid(w: usize, h: usize, density: f64, seed: u64) -> Grid {
    random_grid(w, h, density, &mut unit_source(seed)).unwrap()
}

/// A `w` x `h` grid whose cells are blocked where `cells` (row by row) says so: the boards
/// proptest draws.
#[allow(dead_code)] // not every test file draws boards
pub fn board_of(w: usize, h: usize, cells: &[bool]) -> Grid {
    let mut grid = Grid::new(w, h).unwrap();
    for (k, &blocked) in cells.iter().enumerate() {
        if blocked {
            grid.set(k % w, k / w, Cell::Blocked).unwrap();
        }
    }
    grid
}
