//! Searches with a given [`Estimate`] in place of the options' heuristic: whole
//! ([`Searcher::search_estimated`], [`Searcher::search_world_estimated`]) or recorded
//! ([`Searcher::record_estimated`]).

use crate::grid::Pos;
use crate::grid::board::Grid;
use crate::search::core::estimate::{Estimate, Given};
use crate::search::core::options::{Algorithm, SearchOptions};
use crate::search::core::searcher::{Searcher, validate};
use crate::search::core::space::{GridSpace, Space};
use crate::search::core::types::{SearchError, SearchResult};
use crate::search::core::world_options::{VoxelOptions, validate_world};
use crate::search::general::best_first::Stepper;
use crate::search::general::{bidir, ida};
use crate::search::plane::state::StepSearch;
use crate::search::run::record::{Recording, record_steps};
use crate::search::solid::voxel_space::WorldSpace;
use crate::search::solid::world_steps::WorldSteps;
use crate::world::Pos3;
use crate::world::voxel::VoxelGrid;

impl Searcher {
    /// As [`Searcher::search`], with `estimate` in place of the options' heuristic (times the
    /// options' weight): for A\*, greedy, the JPS kinds, Theta\*, Lazy Theta\*, bidirectional A\*
    /// and IDA\* ([`Algorithm::takes_estimate`]). The answer promises no optimal path
    /// (`admissible` is false): that depends on the estimate.
    ///
    /// Errors as [`Searcher::search`] does; [`SearchError::TakesNoEstimate`] for the other
    /// algorithms; [`SearchError::BadEstimate`] when the estimate gives NaN, an infinity or a
    /// negative number at a cell the search asks (the search stops there).
    ///
    /// ```
    /// use cubepath_search::{grid::Grid, search::{Estimate, SearchError, Searcher, SearchOptions}};
    /// let grid = Grid::new(6, 6).unwrap();
    /// let mut searcher = Searcher::default();
    /// // ten times the octile distance: overestimates, but finds a path
    /// let big = Estimate::new(|a: (usize, usize), b: (usize, usize)| 10.0 * a.0.abs_diff(b.0).max(a.1.abs_diff(b.1)) as f64);
    /// let r = searcher.search_estimated(&grid, (0, 0), (5, 2), &SearchOptions::default(), &big).unwrap();
    /// assert!(r.path.is_some() && !r.admissible);
    /// let below_zero = Estimate::new(|a: (usize, usize), _: (usize, usize)| if a == (1, 1) { -1.0 } else { 0.0 });
    /// let e = searcher.search_estimated(&grid, (0, 0), (5, 5), &SearchOptions::default(), &below_zero).unwrap_err();
    /// assert_eq!(e, SearchError::BadEstimate { at: (1, 1), value: -1.0 });
    /// ```
    pub fn search_estimated(
        &mut self,
        grid: &Grid,
        start: Pos,
        goal: Pos,
        options: &SearchOptions,
        estimate: &Estimate,
    ) -> Result<SearchResult, SearchError> {
        validate(grid, start, goal, options)?;
        if !options.algorithm.takes_estimate() {
            return Err(SearchError::TakesNoEstimate(options.algorithm));
        }
        let mut result = if let Algorithm::AStarBidir | Algorithm::Ida = options.algorithm {
            if !self.reachable(grid, start, goal, options.topology) {
                return Ok(SearchResult::nothing(options));
            }
            let mut space = GridSpace::new(grid, options);
            space.given = Some(Given::new(estimate));
            let found = match options.algorithm {
                Algorithm::AStarBidir => bidir::search(&space, start, goal, options.into()),
                _ => ida::search(&space, start, goal, options.into()),
            };
            space.refusal().map_or(Ok(found), Err)?
        } else {
            let mut run = StepSearch::begin(self, grid, (start, goal), options, Some(estimate))?;
            run.record = false;
            let limit = options.limit.unwrap_or(usize::MAX);
            while !run.is_finished() && run.expanded() < limit {
                run.step();
            }
            if let Some(refused) = run.refusal() {
                return Err(refused);
            }
            let mut result = run.result();
            result.stopped = !run.is_finished();
            result
        };
        result.admissible = false;
        Ok(result)
    }

    /// As [`Searcher::search_world`], with `estimate` in place of the moves' own (times the
    /// options' weight): for A\*, greedy, bidirectional A\* and IDA\* (3D JPS brings its own:
    /// [`SearchError::TakesNoEstimate`]). Errors as [`Searcher::search_estimated`] does,
    /// [`SearchError::BadWorldEstimate`] naming the voxel.
    pub fn search_world_estimated(
        &mut self,
        world: &VoxelGrid,
        start: Pos3,
        goal: Pos3,
        options: &VoxelOptions,
        estimate: &Estimate<Pos3>,
    ) -> Result<SearchResult<Pos3>, SearchError> {
        validate_world(world, start, goal, options)?;
        if !options.algorithm.takes_world_estimate() {
            return Err(SearchError::TakesNoEstimate(options.algorithm));
        }
        let plan = options.plan();
        if !self.may_reach_in_world(world, start, goal, options.moves) {
            return Ok(plan.nothing());
        }
        let mut space = WorldSpace::new(world, options.moves, options.weight);
        space.given = Some(Given::new(estimate));
        let mut result = match options.algorithm {
            Algorithm::AStarBidir => {
                let found = bidir::search(&space, start, goal, plan);
                space.refusal().map_or(Ok(found), Err)?
            }
            Algorithm::Ida => {
                let found = ida::search(&space, start, goal, plan);
                space.refusal().map_or(Ok(found), Err)?
            }
            _ => {
                let limit = plan.limit.unwrap_or(usize::MAX);
                let mut run = Stepper::new(self, space, world.index(start), world.index(goal), plan);
                while run.finished.is_none() && run.counts.expanded < limit {
                    run.step();
                }
                if let Some(refused) = run.space.refusal() {
                    return Err(refused);
                }
                let mut result = run.result();
                result.stopped = run.finished.is_none();
                result
            }
        };
        result.admissible = false;
        Ok(result)
    }
}

/// A board's search with a given estimate, recorded ([`Searcher::record_estimated`]).
pub(crate) fn record_board(
    s: &mut Searcher,
    grid: &Grid,
    (start, goal): (Pos, Pos),
    options: &SearchOptions,
    estimate: &Estimate,
    limit: usize,
) -> Result<Recording, SearchError> {
    if !options.algorithm.steps() {
        return Err(SearchError::NotSteppable(options.algorithm));
    }
    let options = SearchOptions { limit: None, ..*options };
    let run = StepSearch::begin(s, grid, (start, goal), &options, Some(estimate))?;
    let mut recording = record_steps(run, start, limit, options.algorithm)?;
    recording.result.admissible = false;
    Ok(recording)
}

/// A world's search with a given estimate, recorded ([`Searcher::record_estimated`]).
pub(crate) fn record_world(
    s: &mut Searcher,
    world: &VoxelGrid,
    (start, goal): (Pos3, Pos3),
    options: &VoxelOptions,
    estimate: &Estimate<Pos3>,
    limit: usize,
) -> Result<Recording<Pos3>, SearchError> {
    validate_world(world, start, goal, options)?;
    if !options.algorithm.takes_world_estimate() {
        return Err(SearchError::TakesNoEstimate(options.algorithm));
    }
    if !options.algorithm.steps() {
        return Err(SearchError::NotSteppable(options.algorithm));
    }
    let plan = VoxelOptions { limit: None, ..*options }.plan();
    let reachable = s.may_reach_in_world(world, start, goal, options.moves);
    let mut space = WorldSpace::new(world, options.moves, options.weight);
    space.given = Some(Given::new(estimate));
    let mut run = Stepper::new(s, space, world.index(start), world.index(goal), plan);
    if !reachable {
        run.give_up();
    }
    run.record = true;
    let mut recording = record_steps(WorldSteps { run, options: *options }, start, limit, options.algorithm)?;
    recording.result.admissible = false;
    Ok(recording)
}
