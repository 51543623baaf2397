//! Where a search starts: [`Searcher::search`] picks the algorithm's module and runs it whole,
//! [`Searcher::steps`] hands out a [`StepSearch`], [`find_path`] runs one search with fresh
//! buffers. The top of the engine: it calls the algorithms, none of them calls it.

use crate::grid::Grid;
use crate::rules::{Algorithm, SearchOptions};
use crate::searcher::{Searcher, validate};
use crate::state::StepSearch;
use crate::types::{Pos, SearchError, SearchResult};
use crate::{bidir, ida, uniform};

impl Searcher {
    /// Runs a whole search from `start` to `goal`.
    ///
    /// Errors when an endpoint is off the grid or blocked, or the options do not fit the grid
    /// (JPS on a weighted grid or without the no-corner-cutting rule, a weight below 1).
    pub fn search(&mut self, grid: &Grid, start: Pos, goal: Pos, options: &SearchOptions) -> Result<SearchResult, SearchError> {
        match options.algorithm {
            Algorithm::AStarBidir => {
                validate(grid, start, goal, options)?;
                return Ok(bidir::search(self, grid, start, goal, options));
            }
            Algorithm::Ida => {
                validate(grid, start, goal, options)?;
                return Ok(ida::search(self, grid, start, goal, options));
            }
            _ => {}
        }
        let mut run = StepSearch::new(self, grid, start, goal, options)?;
        run.record = false;
        match options.limit {
            _ if uniform::applies(&run) => uniform::run(&mut run, options.limit.unwrap_or(usize::MAX)),
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
