//! When the game is busy and when it is done: the log lines a browser test waits for
//! ("cubepath ready", "cubepath walk finished", and a "cubepath state" line on every change of
//! the selection, path, walk, seed or hovered cell), and --screenshot FILE: run until the
//! search is done and any walk has finished, save the window as a PNG, log the colours it shows
//! for each role ([`super::swatches`]) and exit (non-zero with a message when it cannot).

use std::path::PathBuf;

use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured};

use super::camera::OrbitCamera;
use super::swatches::{Swatches, swatch_line};
use super::text::cell_text as cell;
use crate::game::logic::agent::Agent;
use crate::game::logic::board::{Board, Hover, Selection};
use crate::game::logic::crowd::{BoardCrowd, crowd_exists};
use crate::game::logic::lab::{Lab, LabReport};
use crate::game::logic::race::Race;
use crate::game::logic::search::PathState;
use crate::game::logic::settings::BoardSettings;
use crate::game::logic::setup::GameSetup;
use crate::game::logic::status::Status;
use crate::game::logic::walk::{Walk, WalkRequested};
use crate::game::logic::world::WorldBoard;
use crate::game::logic::world_lab::WorldLabReport;
use crate::game::phases::ViewSystems;

pub(super) fn plugin(app: &mut App) {
    // Two writers of AppExit in one frame (the screenshot done, Ctrl+C) both ask to quit: in
    // either order the app exits once, so the pair is left unordered on purpose.
    app.allow_ambiguous_resource::<Messages<AppExit>>();
    app.add_systems(
        Update,
        (
            announce_progress.run_if(|path: Res<PathState>| path.searches > 0),
            take_screenshot_when_done.run_if(|s: Res<GameSetup>| s.screenshot.is_some()),
            report_state.run_if(
                resource_changed::<Selection>
                    .or_eager(resource_changed::<PathState>)
                    .or_eager(resource_changed::<Walk>)
                    .or_eager(resource_changed::<BoardSettings>)
                    .or_eager(resource_changed::<Hover>)
                    .or_eager(resource_changed::<LabReport>),
            ),
            report_status.run_if(resource_changed::<Status>),
            report_race.run_if(resource_changed::<Race>),
            report_crowd.run_if(crowd_exists),
            report_world.run_if(resource_changed::<WorldBoard>.or_eager(resource_changed::<WorldLabReport>)),
            report_camera.run_if(resource_changed::<OrbitCamera>),
        )
            .in_set(ViewSystems::Report),
    );
}

/// Whether a search is pending or a walk is under way.
fn is_busy(path: &PathState, walk: &Walk, requested: &WalkRequested, agents: &Query<&Agent>) -> bool {
    path.searches == 0 || requested.auto || requested.now || walk.is_running() || agents.iter().any(|a| !a.arrived)
}

/// Logs "cubepath ready" once the first search is shown, and "cubepath walk finished" each
/// time a walk ends.
fn announce_progress(
    path: Res<PathState>,
    walk: Res<Walk>,
    requested: Res<WalkRequested>,
    agents: Query<&Agent>,
    board: Res<Board>,
    mut frames: Local<u32>,
    mut was_walking: Local<bool>,
) {
    *frames += 1;
    if *frames == 3 {
        info!("cubepath ready: {} x {} board, path of {} cells", board.grid.width(), board.grid.height(), path.cells.len());
    }
    let walking = walk.is_running() || agents.iter().any(|a| !a.arrived);
    if *was_walking && !walking {
        info!("cubepath walk finished");
    }
    *was_walking = walking || (requested.auto && path.found());
}

/// Logs the state a test needs to check a session exactly, whenever it changes:
/// `cubepath state: start=X,Y end=X,Y cost=C cells=N walked=W seed=S blocked=B hover=X,Y
/// over=N` (over: the heuristic lab's cells over the true cost, `-` without a formula).
fn report_state(
    selection: Res<Selection>,
    path: Res<PathState>,
    walk: Res<Walk>,
    settings: Res<BoardSettings>,
    board: Res<Board>,
    hover: Res<Hover>,
    (lab, report): (Res<Lab>, Res<LabReport>),
) {
    info!(
        "cubepath state: start={} end={} cost={} cells={} walked={} seed={} blocked={} hover={} over={}",
        cell(selection.start),
        cell(selection.end),
        path.cost.map_or("none".to_string(), |c| format!("{c:.4}")),
        path.cells.len(),
        walk.walked,
        settings.seed,
        board.grid.width() * board.grid.height() - board.grid.passable_count(),
        cell(hover.0),
        if lab.formula.is_some() { report.over.to_string() } else { "-".into() }
    );
}

/// Logs each new message for the player: `cubepath says: ...`.
/// `cubepath race: bfs 61 22.90, dijkstra ...; winner astar` once a race is recorded: each lane's
/// algorithm, the expansions it needs and its path's cost.
fn report_race(race: Res<Race>, mut last: Local<Option<String>>) {
    if race.is_empty() {
        return;
    }
    let lanes: Vec<String> = race
        .lanes
        .iter()
        .map(|l| format!("{} {} {}", l.algorithm.name(), l.view.steps.len(), l.cost.map_or("none".into(), |c| format!("{c:.4}"))))
        .collect();
    let line = lanes.join(", ");
    if last.as_deref() != Some(line.as_str()) {
        info!("cubepath race: {line}");
        *last = Some(line);
    }
}

/// `cubepath crowd: tick T agents N arrivals A conflicts C` every 20 ticks.
fn report_crowd(crowd: BoardCrowd, mut last: Local<usize>) {
    let Some(crowd) = crowd.get() else { return };
    let s = crowd.stats();
    if s.ticks / 20 != *last / 20 {
        *last = s.ticks;
        info!("cubepath crowd: tick {} agents {} arrivals {} conflicts {}", s.ticks, crowd.agents().len(), s.arrivals, s.conflicts);
    }
}

/// `cubepath world: 24x24x8 start=X,Y,Z end=X,Y,Z cost=C voxels=N walked=W slice=S over=N`
/// whenever the world's search, walk, slice or lab report changes (over: the heuristic lab's
/// voxels over the true cost, `-` without a formula).
fn report_world(world: Res<WorldBoard>, (lab, report): (Res<Lab>, Res<WorldLabReport>), mut last: Local<String>) {
    let Some(grid) = world.grid.as_ref() else { return };
    let voxel = |p: Option<crate::engine::world::Pos3>| p.map_or("-".to_string(), |p| format!("{},{},{}", p.0, p.1, p.2));
    let line = format!(
        "cubepath world: {}x{}x{} start={} end={} cost={} voxels={} walked={} slice={} over={}",
        grid.width(),
        grid.height(),
        grid.depth(),
        voxel(world.start),
        voxel(world.end),
        world.answer.cost.map_or("none".to_string(), |c| format!("{c:.4}")),
        world.answer.path.len(),
        world.walked(),
        world.slice,
        if lab.formula.is_some() { report.over.to_string() } else { "-".into() }
    );
    if *last != line {
        info!("{line}");
        *last = line;
    }
}

/// `cubepath camera: yaw=Y pitch=P distance=D` whenever the camera moves (radians, and world
/// units from what it looks at): the browser test reads a two-finger orbit and pinch in it.
fn report_camera(orbit: Res<OrbitCamera>, mut last: Local<String>) {
    let line = format!("cubepath camera: yaw={:.3} pitch={:.3} distance={:.2}", orbit.yaw, orbit.pitch, orbit.distance);
    if *last != line {
        info!("{line}");
        *last = line;
    }
}

fn report_status(status: Res<Status>) {
    if !status.0.is_empty() {
        info!("cubepath says: {}", status.0);
    }
}

/// Frames to let the panel settle after everything is done.
const SETTLE_FRAMES: u32 = 10;
/// Give up after this many seconds.
const TIMEOUT_SECS: f32 = 120.0;
/// The earliest a screenshot is taken, in seconds after the start.
const MIN_SECS: f32 = 4.0;

#[derive(Default)]
struct Progress {
    idle_frames: u32,
    requested: bool,
    /// The frame times (ms) while it waited, idle, for the screenshot.
    frame_ms: Vec<f32>,
}

fn take_screenshot_when_done(
    mut commands: Commands,
    setup: Res<GameSetup>,
    path: Res<PathState>,
    walk: Res<Walk>,
    requested: Res<WalkRequested>,
    agents: Query<&Agent>,
    world: Res<WorldBoard>,
    time: Res<Time<Real>>,
    (swatches, windows): (Swatches, Query<&Window>),
    mut progress: Local<Progress>,
    mut exit: MessageWriter<AppExit>,
) {
    if progress.requested {
        return;
    }
    if time.elapsed_secs() > TIMEOUT_SECS {
        error!("cubepath: the screenshot was not taken within {TIMEOUT_SECS} s");
        exit.write(AppExit::error());
        return;
    }
    if is_busy(&path, &walk, &requested, &agents) || world.is_busy() {
        progress.idle_frames = 0;
        progress.frame_ms.clear();
        return;
    }
    progress.idle_frames += 1;
    progress.frame_ms.push(time.delta_secs() * 1e3);
    // Bevy compiles render pipelines in the background and draws nothing that lacks one: on a
    // loaded machine the first second can show the panel over an empty scene, so wait a while.
    if progress.idle_frames < SETTLE_FRAMES || time.elapsed_secs() < MIN_SECS {
        return;
    }
    progress.requested = true;
    let ms = &progress.frame_ms[1..]; // the first idle frame may still hold the search
    let mean = ms.iter().sum::<f32>() / ms.len().max(1) as f32;
    info!(
        "cubepath frames: {} idle before the screenshot, mean {mean:.1} ms, worst {:.1} ms",
        ms.len(),
        ms.iter().copied().fold(0.0, f32::max)
    );
    let file: PathBuf = setup.screenshot.clone().expect("run only with a screenshot path");
    let places = swatches.places();
    let scale = windows.iter().next().map_or(1.0, |w| w.scale_factor());
    commands.spawn((Name::new("Screenshot"), Screenshot::primary_window())).observe(
        move |captured: On<ScreenshotCaptured>, mut exit: MessageWriter<AppExit>| match save_png(&captured.image, &file) {
            Ok(rgb) => {
                info!("cubepath swatches: {}", swatch_line(&places, (rgb.0, rgb.1, &rgb.2), scale));
                info!("screenshot saved to {}", file.display());
                exit.write(AppExit::Success);
            }
            Err(e) => {
                error!("cubepath: cannot save the screenshot to {}: {e}", file.display());
                exit.write(AppExit::error());
            }
        },
    );
}

/// Writes the image to a temporary file beside `file`, then renames it into place; the pixels
/// written (width, height, three bytes a pixel).
fn save_png(image: &Image, file: &std::path::Path) -> Result<(u32, u32, Vec<u8>), String> {
    let rgb = image.clone().try_into_dynamic().map_err(|e| e.to_string())?.to_rgb8();
    let tmp = file.with_extension("png.tmp");
    rgb.save_with_format(&tmp, bevy::image::ImageFormat::Png.as_image_crate_format().ok_or("no PNG encoder")?)
        .map_err(|e| e.to_string())?;
    std::fs::rename(&tmp, file).map_err(|e| e.to_string())?;
    Ok((rgb.width(), rgb.height(), rgb.into_raw()))
}
