//! The step view on a voxel world: the world's search recorded an expansion at a time (the
//! voxel expanded, and the voxels it put on the open list), played back by the same controls
//! as on the flat board (Space, Run, the rate, the scrubber).

use bevy::prelude::*;

use super::world::{SHOW_JUMPS, WorldBoard, WorldSearcher, world_on};
use crate::engine::{
    search::{Estimate, SearchError, SearchResult, Searcher, VoxelOptions},
    world::{Pos3, VoxelGrid},
};
use crate::game::logic::boards::lab::Lab;
use crate::game::logic::shared::replay::{Replay, control_replays, play_replay, replay_running};
use crate::game::logic::shared::settings::{MAX_TRACE, SearchSettings, StepViewOn, WorldSettings, step_view_on};
use crate::game::logic::shared::setup::GameSetup;
use crate::game::phases::{PausableSystems, Turn};

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<WorldStepView>().add_systems(
        Update,
        (
            record_world_steps.run_if(world_on.and_then(step_view_on).and_then(needs_recording)).in_set(Turn::WorldRecords),
            (
                control_replays::<WorldStepView>.run_if(world_on.and_then(step_view_on)),
                play_replay::<WorldStepView>
                    .run_if(world_on.and_then(step_view_on).and_then(replay_running::<WorldStepView>))
                    .in_set(PausableSystems),
            )
                .chain()
                .in_set(Turn::WorldReplays),
        ),
    );
}

/// A world search recorded for the step view.
#[derive(Resource, Debug, Default)]
pub struct WorldStepView {
    /// The voxels expanded, in order.
    pub closed: Vec<Pos3>,
    /// Every voxel the search touched and the expansion that put it on the open list first
    /// (0 for the start, `k + 1` for a voxel pushed by expansion `k`), in that order.
    pub opened: Vec<(Pos3, usize)>,
    /// Expansions shown.
    pub shown: usize,
    /// Whether the search was cut at [`MAX_TRACE`] expansions.
    pub truncated: bool,
    /// Playing forward at `rate` expansions a second.
    pub running: bool,
    rate: f32,
    budget: f32,
    /// The search recorded (the world answer's count), so a new one is recorded once.
    recorded: Option<u64>,
}

/// Where a touched voxel stands after the shown expansions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stage {
    /// On the open list.
    Open,
    /// Expanded.
    Closed,
    /// The one expanded last.
    Current,
}

/// When a voxel takes part in the recording: the expansion that opened it (0 for the start,
/// `k + 1` for the `k`-th) and the one that closed it, if any.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Timeline {
    pub opens: usize,
    pub closes: Option<usize>,
}

impl WorldStepView {
    /// Each touched voxel in the recording's order with its timeline: worked out once for a
    /// recording, so that painting at every step looks nothing up.
    pub fn timelines(&self) -> Vec<(Pos3, Timeline)> {
        let closed_at: std::collections::HashMap<Pos3, usize> = self.closed.iter().enumerate().map(|(k, &p)| (p, k)).collect();
        self.opened.iter().map(|&(p, opens)| (p, Timeline { opens, closes: closed_at.get(&p).copied() })).collect()
    }

    /// How a voxel with this timeline stands after the shown expansions (`None`: not touched
    /// yet).
    pub fn stage(&self, t: Timeline) -> Option<Stage> {
        match t.closes {
            Some(k) if k + 1 == self.shown => Some(Stage::Current),
            Some(k) if k < self.shown => Some(Stage::Closed),
            _ if t.opens <= self.shown => Some(Stage::Open),
            _ => None,
        }
    }

    /// Expansions a second while it plays.
    pub fn rate(&self) -> f32 {
        self.rate
    }

    /// Which search was recorded (the world answer's count), if any.
    pub fn recording(&self) -> Option<u64> {
        self.recorded
    }

    /// Voxels open and closed after the shown expansions.
    pub fn counts(&self) -> (usize, usize) {
        let open = self.opened.iter().take_while(|(_, at)| *at <= self.shown).count();
        (open - self.shown.min(open), self.shown)
    }
}

impl Replay for WorldStepView {
    fn shown(&self) -> usize {
        self.shown
    }
    fn total(&self) -> usize {
        self.closed.len()
    }
    fn seek_to(&mut self, k: usize) {
        self.shown = k.min(self.closed.len());
    }
    fn clock(&mut self) -> (&mut bool, &mut f32, &mut f32) {
        (&mut self.running, &mut self.rate, &mut self.budget)
    }
    fn is_running(&self) -> bool {
        self.running
    }
}

fn needs_recording(world: Res<WorldBoard>, view: Res<WorldStepView>, on: Res<StepViewOn>, lab: Res<Lab>) -> bool {
    view.recorded != Some(world.answer.searches) || on.is_changed() || lab.is_changed()
}

/// Runs the world's search again step by step and keeps what each expansion did; shows as many
/// expansions as before (or as `--steps` asked, the first time).
fn record_world_steps(
    world: Res<WorldBoard>,
    settings: Res<WorldSettings>,
    search: Res<SearchSettings>,
    (setup, lab): (Res<GameSetup>, Res<Lab>),
    mut searcher: ResMut<WorldSearcher>,
    mut view: ResMut<WorldStepView>,
) {
    let first = view.recorded.is_none();
    let before = view.shown;
    *view = WorldStepView { recorded: Some(world.answer.searches), rate: view.rate.max(20.0), ..default() };
    let (Some(grid), Some(start), Some(end)) = (world.grid.as_ref(), world.start, world.end) else { return };
    let options = VoxelOptions {
        algorithm: world.answer.algorithm,
        moves: settings.moves,
        weight: search.0.weight.max(1.0),
        limit: None,
        jump_always: SHOW_JUMPS,
    };
    if view.record(&mut searcher.0, grid, (start, end), &options, lab.world_estimate_for(&options).as_ref()).is_err() {
        return;
    }
    let total = view.closed.len();
    view.shown = if first { setup.steps.unwrap_or(0) } else { before }.min(total);
}

impl WorldStepView {
    /// Records the search from `start` to `end` an expansion at a time (at most the limit in
    /// `options` expansions, [`MAX_TRACE`] without one; the engine's [`Searcher::record`]): the
    /// voxels expanded (the goal last when found), and the voxels each first put on the open
    /// list (for JPS, the jump points its jumps found); with `estimate` (the heuristic lab's)
    /// in place of the moves' own. Its result, or why it cannot be recorded.
    pub fn record(
        &mut self,
        searcher: &mut Searcher,
        grid: &VoxelGrid,
        (start, end): (Pos3, Pos3),
        options: &VoxelOptions,
        estimate: Option<&Estimate<Pos3>>,
    ) -> Result<SearchResult<Pos3>, SearchError> {
        let limit = options.limit.unwrap_or(MAX_TRACE);
        let seen = match estimate {
            Some(e) => searcher.record_estimated(grid, (start, end), options, e, limit)?,
            None => searcher.record(grid, start, end, options, limit)?,
        };
        let mut touched = std::collections::HashSet::new();
        for (k, p) in seen
            .start
            .iter()
            .map(|p| (0, p))
            .chain(seen.expansions.iter().enumerate().flat_map(|(k, e)| e.pushed.iter().map(move |p| (k + 1, p))))
        {
            if touched.insert(p.at) {
                self.opened.push((p.at, k));
            }
        }
        self.closed = seen.expansions.iter().map(|e| e.at).collect();
        self.truncated = seen.truncated;
        Ok(seen.result)
    }
}
