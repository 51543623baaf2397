//! cubepath's A* on voxel worlds (fly-26, no corner or edge cutting) against the `pathfinding`
//! crate's `astar` with the same moves, costs and estimate, on 128 x 128 x 64 caves and floating
//! islands: the costs checked equal on every problem, then the fastest of several alternating passes each.
//!
//! `cargo bench -p cubepath-search --bench voxels` (the engine alone, no Bevy); `ONLY=TEXT` in
//! the environment runs only the JPS table's worlds whose name holds TEXT.

use std::time::{Duration, Instant};

use cubepath_search::{
    search::{Algorithm, Searcher, VoxelOptions},
    world::{Pos3, VoxelGrid, VoxelMoves, WorldKind, generate_world},
};

const SQRT_2: f64 = std::f64::consts::SQRT_2;
const SQRT_3: f64 = 1.732_050_807_568_877_2;

/// An f64 cost the `pathfinding` crate can order.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
struct Cost(f64);
impl Eq for Cost {}
impl PartialOrd for Cost {
    fn partial_cmp(&self, o: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(o))
    }
}
impl Ord for Cost {
    fn cmp(&self, o: &Self) -> std::cmp::Ordering {
        self.0.total_cmp(&o.0)
    }
}
impl std::ops::Add for Cost {
    type Output = Cost;
    fn add(self, o: Cost) -> Cost {
        Cost(self.0 + o.0)
    }
}
impl num_traits::Zero for Cost {
    fn zero() -> Cost {
        Cost(0.0)
    }
    fn is_zero(&self) -> bool {
        self.0 == 0.0
    }
}

/// `count` problems between free voxels that reach each other, drawn with a fixed seed.
fn problems(world: &VoxelGrid, count: usize) -> Vec<(Pos3, Pos3)> {
    let mut rng = 0x2545_F491_4F6C_DD1Du64;
    let mut next = move || {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        rng
    };
    let free: Vec<Pos3> = (0..world.len()).map(|i| world.pos(i)).filter(|&p| world.is_free(p)).collect();
    let mut searcher = Searcher::default();
    let mut out = Vec::new();
    while out.len() < count {
        let (a, b) = (free[next() as usize % free.len()], free[next() as usize % free.len()]);
        if searcher.reachable_in_world(world, a, b, VoxelMoves::Fly26) && a != b {
            out.push((a, b));
        }
    }
    out
}

fn run_cubepath(world: &VoxelGrid, problems: &[(Pos3, Pos3)], searcher: &mut Searcher, algorithm: Algorithm) -> (Vec<f64>, usize) {
    let options = VoxelOptions { algorithm, ..VoxelOptions::default() };
    let mut expanded = 0;
    let costs = problems
        .iter()
        .map(|&(a, b)| {
            let r = searcher.search_world(world, a, b, &options).unwrap();
            expanded += r.expanded;
            r.cost.unwrap()
        })
        .collect();
    (costs, expanded)
}

/// The same problems with `pathfinding::astar`: the 26 moves, each legal when every voxel of
/// the box it spans is free, costs 1, sqrt 2, sqrt 3, the 3D octile estimate.
fn run_pathfinding(world: &VoxelGrid, problems: &[(Pos3, Pos3)]) -> (Vec<f64>, usize) {
    let (w, h, d) = (world.width() as i32, world.height() as i32, world.depth() as i32);
    let free = |x: i32, y: i32, z: i32| {
        x >= 0 && y >= 0 && z >= 0 && x < w && y < h && z < d && world.is_free((x as usize, y as usize, z as usize))
    };
    let mut expanded = 0;
    let costs = problems
        .iter()
        .map(|&(a, b)| {
            let goal = (b.0 as i32, b.1 as i32, b.2 as i32);
            let (_, cost) = pathfinding::prelude::astar(
                &(a.0 as i32, a.1 as i32, a.2 as i32),
                |&(x, y, z)| {
                    expanded += 1;
                    let mut next = Vec::with_capacity(26);
                    for dz in -1..=1 {
                        for dy in -1..=1 {
                            for dx in -1..=1 {
                                let n = (dx != 0) as usize + (dy != 0) as usize + (dz != 0) as usize;
                                if n == 0 {
                                    continue;
                                }
                                let boxed = (0..8).all(|k| free(x + dx * (k & 1), y + dy * (k >> 1 & 1), z + dz * (k >> 2 & 1)));
                                if boxed {
                                    next.push(((x + dx, y + dy, z + dz), Cost([0.0, 1.0, SQRT_2, SQRT_3][n])));
                                }
                            }
                        }
                    }
                    next
                },
                |&(x, y, z)| {
                    let mut v = [(x - goal.0).abs() as f64, (y - goal.1).abs() as f64, (z - goal.2).abs() as f64];
                    v.sort_by(|p, q| q.total_cmp(p));
                    Cost(SQRT_3 * v[2] + SQRT_2 * (v[1] - v[2]) + (v[0] - v[1]))
                },
                |&q| q == goal,
            )
            .expect("the problems reach their goals");
            cost.0
        })
        .collect();
    (costs, expanded)
}

/// Two contenders timed in alternating passes (so a slow spell of the machine falls on both),
/// at least 3 passes each and up to 10 while under 4 s in all: each one's value and fastest pass.
fn timed_pair<A, B>(mut a: impl FnMut() -> A, mut b: impl FnMut() -> B) -> ((A, Duration), (B, Duration)) {
    let (mut best, mut spent, mut runs) = ([Duration::MAX; 2], Duration::ZERO, 0);
    let (mut va, mut vb) = (None, None);
    while runs < 3 || (spent < Duration::from_secs(4) && runs < 10) {
        let t = Instant::now();
        va = Some(a());
        let e = t.elapsed();
        best[0] = best[0].min(e);
        let t = Instant::now();
        vb = Some(b());
        let f = t.elapsed();
        best[1] = best[1].min(f);
        spent += e + f;
        runs += 1;
    }
    ((va.expect("a pass"), best[0]), (vb.expect("a pass"), best[1]))
}

fn main() {
    // ONLY=TEXT: the JPS table's worlds whose name holds TEXT, and nothing else
    if std::env::var_os("ONLY").is_some() {
        jps_table();
        return;
    }
    println!("\n| world | problems | cubepath A* ms | pathfinding astar ms | pathfinding / cubepath | cubepath Mexp/s |");
    println!("| --- | ---: | ---: | ---: | ---: | ---: |");
    for kind in [WorldKind::Caves, WorldKind::Islands] {
        let world = generate_world(kind, (128, 128, 64), 1).unwrap();
        let problems = problems(&world, 60);
        let mut searcher = Searcher::default();
        let (((ours, expanded), t_ours), ((theirs, _), t_theirs)) =
            timed_pair(|| run_cubepath(&world, &problems, &mut searcher, Algorithm::AStar), || run_pathfinding(&world, &problems));
        for (k, (a, b)) in ours.iter().zip(&theirs).enumerate() {
            assert!((a - b).abs() < 1e-9 * a.max(1.0), "{kind} problem {k}: cubepath {a}, pathfinding {b}");
        }
        let ms = |t: Duration| t.as_secs_f64() * 1000.0;
        println!(
            "| {kind} 128 x 128 x 64 | {} | {:.1} | {:.1} | {:.2}x | {:.1} |",
            problems.len(),
            ms(t_ours),
            ms(t_theirs),
            t_theirs.as_secs_f64() / t_ours.as_secs_f64(),
            expanded as f64 / t_ours.as_secs_f64() / 1e6
        );
    }
    jps_table();
}

/// 3D JPS against cubepath's A* on the same problems (costs checked equal), on caves, open air
/// among islands, and random blocks.
fn jps_table() {
    println!("\n| world | clutter | problems | A* ms | JPS ms | A* / JPS | A* expanded | JPS expanded |");
    println!("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
    // each world made only when its row is wanted
    type Make = Box<dyn Fn() -> VoxelGrid>;
    let generated =
        |kind: WorldKind| -> (String, Make) { (kind.to_string(), Box::new(move || generate_world(kind, (128, 128, 64), 1).unwrap())) };
    let made: Vec<(String, Make)> = [WorldKind::Caves, WorldKind::Islands, WorldKind::Blocks]
        .into_iter()
        .map(generated)
        .chain([
            ("scattered 2 %".to_string(), Box::new(|| scattered(0.02)) as Make),
            ("scattered 10 %".to_string(), Box::new(|| scattered(0.10))),
            ("scattered 15 %".to_string(), Box::new(|| scattered(0.15))),
            ("pillars and slabs".to_string(), Box::new(pillars_and_slabs)),
        ])
        .collect();
    let only = std::env::var("ONLY").unwrap_or_default();
    for (kind, make) in made.into_iter().filter(|(kind, _)| kind.contains(&only)) {
        let world = make();
        let problems = problems(&world, 60);
        let mut searcher = Searcher::default();
        let mut other = Searcher::default();
        let (((astar, a_exp), t_astar), ((jps, j_exp), t_jps)) = timed_pair(
            || run_cubepath(&world, &problems, &mut searcher, Algorithm::AStar),
            || run_cubepath(&world, &problems, &mut other, Algorithm::Jps),
        );
        for (k, (a, b)) in astar.iter().zip(&jps).enumerate() {
            assert!((a - b).abs() < 1e-9 * a.max(1.0), "{kind} problem {k}: A* {a}, JPS {b}");
        }
        let ms = |t: Duration| t.as_secs_f64() * 1000.0;
        println!(
            "| {kind} 128 x 128 x 64 | {:.3} | {} | {:.1} | {:.1} | {:.2}x | {a_exp} | {j_exp} |",
            world.clutter(),
            problems.len(),
            ms(t_astar),
            ms(t_jps),
            t_astar.as_secs_f64() / t_jps.as_secs_f64()
        );
    }
}

/// Open air with single voxels scattered at `density` (a fixed xorshift), made here, not by
/// cubepath's generator.
fn scattered(density: f64) -> VoxelGrid {
    let mut world = VoxelGrid::new(128, 128, 64).unwrap();
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    for z in 0..64 {
        for y in 0..128 {
            for x in 0..128 {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                if (seed % 1_000_000) as f64 / 1e6 < density {
                    world.set_blocked((x, y, z), true).unwrap();
                }
            }
        }
    }
    world
}

/// Open air between pillars (2 x 2, full height, every 16 voxels) and slabs (16 x 16 x 1,
/// every 8 levels, offset), made here, not by cubepath's generator.
fn pillars_and_slabs() -> VoxelGrid {
    let mut world = VoxelGrid::new(128, 128, 64).unwrap();
    for x in (5..128).step_by(16) {
        for y in (5..128).step_by(16) {
            for z in 0..64 {
                for (dx, dy) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
                    world.set_blocked((x + dx, y + dy, z), true).unwrap();
                }
            }
        }
    }
    for z in (4..64).step_by(8) {
        let shift = (z / 8 % 2) * 16;
        for x in (shift..128).step_by(32) {
            for y in (shift..128).step_by(32) {
                for dx in 0..16.min(128 - x) {
                    for dy in 0..16.min(128 - y) {
                        world.set_blocked((x + dx, y + dy, z), true).unwrap();
                    }
                }
            }
        }
    }
    world
}
