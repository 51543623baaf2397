//! What a searcher prepares ahead for the algorithm it is asked for, whole
//! ([`Searcher::preprocess`]) or a step at a time ([`Searcher::prepare_within`]).

use std::sync::Arc;

use crate::grid::board::Grid;
use crate::search::core::options::{Algorithm, SearchOptions};
use crate::search::core::searcher::Searcher;
use crate::search::hpa::Hierarchy;
use crate::search::hpa::kept::HpaParts;

impl Searcher {
    /// Computes ahead what searches with `options` on `grid` keep between them: the connected
    /// components, and the bit rows (block-based JPS) or jump distances (JPS+). A search does
    /// this itself when it is missing or stale; calling it first separates the preprocessing
    /// from the searches, as benchmarks report them.
    pub fn preprocess(&mut self, grid: &Grid, options: &SearchOptions) {
        self.reachable(grid, (0, 0), (0, 0), options.topology);
        match options.algorithm {
            Algorithm::JpsBlock | Algorithm::JpsPlus => {
                self.held_for(grid, options.algorithm);
            }
            Algorithm::Subgoal => {
                self.prepared_for(grid);
            }
            Algorithm::Hpa => {
                self.hierarchy_for(grid);
            }
            _ => {}
        }
    }

    /// As [`Searcher::preprocess`], a step at a time, for a caller that spreads the work over
    /// frames: goes on with what a search with `options` on `grid` would otherwise do whole
    /// first, by about `work` cells' worth at most, takes `work` down by what it did, and
    /// returns whether it is all done (a search then begins without it). Done in steps, when
    /// the searcher keeps none that follow `grid` (a first search, another grid, other moves):
    /// the grid's connected components, which every 2D search asks first
    /// ([`Components::label_in_steps`](crate::grid::Components::label_in_steps)), then [`Algorithm::Hpa`]'s clusters (another cluster
    /// side too: see [`Hierarchy::build_in_steps`]). What the searcher keeps is brought up to
    /// date around an edit by the search itself, which is quick. Anything else (bit rows, jump
    /// distances, a subgoal graph) is left to the search.
    ///
    /// ```
    /// use cubepath_search::{grid::Grid, search::{Algorithm, Searcher, SearchOptions}};
    /// let grid = Grid::new(256, 256).unwrap();
    /// let options = SearchOptions { algorithm: Algorithm::Hpa, ..Default::default() };
    /// let mut searcher = Searcher::default();
    /// let mut frames = 0;
    /// loop {
    ///     frames += 1;
    ///     let mut work = 20_000; // a frame's share
    ///     if searcher.prepare_within(&grid, &options, &mut work) {
    ///         break;
    ///     }
    ///     assert_eq!(work, 0);
    /// }
    /// assert!(frames > 10);
    /// assert!(searcher.kept_hierarchy().is_some_and(|h| h.is_for(&grid)));
    /// ```
    pub fn prepare_within(&mut self, grid: &Grid, options: &SearchOptions, work: &mut usize) -> bool {
        if !self.label_within(grid, options.topology, work) {
            return false;
        }
        if options.algorithm != Algorithm::Hpa || !grid.is_uniform() {
            return true;
        }
        let side = Hierarchy::side_for(grid);
        let parts = self.kept.slot::<HpaParts>();
        if parts.hierarchy.as_deref().is_some_and(|h| h.cluster_side() == side && h.follows(grid)) {
            parts.build = None;
            return true;
        }
        if *work == 0 {
            return false;
        }
        let mut build = match parts.build.take() {
            Some(b) if b.cluster_side() == side => b,
            _ => match Hierarchy::build_in_steps(grid, side) {
                Ok(b) => b,
                Err(_) => return true, // the search says why
            },
        };
        match build.advance(grid, *work) {
            Ok(spent) => *work = work.saturating_sub(spent),
            Err(_) => return true,
        }
        if !build.is_done() {
            parts.build = Some(build);
            return false;
        }
        parts.hierarchy = build.into_hierarchy().map(Arc::new);
        true
    }
}
