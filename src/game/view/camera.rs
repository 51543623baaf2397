//! The camera: frames the whole board; orbit with a right drag that starts off the cubes (or
//! with Shift held), pan with a middle drag, zoom with the wheel, within sensible limits.

use bevy::camera::SubCameraView;
use bevy::input::mouse::{AccumulatedMouseMotion, AccumulatedMouseScroll};
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::input::egui_wants_any_pointer_input;

use super::panel::PanelLayout;
use super::picking::PaintDrag;
use super::race::race_extent;
use super::world_race::world_race_extent;
use crate::game::logic::board::Board;
use crate::game::logic::settings::RaceSettings;
use crate::game::logic::world::WorldBoard;
use crate::game::phases::ViewSystems;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<OrbitCamera>().add_systems(Startup, spawn_camera).add_systems(
        Update,
        (
            fit_view_beside_panel,
            frame_board.run_if(
                resource_changed::<Board>
                    .or_eager(resource_changed::<OrbitCamera>)
                    .or_eager(resource_changed::<RaceSettings>)
                    .or_eager(resource_changed::<WorldBoard>),
            ),
            orbit_camera.run_if(not(egui_wants_any_pointer_input)),
            place_camera.run_if(resource_changed::<OrbitCamera>),
        )
            .chain()
            .in_set(ViewSystems::Camera),
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
    /// Board dimensions the camera was framed for (the levels third: 1 for the flat board).
    board_size: (usize, usize, usize),
    /// Width over height of the part of the window the board is drawn in.
    view_aspect: f32,
    /// The view's aspect when the camera was framed.
    framed_aspect: f32,
}

impl Default for OrbitCamera {
    fn default() -> Self {
        OrbitCamera {
            focus: Vec3::ZERO,
            yaw: 0.0,
            pitch: 0.95,
            distance: 30.0,
            board_size: (0, 0, 0),
            view_aspect: 1.6,
            framed_aspect: 0.0,
        }
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

/// How the camera maps light to screen colours: one that needs no lookup table, so the browser
/// build leaves out Bevy's tonemapping tables and their zstd decoder (the desktop too, so both
/// look alike).
const TONEMAPPING: bevy::core_pipeline::tonemapping::Tonemapping =
    bevy::core_pipeline::tonemapping::Tonemapping::SomewhatBoringDisplayTransform;

fn spawn_camera(mut commands: Commands, orbit: Res<OrbitCamera>) {
    commands.spawn((Name::new("Camera"), Camera3d::default(), TONEMAPPING, orbit.transform()));
    commands.spawn((
        Name::new("Sun"),
        DirectionalLight { illuminance: 9000.0, ..default() },
        Transform::from_xyz(4.0, 10.0, 6.0).looking_at(Vec3::ZERO, Vec3::Y),
    ));
    commands.insert_resource(GlobalAmbientLight { brightness: 400.0, ..default() });
    commands.insert_resource(ClearColor(Color::srgb(0.16, 0.17, 0.20)));
}

/// Draws the 3D view in the part of the window right of the panel: the camera renders the
/// window as the right part of a wider image whose centre is the centre of that part, so the
/// board is framed there, and picking follows (it reads the same projection).
fn fit_view_beside_panel(
    layout: Res<PanelLayout>,
    window: Single<&Window, With<PrimaryWindow>>,
    mut orbit: ResMut<OrbitCamera>,
    mut cameras: Query<&mut Camera, With<Camera3d>>,
) {
    let (w, h) = (window.physical_width(), window.physical_height());
    let panel = ((layout.width * window.scale_factor()).round() as u32).min(w / 2);
    let sub =
        (panel > 0 && h > 0).then(|| SubCameraView { full_size: UVec2::new(w + panel, h), offset: Vec2::ZERO, size: UVec2::new(w, h) });
    for mut camera in &mut cameras {
        if camera.sub_camera_view != sub {
            camera.sub_camera_view = sub;
        }
    }
    let aspect = (w - panel) as f32 / h.max(1) as f32;
    if (orbit.view_aspect - aspect).abs() > 0.01 {
        orbit.view_aspect = aspect;
    }
}

/// Frames the whole board (during a race, all its lanes) when its size changes or the view's
/// shape does (the panel opens, folds or resizes); painting cells or orbiting keeps the
/// camera where it is.
fn frame_board(board: Res<Board>, race: Res<RaceSettings>, world: Res<WorldBoard>, mut orbit: ResMut<OrbitCamera>) {
    let size = match (world.grid.as_ref(), race.on) {
        (Some(g), true) => {
            let (x, z) = world_race_extent(g, race.algorithms.len());
            (x, z, g.depth())
        }
        (Some(g), false) => (g.width(), g.height(), g.depth()),
        (None, true) => {
            let e = race_extent(&board, race.algorithms.len());
            (e.x.ceil() as usize, e.y.ceil() as usize, 1)
        }
        (None, false) => (board.grid.width(), board.grid.height(), 1),
    };
    if orbit.board_size == size && (orbit.framed_aspect - orbit.view_aspect).abs() < 0.01 {
        return;
    }
    orbit.board_size = size;
    orbit.framed_aspect = orbit.view_aspect;
    // a world is looked at from its middle height, a little from the side
    orbit.focus = Vec3::Y * (size.2 as f32 / 2.0 - 0.5).max(0.0);
    orbit.yaw = if size.2 > 1 { 0.6 } else { 0.0 };
    orbit.pitch = if size.2 > 1 { 0.75 } else { 0.95 };
    // Fit the larger side in a 45 degree field of view with a margin, in a view narrower than
    // it is tall too.
    // The race's lanes fill their frame edge to edge, so they are framed closer.
    let margin = if race.on && size.2 == 1 { 1.25 } else { 1.45 };
    // a world seen from a corner shows its diagonal, and its height too
    let side = if size.2 > 1 { (size.0.max(size.1) as f32 * 1.25).max(size.2 as f32 * 1.5) } else { size.0.max(size.1) as f32 };
    orbit.distance = side * margin / orbit.view_aspect.clamp(0.3, 1.0) + 3.0;
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
