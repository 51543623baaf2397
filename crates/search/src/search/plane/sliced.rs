//! Searches in slices: [`Searcher::begin`] starts a search to be advanced a number of
//! expansions at a time ([`StepSearch::advance`]), [`StepSearch::park`] puts it aside between
//! slices as a [`ParkedSearch`] that borrows nothing, and [`Searcher::resume`] takes it up again
//! on the same searcher and grid. A game spreads a long search over frames this way, spending a
//! fixed number of expansions a frame.
//!
//! A parked search lives in its searcher's per-cell records, so it can be resumed only while
//! they are still its own and the grid is as it was: another search on the searcher, or any
//! edit of the grid, makes [`Searcher::resume`] refuse it (`None`), and the caller starts again.
//! It never answers from records another search overwrote, or through a wall put up since.

use crate::grid::Pos;
use crate::grid::board::Grid;
use crate::grid::rules::Heuristic;
use crate::search::core::options::SearchOptions;
use crate::search::core::searcher::Searcher;
use crate::search::core::types::SearchError;
use crate::search::plane::held::Held;
use crate::search::plane::state::StepSearch;
use crate::search::plane::uniform;

/// A search put aside between slices ([`StepSearch::park`]); see [`Searcher::resume`].
#[derive(Clone, Debug)]
pub(crate) struct ParkedSearch {
    /// The grid's identity and revision when it was parked.
    grid: (u64, u64),
    options: SearchOptions,
    heuristic: Heuristic,
    start: u32,
    goal: u32,
    goal_pos: Pos,
    stamp: u32,
    /// The identity of the records it lives in (with the stamp, never repeated).
    search: u64,
    expanded: usize,
    pushed: usize,
    improved: usize,
    current: Option<u32>,
    finished: Option<bool>,
    special: bool,
    offsets: [isize; 8],
    /// The table its jumps read (JPS+, block-based JPS), held while it is parked: whatever the
    /// searcher is given in between, it goes on with the one it began with.
    held: Held,
}

impl ParkedSearch {
    /// Nodes expanded so far.
    pub fn expanded(&self) -> usize {
        self.expanded
    }
}

impl Searcher {
    /// Starts a search to run in slices of [`StepSearch::advance`] (unlike [`Searcher::steps`],
    /// it keeps no per-step record, so it runs as fast as [`Searcher::search`]). The search
    /// takes no notice of [`SearchOptions::limit`]: the caller decides when to stop.
    ///
    /// Errors as [`Searcher::steps`] does.
    pub(crate) fn begin<'a>(
        &'a mut self,
        grid: &'a Grid,
        start: Pos,
        goal: Pos,
        options: &SearchOptions,
    ) -> Result<StepSearch<'a>, SearchError> {
        let mut run = self.steps(grid, start, goal, options)?;
        run.record = false;
        Ok(run)
    }

    /// Takes up a parked search on `grid`: `None` when this searcher has run another search
    /// since it was parked, or `grid` is not the grid it was parked on exactly as it was then
    /// (another grid, or an edit since): start it again with [`Searcher::begin`].
    pub(crate) fn resume<'a>(&'a mut self, grid: &'a Grid, parked: &ParkedSearch) -> Option<StepSearch<'a>> {
        if self.records.id != parked.search || self.records.generation != parked.stamp || grid.version() != parked.grid {
            return None;
        }
        let p = parked.clone(); // (its held table is shared, not copied)
        Some(StepSearch {
            s: self,
            grid,
            options: p.options,
            heuristic: p.heuristic,
            start: p.start,
            goal: p.goal,
            goal_pos: p.goal_pos,
            stamp: p.stamp,
            expanded: p.expanded,
            pushed: p.pushed,
            improved: p.improved,
            current: p.current,
            finished: p.finished,
            special: p.special,
            offsets: p.offsets,
            held: p.held,
            record: false,
            given: None,
        })
    }
}

impl StepSearch<'_> {
    /// Runs up to `n` more expansions, fewer when the search ends first; returns whether it
    /// has ended (then [`StepSearch::result`] is the same as [`Searcher::search`]'s).
    pub(crate) fn advance(&mut self, n: usize) -> bool {
        let until = self.expanded.saturating_add(n);
        if uniform::applies(self) {
            uniform::run(self, until);
        } else {
            while !self.is_finished() && self.expanded < until {
                self.step();
            }
        }
        self.is_finished()
    }

    /// Puts the search aside, to be taken up again with [`Searcher::resume`].
    pub(crate) fn park(self) -> ParkedSearch {
        ParkedSearch {
            grid: self.grid.version(),
            options: self.options,
            heuristic: self.heuristic,
            start: self.start,
            goal: self.goal,
            goal_pos: self.goal_pos,
            stamp: self.stamp,
            search: self.s.records.id,
            expanded: self.expanded,
            pushed: self.pushed,
            improved: self.improved,
            current: self.current,
            finished: self.finished,
            special: self.special,
            offsets: self.offsets,
            held: self.held,
        }
    }
}
