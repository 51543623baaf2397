//! What the plugin costs over calling the engine: 1,000 path requests on a 128 x 128 board with
//! 20 % barriers, answered through components (`PathRequest` inserted on 1,000 entities, one
//! `app.update()` with an unlimited budget) against the same 1,000 searches called directly on
//! one `Searcher`, their results kept (as a game keeps its agents' paths) in place of the last
//! round's. Rounds alternate between the two so both see the same machine state; the ratio of
//! each round and their spread are printed.
//!
//!     cargo bench -p bevy_cubepath --bench requests

use std::hint::black_box;
use std::time::{Duration, Instant};

use bevy::prelude::*;
use bevy_cubepath::prelude::*;
use cubepath_search::{grid::Cell, search::Searcher};

const SIDE: usize = 128;
const REQUESTS: usize = 1_000;
const ROUNDS: usize = 21;

/// A seeded board and 1,000 pairs of free cells.
fn problems() -> (Grid, Vec<(Pos, Pos)>) {
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let mut grid = Grid::new(SIDE, SIDE).unwrap();
    for y in 0..SIDE {
        for x in 0..SIDE {
            if next() % 100 < 20 {
                grid.set(x, y, Cell::Blocked).unwrap();
            }
        }
    }
    let free: Vec<Pos> = grid.cells().filter(|(_, c)| c.is_passable()).map(|(p, _)| p).collect();
    let pairs = (0..REQUESTS).map(|_| (free[next() as usize % free.len()], free[next() as usize % free.len()])).collect();
    (grid, pairs)
}

fn main() {
    let (grid, pairs) = problems();
    let options = SearchOptions::default();
    let mut searcher = Searcher::default();
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, CubepathPlugin)).insert_resource(PathBudget {
        searches: usize::MAX,
        expansions: usize::MAX,
        preparation: usize::MAX,
    });
    app.world_mut().spawn(NavGrid::new(grid.clone()).with_options(options));
    let askers: Vec<Entity> = (0..REQUESTS).map(|_| app.world_mut().spawn_empty().id()).collect();
    app.update();
    let mut kept: Vec<Option<cubepath_search::search::SearchResult>> = vec![None; REQUESTS];
    let mut direct = |searcher: &mut Searcher| {
        let t = Instant::now();
        for (slot, &(a, b)) in kept.iter_mut().zip(&pairs) {
            *slot = Some(searcher.search(&grid, a, b, &options).unwrap());
        }
        let elapsed = t.elapsed();
        (elapsed, black_box(kept.iter().map(|r| r.as_ref().and_then(|r| r.cost).unwrap_or(0.0)).sum::<f64>()))
    };
    let through = |app: &mut App| {
        let t = Instant::now();
        for (&e, &(a, b)) in askers.iter().zip(&pairs) {
            app.world_mut().entity_mut(e).insert(PathRequest::new(a, b));
        }
        app.update();
        let elapsed = t.elapsed();
        let total: f64 = askers.iter().map(|&e| app.world().get::<PathAnswer>(e).unwrap().result.as_ref().map_or(0.0, |p| p.cost)).sum();
        (elapsed, total)
    };
    // warm both up, and check they agree
    let (_, a) = direct(&mut searcher);
    let (_, b) = through(&mut app);
    assert!((a - b).abs() < 1e-6, "the answers differ: {a} against {b}");
    let mut ratios = Vec::new();
    let (mut td, mut tc) = (Duration::ZERO, Duration::ZERO);
    for _ in 0..ROUNDS {
        let (d, _) = direct(&mut searcher);
        let (c, _) = through(&mut app);
        td += d;
        tc += c;
        ratios.push(c.as_secs_f64() / d.as_secs_f64());
    }
    ratios.sort_by(f64::total_cmp);
    println!(
        "{REQUESTS} requests on {SIDE} x {SIDE} (20 % barriers), {ROUNDS} rounds: direct {:.1} ms, through components {:.1} ms a round",
        td.as_secs_f64() * 1e3 / ROUNDS as f64,
        tc.as_secs_f64() * 1e3 / ROUNDS as f64
    );
    println!("components / direct: median {:.3}, min {:.3}, max {:.3}", ratios[ROUNDS / 2], ratios[0], ratios[ROUNDS - 1]);
}
