//! The step view on a voxel world: a small cube on every voxel the search has touched so far,
//! blue while open, red once closed, the one just expanded in the current colour; those above
//! the slice are left out. With the heuristic lab's estimate shown (the estimate heat layer),
//! a touched voxel where the estimate is over the true cost shows in the lab's colour for it,
//! one where it drops by more than a move costs in that colour.

use bevy::prelude::*;

use super::cubes::CubeAssets;
use super::looks::Look;
use super::world::WorldAssets;
use crate::engine::world::Pos3;
use crate::game::logic::lab::Judged;
use crate::game::logic::settings::{Heat, StepLayers, StepViewOn};
use crate::game::logic::world::{WorldBoard, voxel_centre};
use crate::game::logic::world_lab::WorldLabReport;
use crate::game::logic::world_steps::{Stage, Timeline, WorldStepView};
use crate::game::phases::ViewSystems;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<StepMarkers>().add_systems(Startup, setup_step_mesh).add_systems(
        Update,
        (
            place_step_markers,
            paint_step_markers.run_if(
                resource_changed::<WorldStepView>
                    .or_eager(resource_changed::<StepMarkers>)
                    .or_eager(resource_changed::<WorldLabReport>)
                    .or_eager(resource_changed::<StepLayers>),
            ),
        )
            .chain()
            .in_set(ViewSystems::Steps),
    );
}

/// The most voxels drawn in the step view (a larger search shows its first ones).
pub const MAX_STEP_MARKERS: usize = 40_000;

/// The step view's markers: one per touched voxel (in the recording's order), what they were
/// made for, and the look each shows.
#[derive(Resource, Default)]
pub struct StepMarkers {
    /// The markers, the voxel each sits on and when it takes part.
    pub markers: Vec<(Pos3, Entity, Timeline)>,
    made_for: Option<(Option<u64>, usize, bool)>,
    shown: Vec<Option<Look>>,
    mesh: Handle<Mesh>,
}

fn setup_step_mesh(mut markers: ResMut<StepMarkers>, mut meshes: ResMut<Assets<Mesh>>) {
    markers.mesh = meshes.add(Cuboid::new(0.3, 0.3, 0.3));
}

/// Spawns a hidden marker on each voxel of a new recording (and removes them when the step view
/// or the world goes).
fn place_step_markers(
    mut commands: Commands,
    world: Res<WorldBoard>,
    on: Res<StepViewOn>,
    view: Res<WorldStepView>,
    (cubes, world_assets): (Res<CubeAssets>, Res<WorldAssets>),
    mut markers: ResMut<StepMarkers>,
) {
    let on = on.0 && world.is_on();
    let key = (view.recording(), world.slice, on);
    if markers.made_for == Some(key) {
        return;
    }
    for (_, e, _) in markers.markers.drain(..) {
        commands.entity(e).despawn();
    }
    markers.made_for = Some(key);
    markers.shown.clear();
    let Some(grid) = world.grid.as_ref().filter(|_| on) else { return };
    let mesh = markers.mesh.clone();
    for (p, t) in view.timelines().into_iter().filter(|(p, _)| p.2 <= world.slice).take(MAX_STEP_MARKERS) {
        let e = commands
            .spawn((
                Name::new("World step"),
                Mesh3d(mesh.clone()),
                MeshMaterial3d(cubes.material(Look::Open).clone()),
                Transform::from_translation(voxel_centre(grid, p)),
                Visibility::Hidden,
                ChildOf(world_assets.root),
            ))
            .id();
        markers.markers.push((p, e, t));
    }
    markers.shown = vec![None; markers.markers.len()];
}

/// How a voxel at a stage of the search is drawn.
pub fn stage_look(stage: Stage) -> Look {
    match stage {
        Stage::Open => Look::Open,
        Stage::Closed => Look::Closed,
        Stage::Current => Look::Current,
    }
}

/// Shows each marker in its voxel's state after the shown expansions (or, with the lab's
/// estimate shown, in the lab's colour where the estimate lies there).
fn paint_step_markers(
    (view, world, lab, layers): (Res<WorldStepView>, Res<WorldBoard>, Res<WorldLabReport>, Res<StepLayers>),
    cubes: Res<CubeAssets>,
    mut markers: ResMut<StepMarkers>,
    mut q: Query<(&mut MeshMaterial3d<StandardMaterial>, &mut Visibility)>,
) {
    let markers = markers.bypass_change_detection();
    let judged = world.grid.as_ref().filter(|_| layers.heat == Heat::Estimate && !lab.voxels.is_empty());
    for (i, &(p, e, t)) in markers.markers.iter().enumerate() {
        let look = view.stage(t).map(|stage| match judged {
            Some(grid) if matches!(lab.at(grid, p), Some(Judged::Over(_))) => Look::Over,
            Some(grid) if lab.drops_at(grid, p) => Look::Drop,
            _ => stage_look(stage),
        });
        show_look(e, look, &mut markers.shown[i], &cubes, &mut q);
    }
}

/// Gives a marker `look` (hidden for none), unless it shows it already (`shown`).
pub fn show_look(
    marker: Entity,
    look: Option<Look>,
    shown: &mut Option<Look>,
    cubes: &CubeAssets,
    q: &mut Query<(&mut MeshMaterial3d<StandardMaterial>, &mut Visibility)>,
) {
    if *shown == look {
        return;
    }
    *shown = look;
    if let Ok((mut m, mut v)) = q.get_mut(marker) {
        match look {
            Some(look) => {
                m.0 = cubes.material(look).clone();
                *v = Visibility::Inherited;
            }
            None => *v = Visibility::Hidden,
        }
    }
}
