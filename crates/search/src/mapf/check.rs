//! Plans checked from positions alone, written from the rules and not from the planner: every
//! agent starts on its start, ends on its goal, moves to a neighbour or waits each step, and no
//! two agents share a cell or swap cells.

use std::fmt;

use super::{MapfPlan, Moves};
use crate::grid::Pos;
use crate::grid::board::Grid;

/// What is wrong with a plan, as [`check_plan`] finds it first (times count steps from 0).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlanError {
    /// The plan has not one path per agent.
    AgentCount {
        /// Paths in the plan.
        paths: usize,
        /// Agents in the problem.
        agents: usize,
    },
    /// A path is empty or not as long as the others (every path lists times 0 to the makespan).
    Length {
        /// The agent.
        agent: usize,
    },
    /// An agent is not on its start at time 0.
    Start {
        /// The agent.
        agent: usize,
    },
    /// An agent is not on its goal at the end.
    Goal {
        /// The agent.
        agent: usize,
    },
    /// A step that is not a wait or a legal move (off the grid, onto a blocked cell, too far,
    /// diagonal when only straight moves are allowed, or cutting a corner).
    Move {
        /// The agent.
        agent: usize,
        /// The step's time of arrival.
        time: usize,
        /// Where it was.
        from: Pos,
        /// Where it went.
        to: Pos,
    },
    /// Two agents on one cell at one time.
    Vertex {
        /// The first agent.
        first: usize,
        /// The second agent.
        second: usize,
        /// The time.
        time: usize,
        /// The cell.
        at: Pos,
    },
    /// Two agents swapping cells in one step.
    Swap {
        /// The first agent.
        first: usize,
        /// The second agent.
        second: usize,
        /// The step's time of arrival.
        time: usize,
    },
}

impl fmt::Display for PlanError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            PlanError::AgentCount { paths, agents } => write!(f, "{paths} paths for {agents} agents"),
            PlanError::Length { agent } => write!(f, "agent {agent}'s path is empty or not as long as the others"),
            PlanError::Start { agent } => write!(f, "agent {agent} is not on its start at time 0"),
            PlanError::Goal { agent } => write!(f, "agent {agent} does not end on its goal"),
            PlanError::Move { agent, time, from, to } => {
                write!(f, "agent {agent} moves from ({},{}) to ({},{}) at time {time}: not a legal move", from.0, from.1, to.0, to.1)
            }
            PlanError::Vertex { first, second, time, at } => {
                write!(f, "agents {first} and {second} are both on ({},{}) at time {time}", at.0, at.1)
            }
            PlanError::Swap { first, second, time } => write!(f, "agents {first} and {second} swap cells at time {time}"),
        }
    }
}

impl std::error::Error for PlanError {}

/// Checks `plan` for the agents going from `starts` to `goals` on `grid` with `moves`:
/// `Ok(())` or the first rule it breaks.
///
/// ```
/// use cubepath_search::{grid::Grid, mapf::{MapfPlan, Moves, PlanError, check_plan}};
/// let grid = Grid::new(3, 1).unwrap();
/// // two agents in a corridor trying to pass each other
/// let plan = MapfPlan { paths: vec![vec![(0, 0), (1, 0)], vec![(1, 0), (0, 0)]] };
/// let err = check_plan(&grid, &[(0, 0), (1, 0)], &[(1, 0), (0, 0)], &plan, Moves::Four);
/// assert_eq!(err, Err(PlanError::Swap { first: 0, second: 1, time: 1 }));
/// ```
pub fn check_plan(grid: &Grid, starts: &[Pos], goals: &[Pos], plan: &MapfPlan, moves: Moves) -> Result<(), PlanError> {
    let n = starts.len();
    if plan.paths.len() != n || goals.len() != n {
        return Err(PlanError::AgentCount { paths: plan.paths.len(), agents: n });
    }
    let len = plan.paths.first().map_or(0, Vec::len);
    for (agent, path) in plan.paths.iter().enumerate() {
        if path.is_empty() || path.len() != len {
            return Err(PlanError::Length { agent });
        }
        if path[0] != starts[agent] {
            return Err(PlanError::Start { agent });
        }
        if path[len - 1] != goals[agent] {
            return Err(PlanError::Goal { agent });
        }
        for time in 0..len {
            let to = path[time];
            let from = path[time.saturating_sub(1)];
            if !legal(grid, from, to, moves) {
                return Err(PlanError::Move { agent, time, from, to });
            }
        }
    }
    let mut holder = vec![usize::MAX; grid.width() * grid.height()];
    for time in 0..len {
        for (agent, path) in plan.paths.iter().enumerate() {
            let (x, y) = path[time];
            let slot = &mut holder[y * grid.width() + x];
            if *slot != usize::MAX {
                return Err(PlanError::Vertex { first: *slot, second: agent, time, at: (x, y) });
            }
            *slot = agent;
        }
        if time > 0 {
            for (agent, path) in plan.paths.iter().enumerate() {
                let (x, y) = path[time - 1];
                let other = holder[y * grid.width() + x];
                if other != usize::MAX && other != agent && plan.paths[other][time - 1] == path[time] {
                    return Err(PlanError::Swap { first: agent.min(other), second: agent.max(other), time });
                }
            }
        }
        for path in &plan.paths {
            holder[path[time].1 * grid.width() + path[time].0] = usize::MAX;
        }
    }
    Ok(())
}

/// Whether one step from `from` to `to` (or a wait) is legal on `grid`.
fn legal(grid: &Grid, from: Pos, to: Pos, moves: Moves) -> bool {
    let free = |(x, y): Pos| x < grid.width() && y < grid.height() && grid.is_passable(x, y);
    let (dx, dy) = (from.0.abs_diff(to.0), from.1.abs_diff(to.1));
    match (dx, dy) {
        _ if !free(from) || !free(to) => false,
        (0, 0) | (1, 0) | (0, 1) => true,
        (1, 1) => moves == Moves::Eight && free((from.0, to.1)) && free((to.0, from.1)),
        _ => false,
    }
}
