//! [`Searcher`]: the buffers a search works in, reused from one search to the next, and what it
//! keeps of the last grid (components, bit rows, jump distances); [`validate`], the check every
//! search makes before it starts. The searches themselves are run from `search.rs`.

use std::collections::VecDeque;
use std::sync::Arc;

use crate::grid::Pos;
use crate::grid::bits::BitGrid;
use crate::grid::board::Grid;
use crate::grid::components::{Components, Labelling};
use crate::grid::rules::{CostModel, DiagonalRule, Topology};
use crate::search::held::{Held, Stamp};
use crate::search::hpa::{Hierarchy, HierarchyBuild, HpaScratch};
use crate::search::jps_plus::JumpTable;
use crate::search::open_list::{IndexedHeap, Node};
use crate::search::options::{Algorithm, SearchOptions};
use crate::search::subgoal::{Prepared, Scratch, prepare};
use crate::search::types::SearchError;
use crate::search::voxel_space::{WorldComponents, WorldLabelling};
use crate::search::world_options::{CLUTTER_LIMIT, VoxelOptions};
use crate::world::Pos3;
use crate::world::voxel::{VoxelGrid, VoxelMoves};

/// Reusable search buffers: scratch space, plus a small cache of values derived from the last
/// grid and the last world searched.
///
/// Eight fields, each there for one reason: the per-cell records (`nodes`) and the open list
/// over them (`heap`), which every best-first search works in and which are kept so that the
/// next search does not allocate them again; what searches note beside the records (`records`:
/// the stamps that tell one search's records from another's, the expansion order, the
/// breadth-first queue); the values derived from a board (`board`: components, bit rows, jump
/// distances, subgoal graph, HPA* clusters) and from a world (`world`: components, clutter,
/// voxel bit rows), each stamped with the identity and revision it answers for; 3D JPS's own
/// buffers (`jps3d`); the subgoal and HPA* queries' scratch (`scratch`); and values being
/// made a step at a time (`in_steps`).
///
/// A search never reads a derived value through the searcher once it has begun: it holds the
/// value it began with (shared, behind `Arc`), so preparing another grid, lending a subgoal
/// graph's jump table or keeping other clusters between two slices of a search changes
/// nothing it answers. A [`Search`](crate::search::Search) carries its records with it while it
/// is put aside (the searcher then makes new ones for the next search it runs meanwhile: on a
/// large map, an allocation) and is refused only on a changed grid or world.
///
/// ```
/// use cubepath_search::{grid::Grid, search::{Searcher, SearchOptions}};
/// let grid = Grid::new(5, 5).unwrap();
/// let mut searcher = Searcher::default();
/// let result = searcher.search(&grid, (0, 0), (4, 4), &SearchOptions::default()).unwrap();
/// assert_eq!(result.path.unwrap().len(), 5); // four diagonal steps
/// assert!((result.cost.unwrap() - 4.0 * 2f64.sqrt()).abs() < 1e-12);
/// ```
#[derive(Default)]
pub struct Searcher {
    /// Each cell's (or voxel's) search record, stamped with the search that wrote it: the
    /// scratch space every best-first search works in, sized for the last grid or world.
    pub(crate) nodes: Vec<Node>,
    /// The open list over those records.
    pub(crate) heap: IndexedHeap,
    /// What searches note beside their records: the stamps, the expansion order (for the step
    /// view), the breadth-first queue and the cells the last step pushed.
    pub(crate) records: Records,
    /// Values derived from the last grid searched, each for exactly the grid and revision it
    /// names, shared with the searches that read them (see [`Held`]).
    pub(crate) board: BoardValues,
    /// Values derived from the last voxel world searched, likewise.
    pub(crate) world: WorldValues,
    /// The last 3D JPS's buffers: its jump points, open list and waiting jumps.
    pub(crate) jps3d: crate::search::jps3d::buffers::Buffers,
    /// The subgoal and HPA* queries' own open lists and nodes.
    pub(crate) scratch: QueryScratch,
    /// Values being made a step at a time, for a caller that spreads the work over frames.
    pub(crate) in_steps: InSteps,
}

/// A search's records kept apart from the searcher ([`Searcher::swap_records`]).
#[derive(Default)]
pub(crate) struct Stash {
    nodes: Vec<Node>,
    heap: IndexedHeap,
    records: Records,
}

/// What searches note beside their per-cell records.
#[derive(Default)]
pub(crate) struct Records {
    /// Expansion index of each closed cell, for the step view.
    pub(crate) order: Vec<u32>,
    /// The stamp of the search the records are for (starts again when the records are made
    /// anew: at a size change, and when it wraps).
    pub(crate) generation: u32,
    /// The records' identity, drawn anew whenever they are made anew: with the stamp, it names
    /// one search in the process, never repeated. A parked search is taken up only on the
    /// records it was parked on, still its own.
    pub(crate) id: u64,
    pub(crate) fifo: VecDeque<u32>,
    pub(crate) pushed_now: Vec<u32>,
}

/// Values derived from a grid, kept between searches: each answers for the grid identity and
/// revision it holds, and is made again (or brought up to date around the edits, in a copy
/// while anything else holds it) for any other.
#[derive(Default)]
pub(crate) struct BoardValues {
    /// The connected components, under one topology's links.
    pub(crate) components: Option<Arc<Components>>,
    /// The cells as bits, for block-based jumps.
    pub(crate) bits: Option<Arc<BitGrid>>,
    /// The jump distances, for JPS+ (perhaps lent by the subgoal graph).
    pub(crate) jumps: Option<Arc<JumpTable>>,
    /// The subgoal graph.
    pub(crate) prepared: Option<Prepared>,
    /// The HPA* clusters (perhaps shared with other searchers).
    pub(crate) hierarchy: Option<Arc<Hierarchy>>,
}

/// Values derived from a voxel world, kept between searches, keyed likewise.
#[derive(Default)]
pub(crate) struct WorldValues {
    /// The connected components under one move model.
    pub(crate) components: Option<WorldComponents>,
    /// Whether the world is over [`CLUTTER_LIMIT`], and the identity and revision measured.
    pub(crate) clutter: Option<((u64, u64), bool)>,
    /// The free voxels as bit rows, for 3D JPS.
    pub(crate) voxel_bits: Option<crate::world::bits::VoxelBits>,
}

/// The queries that keep their own scratch space.
#[derive(Default)]
pub(crate) struct QueryScratch {
    /// A subgoal query's buffers.
    pub(crate) subgoal: Scratch,
    /// The HPA* abstract search's open list and nodes reached, for searches in slices.
    pub(crate) hpa: HpaScratch,
}

/// Values under way a step at a time ([`Searcher::prepare_within`],
/// [`Searcher::label_world_within`]).
#[derive(Default)]
pub(crate) struct InSteps {
    /// Connected components of a board being labelled.
    pub(crate) labelling: Option<Labelling>,
    /// HPA* clusters being built.
    pub(crate) hierarchy_build: Option<HierarchyBuild>,
    /// Voxel components being labelled.
    pub(crate) world_labelling: Option<WorldLabelling>,
    /// Whether voxel searches leave the labelling to [`Searcher::label_world_within`].
    pub(crate) worlds_in_steps: bool,
}

impl Searcher {
    pub(crate) fn prepare(&mut self, len: usize, stride: usize) {
        let wrapped = self.records.generation == u32::MAX >> 1;
        if self.nodes.len() != len || wrapped || self.records.id == 0 {
            if self.nodes.len() != len {
                self.nodes = vec![Node::default(); len];
                self.records.order = vec![0; len];
            } else {
                self.nodes.fill(Node::default());
            }
            self.records.generation = 0;
            self.records.id = Stamp::new().get();
        }
        self.records.generation += 1;
        self.heap.reset(len, stride);
        self.records.fifo.clear();
        self.records.pushed_now.clear();
    }

    /// Whether `goal` can be reached from `start` at all: the connected components of `grid`
    /// under `topology`'s moves, computed on the first search of a grid and brought up to date
    /// when it changes, lazily ([`Components::update`]: around the changed cells).
    pub fn reachable(&mut self, grid: &Grid, start: Pos, goal: Pos, topology: Topology) -> bool {
        Components::kept_shared(&mut self.board.components, grid, topology).connected(start, goal)
    }

    /// Whether `goal` can be reached from `start` in `world` under `moves`: its connected
    /// components, computed on the first search of a world and model and again when either
    /// changes.
    pub fn reachable_in_world(&mut self, world: &VoxelGrid, start: Pos3, goal: Pos3, moves: VoxelMoves) -> bool {
        let key = (world.version(), moves);
        if self.world.components.as_ref().is_none_or(|c| c.key != key) {
            self.world.components = Some(WorldComponents::new(world, moves));
        }
        self.world.components.as_ref().expect("made above").connected(world, start, goal)
    }

    /// Whether a voxel search may find `goal` from `start`: their components say so, made
    /// whole when missing or stale ([`Searcher::reachable_in_world`]); or, once
    /// [`Searcher::label_worlds_in_steps`] is set and the kept ones are not for this world as
    /// it is, true (the search finds out).
    pub(crate) fn may_reach_in_world(&mut self, world: &VoxelGrid, start: Pos3, goal: Pos3, moves: VoxelMoves) -> bool {
        let current = self.world.components.as_ref().is_some_and(|c| c.key == (world.version(), moves));
        if self.in_steps.worlds_in_steps && !current {
            return true;
        }
        self.reachable_in_world(world, start, goal, moves)
    }

    /// Leaves the labelling of voxel worlds' connected components to
    /// [`Searcher::label_world_within`] (`true`) instead of labelling a world whole in the
    /// first search after it changes (the default; about 75 to 95 ms on a 128 x 128 x 64 world
    /// here, again after every edit, since a world's labels are not brought up to date around
    /// one). Meanwhile voxel searches run without them: the same answers, but a goal that
    /// cannot be reached is known only once the search has reached all it can.
    pub fn label_worlds_in_steps(&mut self, in_steps: bool) {
        self.in_steps.worlds_in_steps = in_steps;
    }

    /// Labels `world`'s connected components under `moves` a step at a time, by about `work`
    /// voxels at most (taking `work` down by what it did); whether they are done for the world
    /// as it is now. A change of the world between steps begins the labelling again.
    ///
    /// ```
    /// use cubepath_search::{search::{Searcher, VoxelOptions}, world::{VoxelGrid, VoxelMoves}};
    /// let mut world = VoxelGrid::new(16, 16, 8).unwrap();
    /// for y in 0..16 {
    ///     for z in 0..8 {
    ///         world.set_blocked((8, y, z), true).unwrap(); // a wall: two halves
    ///     }
    /// }
    /// let mut searcher = Searcher::default();
    /// searcher.label_worlds_in_steps(true);
    /// // not labelled yet: the search finds out by itself
    /// let r = searcher.search_world(&world, (0, 0, 0), (15, 0, 0), &VoxelOptions::default()).unwrap();
    /// assert!(r.path.is_none() && r.expanded > 900);
    /// let mut frames = 1;
    /// while !searcher.label_world_within(&world, VoxelMoves::Fly26, &mut 300) {
    ///     frames += 1;
    /// }
    /// assert!(frames > 3);
    /// let r = searcher.search_world(&world, (0, 0, 0), (15, 0, 0), &VoxelOptions::default()).unwrap();
    /// assert_eq!((r.path, r.expanded), (None, 0)); // known at once
    /// ```
    pub fn label_world_within(&mut self, world: &VoxelGrid, moves: VoxelMoves, work: &mut usize) -> bool {
        let key = (world.version(), moves);
        if self.world.components.as_ref().is_some_and(|c| c.key == key) {
            self.in_steps.world_labelling = None;
            return true;
        }
        if *work == 0 {
            return false;
        }
        let mut labelling = match self.in_steps.world_labelling.take() {
            Some(l) if l.key == key => l,
            _ => WorldLabelling::new(world, moves),
        };
        *work = work.saturating_sub(labelling.advance(world, *work));
        if !labelling.is_done() {
            self.in_steps.world_labelling = Some(labelling);
            return false;
        }
        self.world.components = Some(labelling.into_components());
        true
    }

    /// Whether 3D JPS with `options` jumps on `world`: asked to always
    /// ([`VoxelOptions::jump_always`]), or the world not [`Searcher::cluttered`] (else A* runs).
    pub(crate) fn jumps_on(&mut self, world: &VoxelGrid, options: &VoxelOptions) -> bool {
        options.jump_always || !self.cluttered(world)
    }

    /// Whether `world` is too cluttered with small obstacles for 3D JPS to pay
    /// ([`VoxelGrid::clutter`] over [`CLUTTER_LIMIT`]), measured once per world and revision.
    pub(crate) fn cluttered(&mut self, world: &VoxelGrid) -> bool {
        match self.world.clutter {
            Some((key, over)) if key == world.version() => over,
            _ => {
                let over = world.clutter() > CLUTTER_LIMIT;
                self.world.clutter = Some((world.version(), over));
                over
            }
        }
    }

    /// The bit rows and columns of `grid` for block-based jumps (kept, and brought up to date
    /// cell by cell when the grid changes: in place while no search holds them, else in a copy).
    pub(crate) fn prepare_bits(&mut self, grid: &Grid) -> Arc<BitGrid> {
        match self.board.bits.as_mut() {
            Some(bits) if bits.version != grid.version() => Arc::make_mut(bits).update(grid),
            Some(_) => {}
            None => self.board.bits = Some(Arc::new(BitGrid::new(grid))),
        }
        self.board.bits.clone().expect("made above")
    }

    /// The jump distances of `grid` for JPS+ (kept until the grid changes).
    pub(crate) fn prepare_jumps(&mut self, grid: &Grid) -> Arc<JumpTable> {
        match &self.board.jumps {
            Some(j) if j.version == grid.version() => j.clone(),
            _ => self.board.jumps.insert(Arc::new(JumpTable::new(grid))).clone(),
        }
    }

    /// What a 2D search with `algorithm` on `grid` reads its jumps from, held by the search
    /// from its first slice to its last ([`Held`]).
    pub(crate) fn held_for(&mut self, grid: &Grid, algorithm: Algorithm) -> Held {
        match algorithm {
            Algorithm::JpsBlock => Held::Bits(self.prepare_bits(grid)),
            Algorithm::JpsPlus => Held::Jumps(self.prepare_jumps(grid)),
            _ => Held::Nothing,
        }
    }

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
    /// ([`Components::label_in_steps`]), then [`Algorithm::Hpa`]'s clusters (another cluster
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
        if self.board.hierarchy.as_deref().is_some_and(|h| h.cluster_side() == side && h.follows(grid)) {
            self.in_steps.hierarchy_build = None;
            return true;
        }
        if *work == 0 {
            return false;
        }
        let mut build = match self.in_steps.hierarchy_build.take() {
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
            self.in_steps.hierarchy_build = Some(build);
            return false;
        }
        self.board.hierarchy = build.into_hierarchy().map(Arc::new);
        true
    }

    /// The connected components every 2D search begins with, labelled a step at a time within
    /// `work` when none kept follow `grid` ([`Components::label_in_steps`]); whether they are
    /// ready.
    fn label_within(&mut self, grid: &Grid, topology: Topology, work: &mut usize) -> bool {
        if self.board.components.as_deref().is_some_and(|c| c.follows(grid, topology)) {
            self.in_steps.labelling = None;
            return true;
        }
        if *work == 0 {
            return false;
        }
        let mut labelling = match self.in_steps.labelling.take() {
            Some(l) if l.topology() == topology => l,
            _ => Components::label_in_steps(grid, topology),
        };
        *work = work.saturating_sub(labelling.advance(grid, *work));
        match labelling.is_done() {
            true => self.board.components = labelling.into_components().map(Arc::new),
            false => self.in_steps.labelling = Some(labelling),
        }
        self.in_steps.labelling.is_none()
    }

    /// The connected components under way in steps ([`Searcher::prepare_within`]): whether
    /// they are.
    pub fn labelling(&self) -> bool {
        self.in_steps.labelling.is_some()
    }

    /// The HPA* clusters under way in steps ([`Searcher::prepare_within`]): steps done and in
    /// all, if any are.
    pub fn hierarchy_progress(&self) -> Option<(usize, usize)> {
        self.in_steps.hierarchy_build.as_ref().map(HierarchyBuild::progress)
    }

    /// The subgoal graph of `grid` as it is now: the kept one when it was made for this grid at
    /// this revision, else made again (a grid with terrain has none: `None`).
    pub(crate) fn prepared_for(&mut self, grid: &Grid) -> Option<&Prepared> {
        if self.board.prepared.as_ref().is_none_or(|p| !p.is_for(grid)) {
            self.board.prepared = prepare(grid).ok();
        }
        if let Some(p) = &self.board.prepared {
            p.lend_jumps(&mut self.board.jumps);
        }
        self.board.prepared.as_ref()
    }

    /// The HPA* clusters of `grid` as it is now, from the kept ones ([`Hierarchy::kept`]: a
    /// hierarchy shared with others, see [`Searcher::keep_hierarchy`], is copied before it is
    /// brought up to date).
    pub(crate) fn hierarchy_for(&mut self, grid: &Grid) -> Option<&Hierarchy> {
        Hierarchy::kept(&mut self.board.hierarchy, grid)
    }

    /// The kept HPA* clusters, if any (for drawing them).
    pub fn kept_hierarchy(&self) -> Option<&Hierarchy> {
        self.board.hierarchy.as_deref()
    }

    /// The kept HPA* clusters, shared (so that other searchers, on other threads, can keep
    /// them too instead of building their own).
    pub fn shared_hierarchy(&self) -> Option<Arc<Hierarchy>> {
        self.board.hierarchy.clone()
    }

    /// Keeps `hierarchy` (shared with other searchers, say) for [`Algorithm::Hpa`] searches: a
    /// search uses it as it is when it was built or last updated for the grid searched (the
    /// same grid at the same revision, or a [`Snapshot`](crate::grid::Snapshot) of it), brings
    /// a copy of it up to date when that grid has changed since, and builds anew for another
    /// grid, exactly as with clusters it built itself.
    pub fn keep_hierarchy(&mut self, hierarchy: Arc<Hierarchy>) {
        self.board.hierarchy = Some(hierarchy);
    }

    /// The kept connected components of the last grid searched, shared (so that other
    /// searchers, on other threads, can keep them too instead of labelling the grid again:
    /// on 4096 x 4096 that takes about a second).
    pub fn shared_components(&self) -> Option<Arc<Components>> {
        self.board.components.clone()
    }

    /// Keeps `components` (shared with other searchers, say) for the reachability check every
    /// 2D search begins with: used as they are while they answer for the grid searched and its
    /// moves, brought up to date in a copy around the grid's edits, labelled again for another
    /// grid, exactly as components the searcher made itself.
    pub fn keep_components(&mut self, components: Arc<Components>) {
        self.board.components = Some(components);
    }

    /// Keeps `prepared` (read from a file, say) for searches of the grid it was made for; it is
    /// dropped, and the grid prepared again, as soon as a search is given another grid or the
    /// grid has changed.
    pub fn keep_prepared(&mut self, prepared: Prepared) {
        self.board.prepared = Some(prepared);
    }

    /// The kept subgoal graph, if any (for drawing it).
    pub fn kept_prepared(&self) -> Option<&Prepared> {
        self.board.prepared.as_ref()
    }

    /// Bytes held by what the searcher keeps of the last grid and the last world between
    /// searches: connected components, bit rows, jump distances, the subgoal graph and HPA*'s
    /// clusters, and a world's components and 3D JPS's bit rows and straight-jump table (its
    /// per-cell and per-voxel search records not counted).
    pub fn kept_bytes(&self) -> usize {
        self.world.components.as_ref().map_or(0, WorldComponents::bytes)
            + self.world.voxel_bits.as_ref().map_or(0, |b| b.bytes())
            + self.jps3d.straight_bytes()
            + self.board.components.as_deref().map_or(0, Components::bytes)
            + self.board.bits.as_deref().map_or(0, BitGrid::bytes)
            + self.board.jumps.as_deref().map_or(0, JumpTable::bytes)
            + self.board.prepared.as_ref().map_or(0, Prepared::bytes)
            + self.board.hierarchy.as_deref().map_or(0, Hierarchy::bytes)
    }

    /// Sets the generation stamp the next search counts on from, so tests can show that
    /// searches stay right across the stamp's wrap-around. Not for other use.
    #[doc(hidden)]
    pub fn set_generation(&mut self, generation: u32) {
        self.records.generation = generation.min(u32::MAX >> 1);
    }

    /// Swaps the per-cell records, their open list and notes with `stash`: how a
    /// [`Search`](crate::search::Search) keeps its records while it is put aside, and gives the
    /// searcher others to work in meanwhile.
    pub(crate) fn swap_records(&mut self, stash: &mut Stash) {
        std::mem::swap(&mut self.nodes, &mut stash.nodes);
        std::mem::swap(&mut self.heap, &mut stash.heap);
        std::mem::swap(&mut self.records, &mut stash.records);
    }
}

/// Checks that a search from `start` to `goal` with `options` can run on `grid`.
pub fn validate(grid: &Grid, start: Pos, goal: Pos, options: &SearchOptions) -> Result<(), SearchError> {
    for (which, p) in [("start", start), ("goal", goal)] {
        grid.check(p.0, p.1).map_err(|error| SearchError::OffGrid { which, error })?;
        if !grid.is_passable(p.0, p.1) {
            return Err(SearchError::Blocked { which, at: p });
        }
    }
    if !(options.weight >= 1.0 && options.weight.is_finite()) {
        return Err(SearchError::BadWeight(options.weight));
    }
    if options.algorithm.jumps() {
        // JPS also runs on 4 neighbours; its block-based and precomputed kinds only on 8
        let four = options.algorithm == Algorithm::Jps && options.topology == Topology::Square(DiagonalRule::Never);
        if options.topology != Topology::Square(DiagonalRule::NoCornerCutting) && !four {
            return Err(SearchError::JpsTopology);
        }
        if !grid.is_uniform() {
            return Err(SearchError::JpsWeighted);
        }
    }
    if matches!(options.algorithm, Algorithm::Subgoal | Algorithm::Hpa)
        && (options.topology != Topology::Square(DiagonalRule::NoCornerCutting) || !grid.is_uniform() || options.costs != CostModel::Exact)
    {
        return Err(SearchError::NeedsPlainBoard(options.algorithm));
    }
    if options.algorithm.any_angle()
        && (!matches!(options.topology, Topology::Square(DiagonalRule::NoCornerCutting | DiagonalRule::Never))
            || !grid.is_uniform()
            || options.costs != CostModel::Exact)
    {
        return Err(SearchError::AnyAngle);
    }
    Ok(())
}
