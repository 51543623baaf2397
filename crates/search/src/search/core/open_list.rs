//! The open list: an indexed binary heap of compact keys with decrease-key, and the per-cell
//! node records its entries name.

/// An open-list entry: one u128 key ordered by f, then larger g first, then lower index.
///
/// f is rounded to 40 bits of mantissa first (a relative step of 2^-40, under 1e-12): sums of
/// 1, sqrt 2 and sqrt 3 that are equal come out of floating point a few last bits apart in
/// different orders of addition, and unrounded those differences, not the larger g, decided
/// which of two equally good entries came first. In open air, where the octile estimates are
/// exact, A* then spread over a whole layer of equal f before diving along one path. Costs
/// that truly differ differ by far more than the rounding on any world this crate accepts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) struct Entry(u128);

/// The low mantissa bits of f that [`Entry`] rounds away.
const TIE_BITS: u32 = 12;

impl Entry {
    #[inline]
    pub(crate) fn new(f: f64, g: f64, idx: u32) -> Entry {
        // f and g are non-negative, so their bit patterns order like the numbers. The heap
        // pops the greatest, so f is inverted; the top 32 bits of g break ties (larger first).
        let f = (f.to_bits() + (1 << (TIE_BITS - 1))) & !((1 << TIE_BITS) - 1);
        let f = !f as u128;
        let g = (g.to_bits() >> 32) as u128;
        Entry((f << 64) | (g << 32) | (!idx) as u128)
    }

    #[inline]
    pub(crate) fn idx(self) -> u32 {
        !(self.0 as u32)
    }
}

/// Asks the processor to start loading `items[i]` (and the cache line after it) into cache.
#[inline(always)]
pub(crate) fn prefetch<T>(items: &[T], i: usize) {
    #[cfg(target_arch = "x86_64")]
    if i < items.len().saturating_sub(2) {
        let p = items[i..].as_ptr() as *const i8;
        // SAFETY: prefetching has no effect on memory; the address lies inside `items`.
        #[allow(unused_unsafe)]
        unsafe {
            std::arch::x86_64::_mm_prefetch(p, std::arch::x86_64::_MM_HINT_T0);
            std::arch::x86_64::_mm_prefetch(p.wrapping_add(64), std::arch::x86_64::_MM_HINT_T0);
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = (items, i);
}

/// The position recorded for the entry kept in the held slot.
const HELD: u32 = u32::MAX;

/// A binary max-heap of entries that knows where each node sits, so a cheaper way to a
/// queued node raises its entry instead of adding a second one: no stale entries.
///
/// The best entry pushed since the last pop waits in a held slot outside the array: on open
/// ground it is usually the next one popped, and then it costs no sifting at all.
#[derive(Default)]
pub(crate) struct IndexedHeap {
    pub(crate) items: Vec<Entry>,
    pub(crate) held: Option<Entry>,
    /// Row length of the grid, for prefetching a cell's neighbours.
    pub(crate) stride: usize,
    /// Where each queued node's entry sits in `items` (or [`HELD`]), by cell index: apart from
    /// the nodes, which stay 16 bytes (four to a cache line).
    pos: Vec<u32>,
}

impl IndexedHeap {
    /// Empties the heap for a search of a grid of `cells` padded cells with rows `stride` long.
    pub(crate) fn reset(&mut self, cells: usize, stride: usize) {
        self.items.clear();
        self.held = None;
        self.stride = stride;
        if self.pos.len() != cells {
            self.pos = vec![0; cells];
        }
    }

    pub(crate) fn iter(&self) -> impl Iterator<Item = &Entry> {
        self.items.iter().chain(self.held.as_ref())
    }

    /// The entry at `i`, which must be below the heap's length.
    #[inline(always)]
    fn item(&self, i: usize) -> Entry {
        debug_assert!(i < self.items.len());
        // SAFETY: callers pass positions inside the heap (the sifts' loop bounds)
        unsafe { *self.items.get_unchecked(i) }
    }

    /// Puts `e` at `i` (below the heap's length) and records where it is.
    #[inline(always)]
    fn place(&mut self, i: usize, e: Entry) {
        debug_assert!(i < self.items.len() && (e.idx() as usize) < self.pos.len());
        // SAFETY: `i` is inside the heap, and an entry's cell index is below the number of
        // cells, which is `pos`'s length (`reset`)
        unsafe {
            *self.items.get_unchecked_mut(i) = e;
            *self.pos.get_unchecked_mut(e.idx() as usize) = i as u32;
        }
    }

    #[inline(always)]
    fn sift_up(&mut self, mut i: usize, e: Entry) {
        while i > 0 {
            let parent = (i - 1) / 2;
            let pe = self.item(parent);
            if pe >= e {
                break;
            }
            self.place(i, pe);
            i = parent;
        }
        self.place(i, e);
    }

    #[inline]
    fn push_array(&mut self, e: Entry) {
        let i = self.items.len();
        self.items.push(e);
        self.sift_up(i, e);
    }

    #[inline]
    pub(crate) fn push(&mut self, nodes: &[Node], e: Entry) {
        match self.held {
            None => {
                self.held = Some(e);
                self.pos[e.idx() as usize] = HELD;
                self.prefetch_around(nodes, e);
            }
            Some(h) if e > h => {
                self.push_array(h);
                self.held = Some(e);
                self.pos[e.idx() as usize] = HELD;
                self.prefetch_around(nodes, e);
            }
            Some(_) => self.push_array(e),
        }
    }

    /// Starts loading the nodes around an entry's cell, which its expansion reads.
    #[inline(always)]
    fn prefetch_around(&self, nodes: &[Node], e: Entry) {
        let t = e.idx() as usize;
        prefetch(nodes, t.wrapping_sub(self.stride + 1));
        prefetch(nodes, (t + self.stride).wrapping_sub(1));
        prefetch(nodes, t.wrapping_sub(1));
    }

    /// Replaces a queued node's entry with a better one.
    #[inline]
    pub(crate) fn raise(&mut self, e: Entry) {
        let i = self.pos[e.idx() as usize];
        if i == HELD {
            debug_assert!(self.held.is_some_and(|h| h.idx() == e.idx() && h <= e));
            self.held = Some(e);
            return;
        }
        let i = i as usize;
        debug_assert!(self.items[i].idx() == e.idx() && self.items[i] <= e);
        self.sift_up(i, e);
    }

    #[inline(always)]
    pub(crate) fn pop(&mut self, nodes: &[Node]) -> Option<Entry> {
        if let Some(h) = self.held
            && self.items.first().is_none_or(|&top| h > top)
        {
            self.held = None;
            return Some(h);
        }
        let last = self.items.pop()?;
        if self.items.is_empty() {
            return Some(last);
        }
        let top = self.items[0];
        // The cell's neighbours are read next: start loading their rows while the heap sifts.
        self.prefetch_around(nodes, top);
        // Move the hole down to a leaf along the larger children, then sift `last` up from there.
        let n = self.items.len();
        let mut i = 0;
        loop {
            let mut c = 2 * i + 1;
            if c + 1 < n {
                // the larger child, picked without a branch
                c += (self.item(c + 1) > self.item(c)) as usize;
            } else if c >= n {
                break;
            }
            self.place(i, self.item(c));
            i = c;
        }
        self.sift_up(i, last);
        Some(top)
    }
}

/// Everything the search knows of one cell, together so a visit touches one cache line.
#[derive(Clone, Copy, Default)]
pub(crate) struct Node {
    pub(crate) g: f64,
    pub(crate) parent: u32,
    /// `stamp << 1` when seen in this search, `| 1` when also closed.
    pub(crate) mark: u32,
}

/// No parent.
pub(crate) const NONE: u32 = u32::MAX;

/// The padded cells from `start` to `goal` along the nodes' parents.
pub(crate) fn parent_chain(nodes: &[Node], start: u32, goal: u32) -> Vec<u32> {
    let mut chain = vec![goal];
    let mut at = goal;
    while at != start {
        at = nodes[at as usize].parent;
        chain.push(at);
    }
    chain.reverse();
    chain
}

/// The cells of a path through `turns` (padded cells, each joined to the next by a straight
/// or diagonal run, as JPS's jump points are; one step apart for the other searches), with its
/// straight and diagonal moves (every move counted straight unless `diagonals`: hex boards).
pub(crate) fn fill_runs(turns: &[u32], coords: impl Fn(usize) -> crate::grid::Pos, diagonals: bool) -> (Vec<crate::grid::Pos>, u64, u64) {
    let mut cells = Vec::with_capacity(turns.len());
    let (mut straight, mut diagonal) = (0u64, 0u64);
    cells.push(coords(turns[0] as usize));
    for &i in &turns[1..] {
        let p = coords(i as usize);
        let q = *cells.last().expect("the first cell");
        let (dx, dy) = ((p.0 as isize - q.0 as isize).signum(), (p.1 as isize - q.1 as isize).signum());
        let mut c = q;
        while c != p {
            c = ((c.0 as isize + dx) as usize, (c.1 as isize + dy) as usize);
            cells.push(c);
            if diagonals && dx != 0 && dy != 0 {
                diagonal += 1;
            } else {
                straight += 1;
            }
        }
    }
    (cells, straight, diagonal)
}
