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

#[cfg(test)]
mod tests {
    use crate::grid::bits::BitGrid;
    use crate::grid::{Cell, Components, Grid, Topology};
    use crate::search::prepared::jps_plus::JumpTable;
    use crate::search::{Algorithm, Hierarchy, SearchOptions, Searcher, VoxelOptions, prepare};
    use crate::world::VoxelGrid;
    use crate::world::bits::VoxelBits;
    use crate::world::voxel::VoxelMoves;

    /// What a searcher keeps, in bytes, is each value it keeps counted once: the sum of the
    /// values made here afresh (components, bit rows, jump distances unless the subgoal graph
    /// lends its own, the graph, the clusters); on a world, its components' labels at least,
    /// the bit rows and a straight-jump table.
    #[test]
    fn kept_bytes_count_each_kept_value_once() {
        // rooms (a graph without a table) and scattered walls (a graph that lends its table)
        for (scattered, build) in [(false, rooms as fn() -> Grid), (true, scattered_walls)] {
            let grid = build();
            let mut s = Searcher::default();
            for algorithm in [Algorithm::AStar, Algorithm::JpsBlock, Algorithm::JpsPlus, Algorithm::Subgoal, Algorithm::Hpa] {
                s.search(&grid, (1, 1), (60, 60), &SearchOptions { algorithm, ..Default::default() }).unwrap();
            }
            let prepared = prepare(&grid).unwrap();
            assert_eq!(prepared.uses_jump_table(), scattered, "the map is what it is meant to be");
            let jumps = if scattered { 0 } else { JumpTable::new(&grid).bytes() };
            let want = Components::new(&grid, Topology::default()).bytes()
                + BitGrid::new(&grid).bytes()
                + jumps
                + prepared.bytes()
                + Hierarchy::build(&grid, Hierarchy::side_for(&grid)).unwrap().bytes();
            assert_eq!(s.kept_bytes(), want, "scattered: {scattered}");
        }
        let mut world = VoxelGrid::new(24, 24, 24).unwrap();
        for x in 0..23 {
            for z in 0..24 {
                world.set_blocked((x, 12, z), true).unwrap();
            }
        }
        let mut s = Searcher::default();
        s.search_world(&world, (0, 0, 0), (23, 23, 23), &VoxelOptions::default()).unwrap();
        // flying: the parts as runs, one a row (the wall leaves one in each of its rows):
        // 4 bytes a row's start (and the end), 8 a run
        let labels = s.kept_bytes();
        assert_eq!(labels, (24 * 24 + 1) * 4 + 24 * 24 * 8, "runs, not a label a voxel");
        let jps = VoxelOptions { algorithm: Algorithm::Jps, jump_always: true, moves: VoxelMoves::Fly26, ..Default::default() };
        s.preprocess_world(&world, &jps);
        let rest = s.kept_bytes() - labels;
        assert!(rest > VoxelBits::new(&world).bytes(), "bit rows and a straight-jump table: {rest}");
        // walking: a label for each standable voxel (the ground's 576 less the wall's 23), kept
        // beside its index, in place of the runs
        s.search_world(&world, (0, 0, 0), (23, 23, 0), &VoxelOptions { moves: VoxelMoves::Walk, ..Default::default() }).unwrap();
        assert_eq!(s.kept_bytes(), rest + 8 * (24 * 24 - 23));
    }

    fn rooms() -> Grid {
        let mut grid = Grid::new(64, 64).unwrap();
        for k in 1..4 {
            for i in 0..64 {
                if i % 16 != 8 {
                    grid.set(k * 16, i, Cell::Blocked).unwrap();
                    grid.set(i, k * 16, Cell::Blocked).unwrap();
                }
            }
        }
        grid
    }

    fn scattered_walls() -> Grid {
        let mut grid = Grid::new(256, 256).unwrap();
        let mut seed = 7u64;
        for y in 0..256 {
            for x in 0..256 {
                seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                if (seed >> 33).is_multiple_of(10) && (x, y) != (1, 1) && (x, y) != (60, 60) {
                    grid.set(x, y, Cell::Blocked).unwrap();
                }
            }
        }
        grid
    }
}
