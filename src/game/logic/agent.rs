//! The agent: walks its path's waypoints at the set speed, turning toward the next one with a
//! frame-rate-independent slerp, and says when it has arrived. When the board, the end or the
//! search settings change while it walks, it asks for a new path from where it is going (a
//! [`PathRequest`]) and follows the answer. The view gives it a body.

use bevy::prelude::*;
use bevy_cubepath::{PathAnswer, PathRequest};

use super::board::{Board, BoardReplaced, Occupies, Selection};
use super::settings::{PlaySettings, SearchSettings};
use super::status::Status;
use super::walk::WalkReset;
use crate::game::phases::{AppSystems, PausableSystems};
use crate::search::Pos;

pub(super) fn plugin(app: &mut App) {
    app.add_message::<AgentArrived>()
        .add_systems(
            Update,
            (
                despawn_agents_on_new_board,
                request_agent_paths
                    .run_if(resource_changed::<Board>.or_eager(resource_changed::<Selection>).or_eager(resource_changed::<SearchSettings>)),
            )
                .chain()
                .in_set(AppSystems::RequestPaths),
        )
        .add_systems(
            Update,
            (
                spawn_agents,
                place_agents_on_new_layout.run_if(resource_changed::<Board>),
                follow_path_answers,
                move_agent.in_set(PausableSystems),
                mark_occupied,
            )
                .chain()
                .in_set(AppSystems::Walk),
        );
}

/// How fast the agent turns: the tutorial's `Slerp(rot, target, 8 * dt)`, made independent of
/// the frame rate as `1 - exp(-8 dt)`.
pub const TURN_RATE: f32 = 8.0;
/// Height of the agent's centre above the cube tops.
pub const AGENT_HEIGHT: f32 = 0.35;

/// Sent when an agent reaches the end of its path.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct AgentArrived(pub Pos);

/// A walking agent.
#[derive(Component, Clone, Debug, PartialEq)]
pub struct Agent {
    /// The cells to walk, in order.
    pub cells: Vec<Pos>,
    /// The cell it walks toward (an index into `cells`).
    pub next: usize,
    /// The cell it last stood on.
    pub last: Pos,
    /// Whether it has reached the end of `cells`.
    pub arrived: bool,
}

impl Agent {
    /// An agent standing on the first cell of `cells`.
    pub fn new(cells: Vec<Pos>) -> Agent {
        let last = cells[0];
        Agent { arrived: cells.len() < 2, cells, next: 1, last }
    }

    /// The cell it walks toward, if any.
    pub fn target(&self) -> Option<Pos> {
        (!self.arrived).then(|| self.cells.get(self.next).copied()).flatten()
    }

    /// The cell to replan from: the one it walks toward, else the one it stands on. Both are
    /// kept floor (no barrier is placed under the agent), so the new path starts where the
    /// agent is going anyway and it walks on without turning back.
    pub fn replan_cell(&self) -> Pos {
        self.target().unwrap_or(self.last)
    }

    /// Follows a new path that starts at [`Agent::replan_cell`].
    pub fn follow(&mut self, cells: &[Pos]) {
        self.cells = cells.to_vec();
        // Finish the step under way (or stand still on `last`), then walk the new path.
        self.next = 0;
        self.arrived = false;
    }

    /// Stops: finishes the step under way (its target is floor) and stands there.
    pub fn stop(&mut self) {
        match self.target() {
            Some(t) => {
                self.cells = vec![t];
                self.next = 0;
            }
            None => {
                self.cells = vec![self.last];
                self.next = 1;
                self.arrived = true;
            }
        }
    }

    /// The cells it stands on or steps into: on a long (any-angle) step, every cell the
    /// segment touches, so no barrier is painted across its way.
    fn occupies(&self, height: usize) -> Vec<Pos> {
        match self.target() {
            Some(t) => crate::search::touched_cells(self.last, t, height),
            None => vec![self.last],
        }
    }
}

/// An agent standing on `cells[0]`, facing `cells[1]` (its front is -Z).
pub fn agent_bundle(cells: Vec<Pos>, board: &Board) -> impl Bundle {
    let at = board.world(cells[0]) + Vec3::Y * AGENT_HEIGHT;
    let facing = cells.get(1).map_or(Vec3::NEG_Z, |&c| board.world(c) - board.world(cells[0]));
    let agent = Agent::new(cells);
    (
        Name::new("Agent"),
        Occupies(agent.occupies(board.grid.height())),
        agent,
        Transform::from_translation(at).looking_to(facing.normalize_or(Vec3::NEG_Z), Vec3::Y),
    )
}

/// A walk request sends the old agents away and, in agent mode, a new one walks the path.
fn spawn_agents(mut commands: Commands, mut resets: MessageReader<WalkReset>, board: Res<Board>, agents: Query<Entity, With<Agent>>) {
    for reset in resets.read() {
        for e in &agents {
            commands.entity(e).try_despawn();
        }
        if let Some(cells) = &reset.agent_path {
            commands.spawn(agent_bundle(cells.clone(), &board));
        }
    }
}

fn despawn_agents_on_new_board(mut commands: Commands, mut replaced: MessageReader<BoardReplaced>, agents: Query<Entity, With<Agent>>) {
    if replaced.read().count() > 0 {
        for e in &agents {
            commands.entity(e).despawn();
        }
    }
}

/// Walking agents ask for a new path to the end from where they are going.
fn request_agent_paths(mut commands: Commands, selection: Res<Selection>, mut agents: Query<(Entity, &mut Agent)>) {
    for (e, mut agent) in &mut agents {
        if agent.arrived {
            continue;
        }
        match selection.end {
            Some(to) => {
                commands.entity(e).insert(PathRequest::new(agent.replan_cell(), to));
            }
            None => agent.stop(),
        }
    }
}

/// When the cells change shape (square / hex), each agent stands on its cell's new place.
fn place_agents_on_new_layout(board: Res<Board>, mut seen: Local<u64>, mut agents: Query<(&Agent, &mut Transform)>) {
    if board.layout == *seen {
        return;
    }
    *seen = board.layout;
    for (agent, mut transform) in &mut agents {
        transform.translation = board.world(agent.last) + Vec3::Y * AGENT_HEIGHT;
    }
}

/// Agents follow the answers to their requests, or stop where there is no way.
fn follow_path_answers(mut agents: Query<(&mut Agent, &PathAnswer), Changed<PathAnswer>>) {
    for (mut agent, answer) in &mut agents {
        match answer.cells() {
            Some(cells) => agent.follow(cells),
            None => agent.stop(),
        }
    }
}

/// Moves each agent toward its next waypoint at the set speed and turns it toward its heading.
pub fn move_agent(
    time: Res<Time>,
    settings: Res<PlaySettings>,
    board: Res<Board>,
    mut agents: Query<(&mut Agent, &mut Transform)>,
    mut arrived: MessageWriter<AgentArrived>,
    mut status: ResMut<Status>,
) {
    let dt = time.delta_secs();
    for (mut agent, mut transform) in &mut agents {
        if agent.arrived {
            continue;
        }
        let mut budget = settings.agent_speed * dt;
        let mut heading = None;
        while let Some(cell) = agent.target() {
            let goal = board.world(cell) + Vec3::Y * AGENT_HEIGHT;
            let to = goal - transform.translation;
            let dist = to.length();
            if dist > 1e-4 {
                heading = Some(to / dist);
            }
            if dist > budget {
                transform.translation += to / dist * budget;
                break;
            }
            transform.translation = goal;
            budget -= dist;
            agent.last = cell;
            agent.next += 1;
            if agent.next >= agent.cells.len() {
                agent.arrived = true;
                arrived.write(AgentArrived(cell));
                status.say(format!("the agent arrived at {},{}", cell.0, cell.1));
            }
        }
        if let Some(dir) = heading {
            let target = Transform::IDENTITY.looking_to(Vec3::new(dir.x, 0.0, dir.z).normalize_or(dir), Vec3::Y).rotation;
            let t = 1.0 - (-TURN_RATE * dt).exp();
            transform.rotation = transform.rotation.slerp(target, t);
        }
    }
}

/// Keeps each agent's [`Occupies`] up to date, so no barrier is painted under it.
fn mark_occupied(board: Res<Board>, mut agents: Query<(&Agent, &mut Occupies), Changed<Agent>>) {
    for (agent, mut occupies) in &mut agents {
        occupies.set_if_neq(Occupies(agent.occupies(board.grid.height())));
    }
}
