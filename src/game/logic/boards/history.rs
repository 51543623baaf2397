//! Undo and redo (Ctrl+Z, Ctrl+Shift+Z, the panel's buttons): the board and the endpoints as
//! they were before each painting stroke, endpoint move, generated or random board and loaded
//! map, the last [`MAX_UNDO`] of them.

use std::collections::VecDeque;

use bevy::prelude::*;

use super::board::{Board, BoardReplaced, Selection};
use crate::engine::grid::{Grid, Pos};
use crate::game::logic::shared::input::Action;
use crate::game::logic::shared::status::Status;
use crate::game::phases::{AppSystems, Turn};

/// The most steps kept to undo.
pub const MAX_UNDO: usize = 200;

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<History>()
        .add_systems(Update, remember_boards.in_set(Turn::Remember))
        .add_systems(Update, forget_refused.in_set(AppSystems::RequestPaths))
        .add_systems(Update, undo_redo.in_set(BoardUndo).in_set(Turn::History));
}

/// The board's undo and redo: the worlds' history keeps it from running while a world is played
/// (the board's history knows nothing of worlds).
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BoardUndo;

/// A board (`G` a [`Grid`], `P` a [`Pos`]) or a world (a voxel grid and its positions) and its
/// endpoints at one moment; `M` is what else the endpoints were set for (a world's moves: a
/// walker's floor may be a flyer's air; nothing on a board).
#[derive(Clone, Debug, PartialEq)]
pub struct Snapshot<G = Grid, P = Pos, M = ()> {
    /// The cells or voxels.
    pub grid: G,
    /// Where they came from.
    pub source: String,
    /// The start.
    pub start: Option<P>,
    /// The end.
    pub end: Option<P>,
    /// What else the endpoints were set for.
    pub moves: M,
}

/// Steps to undo (the oldest first, the last [`MAX_UNDO`]) and to redo (the last undone last):
/// boards, or worlds ([`WorldHistory`](crate::game::logic::worlds::world_history::WorldHistory)).
#[derive(Debug)]
pub struct Steps<S> {
    pub undo: VecDeque<S>,
    pub redo: Vec<S>,
}

impl<S> Default for Steps<S> {
    fn default() -> Self {
        Steps { undo: VecDeque::new(), redo: Vec::new() }
    }
}

impl<S: PartialEq> Steps<S> {
    /// Keeps a step; false when it is the step already on top.
    pub fn keep(&mut self, s: S) -> bool {
        if self.undo.back() == Some(&s) {
            return false;
        }
        if self.undo.len() == MAX_UNDO {
            self.undo.pop_front();
        }
        self.undo.push_back(s);
        true
    }

    /// After actions for which a step was kept: the step is dropped when they changed nothing
    /// (`now` is the same), so every undo undoes something; otherwise what was undone cannot
    /// be redone after the new change.
    pub fn settle(&mut self, now: &S) {
        if self.undo.back() == Some(now) {
            self.undo.pop_back();
        } else {
            self.redo.clear();
        }
    }

    /// Undo (or redo): the step to go back (or forward) to, passing over steps equal to `now`
    /// (a refused click changed nothing), `now` kept on the other side; the status line says
    /// what was done and how many steps are left, or that there is nothing to do.
    pub fn take(&mut self, undo: bool, now: S, status: &mut Status) -> Option<S> {
        let mut taken = None;
        while let Some(s) = if undo { self.undo.pop_back() } else { self.redo.pop() } {
            if s != now {
                taken = Some(s);
                break;
            }
        }
        let Some(to) = taken else {
            status.say(if undo { "nothing to undo" } else { "nothing to redo" });
            return None;
        };
        if undo {
            self.redo.push(now);
        } else {
            self.keep(now);
        }
        let left = if undo { self.undo.len() } else { self.redo.len() };
        status.say(format!("{} ({left} more)", if undo { "undone" } else { "redone" }));
        Some(to)
    }
}

/// Whether an action undoes (true) or redoes (false), if it is either.
pub fn undo_or_redo(action: &Action) -> Option<bool> {
    match action {
        Action::Undo => Some(true),
        Action::Redo => Some(false),
        _ => None,
    }
}

/// What can be undone and redone on the flat board.
#[derive(Resource, Default)]
pub struct History {
    /// The boards and endpoints before each step.
    pub steps: Steps<Snapshot>,
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
    Snapshot { grid: board.grid.clone(), source: board.source.clone(), start: selection.start, end: selection.end, moves: () }
}

/// Before the actions change anything: keeps the board for the actions that will change it.
fn remember_boards(mut actions: MessageReader<Action>, board: Res<Board>, selection: Res<Selection>, mut history: ResMut<History>) {
    for action in actions.read() {
        if history.begins_step(action) && !history.kept_now {
            history.kept_now = history.steps.keep(snapshot(&board, &selection));
        }
    }
}

/// After the actions: a step kept for actions that changed nothing (a refused click or paint)
/// is dropped, so every undo undoes something.
fn forget_refused(board: Res<Board>, selection: Res<Selection>, mut history: ResMut<History>) {
    if !std::mem::take(&mut history.kept_now) {
        return;
    }
    history.steps.settle(&snapshot(&board, &selection));
}

/// Undo and redo: the board and endpoints go back (or forward) one step; a board of another
/// size or source is a new board for the walks and agents.
pub(crate) fn undo_redo(
    mut actions: MessageReader<Action>,
    mut board: ResMut<Board>,
    mut selection: ResMut<Selection>,
    mut history: ResMut<History>,
    mut status: ResMut<Status>,
    mut replaced: MessageWriter<BoardReplaced>,
) {
    for undo in actions.read().filter_map(undo_or_redo) {
        let Some(to) = history.steps.take(undo, snapshot(&board, &selection), &mut status) else { continue };
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
    }
}
