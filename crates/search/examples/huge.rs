//! HPA* on a huge board against A*: a 4096 x 4096 board with 20 % walls (a fixed xorshift
//! seed; pass another percentage or side as arguments), the hierarchy's build time and bytes,
//! 20 queries between random open cells (HPA* with its abstract search unweighted and with the
//! default weight, and A*: times, abstract nodes expanded, and HPA*'s cost over A*'s), and 50
//! one-cell edits each followed by the hierarchy's update (its time): 25 random open cells
//! walled, each opened again after (`EDITS=N` in the environment for another count;
//! `CLUSTER=N` for clusters of another side; `W1=W` and `WEIGHT=W` for other weights than 1
//! and the default); then what a snapshot of the grid for tasks
//! costs, copied whole and refreshed in place after a one-cell edit. `STEPS=N` builds the
//! hierarchy again a step of N cells' worth at a time ([`Hierarchy::build_in_steps`]) and
//! reports the steps, the longest and the time in all, and the same for the grid's connected
//! components ([`Components::label_in_steps`]). `PROFILE=N` runs N HPA* queries alone; with
//! `SLICE=M` each in slices of M abstract expansions ([`Searcher::advance`]), the longest
//! slices timed.
//!
//!     cargo run --release -p cubepath-search --example huge [-- SIDE PERCENT]
#[path = "shared/board.rs"]
mod board;
use board::{Xs, random_board};
use cubepath_search::{grid::*, search::*};
use std::time::Instant;

fn main() {
    let args: Vec<usize> = std::env::args().skip(1).map(|a| a.parse().expect("SIDE PERCENT")).collect();
    let (n, percent) = (args.first().copied().unwrap_or(4096), args.get(1).copied().unwrap_or(20));
    let (mut grid, mut rng) = random_board(n, percent);
    let side = std::env::var("CLUSTER").ok().and_then(|v| v.parse().ok()).unwrap_or(Hierarchy::side_for(&grid));
    let t = Instant::now();
    let mut h = Hierarchy::build(&grid, side).unwrap();
    println!(
        "{n} x {n}, {percent} % walls: clusters of {side}, built in {:.0} ms, {} nodes, {:.1} MB",
        t.elapsed().as_secs_f64() * 1e3,
        h.node_count(),
        h.bytes() as f64 / 1e6
    );
    // STEPS=N: the same build a step of N cells' worth at a time, as a game's frames spread it
    if let Some(work) = std::env::var("STEPS").ok().and_then(|v| v.parse::<usize>().ok()) {
        let (t, mut steps, mut longest, mut spent) = (Instant::now(), 0, 0f64, 0);
        let mut build = Hierarchy::build_in_steps(&grid, side).unwrap();
        while !build.is_done() {
            let s = Instant::now();
            spent += build.advance(&grid, work).unwrap();
            longest = longest.max(s.elapsed().as_secs_f64() * 1e3);
            steps += 1;
        }
        let stepped = build.into_hierarchy().unwrap();
        assert_eq!(stepped.node_count(), h.node_count());
        println!(
            "in steps of {work}: {steps} steps, the longest {longest:.2} ms, {:.0} ms in all (one thread), {:.1} ns a cell of work counted ({spent} in all)",
            t.elapsed().as_secs_f64() * 1e3,
            t.elapsed().as_secs_f64() * 1e9 / spent as f64
        );
        let (t, mut steps, mut longest, mut spent) = (Instant::now(), 0, 0f64, 0);
        let mut labelling = Components::label_in_steps(&grid, Topology::default());
        while !labelling.is_done() {
            let s = Instant::now();
            spent += labelling.advance(&grid, work);
            longest = longest.max(s.elapsed().as_secs_f64() * 1e3);
            steps += 1;
        }
        let all = t.elapsed().as_secs_f64() * 1e3;
        let parts = labelling.into_components().unwrap();
        assert_eq!(parts.count(), Components::new(&grid, Topology::default()).count());
        println!("components in steps of {work}: {steps} steps, the longest {longest:.2} ms, {all:.0} ms in all ({spent} cells of work)");
        let t = Instant::now();
        let _ = Components::new(&grid, Topology::default());
        println!("components at once: {:.0} ms", t.elapsed().as_secs_f64() * 1e3);
    }
    let open = |rng: &mut Xs, grid: &Grid| loop {
        let p = (rng.below(n), rng.below(n));
        if grid.is_passable(p.0, p.1) {
            return p;
        }
    };
    // PROFILE=N: only N queries of HPA* at the default weight, timed together (for a profiler)
    if let Some(count) = std::env::var("PROFILE").ok().and_then(|v| v.parse::<usize>().ok()) {
        // SLICE=N too: each query in slices of N abstract expansions, the longest slice timed
        if let Some(n) = std::env::var("SLICE").ok().and_then(|v| v.parse::<usize>().ok()) {
            let mut searcher = Searcher::default();
            searcher.keep_hierarchy(std::sync::Arc::new(h.clone()));
            let options = SearchOptions { algorithm: Algorithm::Hpa, ..SearchOptions::default() };
            let (mut longest, mut slices) = (0f64, 0);
            let (mut first, mut last) = (Vec::new(), Vec::new());
            for _ in 0..count {
                let (a, b) = (open(&mut rng, &grid), open(&mut rng, &grid));
                let t = Instant::now();
                let mut search = searcher.start(&grid, a, b, &options).unwrap();
                first.push(t.elapsed().as_secs_f64() * 1e3);
                loop {
                    let t = Instant::now();
                    let done = searcher.advance(&grid, &mut search, n).unwrap();
                    let ms = t.elapsed().as_secs_f64() * 1e3;
                    slices += 1;
                    if done {
                        last.push(ms);
                        break;
                    }
                    longest = longest.max(ms);
                }
            }
            // the first query's begin grows the scratch to the hierarchy's nodes: reported apart
            let grown = first.remove(0);
            let at = |v: &mut Vec<f64>, q: f64| {
                v.sort_by(f64::total_cmp);
                v[((v.len() - 1) as f64 * q).round() as usize]
            };
            println!(
                "{count} HPA* queries in slices of {n}: {:.1} slices a query; begin median {:.2} ms, worst {:.2} (the first, growing the scratch: {grown:.2}); a slice before the last at most {longest:.2} ms; the last (refined, smoothed) median {:.2}, worst {:.2} ms",
                slices as f64 / count as f64,
                at(&mut first, 0.5),
                at(&mut first, 1.0),
                at(&mut last, 0.5),
                at(&mut last, 1.0)
            );
            return;
        }
        let t = Instant::now();
        let mut cells = 0;
        for _ in 0..count {
            let (a, b) = (open(&mut rng, &grid), open(&mut rng, &grid));
            cells += h.find(&grid, a, b).unwrap().map_or(0, |p| p.cells.len());
        }
        println!(
            "{count} HPA* queries: {:.2} ms a query, {} path cells a query",
            t.elapsed().as_secs_f64() * 1e3 / count as f64,
            cells / count
        );
        return;
    }
    let (mut s, options) = (Searcher::default(), SearchOptions::default());
    // one search first, outside the timed ones: a searcher's first search on a grid finds its
    // connected components (about a second here), which no later query pays again
    let warm = (open(&mut rng, &grid), open(&mut rng, &grid));
    let t = Instant::now();
    s.search(&grid, warm.0, warm.1, &options).unwrap();
    println!("A*'s first search (with the grid's components): {:.0} ms", t.elapsed().as_secs_f64() * 1e3);
    let weights = [
        std::env::var("W1").ok().and_then(|v| v.parse().ok()).unwrap_or(1.0),
        std::env::var("WEIGHT").ok().and_then(|v| v.parse().ok()).unwrap_or(DEFAULT_WEIGHT),
    ];
    let (mut th, mut ta) = ([Vec::new(), Vec::new()], Vec::new());
    let (mut ratios, mut expanded) = ([Vec::new(), Vec::new()], [0, 0]);
    for _ in 0..20 {
        let (a, b) = (open(&mut rng, &grid), open(&mut rng, &grid));
        let t = Instant::now();
        let best = s.search(&grid, a, b, &options).unwrap();
        ta.push(t.elapsed().as_secs_f64() * 1e3);
        for (k, &w) in weights.iter().enumerate() {
            h.set_weight(w).unwrap();
            let t = Instant::now();
            let hp = h.find(&grid, a, b).unwrap();
            th[k].push(t.elapsed().as_secs_f64() * 1e3);
            match (hp, best.cost) {
                (Some(p), Some(c)) => {
                    ratios[k].push(p.cost / c);
                    expanded[k] += p.abstract_expanded;
                }
                (None, None) => {}
                _ => panic!("HPA* and A* disagree on reachability from {a:?} to {b:?}"),
            }
        }
    }
    let mean = |v: &[f64]| v.iter().sum::<f64>() / v.len() as f64;
    let worst = |v: &[f64]| v.iter().cloned().fold(0.0, f64::max);
    println!("20 queries: A* mean {:.1} ms (worst {:.1})", mean(&ta), worst(&ta));
    for (k, w) in weights.iter().enumerate() {
        println!(
            "  HPA* weight {w}: mean {:.1} ms (worst {:.1}), {:.1}x A*; {} abstract nodes expanded a query found; cost over A*'s mean {:.4}, worst {:.4}",
            mean(&th[k]),
            worst(&th[k]),
            mean(&ta) / mean(&th[k]),
            expanded[k] / ratios[k].len().max(1),
            mean(&ratios[k]),
            worst(&ratios[k])
        );
    }
    // edits in pairs: a random open cell walled, then opened again (each followed by an update)
    let edits = std::env::var("EDITS").ok().and_then(|v| v.parse().ok()).unwrap_or(50usize).max(2) / 2 * 2;
    let (mut walled, mut opened) = (Vec::new(), Vec::new());
    for _ in 0..edits / 2 {
        let p = open(&mut rng, &grid);
        for (cell, times) in [(Cell::Blocked, &mut walled), (Cell::Ground(1), &mut opened)] {
            grid.set(p.0, p.1, cell).unwrap();
            let t = Instant::now();
            h.update(&grid).unwrap();
            times.push(t.elapsed().as_secs_f64() * 1e3);
        }
    }
    // what a task's snapshot of the grid costs the thread that takes it: a new copy, and an
    // older one brought up to date in place after a one-cell edit
    let (mut copied, mut refreshed) = (Vec::new(), Vec::new());
    let mut kept = grid.snapshot();
    for _ in 0..5 {
        let p = open(&mut rng, &grid);
        grid.set(p.0, p.1, Cell::Blocked).unwrap();
        let t = Instant::now();
        assert!(grid.refresh(&mut kept));
        refreshed.push(t.elapsed().as_secs_f64() * 1e3);
        let t = Instant::now();
        let copy = grid.snapshot();
        copied.push(t.elapsed().as_secs_f64() * 1e3);
        drop(copy);
        grid.set(p.0, p.1, Cell::Ground(1)).unwrap();
    }
    println!(
        "a snapshot for tasks: copied {:.2} ms at worst, refreshed in place after one edit {:.4} ms at worst (5 each)",
        worst(&copied),
        worst(&refreshed)
    );
    for (what, times) in [("walled", &mut walled), ("opened", &mut opened)] {
        times.sort_by(f64::total_cmp);
        let at = |q: f64| times[((times.len() - 1) as f64 * q).round() as usize];
        println!(
            "{} cells {what}: update median {:.2} ms, 99th percentile {:.2} ms, worst {:.2} ms",
            times.len(),
            at(0.5),
            at(0.99),
            at(1.0)
        );
    }
}
