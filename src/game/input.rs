//! What the player asks for: keys (Space, A, Z), mouse picks and panel buttons all become
//! [`Action`] messages, and one plain system applies them.

use bevy::prelude::*;

use super::agent::{Agent, AgentAssets, agent_bundle};
use super::board::{Board, BoardSettings, CubeAssets, Hover, Selection, Status, random_board, replace_board};
use super::pathing::{PathState, PathSystems};
use super::walk::{ClickSets, Paused, PlaySettings, Walk, WalkMode};
use super::{AppSystems, GameSetup};
use crate::search::{Cell, Grid, Pos};

pub(super) fn plugin(app: &mut App) {
    app.add_message::<Action>()
        .init_resource::<AutoWalk>()
        .add_systems(Startup, arm_auto_walk)
        .add_systems(Update, handle_keys.in_set(AppSystems::RecordInput))
        .add_systems(Update, (apply_actions.before(PathSystems), start_auto_walk.after(PathSystems)).in_set(AppSystems::Update));
}

/// Something the player asked for.
#[derive(Message, Clone, Debug, PartialEq)]
pub enum Action {
    /// Left click on a cell: set the start or the end.
    Select(Pos),
    /// Right click: toggle a barrier.
    ToggleBarrier(Pos),
    /// Right drag: make a cell a barrier (true) or floor (false).
    Paint(Pos, bool),
    /// Space or the Walk button.
    Walk,
    /// A or the Reset button: a fresh random board with a new seed.
    Reset,
    /// A board from the panel's settings with exactly their seed.
    NewBoard(BoardSettings),
    /// A board loaded from a file (its name for the panel).
    Load(Grid, String),
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

fn start_auto_walk(mut auto: ResMut<AutoWalk>, path: Res<PathState>, mut actions: MessageWriter<Action>) {
    if auto.0 && path.searches > 0 {
        auto.0 = false;
        if path.found() {
            actions.write(Action::Walk);
        }
    }
}

/// Space walks, A resets, Z pauses.
pub fn handle_keys(keys: Res<ButtonInput<KeyCode>>, mut actions: MessageWriter<Action>) {
    if keys.just_pressed(KeyCode::Space) {
        actions.write(Action::Walk);
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
    play: Res<PlaySettings>,
    path: Res<PathState>,
    cube_assets: Option<Res<CubeAssets>>,
    agent_assets: Option<Res<AgentAssets>>,
    agents: Query<(Entity, &Agent)>,
) {
    for action in actions.read() {
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
                let block = board.is_floor(p);
                paint(&mut board, &mut status, &agents, p, block);
            }
            Action::Paint(p, block) => paint(&mut board, &mut status, &agents, p, block),
            Action::Walk => {
                for (e, _) in &agents {
                    commands.entity(e).despawn();
                }
                if !path.found() {
                    status.say(if path.message.is_empty() { "no path to walk".to_string() } else { path.message.clone() });
                    continue;
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
            Action::Reset => {
                settings.seed = BoardSettings::next_seed(settings.seed);
                let s = settings.clone();
                new_board(&mut commands, &cube_assets, &mut board, random_board(&s), format!("random, seed {}", s.seed), &mut selection, &mut status);
                status.say(format!("new board, seed {}", s.seed));
            }
            Action::NewBoard(s) => {
                *settings = s.clamped();
                let s = settings.clone();
                new_board(&mut commands, &cube_assets, &mut board, random_board(&s), format!("random, seed {}", s.seed), &mut selection, &mut status);
                status.say(format!("new {} x {} board, seed {}", s.cols, s.rows, s.seed));
            }
            Action::Load(grid, name) => {
                settings.rows = grid.height();
                settings.cols = grid.width();
                new_board(&mut commands, &cube_assets, &mut board, grid, name.clone(), &mut selection, &mut status);
                if status.0.is_empty() {
                    status.say(format!("loaded {name}"));
                }
            }
            Action::TogglePause => {
                paused.0 = !paused.0;
                status.say(if paused.0 { "paused (Z to resume)" } else { "resumed" });
            }
        }
        if matches!(action, Action::Reset | Action::NewBoard(_) | Action::Load(..)) {
            *walk = Walk::default();
            paused.0 = false;
            hover.0 = None;
            for (e, _) in &agents {
                commands.entity(e).despawn();
            }
        }
    }
}

fn paint(board: &mut Board, status: &mut Status, agents: &Query<(Entity, &Agent)>, p: Pos, block: bool) {
    let Some(cell) = board.grid.get(p.0, p.1) else {
        status.say(format!("{},{} is off the board", p.0, p.1));
        return;
    };
    if block && agents.iter().any(|(_, a)| a.last == p || a.target() == Some(p)) {
        status.say(format!("{},{} is under the agent: no barrier there", p.0, p.1));
        return;
    }
    let new = if block { Cell::Blocked } else { Cell::FLOOR };
    if cell != new {
        board.grid.set(p.0, p.1, new).expect("on the grid");
    }
}

/// Replaces the board and puts the start and end in opposite corners (made floor).
fn new_board(
    commands: &mut Commands,
    assets: &Option<Res<CubeAssets>>,
    board: &mut Board,
    mut grid: Grid,
    source: String,
    selection: &mut Selection,
    status: &mut Status,
) {
    status.0.clear();
    let (mut start, mut end) = ((0, 0), (grid.width() - 1, grid.height() - 1));
    if source.starts_with("random") {
        let _ = grid.set(start.0, start.1, Cell::FLOOR);
        let _ = grid.set(end.0, end.1, Cell::FLOOR);
    } else {
        // A loaded map keeps its cells: the first and the last floor cells.
        let mut floor = grid.cells().filter(|(_, c)| c.is_passable()).map(|(p, _)| p);
        if let Some(first) = floor.next() {
            start = first;
            end = floor.last().unwrap_or(first);
        }
    }
    match assets {
        Some(a) => replace_board(commands, a, board, grid, source, status),
        None => {
            board.grid = grid;
            board.source = source;
        }
    }
    *selection = Selection { start: Some(start), end: Some(end), next_is_end: false };
}
