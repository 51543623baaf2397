//! An HPA* query in slices: [`Hierarchy::begin_find`] joins the start and goal to their
//! clusters and hands out an [`HpaSearch`], whose [`HpaSearch::advance`] runs a number of the
//! abstract search's expansions at a time, and, in the slice where the search ends, refines
//! and smooths the route as [`Hierarchy::find`] does. A game spreads a query over frames this
//! way; between slices the search borrows nothing.

use std::sync::Arc;

use super::cells::{Field, Smoothing};
use super::route::{Route, Scratch};
use super::{Hierarchy, HpaError, HpaPath, SMOOTH_CELLS};
use crate::grid::Pos;
use crate::grid::board::Grid;

/// An HPA* query under way ([`Hierarchy::begin_find`]). It answers for the grid as it was when
/// it began: after an edit of the grid (or with a hierarchy brought up to date since) its
/// [`HpaSearch::advance`] refuses to go on ([`HpaError::Stale`]), and the caller begins again.
pub(crate) struct HpaSearch {
    /// The grid's identity and revision when it began.
    version: (u64, u64),
    /// The identity of the clusters it began on: it goes on with no other.
    hierarchy: u64,
    /// Those clusters, held from the first slice to the last when a searcher began it
    /// ([`Searcher::begin_hpa`](crate::search::Searcher::begin_hpa)).
    pub(crate) held: Option<Arc<Hierarchy>>,
    /// `None` for a query known to have no path before it began ([`HpaSearch::ended_without`]).
    route: Option<Route>,
    /// The route's refinement and smoothing, once the abstract search has found one.
    finish: Option<Finish>,
    /// Work done on the route after the abstract search ([`HpaSearch::work`]).
    finished_work: usize,
    found: Option<Option<HpaPath>>,
}

/// A route being refined leg by leg, then smoothed a number of cells at a time (whole, for
/// [`Hierarchy::find`], or in slices).
pub(super) struct Finish {
    route: Vec<Pos>,
    /// The next leg to refine (from `route[next]` to `route[next + 1]`).
    next: usize,
    cells: Vec<Pos>,
    ends: Vec<usize>,
    field: Field,
    smoothing: Option<Smoothing>,
}

impl Finish {
    pub(super) fn new(route: Vec<Pos>) -> Finish {
        let (cells, ends) = (vec![route[0]], Vec::with_capacity(route.len()));
        Finish { route, next: 0, cells, ends, field: Field::default(), smoothing: None }
    }

    /// Refines legs for about `work` (each counted as [`Hierarchy::refine_leg`] counts it, at
    /// least one), taking `work` down and adding to `done` what they took; returns whether
    /// every leg is refined.
    pub(super) fn refine_legs(&mut self, h: &Hierarchy, grid: &Grid, work: &mut usize, done: &mut usize) -> bool {
        let mut did = false;
        while self.next + 1 < self.route.len() {
            if did && *work == 0 {
                return false;
            }
            let leg = (self.route[self.next], self.route[self.next + 1]);
            let spent = h.refine_leg(grid, &mut self.field, &mut self.cells, leg);
            *done += spent;
            *work = work.saturating_sub(spent);
            self.ends.push(self.cells.len() - 1);
            (self.next, did) = (self.next + 1, true);
        }
        true
    }

    /// The route's cells and the place in them of each of its nodes after the first, once
    /// [`Finish::refine_legs`] has refined every leg.
    pub(super) fn into_refined(self) -> (Vec<Pos>, Vec<usize>) {
        (self.cells, self.ends)
    }

    /// Goes on for about `work` (legs as [`Finish::refine_legs`] counts them, [`SMOOTH_CELLS`]
    /// smoothed cells as one; at least one leg or one cell), adding the work done to `done`;
    /// returns the smoothed cells once done.
    fn go_on(&mut self, h: &Hierarchy, grid: &Grid, mut work: usize, done: &mut usize) -> Option<Vec<Pos>> {
        let refined_before = self.next;
        if !self.refine_legs(h, grid, &mut work, done) || (self.next > refined_before && work == 0) {
            return None;
        }
        let smoothing =
            self.smoothing.get_or_insert_with(|| Smoothing::new(std::mem::take(&mut self.cells), std::mem::take(&mut self.ends)));
        let before = smoothing.place();
        let ended = smoothing.advance(grid, work.max(1).saturating_mul(SMOOTH_CELLS));
        *done += (smoothing.place() - before).div_ceil(SMOOTH_CELLS).max(1);
        if !ended {
            return None;
        }
        self.smoothing.take().map(Smoothing::into_cells)
    }
}

impl Hierarchy {
    /// Begins a query from `start` to `goal` to run in slices ([`HpaSearch::advance`]): the
    /// start and goal are joined to the nodes of their clusters (two Dijkstras confined to a
    /// cluster each) and the abstract search set up, in `scratch` (its open list and nodes
    /// reached: pass the one a search gave back, [`HpaSearch::into_scratch`], or a new one,
    /// which grows to the hierarchy's nodes). Errors as [`Hierarchy::find`] does.
    pub(crate) fn begin_find(&self, grid: &Grid, start: Pos, goal: Pos, scratch: Scratch) -> Result<HpaSearch, HpaError> {
        self.check(grid, start, goal)?;
        let route = Some(Route::new(self, grid, (start, goal), scratch));
        Ok(HpaSearch { version: grid.version(), hierarchy: self.stamp(), held: None, route, finish: None, finished_work: 0, found: None })
    }
}

impl HpaSearch {
    /// Runs up to `n` more expansions of the abstract search (fewer when it ends first; none
    /// when `n` is 0), and once it has ended, refines its route leg by leg and smooths it a
    /// stretch at a time within what is left of `n` (a leg searched inside its cluster counts
    /// [`LEG_WORK`](super::LEG_WORK), [`SMOOTH_CELLS`] path cells count one; a slice that gets
    /// that far does at least one leg or cell, and its last leg may take it past `n` by up to
    /// `LEG_WORK`: [`HpaSearch::work`] counts it all); returns whether the query has ended
    /// ([`HpaSearch::path`] is then [`Hierarchy::find`]'s answer; an ended query asked again
    /// answers `true` while its grid is unchanged). `hierarchy` and `grid` are
    /// the ones it began with: [`HpaError::Stale`] when the grid has changed since, or
    /// `hierarchy` is not the value it began on (another, even of the same grid and built alike,
    /// or the same brought up to date or reweighted since).
    pub(crate) fn advance(&mut self, hierarchy: &Hierarchy, grid: &Grid, n: usize) -> Result<bool, HpaError> {
        if !self.is_for(grid) {
            return Err(HpaError::Stale);
        }
        if self.found.is_some() {
            return Ok(true);
        }
        if !hierarchy.is_for(grid) || hierarchy.stamp() != self.hierarchy {
            return Err(HpaError::Stale);
        }
        if n == 0 {
            return Ok(false);
        }
        let run = self.route.as_mut().expect("under way: begun with a route");
        let mut left = n;
        if self.finish.is_none() {
            let before = run.expanded;
            if !run.advance(hierarchy, n, None) {
                return Ok(false);
            }
            left -= run.expanded - before;
            match run.ended.take().expect("ended") {
                Some(route) => self.finish = Some(Finish::new(route)),
                None => {
                    self.found = Some(None);
                    return Ok(true);
                }
            }
            if left == 0 {
                return Ok(false);
            }
        }
        let finish = self.finish.as_mut().expect("set above");
        let Some(cells) = finish.go_on(hierarchy, grid, left, &mut self.finished_work) else { return Ok(false) };
        self.found = Some(Some(HpaPath::along(cells, (run.expanded, run.pushed))));
        self.finish = None;
        Ok(true)
    }

    /// A query on `grid` that has ended without a path before it began (its ends are known
    /// apart, say).
    pub(crate) fn ended_without(grid: &Grid) -> HpaSearch {
        HpaSearch { version: grid.version(), hierarchy: 0, held: None, route: None, finish: None, finished_work: 0, found: Some(None) }
    }

    /// Whether the query answers for `grid` as it is: the grid it began on, unchanged since.
    pub fn is_for(&self, grid: &Grid) -> bool {
        grid.version() == self.version
    }

    /// Abstract nodes expanded so far.
    pub fn expanded(&self) -> usize {
        self.route.as_ref().map_or(0, |r| r.expanded)
    }

    /// The work done so far, counted in abstract expansions: the expansions, then each leg of
    /// the route refined and each stretch smoothed as [`HpaSearch::advance`] counts them. What a
    /// caller holding to a budget of expansions a frame counts.
    pub fn work(&self) -> usize {
        self.expanded() + self.finished_work
    }

    /// Abstract nodes put on the open list so far (the start included).
    pub fn pushed(&self) -> usize {
        self.route.as_ref().map_or(0, |r| r.pushed)
    }

    /// Whether the query has ended.
    pub fn is_finished(&self) -> bool {
        self.found.is_some()
    }

    /// The path found, taken out, once the query has ended with one (`None` while under way,
    /// or when no path exists: [`HpaSearch::is_finished`] tells them apart).
    pub fn take_path(&mut self) -> Option<HpaPath> {
        self.found.as_mut().and_then(Option::take)
    }

    /// The scratch space, taken out (the search cannot go on after; what it has done and
    /// found stays).
    pub(crate) fn take_scratch(&mut self) -> Scratch {
        self.route.as_mut().map(Route::take_scratch).unwrap_or_default()
    }
}
