//! Undo and redo on a world (Ctrl+Z, Ctrl+Shift+Z, the panel's buttons, while a world is
//! played): the voxels, the endpoints and the moves they were set for as they were before each
//! voxel removed or added, endpoint set or dragged, moves changed, and world made or opened;
//! the flat board's history stands still meanwhile.

use bevy::prelude::*;

use super::world::{WorldBoard, world_on};
use crate::engine::world::{Pos3, VoxelGrid, VoxelMoves};
use crate::game::logic::boards::history::{BoardUndo, Snapshot, Steps, undo_or_redo};
use crate::game::logic::shared::input::{Action, VoxelClick};
use crate::game::logic::shared::settings::{MAX_LEVELS, WorldSettings};
use crate::game::logic::shared::status::Status;
use crate::game::phases::Turn;

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<WorldHistory>()
        .add_systems(Update, remember_worlds.run_if(world_on).in_set(Turn::Remember))
        .configure_sets(Update, BoardUndo.run_if(not(world_on)))
        .add_systems(Update, undo_redo_worlds.run_if(world_on).in_set(Turn::History).after(crate::game::logic::boards::history::undo_redo))
        .add_systems(Update, forget_unchanged_worlds.run_if(kept_now).in_set(Turn::WorldRecords));
}

/// A world and its endpoints at one moment, and the moves they were set for: the board's
/// [`Snapshot`] over voxels.
pub type WorldSnapshot = Snapshot<VoxelGrid, Pos3, VoxelMoves>;

/// What can be undone and redone on worlds.
#[derive(Resource, Default)]
pub struct WorldHistory {
    /// The worlds and endpoints before each step.
    pub steps: Steps<WorldSnapshot>,
    /// An endpoint's drag under way: one step for all of it.
    dragging: bool,
    /// A step was kept this frame (and is dropped if the actions changed nothing).
    kept_now: bool,
}

impl WorldHistory {
    /// Whether `action` begins a step (the world as it stands is kept for it).
    fn begins_step(&mut self, action: &Action) -> bool {
        let (keep, dragging) = match action {
            Action::Hover(_) => return false,
            Action::PickVoxel { click: VoxelClick::Drag(_), .. } => (!self.dragging, true),
            Action::PickVoxel { .. }
            | Action::World(_)
            | Action::Reset
            | Action::NewBoard(_)
            | Action::LoadMap { .. }
            | Action::OpenMap(_) => (true, false),
            _ => (false, false),
        };
        self.dragging = dragging;
        keep
    }
}

fn snapshot(world: &WorldBoard, settings: &WorldSettings) -> Option<WorldSnapshot> {
    let grid = world.grid.clone()?;
    Some(WorldSnapshot { grid, source: world.source.clone(), start: world.start, end: world.end, moves: settings.moves })
}

fn kept_now(history: Res<WorldHistory>) -> bool {
    history.kept_now
}

/// Before the actions change anything: keeps the world for the actions that will change it.
fn remember_worlds(
    mut actions: MessageReader<Action>,
    world: Res<WorldBoard>,
    settings: Res<WorldSettings>,
    mut history: ResMut<WorldHistory>,
) {
    for action in actions.read() {
        if history.begins_step(action) && !history.kept_now {
            let Some(now) = snapshot(&world, &settings) else { return };
            history.kept_now = history.steps.keep(now);
        }
    }
}

/// After the actions: a step kept for actions that changed nothing (a refused click) is
/// dropped, so every undo undoes something.
fn forget_unchanged_worlds(world: Res<WorldBoard>, settings: Res<WorldSettings>, mut history: ResMut<WorldHistory>) {
    history.kept_now = false;
    match snapshot(&world, &settings) {
        Some(now) => history.steps.settle(&now),
        // back to the flat board: the step stays, to come back to
        None => history.steps.redo.clear(),
    }
}

/// Undo and redo: the voxels, endpoints and moves go back (or forward) one step, and the
/// world is searched again.
fn undo_redo_worlds(
    mut actions: MessageReader<Action>,
    mut world: ResMut<WorldBoard>,
    mut settings: ResMut<WorldSettings>,
    mut history: ResMut<WorldHistory>,
    mut status: ResMut<Status>,
) {
    for undo in actions.read().filter_map(undo_or_redo) {
        let Some(now) = snapshot(&world, &settings) else { return };
        // A step kept this frame for another action (the world's clicks and new worlds are
        // applied after undo and redo) holds the world from before the undo: it is taken off
        // while undoing and kept again from the world the undo leaves, so an action that then
        // changes nothing does not clear what can be redone.
        let kept = if history.kept_now { history.steps.undo.pop_back() } else { None };
        let Some(to) = history.steps.take(undo, now, &mut status) else {
            history.steps.undo.extend(kept);
            continue;
        };
        settings.levels = to.grid.depth().clamp(1, MAX_LEVELS);
        settings.moves = to.moves;
        world.restore(to.grid, to.source, (to.start, to.end));
        if kept.is_some() {
            history.steps.undo.extend(snapshot(&world, &settings));
        }
    }
}
