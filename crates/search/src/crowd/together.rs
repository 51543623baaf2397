//! A crowd planned together: every agent gets a goal, [`solve_mapf`] plans them all at once
//! (4 neighbours, or 8 when the crowd's moves have diagonals without corner cutting), and the
//! ticks play the plan back, one step a tick. An edit under the plan plans again from where the
//! agents stand.

use std::collections::VecDeque;
use std::time::Duration;

use crate::grid::Pos;
use crate::grid::components::Components;
use crate::grid::moves::moves;
use crate::grid::rules::{DiagonalRule, Topology};
use crate::mapf::{MapfOptions, Moves, solve_mapf};

use super::Crowd;
use super::agents::{AgentState, CrowdError, CrowdMode, NONE};

/// What the crowd's joint plan is and achieved.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct JointStats {
    /// Agents planned.
    pub agents: usize,
    /// Whether a plan was found (within the time limit).
    pub solved: bool,
    /// Steps until the last agent arrives.
    pub makespan: usize,
    /// The sum over agents of the step each last arrives.
    pub sum_of_costs: u64,
    /// The sum of the agents' own shortest distances: no plan costs less.
    pub lower_bound: u64,
    /// Milliseconds to plan (`None` where there is no clock: time it outside).
    pub planning_ms: Option<f64>,
    /// Why there is no plan, when there is none.
    pub problem: Option<String>,
}

/// The plan being played back.
#[derive(Default)]
pub(super) struct Joint {
    goals: Vec<Pos>,
    paths: Vec<Vec<Pos>>,
    step: usize,
    pub(super) stats: JointStats,
}

/// How long the crowd lets the planner look for a joint plan.
const TIME_LIMIT: Duration = Duration::from_secs(3);

impl Crowd {
    /// Plans every agent to its goal (`goals[i]` for agent i) together and plays the plan back
    /// from the next tick (the mode becomes [`CrowdMode::Together`]). Without a plan the agents
    /// stand; the answer says why.
    pub fn plan_together(&mut self, goals: &[Pos]) -> Result<JointStats, CrowdError> {
        if goals.len() != self.agents.len() {
            return Err(CrowdError::TooMany { agents: goals.len(), room: self.agents.len() });
        }
        if let Some(&bad) = goals.iter().find(|&&g| !self.grid.is_passable(g.0, g.1)) {
            return Err(CrowdError::NotFree(bad));
        }
        self.stop_searches(CrowdMode::Together);
        let starts: Vec<Pos> = self.agents.iter().map(|a| a.pos).collect();
        let moves = if self.joint_topology() == Topology::Square(DiagonalRule::Never) { Moves::Four } else { Moves::Eight };
        let options = MapfOptions { moves, time_limit: TIME_LIMIT, refine: false, guide: false, seed: self.options.seed };
        let mut stats = JointStats { agents: goals.len(), ..JointStats::default() };
        let mut paths = Vec::new();
        match solve_mapf(&self.grid, &starts, goals, &options) {
            Ok(outcome) => {
                stats.lower_bound = outcome.lower_bound;
                stats.planning_ms = outcome.first_plan_time.map(|t| t.as_secs_f64() * 1000.0);
                match outcome.plan {
                    Some(plan) => {
                        stats.solved = true;
                        stats.makespan = plan.makespan();
                        stats.sum_of_costs = plan.sum_of_costs(goals);
                        paths = plan.paths;
                    }
                    None if outcome.exhausted => stats.problem = Some("no joint plan exists".into()),
                    None => stats.problem = Some("no joint plan within the time limit".into()),
                }
            }
            Err(e) => stats.problem = Some(e.to_string()),
        }
        for (a, &g) in self.agents.iter_mut().zip(goals) {
            a.goal = g;
            a.state = if stats.solved { AgentState::Moving } else { AgentState::Idle };
        }
        self.joint = Some(Joint { goals: goals.to_vec(), paths, step: 0, stats: stats.clone() });
        Ok(stats)
    }

    /// The moves joint plans are made with, as a topology: four neighbours on hex boards and
    /// square boards without diagonals (each a hex move too), otherwise eight without corner
    /// cutting (each allowed by every diagonal rule). Goals are picked among the cells these
    /// moves reach, so a goal reachable only by the crowd's other moves is never asked for.
    fn joint_topology(&self) -> Topology {
        match self.options.topology {
            Topology::Square(DiagonalRule::Never) | Topology::Hex => Topology::Square(DiagonalRule::Never),
            Topology::Square(_) => Topology::Square(DiagonalRule::NoCornerCutting),
        }
    }

    /// What the last joint plan achieved (in [`CrowdMode::Together`]).
    pub fn joint(&self) -> Option<&JointStats> {
        self.joint.as_ref().map(|j| &j.stats)
    }

    /// Each agent's planned cells still to come, the next first (in [`CrowdMode::Together`]).
    pub fn joint_path(&self, i: usize) -> impl Iterator<Item = Pos> + '_ {
        let joint = self.joint.as_ref();
        let path = joint.and_then(|j| j.paths.get(i)).map_or(&[][..], |p| &p[(joint.map_or(0, |j| j.step) + 1).min(p.len())..]);
        path.iter().copied()
    }

    /// A goal for every agent: a random free cell it can reach by the joint plan's moves, no
    /// two alike (an agent with no such cell keeps its own).
    pub fn random_goals(&mut self) -> Vec<Pos> {
        let topology = self.joint_topology();
        Components::kept(&mut self.components, &self.grid, topology);
        let free: Vec<Pos> = self.grid.cells().filter(|(_, c)| c.is_passable()).map(|(p, _)| p).collect();
        let mut taken = vec![false; self.occupant.len()];
        let mut goals = Vec::with_capacity(self.agents.len());
        for i in 0..self.agents.len() {
            let p = self.agents[i].pos;
            let mut goal = p;
            for _ in 0..64 {
                let q = free[self.below(free.len())];
                if !taken[self.index(q)] && self.components.as_ref().is_some_and(|c| c.connected(p, q)) {
                    goal = q;
                    break;
                }
            }
            let k = self.index(goal);
            taken[k] = true;
            goals.push(goal);
        }
        self.distinct(goals)
    }

    /// A goal for every agent around `centre`: the free cells nearest it (breadth-first over
    /// the joint plan's moves), the nearest agents taking the nearest cells; agents that cannot reach it keep
    /// their own cells.
    pub fn gathering_goals(&self, centre: Pos) -> Vec<Pos> {
        let (w, n) = (self.grid.width(), self.agents.len());
        let mut order: Vec<Pos> = Vec::new();
        let mut seen = vec![false; self.occupant.len()];
        let mut reach = vec![usize::MAX; self.occupant.len()];
        let mut queue = VecDeque::new();
        if self.grid.is_passable(centre.0, centre.1) {
            seen[centre.1 * w + centre.0] = true;
            reach[centre.1 * w + centre.0] = 0;
            queue.push_back(centre);
        }
        let mut buf = Vec::new();
        while let Some(p) = queue.pop_front() {
            order.push(p);
            moves(&self.grid, p, self.joint_topology(), self.options.costs, true, &mut buf);
            for &(q, _) in &buf {
                if !seen[q.1 * w + q.0] {
                    seen[q.1 * w + q.0] = true;
                    reach[q.1 * w + q.0] = order.len();
                    queue.push_back(q);
                }
            }
        }
        let mut agents: Vec<usize> = (0..n).collect();
        agents.sort_by_key(|&i| reach[self.index(self.agents[i].pos)]);
        let mut goals: Vec<Pos> = self.agents.iter().map(|a| a.pos).collect();
        let mut next = order.iter();
        for i in agents {
            if reach[self.index(self.agents[i].pos)] == usize::MAX {
                continue;
            }
            if let Some(&g) = next.next() {
                goals[i] = g;
            }
        }
        self.distinct(goals)
    }

    /// `goals` with any repeats moved: an agent whose goal another already has keeps its own
    /// cell if that is nobody's goal (else the repeat stays and the planner names it).
    fn distinct(&self, mut goals: Vec<Pos>) -> Vec<Pos> {
        let mut owner = vec![NONE; self.occupant.len()];
        for (i, g) in goals.iter().enumerate() {
            let k = self.index(*g);
            if owner[k] == NONE {
                owner[k] = i as u32;
            }
        }
        for (i, goal) in goals.iter_mut().enumerate() {
            let k = self.index(*goal);
            let own = self.index(self.agents[i].pos);
            if owner[k] != i as u32 && owner[own] == NONE {
                owner[own] = i as u32;
                *goal = self.agents[i].pos;
            }
        }
        goals
    }

    /// Puts agent i on `cells[i]` (a scenario's starts), every cell free and no two alike; the
    /// crowd then stands (command mode) until given goals.
    pub fn place_agents(&mut self, cells: &[Pos]) -> Result<(), CrowdError> {
        if cells.len() != self.agents.len() {
            return Err(CrowdError::TooMany { agents: cells.len(), room: self.agents.len() });
        }
        let mut seen = vec![false; self.occupant.len()];
        for &p in cells {
            if !self.grid.is_passable(p.0, p.1) || std::mem::replace(&mut seen[self.index(p)], true) {
                return Err(CrowdError::NotFree(p));
            }
        }
        self.stop_searches(CrowdMode::Command);
        self.occupant.fill(NONE);
        for (i, &p) in cells.iter().enumerate() {
            let k = self.index(p);
            self.occupant[k] = i as u32;
            let a = &mut self.agents[i];
            (a.pos, a.prev, a.goal, a.state) = (p, p, p, AgentState::Idle);
        }
        Ok(())
    }

    /// One tick of the joint plan: every agent to its next planned cell at once.
    pub(super) fn play_joint(&mut self) {
        let Some(joint) = &mut self.joint else { return };
        if joint.paths.is_empty() || joint.step + 1 >= joint.paths[0].len() {
            return;
        }
        joint.step += 1;
        let t = joint.step;
        let w = self.grid.width();
        for a in &self.agents {
            self.occupant[a.pos.1 * w + a.pos.0] = NONE;
        }
        for (i, (a, path)) in self.agents.iter_mut().zip(&joint.paths).enumerate() {
            a.pos = path[t];
            self.occupant[a.pos.1 * w + a.pos.0] = i as u32;
            // arrived for good: on the goal from here to the plan's end
            if a.state == AgentState::Moving && path[t..].iter().all(|&c| c == a.goal) {
                a.state = AgentState::Arrived;
                a.arrivals += 1;
                self.stats.arrivals += 1;
            }
        }
    }

    /// After an edit in [`CrowdMode::Together`]: plans again from where the agents stand when
    /// a changed cell lies on a remaining planned cell or beside a remaining planned diagonal. A goal walled by the edit gives way to
    /// the agent's own cell; when no plan can be asked for, the old plan is dropped and the
    /// agents stand (a plan made before the edit is never played on after it).
    pub(super) fn replan_joint(&mut self, changed: &[Pos]) {
        let Some(joint) = &self.joint else { return };
        let step = joint.step;
        // a changed cell on a remaining planned cell, or beside a planned diagonal (a wall
        // there makes the diagonal cut its corner)
        let crossed = joint.paths.iter().any(|p| {
            p[step.min(p.len())..].iter().any(|c| changed.contains(c))
                || p[step.min(p.len())..].windows(2).any(|w| changed.contains(&(w[0].0, w[1].1)) || changed.contains(&(w[1].0, w[0].1)))
        });
        if crossed || joint.goals.iter().any(|g| changed.contains(g)) {
            let mut goals = joint.goals.clone();
            for (goal, a) in goals.iter_mut().zip(&self.agents) {
                if !self.grid.is_passable(goal.0, goal.1) {
                    *goal = a.pos;
                }
            }
            let goals = self.distinct(goals);
            self.stats.replans += 1;
            if let Err(e) = self.plan_together(&goals) {
                for a in &mut self.agents {
                    a.state = AgentState::Idle;
                }
                let stats = JointStats { agents: goals.len(), problem: Some(e.to_string()), ..JointStats::default() };
                self.joint = Some(Joint { goals, paths: Vec::new(), step: 0, stats });
            }
        }
    }

    /// Drops every agent's search and path for `mode` (searches are for the other modes).
    fn stop_searches(&mut self, mode: CrowdMode) {
        self.mode = mode;
        self.field = None;
        self.forget_searches();
        for a in &mut self.agents {
            a.urgency = 0;
        }
        if mode != CrowdMode::Together {
            self.joint = None;
        }
    }
}
