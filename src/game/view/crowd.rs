//! The crowd drawn: one small capsule per agent, sharing one mesh and a material per state
//! (walking, waiting for a search or a goal, gathered, picked), moved smoothly between the
//! logic's ticks and turned toward where it goes with a frame-rate-independent slerp; the
//! picked agent's path, the gathering cell, and in gather mode the field's arrows.

use bevy::picking::pointer::PointerButton;
use bevy::prelude::*;

use super::looks::agent_colour;
use crate::game::logic::board::Board;
use crate::game::logic::crowd::{CrowdField, CrowdState};
use crate::game::logic::input::Action;
use crate::game::logic::settings::Palette;
use crate::game::phases::AppSystems;
use crate::search::{AgentState, CrowdMode};

/// Boards up to this many cells get the field's arrows.
const MAX_FIELD_ARROWS: usize = 64 * 64;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<CrowdBodies>().add_observer(click_body).add_systems(Startup, setup_crowd_assets).add_systems(
        Update,
        (
            (recolour_bodies.run_if(resource_changed::<Palette>), match_bodies, move_bodies).chain().run_if(resource_exists::<CrowdAssets>),
            draw_crowd_lines.run_if(|s: Res<CrowdState>| s.crowd.is_some()),
        )
            .in_set(AppSystems::View),
    );
}

/// A crowd agent's body: the index of its agent.
#[derive(Component, Clone, Copy, Debug)]
pub struct CrowdBody(pub usize);

#[derive(Resource, Default)]
struct CrowdBodies(Vec<Entity>);

#[derive(Resource)]
struct CrowdAssets {
    mesh: Handle<Mesh>,
    walking: Handle<StandardMaterial>,
    waiting: Handle<StandardMaterial>,
    gathered: Handle<StandardMaterial>,
    picked: Handle<StandardMaterial>,
}

/// A body's centre above the cube tops.
const BODY_HEIGHT: f32 = 0.3;

fn setup_crowd_assets(mut commands: Commands, mut meshes: ResMut<Assets<Mesh>>, mut materials: ResMut<Assets<StandardMaterial>>) {
    commands.insert_resource(CrowdAssets {
        mesh: meshes.add(Capsule3d::new(0.2, 0.2)),
        walking: materials.add(agent_colour(Palette::Tutorial)),
        waiting: materials.add(Color::srgb(0.45, 0.45, 0.50)),
        gathered: materials.add(Color::srgb(0.15, 0.55, 0.25)),
        picked: materials.add(Color::srgb(0.95, 0.15, 0.75)),
    });
}

fn recolour_bodies(palette: Res<Palette>, assets: Res<CrowdAssets>, mut materials: ResMut<Assets<StandardMaterial>>) {
    if let Some(mut m) = materials.get_mut(&assets.walking) {
        m.base_color = agent_colour(*palette);
    }
}

/// A left click on an agent's body is a click on its cell (command mode picks it there).
fn click_body(ev: On<Pointer<Click>>, bodies: Query<&CrowdBody>, state: Res<CrowdState>, mut actions: MessageWriter<Action>) {
    if ev.event.button != PointerButton::Primary {
        return;
    }
    let Ok(body) = bodies.get(ev.event_target()) else { return };
    if let Some(a) = state.crowd.as_ref().and_then(|c| c.agents().get(body.0)) {
        actions.write(Action::Select(a.pos));
    }
}

/// One body per agent: spawned or despawned as the crowd grows or shrinks.
fn match_bodies(mut commands: Commands, state: Res<CrowdState>, assets: Res<CrowdAssets>, mut bodies: ResMut<CrowdBodies>) {
    let want = state.crowd.as_ref().map_or(0, |c| c.agents().len());
    if bodies.0.len() == want {
        return;
    }
    while bodies.0.len() > want {
        let e = bodies.0.pop().expect("longer than wanted");
        commands.entity(e).despawn();
    }
    while bodies.0.len() < want {
        let i = bodies.0.len();
        let e = commands
            .spawn((
                Name::new(format!("Crowd agent {i}")),
                CrowdBody(i),
                Mesh3d(assets.mesh.clone()),
                MeshMaterial3d(assets.walking.clone()),
                Transform::default(),
            ))
            .id();
        bodies.0.push(e);
    }
}

/// Places each body between its last cell and its cell, by how far the view is to the next
/// tick; turns it toward its heading; colours it by what it is doing.
fn move_bodies(
    time: Res<Time>,
    state: Res<CrowdState>,
    board: Res<Board>,
    assets: Res<CrowdAssets>,
    mut bodies: Query<(&CrowdBody, &mut Transform, &mut MeshMaterial3d<StandardMaterial>)>,
) {
    let Some(crowd) = &state.crowd else { return };
    let agents = crowd.agents();
    let t = state.between.clamp(0.0, 1.0);
    let turn = 1.0 - (-12.0 * time.delta_secs()).exp();
    for (body, mut transform, mut material) in &mut bodies {
        let Some(a) = agents.get(body.0) else { continue };
        let (from, to) = (board.world(a.prev), board.world(a.pos));
        transform.translation = from.lerp(to, t) + Vec3::Y * BODY_HEIGHT;
        let heading = Vec3::new(to.x - from.x, 0.0, to.z - from.z);
        if heading.length_squared() > 1e-6 {
            let target = Transform::default().looking_to(heading, Vec3::Y).rotation;
            transform.rotation = transform.rotation.slerp(target, turn);
        }
        let want = match (state.selected == Some(body.0), a.state) {
            (true, _) => &assets.picked,
            (_, AgentState::Moving) => &assets.walking,
            (_, AgentState::Arrived) => &assets.gathered,
            _ => &assets.waiting,
        };
        if material.0 != *want {
            material.0 = want.clone();
        }
    }
}

/// The picked agent's path, the gathering cell and, with the field shown on a small board, an
/// arrow on every cell toward its next cell down the field.
fn draw_crowd_lines(state: Res<CrowdState>, field: Res<CrowdField>, board: Res<Board>, mut gizmos: Gizmos) {
    let Some(crowd) = &state.crowd else { return };
    let lift = Vec3::Y * 0.08;
    if let Some(a) = state.selected.and_then(|i| crowd.agents().get(i)) {
        let points: Vec<Vec3> = std::iter::once(a.pos).chain(a.path()).map(|p| board.world(p) + lift).collect();
        gizmos.linestrip(points, Color::srgb(0.95, 0.15, 0.75));
    }
    if let CrowdMode::Gather(goal) = crowd.mode() {
        let at = board.world(goal) + lift;
        gizmos.circle(Isometry3d::new(at, Quat::from_rotation_x(std::f32::consts::FRAC_PI_2)), 0.45, Color::srgb(0.1, 0.9, 0.3));
        // (the field is empty while not shown)
        if board.grid.width() * board.grid.height() <= MAX_FIELD_ARROWS {
            for ((p, _), next) in board.grid.cells().zip(&field.next) {
                if let &Some(next) = next {
                    let (a, b) = (board.world(p) + lift, board.world(next) + lift);
                    gizmos.arrow(a, a + (b - a) * 0.4, Color::srgb(0.1, 0.1, 0.1));
                }
            }
        }
    }
}
