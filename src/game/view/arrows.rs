//! Lines over the cubes, drawn with gizmos each frame: the step view's parent arrows (on each
//! reached cell a small arrow pointing to the cell it was reached from, while the layer is on)
//! and an any-angle path's straight segments between its turning points; and with Jump Point
//! Search, the scans from the cell just expanded, their jump points and forced neighbours; with
//! the subgoal graph, the prepared graph itself: its subgoals and edges over the board; with
//! HPA*, its clusters and their entrances.

use std::sync::Arc;

use bevy::prelude::*;

use super::cubes::drawn_flat;
use crate::engine::{
    grid::Pos,
    search::{Algorithm, Hierarchy, JumpDistances, JumpScan, Prepared, jump_scans, prepare},
};
use crate::game::logic::board::{Board, Hover, Selection};
use crate::game::logic::search::PathState;
use crate::game::logic::settings::{SearchSettings, StepLayers, race_on, step_view_on};
use crate::game::logic::stepview::StepView;
use crate::game::phases::{AppSystems, ViewSystems};

/// The most cells that get arrows (more would be a blur of lines and a slow frame).
pub const MAX_ARROW_CELLS: usize = 128 * 128;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<JumpsUnderPointer>().add_systems(Update, describe_jumps_under_pointer.in_set(AppSystems::View));
    app.add_systems(
        Update,
        (
            draw_parent_arrows.run_if(step_view_on.and_then(arrows_wanted)),
            draw_any_angle_path.run_if(|path: Res<PathState>| path.corners.len() > 1),
            draw_jump_scans.run_if(step_view_on.and_then(|s: Res<SearchSettings>| s.0.algorithm.jumps())),
            draw_subgoal_graph.run_if(step_view_on.and_then(subgoals_wanted)),
            draw_hpa_clusters.run_if(step_view_on.and_then(clusters_wanted)),
        )
            .run_if(not(race_on))
            .in_set(ViewSystems::Steps),
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

/// Run condition: the subgoal graph is picked on a board small enough to draw its graph.
fn subgoals_wanted(search: Res<SearchSettings>, board: Res<Board>) -> bool {
    search.0.algorithm == Algorithm::Subgoal && !drawn_flat(&board) && board.grid.width() * board.grid.height() <= MAX_ARROW_CELLS
}

/// The subgoal graph made visible: a post on each subgoal (a corner a shortest path may turn
/// at) and a line along each edge between two subgoals (no shortcuts). Prepared here for the
/// board as it is, and again after an edit (a board with terrain has none to draw).
fn draw_subgoal_graph(mut gizmos: Gizmos, board: Res<Board>, mut kept: Local<Option<((u64, u64), Option<Prepared>)>>) {
    if kept.as_ref().is_none_or(|(v, _)| *v != board.grid.version()) {
        *kept = Some((board.grid.version(), prepare(&board.grid).ok()));
    }
    let Some((_, Some(prepared))) = kept.as_ref() else { return };
    let lift = Vec3::Y * 0.1;
    for (a, b) in prepared.edge_cells() {
        gizmos.line(board.world(a) + lift, board.world(b) + lift, Color::srgb(0.1, 0.55, 0.35));
    }
    for p in prepared.subgoal_cells() {
        gizmos.line(board.world(p) + lift, board.world(p) + Vec3::Y * 0.7, Color::srgb(0.05, 0.4, 0.2));
    }
}

/// Run condition: HPA* is picked on a square board drawn as cubes.
fn clusters_wanted(search: Res<SearchSettings>, board: Res<Board>) -> bool {
    search.0.algorithm == Algorithm::Hpa && !board.hex && !drawn_flat(&board)
}

/// HPA* made visible: each cluster's outline (grey) and each entrance (magenta: a line across the
/// border between its two cells and a post on each). Built here for the board as it is, and
/// brought up to date after an edit as the engine does (only the clusters it touches; a board
/// with terrain has none to draw).
fn draw_hpa_clusters(mut gizmos: Gizmos, board: Res<Board>, mut kept: Local<Option<Arc<Hierarchy>>>) {
    let Some(hierarchy) = Hierarchy::kept(&mut kept, &board.grid) else { return };
    let lift = Vec3::Y * 0.09;
    let origin = board.world((0, 0));
    let (ex, ey) = (board.world((1, 0)) - origin, board.world((0, 1)) - origin);
    for ((x0, y0, x1, y1), _) in hierarchy.clusters() {
        let corner = board.world((x0, y0)) - 0.5 * (ex + ey) + lift;
        let (across, down) = ((x1 - x0) as f32 * ex, (y1 - y0) as f32 * ey);
        gizmos.linestrip([corner, corner + across, corner + across + down, corner + down, corner], Color::srgb(0.25, 0.25, 0.3));
    }
    let magenta = Color::srgb(0.8, 0.1, 0.55);
    for (p, q) in hierarchy.entrances() {
        gizmos.line(board.world(p) + lift, board.world(q) + lift, magenta);
        for c in [p, q] {
            gizmos.line(board.world(c) + lift, board.world(c) + Vec3::Y * 0.6, magenta);
        }
    }
}

/// JPS made visible: from the cell the step view just expanded, each scan as an orange line (the
/// straight scans a diagonal one makes from its cells fainter), each jump point it stopped at
/// ringed green and each forced neighbour that stopped it ringed red.
fn draw_jump_scans(mut gizmos: Gizmos, board: Res<Board>, step: Res<StepView>, selection: Res<Selection>) {
    let (Some(k), Some(goal)) = (step.shown.checked_sub(1), selection.end) else { return };
    let Some(now) = step.steps.get(k) else { return };
    let parent = step.label(now.current).and_then(|l| l.parent);
    for scan in jump_scans(&board.grid, now.current, parent, goal) {
        draw_scan(&mut gizmos, &board, now.current, &scan, Color::srgb(1.0, 0.45, 0.0));
        for branch in &scan.branches {
            let Some(&first) = branch.cells.first() else { continue };
            let (dx, dy) = branch.direction;
            let from = ((first.0 as isize - dx as isize) as usize, (first.1 as isize - dy as isize) as usize);
            draw_scan(&mut gizmos, &board, from, branch, Color::srgba(1.0, 0.6, 0.2, 0.45));
        }
    }
}

fn draw_scan(gizmos: &mut Gizmos, board: &Board, from: Pos, scan: &JumpScan, colour: Color) {
    let lift = Vec3::Y * 0.1;
    let flat = Quat::from_rotation_x(std::f32::consts::FRAC_PI_2);
    gizmos.linestrip(std::iter::once(from).chain(scan.cells.iter().copied()).map(|p| board.world(p) + lift), colour);
    if let Some(j) = scan.jump_point {
        gizmos.circle(Isometry3d::new(board.world(j) + lift, flat), 0.38, Color::srgb(0.1, 0.75, 0.3));
    }
    for &f in &scan.forced {
        gizmos.circle(Isometry3d::new(board.world(f) + lift, flat), 0.3, Color::srgb(0.9, 0.1, 0.1));
    }
}

/// With JPS+ in the step view: the eight jump distances of the cell under the pointer, as the
/// panel shows them.
#[derive(Resource, Default)]
pub struct JumpsUnderPointer(pub Option<String>);

/// Reads the pointed cell's distances from JPS+'s table (made again only when the board changes).
fn describe_jumps_under_pointer(
    board: Res<Board>,
    hover: Res<Hover>,
    search: Res<SearchSettings>,
    step_on: Res<crate::game::logic::settings::StepViewOn>,
    mut table: Local<Option<((u64, u64), JumpDistances)>>,
    mut out: ResMut<JumpsUnderPointer>,
) {
    let wanted = step_on.0 && search.0.algorithm == Algorithm::JpsPlus;
    let text = hover.0.filter(|_| wanted).and_then(|p| {
        if table.as_ref().is_none_or(|(v, _)| *v != board.grid.version()) {
            *table = Some((board.grid.version(), JumpDistances::new(&board.grid)));
        }
        let d = table.as_ref()?.1.at(p)?;
        let parts: Vec<String> = JumpDistances::DIRECTIONS.iter().zip(d).map(|(name, k)| format!("{name} {k}")).collect();
        Some(format!("JPS+ jumps from {},{}: {} (k > 0: a jump point k steps away; -k: k steps to a wall)", p.0, p.1, parts.join("  ")))
    });
    if out.0 != text {
        out.0 = text;
    }
}
