//! Watch the search think: the whole search is recorded with the engine's step-by-step
//! search, then shown one expansion at a time (Space steps, Run plays it at 1 to 1000
//! expansions a second, a slider scrubs back and forth). Open, closed and current cells get
//! their own colours; F, G, H, parent and expansion index are known for every touched cell.

use bevy::prelude::*;

use super::board::{Board, Selection};
use super::lab::Lab;
use crate::engine::{
    grid::{Pos, distances_to},
    search::{Algorithm, Estimate, Pushed, SearchError, SearchOptions, SearchResult, Searcher},
};
use crate::game::logic::shared::replay::{Replay, control_replays, play_replay, replay_running};
use crate::game::logic::shared::settings::{Heat, MAX_TRACE, SearchSettings, StepLayers, StepViewOn, race_on, step_view_on};
use crate::game::logic::shared::setup::GameSetup;
use crate::game::phases::{AppSystems, PausableSystems};

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<StepView>()
        .init_resource::<GoalField>()
        .init_resource::<OpenedTrace>()
        .add_systems(Startup, open_from_setup)
        .add_systems(
            Update,
            (
                compute_goal_field.run_if(
                    resource_changed::<StepLayers>
                        .or_eager(resource_changed::<Board>)
                        .or_eager(resource_changed::<Selection>)
                        .or_eager(resource_changed::<SearchSettings>),
                ),
                record_trace.run_if(
                    resource_changed::<StepViewOn>
                        .or_eager(resource_changed::<OpenedTrace>)
                        .or_eager(resource_changed::<Lab>)
                        .or_eager(resource_changed::<Board>)
                        .or_eager(resource_changed::<Selection>)
                        .or_eager(resource_changed::<SearchSettings>),
                ),
                control_replays::<StepView>.run_if(step_view_on.and_then(not(race_on))),
                play_replay::<StepView>
                    .run_if(step_view_on.and_then(not(race_on)).and_then(replay_running::<StepView>))
                    .in_set(PausableSystems),
            )
                .chain()
                .in_set(AppSystems::Walk),
        );
}

/// One cell put on (or improved on) the open list.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TracePush {
    pub cell: Pos,
    pub g: f64,
    pub h: f64,
    pub parent: Option<Pos>,
}

/// A search another planner made, opened from a trace file: replayed by the step view in place
/// of the search, on the board it was opened on (a new board forgets it).
#[derive(Resource, Clone, Debug, Default, PartialEq)]
pub struct OpenedTrace(pub Option<Opened>);

/// An opened trace: its file's name, its events, and its expansions as the step view shows
/// them.
#[derive(Clone, Debug, PartialEq)]
pub struct Opened {
    pub name: String,
    pub events: usize,
    pub start: Option<TracePush>,
    pub steps: Vec<TraceStep>,
}

/// One expansion: the cell taken off the open list and what it pushed.
#[derive(Clone, Debug, PartialEq)]
pub struct TraceStep {
    pub current: Pos,
    pub pushes: Vec<TracePush>,
}

/// How a cell looks in the step view.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Mark {
    #[default]
    None,
    Open,
    Closed,
    Current,
}

/// What the step view shows of one cell at the current step.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CellLabel {
    pub g: f64,
    pub h: f64,
    pub f: f64,
    pub parent: Option<Pos>,
    pub expansion: Option<usize>,
    pub mark: Mark,
}

/// The recorded search and where the view stands in it.
#[derive(Resource, Default)]
pub struct StepView {
    /// Playing forward at `rate` expansions a second.
    pub running: bool,
    pub rate: f32,
    /// Expansions shown (0 to `steps.len()`).
    pub shown: usize,
    pub steps: Vec<TraceStep>,
    pub start: Option<TracePush>,
    /// Whether the search was cut at [`MAX_TRACE`].
    pub truncated: bool,
    /// Whether the subgoal graph was asked for and the board answered by JPS+ instead (its
    /// steps are JPS+'s): see `Prepared::uses_jump_table`.
    pub by_jumps: bool,
    greedy: bool,
    width: usize,
    // the state after `applied` steps, kept incrementally
    applied: usize,
    marks: Vec<Mark>,
    latest: Vec<Option<TracePush>>,
    order: Vec<Option<u32>>,
    budget: f32,
    /// Expansions to show once the next recording is made (--steps).
    pub pending_seek: Option<usize>,
    /// The largest g the recorded search reached (what a heat map of g is scaled to).
    pub max_g: f64,
    // cells marked open at the shown step
    open: usize,
    /// The searcher searches are recorded with ([`Searcher::record`]), kept between recordings
    /// so that a moved endpoint does not build HPA*'s clusters or prepare the subgoal graph
    /// again (an edit brings its clusters up to date, or prepares again; another board starts
    /// over).
    pub graphs: Searcher,
}

/// A distance from every cell to one cell, row by row, and the largest finite one (what a heat
/// map is scaled to); empty when there is none. The step view's cost to the goal and the
/// crowd's gathering field are both one.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct DistanceField {
    pub width: usize,
    pub costs: Vec<f64>,
    pub max: f64,
}

impl DistanceField {
    /// The field of `costs` (row by row, `width` a row; infinite where unreachable).
    pub fn new(width: usize, costs: Vec<f64>) -> DistanceField {
        let max = costs.iter().copied().filter(|c| c.is_finite()).fold(0.0, f64::max);
        DistanceField { width, costs, max }
    }

    /// The distance from `p`, when known and finite.
    pub fn at(&self, p: Pos) -> Option<f64> {
        self.costs.get(p.1 * self.width + p.0).copied().filter(|c| c.is_finite())
    }
}

/// The cost to the goal from every cell while the heat map shows it (empty otherwise).
#[derive(Resource, Clone, Debug, Default, PartialEq, Deref)]
pub struct GoalField(pub DistanceField);

impl StepView {
    /// Whether the view is mid-search (the path is shown only at the end).
    pub fn is_stepping(&self) -> bool {
        !self.steps.is_empty() && self.shown < self.steps.len()
    }

    /// The mark of a cell at the shown step.
    pub fn mark(&self, p: Pos) -> Mark {
        self.marks.get(p.1 * self.width + p.0).copied().unwrap_or_default()
    }

    /// F, G, H, parent and expansion index of a touched cell at the shown step.
    pub fn label(&self, p: Pos) -> Option<CellLabel> {
        let i = p.1 * self.width + p.0;
        let push = (*self.latest.get(i)?)?;
        Some(CellLabel {
            g: push.g,
            h: push.h,
            f: if self.greedy { push.h } else { push.g + push.h },
            parent: push.parent,
            expansion: self.order[i].map(|k| k as usize),
            mark: self.marks[i],
        })
    }

    /// How many cells are on the open list at the shown step.
    pub fn open_count(&self) -> usize {
        self.open
    }

    /// The open cells at the shown step.
    pub fn open_cells(&self) -> Vec<Pos> {
        self.cells_marked(|m| m == Mark::Open)
    }

    /// The closed cells (the current one included) at the shown step.
    pub fn closed_cells(&self) -> Vec<Pos> {
        self.cells_marked(|m| m == Mark::Closed || m == Mark::Current)
    }

    fn cells_marked(&self, f: impl Fn(Mark) -> bool) -> Vec<Pos> {
        let w = self.width.max(1);
        self.marks.iter().enumerate().filter(|(_, m)| f(**m)).map(|(i, _)| (i % w, i / w)).collect()
    }

    /// Forgets the recording (the next frame records a fresh one while the view is on).
    pub fn clear(&mut self) {
        self.steps.clear();
        self.start = None;
        self.marks.clear();
        self.latest.clear();
        self.order.clear();
        self.applied = 0;
        self.open = 0;
        self.shown = 0;
        self.running = false;
    }

    /// Shows the state after `k` expansions (clamped).
    pub fn seek(&mut self, k: usize) {
        if self.marks.is_empty() {
            self.shown = 0;
            return;
        }
        let k = k.min(self.steps.len());
        if k < self.applied || self.applied == 0 {
            self.marks.iter_mut().for_each(|m| *m = Mark::None);
            self.latest.iter_mut().for_each(|l| *l = None);
            self.order.iter_mut().for_each(|o| *o = None);
            self.applied = 0;
            self.open = 0;
            if let Some(s) = self.start {
                self.apply_push(s);
            }
        }
        if self.applied > 0 {
            // the previous current cell is now merely closed
            let prev = self.steps[self.applied - 1].current;
            let i = prev.1 * self.width + prev.0;
            self.marks[i] = Mark::Closed;
        }
        while self.applied < k {
            let step = self.steps[self.applied].clone();
            let i = step.current.1 * self.width + step.current.0;
            if self.marks[i] == Mark::Open {
                self.open -= 1;
            }
            self.marks[i] = Mark::Closed;
            self.order[i] = Some(self.applied as u32);
            for p in step.pushes {
                self.apply_push(p);
            }
            self.applied += 1;
        }
        if k > 0 {
            let c = self.steps[k - 1].current;
            self.marks[c.1 * self.width + c.0] = Mark::Current;
        }
        self.shown = k;
    }

    fn apply_push(&mut self, p: TracePush) {
        let i = p.cell.1 * self.width + p.cell.0;
        self.latest[i] = Some(p);
        if self.marks[i] == Mark::None {
            self.marks[i] = Mark::Open;
            self.open += 1;
        }
    }

    /// Records the whole search from `start` to `end` (at most [`MAX_TRACE`] expansions) and
    /// shows its beginning.
    pub fn record(&mut self, board: &Board, start: Pos, end: Pos, options: &SearchOptions) {
        // a search that cannot run leaves the view empty; the player's path says why
        let _ = self.record_limited(board, start, end, options, MAX_TRACE);
    }

    /// As [`StepView::record`], with the heuristic lab's estimate (if any) in place of the
    /// heuristic.
    pub fn record_estimated(&mut self, board: &Board, (start, end): (Pos, Pos), options: &SearchOptions, estimate: Option<&Estimate>) {
        let _ = self.record_with(board, (start, end), options, estimate, MAX_TRACE);
    }

    /// Records at most `limit` expansions of the search from `start` to `end` ([`Self::truncated`]
    /// says whether it was cut) and shows its beginning, or the pending seek. Returns what the
    /// search found (no path when cut short), or why it could not run.
    pub fn record_limited(
        &mut self,
        board: &Board,
        start: Pos,
        end: Pos,
        options: &SearchOptions,
        limit: usize,
    ) -> Result<SearchResult, SearchError> {
        self.record_with(board, (start, end), options, None, limit)
    }

    /// As [`StepView::record_limited`], with `estimate` (if any) in place of the heuristic.
    pub fn record_with(
        &mut self,
        board: &Board,
        (start, end): (Pos, Pos),
        options: &SearchOptions,
        estimate: Option<&Estimate>,
        limit: usize,
    ) -> Result<SearchResult, SearchError> {
        self.reset(board, options.algorithm == Algorithm::Greedy);
        let recording = match estimate {
            Some(e) => self.graphs.record_estimated(&board.grid, (start, end), options, e, limit),
            None => self.graphs.record(&board.grid, start, end, options, limit),
        };
        if let Ok(seen) = &recording {
            self.by_jumps = seen.answered_by != options.algorithm;
            self.truncated = seen.truncated;
            self.start = seen.start.map(TracePush::from);
            for e in &seen.expansions {
                let pushes: Vec<TracePush> = e.pushed.iter().copied().map(TracePush::from).collect();
                self.max_g = pushes.iter().map(|p| p.g).fold(self.max_g, f64::max);
                self.steps.push(TraceStep { current: e.at, pushes });
            }
        }
        let k = self.pending_seek.take().unwrap_or(0);
        self.seek(k);
        recording.map(|seen| seen.result)
    }
}

impl StepView {
    /// Nothing recorded, sized for `board`.
    fn reset(&mut self, board: &Board, greedy: bool) {
        let (w, h) = (board.grid.width(), board.grid.height());
        self.steps.clear();
        self.start = None;
        self.truncated = false;
        self.width = w;
        self.greedy = greedy;
        self.marks = vec![Mark::None; w * h];
        self.latest = vec![None; w * h];
        self.order = vec![None; w * h];
        self.applied = 0;
        self.open = 0;
        self.max_g = 0.0;
        self.by_jumps = false;
    }

    /// Shows a trace opened from a file (its cells checked against `board` when it was
    /// opened), from its beginning or the pending seek.
    pub fn show_opened(&mut self, board: &Board, opened: &Opened) {
        self.reset(board, false);
        self.start = opened.start;
        self.steps = opened.steps.clone();
        self.max_g = self.steps.iter().flat_map(|s| &s.pushes).map(|p| p.g).filter(|g| g.is_finite()).fold(0.0, f64::max);
        let k = self.pending_seek.take().unwrap_or(0);
        self.seek(k);
    }
}

impl From<Pushed> for TracePush {
    fn from(p: Pushed) -> TracePush {
        TracePush { cell: p.at, g: p.g, h: p.h, parent: p.parent }
    }
}

/// --steps N: the step view opens with N expansions shown.
fn open_from_setup(setup: Res<GameSetup>, mut view: ResMut<StepView>) {
    view.pending_seek = setup.steps;
}

/// Records a new trace when the step view is switched on, or while it is on and the board,
/// selection or settings change; forgets it when the view is switched off.
fn record_trace(
    on: Res<StepViewOn>,
    board: Res<Board>,
    selection: Res<Selection>,
    (settings, lab, opened): (Res<SearchSettings>, Res<Lab>, Res<OpenedTrace>),
    mut view: ResMut<StepView>,
) {
    if let (true, Some(o)) = (on.0, &opened.0) {
        view.show_opened(&board, o);
        view.running = false;
        return;
    }
    match (on.0, selection.start, selection.end) {
        (true, Some(s), Some(e)) => view.record_estimated(&board, (s, e), &settings.0, lab.estimate_for(&settings.0).as_ref()),
        _ => view.clear(),
    }
    view.running = false;
}

/// The heat map of the cost to the goal: a Dijkstra backwards from the end, under the search's
/// moves and costs.
fn compute_goal_field(
    layers: Res<StepLayers>,
    board: Res<Board>,
    selection: Res<Selection>,
    settings: Res<SearchSettings>,
    mut field: ResMut<GoalField>,
) {
    let new = match (layers.heat, selection.end) {
        (Heat::ToGoal, Some(end)) => {
            GoalField(DistanceField::new(board.grid.width(), distances_to(&board.grid, end, settings.0.topology, settings.0.costs)))
        }
        _ => GoalField::default(),
    };
    field.set_if_neq(new);
}

impl Replay for StepView {
    fn shown(&self) -> usize {
        self.shown
    }
    fn total(&self) -> usize {
        self.steps.len()
    }
    fn seek_to(&mut self, k: usize) {
        self.seek(k);
    }
    fn clock(&mut self) -> (&mut bool, &mut f32, &mut f32) {
        (&mut self.running, &mut self.rate, &mut self.budget)
    }
    fn is_running(&self) -> bool {
        self.running
    }
}
