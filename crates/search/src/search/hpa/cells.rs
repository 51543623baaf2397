//! HPA*'s work on cells: Dijkstra and A* confined to a cluster's rectangle ([`confined`]), and
//! the smoothing of a refined path ([`smooth`]).

use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::f64::consts::SQRT_2;

use super::SMOOTH_WINDOW;
use crate::grid::Pos;
use crate::grid::board::{BLOCKED, Grid};

/// The octile distance: a lower bound of the cost between two cells.
pub(super) fn octile(a: Pos, b: Pos) -> f64 {
    let (dx, dy) = (a.0.abs_diff(b.0) as f64, a.1.abs_diff(b.1) as f64);
    dx.max(dy) + (SQRT_2 - 1.0) * dx.min(dy)
}

pub(super) fn step_cost(a: Pos, b: Pos) -> f64 {
    if a.0 != b.0 && a.1 != b.1 { SQRT_2 } else { 1.0 }
}

/// The eight moves: the four straight ones first, then the diagonals.
const DIRS: [(isize, isize); 8] = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)];

/// A cluster's rectangle (`x0, y0, x1, y1`, ends exclusive) and, for each of its cells, the
/// board's legal moves that stay inside it (a bit per direction of [`DIRS`]; no corner
/// cutting; none from a wall): tabled once when many searches share the cluster
/// ([`Patch::new`]), or found cell by cell as one search reaches them ([`Patch::lazy`]).
pub(super) struct Patch<'g> {
    grid: &'g Grid,
    rect: (usize, usize, usize, usize),
    w: usize,
    n: usize,
    moves: Vec<u8>,
}

/// The legal moves from local cell `(x, y)` where `open` says which local cells are open: the
/// nine cells of its 3 x 3 block read once, their moves looked up in [`BLOCK_MOVES`].
fn legal_moves(open: impl Fn(isize, isize) -> bool, x: isize, y: isize) -> u8 {
    if !open(x, y) {
        return 0;
    }
    let mut block = 1 << 4;
    for (k, (dx, dy)) in [(-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1)].into_iter().enumerate() {
        let bit = if k < 4 { k } else { k + 1 };
        block |= usize::from(open(x + dx, y + dy)) << bit;
    }
    BLOCK_MOVES[block]
}

/// For each 3 x 3 block of open (1) and closed cells (bit `(dy + 1) * 3 + dx + 1` for the cell
/// at `(dx, dy)` from the centre), the legal moves from its centre (a bit per direction of
/// [`DIRS`]): none from a closed centre; a move to an open cell, and a diagonal only when both
/// cells beside it are open too.
const BLOCK_MOVES: [u8; 512] = {
    let mut table = [0u8; 512];
    let mut block = 0;
    while block < 512 {
        if open_in(block, 0, 0) {
            let mut d = 0;
            while d < 8 {
                let (dx, dy) = DIRS[d];
                if open_in(block, dx, dy) && (dx == 0 || dy == 0 || (open_in(block, dx, 0) && open_in(block, 0, dy))) {
                    table[block] |= 1 << d;
                }
                d += 1;
            }
        }
        block += 1;
    }
    table
};

/// Whether the cell at `(dx, dy)` from the centre is open in a block of [`BLOCK_MOVES`].
const fn open_in(block: usize, dx: isize, dy: isize) -> bool {
    block >> ((dy + 1) * 3 + dx + 1) & 1 == 1
}

impl<'g> Patch<'g> {
    /// With the moves of every cell tabled (for the many searches that join a cluster).
    /// `opened`: a cell taken as open whatever the grid says (for the ways through a cell
    /// just walled).
    pub(super) fn new(grid: &'g Grid, rect: (usize, usize, usize, usize), opened: Option<Pos>) -> Patch<'g> {
        let mut patch = Patch::lazy(grid, rect);
        let (x0, y0, x1, y1) = rect;
        let (w, h) = (x1 - x0, y1 - y0);
        let open: Vec<bool> = (0..w * h)
            .map(|i| {
                let p = (x0 + i % w, y0 + i / w);
                opened == Some(p) || grid.is_passable(p.0, p.1)
            })
            .collect();
        let at = |x: isize, y: isize| x >= 0 && y >= 0 && (x as usize) < w && (y as usize) < h && open[y as usize * w + x as usize];
        patch.moves = (0..w * h).map(|i| legal_moves(at, (i % w) as isize, (i / w) as isize)).collect();
        patch
    }

    /// Finds again the tabled moves of `cell` and its eight neighbours, with `opened` taken as
    /// open whatever the grid says (a patch made with one cell opened, made ready for the grid
    /// as it is, or the other way round, without tabling the whole cluster again).
    pub(super) fn retable_around(&mut self, cell: Pos, opened: Option<Pos>) {
        let (x0, y0, x1, y1) = self.rect;
        let (w, h) = ((x1 - x0) as isize, (y1 - y0) as isize);
        let grid = self.grid;
        let at = |x: isize, y: isize| {
            let p = (x0 as isize + x, y0 as isize + y);
            x >= 0
                && y >= 0
                && x < w
                && y < h
                && (opened == Some((p.0 as usize, p.1 as usize)) || grid.is_passable(p.0 as usize, p.1 as usize))
        };
        let (cx, cy) = (cell.0 as isize - x0 as isize, cell.1 as isize - y0 as isize);
        for y in cy - 1..=cy + 1 {
            for x in cx - 1..=cx + 1 {
                if x >= 0 && y >= 0 && x < w && y < h {
                    self.moves[(y * w + x) as usize] = legal_moves(at, x, y);
                }
            }
        }
    }

    /// With each cell's moves found when a search reaches it (for one search of a cluster).
    pub(super) fn lazy(grid: &'g Grid, rect: (usize, usize, usize, usize)) -> Patch<'g> {
        let (x0, y0, x1, y1) = rect;
        Patch { grid, rect, w: x1 - x0, n: (x1 - x0) * (y1 - y0), moves: Vec::new() }
    }

    /// The moves of local cell `i`, at `(x, y)` in the rectangle.
    fn moves_at(&self, i: usize, x: usize, y: usize) -> u8 {
        if let Some(&m) = self.moves.get(i) {
            return m;
        }
        // the grid's codes of the 3 x 3 block, read straight (its border of walls keeps every
        // read on it), as the bits of [`BLOCK_MOVES`]; cells outside the rectangle closed
        let (codes, stride) = (self.grid.codes(), self.grid.stride());
        let at = self.grid.index(self.rect.0 + x, self.rect.1 + y);
        let open = |k: usize| usize::from(codes[k] != BLOCKED);
        let row = |k: usize| open(k - 1) | open(k) << 1 | open(k + 1) << 2;
        let mut block = row(at - stride) | row(at) << 3 | row(at + stride) << 6;
        if x == 0 {
            block &= !0b001_001_001;
        }
        if x + 1 == self.w {
            block &= !0b100_100_100;
        }
        if y == 0 {
            block &= !0b000_000_111;
        }
        if (y + 1) * self.w == self.n {
            block &= !0b111_000_000;
        }
        BLOCK_MOVES[block]
    }

    fn index(&self, (x, y): Pos) -> Option<usize> {
        let (x0, y0, x1, y1) = self.rect;
        (x >= x0 && x < x1 && y >= y0 && y < y1).then(|| (y - y0) * self.w + x - x0)
    }

    /// Dijkstra from `from` over the patch until every cell of `until` is settled (guided by the
    /// octile estimate when it is one cell), into `field` (its buffers reused). Cells of
    /// `until` outside the rectangle, or walled off inside it, leave it running to the end.
    pub(super) fn search(&self, field: &mut Field, from: Pos, until: &[Pos]) {
        field.reset(self.rect, self.w, self.n);
        let target = if let [one] = until { Some(*one) } else { None };
        let mut left = field.want(until);
        let Some(s) = self.index(from) else { return };
        let w = self.w as isize;
        let step = [1, -1, w, -w, w + 1, 1 - w, w - 1, -w - 1];
        // queued cells are their place in the rectangle, x + 256 y (a side is at most 256), so
        // that neither a cell's moves nor its estimate divide by the width; a move adds to it
        let packed_step = [1, -1, 256, -256, 257, 1 - 256, 256 - 1, -257];
        let (x0, y0) = (self.rect.0, self.rect.1);
        let estimate = |packed: u32| target.map_or(0.0, |u| octile((x0 + (packed & 0xFF) as usize, y0 + (packed >> 8) as usize), u));
        field.lower(s, 0.0, s);
        let start = ((from.0 - x0) | (from.1 - y0) << 8) as u32;
        // guided (one target): least f first, a non-negative f64's bits ordering as the number
        // does; the estimate is consistent, so a cell is settled when first taken and its
        // later entries skipped. Unguided (Dijkstra): Dial's buckets one unit of cost wide
        // (every step costs at least 1, so no cell in a bucket can lower another in it, and
        // each is settled when its bucket comes up, in any order)
        let guided = target.is_some();
        if guided {
            field.heap.push(Reverse(keyed(estimate(start), start)));
        } else {
            field.buckets.push(0.0, start);
        }
        while let Some(at) = if guided { field.heap.pop().map(|Reverse(key)| (key & 0xFFFF) as u32) } else { field.buckets.pop() } {
            let (x, y) = ((at & 0xFF) as usize, (at >> 8) as usize);
            let i = y * self.w + x;
            if field.done[i] {
                continue;
            }
            field.done[i] = true;
            let g = field.cost[i];
            if field.wanted[i] {
                field.wanted[i] = false;
                left -= 1;
                if left == 0 {
                    break;
                }
            }
            let mut moves = self.moves_at(i, x, y);
            while moves != 0 {
                let d = moves.trailing_zeros() as usize;
                moves &= moves - 1;
                let j = (i as isize + step[d]) as usize;
                let ng = g + if d < 4 { 1.0 } else { SQRT_2 };
                if ng < field.cost[j] - 1e-12 {
                    field.lower(j, ng, i);
                    let q = at.wrapping_add_signed(packed_step[d]);
                    if guided {
                        field.heap.push(Reverse(keyed(ng + estimate(q), q)));
                    } else {
                        field.buckets.push(ng, q);
                    }
                }
            }
        }
    }
}

/// A guided search's open-list entry: `f` (non-negative, so its bits order as the number does)
/// with the low 16 bits of its mantissa replaced by the cell's place in the rectangle (a
/// cluster's: at most 256 x 256 cells, packed as x + 256 y), so that entries compare as one
/// integer. The bits lost are 2^-36 of `f`: 1.5e-8 at f = 1000, where two distinct costs of
/// straight and diagonal steps differ by at least 3.5e-4 (a + b sqrt 2 for integers below
/// 1,000), so only equal ones tie.
fn keyed(f: f64, cell: u32) -> u64 {
    debug_assert!(cell <= 0xFFFF, "cell {cell} outside a 256 x 256 rectangle");
    f.to_bits() & !0xFFFF | u64::from(cell)
}

/// Least costs from one cell to the cells of a rectangle, moving only inside it.
#[derive(Default)]
pub(super) struct Field {
    rect: (usize, usize, usize, usize),
    w: usize,
    cost: Vec<f64>,
    parent: Vec<u32>,
    wanted: Vec<bool>,
    done: Vec<bool>,
    /// The cells the last search reached and those it wanted: all [`Field::reset`] has to
    /// clear for the next search of a rectangle of the same size (a leg's search reaches a
    /// few dozen of a cluster's thousand cells).
    touched: Vec<u32>,
    heap: BinaryHeap<Reverse<u64>>,
    buckets: Buckets,
}

/// Dial's bucket queue for a Dijkstra whose steps cost from 1 to below 2: three buckets, each
/// the cells whose cost has one integer part, taken in turn (a step from the current bucket
/// lands at most two ahead).
#[derive(Default)]
struct Buckets {
    lists: [Vec<u32>; 3],
    current: usize,
    len: usize,
}

impl Buckets {
    fn clear(&mut self) {
        self.lists.iter_mut().for_each(Vec::clear);
        (self.current, self.len) = (0, 0);
    }

    fn push(&mut self, cost: f64, cell: u32) {
        let k = cost as usize;
        debug_assert!((self.current..self.current + 3).contains(&k), "cost {cost} outside the buckets from {}", self.current);
        self.lists[k % 3].push(cell);
        self.len += 1;
    }

    fn pop(&mut self) -> Option<u32> {
        while self.len > 0 {
            if let Some(cell) = self.lists[self.current % 3].pop() {
                self.len -= 1;
                return Some(cell);
            }
            self.current += 1;
        }
        None
    }
}

impl Field {
    /// Made ready for a search of a rectangle of `n` cells, `w` wide: nothing reached.
    fn reset(&mut self, rect: (usize, usize, usize, usize), w: usize, n: usize) {
        if (self.w, self.cost.len()) == (w, n) {
            for &i in &self.touched {
                let i = i as usize;
                (self.cost[i], self.wanted[i], self.done[i]) = (f64::INFINITY, false, false);
            }
        } else {
            self.cost.clear();
            self.cost.resize(n, f64::INFINITY);
            self.parent.clear();
            self.parent.resize(n, u32::MAX);
            self.wanted.clear();
            self.wanted.resize(n, false);
            self.done.clear();
            self.done.resize(n, false);
        }
        (self.rect, self.w) = (rect, w);
        self.touched.clear();
        self.heap.clear();
        self.buckets.clear();
    }

    fn index(&self, (x, y): Pos) -> Option<usize> {
        let (x0, y0, x1, y1) = self.rect;
        (x >= x0 && x < x1 && y >= y0 && y < y1).then(|| (y - y0) * self.w + x - x0)
    }

    /// Cell `j` reached at `cost` from cell `parent` (the source: its own parent).
    fn lower(&mut self, j: usize, cost: f64, parent: usize) {
        if self.cost[j] == f64::INFINITY {
            self.touched.push(j as u32);
        }
        (self.cost[j], self.parent[j]) = (cost, parent as u32);
    }

    /// Marks the cells of `until` inside the rectangle as wanted: how many (each once).
    fn want(&mut self, until: &[Pos]) -> usize {
        let mut left = 0;
        for &u in until {
            if let Some(i) = self.index(u).filter(|&i| !self.wanted[i]) {
                self.wanted[i] = true;
                self.touched.push(i as u32);
                left += 1;
            }
        }
        left
    }

    pub(super) fn cost(&self, p: Pos) -> f64 {
        self.index(p).map_or(f64::INFINITY, |i| self.cost[i])
    }

    /// Adds to `out` the cells after the field's source on its way to `p`; false (nothing
    /// added) when `p` was not reached.
    pub(super) fn extend_path_to(&self, p: Pos, out: &mut Vec<Pos>) -> bool {
        let Some(mut i) = self.index(p).filter(|&i| self.cost[i].is_finite()) else { return false };
        let from = out.len();
        while self.cost[i] > 0.0 {
            out.push((self.rect.0 + i % self.w, self.rect.1 + i / self.w));
            i = self.parent[i] as usize;
        }
        out[from..].reverse();
        true
    }
}

/// A search from `from` over the cells of `rect` until the cells of `until` are settled (see
/// [`Patch::search`]), in a field of its own.
pub(super) fn confined(grid: &Grid, rect: (usize, usize, usize, usize), from: Pos, until: &[Pos]) -> Field {
    let mut field = Field::default();
    Patch::lazy(grid, rect).search(&mut field, from, until);
    field
}

/// The number in [`DIRS`] of move `(dx, dy)`.
fn dir_of(dx: isize, dy: isize) -> usize {
    const AT: [usize; 9] = [7, 3, 5, 1, usize::MAX, 0, 6, 2, 4];
    AT[((dy + 1) * 3 + dx + 1) as usize]
}

/// How many times move `(dx, dy)` can be repeated from `a` (up to `most`), each step one of
/// the board's moves.
fn ray(grid: &Grid, a: Pos, (dx, dy): (isize, isize), most: usize) -> usize {
    let (mut x, mut y) = (a.0 as isize, a.1 as isize);
    let free = |x: isize, y: isize| x >= 0 && y >= 0 && grid.is_passable(x as usize, y as usize);
    for n in 0..most {
        if !free(x + dx, y + dy) || (dx != 0 && dy != 0 && !(free(x + dx, y) && free(x, y + dy))) {
            return n;
        }
        (x, y) = (x + dx, y + dy);
    }
    most
}

/// Adds to `out` the cells after `a` of the diagonal-first walk to `b`.
fn extend_walk(out: &mut Vec<Pos>, a: Pos, b: Pos) {
    let toward = |from: usize, to: usize| from.wrapping_add_signed((to as isize - from as isize).signum());
    let (mut x, mut y) = a;
    while (x, y) != b {
        (x, y) = (toward(x, b.0), toward(y, b.1));
        out.push((x, y));
    }
}

/// Adds to `out` the cells after `a` of a walk to `b` made of the board's moves that costs
/// their octile distance (so a least path, inside any rectangle holding both): the
/// diagonal-first walk, else the straight-first one; `false`, and `out` untouched, when
/// neither is free. Both lie in the bounding box of `a` and `b`. On random walls most of
/// HPA*'s legs are such walks, found by two rays each instead of a search.
pub(super) fn extend_octile_walk(grid: &Grid, out: &mut Vec<Pos>, a: Pos, b: Pos) -> bool {
    let (dx, dy) = (b.0 as isize - a.0 as isize, b.1 as isize - a.1 as isize);
    let (sx, sy, ax, ay) = (dx.signum(), dy.signum(), dx.unsigned_abs(), dy.unsigned_abs());
    let (diagonal, straight) = (ax.min(ay), ax.abs_diff(ay));
    let along = if ax > ay { (sx, 0) } else { (0, sy) };
    let shift =
        |(x, y): Pos, (ux, uy): (isize, isize), n: usize| (x.wrapping_add_signed(ux * n as isize), y.wrapping_add_signed(uy * n as isize));
    let corner = shift(a, (sx, sy), diagonal);
    if ray(grid, a, (sx, sy), diagonal) == diagonal && ray(grid, corner, along, straight) == straight {
        extend_walk(out, a, b);
        return true;
    }
    let corner = shift(a, along, straight);
    if ray(grid, a, along, straight) == straight && ray(grid, corner, (sx, sy), diagonal) == diagonal {
        out.extend((1..=straight).map(|n| shift(a, along, n)));
        out.extend((1..=diagonal).map(|n| shift(corner, (sx, sy), n)));
        return true;
    }
    false
}

/// The cost along `path` to each of its cells.
fn costs_along(path: &[Pos]) -> Vec<f64> {
    let mut along = Vec::with_capacity(path.len());
    along.push(0.0);
    for s in path.windows(2) {
        along.push(along[along.len() - 1] + step_cost(s[0], s[1]));
    }
    along
}

/// Replaces stretches of `path` by cheaper diagonal-then-straight walks, looking up to
/// [`SMOOTH_WINDOW`] cells ahead from each cell.
///
/// `least` lists the places (ascending) that cut `path` into legs each of which is a least
/// path inside a rectangle holding its ends (HPA*'s refined legs: a least path inside their
/// cluster); every place when nothing is known. A walk between two cells of one leg lies in
/// the bounding box of its ends, inside the leg's rectangle, so it is never cheaper than the
/// leg: a walk from a cell is tried only to cells past the end of its leg.
pub(super) fn smooth(grid: &Grid, path: Vec<Pos>, least: &[usize]) -> Vec<Pos> {
    let mut smoothing = Smoothing::new(path, least.to_vec());
    smoothing.advance(grid, usize::MAX);
    smoothing.into_cells()
}

/// Smoothing ([`smooth`]) under way, a number of the path's cells at a time: the path and what
/// is known of it, the places that end its legs, the cells kept so far, and where it stands
/// (the cell it is at, the end of the taut stretch from it, its leg).
pub(super) struct Smoothing {
    walks: Walks,
    least: Vec<usize>,
    out: Vec<Pos>,
    at: (usize, usize, usize),
}

impl Smoothing {
    pub(super) fn new(path: Vec<Pos>, least: Vec<usize>) -> Smoothing {
        let mut out = Vec::with_capacity(path.len());
        out.push(path[0]);
        Smoothing { walks: Walks::new(path), least, out, at: (0, 0, 0) }
    }

    /// Goes on past at least one and about `n` of the path's cells (fewer when it ends first);
    /// returns whether it has ended ([`Smoothing::into_cells`]).
    pub(super) fn advance(&mut self, grid: &Grid, n: usize) -> bool {
        let (walks, least, out) = (&mut self.walks, &self.least, &mut self.out);
        let (mut i, mut taut, mut leg) = self.at;
        let (len, until) = (walks.path.len(), i.saturating_add(n.max(1)));
        while i + 1 < len && i < until {
            let reach = (i + SMOOTH_WINDOW).min(len - 1);
            // the end of i's leg: the first place in `least` after i (the path's end past the last)
            while leg < least.len() && least[leg] <= i {
                leg += 1;
            }
            let past = least.get(leg).map_or(len, |&end| end + 1);
            // a stretch that costs its octile distance is a least path, and so is every part of
            // it (each part costs at least its own octile distance, and those add up to no more
            // than the whole's): no walk from i shortens it. So the stretches from i that are
            // taut end at i up to some `taut`, and those from i + 1 end at least as far: only
            // the cells past it are tried
            taut = taut.max(i + 1);
            let (along, path) = (&walks.along, &walks.path);
            while taut < reach && along[taut + 1] - along[i] < octile(path[i], path[taut + 1]) + 1e-9 {
                taut += 1;
            }
            match walks.farthest(grid, i, past.max(taut + 1), reach) {
                Some(j) => {
                    extend_walk(out, walks.path[i], walks.path[j]);
                    i = j;
                }
                None => {
                    out.push(walks.path[i + 1]);
                    i += 1;
                }
            }
        }
        self.at = (i, taut, leg);
        i + 1 >= len
    }

    /// The place in the path it has come to.
    pub(super) fn place(&self) -> usize {
        self.at.0
    }

    /// The smoothed path (whole once [`Smoothing::advance`] has ended).
    pub(super) fn into_cells(self) -> Vec<Pos> {
        self.out
    }
}

/// What smoothing knows of a path: its cells (also as signed pairs, for the scan of
/// candidates), the cost along it to each, and per cell how far each straight move repeats
/// from it (up to the window), found when first asked. A walk from cell i to cell j is made of
/// the board's moves exactly when its diagonal leg fits the ray from i and its straight leg
/// the ray back from j (the corner between them and the two ends are free: each is on a leg
/// or the path).
struct Walks {
    path: Vec<Pos>,
    place: Vec<(i32, i32)>,
    along: Vec<f64>,
    rays: Vec<[u8; 4]>,
}

impl Walks {
    fn new(path: Vec<Pos>) -> Walks {
        let place = path.iter().map(|&(x, y)| (x as i32, y as i32)).collect();
        let (along, rays) = (costs_along(&path), vec![[u8::MAX; 4]; path.len()]);
        Walks { path, place, along, rays }
    }

    /// The farthest cell from `from` to `reach` that a walk from cell `i` reaches more cheaply
    /// than the path, tried from `reach` back. On random walls most are refused by the
    /// diagonal leg's ray from i (by quadrant: x falling, then y falling, as bits), found once
    /// when first needed (unknown: u32::MAX, which no leg exceeds).
    fn farthest(&mut self, grid: &Grid, i: usize, from: usize, reach: usize) -> Option<usize> {
        let (xi, yi) = self.place[i];
        let mut diagonals = [u32::MAX; 4];
        for (j, &(x, y)) in self.place[..=reach].iter().enumerate().skip(from).rev() {
            let (dx, dy) = (x - xi, y - yi);
            let q = usize::from(dx < 0) | usize::from(dy < 0) << 1;
            let diagonal = dx.unsigned_abs().min(dy.unsigned_abs());
            if diagonal > diagonals[q] {
                continue;
            }
            if diagonals[q] == u32::MAX {
                diagonals[q] = ray(grid, self.path[i], [(1, 1), (-1, 1), (1, -1), (-1, -1)][q], SMOOTH_WINDOW) as u32;
                if diagonal > diagonals[q] {
                    continue;
                }
            }
            if shorter(grid, &self.path, &self.along, &mut self.rays, (i, j), (dx, dy)) {
                return Some(j);
            }
        }
        None
    }
}

/// Whether the walk from cell i to cell j of `path` (`dx`, `dy` apart, its diagonal leg
/// fitting) is cheaper than the path between them (`along`: the cost along it to each cell)
/// and its straight leg fits the ray back from j (`rays`: found when first asked).
fn shorter(grid: &Grid, path: &[Pos], along: &[f64], rays: &mut [[u8; 4]], (i, j): (usize, usize), (dx, dy): (i32, i32)) -> bool {
    if octile(path[i], path[j]) >= along[j] - along[i] - 1e-9 {
        return false;
    }
    let (ax, ay) = (dx.unsigned_abs(), dy.unsigned_abs());
    let straight = ax.abs_diff(ay) as usize;
    let back = if ax > ay { dir_of(-dx.signum() as isize, 0) } else { dir_of(0, -dy.signum() as isize) };
    if straight > 0 && rays[j][back] == u8::MAX {
        rays[j][back] = ray(grid, path[j], DIRS[back], SMOOTH_WINDOW) as u8;
    }
    straight == 0 || straight <= usize::from(rays[j][back])
}

#[cfg(test)]
mod tests;
