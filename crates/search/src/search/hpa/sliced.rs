//! An HPA* query in slices: [`Hierarchy::begin_find`] joins the start and goal to their
//! clusters and hands out an [`HpaSearch`], whose [`HpaSearch::advance`] runs a number of the
//! abstract search's expansions at a time, and, in the slice where the search ends, refines
//! and smooths the route as [`Hierarchy::find`] does. A game spreads a query over frames this
//! way; between slices the search borrows nothing.

use super::route::{Route, Scratch};
use super::{Hierarchy, HpaError, HpaPath};
use crate::grid::Pos;
use crate::grid::board::Grid;

/// An HPA* query under way ([`Hierarchy::begin_find`]). It answers for the grid as it was when
/// it began: after an edit of the grid (or with a hierarchy brought up to date since) its
/// [`HpaSearch::advance`] refuses to go on ([`HpaError::Stale`]), and the caller begins again.
pub struct HpaSearch {
    /// The grid's identity and revision when it began.
    version: (u64, u64),
    /// `None` for a query known to have no path before it began ([`HpaSearch::ended_without`]).
    route: Option<Route>,
    found: Option<Option<HpaPath>>,
}

impl Hierarchy {
    /// Begins a query from `start` to `goal` to run in slices ([`HpaSearch::advance`]): the
    /// start and goal are joined to the nodes of their clusters (two Dijkstras confined to a
    /// cluster each) and the abstract search set up, in `scratch` (its open list and nodes
    /// reached: pass the one a search gave back, [`HpaSearch::into_scratch`], or a new one,
    /// which grows to the hierarchy's nodes). Errors as [`Hierarchy::find`] does.
    ///
    /// ```
    /// use cubepath_search::{grid::Grid, search::{Hierarchy, HpaScratch}};
    /// let grid = Grid::new(64, 64).unwrap();
    /// let h = Hierarchy::build(&grid, 8).unwrap();
    /// let mut run = h.begin_find(&grid, (0, 0), (63, 40), HpaScratch::default()).unwrap();
    /// let mut slices = 1;
    /// while !run.advance(&h, &grid, 2).unwrap() {
    ///     slices += 1; // (between slices a game renders a frame)
    /// }
    /// assert!(slices > 1);
    /// assert_eq!(run.path(), h.find(&grid, (0, 0), (63, 40)).unwrap().as_ref());
    /// ```
    pub fn begin_find(&self, grid: &Grid, start: Pos, goal: Pos, scratch: Scratch) -> Result<HpaSearch, HpaError> {
        self.check(grid, start, goal)?;
        Ok(HpaSearch { version: grid.version(), route: Some(Route::new(self, grid, (start, goal), scratch)), found: None })
    }
}

impl HpaSearch {
    /// Runs up to `n` more expansions of the abstract search (fewer when it ends first; none
    /// when `n` is 0), and when it ends, refines and smooths its route; returns whether the
    /// query has ended ([`HpaSearch::path`] is then [`Hierarchy::find`]'s answer). `hierarchy`
    /// and `grid` are the ones it began with: [`HpaError::Stale`] when the grid has changed
    /// since or the hierarchy does not answer for it as it is now.
    pub fn advance(&mut self, hierarchy: &Hierarchy, grid: &Grid, n: usize) -> Result<bool, HpaError> {
        if self.found.is_some() {
            return Ok(true);
        }
        if grid.version() != self.version || !hierarchy.is_for(grid) {
            return Err(HpaError::Stale);
        }
        let run = self.route.as_mut().expect("under way: begun with a route");
        if !run.advance(hierarchy, n, None) {
            return Ok(false);
        }
        let route = run.ended.take().expect("ended");
        let work = (run.expanded, run.pushed);
        self.found = Some(route.map(|route| hierarchy.path_of(grid, &route, work)));
        Ok(true)
    }

    /// A query on `grid` that has ended without a path before it began (its ends are known
    /// apart, say).
    pub(crate) fn ended_without(grid: &Grid) -> HpaSearch {
        HpaSearch { version: grid.version(), route: None, found: Some(None) }
    }

    /// Abstract nodes expanded so far.
    pub fn expanded(&self) -> usize {
        self.route.as_ref().map_or(0, |r| r.expanded)
    }

    /// Abstract nodes put on the open list so far (the start included).
    pub fn pushed(&self) -> usize {
        self.route.as_ref().map_or(0, |r| r.pushed)
    }

    /// Whether the query has ended.
    pub fn is_finished(&self) -> bool {
        self.found.is_some()
    }

    /// The path found, once the query has ended with one (`None` while under way, or when no
    /// path exists: [`HpaSearch::is_finished`] tells them apart).
    pub fn path(&self) -> Option<&HpaPath> {
        self.found.as_ref().and_then(Option::as_ref)
    }

    /// The path found, taken out (as [`HpaSearch::path`]).
    pub fn take_path(&mut self) -> Option<HpaPath> {
        self.found.as_mut().and_then(Option::take)
    }

    /// The scratch space, for the next query's [`Hierarchy::begin_find`].
    pub fn into_scratch(mut self) -> Scratch {
        self.take_scratch()
    }

    /// The scratch space, taken out (the search cannot go on after).
    pub(crate) fn take_scratch(&mut self) -> Scratch {
        self.route.take().map(Route::into_scratch).unwrap_or_default()
    }
}
