//! What a crowd is made of and reports: its modes, options and errors, the agents, and the
//! counts. A leaf of the crowd: no search in it.

use std::fmt;

use crate::grid::Pos;
use crate::grid::rules::{CostModel, Topology};
use crate::search::Replanner;
use crate::search::SearchOptions;

/// The most agents a crowd may have.
pub const MAX_AGENTS: usize = 100_000;

pub(super) const NONE: u32 = u32::MAX;

/// What the agents are doing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CrowdMode {
    /// Each agent walks to a random reachable cell within [`CrowdOptions::radius`], then picks
    /// another.
    Wander,
    /// Every agent heads for this cell.
    Gather(Pos),
    /// Agents stand until [`Crowd::send`](super::Crowd::send) gives one a goal, and stand again once there.
    Command,
    /// Every agent has a goal and all follow one joint plan, a cell a tick
    /// ([`Crowd::plan_together`](super::Crowd::plan_together); random goals when the mode is set).
    Together,
}

impl CrowdMode {
    /// The mode without its cell: what the panel and the command line name.
    pub fn kind(self) -> CrowdKind {
        match self {
            CrowdMode::Wander => CrowdKind::Wander,
            CrowdMode::Gather(_) => CrowdKind::Gather,
            CrowdMode::Command => CrowdKind::Command,
            CrowdMode::Together => CrowdKind::Together,
        }
    }
}

/// A [`CrowdMode`] without its data, as the panel and the command line name it (`wander`,
/// `gather`, `command`, `together`: [`CrowdKind::name`], `Display` and `FromStr` from one table).
///
/// ```
/// use cubepath_search::crowd::CrowdKind;
/// assert_eq!("gather".parse::<CrowdKind>(), Ok(CrowdKind::Gather));
/// assert_eq!(CrowdKind::Command.to_string(), "command");
/// assert!("march".parse::<CrowdKind>().unwrap_err().contains("wander, gather, command, together"));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum CrowdKind {
    /// [`CrowdMode::Wander`].
    #[default]
    Wander,
    /// [`CrowdMode::Gather`].
    Gather,
    /// [`CrowdMode::Command`].
    Command,
    /// [`CrowdMode::Together`].
    Together,
}

impl CrowdKind {
    /// Every kind, in the order the panel lists them.
    pub const ALL: [CrowdKind; 4] = [CrowdKind::Wander, CrowdKind::Gather, CrowdKind::Command, CrowdKind::Together];
}

named!(CrowdKind, "crowd mode",
    CrowdKind::Wander => "wander",
    CrowdKind::Gather => "gather",
    CrowdKind::Command => "command",
    CrowdKind::Together => "together",
);

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
    /// Also run A* from scratch for every repair, to count what it would expand (slower).
    pub compare: bool,
    /// Seed of the placements, goals and edits.
    pub seed: u64,
}

impl Default for CrowdOptions {
    fn default() -> Self {
        let o = SearchOptions::default();
        CrowdOptions { topology: o.topology, costs: o.costs, radius: 32, budget: 10_000, compare: false, seed: 1 }
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
    /// Whether it has since been pushed off its path by other agents (then it is no longer the
    /// search's least-cost path).
    pub detoured: bool,
    // remaining cells, the next one last
    pub(super) path: Vec<Pos>,
    pub(super) plan: Option<Replanner>,
    pub(super) repairing: bool,
    /// The most a repair may expand before a fresh search takes its place.
    pub(super) repair_cap: usize,
    pub(super) queued: bool,
    pub(super) spent: usize,
    /// PIBT's priority: ticks on its way to the present goal.
    pub(super) urgency: u32,
}

impl CrowdAgent {
    pub(super) fn new(pos: Pos) -> CrowdAgent {
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
            repair_cap: usize::MAX,
            queued: false,
            spent: 0,
            urgency: 0,
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
    /// Ticks' worth of broken invariants seen by [`Crowd::check`](super::Crowd::check) after each tick (two agents
    /// on a cell, two swapping, one on a barrier): always 0 unless there is a bug.
    pub conflicts: usize,
    /// Repairs: searches redone because a changed cell crossed an agent's path.
    pub replans: usize,
    /// Cells the repairs expanded (with the fresh searches that took a repair's place).
    pub repair_expanded: usize,
    /// Repairs answered by a fresh search instead: judged dearer from the cells the search had
    /// met, or stopped when they had spent what a fresh search was judged to need.
    pub fresh_searches: usize,
    /// Cells A* from scratch expanded on the same problems ([`CrowdOptions::compare`]).
    pub scratch_expanded: usize,
    /// First searches toward new goals.
    pub plans: usize,
    /// Cells they expanded.
    pub plan_expanded: usize,
    /// Moves off an agent's own path: pushed aside, or going round.
    pub sidesteps: usize,
    /// Times an agent pushed off its path beyond what its search had met searched again.
    pub detours: usize,
    /// Times an agent gave up a goal: only when its search finds the goal cut off.
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
