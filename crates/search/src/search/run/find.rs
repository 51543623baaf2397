//! Where a search starts: [`Searcher::search`] picks the algorithm's module and runs it whole,
//! [`Searcher::steps`] hands out a [`StepSearch`], [`find_path`] runs one search with fresh
//! buffers. The top of the engine: it calls the algorithms, none of them calls it.

use crate::grid::Pos;
use crate::grid::board::Grid;
use crate::search::core::options::{Algorithm, SearchOptions};
use crate::search::core::searcher::{Searcher, validate};
use crate::search::core::space::GridSpace;
use crate::search::core::types::{SearchError, SearchResult};
use crate::search::core::world_options::{VoxelOptions, validate_world};
use crate::search::general::best_first::{Stepper, best_first};
use crate::search::hpa::kept::HpaParts;
use crate::search::hpa::{HpaError, HpaSearch};
use crate::search::plane::state::StepSearch;
use crate::search::prepared::PreparedParts;
use crate::search::solid::jps3d::buffers::Buffers;
use crate::search::solid::voxel_space::WorldSpace;
use crate::search::solid::world_steps::WorldSteps;
use crate::world::Pos3;
use crate::world::voxel::{VoxelGrid, VoxelMoves};
use crate::{search::general::bidir, search::general::ida, search::plane::uniform};

impl Searcher {
    /// Runs a whole search from `start` to `goal`.
    ///
    /// Errors when an endpoint is off the grid or blocked, or the options do not fit the grid
    /// (JPS on a weighted grid or without the no-corner-cutting rule, a weight below 1).
    pub fn search(&mut self, grid: &Grid, start: Pos, goal: Pos, options: &SearchOptions) -> Result<SearchResult, SearchError> {
        if let Algorithm::AStarBidir | Algorithm::Ida = options.algorithm {
            validate(grid, start, goal, options)?;
            if !self.reachable(grid, start, goal, options.topology) {
                return Ok(SearchResult::nothing(options));
            }
            let space = GridSpace::new(grid, options);
            return Ok(match options.algorithm {
                Algorithm::AStarBidir => bidir::search(&space, start, goal, options.into()),
                _ => ida::search(&space, start, goal, options.into()),
            });
        }
        if options.algorithm == Algorithm::Subgoal {
            return self.search_subgoal(grid, start, goal, options);
        }
        if options.algorithm == Algorithm::Hpa {
            return self.search_hpa(grid, start, goal, options);
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

    fn search_subgoal(&mut self, grid: &Grid, start: Pos, goal: Pos, options: &SearchOptions) -> Result<SearchResult, SearchError> {
        validate(grid, start, goal, options)?;
        if !self.reachable(grid, start, goal, options.topology) {
            return Ok(SearchResult::nothing(options));
        }
        self.prepared_for(grid);
        let mut scratch = std::mem::take(&mut self.kept.slot::<PreparedParts>().scratch);
        let prepared = self.kept_prepared().expect("validated: a plain board prepares");
        let mut result = prepared.search_with(grid, start, goal, &mut scratch, None);
        self.kept.slot::<PreparedParts>().scratch = scratch;
        if let Ok(r) = result.as_mut() {
            r.admissible = options.is_admissible();
        }
        result
    }

    fn search_hpa(&mut self, grid: &Grid, start: Pos, goal: Pos, options: &SearchOptions) -> Result<SearchResult, SearchError> {
        validate(grid, start, goal, options)?;
        if !self.reachable(grid, start, goal, options.topology) {
            return Ok(SearchResult::nothing(options));
        }
        let hierarchy = self.hierarchy_for(grid).expect("validated: a plain board has clusters");
        let found = hierarchy.find(grid, start, goal).expect("brought up to date, endpoints validated");
        let mut result = SearchResult::nothing(options);
        if let Some(found) = found {
            (result.expanded, result.pushed) = (found.abstract_expanded, found.abstract_pushed);
            result.cost = Some(found.cost);
            result.path = Some(found.cells);
        }
        Ok(result)
    }

    /// Begins an [`Algorithm::Hpa`] search to run in slices of [`Searcher::advance_hpa`], for
    /// a caller that spreads it over frames: validated as [`Searcher::search`] validates it,
    /// the grid's clusters brought up to date (or built whole, when the searcher keeps none
    /// that follow the grid: [`Searcher::prepare_within`] builds them in steps first), and the
    /// start and goal joined to their clusters. A goal in another connected component ends the
    /// search at once, without a path.
    pub(crate) fn begin_hpa(&mut self, grid: &Grid, start: Pos, goal: Pos, options: &SearchOptions) -> Result<HpaSearch, SearchError> {
        if options.algorithm != Algorithm::Hpa {
            return Err(SearchError::NotSteppable(options.algorithm));
        }
        validate(grid, start, goal, options)?;
        if !self.reachable(grid, start, goal, options.topology) {
            return Ok(HpaSearch::ended_without(grid));
        }
        let scratch = std::mem::take(&mut self.kept.slot::<HpaParts>().scratch);
        let hierarchy = self.hierarchy_for(grid).expect("validated: a plain board has clusters");
        let mut run = hierarchy.begin_find(grid, start, goal, scratch).expect("brought up to date, endpoints validated");
        run.held = self.shared_hierarchy();
        Ok(run)
    }

    /// Goes on with `run` ([`Searcher::begin_hpa`]) for at most `n` more abstract expansions:
    /// `Some` result once it has ended (what [`Searcher::search`] answers), `None` while it is
    /// under way. The query reads the clusters it began on, held by `run`, whatever this searcher
    /// keeps now ([`Searcher::keep_hierarchy`] between slices changes nothing; a query begun by
    /// [`Hierarchy::begin_find`] goes on with the searcher's clusters only if they are the ones
    /// it began on). [`HpaError::Stale`] when the grid has changed since it began, or those
    /// clusters are not the searcher's: begin again.
    pub(crate) fn advance_hpa(
        &mut self,
        grid: &Grid,
        run: &mut HpaSearch,
        options: &SearchOptions,
        n: usize,
    ) -> Result<Option<SearchResult>, HpaError> {
        if !run.is_for(grid) {
            return Err(HpaError::Stale);
        }
        let ending = !run.is_finished();
        if ending {
            // the clusters it began on, whatever the searcher keeps now (a query begun by
            // Hierarchy::begin_find holds none: the searcher's, refused unless they are those)
            let hierarchy = run.held.clone().or_else(|| self.shared_hierarchy()).ok_or(HpaError::Stale)?;
            if !run.advance(&hierarchy, grid, n)? {
                return Ok(None);
            }
        }
        let mut result = SearchResult::nothing(options);
        (result.expanded, result.pushed) = (run.expanded(), run.pushed());
        if let Some(found) = run.take_path() {
            result.cost = Some(found.cost);
            result.path = Some(found.cells);
        }
        if ending {
            self.kept.slot::<HpaParts>().scratch = run.take_scratch(); // kept for the next (asked again, it has none)
        }
        Ok(Some(result))
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

    /// As [`Searcher::preprocess`] for voxel worlds: the connected components under
    /// `options.moves`, and for 3D JPS (when it jumps on this world: not too cluttered, or
    /// [`VoxelOptions::jump_always`]) its bit rows and its straight-jump table with every line
    /// filled, where searches fill the lines their jumps need as they go (on a 128 x 128 x 64
    /// world, most of them over its first hundred problems). Kept until the world changes, then
    /// brought up to date around the changed voxels by the next search.
    ///
    /// ```
    /// use cubepath_search::{search::{Algorithm, Searcher, VoxelOptions}, world::VoxelGrid};
    /// let mut world = VoxelGrid::new(16, 16, 4).unwrap();
    /// world.set_blocked((8, 8, 0), true).unwrap();
    /// let jps = VoxelOptions { algorithm: Algorithm::Jps, ..VoxelOptions::default() };
    /// let mut searcher = Searcher::default();
    /// searcher.preprocess_world(&world, &jps);
    /// let found = searcher.search_world(&world, (0, 0, 0), (15, 15, 3), &jps).unwrap();
    /// assert_eq!(found.cost, Searcher::default().search_world(&world, (0, 0, 0), (15, 15, 3), &jps).unwrap().cost);
    /// ```
    pub fn preprocess_world(&mut self, world: &VoxelGrid, options: &VoxelOptions) {
        self.reachable_in_world(world, (0, 0, 0), (0, 0, 0), options.moves);
        if options.algorithm == Algorithm::Jps && options.moves == VoxelMoves::Fly26 && self.jumps_on(world, options) {
            crate::search::solid::jps3d::prepare(self, world);
        }
    }

    /// Runs a whole search on a voxel world from `start` to `goal` (A*, Dijkstra, greedy, BFS,
    /// bidirectional A* or IDA*, under `options.moves`). An unreachable goal is known from the world's
    /// connected components without expanding anything.
    ///
    /// Errors when an endpoint is off the world or where the model cannot stand, for an
    /// algorithm that does not run on voxel worlds, or a weight below 1.
    ///
    /// ```
    /// use cubepath_search::{search::{Searcher, VoxelOptions}, world::{VoxelGrid, VoxelMoves}};
    /// let mut world = VoxelGrid::new(3, 1, 2).unwrap();
    /// world.set_blocked((1, 0, 0), true).unwrap(); // a step up
    /// let walk = VoxelOptions { moves: VoxelMoves::Walk, ..Default::default() };
    /// let r = Searcher::default().search_world(&world, (0, 0, 0), (2, 0, 0), &walk).unwrap();
    /// assert_eq!(r.path.unwrap(), [(0, 0, 0), (1, 0, 1), (2, 0, 0)]); // over the block
    /// assert!((r.cost.unwrap() - 2.0 * 2f64.sqrt()).abs() < 1e-12);
    /// ```
    pub fn search_world(
        &mut self,
        world: &VoxelGrid,
        start: Pos3,
        goal: Pos3,
        options: &VoxelOptions,
    ) -> Result<SearchResult<Pos3>, SearchError> {
        validate_world(world, start, goal, options)?;
        let mut plan = options.plan();
        if !self.may_reach_in_world(world, start, goal, options.moves) {
            if options.algorithm == Algorithm::Jps {
                // the jump trace it leaves is its own: empty (not the last search's)
                self.kept.slot::<Buffers>().clear();
            }
            return Ok(plan.nothing());
        }
        if options.algorithm == Algorithm::Jps {
            if self.jumps_on(world, options) {
                return Ok(crate::search::solid::jps3d::sliced::search(self, world, start, goal, options.weight, plan));
            }
            // among dense small obstacles JPS jumps little and scans much: A*, as optimal
            plan.algorithm = Algorithm::AStar;
        }
        let space = WorldSpace::new(world, options.moves, options.weight);
        Ok(match options.algorithm {
            Algorithm::AStarBidir => bidir::search(&space, start, goal, plan),
            Algorithm::Ida => ida::search(&space, start, goal, plan),
            _ => best_first(self, space, world.index(start), world.index(goal), plan),
        })
    }

    /// Starts a search on a voxel world that advances one expansion per [`WorldSteps::step`]
    /// (A*, Dijkstra, greedy or BFS; it takes no notice of the limit). Errors as
    /// [`Searcher::search_world`] does, and for bidirectional A* and IDA*, which run whole.
    pub fn steps_world<'a>(
        &'a mut self,
        world: &'a VoxelGrid,
        start: Pos3,
        goal: Pos3,
        options: &VoxelOptions,
    ) -> Result<WorldSteps<'a>, SearchError> {
        validate_world(world, start, goal, options)?;
        // JPS runs whole on voxel worlds
        if !options.algorithm.steps() || options.algorithm == Algorithm::Jps {
            return Err(SearchError::NotSteppable(options.algorithm));
        }
        let plan = options.plan();
        let reachable = self.may_reach_in_world(world, start, goal, options.moves);
        let space = WorldSpace::new(world, options.moves, options.weight);
        let mut run = Stepper::new(self, space, world.index(start), world.index(goal), plan);
        if !reachable {
            run.give_up();
        }
        run.record = true;
        Ok(WorldSteps { run, options: *options })
    }
}

/// Runs one search with fresh buffers. See [`Searcher::search`].
pub fn find_path(grid: &Grid, start: Pos, goal: Pos, options: &SearchOptions) -> Result<SearchResult, SearchError> {
    Searcher::default().search(grid, start, goal, options)
}
