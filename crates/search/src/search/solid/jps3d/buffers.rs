//! What a 3D Jump Point Search works in, kept in the [`Searcher`](crate::search::Searcher) from one
//! search to the next so that a search allocates nothing once the buffers have grown.

use std::collections::BinaryHeap;

use crate::search::core::index_map::IndexMap;
use crate::search::core::open_list::{Entry, Node};
use crate::search::core::space::Plan;
use crate::search::core::types::SearchResult;
use crate::world::Pos3;
use crate::world::bits::At;

/// A jump waiting to be made: its direction and its open-list entry, keyed by the f and g of
/// the jump's first voxel and naming its batch. The jump point it starts from is the batch's.
#[derive(Clone, Copy)]
pub(super) struct Task {
    pub(super) key: Entry,
    pub(super) d: u8,
}

/// One expansion's jumps: the jump point they start from (in the bit rows' coordinates, with
/// its g and index), the number of the expansion, and the range of its tasks still waiting,
/// cheapest key first.
pub(super) struct Batch {
    pub(super) from: At,
    pub(super) g: f64,
    pub(super) node: u32,
    pub(super) by: u32,
    pub(super) next: u32,
    pub(super) end: u32,
}

/// The buffers of one search.
#[derive(Default)]
pub(crate) struct Buffers {
    /// The jump points expanded, in order (for the tests and the trace).
    pub(crate) expanded: Vec<u32>,
    /// The jump points put on the open list first, with the expansion that did (0 for the
    /// start, `k + 1` for the `k`-th).
    pub(crate) opened: Vec<(u32, u32)>,
    /// The jump points' g, parent and whether closed, by voxel index: the few jump points'
    /// records in a small table rather than an array over the world (whose scattered reads
    /// missed the cache on most relaxations, and which a world of 2^27 voxels would have to
    /// allocate); `mark` 1: closed, the rest the direction it was reached along.
    pub(crate) nodes: IndexMap<Node>,
    pub(super) open: Open,
    pub(super) tasks: Vec<Task>,
    pub(super) batches: Vec<Batch>,
    pub(super) dirs: Vec<usize>,
    /// The forced directions remembered (`Memo`): kept, never cleared, as no search or world
    /// changes them.
    pub(super) memo: Vec<u64>,
    /// The straight jumps of the world last searched, for its revision then (see `straight.rs`).
    pub(super) straight: Option<super::straight::Straight>,
    /// Which search the buffers hold: one more at each [`Buffers::clear`], so that a search
    /// parked between slices knows whether another has run since.
    pub(super) generation: u32,
}

impl Buffers {
    /// Bytes held by the straight-jump table kept, if any.
    pub(crate) fn straight_bytes(&self) -> usize {
        self.straight.as_ref().map_or(0, super::straight::Straight::bytes)
    }

    pub(crate) fn clear(&mut self) {
        self.generation = self.generation.wrapping_add(1);
        self.expanded.clear();
        self.opened.clear();
        self.nodes.clear();
        self.open.heap.clear();
        self.open.held = None;
        self.tasks.clear();
        self.batches.clear();
        self.dirs.clear();
    }
}

/// The open list: a binary heap, with the best entry pushed since the last pop held outside it
/// (as the 2D open list does). Along open air that entry is usually the next one popped (the
/// jump point or the batch's next jump just pushed), and then it costs no sifting at all.
#[derive(Default)]
pub(super) struct Open {
    heap: BinaryHeap<Entry>,
    held: Option<Entry>,
}

impl Open {
    pub(super) fn push(&mut self, e: Entry) {
        match self.held {
            Some(h) if h > e => self.heap.push(e),
            Some(h) => {
                self.heap.push(h);
                self.held = Some(e);
            }
            None => self.held = Some(e),
        }
    }

    /// The greatest entry (the lowest f, then the largest g), taken off.
    pub(super) fn pop(&mut self) -> Option<Entry> {
        let Some(h) = self.held.take() else { return self.heap.pop() };
        match self.heap.peek_mut() {
            Some(mut top) if *top > h => Some(std::mem::replace(&mut *top, h)),
            _ => Some(h),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The held slot changes nothing: entries come off in a plain binary heap's order, pushes
    /// and pops interleaved at random.
    #[test]
    fn the_open_list_pops_in_heap_order() {
        let mut draw = crate::rng::xorshift(0x2545_F491_4F6C_DD1Du64);
        let mut next = move |n: u64| draw() % n;
        let (mut open, mut plain) = (Open::default(), BinaryHeap::new());
        let mut popped = 0;
        for idx in 0..20_000 {
            if next(3) == 0 {
                let e = plain.pop();
                popped += e.is_some() as usize;
                assert_eq!(open.pop(), e);
            } else {
                // few distinct f and g, so that ties are common
                let e = Entry::new(next(40) as f64 * 0.5, next(8) as f64, idx);
                open.push(e);
                plain.push(e);
            }
        }
        while let Some(e) = plain.pop() {
            assert_eq!(open.pop(), Some(e));
        }
        assert_eq!(open.pop(), None);
        assert!(popped > 5000);
    }
}

/// A 3D JPS search under way: its ends, estimate weight and plan, the generation of the
/// searcher's buffers that hold it and the world's revision, its counts, and once it has
/// ended, its result.
#[derive(Clone, Debug)]
pub(crate) struct Run {
    pub(crate) ends: (Pos3, Pos3),
    pub(crate) weight: f64,
    pub(crate) plan: Plan,
    pub(crate) generation: u32,
    pub(crate) world: (u64, u64),
    pub(crate) expanded: usize,
    pub(crate) counts: (usize, usize),
    pub(crate) result: Option<SearchResult<Pos3>>,
}

impl crate::search::core::kept::Slot for Buffers {
    fn bytes(&self) -> usize {
        self.straight_bytes()
    }
}
