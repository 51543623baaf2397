//! bevy_cubepath beside bevy_northstar (0.7, its release for Bevy 0.19), headless: the same
//! board (`SIDE` x `SIDE`, default 1,024, with 20 % of the cells walled by a fixed xorshift
//! seed) and the same `REQUESTS` (default 1,000) requests between random open cells that reach
//! each other, all asked at once, through each plugin as a game would use it. Both move by 8
//! neighbours without cutting corners (northstar's `OrdinalNeighborhood` with its
//! `NoCornerCutting` filter).
//!
//! Printed, one row a contender: what preparing the board took (northstar's `Grid::build`;
//! cubepath's HPA* clusters, built by its first request), the frames until every request was
//! answered, the mean and the longest `app.update()` (wall time, so the work of a frame on
//! the main thread: northstar searches there, 128 agents a frame by default; cubepath in its
//! default slices, or with `PathTasks` on the task pool), the answers, and their mean cost
//! over the optimum, each path costed here by the benchmark's rule (1 a straight step, sqrt 2
//! a diagonal one; northstar's own costs count a diagonal step as 1) after checking that every
//! step is one of the board's moves; the optimum is the engine's A*. Run with
//!
//!     cargo run --release --manifest-path benches/northstar/Cargo.toml
use std::time::{Duration, Instant};

use bevy::prelude::*;
use bevy_cubepath::engine::{
    grid::{Cell, Grid, Pos},
    search::{Algorithm, SearchOptions, Searcher},
};
use bevy_cubepath::prelude::{CubepathPlugin, NavGrid, PathAnswer, PathRequest, PathTasks};
use bevy_northstar::prelude::{
    AgentPos, GridSettingsBuilder, Nav, NextPos, NorthstarPlugin, OrdinalGrid, OrdinalNeighborhood, Path, Pathfind, PathfindingFailed,
    filter::NoCornerCutting,
};

fn env(name: &str, default: usize) -> usize {
    std::env::var(name).ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

/// The board: `side` x `side`, 20 % walled.
fn board(side: usize) -> Grid {
    let mut grid = Grid::new(side, side).unwrap();
    let mut x = 0x9E37_79B9_7F4A_7C15u64;
    for cy in 0..side {
        for cx in 0..side {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            if x % 100 < 20 {
                grid.set(cx, cy, Cell::Blocked).unwrap();
            }
        }
    }
    grid
}

/// `count` pairs of open cells that reach each other.
fn pairs(grid: &Grid, count: usize) -> Vec<(Pos, Pos)> {
    let mut searcher = Searcher::default();
    let mut x = 0x2545_F491_4F6C_DD1Du64;
    let mut next = move || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    };
    let side = grid.width() as u64;
    let mut out = Vec::with_capacity(count);
    while out.len() < count {
        let a = ((next() % side) as usize, (next() % side) as usize);
        let b = ((next() % side) as usize, (next() % side) as usize);
        if a != b && grid.is_passable(a.0, a.1) && grid.is_passable(b.0, b.1) && searcher.reachable(grid, a, b, Default::default()) {
            out.push((a, b));
        }
    }
    out
}

/// A path's cost by the benchmark's rule, or `None` when a step is not one of its moves.
fn cost_by_rules(grid: &Grid, cells: &[Pos]) -> Option<f64> {
    let open = |(x, y): Pos| grid.is_passable(x, y);
    let mut cost = 0.0;
    for s in cells.windows(2) {
        let (a, b) = (s[0], s[1]);
        let (dx, dy) = (a.0.abs_diff(b.0), a.1.abs_diff(b.1));
        let legal = open(b) && dx <= 1 && dy <= 1 && dx + dy > 0 && (dx + dy == 1 || (open((a.0, b.1)) && open((b.0, a.1))));
        if !legal {
            return None;
        }
        cost += if dx + dy == 2 { std::f64::consts::SQRT_2 } else { 1.0 };
    }
    Some(cost)
}

/// What one contender did.
struct Report {
    name: &'static str,
    prepare: Duration,
    frames: usize,
    all: Duration,
    mean: Duration,
    longest: Duration,
    answered: usize,
    illegal: usize,
    ratio: f64,
}

/// Updates `app` until `done` says every request is answered (a millisecond between frames);
/// the frames' wall times, and the time from the first frame to the answer.
fn frames(app: &mut App, done: impl Fn(&mut App) -> bool) -> (Vec<Duration>, Duration) {
    let (start, mut times) = (Instant::now(), Vec::new());
    while !done(app) {
        let t = Instant::now();
        app.update();
        times.push(t.elapsed());
        assert!(times.len() < 100_000, "never answered");
        std::thread::sleep(Duration::from_millis(1));
    }
    (times, start.elapsed())
}

/// What a contender's frames and paths come to: a path counts as answered when it joins its
/// request's two cells, and is costed when every step is one of the board's moves.
fn report(
    name: &'static str,
    prepare: Duration,
    (times, all): (&[Duration], Duration),
    paths: Vec<Option<Vec<Pos>>>,
    (grid, pairs, best): (&Grid, &[(Pos, Pos)], &[f64]),
) -> Report {
    let (mut answered, mut illegal, mut ratios) = (0, 0, Vec::new());
    for ((path, &(a, b)), &best) in paths.iter().zip(pairs).zip(best) {
        let Some(cells) = path.as_ref().filter(|c| c.first() == Some(&a) && c.last() == Some(&b)) else { continue };
        answered += 1;
        match cost_by_rules(grid, cells) {
            Some(cost) => ratios.push(cost / best),
            None => illegal += 1,
        }
    }
    Report {
        name,
        prepare,
        frames: times.len(),
        all,
        mean: times.iter().sum::<Duration>() / times.len().max(1) as u32,
        longest: times.iter().copied().max().unwrap_or_default(),
        answered,
        illegal,
        ratio: ratios.iter().sum::<f64>() / ratios.len().max(1) as f64,
    }
}

fn cubepath(grid: &Grid, pairs: &[(Pos, Pos)], best: &[f64], tasks: bool) -> Report {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, CubepathPlugin));
    if tasks {
        app.insert_resource(PathTasks::default());
    }
    let mut nav = NavGrid::new(grid.clone());
    nav.options.algorithm = Algorithm::Hpa;
    app.world_mut().spawn(nav);
    app.update();
    let asked: Vec<Entity> = pairs.iter().map(|&(a, b)| app.world_mut().spawn(PathRequest::new(a, b)).id()).collect();
    let (times, all) = frames(&mut app, |app| asked.iter().all(|&e| app.world().get::<PathAnswer>(e).is_some()));
    let paths = asked.iter().map(|&e| app.world().get::<PathAnswer>(e).and_then(|a| a.cells().map(<[Pos]>::to_vec))).collect();
    let name = if tasks { "bevy_cubepath, HPA*, PathTasks" } else { "bevy_cubepath, HPA*, slices (default)" };
    report(name, Duration::ZERO, (&times, all), paths, (grid, pairs, best))
}

fn northstar(grid: &Grid, pairs: &[(Pos, Pos)], best: &[f64], chunk: u32) -> Report {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, NorthstarPlugin::<OrdinalNeighborhood>::default()));
    let side = grid.width() as u32;
    let settings = GridSettingsBuilder::new_2d(side, side).chunk_size(chunk).add_neighbor_filter(NoCornerCutting).build();
    let mut theirs = OrdinalGrid::new(&settings);
    for y in 0..grid.height() {
        for x in 0..grid.width() {
            if !grid.is_passable(x, y) {
                theirs.set_nav(UVec3::new(x as u32, y as u32, 0), Nav::Impassable);
            }
        }
    }
    let t = Instant::now();
    theirs.build();
    let prepare = t.elapsed();
    app.world_mut().spawn(theirs);
    app.update();
    let at = |(x, y): Pos| UVec3::new(x as u32, y as u32, 0);
    let asked: Vec<Entity> = pairs.iter().map(|&(a, b)| app.world_mut().spawn((AgentPos(at(a)), Pathfind::new(at(b)))).id()).collect();
    let (times, all) = frames(&mut app, |app| {
        asked.iter().all(|&e| app.world().get::<Path>(e).is_some() || app.world().get::<PathfindingFailed>(e).is_some())
    });
    let paths = asked
        .iter()
        .zip(pairs)
        .map(|(&e, &(a, _))| {
            app.world().get::<Path>(e).map(|p| {
                // northstar's path leaves out the start, and its plugin moves the first step
                // into `NextPos` for the agent to take
                let mut cells = vec![a];
                cells.extend(app.world().get::<NextPos>(e).map(|n| (n.0.x as usize, n.0.y as usize)));
                cells.extend(p.path().iter().map(|v| (v.x as usize, v.y as usize)));
                cells.dedup();
                cells
            })
        })
        .collect();
    report("bevy_northstar 0.7, HPA* refined (default)", prepare, (&times, all), paths, (grid, pairs, best))
}

fn main() {
    let (side, count) = (env("SIDE", 1024), env("REQUESTS", 1000));
    let grid = board(side);
    let pairs = pairs(&grid, count);
    let mut searcher = Searcher::default();
    let best: Vec<f64> = pairs
        .iter()
        .map(|&(a, b)| searcher.search(&grid, a, b, &SearchOptions::default()).unwrap().cost.expect("they reach each other"))
        .collect();
    println!("{side} x {side}, 20 % walls, {count} requests at once, 8 neighbours without corner cutting\n");
    println!(
        "| plugin | preparation | frames | frame mean | frame longest | answered | paths with a step not a move | mean cost / optimum |"
    );
    println!("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
    let rows = [
        northstar(&grid, &pairs, &best, env("CHUNK", 32) as u32),
        cubepath(&grid, &pairs, &best, false),
        cubepath(&grid, &pairs, &best, true),
    ];
    for r in rows {
        println!(
            "| {} | {:.0} ms | {} | {:.2} s | {:.2} ms | {:.1} ms | {} | {} | {:.4} |",
            r.name,
            r.prepare.as_secs_f64() * 1e3,
            r.frames,
            r.all.as_secs_f64(),
            r.mean.as_secs_f64() * 1e3,
            r.longest.as_secs_f64() * 1e3,
            r.answered,
            r.illegal,
            r.ratio
        );
    }
}
