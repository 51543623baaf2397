//! Search as a system: when the board, the selection or a search setting changes (never every
//! frame), the engine finds the player's path from start to end. Anything else that needs a
//! path asks by data: a [`PathRequest`] component, answered with a [`PathAnswer`] on the same
//! entity. The search knows nothing of who asks.

use std::collections::HashMap;
use std::time::Duration;

use bevy::prelude::*;

use super::board::{Board, Selection};
use super::settings::SearchSettings;
use crate::game::phases::AppSystems;
use crate::search::{Algorithm, Pos, SearchError, SearchOptions, Searcher, cells_along};

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

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<PathState>().init_resource::<SearchBuffers>().add_systems(
        Update,
        (
            find_path
                .run_if(resource_changed::<Board>.or_eager(resource_changed::<Selection>).or_eager(resource_changed::<SearchSettings>)),
            answer_path_requests,
        )
            .in_set(AppSystems::Search),
    );
}

/// The engine's reusable buffers.
#[derive(Resource, Default)]
pub struct SearchBuffers(pub Searcher);

/// The player's path: the latest search from start to end and what it found.
#[derive(Resource, Clone, Debug, Default, PartialEq)]
pub struct PathState {
    /// Cells from start to end; empty without a path. For an any-angle path, the cells its
    /// segments pass over.
    pub cells: Vec<Pos>,
    /// An any-angle path's turning points (what an agent walks); empty for grid paths.
    pub corners: Vec<Pos>,
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
}

impl PathState {
    /// Where `p` lies on the path.
    pub fn path_index(&self, p: Pos) -> Option<usize> {
        self.index.get(&p).copied()
    }

    /// Whether a path was found.
    pub fn found(&self) -> bool {
        !self.cells.is_empty()
    }

    fn set_path(&mut self, cells: Vec<Pos>) {
        self.index = cells.iter().enumerate().map(|(k, &p)| (p, k)).collect();
        self.cells = cells;
    }
}

/// A request for a path on the board with the current search settings. Inserting it (again)
/// asks for a fresh answer.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct PathRequest {
    /// Where the path starts.
    pub from: Pos,
    /// Where it ends.
    pub to: Pos,
}

/// The answer to the entity's [`PathRequest`]: the cells from `from` to `to`, or why not.
#[derive(Component, Clone, Debug, PartialEq)]
pub struct PathAnswer(pub Result<Vec<Pos>, String>);

/// Runs the engine for the player's path.
fn find_path(
    board: Res<Board>,
    selection: Res<Selection>,
    settings: Res<SearchSettings>,
    mut state: ResMut<PathState>,
    mut buffers: ResMut<SearchBuffers>,
) {
    state.searches += 1;
    state.set_path(Vec::new());
    state.cost = None;
    state.message.clear();
    let (Some(start), Some(end)) = (selection.start, selection.end) else {
        state.message = "pick a start and an end".into();
        return;
    };
    let t = bevy::platform::time::Instant::now();
    let options = game_options(&settings.0);
    let result = buffers.0.search(&board.grid, start, end, &options);
    state.time = t.elapsed();
    state.corners.clear();
    match result {
        Ok(r) => {
            state.expanded = r.expanded;
            state.pushed = r.pushed;
            state.admissible = r.admissible;
            state.cost = r.cost;
            match r.path {
                Some(corners) if options.algorithm.any_angle() => {
                    state.set_path(cells_along(&corners));
                    state.corners = corners;
                }
                Some(cells) => state.set_path(cells),
                None if r.stopped => state.message = stopped(&options, r.expanded),
                None => state.message = dead_end(start, end),
            }
        }
        Err(e) => {
            state.expanded = 0;
            state.pushed = 0;
            state.message = describe(e);
        }
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

/// The player's words for a search that could not start.
fn describe(e: SearchError) -> String {
    match e {
        SearchError::Blocked { which: "goal", at } => format!("the end {},{} is blocked", at.0, at.1),
        SearchError::Blocked { at, .. } => format!("the start {},{} is blocked", at.0, at.1),
        other => other.to_string(),
    }
}

/// Answers every new or renewed [`PathRequest`].
fn answer_path_requests(
    mut commands: Commands,
    board: Res<Board>,
    settings: Res<SearchSettings>,
    mut buffers: ResMut<SearchBuffers>,
    requests: Query<(Entity, &PathRequest), Changed<PathRequest>>,
) {
    for (e, r) in &requests {
        let options = game_options(&settings.0);
        let answer = match buffers.0.search(&board.grid, r.from, r.to, &options) {
            Ok(found) if found.stopped => Err(stopped(&options, found.expanded)),
            Ok(found) => found.path.ok_or_else(|| dead_end(r.from, r.to)),
            Err(e) => Err(describe(e)),
        };
        commands.entity(e).insert(PathAnswer(answer));
    }
}
