//! The agent: a body with a visible nose that walks the path's waypoints, turning toward the
//! next one with a frame-rate-independent slerp, and says when it has arrived.

use bevy::prelude::*;

use super::AppSystems;
use super::board::{Board, Status};
use super::walk::{PlaySettings, WalkSystems, not_paused};
use crate::search::Pos;

pub(super) fn plugin(app: &mut App) {
    app.add_message::<AgentArrived>().add_systems(Startup, setup_agent_assets).add_systems(
        Update,
        move_agent.run_if(not_paused).in_set(AppSystems::Update).in_set(WalkSystems),
    );
}

/// How fast the agent turns: the tutorial's `Slerp(rot, target, 8 * dt)`, made independent of
/// the frame rate as `1 - exp(-8 dt)`.
pub const TURN_RATE: f32 = 8.0;
/// Height of the agent's centre above the cube tops.
pub const AGENT_HEIGHT: f32 = 0.35;

/// Sent when the agent reaches the end of its path.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct AgentArrived(pub Pos);

/// The walking agent.
#[derive(Component, Clone, Debug, PartialEq)]
pub struct Agent {
    /// The cells to walk, in order.
    pub cells: Vec<Pos>,
    /// The cell it walks toward (an index into `cells`).
    pub next: usize,
    /// The cell it last stood on.
    pub last: Pos,
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
}

/// The agent's meshes and materials.
#[derive(Resource, Clone)]
pub struct AgentAssets {
    pub body: Handle<Mesh>,
    pub nose: Handle<Mesh>,
    pub body_material: Handle<StandardMaterial>,
    pub nose_material: Handle<StandardMaterial>,
}

fn setup_agent_assets(mut commands: Commands, mut meshes: ResMut<Assets<Mesh>>, mut materials: ResMut<Assets<StandardMaterial>>) {
    commands.insert_resource(AgentAssets {
        body: meshes.add(Capsule3d::new(0.22, 0.3)),
        nose: meshes.add(Cuboid::new(0.12, 0.12, 0.3)),
        body_material: materials.add(Color::srgb(1.0, 0.55, 0.0)),
        nose_material: materials.add(Color::srgb(0.15, 0.15, 0.15)),
    });
}

/// The agent with its nose (its front is -Z, where the nose points), standing on `cells[0]`.
pub fn agent_bundle(cells: Vec<Pos>, board: &Board, assets: &AgentAssets) -> impl Bundle {
    let at = board.world(cells[0]) + Vec3::Y * AGENT_HEIGHT;
    let facing = cells.get(1).map_or(Vec3::NEG_Z, |&c| board.world(c) - board.world(cells[0]));
    (
        Name::new("Agent"),
        Agent::new(cells),
        Mesh3d(assets.body.clone()),
        MeshMaterial3d(assets.body_material.clone()),
        Transform::from_translation(at).looking_to(facing.normalize_or(Vec3::NEG_Z), Vec3::Y),
        children![(
            Name::new("Agent nose"),
            Mesh3d(assets.nose.clone()),
            MeshMaterial3d(assets.nose_material.clone()),
            Transform::from_xyz(0.0, 0.12, -0.25),
        )],
    )
}

/// Moves the agent toward its next waypoint at the set speed and turns it toward its heading.
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
