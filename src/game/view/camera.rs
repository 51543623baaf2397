//! The camera: frames the whole board; orbit with a right drag that starts off the cubes (or
//! with Shift held), pan with a middle drag, zoom with the wheel, within sensible limits.

use bevy::input::mouse::{AccumulatedMouseMotion, AccumulatedMouseScroll};
use bevy::prelude::*;
use bevy_egui::input::egui_wants_any_pointer_input;

use super::picking::PaintDrag;
use crate::game::AppSystems;
use crate::game::logic::board::Board;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<OrbitCamera>()
        .add_systems(Startup, spawn_camera)
        .add_systems(
            Update,
            (
                frame_board.run_if(resource_changed::<Board>),
                orbit_camera.run_if(not(egui_wants_any_pointer_input)),
                place_camera.run_if(resource_changed::<OrbitCamera>),
            )
                .chain()
                .in_set(AppSystems::View),
        );
}

/// Where the camera looks from.
#[derive(Resource, Clone, Copy, Debug)]
pub struct OrbitCamera {
    pub focus: Vec3,
    /// Around the vertical axis, radians.
    pub yaw: f32,
    /// Above the board, radians (10 to 89 degrees).
    pub pitch: f32,
    pub distance: f32,
    /// Board dimensions the camera was framed for.
    board_size: (usize, usize),
}

impl Default for OrbitCamera {
    fn default() -> Self {
        OrbitCamera { focus: Vec3::ZERO, yaw: 0.0, pitch: 0.95, distance: 30.0, board_size: (0, 0) }
    }
}

impl OrbitCamera {
    fn transform(&self) -> Transform {
        let dir = Vec3::new(self.yaw.sin() * self.pitch.cos(), self.pitch.sin(), self.yaw.cos() * self.pitch.cos());
        Transform::from_translation(self.focus + dir * self.distance).looking_at(self.focus, Vec3::Y)
    }

    fn limits(&self) -> (f32, f32) {
        let side = self.board_size.0.max(self.board_size.1).max(1) as f32;
        (2.0, side * 3.0 + 10.0)
    }
}

fn spawn_camera(mut commands: Commands, orbit: Res<OrbitCamera>) {
    commands.spawn((Name::new("Camera"), Camera3d::default(), orbit.transform()));
    commands.spawn((
        Name::new("Sun"),
        DirectionalLight { illuminance: 9000.0, ..default() },
        Transform::from_xyz(4.0, 10.0, 6.0).looking_at(Vec3::ZERO, Vec3::Y),
    ));
    commands.insert_resource(GlobalAmbientLight { brightness: 400.0, ..default() });
    commands.insert_resource(ClearColor(Color::srgb(0.16, 0.17, 0.20)));
}

/// Frames the whole board when its size changes.
fn frame_board(board: Res<Board>, mut orbit: ResMut<OrbitCamera>) {
    let size = (board.grid.width(), board.grid.height());
    if orbit.board_size == size {
        return;
    }
    orbit.board_size = size;
    // Look a little left of the centre, so the board sits right of the panel.
    orbit.focus = Vec3::new(-(size.0 as f32) * 0.14, 0.0, 0.0);
    orbit.yaw = 0.0;
    orbit.pitch = 0.95;
    // Fit the larger side in a 45 degree field of view with a margin.
    orbit.distance = size.0.max(size.1) as f32 * 1.45 + 3.0;
}

fn orbit_camera(
    buttons: Res<ButtonInput<MouseButton>>,
    keys: Res<ButtonInput<KeyCode>>,
    motion: Res<AccumulatedMouseMotion>,
    scroll: Res<AccumulatedMouseScroll>,
    drag: Res<PaintDrag>,
    mut orbit: ResMut<OrbitCamera>,
) {
    let d = motion.delta;
    let shift = keys.pressed(KeyCode::ShiftLeft) || keys.pressed(KeyCode::ShiftRight);
    if buttons.pressed(MouseButton::Right) && (drag.block.is_none() || shift) && d != Vec2::ZERO {
        orbit.yaw -= d.x * 0.008;
        orbit.pitch = (orbit.pitch + d.y * 0.008).clamp(10f32.to_radians(), 89f32.to_radians());
    }
    if buttons.pressed(MouseButton::Middle) && d != Vec2::ZERO {
        let scale = orbit.distance * 0.0015;
        let right = Vec3::new(orbit.yaw.cos(), 0.0, -orbit.yaw.sin());
        let forward = Vec3::new(-orbit.yaw.sin(), 0.0, -orbit.yaw.cos());
        orbit.focus += (-right * d.x + forward * d.y) * scale;
        let side = orbit.board_size.0.max(orbit.board_size.1) as f32;
        orbit.focus = orbit.focus.clamp(Vec3::splat(-side), Vec3::splat(side));
    }
    if scroll.delta.y != 0.0 {
        let (lo, hi) = orbit.limits();
        orbit.distance = (orbit.distance * (1.0 - scroll.delta.y.clamp(-5.0, 5.0) * 0.1)).clamp(lo, hi);
    }
}

fn place_camera(orbit: Res<OrbitCamera>, mut cameras: Query<&mut Transform, With<Camera3d>>) {
    for mut t in &mut cameras {
        *t = orbit.transform();
    }
}
