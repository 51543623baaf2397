//! A crowd as components: a [`NavCrowd`] on a grid's entity makes the engine's crowd (its
//! agents on random free cells, moving a cell a tick by local rules with D* Lite repairs, or
//! planned together), one entity per agent ([`CrowdMember`], with a `Transform` slid between
//! cells), and passes every change to the grid's cells to the agents' searches. A
//! [`CrowdGoal`] inserted on a member sends it there (the crowd's command mode).

use std::time::Duration;

use bevy::platform::time::Instant;
use bevy::prelude::*;
use cubepath_search::{
    crowd::{Crowd, CrowdError, CrowdMode, CrowdOptions},
    grid::{Pos, Topology},
};

use crate::grid::NavGrid;

/// Put it beside a [`NavGrid`]: that many agents, doing this, ticking at this rate.
///
/// The crowd is made in [`NavSystems::Request`](crate::NavSystems::Request) of the frame it
/// is added, and made anew (new agents on random free cells, new members) when `agents`, the
/// grid's size or its topology changes, or after [`NavCrowd::remake`]. Any other change to the
/// grid's cells reaches the agents' searches as an edit.
///
/// ```
/// use bevy::prelude::*;
/// use bevy_cubepath::prelude::*;
///
/// let mut app = App::new();
/// app.add_plugins((MinimalPlugins, CubepathPlugin));
/// app.world_mut().spawn((NavGrid::new(Grid::new(12, 12).unwrap()), NavCrowd::new(20, CrowdMode::Wander)));
/// app.update(); // made: one entity per agent
/// let mut members = app.world_mut().query::<&CrowdMember>();
/// assert_eq!(members.iter(app.world()).count(), 20);
/// ```
#[derive(Component)]
pub struct NavCrowd {
    /// How many agents.
    pub agents: usize,
    /// What they do (wander, gather at a cell, wait for commands, planned together). Set it
    /// with [`NavCrowd::set_mode`] to hear at once whether the crowd took it; a plain
    /// assignment is applied in the next [`NavSystems::Request`](crate::NavSystems::Request)
    /// (a refusal then comes as a [`CrowdProblem`]).
    pub mode: CrowdMode,
    /// Ticks a second (each tick every agent moves at most one cell).
    pub ticks_per_second: f32,
    /// At most this many ticks in one frame (4): after a slow frame the crowd drops ticks
    /// instead of freezing the next one.
    pub max_ticks_per_frame: usize,
    /// Height of the members' centres above the plane.
    pub height: f32,
    /// The engine crowd's options (seed, repairs compared with fresh searches, ...); its
    /// topology and costs are always the grid's.
    pub options: CrowdOptions,
    crowd: Option<Crowd>,
    made_for: Option<(usize, (usize, usize), Topology)>,
    applied_mode: CrowdMode,
    members: Vec<Entity>,
    clock: f32,
    tick_time: Duration,
    worst_tick_time: Duration,
    made: u64,
    make_time: Duration,
}

impl NavCrowd {
    /// `agents` agents doing `mode` at 6 ticks a second.
    pub fn new(agents: usize, mode: CrowdMode) -> NavCrowd {
        NavCrowd {
            agents,
            mode,
            ticks_per_second: 6.0,
            max_ticks_per_frame: 4,
            height: 0.0,
            options: CrowdOptions::default(),
            crowd: None,
            made_for: None,
            applied_mode: mode,
            members: Vec::new(),
            clock: 0.0,
            tick_time: Duration::ZERO,
            worst_tick_time: Duration::ZERO,
            made: 0,
            make_time: Duration::ZERO,
        }
    }

    /// The same with the engine crowd's `options` (its topology and costs are the grid's).
    pub fn with_options(self, options: CrowdOptions) -> NavCrowd {
        NavCrowd { options, ..self }
    }

    /// The engine's crowd once made (its agents, statistics, distance field, joint plan).
    pub fn crowd(&self) -> Option<&Crowd> {
        self.crowd.as_ref()
    }

    /// The engine's crowd, for what the components do not cover: a joint plan to goals of
    /// your own ([`Crowd::plan_together`]), agents placed by a scenario, a direct
    /// [`Crowd::send`]. Change the mode with [`NavCrowd::set_mode`], not through it.
    pub fn crowd_mut(&mut self) -> Option<&mut Crowd> {
        self.crowd.as_mut()
    }

    /// Changes the mode now when the crowd is made (else it is made in that mode); on a
    /// refusal (gathering at a blocked cell) nothing changes.
    pub fn set_mode(&mut self, mode: CrowdMode) -> Result<(), CrowdError> {
        if let Some(crowd) = &mut self.crowd {
            crowd.set_mode(mode)?;
        }
        (self.mode, self.applied_mode) = (mode, mode);
        Ok(())
    }

    /// Makes the crowd anew in the next [`NavSystems::Request`](crate::NavSystems::Request)
    /// (a new board of the same size, say): new agents, new members.
    pub fn remake(&mut self) {
        self.made_for = None;
    }

    /// How far the members are from their last cells to their cells (0 to 1): the fraction of
    /// the tick under way.
    pub fn between(&self) -> f32 {
        self.clock.clamp(0.0, 1.0)
    }

    /// How long the last tick took, and the longest since the crowd was made.
    pub fn tick_times(&self) -> (Duration, Duration) {
        (self.tick_time, self.worst_tick_time)
    }

    /// How many times a crowd was made on this component (a new count means new agents).
    pub fn made_count(&self) -> u64 {
        self.made
    }

    /// How long making the crowd took (a crowd planned together plans then).
    pub fn make_time(&self) -> Duration {
        self.make_time
    }

    /// The member entities, agent by agent.
    pub fn members(&self) -> &[Entity] {
        &self.members
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

/// Why a crowd could not be made, take its mode or send an agent, once per problem.
#[derive(Message, Clone, Debug, PartialEq)]
pub struct CrowdProblem {
    /// The crowd's entity.
    pub crowd: Entity,
    /// What went wrong.
    pub error: CrowdError,
}

/// A crowd whose component or grid changed.
type CrowdOrGridChanged = Or<(Changed<NavCrowd>, Changed<NavGrid>)>;

/// Crowds are made (anew when their count, grid size or topology changed, with an entity per
/// agent), and take a mode assigned to their `mode` field.
pub(crate) fn make_crowds(
    mut commands: Commands,
    mut crowds: Query<(Entity, &mut NavCrowd, &NavGrid), CrowdOrGridChanged>,
    mut problems: MessageWriter<CrowdProblem>,
) {
    for (e, mut nav_crowd, nav) in &mut crowds {
        let key = (nav_crowd.agents, (nav.grid.width(), nav.grid.height()), nav.options.topology);
        if nav_crowd.made_for == Some(key) {
            if nav_crowd.mode != nav_crowd.applied_mode {
                let mode = nav_crowd.mode;
                if let Err(error) = nav_crowd.set_mode(mode) {
                    nav_crowd.applied_mode = mode;
                    problems.write(CrowdProblem { crowd: e, error });
                }
            }
            continue;
        }
        let nav_crowd = &mut *nav_crowd;
        nav_crowd.made_for = Some(key);
        nav_crowd.applied_mode = nav_crowd.mode;
        for member in nav_crowd.members.drain(..) {
            commands.entity(member).despawn();
        }
        nav_crowd.crowd = None;
        (nav_crowd.clock, nav_crowd.tick_time, nav_crowd.worst_tick_time) = (0.0, Duration::ZERO, Duration::ZERO);
        let options = CrowdOptions { topology: nav.options.topology, costs: nav.options.costs, ..nav_crowd.options };
        let t = Instant::now();
        let made = Crowd::new(nav.grid.clone(), nav_crowd.agents, nav_crowd.mode, options);
        nav_crowd.make_time = t.elapsed();
        match made {
            Ok(crowd) => {
                nav_crowd.made += 1;
                for (index, agent) in crowd.agents().iter().enumerate() {
                    let at = nav.to_world(agent.pos) + nav.plane.up() * nav_crowd.height;
                    let member = commands
                        .spawn((
                            Name::new(format!("Crowd member {index}")),
                            CrowdMember { crowd: e, index },
                            Transform::from_translation(at),
                        ))
                        .id();
                    nav_crowd.members.push(member);
                }
                nav_crowd.crowd = Some(crowd);
            }
            Err(error) => {
                problems.write(CrowdProblem { crowd: e, error });
            }
        }
    }
}

/// Members of a crowd whose [`NavCrowd`] was removed (or whose entity was despawned) go too.
pub(crate) fn drop_members(mut commands: Commands, mut removed: RemovedComponents<NavCrowd>, members: Query<(Entity, &CrowdMember)>) {
    let gone: Vec<Entity> = removed.read().collect();
    if gone.is_empty() {
        return;
    }
    for (e, member) in &members {
        if gone.contains(&member.crowd) {
            commands.entity(e).despawn();
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

/// Each crowd ticks at its rate (at most `max_ticks_per_frame` a frame, each timed); its
/// members slide from their last cell to their current one over the tick.
pub(crate) fn tick_crowds(
    time: Res<Time>,
    mut crowds: Query<(&mut NavCrowd, &NavGrid)>,
    mut members: Query<(&CrowdMember, &mut Transform)>,
) {
    for (mut marked, _) in &mut crowds {
        // the clock runs every frame; the crowd counts as changed only when it ticks
        let nav_crowd = marked.bypass_change_detection();
        let Some(crowd) = nav_crowd.crowd.as_mut() else { continue };
        nav_crowd.clock += time.delta_secs() * nav_crowd.ticks_per_second.max(0.0);
        let ticks = (nav_crowd.clock.floor() as usize).min(nav_crowd.max_ticks_per_frame);
        if nav_crowd.clock >= 1.0 {
            nav_crowd.clock = nav_crowd.clock.fract().min(0.999);
        }
        for _ in 0..ticks {
            let t = Instant::now();
            crowd.tick();
            nav_crowd.tick_time = t.elapsed();
            nav_crowd.worst_tick_time = nav_crowd.worst_tick_time.max(nav_crowd.tick_time);
        }
        if ticks > 0 {
            marked.set_changed();
        }
    }
    for (member, mut transform) in &mut members {
        let Ok((nav_crowd, nav)) = crowds.get(member.crowd) else { continue };
        let Some(agent) = nav_crowd.crowd.as_ref().and_then(|c| c.agents().get(member.index)) else { continue };
        let lift = nav.plane.up() * nav_crowd.height;
        let (from, to) = (nav.to_world(agent.prev) + lift, nav.to_world(agent.pos) + lift);
        transform.translation = from.lerp(to, nav_crowd.between());
    }
}
