//! Lines over the cubes, drawn with gizmos each frame: the step view's parent arrows (on each
//! reached cell a small arrow pointing to the cell it was reached from, while the layer is on)
//! and an any-angle path's straight segments between its turning points.

use bevy::prelude::*;

use super::cubes::drawn_flat;
use crate::game::logic::board::Board;
use crate::game::logic::search::PathState;
use crate::game::logic::settings::{StepLayers, race_on, step_view_on};
use crate::game::logic::stepview::StepView;
use crate::game::phases::AppSystems;

/// The most cells that get arrows (more would be a blur of lines and a slow frame).
pub const MAX_ARROW_CELLS: usize = 128 * 128;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            draw_parent_arrows.run_if(step_view_on.and_then(arrows_wanted)),
            draw_any_angle_path.run_if(|path: Res<PathState>| path.corners.len() > 1),
        )
            .run_if(not(race_on))
            .in_set(AppSystems::View),
    );
}

/// The any-angle path as the agent walks it: straight lines from turning point to turning point.
fn draw_any_angle_path(mut gizmos: Gizmos, board: Res<Board>, path: Res<PathState>) {
    let lift = Vec3::Y * 0.08;
    gizmos.linestrip(path.corners.iter().map(|&p| board.world(p) + lift), Color::srgb(0.75, 0.1, 0.6));
}

/// Run condition: the arrows are on and the board is small enough to show them.
fn arrows_wanted(layers: Res<StepLayers>, board: Res<Board>) -> bool {
    layers.arrows && !drawn_flat(&board) && board.grid.width() * board.grid.height() <= MAX_ARROW_CELLS
}

fn draw_parent_arrows(mut gizmos: Gizmos, board: Res<Board>, step: Res<StepView>) {
    let lift = Vec3::Y * 0.06;
    for (p, _) in board.grid.cells() {
        let Some(parent) = step.label(p).and_then(|l| l.parent) else { continue };
        let (from, to) = (board.world(p) + lift, board.world(parent) + lift);
        // from near the cell's centre toward the parent, stopping short of its edge
        let dir = (to - from).normalize_or_zero();
        gizmos.arrow(from - dir * 0.25, from + dir * 0.4, Color::srgb(0.15, 0.15, 0.2)).with_tip_length(0.18);
    }
}
