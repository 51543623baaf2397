//! The search engine: A*, Dijkstra, greedy best-first, BFS and Jump Point Search over a
//! [`Grid`], one expansion at a time ([`StepSearch`]) or all at once ([`Searcher::search`]).
//!
//! Buffers live in a [`Searcher`] and are reused: repeated searches on grids of one size
//! allocate nothing proportional to the grid after the first. Cells are marked with a
//! generation stamp instead of clearing arrays. Ties on f prefer the larger g, then the lower
//! cell index, so the same input always gives the same path.

use std::cmp::Ordering;
use std::collections::{BinaryHeap, VecDeque};
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

#[derive(Clone, Copy, PartialEq, Eq)]
struct Entry {
    f: u64,
    g: u64,
    idx: u32,
}

impl Ord for Entry {
    #[inline]
    fn cmp(&self, other: &Self) -> Ordering {
        // BinaryHeap pops the greatest: lowest f, then highest g, then lowest index.
        other.f.cmp(&self.f).then(self.g.cmp(&other.g)).then(other.idx.cmp(&self.idx))
    }
}

impl PartialOrd for Entry {
    #[inline]
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
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
    g: Vec<f64>,
    h: Vec<f64>,
    parent: Vec<u32>,
    seen: Vec<u32>,
    closed: Vec<u32>,
    order: Vec<u32>,
    generation: u32,
    heap: BinaryHeap<Entry>,
    fifo: VecDeque<u32>,
    pushed_now: Vec<u32>,
}

impl Searcher {
    fn prepare(&mut self, len: usize) {
        if self.seen.len() != len {
            self.g = vec![0.0; len];
            self.h = vec![0.0; len];
            self.parent = vec![NONE; len];
            self.seen = vec![0; len];
            self.closed = vec![0; len];
            self.order = vec![0; len];
            self.generation = 0;
        }
        if self.generation == u32::MAX {
            self.seen.fill(0);
            self.closed.fill(0);
            self.generation = 0;
        }
        self.generation += 1;
        self.heap.clear();
        self.fifo.clear();
        self.pushed_now.clear();
    }

    /// Runs a whole search from `start` to `goal`.
    ///
    /// Errors when an endpoint is off the grid or blocked, or the options do not fit the grid
    /// (JPS on a weighted grid or without the no-corner-cutting rule, a weight below 1).
    pub fn search(&mut self, grid: &Grid, start: Pos, goal: Pos, options: &SearchOptions) -> Result<SearchResult, SearchError> {
        let mut run = StepSearch::new(self, grid, start, goal, options)?;
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
}

// Directions 0..4 straight (N, S, W, E), 4..8 diagonal (NW, NE, SW, SE).
const DX: [isize; 8] = [0, 0, -1, 1, -1, 1, -1, 1];
const DY: [isize; 8] = [-1, 1, 0, 0, -1, -1, 1, 1];

impl<'a> StepSearch<'a> {
    /// Starts a search; see [`Searcher::search`] for the errors.
    pub fn new(s: &'a mut Searcher, grid: &'a Grid, start: Pos, goal: Pos, options: &SearchOptions) -> Result<Self, SearchError> {
        validate(grid, start, goal, options)?;
        s.prepare(grid.padded_len());
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
        };
        let h = run.estimate(start);
        run.touch(run.start, 0.0, h, NONE);
        Ok(run)
    }

    #[inline]
    fn estimate(&self, p: Pos) -> f64 {
        let h = self.heuristic.estimate(self.options.topology, self.options.costs, p, self.goal_pos);
        if self.options.weight == 1.0 { h } else { h * self.options.weight }
    }

    /// Records a better way to `idx` and puts it on the open list.
    #[inline]
    fn touch(&mut self, idx: u32, g: f64, h: f64, parent: u32) {
        let i = idx as usize;
        let s = &mut *self.s;
        s.g[i] = g;
        s.h[i] = h;
        s.parent[i] = parent;
        s.seen[i] = self.stamp;
        s.pushed_now.push(idx);
        self.pushed += 1;
        match self.options.algorithm {
            Algorithm::Bfs => s.fifo.push_back(idx),
            Algorithm::Greedy => s.heap.push(Entry { f: h.to_bits(), g: g.to_bits(), idx }),
            _ => s.heap.push(Entry { f: (g + h).to_bits(), g: g.to_bits(), idx }),
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
        self.s.closed[i] = self.stamp;
        self.s.order[i] = self.expanded as u32;
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
        while let Some(e) = self.s.heap.pop() {
            let i = e.idx as usize;
            if self.s.closed[i] == self.stamp || e.g != self.s.g[i].to_bits() {
                continue; // stale: closed already, or reached more cheaply since
            }
            return Some(e.idx);
        }
        None
    }

    /// Offers the neighbour `n` at `npos`, reached from `idx` by a step of cost `step`.
    #[inline]
    fn relax(&mut self, idx: u32, n: u32, npos: Pos, step: f64) {
        let ni = n as usize;
        if self.s.closed[ni] == self.stamp {
            return;
        }
        let g = self.s.g[idx as usize] + step;
        if self.s.seen[ni] != self.stamp {
            let h = self.estimate(npos);
            self.touch(n, g, h, idx);
        } else if g < self.s.g[ni] {
            match self.options.algorithm {
                // BFS keeps first arrival; greedy keeps its order by h but remembers the better way.
                Algorithm::Bfs => {}
                Algorithm::Greedy => {
                    self.s.g[ni] = g;
                    self.s.parent[ni] = idx;
                    // keep the queued entry valid: it carries g for the staleness check
                    let h = self.s.h[ni];
                    self.s.heap.push(Entry { f: h.to_bits(), g: g.to_bits(), idx: n });
                    self.s.pushed_now.push(n);
                    self.pushed += 1;
                }
                _ => {
                    let h = self.s.h[ni];
                    self.touch(n, g, h, idx);
                }
            }
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
        let straight = self.options.costs.straight();
        let diagonal = self.options.costs.diagonal();
        let mut open = [false; 4];
        for d in 0..4 {
            let n = (i as isize + self.offsets[d]) as usize;
            open[d] = codes[n] != BLOCKED;
            if let Some(w) = self.entry_cost(here, codes[n]) {
                let npos = ((pos.0 as isize + DX[d]) as usize, (pos.1 as isize + DY[d]) as usize);
                self.relax(idx, n as u32, npos, straight * w);
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
                self.relax(idx, n as u32, npos, diagonal * w);
            }
        }
    }

    fn expand_hex(&mut self, idx: u32, pos: Pos) {
        let codes = self.grid.codes();
        let here = codes[idx as usize];
        let step = self.options.costs.straight();
        for npos in hex_neighbours(pos) {
            let Some(npos) = npos else { continue };
            if npos.0 >= self.grid.width() || npos.1 >= self.grid.height() {
                continue;
            }
            let n = self.grid.index(npos.0, npos.1);
            if let Some(w) = self.entry_cost(here, codes[n]) {
                self.relax(idx, n as u32, npos, step * w);
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
        let parent = self.s.parent[idx as usize];
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
                self.relax(idx, j as u32, jpos, cost);
            }
        }
    }

    // --- inspection ---

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
        if self.s.seen[i] != self.stamp {
            return None;
        }
        let closed = self.s.closed[i] == self.stamp;
        let (g, h) = (self.s.g[i], self.s.h[i]);
        let parent = self.s.parent[i];
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
            _ => self.s.heap.iter().map(|e| e.idx).collect(),
        };
        let mut cells: Vec<u32> = queued.into_iter().filter(|&i| self.s.closed[i as usize] != self.stamp).collect();
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
                (self.s.closed[i] == self.stamp).then_some((self.s.order[i], p))
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
                at = self.s.parent[at as usize];
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
