//! What the player asks for: keys (Space, A, Z), mouse picks and panel buttons all become
//! [`Action`] messages, and one plain system applies them.

use bevy::prelude::*;

use super::agent::{Agent, AgentAssets, agent_bundle};
use super::board::{
    Board, BoardSettings, CubeAssets, Hover, Selection, Status, default_endpoints, random_board, replace_board,
};
use super::pathing::{PathState, PathSystems, SearchSettings};
use super::stepview::{Duel, StepView};
use super::walk::{ClickSets, Paused, PlaySettings, Walk, WalkMode, WalkSystems};
use super::{AppSystems, GameSetup};
use crate::search::{Cell, Grid, Pos};

pub(super) fn plugin(app: &mut App) {
    app.add_message::<Action>()
        .init_resource::<AutoWalk>()
        .add_systems(Startup, arm_auto_walk)
        .add_systems(Update, handle_keys.in_set(AppSystems::RecordInput))
        .init_resource::<WalkRequested>()
        .add_systems(
            Update,
            (apply_actions.before(PathSystems), start_walk.after(PathSystems).before(WalkSystems)).in_set(AppSystems::Update),
        );
}

/// Something the player asked for.
#[derive(Message, Clone, Debug, PartialEq)]
pub enum Action {
    /// Left click on a cell: set the start or the end.
    Select(Pos),
    /// Right click: toggle the brush's cell (a barrier by default) and floor.
    ToggleBarrier(Pos),
    /// Right drag: paint the brush's cell (true) or floor (false).
    Paint(Pos, bool),
    /// Space in the step view: one more expansion.
    Step,
    /// Run every algorithm on the board and compare.
    Duel,
    /// Space or the Walk button.
    Walk,
    /// A or the Reset button: a fresh random board with a new seed.
    Reset,
    /// A board from the panel's settings with exactly their seed.
    NewBoard(BoardSettings),
    /// A map file's bytes to read: a malformed file keeps the board and says why.
    LoadMap { name: String, bytes: Vec<u8> },
    /// Z or the Pause button.
    TogglePause,
}

/// --walk: start walking once the first search has a path.
#[derive(Resource, Clone, Copy, Debug, Default)]
pub struct AutoWalk(pub bool);

fn arm_auto_walk(setup: Res<GameSetup>, mut auto: ResMut<AutoWalk>, mut play: ResMut<PlaySettings>) {
    auto.0 = setup.walk;
    if setup.agent {
        play.mode = WalkMode::Agent;
    }
}

/// Space or Walk was pressed this frame.
#[derive(Resource, Clone, Copy, Debug, Default)]
pub struct WalkRequested(pub bool);

/// Starts a requested walk on the path as it stands after this frame's edits: the cubes turn
/// black one by one, or a fresh agent walks it.
fn start_walk(
    mut commands: Commands,
    mut requested: ResMut<WalkRequested>,
    mut auto: ResMut<AutoWalk>,
    path: Res<PathState>,
    board: Res<Board>,
    play: Res<PlaySettings>,
    mut walk: ResMut<Walk>,
    mut paused: ResMut<Paused>,
    mut status: ResMut<Status>,
    agent_assets: Option<Res<AgentAssets>>,
    agents: Query<Entity, With<Agent>>,
) {
    if auto.0 && path.searches > 0 {
        // --walk: walk once the first search is done
        auto.0 = false;
        requested.0 |= path.found();
    }
    if !requested.0 {
        return;
    }
    requested.0 = false;
    for e in &agents {
        commands.entity(e).despawn();
    }
    if !path.found() {
        status.say(if path.message.is_empty() { "no path to walk".to_string() } else { path.message.clone() });
        return;
    }
    paused.0 = false;
    match play.mode {
        WalkMode::Cubes => {
            walk.start(&path, play.step_interval);
            status.say("walking: the path turns black");
        }
        WalkMode::Agent => {
            *walk = Walk::default();
            if let Some(assets) = &agent_assets {
                commands.spawn(agent_bundle(path.cells.clone(), &board, assets));
            }
            status.say("the agent is walking");
        }
    }
}

/// Space walks (or steps, in the step view), A resets, Z pauses.
pub fn handle_keys(keys: Res<ButtonInput<KeyCode>>, step: Res<StepView>, mut actions: MessageWriter<Action>) {
    if keys.just_pressed(KeyCode::Space) {
        actions.write(if step.enabled { Action::Step } else { Action::Walk });
    }
    if keys.just_pressed(KeyCode::KeyA) {
        actions.write(Action::Reset);
    }
    if keys.just_pressed(KeyCode::KeyZ) {
        actions.write(Action::TogglePause);
    }
}

/// Applies the player's actions to the board, the selection and the walk.
pub fn apply_actions(
    mut actions: MessageReader<Action>,
    mut commands: Commands,
    mut board: ResMut<Board>,
    mut settings: ResMut<BoardSettings>,
    mut selection: ResMut<Selection>,
    mut status: ResMut<Status>,
    mut walk: ResMut<Walk>,
    mut paused: ResMut<Paused>,
    mut hover: ResMut<Hover>,
    mut walk_requested: ResMut<WalkRequested>,
    (mut step, mut duel, search): (ResMut<StepView>, ResMut<Duel>, Res<SearchSettings>),
    play: Res<PlaySettings>,
    cube_assets: Option<Res<CubeAssets>>,
    agents: Query<(Entity, &Agent)>,
) {
    for action in actions.read() {
        // Whether the action put a new board in place (then walk, pause and agent are cleared).
        let mut replaced = matches!(action, Action::Reset | Action::NewBoard(_));
        match action.clone() {
            Action::Select(p) => {
                if board.grid.get(p.0, p.1).is_none() {
                    status.say(format!("{},{} is off the board", p.0, p.1));
                } else if !board.is_floor(p) {
                    status.say(format!("{},{} is a barrier: pick a floor cube", p.0, p.1));
                } else {
                    let set_end = match play.click {
                        ClickSets::Alternate => selection.next_is_end,
                        ClickSets::Start => false,
                        ClickSets::End => true,
                    };
                    if set_end {
                        selection.end = Some(p);
                    } else {
                        selection.start = Some(p);
                    }
                    if play.click == ClickSets::Alternate {
                        selection.next_is_end = !set_end;
                    }
                    status.say(format!("{} set to {},{}", if set_end { "end" } else { "start" }, p.0, p.1));
                }
            }
            Action::ToggleBarrier(p) => {
                let brush = play.brush.cell();
                let on = board.grid.get(p.0, p.1) == Some(brush);
                paint(&mut board, &selection, &mut status, &agents, p, if on { Cell::FLOOR } else { brush });
            }
            Action::Paint(p, on) => {
                let cell = if on { play.brush.cell() } else { Cell::FLOOR };
                paint(&mut board, &selection, &mut status, &agents, p, cell);
            }
            Action::Step => {
                let next = step.shown + 1;
                step.running = false;
                step.seek(next);
            }
            Action::Duel => match (selection.start, selection.end) {
                (Some(s), Some(e)) => {
                    *duel = Duel::run(&board, s, e, &search.0);
                    status.say("duel: every algorithm on this board");
                }
                _ => status.say("pick a start and an end first"),
            },
            Action::LoadMap { name, bytes } => match crate::search::read_map(&name, &bytes) {
                Ok(grid) => {
                    replaced = true;
                    settings.rows = grid.height();
                    settings.cols = grid.width();
                    new_board(&mut commands, &cube_assets, &mut board, grid, false, name.clone(), &mut selection, &mut status);
                    if status.0.is_empty() {
                        status.say(format!("loaded {name}"));
                    }
                }
                Err(e) => status.say(format!("could not load the map, the board is kept: {e}")),
            },
            // Started after the search has seen this frame's edits, by `start_walk`.
            Action::Walk => walk_requested.0 = true,
            Action::Reset => {
                settings.seed = BoardSettings::next_seed(settings.seed);
                let s = settings.clone();
                new_board(&mut commands, &cube_assets, &mut board, random_board(&s), true, format!("random, seed {}", s.seed), &mut selection, &mut status);
                status.say(format!("new board, seed {}", s.seed));
            }
            Action::NewBoard(s) => {
                *settings = s.clamped();
                let s = settings.clone();
                new_board(&mut commands, &cube_assets, &mut board, random_board(&s), true, format!("random, seed {}", s.seed), &mut selection, &mut status);
                status.say(format!("new {} x {} board, seed {}", s.cols, s.rows, s.seed));
            }
            Action::TogglePause => {
                paused.0 = !paused.0;
                status.say(if paused.0 { "paused (Z to resume)" } else { "resumed" });
            }
        }
        if replaced {
            *walk = Walk::default();
            paused.0 = false;
            hover.0 = None;
            for (e, _) in &agents {
                commands.entity(e).despawn();
            }
        }
    }
}

/// Paints `new` on a cell, refusing a barrier under the start, the end or the agent.
fn paint(board: &mut Board, selection: &Selection, status: &mut Status, agents: &Query<(Entity, &Agent)>, p: Pos, new: Cell) {
    let Some(cell) = board.grid.get(p.0, p.1) else {
        status.say(format!("{},{} is off the board", p.0, p.1));
        return;
    };
    let block = new == Cell::Blocked;
    if block && (selection.start == Some(p) || selection.end == Some(p)) {
        let which = if selection.start == Some(p) { "start" } else { "end" };
        status.say(format!("{},{} is the {which}: move it before placing a barrier there", p.0, p.1));
        return;
    }
    if block && agents.iter().any(|(_, a)| a.last == p || a.target() == Some(p)) {
        status.say(format!("{},{} is under the agent: no barrier there", p.0, p.1));
        return;
    }
    if cell != new {
        board.grid.set(p.0, p.1, new).expect("on the grid");
    }
}

/// Replaces the board and puts the start and end where [`default_endpoints`] says.
fn new_board(
    commands: &mut Commands,
    assets: &Option<Res<CubeAssets>>,
    board: &mut Board,
    mut grid: Grid,
    random: bool,
    source: String,
    selection: &mut Selection,
    status: &mut Status,
) {
    status.0.clear();
    let (start, end) = default_endpoints(&mut grid, random);
    match assets {
        Some(a) => replace_board(commands, a, board, grid, source, status),
        None => {
            board.grid = grid;
            board.source = source;
        }
    }
    *selection = Selection { start: Some(start), end: Some(end), next_is_end: false };
}
