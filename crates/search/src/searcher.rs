//! The entry points: [`Searcher`] with its reusable buffers, [`find_path`] and [`validate`],
//! and the result and error types.

use std::collections::VecDeque;
use std::fmt;

use crate::bits::BitGrid;
use crate::components::Components;
use crate::grid::{Grid, GridError};
use crate::jps_plus::JumpTable;
use crate::open_list::{IndexedHeap, Node};
use crate::rules::{Algorithm, DiagonalRule, SearchOptions, Topology};
use crate::step::StepSearch;

/// A cell as (x, y): x the column, y the row.
pub type Pos = (usize, usize);

/// The outcome of a finished search.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchResult {
    /// Cells from start to goal inclusive, each a legal move from the one before; `None` when
    /// the goal cannot be reached. For any-angle algorithms ([`crate::Algorithm::any_angle`])
    /// the turning points instead, each in [`line_of_sight`](crate::line_of_sight) of the one
    /// before.
    pub path: Option<Vec<Pos>>,
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

impl SearchResult {
    /// No path found yet, nothing expanded: where the searches that run whole begin.
    pub(crate) fn nothing(options: &SearchOptions) -> SearchResult {
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
        }
    }
}

impl std::error::Error for SearchError {}

/// What one call of [`StepSearch::step`] did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// Expanded this cell; the search goes on.
    Expanded(Pos),
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
pub struct CellInfo {
    /// Open or closed.
    pub state: CellState,
    /// Best known cost from the start.
    pub g: f64,
    /// The weighted heuristic estimate to the goal.
    pub h: f64,
    /// g + h (greedy orders by h alone; BFS by arrival).
    pub f: f64,
    /// The cell this one was reached from (`None` for the start).
    pub parent: Option<Pos>,
    /// When the cell was expanded: 0 for the first expansion.
    pub expansion: Option<usize>,
}

/// Reusable search buffers.
///
/// ```
/// use cubepath_search::{Grid, Searcher, SearchOptions};
/// let grid = Grid::new(5, 5).unwrap();
/// let mut searcher = Searcher::default();
/// let result = searcher.search(&grid, (0, 0), (4, 4), &SearchOptions::default()).unwrap();
/// assert_eq!(result.path.unwrap().len(), 5); // four diagonal steps
/// assert!((result.cost.unwrap() - 4.0 * 2f64.sqrt()).abs() < 1e-12);
/// ```
#[derive(Default)]
pub struct Searcher {
    pub(crate) nodes: Vec<Node>,
    /// Expansion index of each closed cell, for the step view.
    pub(crate) order: Vec<u32>,
    pub(crate) generation: u32,
    pub(crate) heap: IndexedHeap,
    pub(crate) fifo: VecDeque<u32>,
    pub(crate) pushed_now: Vec<u32>,
    /// The connected components of the last grid searched, kept until it changes.
    components: Option<Components>,
    /// The last grid's cells as bits, for block-based jumps, kept until it changes.
    pub(crate) bits: Option<BitGrid>,
    /// The last grid's jump distances, for JPS+, kept until it changes.
    pub(crate) jumps: Option<JumpTable>,
}

impl Searcher {
    pub(crate) fn prepare(&mut self, len: usize, stride: usize) {
        if self.nodes.len() != len {
            self.nodes = vec![Node::default(); len];
            self.order = vec![0; len];
            self.generation = 0;
        }
        if self.generation == u32::MAX >> 1 {
            self.nodes.fill(Node::default());
            self.generation = 0;
        }
        self.generation += 1;
        self.heap.reset(len, stride);
        self.fifo.clear();
        self.pushed_now.clear();
    }

    /// Whether `goal` can be reached from `start` at all: the connected components of `grid`
    /// under `topology`'s moves, computed on the first search of a grid and brought up to date
    /// when it changes, lazily ([`Components::update`]: around the changed cells).
    pub fn reachable(&mut self, grid: &Grid, start: Pos, goal: Pos, topology: Topology) -> bool {
        Components::kept(&mut self.components, grid, topology).connected(start, goal)
    }

    /// Makes the bit rows and columns of `grid` ready for block-based jumps (kept, and brought
    /// up to date cell by cell when the grid changes).
    pub(crate) fn prepare_bits(&mut self, grid: &Grid) {
        match self.bits.as_mut() {
            Some(bits) => bits.update(grid),
            None => self.bits = Some(BitGrid::new(grid)),
        }
    }

    /// Makes the jump distances of `grid` ready for JPS+ (kept until the grid changes).
    pub(crate) fn prepare_jumps(&mut self, grid: &Grid) {
        if self.jumps.as_ref().is_none_or(|j| j.version != grid.version()) {
            self.jumps = Some(JumpTable::new(grid));
        }
    }

    /// Computes ahead what searches with `options` on `grid` keep between them: the connected
    /// components, and the bit rows (block-based JPS) or jump distances (JPS+). A search does
    /// this itself when it is missing or stale; calling it first separates the preprocessing
    /// from the searches, as benchmarks report them.
    pub fn preprocess(&mut self, grid: &Grid, options: &SearchOptions) {
        self.reachable(grid, (0, 0), (0, 0), options.topology);
        match options.algorithm {
            crate::Algorithm::JpsBlock => self.prepare_bits(grid),
            crate::Algorithm::JpsPlus => self.prepare_jumps(grid),
            _ => {}
        }
    }

    /// Bytes held by what the searcher keeps of the last grid between searches: connected
    /// components, bit rows and jump distances (its per-cell search records not counted).
    pub fn kept_bytes(&self) -> usize {
        self.components.as_ref().map_or(0, Components::bytes)
            + self.bits.as_ref().map_or(0, BitGrid::bytes)
            + self.jumps.as_ref().map_or(0, JumpTable::bytes)
    }

    /// Sets the generation stamp the next search counts on from, so tests can show that
    /// searches stay right across the stamp's wrap-around. Not for other use.
    #[doc(hidden)]
    pub fn set_generation(&mut self, generation: u32) {
        self.generation = generation.min(u32::MAX >> 1);
    }

    /// Runs a whole search from `start` to `goal`.
    ///
    /// Errors when an endpoint is off the grid or blocked, or the options do not fit the grid
    /// (JPS on a weighted grid or without the no-corner-cutting rule, a weight below 1).
    pub fn search(&mut self, grid: &Grid, start: Pos, goal: Pos, options: &SearchOptions) -> Result<SearchResult, SearchError> {
        match options.algorithm {
            Algorithm::AStarBidir => {
                validate(grid, start, goal, options)?;
                return Ok(crate::bidir::search(self, grid, start, goal, options));
            }
            Algorithm::Ida => {
                validate(grid, start, goal, options)?;
                return Ok(crate::ida::search(self, grid, start, goal, options));
            }
            _ => {}
        }
        let mut run = StepSearch::new(self, grid, start, goal, options)?;
        run.record = false;
        match options.limit {
            _ if run.uniform_case() => run.run_uniform(options.limit.unwrap_or(usize::MAX)),
            None => {
                while !run.is_finished() {
                    run.step();
                }
            }
            Some(limit) => {
                while !run.is_finished() && run.expanded() < limit {
                    run.step();
                }
            }
        }
        let mut result = run.result();
        result.stopped = !run.is_finished();
        Ok(result)
    }

    /// Starts a search that advances one expansion per [`StepSearch::step`] (it takes no
    /// notice of [`SearchOptions::limit`]: the caller decides when to stop stepping).
    ///
    /// Errors as [`Searcher::search`] does, and for algorithms that run whole
    /// ([`Algorithm::steps`]).
    pub fn steps<'a>(&'a mut self, grid: &'a Grid, start: Pos, goal: Pos, options: &SearchOptions) -> Result<StepSearch<'a>, SearchError> {
        if !options.algorithm.steps() {
            return Err(SearchError::NotSteppable(options.algorithm));
        }
        StepSearch::new(self, grid, start, goal, options)
    }
}

/// Runs one search with fresh buffers. See [`Searcher::search`].
pub fn find_path(grid: &Grid, start: Pos, goal: Pos, options: &SearchOptions) -> Result<SearchResult, SearchError> {
    Searcher::default().search(grid, start, goal, options)
}

/// Checks that a search from `start` to `goal` with `options` can run on `grid`.
pub fn validate(grid: &Grid, start: Pos, goal: Pos, options: &SearchOptions) -> Result<(), SearchError> {
    for (which, p) in [("start", start), ("goal", goal)] {
        grid.check(p.0, p.1).map_err(|error| SearchError::OffGrid { which, error })?;
        if !grid.is_passable(p.0, p.1) {
            return Err(SearchError::Blocked { which, at: p });
        }
    }
    if !(options.weight >= 1.0 && options.weight.is_finite()) {
        return Err(SearchError::BadWeight(options.weight));
    }
    if options.algorithm.jumps() {
        // JPS also runs on 4 neighbours; its block-based and precomputed kinds only on 8
        let four = options.algorithm == Algorithm::Jps && options.topology == Topology::Square(DiagonalRule::Never);
        if options.topology != Topology::Square(DiagonalRule::NoCornerCutting) && !four {
            return Err(SearchError::JpsTopology);
        }
        if !grid.is_uniform() {
            return Err(SearchError::JpsWeighted);
        }
    }
    if options.algorithm.any_angle()
        && (!matches!(options.topology, Topology::Square(DiagonalRule::NoCornerCutting | DiagonalRule::Never))
            || !grid.is_uniform()
            || options.costs != crate::CostModel::Exact)
    {
        return Err(SearchError::AnyAngle);
    }
    Ok(())
}
