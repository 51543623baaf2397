//! The race drawn on a voxel world: while it is on, the world gives way to one copy per lane
//! (side by side, or one per quarter for three or four), sharing the world's chunk meshes, each
//! with its search's open, closed and current voxels at the race's step and its path once
//! found; a title over each lane names its algorithm, counters and the winner.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::cubes::CubeAssets;
use super::looks::Look;
use super::words::Words;
use super::world::{WorldAssets, WorldDrawn};
use super::world_steps::{show_look, stage_look};
use crate::engine::world::{Pos3, VoxelGrid};
use crate::game::logic::settings::{Language, RaceSettings, race_on};
use crate::game::logic::world::{WorldBoard, voxel_centre, world_on};
use crate::game::logic::world_race::{WorldLane, WorldRace};
use crate::game::logic::world_steps::Timeline;
use crate::game::phases::ViewSystems;

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<WorldLanesDrawn>()
        .add_systems(
            Update,
            (
                show_single_world,
                build_world_lanes,
                paint_world_lanes
                    .run_if(world_on.and_then(race_on))
                    .run_if(resource_changed::<WorldRace>.or_eager(resource_changed::<WorldLanesDrawn>)),
            )
                .chain()
                .in_set(ViewSystems::WorldLanes),
        )
        .add_systems(EguiPrimaryContextPass, draw_world_lane_titles.run_if(world_on.and_then(race_on)));
}

/// The lanes' layout in columns and rows.
fn lane_grid(lanes: usize) -> (usize, usize) {
    if lanes <= 2 { (lanes.max(1), 1) } else { (2, 2) }
}

/// Where lane `i` of `lanes` is centred, the lanes together centred on the origin.
pub fn world_lane_offset(world: &VoxelGrid, i: usize, lanes: usize) -> Vec3 {
    let (cols, rows) = lane_grid(lanes);
    let (w, h) = (world.width() as f32, world.height() as f32);
    let gap = 2.0 + 0.2 * w.max(h);
    let (c, r) = ((i % cols) as f32, (i / cols) as f32);
    Vec3::new((c - (cols as f32 - 1.0) / 2.0) * (w + gap), 0.0, (r - (rows as f32 - 1.0) / 2.0) * (h + gap))
}

/// The size of all lanes together (x, z), what the camera frames during a race on a world.
pub fn world_race_extent(world: &VoxelGrid, lanes: usize) -> (usize, usize) {
    let (cols, rows) = lane_grid(lanes);
    let (w, h) = (world.width() as f32, world.height() as f32);
    let gap = 2.0 + 0.2 * w.max(h);
    ((cols as f32 * (w + gap)) as usize, (rows as f32 * (h + gap)) as usize)
}

/// The lanes built: their roots, each lane's markers (voxel, entity, look shown) and what they
/// were built for.
#[derive(Resource, Default)]
struct WorldLanesDrawn {
    key: Option<(u64, usize, Option<u64>, usize)>,
    roots: Vec<Entity>,
    markers: Vec<Vec<LaneMarker>>,
}

/// A marker of a lane: its entity, when its voxel takes part in the lane's search (none for a
/// path voxel the search never opened), whether it is on the lane's path, and the look shown.
struct LaneMarker {
    entity: Entity,
    timeline: Option<Timeline>,
    on_path: bool,
    voxel: Pos3,
    shown: Option<Look>,
}

/// The single world is hidden while its race is on.
fn show_single_world(world: Res<WorldBoard>, settings: Res<RaceSettings>, assets: Res<WorldAssets>, mut shown: Query<&mut Visibility>) {
    let want = if settings.on && world.is_on() { Visibility::Hidden } else { Visibility::Inherited };
    if let Ok(mut v) = shown.get_mut(assets.root) {
        v.set_if_neq(want);
    }
}

/// Builds the lanes (or removes them) when the race starts or stops, or the world, its slice or
/// the recording changes: each lane the world's chunk meshes and a hidden marker on every voxel
/// its search touches below the slice.
fn build_world_lanes(
    mut commands: Commands,
    world: Res<WorldBoard>,
    settings: Res<RaceSettings>,
    race: Res<WorldRace>,
    (drawn_world, assets, cubes): (Res<WorldDrawn>, Res<WorldAssets>, Res<CubeAssets>),
    mut drawn: ResMut<WorldLanesDrawn>,
) {
    let on = settings.on && world.is_on() && !race.is_empty();
    let key = on.then_some((world.shape, world.slice, race.lanes.first().and_then(|l| l.view.recording()), race.lanes.len()));
    if drawn.key == key {
        return;
    }
    for e in drawn.roots.drain(..) {
        commands.entity(e).despawn();
    }
    drawn.markers.clear();
    drawn.key = key;
    let Some(grid) = world.grid.as_ref().filter(|_| on) else { return };
    for (i, lane) in race.lanes.iter().enumerate() {
        let at = Transform::from_translation(world_lane_offset(grid, i, race.lanes.len()));
        let root = commands.spawn((Name::new("World lane"), at, Visibility::default())).id();
        for (k, mesh) in drawn_world.meshes.iter().enumerate() {
            let look = if k == 0 { assets.ground.clone() } else { assets.voxels.clone() };
            let t = if k == 0 { Transform::from_xyz(0.0, -0.1, 0.0) } else { Transform::default() };
            commands.spawn((Mesh3d(mesh.clone()), MeshMaterial3d(look), t, ChildOf(root)));
        }
        let path: std::collections::HashSet<Pos3> = lane.path.iter().copied().collect();
        let timelines = lane.view.timelines();
        let opened: std::collections::HashSet<Pos3> = timelines.iter().map(|&(p, _)| p).collect();
        let touched =
            timelines.into_iter().map(|(p, t)| (p, Some(t))).chain(lane.path.iter().filter(|p| !opened.contains(p)).map(|&p| (p, None)));
        let mut markers = Vec::new();
        for (p, timeline) in touched.filter(|(p, _)| p.2 <= world.slice) {
            let marker = (Mesh3d(assets.marker.clone()), MeshMaterial3d(cubes.material(Look::Open).clone()));
            let e = commands.spawn((marker, Transform::from_translation(voxel_centre(grid, p)), Visibility::Hidden, ChildOf(root))).id();
            markers.push(LaneMarker { entity: e, timeline, on_path: path.contains(&p), voxel: p, shown: None });
        }
        drawn.markers.push(markers);
        drawn.roots.push(root);
    }
}

/// How a marker of a lane looks at the race's step.
fn lane_look(world: &WorldBoard, lane: &WorldLane, m: &LaneMarker) -> Option<Look> {
    if world.start == Some(m.voxel) {
        return Some(Look::Start);
    }
    if world.end == Some(m.voxel) {
        return Some(Look::End);
    }
    if m.on_path && lane.shows_path() {
        return Some(Look::Path);
    }
    lane.view.stage(m.timeline?).map(stage_look)
}

/// Shows each lane's markers in their voxels' states at the race's step.
fn paint_world_lanes(
    world: Res<WorldBoard>,
    race: Res<WorldRace>,
    cubes: Res<CubeAssets>,
    mut drawn: ResMut<WorldLanesDrawn>,
    mut q: Query<(&mut MeshMaterial3d<StandardMaterial>, &mut Visibility)>,
) {
    let drawn = drawn.bypass_change_detection();
    for (lane, markers) in race.lanes.iter().zip(drawn.markers.iter_mut()) {
        for marker in markers.iter_mut() {
            let look = lane_look(&world, lane, marker);
            show_look(marker.entity, look, &mut marker.shown, &cubes, &mut q);
        }
    }
}

/// Each lane's algorithm over its far corner, its expansions and, once over, its cost or why
/// it has none; the winner starred in gold.
fn draw_world_lane_titles(
    mut contexts: EguiContexts,
    world: Res<WorldBoard>,
    race: Res<WorldRace>,
    language: Res<Language>,
    cameras: Query<(&Camera, &GlobalTransform), With<Camera3d>>,
) -> Result {
    let (Ok((camera, at)), Some(grid)) = (cameras.single(), world.grid.as_ref()) else { return Ok(()) };
    let ctx = contexts.ctx_mut()?;
    let painter = ctx.layer_painter(egui::LayerId::new(egui::Order::Background, egui::Id::new("lane titles")));
    let winners = race.winners();
    let w = Words(*language);
    let (x, y, z) = (grid.width() as f32 / 2.0, grid.height() as f32 / 2.0, grid.depth() as f32);
    for (i, lane) in race.lanes.iter().enumerate() {
        let corner = world_lane_offset(grid, i, race.lanes.len()) + Vec3::new(-x, z.min(world.slice as f32 + 1.0), -y - 0.3);
        let Ok(screen) = camera.world_to_viewport(at, corner) else { continue };
        let won = winners.contains(&i);
        let colour = if won { egui::Color32::from_rgb(255, 215, 80) } else { egui::Color32::WHITE };
        let title = format!("{}{}", if won { "\u{2605} " } else { "" }, lane.algorithm.name());
        let done = lane.view.shown >= lane.view.closed.len();
        let mut line = w.say(&format!("expanded {}  open {}", lane.view.shown, lane.view.counts().0)).into_owned();
        let end = match (&lane.message, lane.cost, done) {
            (Some(_), ..) => Some(w.t("cannot run here").to_string()),
            (None, Some(c), true) => Some(w.say(&format!("cost {c:.2}")).into_owned()),
            (None, None, true) => Some(w.t("no path").to_string()),
            _ => None,
        };
        if let Some(end) = end {
            line = format!("{line}  {end}");
        }
        let pos = egui::pos2(screen.x, screen.y);
        painter.text(pos - egui::vec2(0.0, 17.0), egui::Align2::LEFT_BOTTOM, title, egui::FontId::proportional(18.0), colour);
        painter.text(pos, egui::Align2::LEFT_BOTTOM, line, egui::FontId::proportional(13.0), colour);
    }
    Ok(())
}
