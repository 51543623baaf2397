//! A crowd as components: a [`NavCrowd`] on a grid's entity makes the engine's crowd (its
//! agents on random free cells, moving a cell a tick by local rules with D* Lite repairs, or
//! planned together), one entity per agent ([`CrowdMember`], with a `Transform` slid between
//! cells), and passes every change to the grid's cells to the agents' searches. A
//! [`CrowdGoal`] inserted on a member sends it there (the crowd's command mode).

use bevy::prelude::*;
use cubepath_search::{Crowd, CrowdError, CrowdMode, CrowdOptions, Pos};

use crate::grid::NavGrid;

/// Put it beside a [`NavGrid`]: that many agents, doing this, ticking at this rate.
#[derive(Component)]
pub struct NavCrowd {
    /// How many agents.
    pub agents: usize,
    /// What they do (wander, gather at a cell, wait for commands, planned together).
    pub mode: CrowdMode,
    /// Ticks a second (each tick every agent moves at most one cell).
    pub ticks_per_second: f32,
    /// Height of the members' centres above the plane.
    pub height: f32,
    crowd: Option<Crowd>,
    clock: f32,
}

impl NavCrowd {
    /// `agents` agents doing `mode` at 6 ticks a second.
    pub fn new(agents: usize, mode: CrowdMode) -> NavCrowd {
        NavCrowd { agents, mode, ticks_per_second: 6.0, height: 0.0, crowd: None, clock: 0.0 }
    }

    /// The engine's crowd once made (its agents, statistics, joint plan).
    pub fn crowd(&self) -> Option<&Crowd> {
        self.crowd.as_ref()
    }
}

/// One agent of a crowd: the crowd's entity and the agent's index in it.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct CrowdMember {
    /// The entity with the [`NavCrowd`].
    pub crowd: Entity,
    /// The agent's index in the engine's crowd.
    pub index: usize,
}

/// Insert on a member to send it to a cell (in [`CrowdMode::Command`]); removed once sent.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct CrowdGoal(pub Pos);

/// Why a crowd could not be made or an agent not sent, once per problem.
#[derive(Message, Clone, Debug, PartialEq)]
pub struct CrowdProblem {
    /// The crowd's entity.
    pub crowd: Entity,
    /// What went wrong.
    pub error: CrowdError,
}

/// New crowds are made on their grid, with an entity per agent.
pub(crate) fn make_crowds(
    mut commands: Commands,
    mut crowds: Query<(Entity, &mut NavCrowd, &NavGrid), Added<NavCrowd>>,
    mut problems: MessageWriter<CrowdProblem>,
) {
    for (e, mut nav_crowd, nav) in &mut crowds {
        let options = CrowdOptions { topology: nav.options.topology, costs: nav.options.costs, ..CrowdOptions::default() };
        match Crowd::new(nav.grid.clone(), nav_crowd.agents, nav_crowd.mode, options) {
            Ok(crowd) => {
                for (index, agent) in crowd.agents().iter().enumerate() {
                    let at = nav.to_world(agent.pos) + nav.plane.up() * nav_crowd.height;
                    commands.spawn((
                        Name::new(format!("Crowd member {index}")),
                        CrowdMember { crowd: e, index },
                        Transform::from_translation(at),
                    ));
                }
                nav_crowd.crowd = Some(crowd);
            }
            Err(error) => {
                problems.write(CrowdProblem { crowd: e, error });
            }
        }
    }
}

/// Cells that changed on a crowd's grid reach its agents' searches (repairs, or fresh searches
/// where a repair would cost more): the cells where the grid and the crowd's own copy of it
/// differ (a cell the crowd refused, with an agent it could not lift off it, is offered again
/// at the next change).
pub(crate) fn pass_edits_to_crowds(mut crowds: Query<(&mut NavCrowd, Ref<NavGrid>)>) {
    for (mut nav_crowd, nav) in &mut crowds {
        if !nav.is_changed() || nav.is_added() {
            continue;
        }
        let Some(crowd) = nav_crowd.crowd.as_mut() else { continue };
        let seen = crowd.grid();
        if (seen.width(), seen.height()) != (nav.grid.width(), nav.grid.height()) {
            continue;
        }
        let changed: Vec<_> = nav.grid.cells().filter(|&(p, c)| seen.get(p.0, p.1) != Some(c)).collect();
        if !changed.is_empty() {
            crowd.set_cells(&changed);
        }
    }
}

/// Goals given to members are sent to their agents.
pub(crate) fn send_members(
    mut commands: Commands,
    goals: Query<(Entity, &CrowdMember, &CrowdGoal)>,
    mut crowds: Query<&mut NavCrowd>,
    mut problems: MessageWriter<CrowdProblem>,
) {
    for (e, member, goal) in &goals {
        if let Ok(mut nav_crowd) = crowds.get_mut(member.crowd)
            && let Some(crowd) = nav_crowd.crowd.as_mut()
            && let Err(error) = crowd.send(member.index, goal.0)
        {
            problems.write(CrowdProblem { crowd: member.crowd, error });
        }
        commands.entity(e).remove::<CrowdGoal>();
    }
}

/// Each crowd ticks at its rate; its members slide from their last cell to their current one
/// over the tick.
pub(crate) fn tick_crowds(
    time: Res<Time>,
    mut crowds: Query<(&mut NavCrowd, &NavGrid)>,
    mut members: Query<(&CrowdMember, &mut Transform)>,
) {
    for (mut nav_crowd, _) in &mut crowds {
        let rate = nav_crowd.ticks_per_second.max(0.0);
        nav_crowd.clock += time.delta_secs() * rate;
        while nav_crowd.clock >= 1.0 {
            nav_crowd.clock -= 1.0;
            if let Some(crowd) = nav_crowd.crowd.as_mut() {
                crowd.tick();
            }
        }
    }
    for (member, mut transform) in &mut members {
        let Ok((nav_crowd, nav)) = crowds.get(member.crowd) else { continue };
        let Some(agent) = nav_crowd.crowd.as_ref().and_then(|c| c.agents().get(member.index)) else { continue };
        let lift = nav.plane.up() * nav_crowd.height;
        let (from, to) = (nav.to_world(agent.prev) + lift, nav.to_world(agent.pos) + lift);
        transform.translation = from.lerp(to, nav_crowd.clock.clamp(0.0, 1.0));
    }
}
