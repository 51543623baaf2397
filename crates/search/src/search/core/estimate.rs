//! [`Estimate`]: a heuristic given as a function, beside the named ones ([`Heuristic`]), for
//! every search that takes a heuristic.
//!
//! [`Heuristic`]: crate::grid::Heuristic

use std::cell::Cell;
use std::fmt;
use std::sync::Arc;

use crate::grid::Pos;

/// An estimate of the remaining cost given as a function of a cell (or voxel) and the goal: a
/// closure, a formula read at run time, a table. Searches that take a heuristic (A*, weighted
/// A*, greedy, the JPS kinds, Theta*, Lazy Theta*, bidirectional A*, IDA*; on voxel worlds A*,
/// greedy, bidirectional A* and IDA*) use it in place of the options' heuristic, times the
/// options' weight, through [`Searcher::search_estimated`](crate::search::Searcher::search_estimated)
/// and its kin. Nothing is assumed of it: a search with it promises no optimal answer
/// (`SearchResult::admissible` is false), and a value that is NaN, infinite or negative
/// stops the search with [`SearchError::BadEstimate`](crate::search::SearchError::BadEstimate),
/// naming the cell.
///
/// ```
/// use cubepath_search::{grid::Grid, search::{Estimate, Searcher, SearchOptions}};
/// let grid = Grid::new(8, 8).unwrap();
/// // Chebyshev distance, written out
/// let chebyshev = Estimate::new(|(x, y): (usize, usize), (gx, gy): (usize, usize)| x.abs_diff(gx).max(y.abs_diff(gy)) as f64);
/// let r = Searcher::default().search_estimated(&grid, (0, 0), (7, 3), &SearchOptions::default(), &chebyshev).unwrap();
/// assert_eq!(r.path.unwrap().len(), 8);
/// ```
pub struct Estimate<P = Pos>(Arc<dyn Fn(P, P) -> f64 + Send + Sync>);

impl<P> Estimate<P> {
    /// The estimate `f(cell, goal)`.
    pub fn new(f: impl Fn(P, P) -> f64 + Send + Sync + 'static) -> Estimate<P> {
        Estimate(Arc::new(f))
    }

    /// Its value at `at` for `goal`.
    pub fn at(&self, at: P, goal: P) -> f64 {
        (self.0)(at, goal)
    }
}

impl<P> Clone for Estimate<P> {
    fn clone(&self) -> Self {
        Estimate(self.0.clone())
    }
}

impl<P> fmt::Debug for Estimate<P> {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("Estimate(..)")
    }
}

/// A given estimate as a search reads it: the first value refused (NaN, infinite, negative)
/// and where, for the search to stop on and report.
#[derive(Debug)]
pub(crate) struct Given<P: Copy> {
    pub(crate) estimate: Estimate<P>,
    pub(crate) refused: Cell<Option<(P, f64)>>,
}

impl<P: Copy> Given<P> {
    pub(crate) fn new(estimate: &Estimate<P>) -> Given<P> {
        Given { estimate: estimate.clone(), refused: Cell::new(None) }
    }

    /// The estimate at `at`; 0 where it is refused (the search stops after the step).
    #[inline]
    pub(crate) fn at(&self, at: P, goal: P) -> f64 {
        let h = self.estimate.at(at, goal);
        if h >= 0.0 && h.is_finite() {
            return h;
        }
        if self.refused.get().is_none() {
            self.refused.set(Some((at, h)));
        }
        0.0
    }

    pub(crate) fn refused(&self) -> Option<(P, f64)> {
        self.refused.get()
    }
}
