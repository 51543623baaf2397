//! The types every search shares: cells, results, errors and what a step did. A leaf: it
//! names the grid's and the rules' types and nothing of any algorithm.

use std::fmt;

use crate::grid::{GridError, Pos};
use crate::search::core::options::{Algorithm, SearchOptions};
use crate::world::Pos3;

/// The outcome of a finished search: on a 2D grid its positions are [`Pos`], on a voxel world
/// [`Pos3`](crate::world::Pos3).
#[derive(Clone, Debug, PartialEq)]
pub struct SearchResult<P = Pos> {
    /// Cells from start to goal inclusive, each a legal move from the one before; `None` when
    /// the goal cannot be reached. For any-angle algorithms ([`crate::search::Algorithm::any_angle`])
    /// the turning points instead, each in [`line_of_sight`](crate::grid::line_of_sight) of the one
    /// before.
    pub path: Option<Vec<P>>,
    /// The path's cost: the sum of its steps, each the step's length times the entered cell's
    /// weight (for any-angle paths the segments' Euclidean lengths); `None` without a path.
    pub cost: Option<f64>,
    /// Nodes taken off the open list and expanded (jump points for JPS).
    pub expanded: usize,
    /// Nodes put on the open list (the start included), each counted once.
    pub pushed: usize,
    /// Cheaper ways found to nodes already on the open list (each updates its entry).
    pub improved: usize,
    /// Whether the settings guarantee a least-cost path.
    pub admissible: bool,
    /// Whether the search stopped at its expansion limit ([`SearchOptions::limit`]) before it
    /// found the goal or showed there is none: then `path` is `None` and says nothing.
    pub stopped: bool,
}

impl<P> SearchResult<P> {
    /// No path found yet, nothing expanded: where the searches that run whole begin.
    pub(crate) fn nothing(options: &SearchOptions) -> SearchResult<P> {
        SearchResult { path: None, cost: None, expanded: 0, pushed: 0, improved: 0, admissible: options.is_admissible(), stopped: false }
    }
}

/// Why a search could not start.
#[derive(Clone, Debug, PartialEq)]
pub enum SearchError {
    /// The start or goal is off the grid.
    OffGrid {
        /// "start" or "goal".
        which: &'static str,
        /// Where and how far off.
        error: GridError,
    },
    /// The start or goal cell is blocked.
    Blocked {
        /// "start" or "goal".
        which: &'static str,
        /// The blocked cell.
        at: Pos,
    },
    /// Jump Point Search needs a square grid with the no-corner-cutting rule (plain JPS also
    /// runs with no diagonals: 4 neighbours).
    JpsTopology,
    /// Jump Point Search needs uniform costs (no weights, swamp or water).
    JpsWeighted,
    /// The heuristic weight must be a number of at least 1.
    BadWeight(f64),
    /// Any-angle search needs a square grid without corner cutting, uniform costs and exact
    /// step costs.
    AnyAngle,
    /// The algorithm runs whole, not one expansion at a time ([`Algorithm::steps`]).
    NotSteppable(Algorithm),
    /// The start or goal voxel is off the world.
    OffWorld {
        /// "start" or "goal".
        which: &'static str,
        /// The voxel.
        at: Pos3,
        /// The world's width, height and depth.
        size: (usize, usize, usize),
    },
    /// The start or goal voxel is blocked, or (walking) cannot be stood on.
    NotStandable {
        /// "start" or "goal".
        which: &'static str,
        /// The voxel.
        at: Pos3,
        /// Whether the search walks (then the voxel must also be on the ground or a block).
        walking: bool,
    },
    /// The algorithm does not run on voxel worlds (yet), or not with these moves: A*,
    /// Dijkstra, greedy, BFS, bidirectional A* and IDA* do, and JPS with fly-26.
    NotIn3d(Algorithm),
    /// The algorithm needs a square grid with the no-corner-cutting rule and uniform costs
    /// (the subgoal graph).
    NeedsPlainBoard(Algorithm),
    /// A preparation was asked to answer for a grid it was not made for, or one that has
    /// changed since ([`Prepared::is_for`](crate::search::Prepared::is_for)).
    StalePreparation,
    /// A search under way was asked to go on on a board or world other than the one it began
    /// on, or the same one edited since ([`Searcher::advance`](crate::search::Searcher::advance)).
    Stale,
    /// A given estimate ([`Estimate`](crate::search::Estimate)) was NaN, infinite or negative
    /// at a cell: the search stopped there.
    BadEstimate {
        /// The cell.
        at: Pos,
        /// What the estimate gave.
        value: f64,
    },
    /// A given estimate was NaN, infinite or negative at a voxel: the search stopped there.
    BadWorldEstimate {
        /// The voxel.
        at: Pos3,
        /// What the estimate gave.
        value: f64,
    },
    /// The algorithm takes no given estimate: it brings its own (the subgoal graph, HPA*, 3D
    /// JPS) or ranks nothing by one (Dijkstra, BFS).
    TakesNoEstimate(Algorithm),
}

impl fmt::Display for SearchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SearchError::OffGrid { which, error } => write!(f, "{which}: {error}"),
            SearchError::Blocked { which, at } => write!(f, "{which} {},{} is blocked", at.0, at.1),
            SearchError::JpsTopology => f.write_str(
                "jump point search needs a square grid with the no-corner-cutting rule (jps also runs with diagonal never)",
            ),
            SearchError::JpsWeighted => f.write_str(
                "jump point search needs uniform costs: this grid has weighted, swamp or water cells",
            ),
            SearchError::BadWeight(w) => write!(f, "heuristic weight {w} is not allowed: it must be at least 1"),
            SearchError::AnyAngle => f.write_str(
                "any-angle search needs a square grid without corner cutting (diagonal no-corner-cutting or never), uniform costs and exact step costs",
            ),
            SearchError::NotSteppable(a) => write!(f, "{a} runs whole, not step by step"),
            SearchError::OffWorld { which, at: (x, y, z), size: (w, h, d) } => {
                write!(f, "{which}: voxel {x},{y},{z} is off the world ({w} x {h} x {d}: x 0..{}, y 0..{}, z 0..{})", w - 1, h - 1, d - 1)
            }
            SearchError::NotStandable { which, at: (x, y, z), walking: false } => write!(f, "{which} voxel {x},{y},{z} is blocked"),
            SearchError::NotStandable { which, at: (x, y, z), walking: true } => {
                write!(f, "{which} voxel {x},{y},{z} cannot be stood on: it must be free and on the ground (z = 0) or on a blocked voxel")
            }
            SearchError::NotIn3d(a) => write!(
                f,
                "{a} does not run on voxel worlds with these moves: astar, dijkstra, greedy, bfs, astar-bidir and ida do, and jps with fly26"
            ),
            SearchError::NeedsPlainBoard(a) => write!(
                f,
                "{a} needs a square grid with the no-corner-cutting rule, uniform costs (no weighted, swamp or water cells) and exact step costs"
            ),
            SearchError::BadEstimate { at: (x, y), value } => {
                write!(f, "the estimate at {x},{y} is {value}: an estimate must be a number of at least 0")
            }
            SearchError::BadWorldEstimate { at: (x, y, z), value } => {
                write!(f, "the estimate at {x},{y},{z} is {value}: an estimate must be a number of at least 0")
            }
            SearchError::TakesNoEstimate(a) => write!(
                f,
                "{a} takes no given estimate: astar, greedy, the jps kinds, theta, lazy-theta, astar-bidir and ida do (on worlds astar, greedy, astar-bidir and ida)"
            ),
            SearchError::Stale => f.write_str("the board or world has changed since the search began: begin it again"),
            SearchError::StalePreparation => {
                f.write_str("the preparation was made for another grid, or this grid has changed since: prepare it again")
            }
        }
    }
}

impl std::error::Error for SearchError {}

/// What one call of [`StepSearch::step`](crate::search::StepSearch::step) did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step<P = Pos> {
    /// Expanded this cell (or voxel); the search goes on.
    Expanded(P),
    /// Took the goal off the open list: the search is over with a path.
    Found,
    /// The open list ran empty: the search is over without a path.
    NoPath,
}

/// Where a touched cell stands in the search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CellState {
    /// On the open list, waiting to be expanded.
    Open,
    /// Expanded.
    Closed,
}

/// What the search knows about one cell.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CellInfo<P = Pos> {
    /// Open or closed.
    pub state: CellState,
    /// Best known cost from the start.
    pub g: f64,
    /// The weighted heuristic estimate to the goal.
    pub h: f64,
    /// g + h (greedy orders by h alone; BFS by arrival).
    pub f: f64,
    /// The cell this one was reached from (`None` for the start).
    pub parent: Option<P>,
    /// When the cell was expanded: 0 for the first expansion.
    pub expansion: Option<usize>,
}

/// One expansion of a search over a graph laid on the grid: HPA*'s abstract search
/// ([`Hierarchy::find_traced`](crate::search::Hierarchy::find_traced): the start, a transition cell or the goal, its cost from the
/// start) or a subgoal graph's ([`Prepared::search_traced`](crate::search::Prepared::search_traced):
/// a subgoal, its cost from the end its side of the search began at); and each node it reached
/// more cheaply than before, with that cost.
#[derive(Clone, Debug, PartialEq)]
pub struct AbstractStep {
    /// The expanded node's cell.
    pub at: Pos,
    /// Its cost from the start (from the goal on a subgoal search's backward side).
    pub cost: f64,
    /// The nodes it reached more cheaply: their cells and costs, counted as `cost` is.
    pub reached: Vec<(Pos, f64)>,
}
