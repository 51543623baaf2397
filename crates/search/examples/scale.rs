//! Voxel worlds at the scale of real game levels: what they cost in memory and how fast A* and
//! 3D JPS answer on them. For each world kind made for that scale (storeys, terrain, plant;
//! [`WorldKind::AT_SCALE`]) at 400 x 300 x 500 voxels (60 million; pass another size, and the
//! kinds, as arguments), it prints the solid share and the time to make the world, then runs
//! `QUERIES` (default 20) seeded problems between random free voxels beside solid ones (where
//! a game's units stand and go) with fly-26 moves, A*
//! and 3D JPS on one searcher each, their costs checked equal, and prints the first query's
//! time (it labels the world's connected parts), the mean and longest time a query after it,
//! and the process's resident memory: now, and at its peak so far (`VmRSS`, `VmHWM`).
//! `ALGO=astar` or `ALGO=jps` runs one of them alone, so that the peak is its own.
//! `EDITS=N` then blocks N such voxels one at a time and frees each again, asking after each
//! edit whether a problem's ends reach each other: the median and worst time of those asks
//! (the world's connected parts following the edit) against labelling the world whole.
//!
//!     cargo run --release -p cubepath-search --example scale [-- 400x300x500 storeys,terrain,plant]
use cubepath_search::{search::*, world::*};
use std::time::Instant;

/// The process's resident memory now and at its peak, in MB (Linux; zeros elsewhere).
fn resident() -> (f64, f64) {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let read = |key: &str| {
        status.lines().find(|l| l.starts_with(key)).and_then(|l| l.split_whitespace().nth(1)?.parse::<f64>().ok()).unwrap_or(0.0) / 1e3
    };
    (read("VmRSS:"), read("VmHWM:"))
}

/// A xorshift generator for the problems.
struct Xs(u64);

impl Xs {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let size: Vec<usize> = args.first().map_or("400x300x500", String::as_str).split('x').map(|v| v.parse().expect("WxHxD")).collect();
    let size = (size[0], size[1], size[2]);
    let kinds: Vec<WorldKind> = match args.get(1) {
        Some(list) => list.split(',').map(|k| k.parse().expect("a world kind")).collect(),
        None => WorldKind::AT_SCALE.to_vec(),
    };
    let queries: usize = std::env::var("QUERIES").ok().and_then(|v| v.parse().ok()).unwrap_or(20);
    let only = std::env::var("ALGO").ok();
    let runs: Vec<(&str, Algorithm)> = [("astar", Algorithm::AStar), ("jps", Algorithm::Jps)]
        .into_iter()
        .filter(|(name, _)| only.as_deref().is_none_or(|o| o == *name))
        .collect();
    for kind in kinds {
        let t = Instant::now();
        let mut world = generate_world(kind, size, 1).unwrap();
        let made = t.elapsed().as_secs_f64();
        let (rss, _) = resident();
        println!(
            "{kind} {} x {} x {}: {} voxels, {:.2} % solid, made in {made:.2} s; resident {rss:.0} MB",
            size.0,
            size.1,
            size.2,
            world.len(),
            100.0 * world.blocked_count() as f64 / world.len() as f64
        );
        // each end a free voxel beside a solid one (where a game's units stand and go: on
        // floors and ground, along walls and pipes), not anywhere in the open air
        let mut rng = Xs(0x9E37_79B9_7F4A_7C15);
        let mut free = || loop {
            let p = (rng.below(size.0), rng.below(size.1), rng.below(size.2));
            if !world.is_blocked(p) {
                continue;
            }
            let q = (p.0 + rng.below(3), (p.1 + rng.below(3)).wrapping_sub(1), (p.2 + rng.below(3)).wrapping_sub(1));
            if world.is_free(q) {
                return q;
            }
        };
        let problems: Vec<(Pos3, Pos3)> = (0..queries).map(|_| (free(), free())).collect();
        let edits: Vec<Pos3> = (0..std::env::var("EDITS").ok().and_then(|v| v.parse().ok()).unwrap_or(0)).map(|_| free()).collect();
        let mut costs: Vec<Option<f64>> = Vec::new();
        for (name, algorithm) in &runs {
            let mut searcher = Searcher::default();
            let options = VoxelOptions { algorithm: *algorithm, ..Default::default() };
            // the first search labels the world's connected parts: timed alone
            let t = Instant::now();
            searcher.search_world(&world, problems[0].0, problems[0].1, &options).unwrap();
            let first = t.elapsed().as_secs_f64();
            let (mut time, mut expanded, mut longest, mut improved) = (0.0, 0, 0f64, 0);
            for (k, &(a, b)) in problems.iter().enumerate() {
                let t = Instant::now();
                let r = searcher.search_world(&world, a, b, &options).unwrap();
                time += t.elapsed().as_secs_f64();
                longest = longest.max(t.elapsed().as_secs_f64());
                expanded += r.expanded;
                improved += r.improved;
                match costs.get(k) {
                    None => costs.push(r.cost),
                    Some(&c) => {
                        let same = match (c, r.cost) {
                            (Some(x), Some(y)) => (x - y).abs() < 1e-9,
                            (x, y) => x.is_none() && y.is_none(),
                        };
                        assert!(same, "{kind}: {a:?} to {b:?}: {name} {:?} against {:?}", r.cost, c);
                    }
                }
            }
            let (rss, peak) = resident();
            println!(
                "  {name:5}: first query {:.0} ms; then {:.2} ms a query (longest {:.1}), {} expanded and {} improved a query; resident {rss:.0} MB, peak {peak:.0} MB",
                1e3 * first,
                1e3 * time / queries as f64,
                1e3 * longest,
                expanded / queries,
                improved / queries
            );
        }
        if !edits.is_empty() {
            follow_edits(&mut world, &problems, &edits);
        }
    }
}

/// Blocks each of `edits` and frees it again, timing the ask after each edit of whether a
/// problem's ends reach each other (the parts following the edit); prints the median and worst
/// against the world labelled whole.
fn follow_edits(world: &mut VoxelGrid, problems: &[(Pos3, Pos3)], edits: &[Pos3]) {
    let mut searcher = Searcher::default();
    let (a, b) = problems[0];
    let t = Instant::now();
    searcher.reachable_in_world(world, a, b, VoxelMoves::Fly26);
    let whole = t.elapsed().as_secs_f64() * 1e3;
    let mut times = Vec::new();
    for (k, &p) in edits.iter().enumerate() {
        let (a, b) = problems[k % problems.len()];
        for blocked in [true, false] {
            world.set_blocked(p, blocked).unwrap();
            let t = Instant::now();
            searcher.reachable_in_world(world, a, b, VoxelMoves::Fly26);
            times.push(t.elapsed().as_secs_f64() * 1e3);
        }
    }
    times.sort_by(f64::total_cmp);
    println!(
        "  parts after {} edits: median {:.3} ms, worst {:.3} ms (labelled whole {whole:.1} ms)",
        times.len(),
        times[times.len() / 2],
        times[times.len() - 1]
    );
    // a wall across the world with one hole (labelled whole: too many voxels to follow), then
    // the hole shut: the world cut in two by one voxel
    let (w, h, d) = (world.width(), world.height(), world.depth());
    for z in 0..d {
        for y in 0..h {
            world.set_blocked((w / 2, y, z), (y, z) != (h / 2, d / 2)).unwrap();
        }
    }
    searcher.reachable_in_world(world, a, b, VoxelMoves::Fly26);
    world.set_blocked((w / 2, h / 2, d / 2), true).unwrap();
    let t = Instant::now();
    let apart = !searcher.reachable_in_world(world, (0, 0, 0), (w - 1, 0, 0), VoxelMoves::Fly26);
    println!("  the world cut in two by one voxel: {:.1} ms (apart: {apart})", t.elapsed().as_secs_f64() * 1e3);
}
