//! A crowd: many agents on one grid, each with its own goal and path, moving on discrete ticks
//! without ever sharing a cell, replanning with D* Lite when the grid changes under them.
//!
//! Each tick:
//! 1. Searches run from a queue within a budget of expansions ([`CrowdOptions::budget`]), so
//!    no tick does more than that much search however many agents need a path; an agent whose
//!    search is not done waits.
//! 2. Agents move in turn (the first to move rotates each tick), at most one cell each, only
//!    into a cell that is free at that moment: so no two agents ever share a cell and no two
//!    swap cells. An agent kept waiting longer than [`CrowdOptions::patience`] ticks steps
//!    aside to a free neighbouring cell and goes on from there (its search is reused); one
//!    stuck four times that long gives up its goal.
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
//! use cubepath_search::{Crowd, CrowdMode, CrowdOptions, Grid};
//! let grid = Grid::new(20, 20).unwrap();
//! let mut crowd = Crowd::new(grid, 30, CrowdMode::Wander, CrowdOptions::default()).unwrap();
//! for _ in 0..200 {
//!     crowd.tick();
//!     assert!(crowd.check().is_empty());
//! }
//! assert!(crowd.stats().arrivals > 0);
//! ```

use std::collections::VecDeque;
use std::fmt;

use crate::path::moves;
use crate::{Cell, Components, CostModel, Grid, Pos, Progress, Replanner, SearchOptions, Searcher, Topology, step_kind};

/// The most agents a crowd may have.
pub const MAX_AGENTS: usize = 100_000;

const NONE: u32 = u32::MAX;

/// What the agents are doing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CrowdMode {
    /// Each agent walks to a random reachable cell within [`CrowdOptions::radius`], then picks
    /// another.
    Wander,
    /// Every agent heads for this cell.
    Gather(Pos),
    /// Agents stand until [`Crowd::send`] gives one a goal, and stand again once there.
    Command,
}

/// How a crowd moves and searches.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CrowdOptions {
    /// Moves between cells.
    pub topology: Topology,
    /// What moves cost.
    pub costs: CostModel,
    /// Wander goals are at most this many cells away in x and in y.
    pub radius: usize,
    /// Cells expanded per tick, by all searches together.
    pub budget: usize,
    /// Ticks an agent waits behind another before stepping aside.
    pub patience: u32,
    /// Also run A* from scratch for every repair, to count what it would expand (slower).
    pub compare: bool,
    /// Seed of the placements, goals and edits.
    pub seed: u64,
}

impl Default for CrowdOptions {
    fn default() -> Self {
        let o = SearchOptions::default();
        CrowdOptions { topology: o.topology, costs: o.costs, radius: 32, budget: 10_000, patience: 3, compare: false, seed: 1 }
    }
}

/// Why a crowd cannot be made as asked.
#[derive(Clone, Debug, PartialEq)]
pub enum CrowdError {
    /// More agents than free cells (or than [`MAX_AGENTS`]).
    TooMany {
        /// Agents asked for.
        agents: usize,
        /// The most there is room for.
        room: usize,
    },
    /// A cell off the grid or blocked where a free one is needed.
    NotFree(Pos),
    /// No such agent.
    NoAgent(usize),
}

impl fmt::Display for CrowdError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CrowdError::TooMany { agents, room } => {
                write!(f, "{agents} agents do not fit: there is room for {room} (one per free cell, at most {MAX_AGENTS})")
            }
            CrowdError::NotFree(p) => write!(f, "cell {},{} is off the grid or blocked", p.0, p.1),
            CrowdError::NoAgent(i) => write!(f, "there is no agent {i}"),
        }
    }
}

impl std::error::Error for CrowdError {}

/// What an agent is doing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AgentState {
    /// Waiting for a goal (wander picks one next tick; a sent agent stays).
    Idle,
    /// Its search is queued or under way.
    Planning,
    /// Walking its path.
    Moving,
    /// Gathered: at the gathering cell or packed against those who are.
    Arrived,
}

/// One agent of a crowd.
#[derive(Clone, Debug)]
pub struct CrowdAgent {
    /// Where it is.
    pub pos: Pos,
    /// Where it was before the last tick.
    pub prev: Pos,
    /// Where it is going (its own goal, or the gathering cell).
    pub goal: Pos,
    /// What it is doing.
    pub state: AgentState,
    /// Ticks it has waited in a row.
    pub blocked: u32,
    /// Times it reached a goal.
    pub arrivals: u32,
    /// The tick its path was last searched (0: never).
    pub planned_at: usize,
    /// Whether that search was a repair after an edit.
    pub repaired: bool,
    /// Whether its path has since taken a detour around other agents (then it is no longer the
    /// search's least-cost path).
    pub detoured: bool,
    // remaining cells, the next one last
    path: Vec<Pos>,
    plan: Option<Replanner>,
    repairing: bool,
    queued: bool,
    spent: usize,
    jammed_at: Option<Pos>,
}

impl CrowdAgent {
    fn new(pos: Pos) -> CrowdAgent {
        CrowdAgent {
            pos,
            prev: pos,
            goal: pos,
            state: AgentState::Idle,
            blocked: 0,
            arrivals: 0,
            planned_at: 0,
            repaired: false,
            detoured: false,
            path: Vec::new(),
            plan: None,
            repairing: false,
            queued: false,
            spent: 0,
            jammed_at: None,
        }
    }

    /// The cells still to walk, the next one first (empty in gather mode: agents there follow
    /// the field).
    pub fn path(&self) -> impl Iterator<Item = Pos> + '_ {
        self.path.iter().rev().copied()
    }

    /// Bytes its search state and path hold.
    pub fn bytes(&self) -> usize {
        self.plan.as_ref().map_or(0, Replanner::bytes) + self.path.capacity() * std::mem::size_of::<Pos>()
    }
}

/// Totals since the crowd was made.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct CrowdStats {
    /// Ticks run.
    pub ticks: usize,
    /// Goals reached (gathering counts once per agent).
    pub arrivals: usize,
    /// Ticks' worth of broken invariants seen by [`Crowd::check`] after each tick (two agents
    /// on a cell, two swapping, one on a barrier): always 0 unless there is a bug.
    pub conflicts: usize,
    /// Repairs: searches redone because a changed cell crossed an agent's path.
    pub replans: usize,
    /// Cells the repairs expanded.
    pub repair_expanded: usize,
    /// Cells A* from scratch expanded on the same problems ([`CrowdOptions::compare`]).
    pub scratch_expanded: usize,
    /// First searches toward new goals.
    pub plans: usize,
    /// Cells they expanded.
    pub plan_expanded: usize,
    /// Times an agent stepped aside.
    pub sidesteps: usize,
    /// Times an agent planned around the agents in its way.
    pub detours: usize,
    /// Times an agent gave up a goal it could not reach.
    pub gave_up: usize,
    /// Seconds spent in the comparison A* (not crowd work; subtract it when timing ticks; 0 in
    /// the browser, which has no clock here).
    pub compare_seconds: f64,
    /// The last edit's repairs and their expansions, against A* from scratch.
    pub last_edit: EditStats,
}

/// One edit's repairs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct EditStats {
    /// Agents whose path crossed a changed cell.
    pub repairs: usize,
    /// Cells their repairs expanded (so far: repairs may span ticks).
    pub repair_expanded: usize,
    /// Cells A* from scratch expanded on the same problems.
    pub scratch_expanded: usize,
}

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
    components: Option<Components>,
    field: Option<Replanner>,
    queue: VecDeque<usize>,
    rng: u64,
    stats: CrowdStats,
    buf: Vec<(Pos, f64)>,
    searcher: Searcher,
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
            grid,
            options,
            mode: CrowdMode::Wander,
            agents: Vec::with_capacity(agents),
            components: None,
            field: None,
            queue: VecDeque::new(),
            rng: options.seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1,
            stats: CrowdStats::default(),
            buf: Vec::new(),
            searcher: Searcher::default(),
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

    /// A random free cell one legal move from `p`, other than those in `avoid`.
    fn free_neighbour(&mut self, p: Pos, avoid: &[Pos]) -> Option<Pos> {
        let mut buf = std::mem::take(&mut self.buf);
        moves(&self.grid, p, self.options.topology, self.options.costs, true, &mut buf);
        buf.retain(|&(q, _)| self.is_free(q) && !avoid.contains(&q));
        let pick = (!buf.is_empty()).then(|| buf[self.below(buf.len())].0);
        self.buf = buf;
        pick
    }

    /// Agent `i` reads its path again from where it now stands (its search from the goal holds
    /// for every cell, so this is cheap), first in the queue.
    fn search_again(&mut self, i: usize) {
        let a = &mut self.agents[i];
        a.path.clear();
        a.state = AgentState::Planning;
        self.enqueue(i, true);
    }

    /// Agent `i` steps into the free cell `next`: the next cell of its path, or down the field.
    fn step_to(&mut self, i: usize, next: Pos) {
        self.place(i, next);
        let a = &mut self.agents[i];
        a.blocked = 0;
        if self.field.is_none() {
            a.path.pop();
            if a.path.is_empty() {
                self.arrive(i);
            }
        } else if Some(next) == self.field_goal() {
            self.arrive(i);
        }
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

    /// Switches mode: wander (every agent picks its own goal) or gather at a free cell (every
    /// agent follows one distance field there).
    pub fn set_mode(&mut self, mode: CrowdMode) -> Result<(), CrowdError> {
        if let CrowdMode::Gather(goal) = mode
            && !self.grid.get(goal.0, goal.1).is_some_and(Cell::is_passable)
        {
            return Err(CrowdError::NotFree(goal));
        }
        self.mode = mode;
        self.field = match mode {
            CrowdMode::Gather(goal) => {
                let mut field = Replanner::field(&self.grid, goal, self.options.topology, self.options.costs);
                field.compute(&self.grid, usize::MAX);
                Some(field)
            }
            CrowdMode::Wander | CrowdMode::Command => None,
        };
        self.queue.clear();
        for a in &mut self.agents {
            a.path.clear();
            a.plan = None;
            a.queued = false;
            a.repairing = false;
            a.blocked = 0;
            a.state = match mode {
                CrowdMode::Gather(goal) => {
                    a.goal = goal;
                    AgentState::Moving
                }
                CrowdMode::Wander | CrowdMode::Command => AgentState::Idle,
            };
        }
        Ok(())
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

    fn enqueue(&mut self, i: usize, first: bool) {
        let a = &mut self.agents[i];
        if a.queued {
            return;
        }
        a.queued = true;
        if first { self.queue.push_front(i) } else { self.queue.push_back(i) }
    }

    /// A random free cell within the radius of `p`, reachable from it, or `None` after a few
    /// tries.
    fn wander_goal(&mut self, p: Pos, away_from: Option<Pos>) -> Option<Pos> {
        // the components follow the edits around the changed cells (labelled again only when
        // too many changed at once)
        Components::kept(&mut self.components, &self.grid, self.options.topology);
        let r = self.options.radius.max(1);
        let (w, h) = (self.grid.width(), self.grid.height());
        // uniform over the window clipped to the grid (a board smaller than the window: the
        // whole board, so the crowd does not drift to the middle)
        let (x0, x1) = (p.0.saturating_sub(r), (p.0 + r).min(w - 1));
        let (y0, y1) = (p.1.saturating_sub(r), (p.1 + r).min(h - 1));
        for attempt in 0..24 {
            let q = (x0 + self.below(x1 - x0 + 1), y0 + self.below(y1 - y0 + 1));
            let (x, y) = q;
            // after a jam, first try goals on the far side from where it was stuck: the queue
            // behind a bottleneck dissolves backwards
            if let Some(b) = away_from
                && attempt < 16
            {
                let toward = (b.0 as i64 - p.0 as i64) * (x as i64 - p.0 as i64) + (b.1 as i64 - p.1 as i64) * (y as i64 - p.1 as i64);
                if toward >= 0 {
                    continue;
                }
            }
            if q != p && self.grid.is_passable(x, y) && self.components.as_ref().is_some_and(|c| c.connected(p, q)) {
                return Some(q);
            }
        }
        None
    }

    /// Changes cells and passes the change to every search. A cell under an agent that becomes
    /// a barrier moves the agent to the nearest free cell first (nothing is lost, no agent
    /// stands on a barrier). Returns the cells that really changed.
    pub fn set_cells(&mut self, cells: &[(Pos, Cell)]) -> Vec<Pos> {
        let mut changed = Vec::new();
        for &(p, cell) in cells {
            if self.grid.get(p.0, p.1).is_none_or(|c| c == cell) {
                continue;
            }
            if !cell.is_passable()
                && let Some(i) = self.agent_at(p)
                && !self.bump(i)
            {
                // nowhere to lift the agent to: the cell stays as it is
                continue;
            }
            if self.grid.set(p.0, p.1, cell).is_ok() {
                changed.push(p);
            }
        }
        if changed.is_empty() {
            return changed;
        }
        if let Some(field) = &mut self.field {
            field.cells_changed(&self.grid, &changed);
            field.compute(&self.grid, usize::MAX);
        }
        let mut edit = EditStats::default();
        for i in 0..self.agents.len() {
            let a = &mut self.agents[i];
            let Some(plan) = &mut a.plan else { continue };
            plan.cells_changed(&self.grid, &changed);
            let crosses = a.path.iter().any(|p| changed.contains(p)) || changed.contains(&a.goal);
            if crosses && a.state == AgentState::Moving {
                a.repairing = true;
                a.spent = 0;
                a.state = AgentState::Planning;
                edit.repairs += 1;
                self.stats.replans += 1;
                self.enqueue(i, true);
            }
        }
        self.stats.last_edit = edit;
        changed
    }

    /// Moves agent `i` to the nearest free cell (breadth-first over neighbouring cells); false
    /// when there is none.
    fn bump(&mut self, i: usize) -> bool {
        let from = self.agents[i].pos;
        let (w, h) = (self.grid.width(), self.grid.height());
        let mut seen = vec![false; self.occupant.len()];
        let mut queue = VecDeque::from([from]);
        seen[self.index(from)] = true;
        while let Some(p) = queue.pop_front() {
            if p != from && self.grid.is_passable(p.0, p.1) && self.is_free(p) {
                self.place(i, p);
                self.agents[i].prev = p;
                let goal = self.agents[i].goal;
                if self.mode != CrowdMode::Gather(self.agents[i].goal) && self.agents[i].plan.is_some() {
                    self.start_plan(i, goal);
                }
                return true;
            }
            // lifted out, not walked: any neighbouring cell, passable or not
            let neighbours: Vec<Pos> = match self.options.topology {
                Topology::Hex => crate::hex_neighbours(p).into_iter().flatten().collect(),
                Topology::Square(_) => (-1..=1isize)
                    .flat_map(|dy| (-1..=1isize).map(move |dx| (dx, dy)))
                    .filter_map(|(dx, dy)| Some(((p.0 as isize + dx).try_into().ok()?, (p.1 as isize + dy).try_into().ok()?)))
                    .collect(),
            };
            for q in neighbours {
                if q.0 < w && q.1 < h && !seen[q.1 * w + q.0] {
                    seen[q.1 * w + q.0] = true;
                    queue.push_back(q);
                }
            }
        }
        false
    }

    fn place(&mut self, i: usize, p: Pos) {
        let old = self.agents[i].pos;
        let (a, b) = (self.index(old), self.index(p));
        self.occupant[a] = NONE;
        self.occupant[b] = i as u32;
        self.agents[i].pos = p;
    }

    /// Changes `k` random cells (barrier to floor or floor to barrier), never under an agent;
    /// returns them.
    pub fn random_edits(&mut self, k: usize) -> Vec<Pos> {
        let (w, h) = (self.grid.width(), self.grid.height());
        let mut cells = Vec::with_capacity(k);
        for _ in 0..k {
            for _ in 0..32 {
                let p = (self.below(w), self.below(h));
                if !self.is_free(p) || cells.iter().any(|(q, _)| *q == p) {
                    continue;
                }
                let cell = match self.grid.get(p.0, p.1) {
                    Some(Cell::Blocked) => Cell::FLOOR,
                    Some(Cell::Ground(1)) => Cell::Blocked,
                    _ => continue,
                };
                cells.push((p, cell));
                break;
            }
        }
        self.set_cells(&cells)
    }

    /// One tick: searches within the budget, then every agent moves at most one cell.
    pub fn tick(&mut self) {
        self.stats.ticks += 1;
        if self.mode == CrowdMode::Wander {
            for i in 0..self.agents.len() {
                if self.agents[i].state == AgentState::Idle && self.agents[i].plan.is_none() {
                    let p = self.agents[i].pos;
                    let away = self.agents[i].jammed_at.take();
                    if let Some(goal) = self.wander_goal(p, away) {
                        self.start_plan(i, goal);
                    }
                }
            }
        }
        self.run_searches();
        let n = self.agents.len();
        let first = if n > 0 { self.stats.ticks % n } else { 0 };
        for a in &mut self.agents {
            a.prev = a.pos;
        }
        // Everyone in turn, then those who found their cell taken once more (the agent ahead may
        // have moved on since: a line moves as one), then the rest wait.
        let mut waiting = Vec::new();
        for k in 0..n {
            let i = (first + k) % n;
            if let Some(next) = self.move_agent(i) {
                waiting.push((i, next));
            }
        }
        for _ in 0..2 {
            let before = waiting.len();
            waiting.retain(|&(i, _)| self.move_agent(i).is_some());
            if waiting.len() == before {
                break;
            }
        }
        for (i, next) in waiting {
            self.wait(i, next);
        }
        if !self.check().is_empty() {
            self.stats.conflicts += 1;
        }
    }

    fn run_searches(&mut self) {
        let mut left = self.options.budget;
        while left > 0 {
            let Some(&i) = self.queue.front() else { break };
            let grid = &self.grid;
            let a = &mut self.agents[i];
            let Some(plan) = &mut a.plan else {
                a.queued = false;
                self.queue.pop_front();
                continue;
            };
            plan.move_start(a.pos);
            let before = plan.expanded();
            let progress = plan.compute(grid, left);
            let used = plan.expanded() - before;
            left = left.saturating_sub(used.max(1));
            a.spent += used;
            let Progress::Done(cost) = progress else { break };
            self.queue.pop_front();
            a.queued = false;
            let repairing = std::mem::take(&mut a.repairing);
            if repairing {
                self.stats.repair_expanded += a.spent;
                self.stats.last_edit.repair_expanded += a.spent;
            } else {
                self.stats.plan_expanded += a.spent;
            }
            a.spent = 0;
            let path = cost.and_then(|_| plan.path(grid));
            let (start, goal) = (a.pos, a.goal);
            match path {
                Some(mut path) => {
                    path.reverse();
                    path.pop();
                    a.path = path;
                    a.state = AgentState::Moving;
                    a.planned_at = self.stats.ticks;
                    a.repaired = repairing;
                    a.detoured = false;
                    // a fresh path: patience starts again (and a detour never follows a search
                    // in the same tick)
                    a.blocked = 0;
                }
                None => {
                    // unreachable now: wander picks another goal next tick
                    a.plan = None;
                    a.path.clear();
                    a.state = AgentState::Idle;
                    self.stats.gave_up += 1;
                }
            }
            if repairing && self.options.compare {
                // (timed where there is a clock: std's Instant panics in the browser)
                #[cfg(not(target_arch = "wasm32"))]
                let t = std::time::Instant::now();
                let options = self.search_options();
                if let Ok(r) = self.searcher.search(&self.grid, start, goal, &options) {
                    self.stats.scratch_expanded += r.expanded;
                    self.stats.last_edit.scratch_expanded += r.expanded;
                }
                #[cfg(not(target_arch = "wasm32"))]
                {
                    self.stats.compare_seconds += t.elapsed().as_secs_f64();
                }
            }
        }
    }

    /// Agent `i` takes its next step if the cell is free; returns the cell when another agent
    /// stands on it.
    fn move_agent(&mut self, i: usize) -> Option<Pos> {
        let a = &self.agents[i];
        let (pos, state) = (a.pos, a.state);
        let next = match (self.mode, state) {
            (_, AgentState::Idle | AgentState::Planning | AgentState::Arrived) => return None,
            (CrowdMode::Gather(goal), AgentState::Moving) => {
                if pos == goal {
                    self.arrive(i);
                    return None;
                }
                let mut buf = std::mem::take(&mut self.buf);
                let next = self.field.as_ref().and_then(|f| f.downhill(&self.grid, pos, &mut buf));
                self.buf = buf;
                next?
            }
            (CrowdMode::Wander | CrowdMode::Command, AgentState::Moving) => match a.path.last() {
                Some(&n) => n,
                None => {
                    self.arrive(i);
                    return None;
                }
            },
        };
        if step_kind(&self.grid, pos, next, self.options.topology).is_none() {
            // the path went stale beside an edit (a diagonal's corner): search again from here
            if self.field.is_none() {
                self.search_again(i);
            }
            return None;
        }
        if self.is_free(next) {
            self.step_to(i, next);
            return None;
        }
        Some(next)
    }

    fn field_goal(&self) -> Option<Pos> {
        match self.mode {
            CrowdMode::Gather(g) => Some(g),
            CrowdMode::Wander | CrowdMode::Command => None,
        }
    }

    fn arrive(&mut self, i: usize) {
        let a = &mut self.agents[i];
        a.arrivals += 1;
        a.path.clear();
        a.blocked = 0;
        self.stats.arrivals += 1;
        match self.mode {
            CrowdMode::Wander | CrowdMode::Command => {
                a.plan = None;
                a.state = AgentState::Idle;
            }
            CrowdMode::Gather(_) => a.state = AgentState::Arrived,
        }
    }

    /// Agent `i` could not enter its next cell: it waits; past its patience it steps aside or, in a
    /// gathering, packs against the gathered agents in its way.
    fn wait(&mut self, i: usize, next: Pos) {
        let patience = self.options.patience;
        let blocked = {
            let a = &mut self.agents[i];
            a.blocked += 1;
            a.blocked
        };
        // head-on (the agent ahead wants this agent's cell): waiting cannot help, one of the
        // two goes round at once (the other then finds its way free)
        let ahead = self.occupant[self.index(next)];
        let head_on = ahead != NONE && self.agents[ahead as usize].path.last() == Some(&self.agents[i].pos);
        if head_on && self.field.is_none() && (self.detour(i) || self.give_way(i, ahead as usize)) {
            return;
        }
        if blocked <= patience {
            return;
        }
        if self.field.is_none() && self.shove(next) {
            // the idle agent in the way stepped aside: go on into the cell it left
            self.step_to(i, next);
            return;
        }
        if let CrowdMode::Gather(_) = self.mode {
            // another free cell closer to the goal, or packed against the gathered agents
            let pos = self.agents[i].pos;
            let here = self.field_distance(pos).unwrap_or(f64::INFINITY);
            let mut buf = std::mem::take(&mut self.buf);
            moves(&self.grid, pos, self.options.topology, self.options.costs, true, &mut buf);
            let closer: Vec<Pos> = buf.iter().map(|&(q, _)| q).filter(|&q| self.field_distance(q).is_some_and(|d| d < here)).collect();
            self.buf = buf;
            if let Some(&q) = closer.iter().find(|&&q| self.is_free(q)) {
                self.place(i, q);
                self.agents[i].blocked = 0;
                if Some(q) == self.field_goal() {
                    self.arrive(i);
                }
                return;
            }
            let packed = closer.iter().all(|&q| {
                let a = self.occupant[self.index(q)];
                a != NONE && self.agents[a as usize].state == AgentState::Arrived
            });
            if packed {
                self.arrive(i);
                return;
            }
            if blocked <= 2 * patience {
                return;
            }
        }
        if blocked > 4 * patience && self.field.is_none() {
            // stuck for long (a queue at a bottleneck): give the goal up, and next time head away
            let a = &mut self.agents[i];
            a.jammed_at = Some(next);
            a.plan = None;
            a.path.clear();
            a.state = AgentState::Idle;
            a.blocked = 0;
            self.stats.gave_up += 1;
            return;
        }
        if self.field.is_none() && self.detour(i) {
            return;
        }
        // step aside to a random free neighbour, then go on from there
        let Some(q) = self.free_neighbour(self.agents[i].pos, &[]) else { return };
        self.place(i, q);
        self.stats.sidesteps += 1;
        if self.field.is_none() {
            self.search_again(i);
        }
    }

    /// The idle agents in the way make room, as units do in strategy games: the one on `cell`
    /// steps to a free neighbouring cell, or, when it is hemmed in, a chain of idle agents from
    /// `cell` to the nearest free cell (at most 8 long) each moves one cell along the chain.
    /// Only agents standing with no goal that have not moved this tick are pushed; false when
    /// there is no such chain.
    fn shove(&mut self, cell: Pos) -> bool {
        const MAX_CHAIN: usize = 8;
        let pushable = |c: &Crowd, p: Pos| {
            let j = c.occupant[c.index(p)];
            j != NONE && c.agents[j as usize].state == AgentState::Idle && c.agents[j as usize].prev == p
        };
        if !pushable(self, cell) {
            return false;
        }
        // breadth-first over pushable agents' cells, in a random order of moves, to a free cell
        let mut parent: std::collections::HashMap<Pos, Pos> = std::collections::HashMap::from([(cell, cell)]);
        let mut frontier = vec![cell];
        let mut buf = std::mem::take(&mut self.buf);
        let mut free = None;
        'search: for _ in 0..MAX_CHAIN {
            let mut next = Vec::new();
            for &p in &frontier {
                moves(&self.grid, p, self.options.topology, self.options.costs, true, &mut buf);
                let offset = self.below(buf.len().max(1));
                for k in 0..buf.len() {
                    let q = buf[(k + offset) % buf.len()].0;
                    if parent.contains_key(&q) {
                        continue;
                    }
                    parent.insert(q, p);
                    if self.is_free(q) {
                        free = Some(q);
                        break 'search;
                    }
                    if pushable(self, q) {
                        next.push(q);
                    }
                }
            }
            frontier = next;
        }
        self.buf = buf;
        let Some(mut to) = free else { return false };
        // from the free end back to `cell`: each agent moves into the cell just vacated
        while to != cell {
            let from = parent[&to];
            let j = self.occupant[self.index(from)] as usize;
            self.place(j, to);
            self.stats.sidesteps += 1;
            to = from;
        }
        true
    }

    /// Head-on in a passage too narrow to go round: agent `i` steps to a free neighbouring cell
    /// off the other's next steps, lets it pass, and searches again from there (its search from
    /// the goal is reused). False when it has no such cell.
    fn give_way(&mut self, i: usize, other: usize) -> bool {
        let theirs: Vec<Pos> = self.agents[other].path.iter().rev().take(4).copied().collect();
        let Some(q) = self.free_neighbour(self.agents[i].pos, &theirs) else { return false };
        self.place(i, q);
        self.stats.sidesteps += 1;
        self.search_again(i);
        true
    }

    /// Plans around the agents in the way: a search in a small window around agent `i` where
    /// every other agent is a barrier, to the farthest free cell of its path inside the window;
    /// the detour replaces the path up to there. False when there is none.
    fn detour(&mut self, i: usize) -> bool {
        const R: usize = 6;
        let a = &self.agents[i];
        let pos = a.pos;
        let (w, h) = (self.grid.width(), self.grid.height());
        let (x0, y0) = (pos.0.saturating_sub(R), pos.1.saturating_sub(R));
        let (x1, y1) = ((pos.0 + R).min(w - 1), (pos.1 + R).min(h - 1));
        let inside = |p: Pos| p.0 >= x0 && p.0 <= x1 && p.1 >= y0 && p.1 <= y1;
        // the path is stored next-last: the farthest cell inside the window comes first
        let Some(k) = a.path.iter().position(|&p| inside(p) && self.is_free(p)) else { return false };
        let target = a.path[k];
        let Ok(mut window) = Grid::new(x1 - x0 + 1, y1 - y0 + 1) else { return false };
        for y in y0..=y1 {
            for x in x0..=x1 {
                let other = self.occupant[y * w + x];
                let cell = if other != NONE && other as usize != i { Cell::Blocked } else { self.grid.get(x, y).unwrap_or(Cell::Blocked) };
                let _ = window.set(x - x0, y - y0, cell);
            }
        }
        let options = self.search_options();
        let local = |p: Pos| (p.0 - x0, p.1 - y0);
        let Ok(r) = self.searcher.search(&window, local(pos), local(target), &options) else { return false };
        let Some(detour) = r.path else { return false };
        let a = &mut self.agents[i];
        a.path.truncate(k + 1);
        a.path.pop();
        a.path.extend(detour.into_iter().skip(1).rev().map(|p| (p.0 + x0, p.1 + y0)));
        a.blocked = 0;
        a.detoured = true;
        self.stats.detours += 1;
        true
    }

    /// The invariants, checked from the agents' positions alone: every agent on a passable
    /// cell of its own, no two agents swapped cells this tick, every move a legal one. Empty
    /// when all hold; otherwise what broke.
    pub fn check(&self) -> Vec<String> {
        let mut problems = Vec::new();
        let mut seen = std::collections::HashMap::with_capacity(self.agents.len());
        for (i, a) in self.agents.iter().enumerate() {
            if !self.grid.is_passable(a.pos.0, a.pos.1) {
                problems.push(format!("agent {i} on a barrier at {},{}", a.pos.0, a.pos.1));
            }
            if let Some(j) = seen.insert(a.pos, i) {
                problems.push(format!("agents {j} and {i} share {},{}", a.pos.0, a.pos.1));
            }
            if a.prev != a.pos && a.prev.0.abs_diff(a.pos.0).max(a.prev.1.abs_diff(a.pos.1)) > 1 {
                problems.push(format!("agent {i} jumped from {:?} to {:?}", a.prev, a.pos));
            }
        }
        for (i, a) in self.agents.iter().enumerate() {
            if a.prev != a.pos
                && let Some(&j) = seen.get(&a.prev)
                && self.agents[j].prev == a.pos
                && j != i
            {
                problems.push(format!("agents {i} and {j} swapped {:?} and {:?}", a.prev, a.pos));
            }
        }
        problems
    }
}
