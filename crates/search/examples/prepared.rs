//! The subgoal graph on Moving AI files against JPS+: per map its preparation (time, subgoals,
//! edges, shortcuts, bytes) and the total query time over every problem of its scenario for
//! JPS+ and the subgoal graph, each answer checked against the file's stated length.
//!
//!     cargo run --release -p cubepath-search --example prepared -- MAP...   (MAP.scen beside each)
//!
//! BUILDINGS=N puts N buildings of 20 x 20 cells, each repaired as one burst, then takes them
//! away again (median and worst repair of each), the answers checked against a fresh
//! preparation.
//!
//! REPAIRS=N then toggles N seeded cells one at a time, repairing the preparation after each
//! (median and worst repair against one preparation from scratch), and times the scenario's
//! queries on the edited map against JPS+ (each answer checked against JPS+'s cost).
//!
//! REFRESH=1 with REPAIRS prepares the map again whenever a repair leaves it worn past
//! [`WORN`] (as a game would off the frame, its edits meanwhile repaired into the new one):
//! those preparations are counted and timed apart from the repairs.
use cubepath_search::files::{Problem, load_map, load_scen};
use cubepath_search::grid::{Cell, Grid};
use cubepath_search::search::*;
use std::path::Path;
use std::time::Instant;

fn main() {
    // SUBGOAL_ONLY=1 races the subgoal graph against itself (for profiling it alone)
    let subgoal_only = std::env::var_os("SUBGOAL_ONLY").is_some();
    for map in std::env::args().skip(1) {
        let grid = load_map(Path::new(&map)).unwrap_or_else(|e| panic!("{map}: {e}"));
        let problems = load_scen(Path::new(&format!("{map}.scen"))).unwrap_or_else(|e| panic!("{map}.scen: {e}"));
        let t = Instant::now();
        let prepared = prepare(&grid).expect("a plain board");
        let prep = t.elapsed().as_secs_f64() * 1e3;
        let file = prepared.to_bytes();
        let t = Instant::now();
        let read = Prepared::from_bytes(&file, &grid).expect("its own file reads back");
        let reading = t.elapsed().as_secs_f64() * 1e3;
        assert!(read.to_bytes() == file, "{map}: the file read back writes other bytes");
        let cells = (grid.width() * grid.height()) as f64;
        let mut s = Searcher::default();
        let options = SearchOptions { algorithm: Algorithm::JpsPlus, ..Default::default() };
        s.search(&grid, problems[0].start, problems[0].goal, &options).unwrap();
        let mut times = [0.0f64; 2];
        let mut expanded = 0;
        let passes: usize = std::env::var("PASSES").ok().and_then(|p| p.parse().ok()).unwrap_or(3);
        for _ in 0..passes {
            // each column over every problem in turn, as `cubepath bench` runs an algorithm
            let mut run = [0.0f64; 2];
            for (k, name) in ["jps+", "subgoal"].into_iter().enumerate() {
                for p in &problems {
                    let t = Instant::now();
                    let r = if k == 0 && !subgoal_only {
                        s.search(&grid, p.start, p.goal, &options).unwrap()
                    } else {
                        prepared.search(&grid, p.start, p.goal, &mut s).unwrap()
                    };
                    run[k] += t.elapsed().as_secs_f64();
                    if k == 1 {
                        expanded += r.expanded;
                    }
                    assert!(p.matches(r.cost.unwrap_or(f64::NAN)), "{map}: {name} {:?} -> {:?}: {:?}", p.start, p.goal, r.cost);
                }
            }
            for k in 0..2 {
                times[k] = if times[k] == 0.0 { run[k] } else { times[k].min(run[k]) };
            }
        }
        println!(
            "{map}: {} problems; prep {prep:.0} ms, {} subgoals, {} edges, {} shortcuts, {} bytes; file {} bytes ({:.2} a cell), read in {reading:.0} ms; jps+ {:.2} ms, subgoal {:.2} ms ({:.1}x), {:.1} expanded per query",
            problems.len(),
            prepared.subgoals(),
            prepared.edges(),
            prepared.shortcuts(),
            prepared.bytes(),
            file.len(),
            file.len() as f64 / cells,
            times[0] * 1e3,
            times[1] * 1e3,
            times[0] / times[1],
            expanded as f64 / passes as f64 / problems.len() as f64
        );
        if let Some(n) = std::env::var("BUILDINGS").ok().and_then(|n| n.parse().ok()) {
            // a copy of the grid is another grid: prepared for it first
            let copy = grid.clone();
            let own = prepare(&copy).expect("a plain board");
            buildings(&map, copy, own, n);
        }
        if let Some(n) = std::env::var("REPAIRS").ok().and_then(|n| n.parse().ok()) {
            repairs(&map, grid, prepared, &problems, n, prep);
        }
    }
}

/// Puts `n` buildings of 20 x 20 blocked cells at seeded places of `grid`, each repaired as one
/// burst, then takes them away again in reverse, each repaired as one; prints the median and
/// worst repair of each kind, and checks the map at the end against a fresh preparation.
fn buildings(map: &str, mut grid: Grid, mut prepared: Prepared, n: usize) {
    let mut draw = xorshift(0x2545_f491_4f6c_dd1d);
    let mut next = move |m: usize| (draw() % m as u64) as usize;
    let mut placed = Vec::new();
    let mut times = [Vec::new(), Vec::new()];
    for _ in 0..n {
        let (x0, y0) = (next(grid.width() - 20), next(grid.height() - 20));
        let cells: Vec<(usize, usize, Cell)> =
            (y0..y0 + 20).flat_map(|y| (x0..x0 + 20).map(move |x| (x, y))).map(|(x, y)| (x, y, grid.get(x, y).unwrap())).collect();
        for &(x, y, _) in &cells {
            grid.set(x, y, Cell::Blocked).unwrap();
        }
        let t = Instant::now();
        prepared = prepared.repair(&grid).expect("a plain board");
        times[0].push(t.elapsed().as_secs_f64() * 1e3);
        placed.push(cells);
    }
    for cells in placed.iter().rev() {
        for &(x, y, cell) in cells {
            grid.set(x, y, cell).unwrap();
        }
        let t = Instant::now();
        prepared = prepared.repair(&grid).expect("a plain board");
        times[1].push(t.elapsed().as_secs_f64() * 1e3);
    }
    let fresh = prepare(&grid).expect("a plain board");
    let mut s = Searcher::default();
    for k in 0..200 {
        let (a, b) = ((next(grid.width()), next(grid.height())), (next(grid.width()), next(grid.height())));
        if grid.is_passable(a.0, a.1) && grid.is_passable(b.0, b.1) {
            let (got, want) = (prepared.search(&grid, a, b, &mut s).unwrap().cost, fresh.search(&grid, a, b, &mut s).unwrap().cost);
            assert!(got.zip(want).is_none_or(|(g, w)| (g - w).abs() < 1e-6) && got.is_some() == want.is_some(), "{map}: query {k}");
        }
    }
    let [put, taken] = times.map(|mut t| {
        t.sort_by(f64::total_cmp);
        (t[t.len() / 2], t[t.len() - 1])
    });
    println!(
        "{map}: {n} buildings of 20 x 20 put, each repaired as one: median {:.3} ms, worst {:.3} ms; taken away again: median {:.3} ms, worst {:.3} ms",
        put.0, put.1, taken.0, taken.1
    );
}

/// Toggles `n` seeded cells of `grid` one at a time, repairing `prepared` after each, then
/// times the problems' queries on the edited map, repaired against JPS+.
fn repairs(map: &str, mut grid: Grid, mut prepared: Prepared, problems: &[Problem], n: usize, prep: f64) {
    let mut next = xorshift(0x9e37_79b9_7f4a_7c15);
    let mut times = Vec::with_capacity(n);
    let refresh = std::env::var_os("REFRESH").is_some();
    let mut afresh = Vec::new();
    for _ in 0..n {
        let (x, y) = (next() as usize % grid.width(), next() as usize % grid.height());
        let cell = if grid.is_passable(x, y) { Cell::Blocked } else { Cell::FLOOR };
        grid.set(x, y, cell).unwrap();
        let t = Instant::now();
        prepared = prepared.repair(&grid).expect("a plain board");
        times.push(t.elapsed().as_secs_f64() * 1e3);
        if refresh && prepared.is_worn() {
            let t = Instant::now();
            prepared = prepared.afresh();
            afresh.push(t.elapsed().as_secs_f64() * 1e3);
        }
    }
    if refresh {
        afresh.sort_by(f64::total_cmp);
        let median = afresh.get(afresh.len() / 2).copied().unwrap_or(0.0);
        println!("{map}: worn past {WORN} {} times, each prepared again off the frame (median {median:.1} ms)", afresh.len());
    }
    times.sort_by(f64::total_cmp);
    let (median, worst) = (times[n / 2], times[n - 1]);
    let mut s = Searcher::default();
    let options = SearchOptions { algorithm: Algorithm::JpsPlus, ..Default::default() };
    let open: Vec<&Problem> =
        problems.iter().filter(|p| grid.is_passable(p.start.0, p.start.1) && grid.is_passable(p.goal.0, p.goal.1)).collect();
    let fresh = prepare(&grid).expect("a plain board");
    let mut run = [0.0f64; 3];
    for p in &open {
        let t = Instant::now();
        fresh.search(&grid, p.start, p.goal, &mut s).unwrap();
        run[2] += t.elapsed().as_secs_f64();
        let t = Instant::now();
        let want = s.search(&grid, p.start, p.goal, &options).unwrap().cost;
        run[0] += t.elapsed().as_secs_f64();
        let t = Instant::now();
        let got = prepared.search(&grid, p.start, p.goal, &mut s).unwrap().cost;
        run[1] += t.elapsed().as_secs_f64();
        assert!(
            got.zip(want).is_none_or(|(g, w)| (g - w).abs() < 1e-6) && got.is_some() == want.is_some(),
            "{map}: {:?} -> {:?}",
            p.start,
            p.goal
        );
    }
    println!(
        "{map}: {n} one-cell toggles repaired: median {median:.3} ms, worst {worst:.3} ms (prepare from scratch {prep:.0} ms); {} repairs, {} of {} subgoals in the core, {} edges, {} shortcuts (from scratch {}); {} queries after: jps+ {:.2} ms, repaired subgoal {:.2} ms ({:.1}x), prepared afresh {:.2} ms{}",
        prepared.repairs(),
        prepared.core_subgoals(),
        prepared.subgoals(),
        prepared.edges(),
        prepared.shortcuts(),
        fresh.shortcuts(),
        open.len(),
        run[0] * 1e3,
        run[1] * 1e3,
        run[0] / run[1],
        run[2] * 1e3,
        if fresh.uses_distance_table() { " (its distance table)" } else { "" }
    );
}

/// A xorshift generator from `seed`: the same edits on every run.
fn xorshift(mut seed: u64) -> impl FnMut() -> u64 {
    move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    }
}
