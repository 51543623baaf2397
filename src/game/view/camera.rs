//! The camera: frames the whole board; orbit with a right drag that starts off the cubes (or
//! with Shift held), pan with a middle drag, zoom with the wheel, within sensible limits. On a
//! touch screen two fingers orbit (moving together) and zoom (pinching).

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
            (orbit_camera, touch_camera).chain().run_if(not(egui_wants_any_pointer_input)),
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
    /// How many times taller the camera's image is than the part of the window the board is
    /// drawn in (1 beside a side panel; above a drawer, the image reaches past the window's top
    /// by the drawer's height): the field of view spreads over the whole image, so the camera
    /// stands this much farther back to frame the board in its part.
    stretch: f32,
    /// The stretch when the camera was framed.
    framed_stretch: f32,
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
            stretch: 1.0,
            framed_stretch: 0.0,
        }
    }
}

impl OrbitCamera {
    fn transform(&self) -> Transform {
        let dir = Vec3::new(self.yaw.sin() * self.pitch.cos(), self.pitch.sin(), self.yaw.cos() * self.pitch.cos());
        Transform::from_translation(self.focus + dir * self.distance).looking_at(self.focus, Vec3::Y)
    }

    /// The far plane: beyond everything framed, from the farthest the camera may stand.
    fn far(&self) -> f32 {
        let (w, h, d) = self.board_size;
        let extent = Vec3::new(w as f32, d as f32, h as f32).length();
        (self.limits().1.max(self.distance) + extent + self.focus.length()).max(1000.0)
    }

    fn limits(&self) -> (f32, f32) {
        let side = self.board_size.0.max(self.board_size.1).max(1) as f32;
        (2.0, (side * 3.0 + 10.0) * self.stretch)
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

/// Draws the 3D view in the part of the window the panel leaves: right of the side panel, or
/// above the drawer on a phone. The camera renders the window as part of a larger image whose
/// centre is the centre of that part, so the board is framed there, and picking follows (it
/// reads the same projection).
fn fit_view_beside_panel(
    layout: Res<PanelLayout>,
    window: Single<&Window, With<PrimaryWindow>>,
    mut orbit: ResMut<OrbitCamera>,
    mut cameras: Query<&mut Camera, With<Camera3d>>,
) {
    let (w, h) = (window.physical_width(), window.physical_height());
    let side = ((layout.width * window.scale_factor()).round() as u32).min(w / 2);
    let bottom = ((layout.bottom * window.scale_factor()).round() as u32).min(h * 2 / 3);
    let sub = view_beside(UVec2::new(w, h), side, bottom);
    for mut camera in &mut cameras {
        if camera.sub_camera_view != sub {
            camera.sub_camera_view = sub;
        }
    }
    let aspect = (w - side) as f32 / (h - bottom).max(1) as f32;
    if (orbit.view_aspect - aspect).abs() > 0.01 {
        orbit.view_aspect = aspect;
    }
    let stretch = (h + bottom) as f32 / (h - bottom).max(1) as f32;
    if (orbit.stretch - stretch).abs() > 0.01 {
        orbit.stretch = stretch;
    }
}

/// The camera's view of a window `size` (physical pixels) with a panel `side` pixels wide on
/// its left or a drawer `bottom` pixels tall along its bottom: the window as the part of a
/// larger image whose centre is the centre of what the panel leaves (`None`: no panel).
fn view_beside(size: UVec2, side: u32, bottom: u32) -> Option<SubCameraView> {
    match (side, bottom) {
        _ if size.x == 0 || size.y == 0 => None,
        (0, 0) => None,
        // the image reaches `side` past the window's right edge: its centre is the free part's
        (side, 0) => Some(SubCameraView { full_size: UVec2::new(size.x + side, size.y), offset: Vec2::ZERO, size }),
        // the image reaches `bottom` above the window's top edge
        (_, bottom) => Some(SubCameraView { full_size: UVec2::new(size.x, size.y + bottom), offset: Vec2::new(0.0, bottom as f32), size }),
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
    if orbit.board_size == size
        && (orbit.framed_aspect - orbit.view_aspect).abs() < 0.01
        && (orbit.framed_stretch - orbit.stretch).abs() < 0.01
    {
        return;
    }
    orbit.board_size = size;
    orbit.framed_aspect = orbit.view_aspect;
    orbit.framed_stretch = orbit.stretch;
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
    orbit.distance = (side * margin / orbit.view_aspect.clamp(0.3, 1.0) + 3.0) * orbit.stretch;
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

/// Two fingers on the screen: moving together they orbit as a right drag does, pinching they
/// zoom (spread apart: closer). Each finger's move is counted from where this system last saw
/// it (Bevy's own previous position stays until the finger moves again, so a frame without a
/// move would repeat the last one).
fn touch_camera(touches: Res<Touches>, mut seen: Local<Vec<(u64, Vec2)>>, mut orbit: ResMut<OrbitCamera>) {
    let last = std::mem::take(&mut *seen);
    seen.extend(touches.iter().map(|t| (t.id(), t.position())));
    let mut down = touches.iter();
    let (Some(a), Some(b), None) = (down.next(), down.next(), down.next()) else { return };
    let was = |t: &bevy::input::touch::Touch| last.iter().find(|(id, _)| *id == t.id()).map_or(t.position(), |&(_, p)| p);
    let (moved, closer) = two_finger_gesture([was(a), was(b)], [a.position(), b.position()]);
    if moved == Vec2::ZERO && closer == 1.0 {
        return;
    }
    orbit.yaw -= moved.x * 0.008;
    orbit.pitch = (orbit.pitch + moved.y * 0.008).clamp(10f32.to_radians(), 89f32.to_radians());
    let (lo, hi) = orbit.limits();
    orbit.distance = (orbit.distance * closer).clamp(lo, hi);
}

/// What two fingers did between two frames (positions in pixels): how far their midpoint moved,
/// and the factor for the camera's distance, their distance apart before over after (below 1
/// when they spread: closer), kept within 0.5 to 2 a frame. Fingers on one spot leave the
/// distance as it is.
pub fn two_finger_gesture(before: [Vec2; 2], after: [Vec2; 2]) -> (Vec2, f32) {
    let moved = (after[0] + after[1] - before[0] - before[1]) / 2.0;
    let (was, now) = (before[0].distance(before[1]), after[0].distance(after[1]));
    let closer = if was < 1.0 || now < 1.0 { 1.0 } else { (was / now).clamp(0.5, 2.0) };
    (moved, closer)
}

/// Places the camera on its orbit, its far plane past the farthest corner of what it frames (a
/// world of hundreds of voxels a side is framed from over 1,000 units away, past the default
/// far plane).
fn place_camera(orbit: Res<OrbitCamera>, mut cameras: Query<(&mut Transform, &mut Projection), With<Camera3d>>) {
    for (mut t, mut projection) in &mut cameras {
        *t = orbit.transform();
        if let Projection::Perspective(p) = projection.as_mut() {
            let far = orbit.far();
            if p.far != far {
                p.far = far;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_fingers_moving_together_orbit_and_pinching_zooms() {
        let (a, b) = (Vec2::new(100.0, 300.0), Vec2::new(200.0, 300.0));
        // both 10 px right: a move of 10 px, the same distance apart
        assert_eq!(two_finger_gesture([a, b], [a + Vec2::X * 10.0, b + Vec2::X * 10.0]), (Vec2::new(10.0, 0.0), 1.0));
        // spread from 100 to 200 px apart about their midpoint: no move, half the distance
        assert_eq!(two_finger_gesture([a, b], [a - Vec2::X * 50.0, b + Vec2::X * 50.0]), (Vec2::ZERO, 0.5));
        // pinched from 100 to 80 px: 1.25 times as far
        assert_eq!(two_finger_gesture([a, b], [a + Vec2::X * 10.0, b - Vec2::X * 10.0]), (Vec2::ZERO, 1.25));
        // a jump to 10 times apart in one frame is held to 0.5
        assert_eq!(two_finger_gesture([a, b], [a - Vec2::X * 450.0, b + Vec2::X * 450.0]).1, 0.5);
        // two fingers on one spot zoom nothing
        assert_eq!(two_finger_gesture([a, a], [a, b]).1, 1.0);
    }

    #[test]
    fn the_view_is_the_part_the_panel_leaves() {
        let window = UVec2::new(390, 844);
        assert_eq!(view_beside(window, 0, 0), None);
        // a drawer 300 px tall: the image reaches 300 px above the window, so its centre (at
        // 572 in the image) is at 272 in the window, the middle of the 544 px above the drawer
        let drawer = view_beside(window, 0, 300).unwrap();
        assert_eq!((drawer.full_size, drawer.offset, drawer.size), (UVec2::new(390, 1144), Vec2::new(0.0, 300.0), window));
        assert_eq!(drawer.full_size.y as f32 / 2.0 - drawer.offset.y, (844.0 - 300.0) / 2.0);
        // a side panel 300 px wide: the image reaches past the right edge, centred on the free part
        let side = view_beside(UVec2::new(1280, 800), 300, 0).unwrap();
        assert_eq!(side.full_size.x as f32 / 2.0 - side.offset.x, 300.0 + (1280.0 - 300.0) / 2.0);
    }
}
