//! cubepath's A*, JPS, block-based JPS and JPS+ against the `pathfinding` crate's `astar`, on
//! every problem of the bundled benchmark maps, with the same rules (octile costs, no corner
//! cutting), and against `grid_pathfinding`'s JPS (which cuts corners). It builds the engine
//! alone, no Bevy.
//!
//! `cargo bench -p cubepath-search --bench compare` first checks that all agree on every cost
//! and prints a table of times (the fastest of three or more passes each) and ratios, the time of an
//! unreachable query and of keeping components through edits, then lets criterion measure each
//! engine.

use std::f64::consts::SQRT_2;
use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{Criterion, criterion_group};
use cubepath_search::{
    files::{Problem, read_map, read_scen},
    grid::Grid,
    search::{Algorithm, SearchOptions, Searcher},
};

const MAPS: [&str; 5] = ["arena.map", "lak304d.map", "64room_000.map", "maze255.map", "random512-10.map"];

fn load(name: &str) -> (Grid, Vec<Problem>) {
    let dir = format!("{}/../../assets/maps/", std::env::var("CARGO_MANIFEST_DIR").expect("run by cargo"));
    let grid = read_map(name, &std::fs::read(format!("{dir}{name}")).unwrap()).unwrap();
    let problems = read_scen(name, &std::fs::read(format!("{dir}{name}.scen")).unwrap()).unwrap();
    (grid, problems)
}

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

/// What an algorithm computes ahead on a grid (components; bit rows or jump distances): the
/// time and the bytes kept, reported apart from the searches.
fn preprocess(grid: &Grid, algorithm: Algorithm, searcher: &mut Searcher) -> (Duration, usize) {
    let options = SearchOptions { algorithm, ..Default::default() };
    let t = Instant::now();
    searcher.preprocess(grid, &options);
    (t.elapsed(), searcher.kept_bytes())
}

/// All problems with cubepath; returns the costs and the nodes expanded.
fn run_cubepath(grid: &Grid, problems: &[Problem], algorithm: Algorithm, searcher: &mut Searcher) -> (Vec<f64>, usize) {
    let options = SearchOptions { algorithm, ..Default::default() };
    let mut expanded = 0;
    let costs = problems
        .iter()
        .map(|p| {
            let r = searcher.search(grid, p.start, p.goal, &options).unwrap();
            expanded += r.expanded;
            r.cost.unwrap()
        })
        .collect();
    (costs, expanded)
}

/// All problems with the `pathfinding` crate; returns the costs and the nodes expanded.
fn run_pathfinding(grid: &Grid, problems: &[Problem]) -> (Vec<f64>, usize) {
    let (w, h) = (grid.width() as i32, grid.height() as i32);
    let open = |x: i32, y: i32| x >= 0 && y >= 0 && x < w && y < h && grid.is_passable(x as usize, y as usize);
    let mut expanded = 0;
    let costs = problems
        .iter()
        .map(|p| {
            let goal = (p.goal.0 as i32, p.goal.1 as i32);
            let (_, cost) = pathfinding::prelude::astar(
                &(p.start.0 as i32, p.start.1 as i32),
                |&(x, y)| {
                    expanded += 1;
                    let mut next = Vec::with_capacity(8);
                    for (dx, dy) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
                        if open(x + dx, y + dy) {
                            next.push(((x + dx, y + dy), Cost(1.0)));
                        }
                    }
                    for (dx, dy) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                        if open(x + dx, y + dy) && open(x + dx, y) && open(x, y + dy) {
                            next.push(((x + dx, y + dy), Cost(SQRT_2)));
                        }
                    }
                    next
                },
                |&(x, y)| {
                    let (dx, dy) = ((x - goal.0).abs() as f64, (y - goal.1).abs() as f64);
                    Cost(dx.max(dy) - dx.min(dy) + SQRT_2 * dx.min(dy))
                },
                |&q| q == goal,
            )
            .expect("every benchmark problem has a path");
            cost.0
        })
        .collect();
    (costs, expanded)
}

/// The `grid_pathfinding` crate's JPS on the same grid, its components made first (not
/// timed). It cuts corners and uses integer costs, so its paths may be shorter than the
/// benchmark's: each path's length is measured here (1 a straight step, sqrt 2 a diagonal).
fn grid_pathfinding_grid(grid: &Grid) -> grid_pathfinding::PathingGrid {
    use grid_util::grid::ValueGrid;
    let mut g = grid_pathfinding::PathingGrid::new(grid.width(), grid.height(), false);
    for ((x, y), cell) in grid.cells() {
        if !cell.is_passable() {
            g.set(x as i32, y as i32, true);
        }
    }
    g.generate_components();
    g
}

fn run_grid_pathfinding(g: &grid_pathfinding::PathingGrid, problems: &[Problem]) -> Vec<f64> {
    use grid_util::point::Point;
    let point = |(x, y): (usize, usize)| Point::new(x as i32, y as i32);
    problems
        .iter()
        .map(|p| {
            let path = g.get_path_single_goal(point(p.start), point(p.goal), false).expect("a path");
            path.windows(2).map(|w| if w[0].x != w[1].x && w[0].y != w[1].y { SQRT_2 } else { 1.0 }).sum()
        })
        .collect()
}

/// Passes over a map's problems per engine in the table, the fastest counted: at least
/// `CUBEPATH_PASSES` (3 when unset), and more, up to 25, while they have taken under two
/// seconds, since short runs are the ones the machine's other load upsets most.
fn passes() -> usize {
    std::env::var("CUBEPATH_PASSES").ok().and_then(|v| v.parse().ok()).filter(|&n| n > 0).unwrap_or(3)
}

/// The result of `f` and its fastest time over its passes (see [`passes`]).
fn timed<T>(mut f: impl FnMut() -> T) -> (T, Duration) {
    let (mut best, mut spent, mut runs) = (Duration::MAX, Duration::ZERO, 0);
    let mut value = None;
    while runs < passes() || (spent < Duration::from_secs(2) && runs < 25) {
        let t = Instant::now();
        value = Some(f());
        let e = t.elapsed();
        best = best.min(e);
        spent += e;
        runs += 1;
    }
    (value.expect("at least one pass"), best)
}

/// Checks the costs and prints one table row per map: times (each engine's fastest pass over
/// all problems, see [`passes`]), expansion rates and ratios.
fn table() {
    println!(
        "\n| map | problems | A* ms | JPS ms | JPS-block ms | JPS+ ms | pathfinding astar ms | grid_pathfinding ms | A* Mexp/s | pathfinding / A* | A* / JPS | JPS / JPS-block | JPS / JPS+ | JPS+ preprocessing | grid_pathfinding / fastest JPS | grid_pathfinding lengths off the file |"
    );
    println!("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
    let mut searcher = Searcher::default();
    for name in MAPS {
        let (grid, problems) = load(name);
        let ((a, a_exp), ta) = timed(|| run_cubepath(&grid, &problems, Algorithm::AStar, &mut searcher));
        let ((j, _), tj) = timed(|| run_cubepath(&grid, &problems, Algorithm::Jps, &mut searcher));
        let mut block_searcher = Searcher::default();
        preprocess(&grid, Algorithm::JpsBlock, &mut block_searcher);
        let ((jb, _), tb) = timed(|| run_cubepath(&grid, &problems, Algorithm::JpsBlock, &mut block_searcher));
        let mut plus_searcher = Searcher::default();
        let (plus_prep, plus_bytes) = preprocess(&grid, Algorithm::JpsPlus, &mut plus_searcher);
        let ((jp, _), tplus) = timed(|| run_cubepath(&grid, &problems, Algorithm::JpsPlus, &mut plus_searcher));
        let ((pf, _), tp) = timed(|| run_pathfinding(&grid, &problems));
        let gp_grid = grid_pathfinding_grid(&grid);
        let (gp, tg) = timed(|| run_grid_pathfinding(&gp_grid, &problems));
        let off = problems.iter().zip(&gp).filter(|(p, c)| !p.matches(**c)).count();
        for (k, p) in problems.iter().enumerate() {
            assert!(p.matches(a[k]), "{name} problem {k}: A* {} vs file {}", a[k], p.optimal);
            assert!((a[k] - j[k]).abs() < 1e-9, "{name} problem {k}: A* {} vs JPS {}", a[k], j[k]);
            assert!((a[k] - jb[k]).abs() < 1e-9, "{name} problem {k}: A* {} vs JPS-block {}", a[k], jb[k]);
            assert!((a[k] - jp[k]).abs() < 1e-9, "{name} problem {k}: A* {} vs JPS+ {}", a[k], jp[k]);
            assert!((a[k] - pf[k]).abs() < 1e-9, "{name} problem {k}: A* {} vs pathfinding {}", a[k], pf[k]);
        }
        let ms = |d: Duration| d.as_secs_f64() * 1000.0;
        println!(
            "| {name} | {} | {:.1} | {:.1} | {:.1} | {:.1} | {:.1} | {:.1} | {:.2} | {:.2}x | {:.1}x | {:.2}x | {:.2}x | {:.1} ms, {:.1} MB | {:.2}x | {off} of {} |",
            problems.len(),
            ms(ta),
            ms(tj),
            ms(tb),
            ms(tplus),
            ms(tp),
            ms(tg),
            a_exp as f64 / ta.as_secs_f64() / 1e6,
            tp.as_secs_f64() / ta.as_secs_f64(),
            ta.as_secs_f64() / tj.as_secs_f64(),
            tj.as_secs_f64() / tb.as_secs_f64(),
            tj.as_secs_f64() / tplus.as_secs_f64(),
            ms(plus_prep),
            plus_bytes as f64 / 1e6,
            tg.as_secs_f64() / tb.min(tplus).as_secs_f64(),
            problems.len(),
        );
    }
    unreachable_query();
    components_after_edits();
    println!("(all costs agree: cubepath A*, JPS, JPS-block, JPS+, pathfinding astar and the scenario files;");
    println!(" grid_pathfinding cuts corners, so its lengths are counted against the files, not asserted)\n");
}

/// How long "no path" takes once the components exist: the room map cut in two by a wall
/// down its middle column, a start and goal on either side, asked 100,000 times.
fn unreachable_query() {
    let (mut grid, _) = load("64room_000.map");
    let middle = grid.width() / 2;
    for y in 0..grid.height() {
        grid.set(middle, y, cubepath_search::grid::Cell::Blocked).unwrap();
    }
    let floor: Vec<(usize, usize)> = grid.cells().filter(|(_, c)| c.is_passable()).map(|(p, _)| p).collect();
    let a = *floor.iter().find(|p| p.0 < middle).unwrap();
    let b = *floor.iter().rev().find(|p| p.0 > middle).unwrap();
    let mut searcher = Searcher::default();
    let options = SearchOptions::default();
    searcher.preprocess(&grid, &options);
    let n = 100_000;
    let t = Instant::now();
    for _ in 0..n {
        let r = searcher.search(&grid, a, b, &options).unwrap();
        assert!(r.path.is_none() && r.expanded == 0);
    }
    let ns = t.elapsed().as_secs_f64() * 1e9 / n as f64;
    println!("unreachable goal on 64room_000.map cut in two: {ns:.0} ns a query (mean of {n})");
}

/// Keeping the components up to date as cells are painted: 2,000 random single-cell edits
/// (a floor cell blocked or a barrier opened, seeded) on each 512 x 512 map and the maze, each
/// followed by [`cubepath_search::grid::Components::update`]; against labelling the grid again.
fn components_after_edits() {
    for name in ["64room_000.map", "random512-10.map", "maze255.map"] {
        let (mut grid, _) = load(name);
        let topology = cubepath_search::grid::Topology::default();
        let t = Instant::now();
        let mut parts = cubepath_search::grid::Components::new(&grid, topology);
        let fresh = t.elapsed();
        let mut rng = 0x2545_F491_4F6C_DD1Du64;
        let mut below = |n: usize| {
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            (rng % n as u64) as usize
        };
        let (n, mut worst, mut total) = (2000, Duration::ZERO, Duration::ZERO);
        for _ in 0..n {
            let (x, y) = (below(grid.width()), below(grid.height()));
            let cell = if grid.is_passable(x, y) { cubepath_search::grid::Cell::Blocked } else { cubepath_search::grid::Cell::FLOOR };
            grid.set(x, y, cell).unwrap();
            let t = Instant::now();
            assert!(parts.update(&grid, topology), "one edit is worked out around the cell");
            let e = t.elapsed();
            total += e;
            worst = worst.max(e);
        }
        assert_eq!(parts.count(), cubepath_search::grid::Components::new(&grid, topology).count());
        println!(
            "components of {name} after an edit: {:.1} us mean, {:.0} us worst over {n} edits; labelling again {:.2} ms",
            total.as_secs_f64() * 1e6 / n as f64,
            worst.as_secs_f64() * 1e6,
            fresh.as_secs_f64() * 1e3
        );
    }
}

fn engines(c: &mut Criterion) {
    for name in MAPS {
        let (grid, problems) = load(name);
        let mut group = c.benchmark_group(name);
        group.sample_size(10);
        let mut searcher = Searcher::default();
        group.bench_function("cubepath_astar", |b| b.iter(|| black_box(run_cubepath(&grid, &problems, Algorithm::AStar, &mut searcher))));
        group.bench_function("cubepath_jps", |b| b.iter(|| black_box(run_cubepath(&grid, &problems, Algorithm::Jps, &mut searcher))));
        group.bench_function("cubepath_jps_block", |b| {
            b.iter(|| black_box(run_cubepath(&grid, &problems, Algorithm::JpsBlock, &mut searcher)))
        });
        group.bench_function("cubepath_jps_plus", |b| {
            b.iter(|| black_box(run_cubepath(&grid, &problems, Algorithm::JpsPlus, &mut searcher)))
        });
        group.bench_function("pathfinding_astar", |b| b.iter(|| black_box(run_pathfinding(&grid, &problems))));
        let gp_grid = grid_pathfinding_grid(&grid);
        group.bench_function("grid_pathfinding_jps", |b| b.iter(|| black_box(run_grid_pathfinding(&gp_grid, &problems))));
        group.finish();
    }
}

criterion_group!(benches, engines);

fn main() {
    table();
    if std::env::var_os("CUBEPATH_TABLE_ONLY").is_none() {
        benches();
        Criterion::default().configure_from_args().final_summary();
    }
}
