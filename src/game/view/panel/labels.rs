//! F (large) and G, H (small) over every touched cell of a small board in the step view, like
//! the tutorial's text fields.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use crate::game::logic::board::Board;
use crate::game::logic::settings::{RaceSettings, StepViewOn};
use crate::game::logic::stepview::{Mark, StepView};
use crate::game::logic::world::WorldBoard;

/// Boards up to this side get F/G/H labels over the cubes in the step view.
const LABEL_SIDE: usize = 20;

pub(super) fn draw_labels(
    mut contexts: EguiContexts,
    on: Res<StepViewOn>,
    race: Res<RaceSettings>,
    step: Res<StepView>,
    board: Res<Board>,
    world: Res<WorldBoard>,
    cameras: Query<(&Camera, &GlobalTransform), With<Camera3d>>,
) -> Result {
    if !on.0 || race.on || world.is_on() || board.grid.width().max(board.grid.height()) > LABEL_SIDE {
        return Ok(());
    }
    let Ok((camera, at)) = cameras.single() else { return Ok(()) };
    let ctx = contexts.ctx_mut()?;
    let painter = ctx.layer_painter(egui::LayerId::new(egui::Order::Background, egui::Id::new("cell labels")));
    for (p, _) in board.grid.cells() {
        let Some(l) = step.label(p) else { continue };
        let Ok(screen) = camera.world_to_viewport(at, board.world(p) + Vec3::Y * 0.05) else { continue };
        let pos = egui::pos2(screen.x, screen.y);
        let colour = if l.mark == Mark::Current { egui::Color32::WHITE } else { egui::Color32::BLACK };
        painter.text(pos, egui::Align2::CENTER_BOTTOM, format!("{:.1}", l.f), egui::FontId::proportional(13.0), colour);
        painter.text(pos, egui::Align2::CENTER_TOP, format!("{:.1} {:.1}", l.g, l.h), egui::FontId::proportional(9.0), colour);
    }
    Ok(())
}
