//! [`Searcher`]: the buffers a search works in, reused from one search to the next, and what it
//! keeps between searches ([`Kept`]: each kind of search its own slot); [`validate`], the check
//! every search makes before it starts. The searches themselves are run from `run/`.

use std::collections::VecDeque;
use std::sync::Arc;

use crate::grid::Pos;
use crate::grid::board::Grid;
use crate::grid::components::{Components, Labelling};
use crate::grid::rules::{CostModel, DiagonalRule, Topology};
use crate::search::core::kept::{Kept, Slot};
use crate::search::core::open_list::{IndexedHeap, Node};
use crate::search::core::options::{Algorithm, SearchOptions};
use crate::search::core::paged::{Paged, Queue};
use crate::search::core::stamp::Stamp;
use crate::search::core::types::SearchError;

/// Reusable search buffers: scratch space, plus a small cache of values derived from the last
/// grid and the last world searched.
///
/// Four fields, each there for one reason: the per-cell records (`nodes`) and the open list
/// over them (`heap`), which every best-first search works in and which are kept so that the
/// next search does not allocate them again; what searches note beside the records (`records`:
/// the stamps that tell one search's records from another's, the expansion order, the
/// breadth-first queue); and what the kinds of search keep between searches (`kept`: one slot
/// for each kind, defined where that kind lives and found by its type): the board's connected
/// parts, block-based JPS's bit rows, JPS+'s jump distances, the subgoal graph and its query's
/// buffers, HPA*'s clusters and its query's buffers, a world's connected parts, clutter and
/// bit rows, and 3D JPS's buffers. Each derived value is stamped with the identity and revision
/// of the grid or world it answers for, and is made again (or brought up to date, in a copy
/// while a search holds it) for any other.
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
    /// What each kind of search keeps between searches, in its own slot (see [`Kept`]).
    pub(crate) kept: Kept,
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
    /// A voxel world's records, in pages handed out where the search goes, and the open list
    /// over them.
    pub(crate) paged: Paged,
    pub(crate) queue: Queue,
}

/// The board's connected parts, kept between searches: every 2D search asks them first
/// whether its goal can be reached.
#[derive(Default)]
pub(crate) struct BoardParts {
    /// The connected components, under one topology's links (stamped with the grid's
    /// identity and revision).
    pub(crate) components: Option<Arc<Components>>,
    /// Components being labelled a step at a time ([`Searcher::prepare_within`]).
    pub(crate) labelling: Option<Labelling>,
}

impl Slot for BoardParts {
    fn bytes(&self) -> usize {
        self.components.as_deref().map_or(0, Components::bytes)
    }
}

impl Searcher {
    /// Readies the paged records for a search of a voxel world of `len` voxels, under a new
    /// stamp (shared with the board's records, so that a search parked on either knows another
    /// has run since).
    pub(crate) fn prepare_paged(&mut self, len: usize) {
        if self.records.generation == u32::MAX >> 1 || self.records.id == 0 {
            // the stamps start again: the board's records, whose marks hold the old ones, are
            // dropped (the next board search makes them anew)
            self.nodes = Vec::new();
            self.records.generation = 0;
            self.records.id = Stamp::new().get();
        }
        self.records.generation += 1;
        self.records.paged.reset(len);
        self.records.queue.clear();
        self.records.fifo.clear();
        self.records.pushed_now.clear();
    }

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
        Components::kept_shared(&mut self.kept.slot::<BoardParts>().components, grid, topology).connected(start, goal)
    }

    /// The connected components every 2D search begins with, labelled a step at a time within
    /// `work` when none kept follow `grid` ([`Components::label_in_steps`]); whether they are
    /// ready.
    pub(crate) fn label_within(&mut self, grid: &Grid, topology: Topology, work: &mut usize) -> bool {
        let parts = self.kept.slot::<BoardParts>();
        if parts.components.as_deref().is_some_and(|c| c.follows(grid, topology)) {
            parts.labelling = None;
            return true;
        }
        if *work == 0 {
            return false;
        }
        let mut labelling = match parts.labelling.take() {
            Some(l) if l.topology() == topology => l,
            _ => Components::label_in_steps(grid, topology),
        };
        *work = work.saturating_sub(labelling.advance(grid, *work));
        match labelling.is_done() {
            true => parts.components = labelling.into_components().map(Arc::new),
            false => parts.labelling = Some(labelling),
        }
        parts.labelling.is_none()
    }

    /// The connected components under way in steps ([`Searcher::prepare_within`]): whether
    /// they are.
    pub fn labelling(&self) -> bool {
        self.kept.peek::<BoardParts>().is_some_and(|p| p.labelling.is_some())
    }

    /// The kept connected components of the last grid searched, shared (so that other
    /// searchers, on other threads, can keep them too instead of labelling the grid again:
    /// on 4096 x 4096 that takes about a second).
    pub fn shared_components(&self) -> Option<Arc<Components>> {
        self.kept.peek::<BoardParts>().and_then(|p| p.components.clone())
    }

    /// Keeps `components` (shared with other searchers, say) for the reachability check every
    /// 2D search begins with: used as they are while they answer for the grid searched and its
    /// moves, brought up to date in a copy around the grid's edits, labelled again for another
    /// grid, exactly as components the searcher made itself.
    pub fn keep_components(&mut self, components: Arc<Components>) {
        self.kept.slot::<BoardParts>().components = Some(components);
    }

    /// Bytes held by what the searcher keeps of the last grid and the last world between
    /// searches: connected components, bit rows, jump distances, the subgoal graph and HPA*'s
    /// clusters, and a world's components and 3D JPS's bit rows and straight-jump table (its
    /// per-cell and per-voxel search records not counted).
    pub fn kept_bytes(&self) -> usize {
        self.kept.bytes()
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
