//! What an edit costs the main thread when searches run as tasks: a 4096 x 4096 open board,
//! `PathTasks` with 8 under way, and for 200 frames one cell edited (walled or opened again)
//! and 8 short requests made, each frame's `app.update()` timed (headless, `MinimalPlugins`,
//! 2 ms between frames for the tasks to run). The tasks read a snapshot of the grid; an edit
//! makes the next one either a copy of the whole grid (17 MB) or an older snapshot no task
//! holds any more brought up to date in place (`Grid::refresh`). Prints the distribution of
//! frame times and how many went over 2 ms.
//!
//!     cargo test --release -p bevy_cubepath --bench edits
//!
//! (the release profile, as the tests build it: `cargo bench` builds Bevy again under the
//! bench profile)

use std::time::{Duration, Instant};

use bevy::prelude::*;
use bevy::time::TimeUpdateStrategy;
use bevy_cubepath::prelude::*;
use cubepath_search::grid::Cell;

fn main() {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, CubepathPlugin));
    app.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(50)));
    app.insert_resource(PathTasks { at_once: 8 });
    let grid = app.world_mut().spawn(NavGrid::new(Grid::new(4096, 4096).unwrap())).id();
    // the first request takes the first snapshot (and the first task labels the components)
    app.world_mut().spawn(PathRequest::new((0, 0), (1, 1)));
    for _ in 0..50 {
        app.update();
        std::thread::sleep(Duration::from_millis(2));
    }
    let mut times = Vec::new();
    for frame in 0..200 {
        {
            let mut nav = app.world_mut().get_mut::<NavGrid>(grid).unwrap();
            let x = 100 + frame % 50;
            let cell = if nav.grid.is_passable(x, 100) { Cell::Blocked } else { Cell::FLOOR };
            nav.grid.set(x, 100, cell).unwrap();
        }
        for k in 0..8 {
            app.world_mut().spawn(PathRequest::new((10 * k, 3000), (10 * k + 40, 3040)));
        }
        let t = Instant::now();
        app.update();
        times.push(t.elapsed().as_secs_f64() * 1e3);
        std::thread::sleep(Duration::from_millis(2));
    }
    times.sort_by(f64::total_cmp);
    let at = |q: f64| times[((times.len() - 1) as f64 * q).round() as usize];
    println!(
        "200 frames, each with an edit and 8 requests: update p50 {:.2} ms, p90 {:.2} ms, p99 {:.2} ms, max {:.2} ms; over 2 ms: {}",
        at(0.5),
        at(0.9),
        at(0.99),
        at(1.0),
        times.iter().filter(|&&t| t > 2.0).count()
    );
}
