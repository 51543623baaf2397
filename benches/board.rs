//! Boards that scale: spawning a board, and the cost of one frame while the agent walks, on
//! 64 x 64 and 256 x 256 boards, with the game's logic plugins headless; and a 64 x 64 x 16
//! world (a building walked by stairs): making it, meshing it, and a frame while its agent
//! walks, against the flat 64 x 64 board's frame.
//!
//! `cargo bench --bench board` prints a table (frame-cost ratio 256 / 64, spawn time) and then
//! lets criterion measure each case.

use std::hint::black_box;
use std::time::{Duration, Instant};

use bevy::prelude::*;
use criterion::{BatchSize, Criterion, criterion_group};
use cubepath::engine::world::{VoxelMoves, WorldKind};
use cubepath::game::GameSetup;
use cubepath::game::harness::Headless;
use cubepath::game::logic::settings::{BoardSettings, PlaySettings, WalkMode, WorldSettings};
use cubepath::game::logic::world::WorldBoard;
use cubepath::game::view::world::{CHUNK, chunk_mesh};

fn app(side: usize) -> Headless {
    let setup = GameSetup { board: BoardSettings { rows: side, cols: side, barrier_pct: 0.0, seed: 1 }, ..default() };
    Headless::new(setup, Duration::from_millis(1)).with_cubes()
}

/// An app whose agent is walking the long diagonal (slowly, so it walks for the whole run).
fn walking(side: usize) -> Headless {
    let mut app = app(side);
    app.update();
    app.update();
    app.world_mut().resource_mut::<PlaySettings>().mode = WalkMode::Agent;
    app.world_mut().resource_mut::<PlaySettings>().agent_speed = 0.1;
    app.world_mut().write_message(cubepath::game::logic::input::Action::Walk);
    app.update();
    let mut q = app.world_mut().query::<&cubepath::game::logic::agent::Agent>();
    assert_eq!(q.iter(app.world()).count(), 1, "the agent walks");
    app
}

/// A 64 x 64 x 16 building (the game's logic headless, flat cubes too), made and searched.
fn world_app() -> Headless {
    let world = WorldSettings { levels: 16, kind: WorldKind::Building, moves: VoxelMoves::Walk };
    let setup = GameSetup { board: BoardSettings { rows: 64, cols: 64, barrier_pct: 0.0, seed: 1 }, world, ..default() };
    let mut app = Headless::new(setup, Duration::from_millis(1)).with_cubes();
    app.update();
    app
}

/// The world's agent walking its path (slowly, so it walks for the whole run).
fn world_walking() -> Headless {
    let mut app = world_app();
    app.update();
    app.world_mut().resource_mut::<PlaySettings>().mode = WalkMode::Agent;
    app.world_mut().resource_mut::<PlaySettings>().agent_speed = 0.1;
    app.world_mut().write_message(cubepath::game::logic::input::Action::Walk);
    app.update();
    assert!(app.world().resource::<WorldBoard>().walk.running, "the world's agent walks");
    app
}

/// Every chunk mesh of the world, as the view builds them.
fn mesh_world(app: &App) -> usize {
    let world = app.world().resource::<WorldBoard>();
    let grid = world.grid.as_ref().expect("a world");
    let mut faces = 0;
    for cy in (0..grid.height()).step_by(CHUNK) {
        for cx in (0..grid.width()).step_by(CHUNK) {
            faces += chunk_mesh(grid, world.slice, (cx, cy)).map_or(0, |m| m.count_vertices() / 4);
        }
    }
    faces
}

fn per_frame(app: &mut App, frames: u32) -> Duration {
    let t = Instant::now();
    for _ in 0..frames {
        app.update();
    }
    t.elapsed() / frames
}

fn table() {
    let mut small = walking(64);
    let mut large = walking(256);
    per_frame(&mut small, 200);
    per_frame(&mut large, 200);
    let (s, l) = (per_frame(&mut small, 2000), per_frame(&mut large, 2000));
    let t = Instant::now();
    let mut spawned = app(256);
    spawned.update();
    let spawn = t.elapsed();
    println!("\n| case | time |\n| --- | ---: |");
    println!("| frame while the agent walks, 64 x 64 | {:.1} µs |", s.as_secs_f64() * 1e6);
    println!("| frame while the agent walks, 256 x 256 | {:.1} µs |", l.as_secs_f64() * 1e6);
    println!("| ratio 256 / 64 | {:.2}x |", l.as_secs_f64() / s.as_secs_f64());
    println!("| spawn a 256 x 256 board (65,536 cubes) and search | {:.0} ms |", spawn.as_secs_f64() * 1e3);
    world_table(s);
}

/// The 64 x 64 x 16 building: made and searched, meshed, and a frame while its agent walks
/// against `flat`, the 64 x 64 board's.
fn world_table(flat: Duration) {
    let t = Instant::now();
    let made = world_app();
    let make = t.elapsed();
    let t = Instant::now();
    let faces = mesh_world(&made);
    let mesh = t.elapsed();
    let mut walking = world_walking();
    per_frame(&mut walking, 200);
    let frame = per_frame(&mut walking, 2000);
    println!("| make a 64 x 64 x 16 building, spawn the flat cubes too, and search it | {:.1} ms |", make.as_secs_f64() * 1e3);
    println!("| mesh it ({faces} faces in {} chunks) | {:.1} ms |", (64 / CHUNK) * (64 / CHUNK), mesh.as_secs_f64() * 1e3);
    println!("| frame while the world's agent walks | {:.1} µs |", frame.as_secs_f64() * 1e6);
    println!("| ratio world / flat 64 x 64 | {:.2}x |\n", frame.as_secs_f64() / flat.as_secs_f64());
}

fn boards(c: &mut Criterion) {
    let mut group = c.benchmark_group("board");
    for side in [64, 256] {
        let mut walking_app = walking(side);
        group.bench_function(format!("frame_walking_{side}"), |b| b.iter(|| walking_app.update()));
    }
    let mut world_walking_app = world_walking();
    group.bench_function("frame_walking_world_64x64x16", |b| b.iter(|| world_walking_app.update()));
    group.sample_size(10);
    group.bench_function("spawn_256", |b| {
        b.iter_batched(
            || app(256),
            |mut a| {
                a.update();
                black_box(a)
            },
            BatchSize::PerIteration,
        )
    });
    group.finish();
}

criterion_group!(benches, boards);

fn main() {
    table();
    if std::env::var_os("CUBEPATH_TABLE_ONLY").is_none() {
        benches();
        Criterion::default().configure_from_args().final_summary();
    }
}
