//! Mouse picking: one global observer per pointer event turns clicks and drags on cubes into
//! actions. The egui panel blocks picking, so clicks on it never reach the cubes.

use bevy::picking::pointer::PointerButton;
use bevy::prelude::*;

use super::cubes::Cube;
use crate::game::logic::board::{Board, Hover, Selection};
use crate::game::logic::input::Action;
use crate::game::logic::settings::PlaySettings;
use crate::game::phases::AppSystems;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<PaintDrag>()
        .init_resource::<EndpointDrag>()
        .add_observer(click_cube)
        .add_observer(press_cube)
        .add_observer(enter_cube)
        .add_observer(leave_cube)
        .add_systems(Update, (end_paint_drag, end_endpoint_drag).in_set(AppSystems::RecordInput));
}

/// A right drag that started on a cube paints: Some(true) the brush, Some(false) floor.
#[derive(Resource, Clone, Copy, Debug, Default)]
pub struct PaintDrag {
    pub block: Option<bool>,
}

/// A left drag that started on the start (Some(false)) or the end (Some(true)) moves it.
#[derive(Resource, Clone, Copy, Debug, Default)]
pub struct EndpointDrag(pub Option<bool>);

fn click_cube(ev: On<Pointer<Click>>, cubes: Query<&Cube>, mut actions: MessageWriter<Action>) {
    if ev.event.button == PointerButton::Primary
        && let Ok(cube) = cubes.get(ev.event_target())
    {
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
    mut endpoint: ResMut<EndpointDrag>,
    mut actions: MessageWriter<Action>,
) {
    if ev.event.button == PointerButton::Primary
        && let Ok(cube) = cubes.get(ev.event_target())
    {
        endpoint.0 = [selection.start, selection.end].iter().position(|&p| p == Some(cube.0)).map(|k| k == 1);
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
    drag: Res<PaintDrag>,
    endpoint: Res<EndpointDrag>,
    mut actions: MessageWriter<Action>,
) {
    if let Ok(cube) = cubes.get(ev.event_target()) {
        actions.write(Action::Hover(Some(cube.0)));
        if let (Some(end), true) = (endpoint.0, buttons.pressed(MouseButton::Left)) {
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

fn end_endpoint_drag(buttons: Res<ButtonInput<MouseButton>>, mut endpoint: ResMut<EndpointDrag>) {
    if endpoint.0.is_some() && !buttons.pressed(MouseButton::Left) {
        endpoint.0 = None;
    }
}
