//! The agent: walks its path's waypoints at the set speed, turning toward the next one with a
//! frame-rate-independent slerp, and says when it has arrived; the walking is the
//! `bevy_cubepath` plugin's [`FollowPath`]. When the board, the end or the search settings
//! change while it walks, it asks for a new path from where it is going (a [`PathRequest`]) and
//! follows the answer. [`Agent`] is the game's reading of it; the view gives it a body.

use bevy::prelude::*;
use bevy_cubepath::{Arrived, FollowPath, NavSystems, PathRequest};

use super::board::{Board, BoardReplaced, Occupies, Selection};
use super::walk::WalkReset;
use crate::engine::grid::Pos;
use crate::engine::search::SearchOptions;
use crate::game::logic::shared::settings::{PlaySettings, SearchSettings, UnitSize};
use crate::game::logic::shared::status::Status;
use crate::game::phases::AppSystems;

pub(crate) fn plugin(app: &mut App) {
    app.add_message::<AgentArrived>()
        .add_systems(
            Update,
            (
                despawn_agents_on_new_board,
                despawn_agents.run_if(resource_changed::<UnitSize>),
                request_agent_paths
                    .run_if(resource_changed::<Board>.or_eager(resource_changed::<Selection>).or_eager(resource_changed::<SearchSettings>)),
            )
                .chain()
                .in_set(AppSystems::RequestPaths),
        )
        .add_systems(
            Update,
            (
                (spawn_agents, place_agents_on_new_layout.run_if(resource_changed::<Board>), set_agent_speed)
                    .chain()
                    .before(NavSystems::Follow),
                (read_agents, announce_arrivals, mark_occupied).chain().after(NavSystems::Move),
            )
                .in_set(AppSystems::Walk),
        );
}

/// Height of the agent's centre above the cube tops.
pub const AGENT_HEIGHT: f32 = 0.35;

/// Sent when an agent reaches the end of its path.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct AgentArrived(pub Pos);

/// A walking agent, as the game reads its [`FollowPath`] after each move.
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
    /// Its side in cells ([`UnitSize`]): above 1, `cells` and `last` are the top-left cells of
    /// its square.
    pub size: usize,
}

impl Agent {
    /// The game's reading of a walk: where it stands (`last` until the walk has a cell of its
    /// own), what it walks and whether it is there.
    fn read(follower: &FollowPath, last: Pos, size: usize) -> Agent {
        Agent {
            cells: follower.cells().to_vec(),
            next: follower.next(),
            last: follower.last().unwrap_or(last),
            arrived: follower.arrived(),
            size,
        }
    }

    /// The cell it walks toward, if any.
    pub fn target(&self) -> Option<Pos> {
        (!self.arrived).then(|| self.cells.get(self.next).copied()).flatten()
    }

    /// The cells it stands on or steps into: on a long (any-angle) step, every cell the
    /// segment touches, so no barrier is painted across its way.
    fn occupies(&self, height: usize) -> Vec<Pos> {
        let anchors = match self.target() {
            Some(t) => crate::engine::grid::touched_cells(self.last, t, height),
            None => vec![self.last],
        };
        // a bigger walker covers its square from each of them
        let k = self.size.max(1);
        let mut cells: Vec<Pos> = anchors.iter().flat_map(|&p| crate::engine::grid::square_cells(p, k)).collect();
        cells.sort_unstable();
        cells.dedup();
        cells
    }
}

/// An agent `size` cells a side standing on `cells[0]` (its square's top-left cell; it stands
/// at the square's centre, its body `size` times as big), facing `cells[1]` (its front is -Z),
/// walking at `speed` the path found with `options`.
pub fn agent_bundle(cells: Vec<Pos>, options: SearchOptions, board: &Board, speed: f32, size: usize) -> impl Bundle {
    let k = size.max(1) as f32;
    let at = board.unit_world(cells[0], size) + Vec3::Y * AGENT_HEIGHT * k;
    let facing = cells.get(1).map_or(Vec3::NEG_Z, |&c| board.world(c) - board.world(cells[0]));
    let walk = FollowPath::along(speed, cells).planned_with(options).at_height(AGENT_HEIGHT * k).sized(size.max(1));
    let agent = Agent::read(&walk, walk.cells()[0], size);
    (
        Name::new("Agent"),
        Occupies(agent.occupies(board.grid.height())),
        agent,
        walk,
        Transform::from_translation(at).looking_to(facing.normalize_or(Vec3::NEG_Z), Vec3::Y).with_scale(Vec3::splat(k)),
    )
}

/// A walk request sends the old agents away and, in agent mode, a new one walks the path.
fn spawn_agents(
    mut commands: Commands,
    mut resets: MessageReader<WalkReset>,
    board: Res<Board>,
    (settings, unit): (Res<PlaySettings>, Res<UnitSize>),
    agents: Query<Entity, With<Agent>>,
) {
    for reset in resets.read() {
        for e in &agents {
            commands.entity(e).try_despawn();
        }
        if let Some(cells) = &reset.agent_path {
            commands.spawn(agent_bundle(cells.clone(), reset.planned_with, &board, settings.agent_speed, unit.0));
        }
    }
}

/// A walker of another size: the agents go (the next walk sends one of the new size).
fn despawn_agents(mut commands: Commands, agents: Query<Entity, With<Agent>>) {
    for e in &agents {
        commands.entity(e).despawn();
    }
}

fn despawn_agents_on_new_board(mut commands: Commands, mut replaced: MessageReader<BoardReplaced>, agents: Query<Entity, With<Agent>>) {
    if replaced.read().count() > 0 {
        for e in &agents {
            commands.entity(e).despawn();
        }
    }
}

/// Walking agents ask for a new path to the end from where they are going; with no end they
/// finish their step and stand.
fn request_agent_paths(mut commands: Commands, selection: Res<Selection>, mut agents: Query<(Entity, &mut FollowPath, &Agent)>) {
    for (e, mut follower, agent) in &mut agents {
        let Some(from) = follower.replan_cell().filter(|_| !follower.arrived()) else { continue };
        match selection.end {
            Some(to) => {
                commands.entity(e).insert(PathRequest::new(from, to).sized(agent.size));
            }
            None => follower.stop(),
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
        let k = agent.size.max(1);
        transform.translation = board.unit_world(agent.last, k) + Vec3::Y * AGENT_HEIGHT * k as f32;
    }
}

/// The walk's speed follows the setting.
fn set_agent_speed(settings: Res<PlaySettings>, mut agents: Query<&mut FollowPath, With<Agent>>) {
    for mut follower in &mut agents {
        if follower.speed != settings.agent_speed {
            follower.speed = settings.agent_speed;
        }
    }
}

/// The game's reading of where each agent's walk stands.
fn read_agents(mut agents: Query<(&mut Agent, &FollowPath), Changed<FollowPath>>) {
    for (mut agent, follower) in &mut agents {
        let read = Agent::read(follower, agent.last, agent.size);
        agent.set_if_neq(read);
    }
}

/// An agent at the end of its path says so.
fn announce_arrivals(
    mut arrivals: MessageReader<Arrived>,
    agents: Query<(), With<Agent>>,
    mut arrived: MessageWriter<AgentArrived>,
    mut status: ResMut<Status>,
) {
    for a in arrivals.read().filter(|a| agents.contains(a.entity)) {
        arrived.write(AgentArrived(a.cell));
        status.say(format!("the agent arrived at {},{}", a.cell.0, a.cell.1));
    }
}

/// Keeps each agent's [`Occupies`] up to date, so no barrier is painted under it.
fn mark_occupied(board: Res<Board>, mut agents: Query<(&Agent, &mut Occupies), Changed<Agent>>) {
    for (agent, mut occupies) in &mut agents {
        occupies.set_if_neq(Occupies(agent.occupies(board.grid.height())));
    }
}
