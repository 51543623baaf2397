//! The crowd in the game: the `bevy_cubepath` plugin's [`NavCrowd`] on the board's
//! navigation grid (so the plugin makes it, passes the board's edits to it and ticks it at the
//! set rate, paused with Z), configured from the panel's settings and steered by clicks in
//! gather and command modes. The view dresses its members; this module never touches a mesh.

use std::time::Duration;

use bevy::platform::time::Instant;
use bevy::prelude::*;
use bevy_cubepath::{CrowdProblem, NavCrowd};

use super::board::Board;
use super::search::BoardNavigation;
use super::stepview::DistanceField;
use crate::engine::{
    crowd::{Crowd, CrowdKind, CrowdMode, CrowdOptions, middle_cell},
    files::read_scen,
    grid::{Pos, Topology},
};
use crate::game::logic::shared::files;
use crate::game::logic::shared::input::Action;
use crate::game::logic::shared::settings::{CrowdSettings, MAX_CROWD, SearchSettings};
use crate::game::logic::shared::setup::GameSetup;
use crate::game::logic::shared::status::Status;
use crate::game::phases::Turn;

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<CrowdState>().init_resource::<CrowdField>().add_systems(
        Update,
        (
            (load_scenario, configure_crowd).chain().in_set(Turn::Crowds),
            (
                say_crowd_problems,
                take_new_crowd,
                steer_crowd.run_if(|s: Res<CrowdSettings>| s.agents > 0),
                copy_field.run_if(resource_changed::<CrowdState>.or_eager(resource_changed::<CrowdSettings>)),
            )
                .chain()
                .in_set(Turn::Crowd),
        ),
    );
}

/// The board's crowd, for systems that read it (none with 0 agents or before the plugin made it).
#[derive(bevy::ecs::system::SystemParam)]
pub struct BoardCrowd<'w, 's> {
    crowds: Query<'w, 's, &'static NavCrowd, With<BoardNavigation>>,
}

impl BoardCrowd<'_, '_> {
    /// The engine's crowd.
    pub fn get(&self) -> Option<&Crowd> {
        self.crowds.single().ok().and_then(NavCrowd::crowd)
    }

    /// The plugin's component (the tick under way, tick times).
    pub fn component(&self) -> Option<&NavCrowd> {
        self.crowds.single().ok()
    }
}

/// Run condition: the board has a crowd.
pub fn crowd_exists(crowd: BoardCrowd) -> bool {
    crowd.get().is_some()
}

/// The board's crowd read from a world (for tests and tools).
pub fn board_crowd(world: &mut World) -> Option<&Crowd> {
    let mut q = world.query_filtered::<&NavCrowd, With<BoardNavigation>>();
    q.single(world).ok().and_then(NavCrowd::crowd)
}

/// What the game keeps about its crowd beside the plugin's component.
#[derive(Resource, Default)]
pub struct CrowdState {
    /// The agent clicked in command mode.
    pub selected: Option<usize>,
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
    /// The crowd last taken up (its making, by the plugin's count) and the board it follows;
    /// none once the crowd is removed (a crowd made later is a new component, counting anew).
    taken: Option<(u64, (u64, u64))>,
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

/// The height of the crowd's members above the cube tops.
pub const CROWD_HEIGHT: f32 = 0.3;

/// Milliseconds, for the panel.
fn ms(d: Duration) -> f32 {
    d.as_secs_f32() * 1000.0
}

/// Puts the crowd the settings ask for on the board's navigation grid: made anew by the plugin
/// when the count, the board's layout or the moves change; its mode changed at once when only
/// the mode did; none with 0 agents.
fn configure_crowd(
    mut commands: Commands,
    settings: Res<CrowdSettings>,
    board: Res<Board>,
    search: Res<SearchSettings>,
    setup: Res<GameSetup>,
    mut state: ResMut<CrowdState>,
    mut status: ResMut<Status>,
    mut nav: Query<(Entity, Option<&mut NavCrowd>), With<BoardNavigation>>,
) {
    let Ok((entity, nav_crowd)) = nav.single_mut() else { return };
    let rate = settings.ticks_per_second.clamp(0.5, 60.0);
    let key = (board.layout, settings.agents, search.0.topology, settings.clicks);
    if state.built_for == Some(key) {
        if let Some(mut c) = nav_crowd
            && c.ticks_per_second != rate
        {
            c.ticks_per_second = rate;
        }
        return;
    }
    let same_crowd = state.built_for.is_some_and(|(l, n, t, _)| (l, n, t) == (key.0, key.1, key.2));
    state.built_for = Some(key);
    if settings.agents == 0 {
        commands.entity(entity).remove::<NavCrowd>();
        (state.selected, state.taken) = (None, None);
        state.field_version += 1;
        return;
    }
    if settings.clicks == CrowdKind::Gather && state.gather.is_none() {
        // gather at the free cell nearest the middle until the player clicks
        state.gather = middle_cell(&board.grid);
    }
    let mode = state.mode(settings.clicks);
    // compare: every repair also runs A* from scratch, so the panel can set them side by side
    let options = CrowdOptions { seed: setup.board.seed, compare: true, ..CrowdOptions::default() };
    match nav_crowd {
        Some(mut c) if same_crowd && c.crowd().is_some() => {
            let t = Instant::now();
            if let Err(e) = c.set_mode(mode) {
                status.say(format!("crowd: {e}"));
            }
            c.ticks_per_second = rate;
            state.field_version += 1;
            state.plan_ms = ms(t.elapsed());
            if let Some(crowd) = c.crowd_mut() {
                play_scenario(&mut state, crowd, &mut status);
            }
        }
        Some(mut c) => {
            (c.agents, c.mode, c.ticks_per_second, c.options) = (settings.agents, mode, rate, options);
            c.remake();
        }
        None => {
            let mut c = NavCrowd::new(settings.agents, mode).with_options(options);
            (c.ticks_per_second, c.height) = (rate, CROWD_HEIGHT);
            commands.entity(entity).insert(c);
        }
    }
}

/// The plugin's word on a crowd it could not make or change, on the status line.
fn say_crowd_problems(mut problems: MessageReader<CrowdProblem>, mut status: ResMut<Status>) {
    for p in problems.read() {
        status.say(format!("crowd: {}", p.error));
    }
}

/// A crowd the plugin has just made: the picked agent forgotten, --crowd-ticks run at once,
/// the waiting scenario placed; and the gathering field redrawn after the board's edits.
fn take_new_crowd(
    mut nav: Query<&mut NavCrowd, With<BoardNavigation>>,
    board: Res<Board>,
    setup: Res<GameSetup>,
    mut state: ResMut<CrowdState>,
    mut status: ResMut<Status>,
) {
    let Ok(mut c) = nav.single_mut() else { return };
    if c.crowd().is_none() {
        return;
    }
    let now = (c.made_count(), board.grid.version());
    if state.taken == Some(now) {
        return;
    }
    let before = state.taken.replace(now);
    state.field_version += 1;
    if before.is_some_and(|(made, _)| made == now.0) {
        // the same crowd, the board edited
        return;
    }
    state.selected = None;
    state.plan_ms = ms(c.make_time());
    let Some(crowd) = c.crowd_mut() else { return };
    for _ in 0..setup.crowd_ticks {
        crowd.tick();
    }
    play_scenario(&mut state, crowd, &mut status);
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
    mut nav: Query<&mut NavCrowd, With<BoardNavigation>>,
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
        if *settings == wanted
            && let Ok(mut c) = nav.single_mut()
            && let Some(crowd) = c.crowd_mut()
        {
            play_scenario(&mut state, crowd, &mut status);
        } else {
            *settings = wanted;
        }
    }
}

/// The waiting scenario's agents put on their starts and planned together to their goals.
fn play_scenario(state: &mut CrowdState, crowd: &mut Crowd, status: &mut Status) {
    let Some((starts, goals)) = state.scenario.take() else { return };
    let t = Instant::now();
    let result = crowd.place_agents(&starts).and_then(|()| crowd.plan_together(&goals));
    state.plan_ms = ms(t.elapsed());
    match result {
        Ok(j) if j.solved => status.say(format!("the scenario's {} agents planned together in {:.0} ms", j.agents, state.plan_ms)),
        Ok(j) => status.say(format!("crowd: {}", j.problem.unwrap_or_default())),
        Err(e) => status.say(format!("the scenario's agents: {e}")),
    }
}

/// Clicks on cells, in gather mode: gather there; in command mode: pick the agent on the cell,
/// or send the picked agent there.
fn steer_crowd(
    mut actions: MessageReader<Action>,
    settings: Res<CrowdSettings>,
    mut state: ResMut<CrowdState>,
    mut status: ResMut<Status>,
    mut nav: Query<&mut NavCrowd, With<BoardNavigation>>,
) {
    let Ok(mut nav_crowd) = nav.single_mut() else { return };
    for action in actions.read() {
        let Action::Select(p) = *action else { continue };
        if nav_crowd.crowd().is_none() {
            continue;
        }
        if settings.clicks == CrowdKind::Gather {
            match nav_crowd.set_mode(CrowdMode::Gather(p)) {
                Ok(()) => {
                    state.gather = Some(p);
                    state.field_version += 1;
                    status.say(format!("the crowd gathers at {},{}", p.0, p.1));
                }
                Err(e) => status.say(format!("crowd: {e}")),
            }
            continue;
        }
        let Some(crowd) = nav_crowd.crowd_mut() else { continue };
        match settings.clicks {
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
            CrowdKind::Gather | CrowdKind::Wander => {}
        }
    }
}

/// Copies the gathering field's distances and next cells for the view when it changes.
fn copy_field(
    state: Res<CrowdState>,
    settings: Res<CrowdSettings>,
    crowd: BoardCrowd,
    mut field: ResMut<CrowdField>,
    mut seen: Local<Option<(u64, bool)>>,
) {
    let key = (state.field_version, settings.field);
    if *seen == Some(key) {
        return;
    }
    *seen = Some(key);
    let new = match (crowd.get(), settings.field) {
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
