//! The one neighbour abstraction: a [`Space`] is numbered nodes with weighted moves, an
//! estimate between two nodes and the rules to price a path. The searches that are not tied to
//! the padded 2D grid's hot loops walk it: A*, Dijkstra, greedy and BFS on voxel worlds
//! (`best_first.rs`), and bidirectional A* on both kinds of grid (`bidir.rs`). The 2D grid is a
//! `Space` through [`GridSpace`], the voxel world through `voxel::WorldSpace`.

use std::cell::RefCell;

use crate::grid::Pos;
use crate::grid::board::Grid;
use crate::grid::moves::{moves, path_cost};
use crate::grid::rules::Heuristic;
use crate::search::core::estimate::Given;
use crate::search::core::options::{Algorithm, SearchOptions};
use crate::search::core::types::{SearchError, SearchResult};

/// A graph the generic searches walk: nodes `0..len()`, each with a position.
pub(crate) trait Space {
    /// A node's position as the caller names it.
    type Pos: Copy + PartialEq;
    /// How many nodes there are.
    fn len(&self) -> usize;
    /// The node at `p` (inside the space).
    fn index(&self, p: Self::Pos) -> usize;
    /// The position of node `i`.
    fn pos(&self, i: usize) -> Self::Pos;
    /// The legal moves out of `i` (`forward`) or into `i` (not `forward`), with their costs.
    fn moves(&self, i: usize, forward: bool, out: &mut Vec<(usize, f64)>);
    /// The (weighted) estimate of the cost from `i` to `target`.
    fn estimate(&self, i: usize, target: usize) -> f64;
    /// The cost of a path of legal moves, summed as the rules price it.
    fn path_cost(&self, path: &[Self::Pos]) -> f64;
    /// Where a given estimate was refused (NaN, infinite or negative), as the error the search
    /// answers with; the search stops once there is one.
    fn refusal(&self) -> Option<SearchError> {
        None
    }
}

/// The 2D grid as a [`Space`]: cells row by row (`y * width + x`), moves and costs as
/// [`moves`] gives them, the options' heuristic times their weight.
pub(crate) struct GridSpace<'a> {
    pub(crate) grid: &'a Grid,
    pub(crate) options: SearchOptions,
    pub(crate) heuristic: Heuristic,
    /// [`moves`]' cells, kept from one call to the next (no allocation per expansion).
    cells: RefCell<Vec<(Pos, f64)>>,
    /// The estimate given in place of the heuristic, if any.
    pub(crate) given: Option<Given<Pos>>,
}

impl<'a> GridSpace<'a> {
    pub(crate) fn new(grid: &'a Grid, options: &SearchOptions) -> GridSpace<'a> {
        GridSpace { grid, options: *options, heuristic: options.heuristic(), cells: RefCell::new(Vec::with_capacity(8)), given: None }
    }
}

impl Space for GridSpace<'_> {
    type Pos = Pos;

    fn len(&self) -> usize {
        self.grid.width() * self.grid.height()
    }

    fn index(&self, p: Pos) -> usize {
        p.1 * self.grid.width() + p.0
    }

    fn pos(&self, i: usize) -> Pos {
        (i % self.grid.width(), i / self.grid.width())
    }

    fn moves(&self, i: usize, forward: bool, out: &mut Vec<(usize, f64)>) {
        let mut cells = self.cells.borrow_mut();
        moves(self.grid, self.pos(i), self.options.topology, self.options.costs, forward, &mut cells);
        out.clear();
        out.extend(cells.iter().map(|&(q, c)| (self.index(q), c)));
    }

    fn estimate(&self, i: usize, target: usize) -> f64 {
        let h = match &self.given {
            None => self.heuristic.estimate(self.options.topology, self.options.costs, self.pos(i), self.pos(target)),
            Some(given) => given.at(self.pos(i), self.pos(target)),
        };
        h * self.options.weight
    }

    fn refusal(&self) -> Option<SearchError> {
        let (at, value) = self.given.as_ref()?.refused()?;
        Some(SearchError::BadEstimate { at, value })
    }

    fn path_cost(&self, path: &[Pos]) -> f64 {
        path_cost(self.grid, path, self.options.topology, self.options.costs).expect("the searches build legal paths")
    }
}

/// What a generic search needs of its options.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Plan {
    pub(crate) algorithm: Algorithm,
    pub(crate) limit: Option<usize>,
    pub(crate) admissible: bool,
}

impl Plan {
    /// No path found yet, nothing expanded.
    pub(crate) fn nothing<P>(&self) -> SearchResult<P> {
        SearchResult { path: None, cost: None, expanded: 0, pushed: 0, improved: 0, admissible: self.admissible, stopped: false }
    }
}

impl From<&SearchOptions> for Plan {
    fn from(o: &SearchOptions) -> Plan {
        Plan { algorithm: o.algorithm, limit: o.limit, admissible: o.is_admissible() }
    }
}
