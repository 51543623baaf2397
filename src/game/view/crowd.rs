//! The crowd drawn: one small capsule per agent, sharing one mesh and a material per state
//! (walking, waiting for a search or a goal, gathered, picked), moved smoothly between the
//! logic's ticks and turned toward where it goes with a frame-rate-independent slerp; the
//! picked agent's path, the gathering cell, and in gather mode the field's arrows.

use bevy::picking::pointer::PointerButton;
use bevy::prelude::*;

use super::looks::agent_colour;
use crate::game::logic::board::Board;
use bevy_cubepath::CrowdMember;

use crate::engine::crowd::{AgentState, CrowdMode};
use crate::game::logic::crowd::{BoardCrowd, CrowdField, CrowdState, crowd_exists};
use crate::game::logic::input::Action;
use crate::game::logic::settings::Palette;
use crate::game::phases::ViewSystems;

/// Boards up to this many cells get the field's arrows.
const MAX_FIELD_ARROWS: usize = 64 * 64;

pub(super) fn plugin(app: &mut App) {
    app.add_observer(click_body).add_systems(Startup, setup_crowd_assets).add_systems(
        Update,
        (
            (recolour_bodies.run_if(resource_changed::<Palette>), dress_members, turn_bodies)
                .chain()
                .run_if(resource_exists::<CrowdAssets>),
            draw_crowd_lines.run_if(crowd_exists),
        )
            .in_set(ViewSystems::Bodies),
    );
}

#[derive(Resource)]
struct CrowdAssets {
    mesh: Handle<Mesh>,
    walking: Handle<StandardMaterial>,
    waiting: Handle<StandardMaterial>,
    gathered: Handle<StandardMaterial>,
    picked: Handle<StandardMaterial>,
}

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
fn click_body(ev: On<Pointer<Click>>, members: Query<&CrowdMember>, crowd: BoardCrowd, mut actions: MessageWriter<Action>) {
    if ev.event.button != PointerButton::Primary {
        return;
    }
    let Ok(member) = members.get(ev.event_target()) else { return };
    if let Some(a) = crowd.get().and_then(|c| c.agents().get(member.index)) {
        actions.write(Action::Select(a.pos));
    }
}

/// Each member the plugin makes (it moves them between cells over a tick) gets a body.
fn dress_members(mut commands: Commands, assets: Res<CrowdAssets>, members: Query<Entity, Added<CrowdMember>>) {
    for e in &members {
        commands.entity(e).insert((Mesh3d(assets.mesh.clone()), MeshMaterial3d(assets.walking.clone())));
    }
}

/// Turns each body toward its heading with a frame-rate-independent slerp, and colours it by
/// what it is doing.
fn turn_bodies(
    time: Res<Time>,
    state: Res<CrowdState>,
    crowd: BoardCrowd,
    board: Res<Board>,
    assets: Res<CrowdAssets>,
    mut bodies: Query<(&CrowdMember, &mut Transform, &mut MeshMaterial3d<StandardMaterial>)>,
) {
    let Some(crowd) = crowd.get() else { return };
    let agents = crowd.agents();
    let turn = 1.0 - (-12.0 * time.delta_secs()).exp();
    for (member, mut transform, mut material) in &mut bodies {
        let Some(a) = agents.get(member.index) else { continue };
        let (from, to) = (board.world(a.prev), board.world(a.pos));
        let heading = Vec3::new(to.x - from.x, 0.0, to.z - from.z);
        if heading.length_squared() > 1e-6 {
            let target = Transform::default().looking_to(heading, Vec3::Y).rotation;
            transform.rotation = transform.rotation.slerp(target, turn);
        }
        let want = match (state.selected == Some(member.index), a.state) {
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
fn draw_crowd_lines(state: Res<CrowdState>, crowd: BoardCrowd, field: Res<CrowdField>, board: Res<Board>, mut gizmos: Gizmos) {
    let Some(crowd) = crowd.get() else { return };
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
