//! A search another planner made, opened from a Posthoc search trace (Warthog's, or any
//! planner's that writes the format; cubepath's own "Save Posthoc trace" too) and replayed in
//! the step view on the board, so a learner can set another planner's search beside
//! cubepath's on the same map. Open the trace's map first: a cell off the board, or on a
//! barrier, is refused with the line that names it, and the board is kept.

use std::collections::HashMap;

use bevy::prelude::*;

use super::board::Board;
use super::stepview::{Opened, OpenedTrace, TracePush, TraceStep};
use crate::engine::{
    files::{TraceEvent, read_posthoc},
    grid::{Grid, Pos},
};
use crate::game::logic::shared::files;
use crate::game::logic::shared::input::Action;
use crate::game::logic::shared::settings::StepViewOn;
use crate::game::logic::shared::status::Status;
use crate::game::phases::Turn;

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (forget_trace.run_if(resource_changed::<Board>), open_trace).chain().after(super::persist::save_maps).in_set(Turn::Files),
    );
}

/// A new board forgets the trace opened on the last one.
fn forget_trace(mut opened: ResMut<OpenedTrace>) {
    if opened.0.is_some() {
        opened.0 = None;
    }
}

/// Open (a path on the desktop) or a loaded file (the browser) named as a trace: read, checked
/// against the board, replayed in the step view.
fn open_trace(
    mut actions: MessageReader<Action>,
    board: Res<Board>,
    mut opened: ResMut<OpenedTrace>,
    mut on: ResMut<StepViewOn>,
    mut status: ResMut<Status>,
) {
    for action in actions.read() {
        let (name, bytes) = match action {
            Action::LoadMap { name, bytes } if files::is_trace(name) => (name, Ok(bytes.clone())),
            Action::OpenMap(name) if files::is_trace(name) => (name, files::open_map(name)),
            _ => continue,
        };
        let read = bytes.and_then(|b| String::from_utf8(b).map_err(|_| format!("{name}: not UTF-8 text")));
        let read = read.and_then(|text| read_posthoc(name, &text).map_err(|e| e.to_string()));
        match read.and_then(|events| replayed(name, &events, &board.grid)) {
            Ok(o) => {
                status.say(format!("opened {}: {} events, {} expansions, replayed in the step view", o.name, o.events, o.steps.len()));
                opened.0 = Some(o);
                on.0 = true;
            }
            Err(e) => status.say(format!("could not open the trace, the board is kept: {e}")),
        }
    }
}

/// The expansions of a trace's events on `grid`: each `expanding` event a step, with the
/// `generating` and `updating` events after it its pushes (their parents the cells of the
/// latest events with the ids they name); the `source` its start.
pub fn replayed(name: &str, events: &[TraceEvent], grid: &Grid) -> Result<Opened, String> {
    let cell = |e: &TraceEvent| -> Result<Pos, String> {
        let (Some(x), Some(y)) = (e.x, e.y) else { return Err(format!("{name}:{}: the event has no x and y", e.line)) };
        let on =
            x >= 0.0 && y >= 0.0 && x.fract() == 0.0 && y.fract() == 0.0 && (x as usize) < grid.width() && (y as usize) < grid.height();
        match on && grid.is_passable(x as usize, y as usize) {
            true => Ok((x as usize, y as usize)),
            false => Err(format!(
                "{name}:{}: the cell {x},{y} is off this {} x {} board or a barrier: open the trace's map first",
                e.line,
                grid.width(),
                grid.height()
            )),
        }
    };
    // h as given, or f less g (a planner that writes f alone for its open list)
    let h = |e: &TraceEvent| e.h.or_else(|| e.f.zip(e.g).map(|(f, g)| f - g)).unwrap_or(0.0);
    let (mut start, mut steps) = (None, Vec::<TraceStep>::new());
    let mut at: HashMap<&str, Pos> = HashMap::new();
    for e in events {
        let p = cell(e)?;
        let parent = e.parent.as_deref().and_then(|id| at.get(id).copied());
        let push = TracePush { cell: p, g: e.g.unwrap_or(0.0), h: h(e), parent };
        match e.kind.as_str() {
            "source" if start.is_none() => start = Some(push),
            "expanding" | "expand" => steps.push(TraceStep { current: p, pushes: Vec::new() }),
            "generating" | "updating" | "generate" | "update" | "opening" | "open" => match steps.last_mut() {
                Some(step) => step.pushes.push(push),
                // the source put on the open list before any expansion: its values
                None if start.is_some_and(|s: TracePush| s.cell == p) => start = Some(push),
                None => {}
            },
            _ => {}
        }
        at.insert(&e.id, p);
    }
    if steps.is_empty() {
        return Err(format!("{name}: no expanding events: nothing to replay"));
    }
    Ok(Opened { name: name.rsplit(['/', '\\']).next().unwrap_or(name).to_string(), events: events.len(), start, steps })
}
