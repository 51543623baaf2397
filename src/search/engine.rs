//! The search engine: A*, Dijkstra, greedy best-first, BFS and Jump Point Search over a
//! [`Grid`], one expansion at a time ([`StepSearch`]) or all at once ([`Searcher::search`]).
//!
//! Buffers live in a [`Searcher`] and are reused: repeated searches on grids of one size
//! allocate nothing proportional to the grid after the first. Cells are marked with a
//! generation stamp instead of clearing arrays. Ties on f prefer the larger g, then the lower
//! cell index, so the same input always gives the same path.

use std::collections::VecDeque;
use std::fmt;

use super::grid::{BLOCKED, Grid, GridError, may_enter};
use super::rules::{Algorithm, CostModel, DiagonalRule, Heuristic, SearchOptions, Topology};

/// A cell as (x, y): x the column, y the row.
pub type Pos = (usize, usize);

/// The outcome of a finished search.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchResult {
    /// Cells from start to goal inclusive, each a legal move from the one before; `None` when
    /// the goal cannot be reached.
    pub path: Option<Vec<Pos>>,
    /// The path's cost: the sum of its steps, each the step's length times the entered cell's
    /// weight; `None` without a path.
    pub cost: Option<f64>,
    /// Nodes taken off the open list and expanded (jump points for JPS).
    pub expanded: usize,
    /// Nodes put on the open list (the start included).
    pub pushed: usize,
    /// Whether the settings guarantee a least-cost path.
    pub admissible: bool,
}

/// Why a search could not start.
#[derive(Clone, Debug, PartialEq)]
pub enum SearchError {
    /// The start or goal is off the grid.
    OffGrid { which: &'static str, error: GridError },
    /// The start or goal cell is blocked.
    Blocked { which: &'static str, at: Pos },
    /// Jump Point Search needs a square grid with the no-corner-cutting rule.
    JpsTopology,
    /// Jump Point Search needs uniform costs (no weights, swamp or water).
    JpsWeighted,
    /// The heuristic weight must be a number of at least 1.
    BadWeight(f64),
}

impl fmt::Display for SearchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SearchError::OffGrid { which, error } => write!(f, "{which}: {error}"),
            SearchError::Blocked { which, at } => write!(f, "{which} {},{} is blocked", at.0, at.1),
            SearchError::JpsTopology => f.write_str(
                "jump point search needs a square grid with 8 neighbours and the no-corner-cutting rule",
            ),
            SearchError::JpsWeighted => f.write_str(
                "jump point search needs uniform costs: this grid has weighted, swamp or water cells",
            ),
            SearchError::BadWeight(w) => write!(f, "heuristic weight {w} is not allowed: it must be at least 1"),
        }
    }
}

impl std::error::Error for SearchError {}

/// What one call of [`StepSearch::step`] did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// Expanded this cell; the search goes on.
    Expanded(Pos),
    /// Took the goal off the open list: the search is over with a path.
    Found,
    /// The open list ran empty: the search is over without a path.
    NoPath,
}

/// Where a touched cell stands in the search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CellState {
    Open,
    Closed,
}

/// What the search knows about one cell.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CellInfo {
    pub state: CellState,
    /// Best known cost from the start.
    pub g: f64,
    /// The weighted heuristic estimate to the goal.
    pub h: f64,
    /// g + h (greedy orders by h alone; BFS by arrival).
    pub f: f64,
    /// The cell this one was reached from (`None` for the start).
    pub parent: Option<Pos>,
    /// When the cell was expanded: 0 for the first expansion.
    pub expansion: Option<usize>,
}

/// An open-list entry: one u128 key ordered by f, then larger g first, then lower index.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
struct Entry(u128);

impl Entry {
    #[inline]
    fn new(f: f64, g: f64, idx: u32) -> Entry {
        // f and g are non-negative, so their bit patterns order like the numbers. The heap
        // pops the greatest, so f is inverted; the top 32 bits of g break ties (larger first).
        let f = !f.to_bits() as u128;
        let g = (g.to_bits() >> 32) as u128;
        Entry((f << 64) | (g << 32) | (!idx) as u128)
    }

    #[inline]
    fn idx(self) -> u32 {
        !(self.0 as u32)
    }

}

/// Asks the processor to start loading `nodes[i]` (and the cache line after it) into cache.
#[inline(always)]
fn prefetch(nodes: &[Node], i: usize) {
    #[cfg(target_arch = "x86_64")]
    if i + 2 < nodes.len() {
        let p = nodes[i..].as_ptr() as *const i8;
        // SAFETY: prefetching has no effect on memory; the address lies inside `nodes`.
        #[allow(unused_unsafe)]
        unsafe {
            std::arch::x86_64::_mm_prefetch(p, std::arch::x86_64::_MM_HINT_T0);
            std::arch::x86_64::_mm_prefetch(p.wrapping_add(64), std::arch::x86_64::_MM_HINT_T0);
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = (nodes, i);
}

/// `heap_pos` of the entry kept in the held slot.
const HELD: u32 = u32::MAX;

/// A binary max-heap of entries that knows where each node sits, so a cheaper way to a
/// queued node raises its entry instead of adding a second one: no stale entries.
///
/// The best entry pushed since the last pop waits in a held slot outside the array: on open
/// ground it is usually the next one popped, and then it costs no sifting at all.
#[derive(Default)]
struct IndexedHeap {
    items: Vec<Entry>,
    held: Option<Entry>,
    /// Row length of the grid, for prefetching a cell's neighbours.
    stride: usize,
}

impl IndexedHeap {
    fn clear(&mut self) {
        self.items.clear();
        self.held = None;
    }

    fn iter(&self) -> impl Iterator<Item = &Entry> {
        self.items.iter().chain(self.held.as_ref())
    }

    #[inline]
    fn sift_up(&mut self, nodes: &mut [Node], mut i: usize, e: Entry) {
        while i > 0 {
            let parent = (i - 1) / 2;
            let pe = self.items[parent];
            if pe >= e {
                break;
            }
            self.items[i] = pe;
            nodes[pe.idx() as usize].heap_pos = i as u32;
            i = parent;
        }
        self.items[i] = e;
        nodes[e.idx() as usize].heap_pos = i as u32;
    }

    #[inline]
    fn push_array(&mut self, nodes: &mut [Node], e: Entry) {
        let i = self.items.len();
        self.items.push(e);
        self.sift_up(nodes, i, e);
    }

    #[inline]
    fn push(&mut self, nodes: &mut [Node], e: Entry) {
        match self.held {
            None => {
                self.held = Some(e);
                nodes[e.idx() as usize].heap_pos = HELD;
                self.prefetch_around(nodes, e);
            }
            Some(h) if e > h => {
                self.push_array(nodes, h);
                self.held = Some(e);
                nodes[e.idx() as usize].heap_pos = HELD;
                self.prefetch_around(nodes, e);
            }
            Some(_) => self.push_array(nodes, e),
        }
    }

    /// Starts loading the nodes around an entry's cell, which its expansion reads.
    #[inline(always)]
    fn prefetch_around(&self, nodes: &[Node], e: Entry) {
        let t = e.idx() as usize;
        prefetch(nodes, t.wrapping_sub(self.stride + 1));
        prefetch(nodes, t + self.stride - 1);
        prefetch(nodes, t - 1);
    }

    /// Replaces a queued node's entry with a better one.
    #[inline]
    fn raise(&mut self, nodes: &mut [Node], e: Entry) {
        let i = nodes[e.idx() as usize].heap_pos;
        if i == HELD {
            debug_assert!(self.held.is_some_and(|h| h.idx() == e.idx() && h <= e));
            self.held = Some(e);
            return;
        }
        let i = i as usize;
        debug_assert!(self.items[i].idx() == e.idx() && self.items[i] <= e);
        self.sift_up(nodes, i, e);
    }

    #[inline]
    fn pop(&mut self, nodes: &mut [Node]) -> Option<Entry> {
        if let Some(h) = self.held {
            if self.items.first().is_none_or(|&top| h > top) {
                self.held = None;
                return Some(h);
            }
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
            if c >= n {
                break;
            }
            if c + 1 < n && self.items[c + 1] > self.items[c] {
                c += 1;
            }
            let ce = self.items[c];
            self.items[i] = ce;
            nodes[ce.idx() as usize].heap_pos = i as u32;
            i = c;
        }
        self.sift_up(nodes, i, last);
        Some(top)
    }
}

/// Everything the search knows of one cell, together so a visit touches one cache line.
#[derive(Clone, Copy, Default)]
struct Node {
    g: f64,
    parent: u32,
    /// `stamp << 1` when seen in this search, `| 1` when also closed.
    mark: u32,
    heap_pos: u32,
}

const NONE: u32 = u32::MAX;

/// Reusable search buffers.
///
/// ```
/// use cubepath::search::{Grid, Searcher, SearchOptions};
/// let grid = Grid::new(5, 5).unwrap();
/// let mut searcher = Searcher::default();
/// let result = searcher.search(&grid, (0, 0), (4, 4), &SearchOptions::default()).unwrap();
/// assert_eq!(result.path.unwrap().len(), 5); // four diagonal steps
/// assert!((result.cost.unwrap() - 4.0 * 2f64.sqrt()).abs() < 1e-12);
/// ```
#[derive(Default)]
pub struct Searcher {
    nodes: Vec<Node>,
    /// Expansion index of each closed cell, for the step view.
    order: Vec<u32>,
    generation: u32,
    heap: IndexedHeap,
    fifo: VecDeque<u32>,
    pushed_now: Vec<u32>,
}

impl Searcher {
    fn prepare(&mut self, len: usize, stride: usize) {
        if self.nodes.len() != len {
            self.nodes = vec![Node::default(); len];
            self.order = vec![0; len];
            self.generation = 0;
        }
        if self.generation == u32::MAX >> 1 {
            self.nodes.fill(Node::default());
            self.generation = 0;
        }
        self.generation += 1;
        self.heap.clear();
        self.heap.stride = stride;
        self.fifo.clear();
        self.pushed_now.clear();
    }

    /// Runs a whole search from `start` to `goal`.
    ///
    /// Errors when an endpoint is off the grid or blocked, or the options do not fit the grid
    /// (JPS on a weighted grid or without the no-corner-cutting rule, a weight below 1).
    pub fn search(&mut self, grid: &Grid, start: Pos, goal: Pos, options: &SearchOptions) -> Result<SearchResult, SearchError> {
        let mut run = StepSearch::new(self, grid, start, goal, options)?;
        run.record = false;
        while !run.is_finished() {
            run.step();
        }
        Ok(run.result())
    }

    /// Starts a search that advances one expansion per [`StepSearch::step`].
    pub fn steps<'a>(&'a mut self, grid: &'a Grid, start: Pos, goal: Pos, options: &SearchOptions) -> Result<StepSearch<'a>, SearchError> {
        StepSearch::new(self, grid, start, goal, options)
    }
}

/// Runs one search with fresh buffers. See [`Searcher::search`].
pub fn find_path(grid: &Grid, start: Pos, goal: Pos, options: &SearchOptions) -> Result<SearchResult, SearchError> {
    Searcher::default().search(grid, start, goal, options)
}

/// Checks that a search from `start` to `goal` with `options` can run on `grid`.
pub fn validate(grid: &Grid, start: Pos, goal: Pos, options: &SearchOptions) -> Result<(), SearchError> {
    for (which, p) in [("start", start), ("goal", goal)] {
        grid.check(p.0 as i64, p.1 as i64).map_err(|error| SearchError::OffGrid { which, error })?;
        if !grid.is_passable(p.0, p.1) {
            return Err(SearchError::Blocked { which, at: p });
        }
    }
    if !(options.weight >= 1.0 && options.weight.is_finite()) {
        return Err(SearchError::BadWeight(options.weight));
    }
    if options.algorithm == Algorithm::Jps {
        if options.topology != Topology::Square(DiagonalRule::NoCornerCutting) {
            return Err(SearchError::JpsTopology);
        }
        if !grid.is_uniform() {
            return Err(SearchError::JpsWeighted);
        }
    }
    Ok(())
}

/// A search in progress, advanced one expansion at a time. Ends with the same result as
/// [`Searcher::search`] on the same input.
pub struct StepSearch<'a> {
    s: &'a mut Searcher,
    grid: &'a Grid,
    options: SearchOptions,
    heuristic: Heuristic,
    start: u32,
    goal: u32,
    goal_pos: Pos,
    stamp: u32,
    expanded: usize,
    pushed: usize,
    current: Option<u32>,
    finished: Option<bool>,
    special: bool,
    offsets: [isize; 8],
    /// Keep the cells each step pushed, for [`StepSearch::last_pushed`] (off in one-shot runs).
    record: bool,
}

// Directions 0..4 straight (N, S, W, E), 4..8 diagonal (NW, NE, SW, SE).
const DX: [isize; 8] = [0, 0, -1, 1, -1, 1, -1, 1];
const DY: [isize; 8] = [-1, 1, 0, 0, -1, -1, 1, 1];

impl<'a> StepSearch<'a> {
    /// Starts a search; see [`Searcher::search`] for the errors.
    pub fn new(s: &'a mut Searcher, grid: &'a Grid, start: Pos, goal: Pos, options: &SearchOptions) -> Result<Self, SearchError> {
        validate(grid, start, goal, options)?;
        s.prepare(grid.padded_len(), grid.stride());
        let stride = grid.stride() as isize;
        let mut offsets = [0isize; 8];
        for d in 0..8 {
            offsets[d] = DY[d] * stride + DX[d];
        }
        let mut run = StepSearch {
            stamp: s.generation,
            s,
            grid,
            options: *options,
            heuristic: options.heuristic(),
            start: grid.index(start.0, start.1) as u32,
            goal: grid.index(goal.0, goal.1) as u32,
            goal_pos: goal,
            expanded: 0,
            pushed: 0,
            current: None,
            finished: None,
            special: !grid.is_uniform(),
            offsets,
            record: true,
        };
        let h = run.estimate(start);
        run.touch(run.start, 0.0, h, NONE, false);
        Ok(run)
    }

    #[inline]
    fn estimate(&self, p: Pos) -> f64 {
        let h = self.heuristic.estimate(self.options.topology, self.options.costs, p, self.goal_pos);
        if self.options.weight == 1.0 { h } else { h * self.options.weight }
    }

    /// Records a better way to `idx` and puts it on the open list.
    #[inline]
    fn touch(&mut self, idx: u32, g: f64, h: f64, parent: u32, queued: bool) {
        let i = idx as usize;
        let s = &mut *self.s;
        let node = &mut s.nodes[i];
        node.g = g;
        node.parent = parent;
        node.mark = self.stamp << 1;
        if self.record {
            s.pushed_now.push(idx);
        }
        self.pushed += 1;
        match self.options.algorithm {
            Algorithm::Bfs => s.fifo.push_back(idx),
            // Greedy orders by h alone: a better g keeps the entry where it is.
            Algorithm::Greedy if queued => {}
            Algorithm::Greedy => s.heap.push(&mut s.nodes, Entry::new(h, g, idx)),
            _ if queued => s.heap.raise(&mut s.nodes, Entry::new(g + h, g, idx)),
            _ => s.heap.push(&mut s.nodes, Entry::new(g + h, g, idx)),
        }
    }

    /// Whether the search is over.
    pub fn is_finished(&self) -> bool {
        self.finished.is_some()
    }

    /// Advances by one expansion. After the end it keeps returning the final step.
    pub fn step(&mut self) -> Step {
        if let Some(found) = self.finished {
            return if found { Step::Found } else { Step::NoPath };
        }
        self.s.pushed_now.clear();
        let Some(idx) = self.pop() else {
            self.finished = Some(false);
            self.current = None;
            return Step::NoPath;
        };
        let i = idx as usize;
        self.s.nodes[i].mark = self.stamp << 1 | 1;
        if self.record {
            self.s.order[i] = self.expanded as u32;
        }
        self.expanded += 1;
        self.current = Some(idx);
        if idx == self.goal {
            self.finished = Some(true);
            return Step::Found;
        }
        let pos = self.grid.coords(i);
        match (self.options.algorithm, self.options.topology) {
            (Algorithm::Jps, _) => self.expand_jps(idx, pos),
            (_, Topology::Hex) => self.expand_hex(idx, pos),
            (_, Topology::Square(rule)) => self.expand_square(idx, pos, rule),
        }
        Step::Expanded(pos)
    }

    #[inline]
    fn pop(&mut self) -> Option<u32> {
        if self.options.algorithm == Algorithm::Bfs {
            return self.s.fifo.pop_front();
        }
        let s = &mut *self.s;
        s.heap.pop(&mut s.nodes).map(Entry::idx)
    }

    /// Offers the neighbour `n` at `npos`, reached from `idx` by a step of cost `step`.
    #[inline]
    fn relax(&mut self, idx: u32, g_here: f64, n: u32, npos: Pos, step: f64) {
        let ni = n as usize;
        let node = &self.s.nodes[ni];
        if node.mark == self.stamp << 1 | 1 {
            return;
        }
        let g = g_here + step;
        if node.mark >> 1 != self.stamp {
            let h = self.estimate(npos);
            self.touch(n, g, h, idx, false);
        } else if g < node.g && self.options.algorithm != Algorithm::Bfs {
            // BFS keeps the first arrival; the others take the cheaper way.
            let h = self.estimate(npos);
            self.touch(n, g, h, idx, true);
        }
    }

    #[inline]
    fn weight_of(code: u8) -> f64 {
        code as f64 // ground codes are their weights; swamp and water are mapped before
    }

    #[inline]
    fn entry_cost(&self, from: u8, to: u8) -> Option<f64> {
        if to == BLOCKED {
            return None;
        }
        if !self.special {
            return Some(1.0);
        }
        if !may_enter(from, to) {
            return None;
        }
        Some(if to >= 10 { 1.0 } else { Self::weight_of(to) })
    }

    fn expand_square(&mut self, idx: u32, pos: Pos, rule: DiagonalRule) {
        let codes = self.grid.codes();
        let i = idx as usize;
        let here = codes[i];
        let g_here = self.s.nodes[i].g;
        let straight = self.options.costs.straight();
        let diagonal = self.options.costs.diagonal();
        let mut open = [false; 4];
        for d in 0..4 {
            let n = (i as isize + self.offsets[d]) as usize;
            open[d] = codes[n] != BLOCKED;
            if let Some(w) = self.entry_cost(here, codes[n]) {
                let npos = ((pos.0 as isize + DX[d]) as usize, (pos.1 as isize + DY[d]) as usize);
                self.relax(idx, g_here, n as u32, npos, straight * w);
            }
        }
        if rule == DiagonalRule::Never {
            return;
        }
        // diagonal d passes between straight neighbours SIDES[d].
        const SIDES: [(usize, usize); 4] = [(0, 2), (0, 3), (1, 2), (1, 3)];
        for (k, &(a, b)) in SIDES.iter().enumerate() {
            let free = open[a] as u8 + open[b] as u8;
            let allowed = match rule {
                DiagonalRule::NoCornerCutting => free == 2,
                DiagonalRule::OneFree => free >= 1,
                _ => true,
            };
            if !allowed {
                continue;
            }
            let d = 4 + k;
            let n = (i as isize + self.offsets[d]) as usize;
            if let Some(w) = self.entry_cost(here, codes[n]) {
                let npos = ((pos.0 as isize + DX[d]) as usize, (pos.1 as isize + DY[d]) as usize);
                self.relax(idx, g_here, n as u32, npos, diagonal * w);
            }
        }
    }

    fn expand_hex(&mut self, idx: u32, pos: Pos) {
        let codes = self.grid.codes();
        let here = codes[idx as usize];
        let g_here = self.s.nodes[idx as usize].g;
        let step = self.options.costs.straight();
        for npos in hex_neighbours(pos) {
            let Some(npos) = npos else { continue };
            if npos.0 >= self.grid.width() || npos.1 >= self.grid.height() {
                continue;
            }
            let n = self.grid.index(npos.0, npos.1);
            if let Some(w) = self.entry_cost(here, codes[n]) {
                self.relax(idx, g_here, n as u32, npos, step * w);
            }
        }
    }

    // --- Jump Point Search (Harabor and Grastien 2011), no corner cutting ---

    #[inline]
    fn open_at(&self, i: isize) -> bool {
        self.grid.codes()[i as usize] != BLOCKED
    }

    /// Jumps straight from `i` by `d`; `a` and `b` are the two perpendicular offsets.
    fn jump_straight(&self, mut i: isize, d: isize, a: isize, b: isize) -> Option<isize> {
        loop {
            i += d;
            if !self.open_at(i) {
                return None;
            }
            if i == self.goal as isize {
                return Some(i);
            }
            // A side cell that could not be reached diagonally from the previous cell is forced.
            if (self.open_at(i + a) && !self.open_at(i - d + a)) || (self.open_at(i + b) && !self.open_at(i - d + b)) {
                return Some(i);
            }
        }
    }

    /// Jumps diagonally from `i` by `dx + dy` (offsets of one column and one row).
    fn jump_diagonal(&self, mut i: isize, dx: isize, dy: isize) -> Option<isize> {
        loop {
            if !self.open_at(i + dx) || !self.open_at(i + dy) {
                return None;
            }
            i += dx + dy;
            if !self.open_at(i) {
                return None;
            }
            if i == self.goal as isize {
                return Some(i);
            }
            if self.jump_straight(i, dx, dy, -dy).is_some() || self.jump_straight(i, dy, dx, -dx).is_some() {
                return Some(i);
            }
        }
    }

    fn expand_jps(&mut self, idx: u32, pos: Pos) {
        let i = idx as isize;
        let stride = self.grid.stride() as isize;
        let parent = self.s.nodes[idx as usize].parent;
        // Directions to search, as (dx, dy) in cells.
        let mut dirs: [(isize, isize); 8] = [(0, 0); 8];
        let mut count = 0;
        let mut add = |d: (isize, isize)| {
            dirs[count] = d;
            count += 1;
        };
        if parent == NONE {
            for d in 0..8 {
                add((DX[d], DY[d]));
            }
        } else {
            let p = self.grid.coords(parent as usize);
            let dx = (pos.0 as isize - p.0 as isize).signum();
            let dy = (pos.1 as isize - p.1 as isize).signum();
            if dx != 0 && dy != 0 {
                add((dx, 0));
                add((0, dy));
                add((dx, dy));
            } else {
                add((dx, dy));
                // forced neighbours: a side cell whose diagonal from the parent was cut off
                let back = -(dx + dy * stride);
                let sides: [(isize, isize); 2] = if dx != 0 { [(0, 1), (0, -1)] } else { [(1, 0), (-1, 0)] };
                for (sx, sy) in sides {
                    let side = sx + sy * stride;
                    if self.open_at(i + side) && !self.open_at(i + back + side) {
                        add((sx, sy));
                        add((dx + sx, dy + sy));
                    }
                }
            }
        }
        let straight = self.options.costs.straight();
        let diagonal = self.options.costs.diagonal();
        let g_here = self.s.nodes[idx as usize].g;
        for &(dx, dy) in &dirs[..count] {
            let found = if dx != 0 && dy != 0 {
                self.jump_diagonal(i, dx, dy * stride)
            } else {
                let d = dx + dy * stride;
                let (a, b) = if dx != 0 { (stride, -stride) } else { (1, -1) };
                self.jump_straight(i, d, a, b)
            };
            if let Some(j) = found {
                let jpos = self.grid.coords(j as usize);
                let steps = jpos.0.abs_diff(pos.0).max(jpos.1.abs_diff(pos.1)) as f64;
                let cost = if dx != 0 && dy != 0 { diagonal * steps } else { straight * steps };
                self.relax(idx, g_here, j as u32, jpos, cost);
            }
        }
    }

    // --- inspection ---

    fn is_closed(&self, i: usize) -> bool {
        self.s.nodes[i].mark == self.stamp << 1 | 1
    }

    /// The cell expanded by the last step.
    pub fn current(&self) -> Option<Pos> {
        self.current.map(|i| self.grid.coords(i as usize))
    }

    /// Cells pushed or improved by the last step.
    pub fn last_pushed(&self) -> impl Iterator<Item = Pos> + '_ {
        self.s.pushed_now.iter().map(|&i| self.grid.coords(i as usize))
    }

    /// Nodes expanded so far.
    pub fn expanded(&self) -> usize {
        self.expanded
    }

    /// Nodes pushed so far.
    pub fn pushed(&self) -> usize {
        self.pushed
    }

    /// What the search knows of (x, y), or `None` if it has not touched the cell.
    pub fn info(&self, p: Pos) -> Option<CellInfo> {
        if self.grid.check(p.0 as i64, p.1 as i64).is_err() {
            return None;
        }
        let i = self.grid.index(p.0, p.1);
        if self.s.nodes[i].mark >> 1 != self.stamp {
            return None;
        }
        let closed = self.is_closed(i);
        let (g, h) = (self.s.nodes[i].g, self.estimate(p));
        let parent = self.s.nodes[i].parent;
        Some(CellInfo {
            state: if closed { CellState::Closed } else { CellState::Open },
            g,
            h,
            f: match self.options.algorithm {
                Algorithm::Greedy => h,
                _ => g + h,
            },
            parent: (parent != NONE).then(|| self.grid.coords(parent as usize)),
            expansion: closed.then_some(self.s.order[i] as usize),
        })
    }

    /// The cells on the open list (each once).
    pub fn open_cells(&self) -> Vec<Pos> {
        let queued: Vec<u32> = match self.options.algorithm {
            Algorithm::Bfs => self.s.fifo.iter().copied().collect(),
            _ => self.s.heap.iter().map(|e| e.idx()).collect(),
        };
        let mut cells: Vec<u32> = queued.into_iter().filter(|&i| !self.is_closed(i as usize)).collect();
        cells.sort_unstable();
        cells.dedup();
        cells.into_iter().map(|i| self.grid.coords(i as usize)).collect()
    }

    /// The expanded cells, in expansion order.
    pub fn closed_cells(&self) -> Vec<Pos> {
        let mut cells: Vec<(u32, Pos)> = self
            .grid
            .cells()
            .filter_map(|(p, _)| {
                let i = self.grid.index(p.0, p.1);
                self.is_closed(i).then_some((self.s.order[i], p))
            })
            .collect();
        cells.sort_unstable();
        cells.into_iter().map(|(_, p)| p).collect()
    }

    /// The result so far: the path once the goal was found, else none.
    pub fn result(&self) -> SearchResult {
        let (path, cost) = if self.finished == Some(true) {
            let mut idxs = vec![self.goal];
            let mut at = self.goal;
            while at != self.start {
                at = self.s.nodes[at as usize].parent;
                idxs.push(at);
            }
            idxs.reverse();
            let mut cells: Vec<Pos> = Vec::with_capacity(idxs.len());
            for (k, &i) in idxs.iter().enumerate() {
                let p = self.grid.coords(i as usize);
                if k > 0 {
                    // JPS parents are jump points: fill in the straight or diagonal run.
                    let q = *cells.last().unwrap();
                    let (dx, dy) = ((p.0 as isize - q.0 as isize).signum(), (p.1 as isize - q.1 as isize).signum());
                    let mut c = q;
                    while c != p {
                        c = ((c.0 as isize + dx) as usize, (c.1 as isize + dy) as usize);
                        cells.push(c);
                    }
                } else {
                    cells.push(p);
                }
            }
            let cost = path_cost(self.grid, &cells, self.options.topology, self.options.costs)
                .expect("the engine only builds legal paths");
            (Some(cells), Some(cost))
        } else {
            (None, None)
        };
        SearchResult { path, cost, expanded: self.expanded, pushed: self.pushed, admissible: self.options.is_admissible() }
    }
}

/// The six neighbours of an odd-r hex cell (`None` where a coordinate would be negative).
pub fn hex_neighbours((x, y): Pos) -> [Option<Pos>; 6] {
    let (x, y) = (x as isize, y as isize);
    let shift = if y % 2 == 1 { 0 } else { -1 };
    let cand = [
        (x - 1, y),
        (x + 1, y),
        (x + shift, y - 1),
        (x + shift + 1, y - 1),
        (x + shift, y + 1),
        (x + shift + 1, y + 1),
    ];
    cand.map(|(a, b)| (a >= 0 && b >= 0).then_some((a as usize, b as usize)))
}

/// Why a step of a path is not a legal move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IllegalStep {
    /// Index in the path of the cell the bad step goes to.
    pub index: usize,
    pub from: Pos,
    pub to: Pos,
}

impl fmt::Display for IllegalStep {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "step {} from {:?} to {:?} is not a legal move", self.index, self.from, self.to)
    }
}

/// Whether one step from `a` to `b` is a legal move on `grid`, and if so, whether diagonal.
pub fn step_kind(grid: &Grid, a: Pos, b: Pos, topology: Topology) -> Option<bool> {
    let from = grid.get(a.0, a.1)?;
    let to = grid.get(b.0, b.1)?;
    if !from.is_passable() || !to.is_passable() || !may_enter(from.code(), to.code()) {
        return None;
    }
    match topology {
        Topology::Hex => hex_neighbours(a).contains(&Some(b)).then_some(false),
        Topology::Square(rule) => {
            let (dx, dy) = (a.0.abs_diff(b.0), a.1.abs_diff(b.1));
            match (dx, dy) {
                (1, 0) | (0, 1) => Some(false),
                (1, 1) => {
                    let free = grid.is_passable(b.0, a.1) as u8 + grid.is_passable(a.0, b.1) as u8;
                    let ok = match rule {
                        DiagonalRule::Never => false,
                        DiagonalRule::NoCornerCutting => free == 2,
                        DiagonalRule::OneFree => free >= 1,
                        DiagonalRule::Always => true,
                    };
                    ok.then_some(true)
                }
                _ => None,
            }
        }
    }
}

/// The cost of a path, checking that each step is a legal move; each step costs its length
/// times the entered cell's weight.
pub fn path_cost(grid: &Grid, path: &[Pos], topology: Topology, costs: CostModel) -> Result<f64, IllegalStep> {
    let (mut straight, mut diagonal) = (0u64, 0u64);
    if let Some(&p) = path.first() {
        if !grid.is_passable(p.0, p.1) {
            return Err(IllegalStep { index: 0, from: p, to: p });
        }
    }
    for (k, w) in path.windows(2).enumerate() {
        let bad = || IllegalStep { index: k + 1, from: w[0], to: w[1] };
        let diag = step_kind(grid, w[0], w[1], topology).ok_or_else(bad)?;
        let weight = grid.get(w[1].0, w[1].1).map_or(1, |c| c.weight()) as u64;
        if diag {
            diagonal += weight;
        } else {
            straight += weight;
        }
    }
    Ok(costs.total(straight, diagonal))
}
