//! 3D JPS in slices: [`Searcher::begin_jump_world`] starts a search whose
//! [`Searcher::advance_jump_world`] runs a number of expansions at a time, the search parked
//! between slices in the searcher's buffers (as a 2D search's [`ParkedSearch`](crate::search::ParkedSearch) is).

use super::advance;
use super::buffers::Run;
use crate::search::open_list::{Entry, NONE, Node};
use crate::search::options::Algorithm;
use crate::search::searcher::Searcher;
use crate::search::space::Plan;
use crate::search::types::{SearchError, SearchResult};
use crate::search::world_options::{VoxelOptions, validate_world};
use crate::world::Pos3;
use crate::world::voxel::{VoxelGrid, VoxelMoves, voxel_step};

/// A* over jump points from `start` to `goal` under fly-26 (see the module documentation), whole
/// ([`begin`], then [`advance`] to its end).
pub(crate) fn search(s: &mut Searcher, world: &VoxelGrid, start: Pos3, goal: Pos3, weight: f64, plan: Plan) -> SearchResult<Pos3> {
    let mut run = begin(s, world, (start, goal), weight, plan);
    advance(s, world, &mut run, usize::MAX);
    run.result.expect("run to its end")
}

/// Begins a search in the searcher's buffers: the start on the open list. When the line
/// straight from the start to the goal is free (diagonal moves first, see [`direct_line`]) it
/// is the answer, and the search has ended.
pub(crate) fn begin(s: &mut Searcher, world: &VoxelGrid, (start, goal): (Pos3, Pos3), weight: f64, plan: Plan) -> Run {
    if let Some(path) = direct_line(world, start, goal) {
        // the buffers hold this search, which expanded nothing (for the trace it leaves)
        s.jps3d.clear();
        let mut result = plan.nothing();
        (result.path, result.cost) = (Some(path), Some(VoxelMoves::Fly26.estimate(start, goal)));
        let (generation, version) = (s.jps3d.generation, world.version());
        return Run { ends: (start, goal), weight, plan, generation, world: version, expanded: 0, counts: (0, 0), result: Some(result) };
    }
    let h = VoxelMoves::Fly26.estimate(start, goal) * weight;
    let si = world.index(start) as u32;
    let b = &mut s.jps3d;
    b.clear();
    b.opened.push((si, 0));
    b.nodes.insert(si, Node { g: 0.0, parent: NONE, mark: 0 });
    b.open.push(Entry::new(h, 0.0, si));
    let generation = b.generation;
    Run { ends: (start, goal), weight, plan, generation, world: world.version(), expanded: 0, counts: (1, 0), result: None }
}

/// The path from `a` to `b` that moves along every axis still short of `b` at each step (3D
/// diagonals first, then 2D diagonals, then straight), when each of its moves is legal under
/// fly-26. It costs the fly-26 estimate, so nothing is cheaper: among open air most problems
/// end here, before any jump.
fn direct_line(world: &VoxelGrid, a: Pos3, b: Pos3) -> Option<Vec<Pos3>> {
    let step = |p: usize, q: usize| match p.cmp(&q) {
        std::cmp::Ordering::Less => p + 1,
        std::cmp::Ordering::Equal => p,
        std::cmp::Ordering::Greater => p - 1,
    };
    let n = a.0.abs_diff(b.0).max(a.1.abs_diff(b.1)).max(a.2.abs_diff(b.2));
    let mut path = Vec::with_capacity(n + 1);
    let mut p = a;
    path.push(p);
    while p != b {
        let q = (step(p.0, b.0), step(p.1, b.1), step(p.2, b.2));
        voxel_step(world, p, q, VoxelMoves::Fly26)?;
        path.push(q);
        p = q;
    }
    Some(path)
}

/// A 3D JPS search on a voxel world under way in slices ([`Searcher::begin_jump_world`]).
#[derive(Clone, Debug)]
pub struct JumpWorldSearch {
    run: Run,
}

impl JumpWorldSearch {
    /// Jump points expanded so far.
    pub fn expanded(&self) -> usize {
        self.run.expanded
    }

    /// The result, once the search has ended.
    pub fn result(&self) -> Option<&SearchResult<Pos3>> {
        self.run.result.as_ref()
    }
}

impl Searcher {
    /// Begins a 3D JPS search ([`Algorithm::Jps`] on a voxel world) to run in slices of
    /// [`Searcher::advance_jump_world`], for a caller that spreads it over frames. Validated
    /// as [`Searcher::search_world`] validates it; a goal its components know apart ends it at
    /// once. `Ok(None)` where [`Searcher::search_world`] would run A* instead (a world too
    /// cluttered for jumps to pay, unless [`VoxelOptions::jump_always`]): begin an A* with
    /// [`Searcher::begin_world`] then. The search's answers are [`Searcher::search_world`]'s.
    ///
    /// ```
    /// use cubepath_search::{search::{Algorithm, Searcher, VoxelOptions}, world::VoxelGrid};
    /// let mut world = VoxelGrid::new(16, 16, 4).unwrap();
    /// for y in 0..12 {
    ///     world.set_blocked((8, y, 0), true).unwrap();
    ///     world.set_blocked((8, y, 1), true).unwrap();
    /// }
    /// let jps = VoxelOptions { algorithm: Algorithm::Jps, ..VoxelOptions::default() };
    /// let mut searcher = Searcher::default();
    /// let mut run = searcher.begin_jump_world(&world, (0, 0, 0), (15, 0, 0), &jps).unwrap().unwrap();
    /// let mut slices = 1;
    /// while !searcher.advance_jump_world(&world, &mut run, 1).expect("nothing changed") {
    ///     slices += 1; // (between slices a game renders a frame)
    /// }
    /// let whole = searcher.search_world(&world, (0, 0, 0), (15, 0, 0), &jps).unwrap();
    /// assert_eq!((run.result(), slices > 1), (Some(&whole), true));
    /// ```
    pub fn begin_jump_world(
        &mut self,
        world: &VoxelGrid,
        start: Pos3,
        goal: Pos3,
        options: &VoxelOptions,
    ) -> Result<Option<JumpWorldSearch>, SearchError> {
        if options.algorithm != Algorithm::Jps {
            return Err(SearchError::NotSteppable(options.algorithm));
        }
        validate_world(world, start, goal, options)?;
        let plan = options.plan();
        if !self.may_reach_in_world(world, start, goal, options.moves) {
            // ended before it began: the searcher's buffers are left to whatever they hold
            let (generation, version) = (self.jps3d.generation, world.version());
            let (ends, weight, result) = ((start, goal), options.weight, Some(plan.nothing()));
            let run = Run { ends, weight, plan, generation, world: version, expanded: 0, counts: (0, 0), result };
            return Ok(Some(JumpWorldSearch { run }));
        }
        if !options.jump_always && self.cluttered(world) {
            return Ok(None);
        }
        Ok(Some(JumpWorldSearch { run: begin(self, world, (start, goal), options.weight, plan) }))
    }

    /// Goes on with `run` ([`Searcher::begin_jump_world`]) for at most `n` more expansions:
    /// `Some(true)` once it has ended ([`JumpWorldSearch::result`]), `Some(false)` while under
    /// way, `None` when it cannot go on: this searcher has run another 3D JPS search since, or
    /// `world` is not the world it began on as it was then (begin again).
    pub fn advance_jump_world(&mut self, world: &VoxelGrid, run: &mut JumpWorldSearch, n: usize) -> Option<bool> {
        if run.run.result.is_some() {
            return Some(true);
        }
        if run.run.generation != self.jps3d.generation || run.run.world != world.version() {
            return None;
        }
        Some(advance(self, world, &mut run.run, n))
    }
}
