//! How long 1,000 requests made at once wait for their answers when searches run as tasks,
//! with no window and no renderer: big_world's board (4096 x 4096, 20 % walls, the same seed),
//! HPA\*, `PathTasks` with 64 under way on a pool of a thread per core, headless
//! (`MinimalPlugins`), a frame every 16 ms. First one request builds the clusters; then the
//! 1,000 ask in one frame. Prints the answers' latency (from the frame they asked in to the
//! frame their answer came in) and the main thread's CPU time in `app.update()` meanwhile
//! (the frames over 2 ms one by one). What
//! the plugin costs without a software renderer taking a core: big_world under Xvfb draws
//! through lavapipe on the same two cores.
//!
//!     cargo test --release -p bevy_cubepath --bench latency
//!
//! `FRAME_MS=N` for another time between frames, `AT_ONCE=N` for another number of tasks under
//! way (with frames as slow as big_world's under lavapipe, 64 can leave the pool idle).
//!
//! (the release profile, as the tests build it: `cargo bench` builds Bevy again under the
//! bench profile)

use std::time::{Duration, Instant};

use bevy::app::TaskPoolThreadAssignmentPolicy;
use bevy::prelude::*;
use bevy_cubepath::prelude::*;
use cubepath_search::grid::Cell;

// with two search threads on two cores, the wall time of an update would count the time the
// main thread waited for a core: its CPU time is measured instead
#[path = "../examples/shared/thread_clock.rs"]
mod thread_clock;
use thread_clock::thread_ms;

fn main() {
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get());
    let pools = TaskPoolOptions {
        async_compute: TaskPoolThreadAssignmentPolicy {
            min_threads: threads,
            max_threads: threads,
            ..TaskPoolOptions::default().async_compute
        },
        ..default()
    };
    let mut app = App::new();
    app.add_plugins((MinimalPlugins.set(TaskPoolPlugin { task_pool_options: pools }), CubepathPlugin));
    let at_once = std::env::var("AT_ONCE").ok().and_then(|v| v.parse().ok()).unwrap_or(64);
    app.insert_resource(PathTasks { at_once });
    // big_world's walls: the same xorshift, the same draws
    let mut rng = 0x9E37_79B9_7F4A_7C15u64;
    let mut below = move |n: usize| {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        (rng % n as u64) as usize
    };
    // FRAME_MS=N: another time between frames (big_world's frames under lavapipe take 75 to
    // 170 ms, so each collects and hands out more tasks)
    let frame = Duration::from_millis(std::env::var("FRAME_MS").ok().and_then(|v| v.parse().ok()).unwrap_or(16));
    let n = 4096;
    let mut grid = Grid::new(n, n).unwrap();
    for y in 0..n {
        for x in 0..n {
            if below(100) < 20 {
                grid.set(x, y, Cell::Blocked).unwrap();
            }
        }
    }
    let mut open = |grid: &Grid| loop {
        let p = (below(n), below(n));
        if grid.is_passable(p.0, p.1) {
            return p;
        }
    };
    let ends: Vec<(Pos, Pos)> = (0..1001).map(|_| (open(&grid), open(&grid))).collect();
    app.world_mut().spawn(NavGrid::new(grid).with_options(SearchOptions { algorithm: Algorithm::Hpa, ..default() }));
    let first = app.world_mut().spawn(PathRequest::new(ends[0].0, ends[0].1)).id();
    let t = Instant::now();
    while app.world().get::<PathAnswer>(first).is_none() {
        app.update();
        std::thread::sleep(Duration::from_millis(16));
    }
    println!("clusters built (the first answer) in {:.1} s", t.elapsed().as_secs_f64());
    let units: Vec<Entity> = ends[1..].iter().map(|&(a, b)| app.world_mut().spawn(PathRequest::new(a, b)).id()).collect();
    let asked = Instant::now();
    let (mut latency, mut frames) = (vec![None; units.len()], Vec::new());
    while latency.iter().any(Option::is_none) {
        let t = thread_ms();
        app.update();
        let ms = thread_ms() - t;
        frames.push(ms);
        let mut came = 0;
        for (k, &e) in units.iter().enumerate() {
            if latency[k].is_none() && app.world().get::<PathAnswer>(e).is_some() {
                latency[k] = Some(asked.elapsed().as_secs_f64() * 1e3);
                came += 1;
            }
        }
        if ms > 2.0 {
            println!("  frame {}: {ms:.2} ms of the main thread, {came} answers", frames.len());
        }
        std::thread::sleep(frame);
    }
    let mut lat: Vec<f64> = latency.into_iter().flatten().collect();
    lat.sort_by(f64::total_cmp);
    frames.sort_by(f64::total_cmp);
    let at = |v: &[f64], q: f64| v[((v.len() - 1) as f64 * q).round() as usize];
    println!(
        "1000 requests at once on {threads} threads: latency p50 {:.0} ms, p95 {:.0} ms, max {:.0} ms; {} frames, the main thread's CPU time in app.update() p50 {:.2} ms, max {:.2} ms",
        at(&lat, 0.5),
        at(&lat, 0.95),
        at(&lat, 1.0),
        frames.len(),
        at(&frames, 0.5),
        at(&frames, 1.0)
    );
}
