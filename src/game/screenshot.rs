//! --screenshot FILE: run until the search is done and any walk has finished, save the window
//! as a PNG and exit (non-zero with a message when it cannot).

use std::path::PathBuf;

use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured};

use super::GameSetup;
use super::agent::Agent;
use super::input::AutoWalk;
use super::pathing::PathState;
use super::walk::Walk;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, take_screenshot_when_done.run_if(|s: Res<GameSetup>| s.screenshot.is_some()));
}

/// Frames to let the panel settle after everything is done.
const SETTLE_FRAMES: u32 = 10;
/// Give up after this many seconds.
const TIMEOUT_SECS: f32 = 120.0;

#[derive(Default)]
struct Progress {
    idle_frames: u32,
    requested: bool,
}

fn take_screenshot_when_done(
    mut commands: Commands,
    setup: Res<GameSetup>,
    path: Res<PathState>,
    walk: Res<Walk>,
    auto: Res<AutoWalk>,
    agents: Query<&Agent>,
    time: Res<Time<Real>>,
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
    let busy = path.searches == 0 || auto.0 || walk.is_running() || agents.iter().any(|a| !a.arrived);
    if busy {
        progress.idle_frames = 0;
        return;
    }
    progress.idle_frames += 1;
    if progress.idle_frames < SETTLE_FRAMES {
        return;
    }
    progress.requested = true;
    let file: PathBuf = setup.screenshot.clone().expect("run only with a screenshot path");
    commands.spawn((Name::new("Screenshot"), Screenshot::primary_window())).observe(
        move |captured: On<ScreenshotCaptured>, mut exit: MessageWriter<AppExit>| {
            match save_png(&captured.image, &file) {
                Ok(()) => {
                    info!("screenshot saved to {}", file.display());
                    exit.write(AppExit::Success);
                }
                Err(e) => {
                    error!("cubepath: cannot save the screenshot to {}: {e}", file.display());
                    exit.write(AppExit::error());
                }
            }
        },
    );
}

/// Writes the image to a temporary file beside `file`, then renames it into place.
fn save_png(image: &Image, file: &std::path::Path) -> Result<(), String> {
    let rgb = image.clone().try_into_dynamic().map_err(|e| e.to_string())?.to_rgb8();
    let tmp = file.with_extension("png.tmp");
    rgb.save_with_format(&tmp, bevy::image::ImageFormat::Png.as_image_crate_format().ok_or("no PNG encoder")?)
        .map_err(|e| e.to_string())?;
    std::fs::rename(&tmp, file).map_err(|e| e.to_string())
}
