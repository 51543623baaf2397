//! 3D JPS in slices: [`Searcher::begin_jump_world`] starts a search whose
//! [`Searcher::advance_jump_world`] runs a number of expansions at a time, the search parked
//! between slices in the searcher's buffers (as a 2D search's [`ParkedSearch`](crate::search::ParkedSearch) is).

use super::advance;
use super::buffers::{Buffers, Run};
use crate::search::core::open_list::{Entry, NONE, Node};
use crate::search::core::options::Algorithm;
use crate::search::core::searcher::Searcher;
use crate::search::core::space::Plan;
use crate::search::core::types::{SearchError, SearchResult};
use crate::search::core::world_options::{VoxelOptions, validate_world};
use crate::world::Pos3;
use crate::world::voxel::{VoxelGrid, VoxelMoves};

/// A* over jump points from `start` to `goal` under fly-26 (see the module documentation), whole
/// ([`begin`], then [`advance`] to its end).
pub(crate) fn search(s: &mut Searcher, world: &VoxelGrid, start: Pos3, goal: Pos3, weight: f64, plan: Plan) -> SearchResult<Pos3> {
    let mut run = begin(s, world, (start, goal), weight, plan);
    advance(s, world, &mut run, usize::MAX);
    run.result.expect("run to its end")
}

/// Begins a search in the searcher's buffers: the start on the open list. When the line
/// straight from the start to the goal is free (its moves in some order, see [`direct_line`]) it
/// is the answer, and the search has ended.
pub(crate) fn begin(s: &mut Searcher, world: &VoxelGrid, (start, goal): (Pos3, Pos3), weight: f64, plan: Plan) -> Run {
    if let Some(path) = direct_line(world, start, goal) {
        // the buffers hold this search, which expanded nothing (for the trace it leaves)
        s.kept.slot::<Buffers>().clear();
        let mut result = plan.nothing();
        (result.path, result.cost) = (Some(path), Some(VoxelMoves::Fly26.estimate(start, goal)));
        let (generation, version) = (s.kept.slot::<Buffers>().generation, world.version());
        return Run { ends: (start, goal), weight, plan, generation, world: version, expanded: 0, counts: (0, 0), result: Some(result) };
    }
    let h = VoxelMoves::Fly26.estimate(start, goal) * weight;
    let si = world.index(start) as u32;
    let b = s.kept.slot::<Buffers>();
    b.clear();
    b.opened.push((si, 0));
    b.nodes.insert(si, Node { g: 0.0, parent: NONE, mark: 0 });
    b.open.push(Entry::new(h, 0.0, si));
    let generation = b.generation;
    Run { ends: (start, goal), weight, plan, generation, world: world.version(), expanded: 0, counts: (1, 0), result: None }
}

/// The moves of the paths from `a` to `b` that cost the fly-26 estimate, in three blocks (with
/// the differences along the axes `d1 >= d2 >= d3`): `d3` 3D diagonals, `d2 - d3` 2D diagonals
/// along the two longest axes, `d1 - d2` straight moves along the longest; each move's offset.
fn line_blocks(a: Pos3, b: Pos3) -> [([i32; 3], usize); 3] {
    let (a, b) = ([a.0, a.1, a.2], [b.0, b.1, b.2]);
    let sign: [i32; 3] = std::array::from_fn(|k| (b[k] as i64 - a[k] as i64).signum() as i32);
    let d: [usize; 3] = std::array::from_fn(|k| a[k].abs_diff(b[k]));
    let mut axes = [0, 1, 2];
    axes.sort_by_key(|&k| std::cmp::Reverse(d[k]));
    let [l, m, s] = axes;
    let along = |keep: &[usize]| -> [i32; 3] { std::array::from_fn(|k| if keep.contains(&k) { sign[k] } else { 0 }) };
    [(along(&[l, m, s]), d[s]), (along(&[l, m]), d[m] - d[s]), (along(&[l]), d[l] - d[m])]
}

/// The orders the blocks of [`line_blocks`] are tried in: diagonals first, diagonals last,
/// then the other four.
const LINE_ORDERS: [[usize; 3]; 6] = [[0, 1, 2], [2, 1, 0], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1]];

/// A path from `a` to `b` that costs the fly-26 estimate, each of its moves legal under
/// fly-26: the moves of [`line_blocks`] in one of [`LINE_ORDERS`], the first whose moves are
/// all legal. Nothing is cheaper: among open air most problems end here, before any jump.
fn direct_line(world: &VoxelGrid, a: Pos3, b: Pos3) -> Option<Vec<Pos3>> {
    let blocks = line_blocks(a, b);
    let (w, h) = (world.width() as isize, world.height() as isize);
    let delta = |o: [i32; 3]| o[0] as isize + o[1] as isize * w + o[2] as isize * w * h;
    // per block: the index step of its move and of each voxel of the box the move spans but
    // the one it starts from (the move's part along each subset of its axes)
    let spans: [(isize, Vec<isize>); 3] = blocks.map(|(o, _)| {
        let parts = (1..8usize).filter(|m| (0..3).all(|k| m >> k & 1 == 0 || o[k] != 0));
        (delta(o), parts.map(|m| delta(std::array::from_fn(|k| if m >> k & 1 == 1 { o[k] } else { 0 }))).collect())
    });
    let start = world.index(a) as isize;
    // every voxel of every box lies within the box of a and b, inside the world
    let free = |order: &[usize; 3]| {
        let mut i = start;
        order.iter().all(|&k| {
            (0..blocks[k].1).all(|_| {
                let ok = spans[k].1.iter().all(|&d| !world.bit((i + d) as usize));
                i += spans[k].0;
                ok
            })
        })
    };
    let order = LINE_ORDERS.iter().enumerate().find(|&(k, o)| !LINE_ORDERS[..k].iter().any(|p| same_moves(&blocks, p, o)) && free(o))?.1;
    let mut path = vec![a];
    for &k in order {
        let o = blocks[k].0;
        for _ in 0..blocks[k].1 {
            let p = *path.last().expect("the start");
            path.push(((p.0 as i64 + o[0] as i64) as usize, (p.1 as i64 + o[1] as i64) as usize, (p.2 as i64 + o[2] as i64) as usize));
        }
    }
    Some(path)
}

/// Whether two orders of the blocks give the same moves (they differ only in empty blocks).
fn same_moves<'a>(blocks: &[([i32; 3], usize); 3], x: &'a [usize; 3], y: &'a [usize; 3]) -> bool {
    let kept = |o: &'a [usize; 3]| o.iter().filter(|&&i| blocks[i].1 > 0);
    kept(x).eq(kept(y))
}

/// A 3D JPS search on a voxel world under way in slices ([`Searcher::begin_jump_world`]).
#[derive(Clone, Debug)]
pub(crate) struct JumpWorldSearch {
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
    pub(crate) fn begin_jump_world(
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
            let (generation, version) = (self.kept.slot::<Buffers>().generation, world.version());
            let (ends, weight, result) = ((start, goal), options.weight, Some(plan.nothing()));
            let run = Run { ends, weight, plan, generation, world: version, expanded: 0, counts: (0, 0), result };
            return Ok(Some(JumpWorldSearch { run }));
        }
        if !self.jumps_on(world, options) {
            return Ok(None);
        }
        Ok(Some(JumpWorldSearch { run: begin(self, world, (start, goal), options.weight, plan) }))
    }

    /// Goes on with `run` ([`Searcher::begin_jump_world`]) for at most `n` more expansions:
    /// `Some(true)` once it has ended ([`JumpWorldSearch::result`]; asked again, while the world
    /// is unchanged), `Some(false)` while under way, `None` when it cannot go on: this searcher
    /// has run another 3D JPS search since, or `world` is not the world it began on as it was
    /// then (begin again; an ended search too: its answer was for the world as it was).
    pub(crate) fn advance_jump_world(&mut self, world: &VoxelGrid, run: &mut JumpWorldSearch, n: usize) -> Option<bool> {
        if run.run.world != world.version() {
            return None;
        }
        if run.run.result.is_some() {
            return Some(true);
        }
        if run.run.generation != self.kept.slot::<Buffers>().generation {
            return None;
        }
        Some(advance(self, world, &mut run.run, n))
    }
}
