//! Search as a system: when the board, the selection or a search setting changes (never every
//! frame), run the engine and store the path, its cost and the time taken.

use std::collections::HashMap;
use std::time::Duration;

use bevy::prelude::*;

use super::AppSystems;
use super::agent::Agent;
use super::board::{Board, Selection};
use crate::search::{Pos, SearchError, SearchOptions, Searcher};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<SearchSettings>()
        .init_resource::<PathState>()
        .init_resource::<SearchBuffers>()
        .add_systems(Update, find_path.in_set(AppSystems::Update).in_set(PathSystems));
}

/// The system set of [`find_path`], for ordering.
#[derive(SystemSet, Debug, Clone, Copy, Eq, PartialEq, Hash)]
pub struct PathSystems;

/// The search settings the panel edits.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq)]
pub struct SearchSettings(pub SearchOptions);

/// The engine's reusable buffers.
#[derive(Resource, Default)]
pub struct SearchBuffers(pub Searcher);

/// The latest search and what it found.
#[derive(Resource, Clone, Debug, Default, PartialEq)]
pub struct PathState {
    /// Cells from start (or the agent's cell when it replans) to end; empty without a path.
    pub cells: Vec<Pos>,
    index: HashMap<Pos, usize>,
    pub cost: Option<f64>,
    pub expanded: usize,
    pub pushed: usize,
    pub time: Duration,
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

/// Runs the engine when its inputs changed. While an agent walks, it searches from the
/// agent's cell, so editing barriers replans from where the agent is.
pub fn find_path(
    board: Res<Board>,
    selection: Res<Selection>,
    settings: Res<SearchSettings>,
    mut state: ResMut<PathState>,
    mut buffers: ResMut<SearchBuffers>,
    mut agents: Query<&mut Agent>,
) {
    if !(board.is_changed() || selection.is_changed() || settings.is_changed()) {
        return;
    }
    let walking = agents.iter().find(|a| !a.arrived).map(Agent::replan_cell);
    state.searches += 1;
    state.set_path(Vec::new());
    state.cost = None;
    state.message.clear();
    let (Some(start), Some(end)) = (walking.or(selection.start), selection.end) else {
        state.message = "pick a start and an end".into();
        return;
    };
    let t = bevy::platform::time::Instant::now();
    let result = buffers.0.search(&board.grid, start, end, &settings.0);
    state.time = t.elapsed();
    match result {
        Ok(r) => {
            state.expanded = r.expanded;
            state.pushed = r.pushed;
            state.admissible = r.admissible;
            state.cost = r.cost;
            match r.path {
                Some(cells) => {
                    if walking.is_some() {
                        for mut agent in &mut agents {
                            agent.follow(&cells);
                        }
                    }
                    state.set_path(cells);
                }
                None => {
                    state.message = format!("dead end: no path from {},{} to {},{}", start.0, start.1, end.0, end.1);
                    for mut agent in &mut agents {
                        agent.stop();
                    }
                }
            }
        }
        Err(e) => {
            state.expanded = 0;
            state.pushed = 0;
            state.message = match e {
                SearchError::Blocked { which: "goal", at } => format!("the end {},{} is blocked", at.0, at.1),
                SearchError::Blocked { at, .. } => format!("the start {},{} is blocked", at.0, at.1),
                other => other.to_string(),
            };
            for mut agent in &mut agents {
                agent.stop();
            }
        }
    }
}
