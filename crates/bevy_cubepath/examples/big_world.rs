//! `big_world`: a 4096 x 4096 grid with 20 % walls (a fixed seed), 1,000 units sent at once to
//! random goals by HPA\*, searched as tasks on other threads, and on screen what it costs: the
//! frame time, the pathfinding work on the main thread each frame, and how long the answers
//! took to come. First one request builds the HPA\* clusters (shown as "building"); when its
//! answer comes, the 1,000 units ask together; each walks its path and, on arrival, asks for a
//! new goal. The board is drawn as one image (a pixel per 4 x 4 cells, darker for more walls),
//! the units as dots, the latest answers in gold.
//!
//! Teaches: `PathTasks` (searches off the main thread), `Algorithm::Hpa` on a `NavGrid`,
//! measuring what the plugin costs the main thread (systems before and after its sets).
//!
//!     cargo run --release -p bevy_cubepath --example big_world [-- SIDE UNITS]
//!
//! With `SLICES` set the searches run on the main thread in slices of the frame's budget, as
//! in the browser (no `PathTasks`; the clusters built within a preparation share of 1,000,000
//! a frame, ten times the default, so that the build takes hundreds of frames, not thousands).
//!
//! With `CUBEPATH_EXAMPLE_CHECK` set (as in CI) every answer is checked move by move against
//! the grid, and the example exits with a summary once every unit's first answer has come (an
//! error exit if a path crosses a wall or steps unlawfully).

use std::collections::VecDeque;

use bevy::app::TaskPoolThreadAssignmentPolicy;
use bevy::asset::RenderAssetUsages;
use bevy::platform::time::Instant;
use bevy::prelude::*;
use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};
use bevy::sprite::Anchor;
use bevy_cubepath::engine::grid::Cell;
use bevy_cubepath::prelude::*;

#[path = "shared/thread_clock.rs"]
mod thread_clock;
use thread_clock::thread_ms;

fn main() {
    let args: Vec<usize> = std::env::args().skip(1).filter_map(|a| a.parse().ok()).collect();
    let side = args.first().copied().unwrap_or(4096).clamp(64, 4096);
    let units = args.get(1).copied().unwrap_or(1000).clamp(1, 10_000);
    let slices = std::env::var_os("SLICES").is_some();
    let mut app = App::new();
    // searching is this example's main load: the pool it runs on gets a thread per core (by
    // default a quarter of them, one on a 2-core machine), sharing them with the frame
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get());
    let pools = TaskPoolOptions {
        async_compute: TaskPoolThreadAssignmentPolicy {
            min_threads: threads,
            max_threads: threads,
            ..TaskPoolOptions::default().async_compute
        },
        ..default()
    };
    if slices {
        app.insert_resource(PathBudget { preparation: 1_000_000, ..default() });
    } else {
        // answers are collected and new tasks handed out once a frame: with only as many
        // under way as there are threads, a slow frame (100 ms under software rendering)
        // leaves the pool idle after 7 ms of searching; 64 keep it busy (an HPA* search's
        // searcher holds no per-cell arrays, so 64 of them cost little memory)
        app.insert_resource(PathTasks { at_once: 64 });
    }
    app.add_plugins((DefaultPlugins.set(TaskPoolPlugin { task_pool_options: pools }), CubepathPlugin))
        .insert_resource(Settings { side, units, check: std::env::var_os("CUBEPATH_EXAMPLE_CHECK").is_some(), slices })
        .init_resource::<Stats>()
        .add_systems(Startup, setup)
        .add_systems(
            Update,
            (
                start_clock.before(NavSystems::Request),
                (stop_clock, (read_answers, send_again).chain()).chain().after(NavSystems::Follow).before(NavSystems::Move),
                (draw_answers, show_stats).after(NavSystems::Move),
            ),
        );
    // Update's systems one after another on the main thread, so that the thread's CPU time
    // between start_clock and stop_clock is the plugin's systems' and nothing else's
    app.edit_schedule(Update, |schedule| {
        schedule.set_executor(bevy::ecs::schedule::SingleThreadedExecutor::new());
    });
    app.run();
}

/// Drawn board side in pixels (the window is 1280 x 720).
const DRAWN: f32 = 680.0;

#[derive(Resource)]
struct Settings {
    side: usize,
    units: usize,
    check: bool,
    /// Searches in slices on the main thread (no `PathTasks`).
    slices: bool,
}

/// A unit: when it last asked, and whether that was with every other unit at once.
#[derive(Component)]
struct Unit {
    asked: Instant,
    together: bool,
}

/// The on-screen report.
#[derive(Component)]
struct Report;

/// What is measured: frame times and main-thread pathfinding times (ms, the last 240 frames;
/// since the units asked, and over every frame, the worst and how many frames went over 2 ms),
/// answer latencies (ms), and the phases' times.
#[derive(Resource)]
struct Stats {
    rng: u64,
    clock: Option<f64>,
    frames: VecDeque<f32>,
    work: VecDeque<f32>,
    worst_work: f32,
    since: usize,
    over: usize,
    /// Over every frame: the worst, frames, and frames over 2 ms.
    all: (f32, usize, usize),
    latencies: Vec<f32>,
    answered: usize,
    again: usize,
    refused: usize,
    started: Instant,
    clusters_built: Option<f32>,
    asked_at: Option<Instant>,
    recent: VecDeque<Vec<Vec2>>,
    last_shown: f32,
}

impl Default for Stats {
    fn default() -> Self {
        Stats {
            rng: 0x9E37_79B9_7F4A_7C15,
            clock: None,
            frames: VecDeque::new(),
            work: VecDeque::new(),
            worst_work: 0.0,
            since: 0,
            over: 0,
            all: (0.0, 0, 0),
            latencies: Vec::new(),
            answered: 0,
            again: 0,
            refused: 0,
            started: Instant::now(),
            clusters_built: None,
            asked_at: None,
            recent: VecDeque::new(),
            last_shown: 0.0,
        }
    }
}

impl Stats {
    fn below(&mut self, n: usize) -> usize {
        self.rng ^= self.rng << 13;
        self.rng ^= self.rng >> 7;
        self.rng ^= self.rng << 17;
        (self.rng % n as u64) as usize
    }

    /// A random open cell.
    fn open_cell(&mut self, nav: &NavGrid) -> Pos {
        loop {
            let p = (self.below(nav.grid.width()), self.below(nav.grid.height()));
            if nav.grid.is_passable(p.0, p.1) {
                return p;
            }
        }
    }
}

fn setup(mut commands: Commands, settings: Res<Settings>, mut stats: ResMut<Stats>, mut images: ResMut<Assets<Image>>) {
    // no multisampling (a camera's default is 4x): under a software renderer (lavapipe, as in
    // CI) it took the frame 75-80 ms against 43-72 ms without, CPU the searches would use; a
    // flat board of dots gains little from it
    commands.spawn((Camera2d, Msaa::Off));
    let n = settings.side;
    let mut grid = Grid::new(n, n).expect("a side of 64 to 4096");
    for y in 0..n {
        for x in 0..n {
            if stats.below(100) < 20 {
                grid.set(x, y, Cell::Blocked).expect("on the grid");
            }
        }
    }
    // cell (0, 0) at the top left of a square DRAWN pixels wide, right of the report
    let cell = DRAWN / n as f32;
    let centre = Vec3::new(280.0, 0.0, 0.0);
    let origin = centre + Vec3::new(-DRAWN / 2.0 + cell / 2.0, DRAWN / 2.0 - cell / 2.0, 0.0);
    let nav = NavGrid::new(grid).with_options(SearchOptions { algorithm: Algorithm::Hpa, ..default() }).placed(Plane::Xy, cell, origin);
    let board = Sprite { custom_size: Some(Vec2::splat(DRAWN)), ..Sprite::from_image(images.add(board_image(&nav.grid))) };
    commands.spawn((board, Transform::from_translation(centre)));
    commands.spawn((
        Text2d::new("building..."),
        TextFont { font_size: FontSize::Px(15.0), ..default() },
        Anchor::TOP_LEFT,
        Transform::from_xyz(-620.0, 340.0, 2.0),
        Report,
    ));
    // the first request builds the clusters; the units ask when its answer comes
    let (from, to) = (stats.open_cell(&nav), stats.open_cell(&nav));
    commands.spawn((PathRequest::new(from, to), Unit { asked: Instant::now(), together: false }));
    stats.started = Instant::now();
    commands.spawn(nav);
}

/// The board as an image: a pixel per `f` x `f` cells, darker the more of them are walls.
fn board_image(grid: &Grid) -> Image {
    let f = grid.width().div_ceil(1024).max(1);
    let side = grid.width().div_ceil(f);
    let mut data = Vec::with_capacity(side * side * 4);
    for py in 0..side {
        for px in 0..side {
            let cells = (0..f * f).map(|k| (px * f + k % f, py * f + k / f)).filter(|&(x, y)| x < grid.width() && y < grid.height());
            let (open, all) = cells.fold((0, 0), |(o, a), (x, y)| (o + usize::from(grid.is_passable(x, y)), a + 1));
            let v = (60.0 + 170.0 * open as f32 / all.max(1) as f32) as u8;
            data.extend_from_slice(&[v, v, (v as f32 * 0.95) as u8, 255]);
        }
    }
    let size = Extent3d { width: side as u32, height: side as u32, depth_or_array_layers: 1 };
    let mut image = Image::new(size, TextureDimension::D2, data, TextureFormat::Rgba8UnormSrgb, RenderAssetUsages::RENDER_WORLD);
    image.sampler = bevy::image::ImageSampler::linear();
    image
}

fn start_clock(mut stats: ResMut<Stats>) {
    stats.clock = Some(thread_ms());
}

/// The main thread's pathfinding work this frame: its CPU time in the plugin's Request, Search
/// and Follow sets (Update runs single-threaded here, so their systems run on it, in order,
/// between these two).
fn stop_clock(mut stats: ResMut<Stats>, time: Res<Time>) {
    let stats = &mut *stats;
    let Some(t) = stats.clock.take() else { return };
    let work = (thread_ms() - t) as f32;
    let frame = time.delta_secs() * 1e3;
    for (queue, v) in [(&mut stats.work, work), (&mut stats.frames, frame)] {
        queue.push_back(v);
        if queue.len() > 240 {
            queue.pop_front();
        }
    }
    stats.all = (stats.all.0.max(work), stats.all.1 + 1, stats.all.2 + usize::from(work > 2.0));
    if stats.asked_at.is_some() {
        stats.worst_work = stats.worst_work.max(work);
        stats.since += 1;
        stats.over += usize::from(work > 2.0);
    }
}

/// Answers that came this frame: their latency, a check of every step (with the CI check), and
/// when the clusters' first answer comes, the units' requests.
fn read_answers(
    mut commands: Commands,
    settings: Res<Settings>,
    mut stats: ResMut<Stats>,
    mut answers: Query<(Entity, &PathAnswer, &mut Unit, Has<FollowPath>), Changed<PathAnswer>>,
    grid: Query<&NavGrid>,
    mut exit: MessageWriter<AppExit>,
) -> Result {
    let nav = grid.single()?;
    for (e, answer, mut unit, follows) in &mut answers {
        let Ok(found) = &answer.result else {
            if std::mem::take(&mut unit.together) {
                stats.answered += 1; // a refusal is an answer too (a goal walled off, say)
                stats.latencies.push(unit.asked.elapsed().as_secs_f32() * 1e3);
            }
            stats.refused += 1;
            continue;
        };
        if settings.check && !lawful(&nav.grid, &found.cells) {
            error!("big_world: an answer crosses a wall or steps unlawfully: {:?}", found.cells);
            exit.write(AppExit::error());
        }
        stats.recent.push_back(found.cells.iter().map(|&p| nav.to_world(p).truncate()).collect());
        if stats.recent.len() > 12 {
            stats.recent.pop_front();
        }
        if !follows {
            // the first answer: the clusters are built; now every unit asks at once
            stats.clusters_built = Some(stats.started.elapsed().as_secs_f32());
            commands.entity(e).despawn();
            let now = Instant::now();
            for k in 0..settings.units {
                let (from, to) = (stats.open_cell(nav), stats.open_cell(nav));
                let hue = (k as f32 * 137.5) % 360.0;
                commands.spawn((
                    Sprite::from_color(Color::hsl(hue, 0.8, 0.45), Vec2::splat(4.0)),
                    Transform::from_translation(nav.to_world(from) + Vec3::Z),
                    PathRequest::new(from, to),
                    FollowPath::new(nav.cell_size * 12.0).at_height(1.0),
                    Unit { asked: now, together: true },
                ));
            }
            stats.asked_at = Some(now);
            continue;
        }
        if std::mem::take(&mut unit.together) {
            stats.answered += 1;
            stats.latencies.push(unit.asked.elapsed().as_secs_f32() * 1e3);
        } else {
            stats.again += 1;
        }
    }
    if settings.check && stats.answered >= settings.units {
        info!("big_world: {}", summary(&stats, &settings).join("; "));
        exit.write(AppExit::Success);
    }
    Ok(())
}

/// Whether every step of `cells` is one of the grid's moves: to a neighbour, open, and a
/// diagonal with both sides open (checked here from the rules, not by the engine).
fn lawful(grid: &Grid, cells: &[Pos]) -> bool {
    let open = |x: usize, y: usize| grid.is_passable(x, y);
    cells.iter().all(|&(x, y)| open(x, y))
        && cells.windows(2).all(|s| {
            let ((ax, ay), (bx, by)) = (s[0], s[1]);
            let (dx, dy) = (ax.abs_diff(bx), ay.abs_diff(by));
            dx <= 1 && dy <= 1 && dx + dy > 0 && (dx + dy == 1 || (open(ax, by) && open(bx, ay)))
        })
}

/// A unit that arrived asks for a new goal.
fn send_again(
    mut arrived: MessageReader<Arrived>,
    mut units: Query<(&mut PathRequest, &mut Unit)>,
    grid: Query<&NavGrid>,
    mut stats: ResMut<Stats>,
) -> Result {
    let nav = grid.single()?;
    for a in arrived.read() {
        if let Ok((mut request, mut unit)) = units.get_mut(a.entity) {
            *request = PathRequest::new(a.cell, stats.open_cell(nav));
            unit.asked = Instant::now();
        }
    }
    Ok(())
}

fn draw_answers(stats: Res<Stats>, mut gizmos: Gizmos) {
    for path in &stats.recent {
        gizmos.linestrip_2d(path.iter().copied(), Color::srgb(0.95, 0.75, 0.1));
    }
}

fn show_stats(settings: Res<Settings>, mut stats: ResMut<Stats>, mut report: Query<&mut Text2d, With<Report>>) -> Result {
    let now = stats.started.elapsed().as_secs_f32();
    if now - stats.last_shown < 0.25 {
        return Ok(());
    }
    stats.last_shown = now;
    report.single_mut()?.0 = summary(&stats, &settings).join("\n");
    Ok(())
}

/// The report, a line a part: sizes, frame and main-thread times, answers and their latency.
fn summary(stats: &Stats, settings: &Settings) -> Vec<String> {
    let mean = |v: &VecDeque<f32>| v.iter().sum::<f32>() / v.len().max(1) as f32;
    let most = |v: &VecDeque<f32>| v.iter().copied().fold(0.0, f32::max);
    let mut lat = stats.latencies.clone();
    lat.sort_by(f32::total_cmp);
    let at = |q: f32| lat.get(((lat.len() as f32 - 1.0) * q) as usize).copied().unwrap_or(0.0);
    let n = settings.side;
    vec![
        format!("{n} x {n} cells, 20 % walls, {} units, HPA*", settings.units),
        match stats.clusters_built {
            Some(s) => format!("clusters built in {s:.1} s, {}", if settings.slices { "in slices" } else { "in a task" }),
            None => format!("building the clusters: {:.1} s", stats.started.elapsed().as_secs_f32()),
        },
        format!("frame: mean {:.1} ms, worst {:.1} ms", mean(&stats.frames), most(&stats.frames)),
        "pathfinding on the main thread (CPU time)".to_string(),
        format!("  mean {:.3} ms, worst {:.3} ms (last 240 frames)", mean(&stats.work), most(&stats.work)),
        format!("  since the units asked: worst {:.3} ms", stats.worst_work),
        format!("  over 2 ms in {} of {} frames", stats.over, stats.since),
        format!("  in every frame: worst {:.3} ms, over 2 ms in {} of {}", stats.all.0, stats.all.2, stats.all.1),
        format!("answers: {} of the {} asked at once", stats.answered, settings.units),
        format!("  ({} refused; {} since, to new goals)", stats.refused, stats.again),
        format!("  latency p50 {:.0} ms, p95 {:.0} ms, max {:.0} ms", at(0.5), at(0.95), lat.last().copied().unwrap_or(0.0)),
    ]
}
