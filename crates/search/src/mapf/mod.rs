//! Multi-agent pathfinding (MAPF): paths for many agents at once, planned together so that no
//! two ever meet.
//!
//! The rules are the MAPF benchmark's (Stern et al., "Multi-Agent Pathfinding: Definitions,
//! Variants, and Benchmarks", SoCS 2019): time goes in steps; each step every agent waits or
//! moves to a neighbouring free cell ([`Moves::Four`], the benchmark's convention, or
//! [`Moves::Eight`], diagonals without corner cutting); two agents are never on one cell at one
//! time (a vertex conflict) and never swap cells in one step (a swap conflict). Terrain weights
//! play no part: a step is a step. An agent that has arrived rests on its goal, and may be
//! pushed off it and come back.
//!
//! The planner is LaCAM with PIBT as its configuration generator (see `lacam.rs` and
//! `pibt.rs` for the papers). It is complete: given time it finds a plan whenever one exists
//! (its search over configurations generates, through its constraint trees, every successor of
//! every configuration it meets, and never expands a configuration twice), and reports that none
//! exists when it has exhausted them. With `refine` it spends the rest of the time limit
//! lowering the first plan's sum of costs by large neighbourhood search (see `polish.rs`): no
//! promise of optimality.
//!
//! ```
//! use cubepath_search::{grid::Grid, mapf::{MapfOptions, Moves, check_plan, solve_mapf}};
//! // Two agents in a corridor with a niche above its middle: one must step aside.
//! let mut grid = Grid::new(5, 2).unwrap();
//! for x in [0, 2, 3, 4] {
//!     grid.set(x, 0, cubepath_search::grid::Cell::Blocked).unwrap();
//! }
//! let starts = [(0, 1), (4, 1)];
//! let goals = [(4, 1), (0, 1)];
//! let outcome = solve_mapf(&grid, &starts, &goals, &MapfOptions::default()).unwrap();
//! let plan = outcome.plan.unwrap();
//! assert!(check_plan(&grid, &starts, &goals, &plan, Moves::Four).is_ok());
//! assert_eq!(outcome.lower_bound, 8);
//! assert!(plan.sum_of_costs(&goals) >= 8);
//! ```

mod check;
mod graph;
mod guide;
mod lacam;
mod pibt;
mod polish;

use std::fmt;
use std::time::{Duration, Instant};

pub use check::{PlanError, check_plan};

use crate::grid::Pos;
use crate::grid::board::Grid;
use graph::{Distances, Graph, NONE};

/// The moves of one time step.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Moves {
    /// Up, down, left, right (the MAPF benchmark's convention).
    #[default]
    Four,
    /// Also the four diagonals, each only when both cells beside it are free.
    Eight,
}

/// How [`solve_mapf`] plans.
#[derive(Clone, Debug)]
pub struct MapfOptions {
    /// The moves of one step.
    pub moves: Moves,
    /// When to give up (without `refine`), or to stop refining and answer (with it).
    pub time_limit: Duration,
    /// Keep improving the first plan until the time limit.
    pub refine: bool,
    /// Before planning, give each agent a guide path that keeps out of the others' way (see
    /// below); PIBT then follows it where it can. First plans cost less (on the MAPF
    /// benchmark's maps 0.71 to 0.94 of the sum of costs without, most on warehouses) and take
    /// longer (one and a half to two times as long). With `refine` the first plan is always guided: the time
    /// is repaid (refined plans 6 % cheaper on random-32-32-20 at 400 agents in 10 s). Guides
    /// can trap PIBT (two agents pulling each other back and forth in a dead end): after 2,048
    /// configurations without getting nearer the goals the search starts again from the first
    /// configuration without them (random-32-32-10 and -20 at their benchmark counts take 68 to 119).
    pub guide: bool,
    /// The seed of the planner's tie-breaking.
    pub seed: u64,
}

impl Default for MapfOptions {
    fn default() -> Self {
        MapfOptions { moves: Moves::Four, time_limit: Duration::from_secs(10), refine: false, guide: false, seed: 0 }
    }
}

/// A joint plan: each agent's cells at times 0 to the makespan (all paths as long; an agent
/// that has arrived repeats its goal).
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct MapfPlan {
    /// One path an agent, in the agents' order.
    pub paths: Vec<Vec<Pos>>,
}

impl MapfPlan {
    /// The number of steps until the last agent arrives for good.
    pub fn makespan(&self) -> usize {
        self.paths.first().map_or(0, |p| p.len().saturating_sub(1))
    }

    /// The sum over agents of the time each last arrives at its goal (after which it stays).
    pub fn sum_of_costs(&self, goals: &[Pos]) -> u64 {
        self.paths.iter().zip(goals).map(|(p, &g)| Self::arrival(p, g) as u64).sum()
    }

    /// The time `path` reaches `goal` for good: the length of its stretch before the final
    /// run on the goal.
    fn arrival(path: &[Pos], goal: Pos) -> usize {
        path.iter().rposition(|&c| c != goal).map_or(0, |t| t + 1)
    }
}

/// What [`solve_mapf`] answers.
#[derive(Clone, Debug)]
pub struct MapfOutcome {
    /// The best plan found, or `None` when none was found in time (or none exists:
    /// `exhausted`).
    pub plan: Option<MapfPlan>,
    /// The sum of the agents' own shortest distances: no plan costs less.
    pub lower_bound: u64,
    /// From the call to the first plan (`None` where there is no clock: in the browser).
    pub first_plan_time: Option<Duration>,
    /// The first plan's sum of costs (the final one is the plan's).
    pub first_sum_of_costs: Option<u64>,
    /// From the call to the answer.
    pub elapsed: Duration,
    /// The search ran out of configurations without a plan: no plan exists.
    pub exhausted: bool,
    /// Configurations the search met.
    pub configurations: usize,
}

/// Why [`solve_mapf`] could not start.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MapfError {
    /// Starts and goals are not as many.
    Counts {
        /// Starts given.
        starts: usize,
        /// Goals given.
        goals: usize,
    },
    /// A start or goal is off the grid or on a blocked cell.
    Cell {
        /// The agent.
        agent: usize,
        /// "start" or "goal".
        what: &'static str,
        /// The cell.
        at: Pos,
        /// "off the grid" or "blocked".
        why: &'static str,
    },
    /// Two agents start or end on one cell.
    Shared {
        /// The first agent.
        first: usize,
        /// The second agent.
        second: usize,
        /// "start" or "goal".
        what: &'static str,
        /// The cell.
        at: Pos,
    },
    /// An agent's goal cannot be reached from its start even alone.
    Unreachable {
        /// The agent.
        agent: usize,
    },
}

impl fmt::Display for MapfError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            MapfError::Counts { starts, goals } => write!(f, "{starts} starts but {goals} goals"),
            MapfError::Cell { agent, what, at, why } => write!(f, "agent {agent}'s {what} ({},{}) is {why}", at.0, at.1),
            MapfError::Shared { first, second, what, at } => {
                let verb = if what == "start" { "start" } else { "end" };
                write!(f, "agents {first} and {second} both {verb} on ({},{})", at.0, at.1)
            }
            MapfError::Unreachable { agent } => write!(f, "agent {agent}'s goal cannot be reached from its start"),
        }
    }
}

impl std::error::Error for MapfError {}

/// Plans paths for agents from `starts` to `goals` (agent i from `starts[i]` to `goals[i]`)
/// under the rules of this module; see [`MapfOutcome`] for the answer.
///
/// Errors: starts and goals not as many, one off the grid or blocked, two agents starting or
/// ending on one cell, a goal unreachable from its start.
pub fn solve_mapf(grid: &Grid, starts: &[Pos], goals: &[Pos], options: &MapfOptions) -> Result<MapfOutcome, MapfError> {
    let began = now();
    let since = || began.map_or(Duration::ZERO, |b| b.elapsed());
    if starts.len() != goals.len() {
        return Err(MapfError::Counts { starts: starts.len(), goals: goals.len() });
    }
    let graph = Graph::new(grid, options.moves == Moves::Eight);
    let start_ids = vertices(grid, &graph, starts, "start")?;
    let goal_ids = vertices(grid, &graph, goals, "goal")?;
    let mut dist = Distances::new(&graph, &goal_ids);
    let mut lower_bound = 0;
    for (i, &s) in start_ids.iter().enumerate() {
        let d = dist.get(&graph, i, s);
        if d == NONE {
            return Err(MapfError::Unreachable { agent: i });
        }
        lower_bound += d as u64;
    }
    let deadline = Deadline(began.map(|b| b + options.time_limit));
    let guides = if options.guide || options.refine {
        guide::Guides::new(&graph, &mut dist, &start_ids, &goal_ids, &mut crate::rng::Rng::new(options.seed ^ 0x901de), deadline)
    } else {
        guide::Guides::none()
    };
    let mut search = lacam::Lacam::new(&graph, dist, goal_ids.clone(), guides, options.seed);
    let found = search.run(&start_ids, deadline);
    let (configurations, exhausted) = (found.nodes, found.exhausted);
    let to_plan =
        |configs: &[Vec<u32>]| MapfPlan { paths: (0..starts.len()).map(|i| configs.iter().map(|c| graph.cell(c[i])).collect()).collect() };
    let mut outcome = MapfOutcome {
        plan: None,
        lower_bound,
        first_plan_time: None,
        first_sum_of_costs: None,
        elapsed: Duration::ZERO,
        exhausted,
        configurations,
    };
    if let Some(configs) = found.configs {
        let first = to_plan(&configs);
        outcome.first_plan_time = began.map(|b| b.elapsed());
        outcome.first_sum_of_costs = Some(first.sum_of_costs(goals));
        outcome.plan = Some(if options.refine && began.is_some() {
            let mut dist = search.into_distances();
            let mut polish = polish::Polish::new(&graph, goal_ids, &configs, configs.len() - 1);
            let mut rng = crate::rng::Rng::new(options.seed ^ 0x5eed);
            while polish.single(&mut dist, deadline) {}
            polish.group(&mut dist, &mut rng, 4, deadline, usize::MAX);
            to_plan(&polish.configs())
        } else {
            first
        });
    }
    outcome.elapsed = since();
    Ok(outcome)
}

/// When to stop: a moment, or never where there is no clock (in the browser std's clock
/// panics: there the search stops only at its limit on what it keeps, and plans are not
/// refined).
#[derive(Clone, Copy)]
pub(crate) struct Deadline(Option<Instant>);

impl Deadline {
    pub(crate) fn passed(self) -> bool {
        self.0.is_some_and(|d| Instant::now() >= d)
    }
}

/// Now, where there is a clock.
#[cfg(not(target_arch = "wasm32"))]
fn now() -> Option<Instant> {
    Some(Instant::now())
}

/// Now, where there is a clock.
#[cfg(target_arch = "wasm32")]
fn now() -> Option<Instant> {
    None
}

/// The vertices of `cells`, checked: on the grid, free, no two alike.
fn vertices(grid: &Grid, graph: &Graph, cells: &[Pos], what: &'static str) -> Result<Vec<u32>, MapfError> {
    let mut owner = vec![NONE; graph.len()];
    let mut out = Vec::with_capacity(cells.len());
    for (agent, &at) in cells.iter().enumerate() {
        if at.0 >= grid.width() || at.1 >= grid.height() {
            return Err(MapfError::Cell { agent, what, at, why: "off the grid" });
        }
        let v = graph.vertex(at).ok_or(MapfError::Cell { agent, what, at, why: "blocked" })?;
        if owner[v as usize] != NONE {
            return Err(MapfError::Shared { first: owner[v as usize] as usize, second: agent, what, at });
        }
        owner[v as usize] = agent as u32;
        out.push(v);
    }
    Ok(out)
}
