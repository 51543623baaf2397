//! Undo and redo (Ctrl+Z, Ctrl+Shift+Z, the panel's buttons): the board and the endpoints as
//! they were before each painting stroke, endpoint move, generated or random board and loaded
//! map, the last [`MAX_UNDO`] of them.

use std::collections::VecDeque;

use bevy::prelude::*;

use super::board::{Board, BoardReplaced, Selection};
use super::input::Action;
use super::status::Status;
use crate::game::phases::AppSystems;
use crate::search::{Grid, Pos};

/// The most steps kept to undo.
pub const MAX_UNDO: usize = 200;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<History>()
        .add_systems(Update, remember_boards.in_set(AppSystems::RememberBoards))
        .add_systems(Update, forget_refused.in_set(AppSystems::RequestPaths))
        .add_systems(Update, undo_redo.in_set(AppSystems::ApplyActions));
}

/// A board and its endpoints at one moment.
#[derive(Clone, Debug, PartialEq)]
pub struct Snapshot {
    /// The cells.
    pub grid: Grid,
    /// Where the grid came from.
    pub source: String,
    /// The start.
    pub start: Option<Pos>,
    /// The end.
    pub end: Option<Pos>,
}

/// What can be undone and redone.
#[derive(Resource, Default)]
pub struct History {
    /// The oldest first.
    pub undo: VecDeque<Snapshot>,
    /// The last undone last.
    pub redo: Vec<Snapshot>,
    /// A run of actions that makes one step: a painting stroke, or an endpoint's drag.
    run: Option<Run>,
    /// A step was kept this frame (and is dropped if the actions changed nothing).
    kept_now: bool,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Run {
    Stroke,
    Drag,
}

impl History {
    /// Keeps a step; false when it is the step already on top.
    fn push(&mut self, s: Snapshot) -> bool {
        if self.undo.back() == Some(&s) {
            return false;
        }
        if self.undo.len() == MAX_UNDO {
            self.undo.pop_front();
        }
        self.undo.push_back(s);
        true
    }

    /// Whether `action` begins a step (the board as it stands is kept for it).
    fn begins_step(&mut self, action: &Action) -> bool {
        let (keep, run) = match action {
            Action::Hover(_) => return false,
            Action::BeginStroke => (true, Some(Run::Stroke)),
            Action::Paint(..) => (self.run != Some(Run::Stroke), Some(Run::Stroke)),
            Action::DragEndpoint { .. } => (self.run != Some(Run::Drag), Some(Run::Drag)),
            Action::ToggleBarrier(_)
            | Action::Select(_)
            | Action::Reset
            | Action::NewBoard(_)
            | Action::Generate(..)
            | Action::LoadMap { .. }
            | Action::OpenMap(_) => (true, None),
            _ => (false, None),
        };
        self.run = run;
        keep
    }
}

fn snapshot(board: &Board, selection: &Selection) -> Snapshot {
    Snapshot { grid: board.grid.clone(), source: board.source.clone(), start: selection.start, end: selection.end }
}

/// Before the actions change anything: keeps the board for the actions that will change it.
fn remember_boards(mut actions: MessageReader<Action>, board: Res<Board>, selection: Res<Selection>, mut history: ResMut<History>) {
    for action in actions.read() {
        if history.begins_step(action) && !history.kept_now {
            history.kept_now = history.push(snapshot(&board, &selection));
        }
    }
}

/// After the actions: a step kept for actions that changed nothing (a refused click or paint)
/// is dropped, so every undo undoes something.
fn forget_refused(board: Res<Board>, selection: Res<Selection>, mut history: ResMut<History>) {
    if !std::mem::take(&mut history.kept_now) {
        return;
    }
    if history.undo.back().is_some_and(|s| *s == snapshot(&board, &selection)) {
        history.undo.pop_back();
    } else {
        // a new change: what was undone cannot be redone after it
        history.redo.clear();
    }
}

/// Undo and redo: the board and endpoints go back (or forward) one step; a board of another
/// size or source is a new board for the walks and agents.
fn undo_redo(
    mut actions: MessageReader<Action>,
    mut board: ResMut<Board>,
    mut selection: ResMut<Selection>,
    mut history: ResMut<History>,
    mut status: ResMut<Status>,
    mut replaced: MessageWriter<BoardReplaced>,
) {
    for action in actions.read() {
        let undo = match action {
            Action::Undo => true,
            Action::Redo => false,
            _ => continue,
        };
        let now = snapshot(&board, &selection);
        // steps that changed nothing (a refused click) are passed over
        let mut taken = None;
        while let Some(s) = if undo { history.undo.pop_back() } else { history.redo.pop() } {
            if s != now {
                taken = Some(s);
                break;
            }
        }
        let Some(to) = taken else {
            status.say(if undo { "nothing to undo" } else { "nothing to redo" });
            continue;
        };
        if undo {
            history.redo.push(now);
        } else {
            history.push(now);
        }
        let same_shape = (to.grid.width(), to.grid.height()) == (board.grid.width(), board.grid.height()) && to.source == board.source;
        if same_shape {
            // cell by cell, so the grid's change log tells the view and the crowd what changed
            let changed: Vec<_> = to.grid.cells().filter(|&((x, y), c)| board.grid.get(x, y) != Some(c)).collect();
            let grid = &mut board.grid;
            for ((x, y), c) in changed {
                grid.set(x, y, c).expect("same size");
            }
        } else {
            board.replace(to.grid, to.source);
            replaced.write(BoardReplaced);
        }
        if (selection.start, selection.end) != (to.start, to.end) {
            selection.start = to.start;
            selection.end = to.end;
        }
        let left = if undo { history.undo.len() } else { history.redo.len() };
        status.say(format!("{} ({left} more)", if undo { "undone" } else { "redone" }));
    }
}
