//! Mouse and touch picking: one global observer per pointer event turns clicks and drags on
//! cubes into actions. The egui panel blocks picking, so clicks on it never reach the cubes.
//!
//! On a touch screen a tap is a left click; a finger held still on a cube for [`LONG_PRESS`]
//! paints it as a right click does (a barrier, or floor where the brush already is) while it is
//! still held, so the player sees it happen, and its lifting then selects nothing; one finger
//! drags the start or the end. A touch that became a two-finger gesture (the camera's orbit and
//! pinch) does none of these. A press counts as long only when the finger has stayed down for
//! the time and over [`LONG_PRESS_FRAMES`] frames: a page drawing slowly (a browser without a
//! GPU) hands a tap's lifting over a frame or two late, and that tap is still a tap.

use std::time::Duration;

use bevy::picking::pointer::{PointerButton, PointerId};
use bevy::prelude::*;

use super::cubes::Cube;
use crate::engine::grid::Pos;
use crate::game::logic::board::{Board, Hover, Selection};
use crate::game::logic::input::Action;
use crate::game::logic::settings::PlaySettings;
use crate::game::phases::Turn;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<PaintDrag>()
        .init_resource::<EndpointDrag>()
        .init_resource::<TouchGesture>()
        .init_resource::<TouchPress>()
        .add_observer(click_cube)
        .add_observer(press_cube)
        .add_observer(enter_cube)
        .add_observer(leave_cube)
        .add_systems(
            Update,
            (watch_touches, paint_on_long_press.run_if(|p: Res<TouchPress>| p.0.is_some()), end_paint_drag, end_endpoint_drag)
                .chain()
                .in_set(Turn::Touches),
        );
}

/// A right drag that started on a cube paints: Some(true) the brush, Some(false) floor.
#[derive(Resource, Clone, Copy, Debug, Default)]
pub struct PaintDrag {
    pub block: Option<bool>,
}

/// A left drag that started on the start (Some(false)) or the end (Some(true)) moves it.
#[derive(Resource, Clone, Copy, Debug, Default)]
pub struct EndpointDrag(pub Option<bool>);

/// How long a finger rests on a cube before it paints.
pub const LONG_PRESS: Duration = Duration::from_millis(500);

/// The frames a finger must stay down for a long press, besides [`LONG_PRESS`] (on a phone's
/// 30 to 60 frames a second the time decides). Ten: in the browser test, where SwiftShader's
/// frames take 0.6 to 1.4 s and the page's state reaches the test seconds late, a tap held
/// until the test saw its hover once lasted four frames and painted.
pub const LONG_PRESS_FRAMES: u32 = 10;

/// How far (logical pixels) a finger may wander and still be resting.
const STILL: f32 = 12.0;

/// Whether the touches now on the screen have been two or more at some moment since the first
/// of them landed: such a gesture moves the camera and picks nothing.
#[derive(Resource, Clone, Copy, Debug, Default)]
pub struct TouchGesture {
    pub several: bool,
}

/// The finger that pressed a cube, while it is down (and the frame after it lifts).
#[derive(Resource, Clone, Copy, Debug, Default)]
pub struct TouchPress(Option<HeldTouch>);

#[derive(Clone, Copy, Debug)]
struct HeldTouch {
    touch: u64,
    cell: Pos,
    /// When the press was seen (real time since the app started).
    since: Duration,
    /// Frames seen with the finger still down since.
    frames: u32,
    /// The long press has painted: lifting the finger selects nothing.
    painted: bool,
}

fn click_cube(
    ev: On<Pointer<Click>>,
    cubes: Query<&Cube>,
    (gesture, press): (Res<TouchGesture>, Res<TouchPress>),
    mut actions: MessageWriter<Action>,
) {
    let Ok(cube) = cubes.get(ev.event_target()) else { return };
    let picks = match ev.pointer_id {
        PointerId::Touch(id) => !gesture.several && !press.0.is_some_and(|p| p.touch == id && p.painted),
        _ => true,
    };
    if ev.event.button == PointerButton::Primary && picks {
        actions.write(Action::Select(cube.0));
    }
}

fn press_cube(
    ev: On<Pointer<Press>>,
    cubes: Query<&Cube>,
    board: Res<Board>,
    play: Res<PlaySettings>,
    selection: Res<Selection>,
    mut drag: ResMut<PaintDrag>,
    (mut endpoint, mut press, time): (ResMut<EndpointDrag>, ResMut<TouchPress>, Res<Time<Real>>),
    mut actions: MessageWriter<Action>,
) {
    if ev.event.button == PointerButton::Primary
        && let Ok(cube) = cubes.get(ev.event_target())
    {
        endpoint.0 = [selection.start, selection.end].iter().position(|&p| p == Some(cube.0)).map(|k| k == 1);
        // a finger that lands on the start or end drags it; elsewhere it may rest and paint
        if let (PointerId::Touch(touch), None) = (ev.pointer_id, endpoint.0) {
            press.0 = Some(HeldTouch { touch, cell: cube.0, since: time.elapsed(), frames: 0, painted: false });
        }
    }
    if ev.event.button == PointerButton::Secondary
        && let Ok(cube) = cubes.get(ev.event_target())
    {
        // The drag paints the brush, or clears to floor when it starts on the brush's cell.
        let on = board.grid.get(cube.0.0, cube.0.1) != Some(play.brush.cell());
        drag.block = Some(on);
        actions.write(Action::BeginStroke);
        actions.write(Action::Paint(cube.0, on));
    }
}

fn enter_cube(
    ev: On<Pointer<Over>>,
    cubes: Query<&Cube>,
    buttons: Res<ButtonInput<MouseButton>>,
    (drag, endpoint, gesture): (Res<PaintDrag>, Res<EndpointDrag>, Res<TouchGesture>),
    mut actions: MessageWriter<Action>,
) {
    if let Ok(cube) = cubes.get(ev.event_target()) {
        actions.write(Action::Hover(Some(cube.0)));
        // a finger on the screen is a held button (a touch pointer moves only while touching)
        let held = buttons.pressed(MouseButton::Left) || (ev.pointer_id.is_touch() && !gesture.several);
        if let (Some(end), true) = (endpoint.0, held) {
            actions.write(Action::DragEndpoint { end, to: cube.0 });
        }
        if let (Some(block), true) = (drag.block, buttons.pressed(MouseButton::Right)) {
            actions.write(Action::Paint(cube.0, block));
        }
    }
}

fn leave_cube(ev: On<Pointer<Out>>, cubes: Query<&Cube>, hover: Res<Hover>, mut actions: MessageWriter<Action>) {
    if let Ok(cube) = cubes.get(ev.event_target())
        && hover.0 == Some(cube.0)
    {
        actions.write(Action::Hover(None));
    }
}

fn end_paint_drag(buttons: Res<ButtonInput<MouseButton>>, mut drag: ResMut<PaintDrag>) {
    if drag.block.is_some() && !buttons.pressed(MouseButton::Right) {
        drag.block = None;
    }
}

/// Notes a second finger; forgets it once every finger has left the screen (a frame after the
/// last one lifts, so that its click, handled before this, is still known to be a gesture's).
fn watch_touches(touches: Res<Touches>, mut gesture: ResMut<TouchGesture>) {
    let down = touches.iter().count();
    let several =
        if down == 0 && !touches.any_just_released() && !touches.any_just_canceled() { false } else { gesture.several || down >= 2 };
    if gesture.several != several {
        gesture.several = several;
    }
}

/// A finger resting on a cube (within [`STILL`] of where it landed, no second finger) for
/// [`LONG_PRESS`] and [`LONG_PRESS_FRAMES`] paints it once; the press is forgotten the frame after the finger lifts.
fn paint_on_long_press(
    touches: Res<Touches>,
    time: Res<Time<Real>>,
    gesture: Res<TouchGesture>,
    (board, play): (Res<Board>, Res<PlaySettings>),
    mut press: ResMut<TouchPress>,
    mut actions: MessageWriter<Action>,
) {
    let Some(held) = press.0 else { return };
    let Some(finger) = touches.get_pressed(held.touch) else {
        if !touches.just_released(held.touch) && !touches.just_canceled(held.touch) {
            press.0 = None;
        }
        return;
    };
    let held = HeldTouch { frames: held.frames + 1, ..held };
    let resting = !gesture.several && finger.distance().length() <= STILL;
    let long = held.frames >= LONG_PRESS_FRAMES && time.elapsed() - held.since >= LONG_PRESS;
    if resting && long && !held.painted {
        let on = board.grid.get(held.cell.0, held.cell.1) != Some(play.brush.cell());
        actions.write(Action::BeginStroke);
        actions.write(Action::Paint(held.cell, on));
    }
    press.0 = Some(HeldTouch { painted: held.painted || (resting && long), ..held });
}

/// A drag of the start or end ends when the left button and every finger are up, or when a
/// second finger turns it into a camera gesture.
fn end_endpoint_drag(
    buttons: Res<ButtonInput<MouseButton>>,
    touches: Res<Touches>,
    gesture: Res<TouchGesture>,
    mut endpoint: ResMut<EndpointDrag>,
) {
    let held = buttons.pressed(MouseButton::Left) || touches.iter().next().is_some();
    if endpoint.0.is_some() && (!held || gesture.several) {
        endpoint.0 = None;
    }
}
