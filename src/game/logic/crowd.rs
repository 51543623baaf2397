//! The crowd in the game: the engine's [`Crowd`] on a copy of the board, ticked at the set rate
//! (paused with Z), following the board's edits, steered by clicks in gather and command
//! modes. The view draws its agents between ticks; this module never touches a mesh.

use bevy::platform::time::Instant;
use bevy::prelude::*;

use super::board::Board;
use super::files;
use super::input::Action;
use super::settings::{CrowdSettings, MAX_CROWD, SearchSettings};
use super::setup::GameSetup;
use super::status::Status;
use super::stepview::DistanceField;
use crate::game::phases::{AppSystems, PausableSystems};
use crate::search::{Crowd, CrowdKind, CrowdMode, CrowdOptions, Pos, Topology, middle_cell, read_scen};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<CrowdState>().init_resource::<CrowdField>().add_systems(
        Update,
        (
            load_scenario,
            build_crowd
                .run_if(resource_changed::<CrowdSettings>.or_eager(resource_changed::<Board>).or_eager(resource_changed::<SearchSettings>)),
            follow_board_edits.run_if(resource_changed::<Board>),
            steer_crowd.run_if(|s: Res<CrowdSettings>| s.agents > 0),
            tick_crowd.run_if(|c: Res<CrowdState>| c.crowd.is_some()).in_set(PausableSystems),
            copy_field.run_if(resource_changed::<CrowdState>.or_eager(resource_changed::<CrowdSettings>)),
        )
            .chain()
            .in_set(AppSystems::Walk),
    );
}

/// The crowd and how its ticks go.
#[derive(Resource, Default)]
pub struct CrowdState {
    /// The agents and their searches (none with 0 agents).
    pub crowd: Option<Crowd>,
    /// How far the view is between the last tick and the next (0 to 1).
    pub between: f32,
    /// The agent clicked in command mode.
    pub selected: Option<usize>,
    /// How long the last tick took, and the longest so far, in milliseconds.
    pub tick_ms: f32,
    pub worst_ms: f32,
    /// The gathering cell.
    pub gather: Option<Pos>,
    /// How long the last joint plan took to make, in milliseconds (timed here: the engine has
    /// no clock in the browser).
    pub plan_ms: f32,
    /// Bumped when the gathering field changes (new goal, edits).
    pub field_version: u64,
    /// A scenario's starts and goals waiting for the crowd to be made.
    scenario: Option<(Vec<Pos>, Vec<Pos>)>,
    built_for: Option<(u64, usize, Topology, CrowdKind)>,
    grid_version: (u64, u64),
    pending_ticks: usize,
}

impl CrowdState {
    /// The engine's mode for the panel's choice.
    fn mode(&self, clicks: CrowdKind) -> CrowdMode {
        match (clicks, self.gather) {
            (CrowdKind::Gather, Some(g)) => CrowdMode::Gather(g),
            (CrowdKind::Command, _) => CrowdMode::Command,
            (CrowdKind::Together, _) => CrowdMode::Together,
            _ => CrowdMode::Wander,
        }
    }
}

/// The gathering field while it is shown (empty otherwise): its distances for the heat map,
/// and each cell's next cell down it for the arrows, worked out once per change of the field.
#[derive(Resource, Clone, Debug, Default, PartialEq, Deref)]
pub struct CrowdField {
    #[deref]
    pub distances: DistanceField,
    /// Row by row.
    pub next: Vec<Option<Pos>>,
}

/// Makes the crowd when the agent count, the board's layout, the moves or the mode change.
fn build_crowd(
    settings: Res<CrowdSettings>,
    board: Res<Board>,
    search: Res<SearchSettings>,
    setup: Res<GameSetup>,
    mut state: ResMut<CrowdState>,
    mut status: ResMut<Status>,
) {
    let key = (board.layout, settings.agents, search.0.topology, settings.clicks);
    if state.built_for == Some(key) {
        return;
    }
    let same_crowd = state.built_for.is_some_and(|(l, n, t, _)| (l, n, t) == (key.0, key.1, key.2));
    state.built_for = Some(key);
    if settings.agents == 0 {
        state.crowd = None;
        state.selected = None;
        return;
    }
    if settings.clicks == CrowdKind::Gather && state.gather.is_none() {
        // gather at the free cell nearest the middle until the player clicks
        state.gather = middle_cell(&board.grid);
    }
    let mode = state.mode(settings.clicks);
    let t = Instant::now();
    if same_crowd && let Some(crowd) = &mut state.crowd {
        if let Err(e) = crowd.set_mode(mode) {
            status.say(format!("crowd: {e}"));
        }
        state.field_version += 1;
        state.plan_ms = t.elapsed().as_secs_f32() * 1000.0;
        play_scenario(&mut state, &mut status);
        return;
    }
    // compare: every repair also runs A* from scratch, so the panel can set them side by side
    let options = CrowdOptions {
        topology: search.0.topology,
        costs: search.0.costs,
        seed: setup.board.seed,
        compare: true,
        ..CrowdOptions::default()
    };
    match Crowd::new(board.grid.clone(), settings.agents, mode, options) {
        Ok(crowd) => {
            state.grid_version = board.grid.version();
            state.crowd = Some(crowd);
            state.selected = None;
            state.worst_ms = 0.0;
            state.field_version += 1;
            state.pending_ticks = setup.crowd_ticks;
            state.plan_ms = t.elapsed().as_secs_f32() * 1000.0;
            play_scenario(&mut state, &mut status);
        }
        Err(e) => {
            state.crowd = None;
            status.say(format!("crowd: {e}"));
        }
    }
}

/// A scenario file (`.scen`, opened from Maps, picked or dropped in the browser): its first
/// problems (up to the crowd's limit) become the crowd's agents, planned together; the board
/// must be the scenario's map (its size is checked). A bad file keeps everything and says why.
fn load_scenario(
    mut actions: MessageReader<Action>,
    board: Res<Board>,
    mut settings: ResMut<CrowdSettings>,
    mut state: ResMut<CrowdState>,
    mut status: ResMut<Status>,
) {
    for action in actions.read() {
        let (name, bytes) = match action {
            Action::LoadMap { name, bytes } if files::is_scenario(name) => (name.clone(), bytes.clone()),
            Action::OpenMap(name) if files::is_scenario(name) => match files::open_map(name) {
                Ok(bytes) => (name.clone(), bytes),
                Err(e) => {
                    status.say(format!("could not open the scenario: {e}"));
                    continue;
                }
            },
            _ => continue,
        };
        let problems = match read_scen(&name, &bytes) {
            Ok(p) => p,
            Err(e) => {
                status.say(format!("could not load the scenario, the crowd is kept: {e}"));
                continue;
            }
        };
        let (w, h) = (board.grid.width(), board.grid.height());
        if let Some(p) = problems.iter().find(|p| (p.width, p.height) != (w, h)) {
            status.say(format!(
                "{name}:{}: the scenario is for a {} x {} map, the board is {w} x {h}: open its map first",
                p.line, p.width, p.height
            ));
            continue;
        }
        let n = problems.len().min(MAX_CROWD);
        if n == 0 {
            status.say(format!("{name}: no problems in the scenario"));
            continue;
        }
        state.scenario = Some((problems[..n].iter().map(|p| p.start).collect(), problems[..n].iter().map(|p| p.goal).collect()));
        // a new count or mode makes the crowd again, which then takes the scenario
        let wanted = CrowdSettings { agents: n, clicks: CrowdKind::Together, ..*settings };
        if *settings == wanted {
            play_scenario(&mut state, &mut status);
        } else {
            *settings = wanted;
        }
    }
}

/// The waiting scenario's agents put on their starts and planned together to their goals.
fn play_scenario(state: &mut CrowdState, status: &mut Status) {
    let Some((starts, goals)) = state.scenario.take() else { return };
    let Some(crowd) = &mut state.crowd else { return };
    let t = Instant::now();
    let result = crowd.place_agents(&starts).and_then(|()| crowd.plan_together(&goals));
    state.plan_ms = t.elapsed().as_secs_f32() * 1000.0;
    match result {
        Ok(j) if j.solved => status.say(format!("the scenario's {} agents planned together in {:.0} ms", j.agents, state.plan_ms)),
        Ok(j) => status.say(format!("crowd: {}", j.problem.unwrap_or_default())),
        Err(e) => status.say(format!("the scenario's agents: {e}")),
    }
}

/// Passes cells painted on the board to the crowd (an agent under a new barrier is lifted to
/// the nearest free cell).
fn follow_board_edits(board: Res<Board>, mut state: ResMut<CrowdState>) {
    let state = &mut *state;
    let Some(crowd) = &mut state.crowd else { return };
    if state.grid_version == board.grid.version()
        || crowd.grid().width() != board.grid.width()
        || crowd.grid().height() != board.grid.height()
    {
        return;
    }
    state.grid_version = board.grid.version();
    let changed: Vec<_> = board.grid.cells().filter(|&((x, y), c)| crowd.grid().get(x, y) != Some(c)).collect();
    if !crowd.set_cells(&changed).is_empty() {
        state.field_version += 1;
    }
}

/// Clicks on cells, in gather mode: gather there; in command mode: pick the agent on the cell,
/// or send the picked agent there.
fn steer_crowd(
    mut actions: MessageReader<Action>,
    settings: Res<CrowdSettings>,
    mut state: ResMut<CrowdState>,
    mut status: ResMut<Status>,
) {
    for action in actions.read() {
        let Action::Select(p) = *action else { continue };
        let state = &mut *state;
        let Some(crowd) = &mut state.crowd else { continue };
        match settings.clicks {
            CrowdKind::Gather => match crowd.set_mode(CrowdMode::Gather(p)) {
                Ok(()) => {
                    state.gather = Some(p);
                    state.field_version += 1;
                    status.say(format!("the crowd gathers at {},{}", p.0, p.1));
                }
                Err(e) => status.say(format!("crowd: {e}")),
            },
            CrowdKind::Command => match (crowd.agent_at(p), state.selected) {
                (Some(i), _) => {
                    state.selected = Some(i);
                    status.say(format!("agent {i} picked: click a cell to send it"));
                }
                (None, Some(i)) => match crowd.send(i, p) {
                    Ok(()) => status.say(format!("agent {i} sent to {},{}", p.0, p.1)),
                    Err(e) => status.say(format!("crowd: {e}")),
                },
                (None, None) => status.say("click an agent first"),
            },
            CrowdKind::Together => {
                let goals = crowd.gathering_goals(p);
                let t = Instant::now();
                match crowd.plan_together(&goals) {
                    Ok(j) if j.solved => status.say(format!(
                        "{} agents planned together to the cells around {},{} in {:.0} ms",
                        j.agents,
                        p.0,
                        p.1,
                        t.elapsed().as_secs_f64() * 1000.0
                    )),
                    Ok(j) => status.say(format!("crowd: {}", j.problem.unwrap_or_default())),
                    Err(e) => status.say(format!("crowd: {e}")),
                }
                state.plan_ms = t.elapsed().as_secs_f32() * 1000.0;
            }
            CrowdKind::Wander => {}
        }
    }
}

/// Ticks at the set rate (at most four ticks a frame), timing each; --crowd-ticks runs its
/// ticks at once when the crowd is made.
fn tick_crowd(time: Res<Time>, settings: Res<CrowdSettings>, mut state: ResMut<CrowdState>) {
    let state = &mut *state;
    let Some(crowd) = &mut state.crowd else { return };
    let pending = std::mem::take(&mut state.pending_ticks);
    for _ in 0..pending {
        crowd.tick();
    }
    state.between += time.delta_secs() * settings.ticks_per_second.clamp(0.5, 60.0);
    let ticks = (state.between.floor() as usize).min(4);
    if ticks == 0 && pending == 0 {
        return;
    }
    state.between = state.between.fract().min(0.999);
    for _ in 0..ticks {
        let t = Instant::now();
        crowd.tick();
        state.tick_ms = t.elapsed().as_secs_f32() * 1000.0;
        state.worst_ms = state.worst_ms.max(state.tick_ms);
    }
}

/// Copies the gathering field's distances and next cells for the view when it changes.
fn copy_field(state: Res<CrowdState>, settings: Res<CrowdSettings>, mut field: ResMut<CrowdField>, mut seen: Local<Option<(u64, bool)>>) {
    let key = (state.field_version, settings.field);
    if *seen == Some(key) {
        return;
    }
    *seen = Some(key);
    let new = match (&state.crowd, settings.field) {
        (Some(crowd), true) if matches!(crowd.mode(), CrowdMode::Gather(_)) => {
            let grid = crowd.grid();
            CrowdField {
                distances: DistanceField::new(
                    grid.width(),
                    grid.cells().map(|(p, _)| crowd.field_distance(p).unwrap_or(f64::INFINITY)).collect(),
                ),
                next: grid.cells().map(|(p, _)| crowd.field_next(p)).collect(),
            }
        }
        _ => CrowdField::default(),
    };
    field.set_if_neq(new);
}
