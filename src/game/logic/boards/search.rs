//! Search as a system, through the `bevy_cubepath` plugin: the board is mirrored into a
//! [`NavGrid`] entity with the player's search settings, and when the board, the selection or a
//! search setting changes (never every frame) the player's path is asked for by a
//! [`PathRequest`] on its own entity and taken up from the [`PathAnswer`]. Anything else that
//! needs a path (the walking agent) asks the same way, on its own entity.

use std::collections::HashMap;
use std::time::Duration;

use bevy::prelude::*;
use bevy_cubepath::{NavGrid, NoPath, PathAnswer, PathBudget, PathRequest};

use super::board::{Board, Selection};
use crate::engine::{
    grid::{Pos, cells_along},
    search::{Algorithm, SearchError, SearchOptions},
};
use crate::game::logic::shared::settings::{SearchSettings, UnitSize};
use crate::game::phases::AppSystems;

/// The most cells IDA* may expand for one search in the game (about a tenth of a second on a
/// desktop): it re-expands cells without end on open boards, and a frame must not freeze.
pub const IDA_GAME_LIMIT: usize = 100_000;

/// The settings a search in the game runs with: the player's, with IDA* bounded.
pub fn game_options(settings: &SearchOptions) -> SearchOptions {
    match (settings.algorithm, settings.limit) {
        (Algorithm::Ida, None) => SearchOptions { limit: Some(IDA_GAME_LIMIT), ..*settings },
        _ => *settings,
    }
}

pub(crate) fn plugin(app: &mut App) {
    // Every request is answered in the frame it is made, as the game always did.
    app.init_resource::<PathState>()
        .insert_resource(PathBudget { searches: usize::MAX, expansions: usize::MAX, preparation: usize::MAX })
        .add_systems(Startup, spawn_navigation)
        .add_systems(
            Update,
            (
                (mirror_board, request_player_path)
                    .chain()
                    .run_if(
                        resource_changed::<Board>
                            .or_eager(resource_changed::<Selection>)
                            .or_eager(resource_changed::<SearchSettings>)
                            .or_eager(resource_changed::<UnitSize>),
                    )
                    .in_set(AppSystems::RequestPaths),
                take_player_answer.in_set(AppSystems::TakeAnswers),
            ),
        );
}

/// The board's [`NavGrid`] (one: requests need not name it).
#[derive(Component)]
pub struct BoardNavigation;

/// The entity that asks for the player's path.
#[derive(Component)]
pub struct PlayerPath;

fn spawn_navigation(mut commands: Commands, board: Res<Board>) {
    commands.spawn((Name::new("Board navigation"), BoardNavigation, NavGrid::new(board.grid.clone())));
    commands.spawn((Name::new("Player's path"), PlayerPath));
}

/// The board, the search settings and where cells lie (as [`Board::world`] puts them) into the
/// navigation grid: a painted cell is set on it (so it keeps its identity and the engine its
/// components until a cell changes), a new board replaces it; it is marked changed only when
/// something did.
fn mirror_board(board: Res<Board>, settings: Res<SearchSettings>, mut nav: Query<&mut NavGrid, With<BoardNavigation>>) {
    let Ok(mut nav) = nav.single_mut() else { return };
    let (w, h) = (board.grid.width(), board.grid.height());
    // the navigation grid's cells lie where the board's do: cell (0, 0) at its place, the rest
    // one apart (hex rows the apothem apart, as the plugin lays them)
    let origin = board.world((0, 0));
    let options = game_options(&settings.0);
    let mirror = nav.bypass_change_detection();
    let mut changed = (mirror.options, mirror.origin) != (options, origin);
    (mirror.options, mirror.origin) = (options, origin);
    if (mirror.grid.width(), mirror.grid.height()) != (w, h) {
        mirror.grid = board.grid.clone();
        changed = true;
    } else if mirror.grid != board.grid {
        for (p, cell) in board.grid.cells() {
            if mirror.grid.get(p.0, p.1) != Some(cell) {
                mirror.grid.set(p.0, p.1, cell).expect("the same size");
            }
        }
        changed = true;
    }
    if changed {
        nav.set_changed();
    }
}

/// Asks for the player's path from start to end (or says what is missing).
fn request_player_path(
    mut commands: Commands,
    selection: Res<Selection>,
    unit: Res<UnitSize>,
    mut state: ResMut<PathState>,
    player: Query<Entity, With<PlayerPath>>,
) {
    let Ok(asker) = player.single() else { return };
    match (selection.start, selection.end) {
        (Some(from), Some(to)) => {
            commands.entity(asker).insert(PathRequest::new(from, to).sized(unit.0));
        }
        _ => {
            commands.entity(asker).remove::<(PathRequest, PathAnswer)>();
            let searches = state.searches + 1;
            *state = PathState { searches, message: "pick a start and an end".into(), ..default() };
        }
    }
}

/// The player's path as the plugin answered it.
fn take_player_answer(
    settings: Res<SearchSettings>,
    mut state: ResMut<PathState>,
    answers: Query<(&PathAnswer, &PathRequest), (With<PlayerPath>, Changed<PathAnswer>)>,
) {
    let Ok((answer, request)) = answers.single() else { return };
    // a path says what it was found with (the settings may have changed since it was asked)
    let options = answer.result.as_ref().map_or_else(|_| game_options(&settings.0), |found| found.options);
    state.options = options;
    state.searches += 1;
    state.set_path(Vec::new());
    state.corners.clear();
    state.message.clear();
    state.cost = None;
    state.time = answer.time;
    state.expanded = answer.expanded;
    state.pushed = answer.pushed;
    state.admissible = options.is_admissible();
    state.unit = request.size;
    match &answer.result {
        Ok(found) if options.algorithm.any_angle() => {
            state.set_path(cells_along(&found.cells));
            state.corners = found.cells.to_vec();
            (state.cost, state.admissible) = (Some(found.cost), found.optimal);
        }
        Ok(found) => {
            state.set_path(found.cells.to_vec());
            (state.cost, state.admissible) = (Some(found.cost), found.optimal);
        }
        Err(NoPath::Stopped { expanded }) => state.message = stopped(&options, *expanded),
        Err(NoPath::Refused(e)) => state.message = describe(e.clone(), request.size),
        Err(no @ NoPath::UnitSize(_)) => state.message = no.to_string(),
        Err(_) => state.message = dead_end(request.from, request.to),
    }
}

/// The player's path: the latest search from start to end and what it found.
#[derive(Resource, Clone, Debug, Default, PartialEq)]
pub struct PathState {
    /// Cells from start to end; empty without a path. For an any-angle path, the cells its
    /// segments pass over.
    pub cells: Vec<Pos>,
    /// An any-angle path's turning points (what an agent walks); empty for grid paths.
    pub corners: Vec<Pos>,
    /// The walker's side in cells: above 1, `cells` are the top-left cells of its square.
    pub unit: usize,
    index: HashMap<Pos, usize>,
    /// The path's cost.
    pub cost: Option<f64>,
    /// Nodes expanded.
    pub expanded: usize,
    /// Nodes put on the open list.
    pub pushed: usize,
    /// How long the search took.
    pub time: Duration,
    /// Whether the settings guarantee the shortest path.
    pub admissible: bool,
    /// Why there is no path ("start is blocked", "no path"); empty when one was found.
    pub message: String,
    /// How many searches have run (a new one bumps it).
    pub searches: u64,
    /// The settings the path was found with (an agent walking it checks its steps by them).
    pub options: SearchOptions,
}

impl PathState {
    /// Where `p` lies on the path: for a unit more than a cell a side, the first step whose
    /// square covers `p`.
    pub fn path_index(&self, p: Pos) -> Option<usize> {
        self.index.get(&p).copied()
    }

    /// Whether a path was found.
    pub fn found(&self) -> bool {
        !self.cells.is_empty()
    }

    fn set_path(&mut self, cells: Vec<Pos>) {
        let k = self.unit.max(1);
        self.index.clear();
        for (i, &anchor) in cells.iter().enumerate() {
            for p in crate::engine::grid::square_cells(anchor, k) {
                self.index.entry(p).or_insert(i);
            }
        }
        self.cells = cells;
    }
}

/// The player's words for a search that found no way.
fn dead_end(from: Pos, to: Pos) -> String {
    format!("dead end: no path from {},{} to {},{}", from.0, from.1, to.0, to.1)
}

/// The player's words for a search that gave up at its limit.
fn stopped(options: &SearchOptions, expanded: usize) -> String {
    format!("{} stopped after {expanded} expansions (its limit) without an answer", options.algorithm)
}

/// The player's words for a search that could not start, for a walker `unit` cells a side.
fn describe(e: SearchError, unit: usize) -> String {
    match e {
        SearchError::Blocked { which: "goal", at } if unit > 1 => {
            format!("the end {},{} is blocked for a {unit} x {unit} walker (its square from there must be open)", at.0, at.1)
        }
        SearchError::Blocked { at, .. } if unit > 1 => {
            format!("the start {},{} is blocked for a {unit} x {unit} walker (its square from there must be open)", at.0, at.1)
        }
        SearchError::Blocked { which: "goal", at } => format!("the end {},{} is blocked", at.0, at.1),
        SearchError::Blocked { at, .. } => format!("the start {},{} is blocked", at.0, at.1),
        other => other.to_string(),
    }
}
