//! A crowd: many agents on one grid, each with its own goal and path, moving on discrete ticks
//! without ever sharing a cell, replanning with D* Lite when the grid changes under them.
//!
//! Each tick:
//! 1. Searches run from a queue within a budget of expansions ([`CrowdOptions::budget`]), so
//!    no tick does more than that much search however many agents need a path; an agent whose
//!    search is not done waits.
//! 2. Agents move at once, at most one cell each, chosen by PIBT: in order of urgency (an
//!    agent on its way gains priority each tick until it arrives), each takes the free cell
//!    nearest its goal by its own search's distances, and asks an agent in the way to move
//!    first (which may push it off its own path: it reads a new one from its search). No two
//!    agents ever share a cell or swap cells, and no agent gives a goal up: one kept from its
//!    path waits, its priority growing, until the others make way.
//!
//! Modes: [`CrowdMode::Wander`] (each agent walks to a random reachable cell near it, then picks
//! another), [`CrowdMode::Gather`] (every agent heads for one cell down a shared distance field,
//! kept up to date incrementally; agents that can get no closer pack around it) and
//! [`Crowd::send`] for one agent at a time. Changed cells ([`Crowd::set_cells`]) are passed to
//! every agent's search; the agents whose remaining path crosses one repair their search
//! (counted in [`CrowdStats`], with what A* from scratch expands for the same problems when
//! [`CrowdOptions::compare`] is on).
//!
//! ```
//! use cubepath_search::{crowd::{Crowd, CrowdMode, CrowdOptions}, grid::Grid};
//! let grid = Grid::new(20, 20).unwrap();
//! let mut crowd = Crowd::new(grid, 30, CrowdMode::Wander, CrowdOptions::default()).unwrap();
//! for _ in 0..200 {
//!     crowd.tick();
//!     assert!(crowd.check().is_empty());
//! }
//! assert!(crowd.stats().arrivals > 0);
//! ```

mod agents;
mod edits;
mod steps;
mod ticks;
mod together;

pub use agents::{AgentState, CrowdAgent, CrowdError, CrowdKind, CrowdMode, CrowdOptions, CrowdStats, EditStats, MAX_AGENTS};
pub use together::JointStats;

use std::collections::VecDeque;

use crate::grid::Pos;
use crate::grid::board::{Cell, Grid};
use crate::grid::components::Components;
use crate::search::Replanner;
use crate::search::SearchOptions;
use crate::search::Searcher;

use agents::NONE;

/// The free cell nearest the middle of `grid` (in steps of a king, the first in row order on a
/// tie): where a crowd gathers unless told otherwise. `None` when no cell is free.
pub fn middle_cell(grid: &Grid) -> Option<Pos> {
    let mid = (grid.width() / 2, grid.height() / 2);
    grid.cells().filter(|(_, c)| c.is_passable()).map(|(p, _)| p).min_by_key(|p| p.0.abs_diff(mid.0).max(p.1.abs_diff(mid.1)))
}

/// Many agents on one grid: see the `crowd` module documentation (the crate root lists its
/// rules too).
pub struct Crowd {
    grid: Grid,
    options: CrowdOptions,
    mode: CrowdMode,
    agents: Vec<CrowdAgent>,
    occupant: Vec<u32>,
    /// The agent heading for each cell in wander mode (no two pick one goal), or `NONE`.
    claimed: Vec<u32>,
    components: Option<Components>,
    field: Option<Replanner>,
    queue: VecDeque<usize>,
    rng: u64,
    stats: CrowdStats,
    /// The illegal steps and swaps of the last tick, judged on the grid they were taken on
    /// (an edit between ticks may wall a cell an agent has left).
    step_problems: Vec<String>,
    buf: Vec<(Pos, f64)>,
    searcher: Searcher,
    steps: steps::StepTables,
    joint: Option<together::Joint>,
}

impl Crowd {
    /// A crowd of `agents` on `grid`, each on its own random free cell.
    pub fn new(grid: Grid, agents: usize, mode: CrowdMode, options: CrowdOptions) -> Result<Crowd, CrowdError> {
        let free: Vec<Pos> = grid.cells().filter(|(_, c)| c.is_passable()).map(|(p, _)| p).collect();
        let room = free.len().min(MAX_AGENTS);
        if agents > room {
            return Err(CrowdError::TooMany { agents, room });
        }
        let mut crowd = Crowd {
            occupant: vec![NONE; grid.width() * grid.height()],
            claimed: vec![NONE; grid.width() * grid.height()],
            grid,
            options,
            mode: CrowdMode::Wander,
            agents: Vec::with_capacity(agents),
            components: None,
            field: None,
            queue: VecDeque::new(),
            rng: options.seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1,
            stats: CrowdStats::default(),
            step_problems: Vec::new(),
            buf: Vec::new(),
            searcher: Searcher::default(),
            steps: steps::StepTables::default(),
            joint: None,
        };
        // a partial shuffle: the first `agents` cells of a random permutation
        let mut free = free;
        for i in 0..agents {
            let j = i + crowd.below(free.len() - i);
            free.swap(i, j);
            let p = free[i];
            let k = crowd.index(p);
            crowd.occupant[k] = i as u32;
            crowd.agents.push(CrowdAgent::new(p));
        }
        crowd.set_mode(mode)?;
        Ok(crowd)
    }

    fn below(&mut self, n: usize) -> usize {
        self.rng ^= self.rng >> 12;
        self.rng ^= self.rng << 25;
        self.rng ^= self.rng >> 27;
        ((self.rng.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 11) % n.max(1) as u64) as usize
    }

    fn index(&self, p: Pos) -> usize {
        p.1 * self.grid.width() + p.0
    }

    /// Whether no agent stands on `p` (on the grid).
    fn is_free(&self, p: Pos) -> bool {
        self.occupant[self.index(p)] == NONE
    }

    /// The crowd's moves and costs as search options (A* with the default heuristic).
    fn search_options(&self) -> SearchOptions {
        SearchOptions { topology: self.options.topology, costs: self.options.costs, ..SearchOptions::default() }
    }

    /// Agent `i` reads its path again from where it now stands (its search from the goal holds
    /// for every cell, so this is cheap), first in the queue.
    fn search_again(&mut self, i: usize) {
        let a = &mut self.agents[i];
        a.path.clear();
        a.state = AgentState::Planning;
        self.enqueue(i, true);
    }

    /// The grid as the crowd sees it.
    pub fn grid(&self) -> &Grid {
        &self.grid
    }

    /// The agents.
    pub fn agents(&self) -> &[CrowdAgent] {
        &self.agents
    }

    /// The agent on `p`, if any.
    pub fn agent_at(&self, p: Pos) -> Option<usize> {
        self.occupant.get(p.1 * self.grid.width() + p.0).filter(|&&a| a != NONE && p.0 < self.grid.width()).map(|&a| a as usize)
    }

    /// Totals so far.
    pub fn stats(&self) -> &CrowdStats {
        &self.stats
    }

    /// What the agents are doing.
    pub fn mode(&self) -> CrowdMode {
        self.mode
    }

    /// The options.
    pub fn options(&self) -> &CrowdOptions {
        &self.options
    }

    /// The gathering field's distance to the goal from `p` (gather mode).
    pub fn field_distance(&self, p: Pos) -> Option<f64> {
        self.field.as_ref()?.distance(p)
    }

    /// The gathering field's next move from `p` (gather mode).
    pub fn field_next(&self, p: Pos) -> Option<Pos> {
        let mut buf = Vec::new();
        self.field.as_ref()?.downhill(&self.grid, p, &mut buf)
    }

    /// Bytes held by every agent's search and path, the field and the crowd's own tables.
    pub fn bytes(&self) -> usize {
        self.agents.iter().map(CrowdAgent::bytes).sum::<usize>()
            + self.field.as_ref().map_or(0, Replanner::bytes)
            + self.agents.capacity() * std::mem::size_of::<CrowdAgent>()
            + self.occupant.len() * 4
            + self.components.as_ref().map_or(0, Components::bytes)
    }

    /// Switches mode: wander (every agent picks its own goal), gather at a free cell (every
    /// agent follows one distance field there), command, or together (random goals planned
    /// together: [`Crowd::plan_together`]).
    pub fn set_mode(&mut self, mode: CrowdMode) -> Result<(), CrowdError> {
        if let CrowdMode::Gather(goal) = mode
            && !self.grid.get(goal.0, goal.1).is_some_and(Cell::is_passable)
        {
            return Err(CrowdError::NotFree(goal));
        }
        self.mode = mode;
        self.joint = None;
        self.field = match mode {
            CrowdMode::Gather(goal) => {
                let mut field = Replanner::field(&self.grid, goal, self.options.topology, self.options.costs);
                field.compute(&self.grid, usize::MAX);
                Some(field)
            }
            CrowdMode::Wander | CrowdMode::Command | CrowdMode::Together => None,
        };
        self.forget_searches();
        for a in &mut self.agents {
            a.state = match mode {
                CrowdMode::Gather(goal) => {
                    a.goal = goal;
                    AgentState::Moving
                }
                CrowdMode::Wander | CrowdMode::Command | CrowdMode::Together => AgentState::Idle,
            };
        }
        if mode == CrowdMode::Together {
            let goals = self.random_goals();
            self.plan_together(&goals)?;
        }
        Ok(())
    }

    /// Drops every agent's search, path, claim and wait count (a change of mode starts them
    /// afresh; their urgency is kept).
    pub(super) fn forget_searches(&mut self) {
        self.queue.clear();
        self.claimed.fill(NONE);
        for a in &mut self.agents {
            a.path.clear();
            a.plan = None;
            a.queued = false;
            a.repairing = false;
            a.blocked = 0;
        }
    }

    /// Sends agent `i` to `goal` (it plans its own path; in wander mode it wanders again once
    /// there; a gathering turns into command mode).
    pub fn send(&mut self, i: usize, goal: Pos) -> Result<(), CrowdError> {
        if i >= self.agents.len() {
            return Err(CrowdError::NoAgent(i));
        }
        if !self.grid.get(goal.0, goal.1).is_some_and(Cell::is_passable) {
            return Err(CrowdError::NotFree(goal));
        }
        if let CrowdMode::Gather(_) = self.mode {
            self.set_mode(CrowdMode::Command)?;
        }
        self.start_plan(i, goal);
        Ok(())
    }

    fn start_plan(&mut self, i: usize, goal: Pos) {
        let options = self.search_options();
        self.unclaim(i);
        let cell = self.index(goal);
        if self.claimed[cell] == NONE {
            self.claimed[cell] = i as u32;
        }
        let a = &mut self.agents[i];
        a.goal = goal;
        a.path.clear();
        a.blocked = 0;
        a.repairing = false;
        a.spent = 0;
        match Replanner::new(&self.grid, a.pos, goal, &options) {
            Ok(plan) => {
                a.plan = Some(plan);
                a.state = AgentState::Planning;
                self.stats.plans += 1;
                self.enqueue(i, false);
            }
            Err(_) => {
                a.plan = None;
                a.state = AgentState::Idle;
            }
        }
    }

    /// Agent `i` no longer heads for its goal: another may pick it.
    pub(super) fn unclaim(&mut self, i: usize) {
        let cell = self.index(self.agents[i].goal);
        if self.claimed[cell] == i as u32 {
            self.claimed[cell] = NONE;
        }
    }

    fn enqueue(&mut self, i: usize, first: bool) {
        let a = &mut self.agents[i];
        if a.queued {
            return;
        }
        a.queued = true;
        if first { self.queue.push_front(i) } else { self.queue.push_back(i) }
    }

    /// A random cell within the radius of `p`, reachable from it, that no agent stands on or
    /// heads for, or `None` after a few tries.
    fn wander_goal(&mut self, p: Pos) -> Option<Pos> {
        // the components follow the edits around the changed cells (labelled again only when
        // too many changed at once)
        Components::kept(&mut self.components, &self.grid, self.options.topology);
        let r = self.options.radius.max(1);
        let (w, h) = (self.grid.width(), self.grid.height());
        // uniform over the window clipped to the grid (a board smaller than the window: the
        // whole board, so the crowd does not drift to the middle)
        let (x0, x1) = (p.0.saturating_sub(r), (p.0 + r).min(w - 1));
        let (y0, y1) = (p.1.saturating_sub(r), (p.1 + r).min(h - 1));
        for _ in 0..24 {
            let q = (x0 + self.below(x1 - x0 + 1), y0 + self.below(y1 - y0 + 1));
            let (x, y) = q;
            let cell = self.index(q);
            // a cell nobody stands on or heads for: two agents never wait for each other's
            // goal in a pocket too small to trade places
            if q != p
                && self.occupant[cell] == NONE
                && self.claimed[cell] == NONE
                && self.grid.is_passable(x, y)
                && self.components.as_ref().is_some_and(|c| c.connected(p, q))
            {
                return Some(q);
            }
        }
        None
    }
}
