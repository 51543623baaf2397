//! Landmarks for the JPS+ that answers maps of scattered obstacles: the exact distance from a
//! few far-apart cells to every cell, so that a query's estimate can be the larger of the
//! octile distance and the differential heuristic (Goldberg and Harrelson's ALT, Sturtevant et
//! al.'s differential heuristics): by the triangle inequality no path from a cell to the goal
//! is shorter than the difference of their distances to any one landmark.
//!
//! Each cell's distances are kept beside its JPS+ jump distances in one record (32 bytes, two
//! to a cache line), so that the query reads one line where it would read two.
//!
//! Distances are kept in 16 bits, rounded down to multiples of `1 / scale` (the whole row of a
//! cell in one 32-byte read); an estimate takes one unit off the largest difference, so it
//! never exceeds the true distance however the two roundings fall. Rounding can make the
//! estimate inconsistent by up to one unit across a move, so the query reopens a closed cell
//! reached more cheaply (A* with an admissible estimate and reopening is optimal).

use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::f64::consts::SQRT_2;

use crate::grid::board::{DX, DY};
use crate::search::prepared::jps_plus::JumpTable;

/// Maps of more padded cells than this get no landmarks (their records would take 32 bytes a
/// cell: 64 MiB here): JPS+ then estimates by the octile distance alone.
pub(crate) const LANDMARK_CELLS: usize = 1 << 21;

/// How many landmarks a map gets.
pub(crate) const LANDMARKS: usize = 8;

/// One padded cell's JPS+ jump distances (as [`JumpTable::row`]) and its landmark distances.
#[derive(Clone, Copy, Debug)]
#[repr(C, align(32))]
pub(crate) struct Record {
    pub(crate) jumps: [i16; 8],
    pub(crate) dist: [u16; LANDMARKS],
}

/// A cell no path joins to the landmark.
const UNREACHED: u16 = u16::MAX;

/// A distance kept exactly for repairs: `a + b * sqrt(2)`, with `a` (straight moves) in the low
/// 16 bits and `b` (diagonal moves) in the high 16. Two different ones are two different
/// numbers (the square root of two is irrational), so two paths tie exactly when their
/// distances are equal.
type Exact = u32;

/// No path (an infinite distance).
const FAR: Exact = u32::MAX;

/// The largest distance kept (65,535 straight moves): a longer one is kept as this. The
/// smaller of a landmark's distance and a constant is as good a potential (see
/// [`Landmarks::repair`]); longer distances would not fit in the 16-bit units anyway.
const CAP: Exact = 0xffff;

/// The number an exact distance stands for (infinite for [`FAR`]).
#[inline]
fn value(e: Exact) -> f64 {
    if e == FAR { f64::INFINITY } else { (e & 0xffff) as f64 + (e >> 16) as f64 * SQRT_2 }
}

/// An exact distance one move longer (a diagonal or a straight one), kept at most [`CAP`]
/// (checked before the move is added: [`CAP`]'s straight count fills its 16 bits).
#[inline]
fn plus(e: Exact, diagonal: bool) -> Exact {
    if e == FAR {
        return FAR;
    }
    if value(e) + if diagonal { SQRT_2 } else { 1.0 } > value(CAP) {
        return CAP;
    }
    if diagonal { e + (1 << 16) } else { e + 1 }
}

/// The landmarks of one map: per padded cell, its distance from each, in units of
/// `1 / scale`, and (for repairs) the potential those units are rounded from, exactly.
#[derive(Clone, Debug)]
pub(crate) struct Landmarks {
    cells: Vec<Record>,
    /// Units a cell.
    scale: f64,
    /// Per landmark, per padded cell: its potential, exactly. Made as the distance from the
    /// landmark; after repairs a function that still grows by no more than a move's cost
    /// across any legal move (see [`Landmarks::repair`]).
    exact: Vec<Vec<Exact>>,
}

impl Landmarks {
    /// Picks the landmarks of the map whose padded cells are `free` (1) or blocked (0), rows
    /// `stride` long, farthest first: the first the cell farthest from the first free cell,
    /// each next the cell farthest from all chosen so far.
    pub(crate) fn new(free: &[u8], stride: usize, table: &JumpTable) -> Landmarks {
        let len = free.len();
        let Some(first) = free.iter().position(|&f| f == 1) else {
            let cells = (0..len).map(|i| Record { jumps: table.row(i), dist: [UNREACHED; LANDMARKS] }).collect();
            return Landmarks { cells, scale: 1.0, exact: vec![vec![FAR; len]; LANDMARKS] };
        };
        // the nearest landmark's distance, per cell: the next landmark is where it is largest
        let mut nearest: Vec<f64> = dijkstra(free, stride, first).into_iter().map(value).collect();
        let mut exact: Vec<Vec<Exact>> = Vec::with_capacity(LANDMARKS);
        for _ in 0..LANDMARKS {
            let far = farthest(&nearest, first);
            let d = dijkstra(free, stride, far);
            for (n, &x) in nearest.iter_mut().zip(&d) {
                if value(x) < *n || exact.is_empty() {
                    *n = value(x);
                }
            }
            exact.push(d);
        }
        let longest = exact.iter().flatten().map(|&e| value(e)).filter(|d| d.is_finite()).fold(1.0, f64::max);
        let scale = ((UNREACHED - 1) as f64 / longest).floor().max(1.0);
        let mut marks = Landmarks { cells: Vec::new(), scale, exact };
        marks.cells = (0..len).map(|i| Record { jumps: table.row(i), dist: std::array::from_fn(|k| marks.units(k, i)) }).collect();
        marks
    }

    /// Landmark `k`'s distance of padded cell `i` in units, rounded down.
    fn units(&self, k: usize, i: usize) -> u16 {
        let e = self.exact[k][i];
        if e == FAR { UNREACHED } else { ((value(e) * self.scale).floor() as u16).min(UNREACHED - 1) }
    }

    /// Brings the landmarks to the map after its padded cells `flipped` were freed or blocked
    /// (`free` now) and the jump table `table` was repaired, its rows `rows` changed: those
    /// rows copied; for each freed cell, its potential found and the potentials lowered where
    /// it (or a diagonal move it opens) makes them too high.
    ///
    /// Why the estimate stays admissible: it is admissible for any potential `D` that grows by
    /// no more than a move's cost across every legal move (then it grows by no more than the
    /// distance between any two cells), rounded down to units. A landmark's distance is such a
    /// potential. A wall put only takes moves away: `D` stays one. A wall taken adds moves,
    /// into the freed cells and past them; `D` then becomes `min(D, P)`, where `P(v)` is the
    /// least, over every cell `y` within one of a freed cell, of `D(n)` + the move from a
    /// neighbour `n` to `y` + the distance from `y` to `v` now. `P` grows by no more than the
    /// distance; and `min(D, P)` does too: between `v` and `w` with `D(w)` kept, a shortest
    /// path either uses only old moves (then `D(v) <= D(w) + ` its length), or it ends with
    /// old moves after its last new cell or move `y -> n`, and `P(v) <= D(n) + (n to y) +
    /// (y to v) <= D(w) + ` its length. The lowering is a Dijkstra from the cells within one of
    /// a freed cell, going on only where it lowers a potential: a cell not lowered lowers
    /// nothing past it by an old move. Distances are exact sums of ones and square roots of
    /// two, so a tie stops it. A freed cell's potential is found anew from its neighbours' (any
    /// value would keep the estimate admissible, the lowering spreading from it, but an old one
    /// may be far too low for the cell as it is now).
    pub(crate) fn repair(&mut self, free: &[u8], stride: usize, table: &JumpTable, flipped: &[usize], rows: &[usize]) {
        for &i in rows {
            self.cells[i].jumps = table.row(i);
        }
        let freed: Vec<usize> = flipped.iter().copied().filter(|&x| free[x] == 1).collect();
        let mut near: Vec<usize> = freed
            .iter()
            .flat_map(|&x| (0..9).map(move |k| (x as isize + (k % 3 - 1) + (k / 3 - 1) * stride as isize) as usize))
            .filter(|&y| free[y] == 1)
            .collect();
        near.sort_unstable();
        near.dedup();
        let mut lowered = Vec::new();
        for k in 0..LANDMARKS {
            let exact = &mut self.exact[k];
            for &x in &freed {
                exact[x] = FAR;
            }
            let mut open = BinaryHeap::new();
            for &y in &near {
                let best =
                    moves(free, stride, y).map(|(n, diagonal)| plus(exact[n], diagonal)).min_by(|a, b| value(*a).total_cmp(&value(*b)));
                if let Some(best) = best.filter(|&b| value(b) < value(exact[y])) {
                    exact[y] = best;
                    open.push(Reverse((value(best).to_bits(), y)));
                    lowered.push(y);
                }
            }
            settle(exact, &mut open, free, stride, &mut lowered);
            for &x in freed.iter().chain(&lowered) {
                self.cells[x].dist[k] = self.units(k, x);
            }
            lowered.clear();
        }
    }

    /// Padded cell `i`'s record.
    #[inline(always)]
    pub(crate) fn at(&self, i: usize) -> &Record {
        &self.cells[i]
    }

    /// A lower bound on the distance between two cells from their landmark distances.
    #[inline]
    pub(crate) fn estimate(&self, here: &[u16; LANDMARKS], goal: &[u16; LANDMARKS]) -> f64 {
        let mut most = 0u16;
        for k in 0..LANDMARKS {
            most = most.max(here[k].abs_diff(goal[k]));
        }
        most.saturating_sub(1) as f64 / self.scale
    }

    /// Memory held, in bytes.
    pub(crate) fn bytes(&self) -> usize {
        self.cells.len() * std::mem::size_of::<Record>() + self.exact.iter().map(|e| e.len() * 4).sum::<usize>()
    }
}

/// The free cell with the largest finite distance (`fallback` when none is finite).
fn farthest(dist: &[f64], fallback: usize) -> usize {
    let mut best = (0.0, fallback);
    for (i, &d) in dist.iter().enumerate() {
        if d.is_finite() && d > best.0 {
            best = (d, i);
        }
    }
    best.1
}

/// The legal moves into (or out of) padded cell `i` under the benchmark's rules (8 neighbours,
/// no corner cutting): each neighbour, and whether the move is diagonal.
#[inline]
fn moves(free: &[u8], stride: usize, i: usize) -> impl Iterator<Item = (usize, bool)> + '_ {
    (0..8).filter_map(move |k| {
        let n = (i as isize + DX[k] + DY[k] * stride as isize) as usize;
        // no corner cutting: both cells beside the diagonal free
        let beside = || free[(i as isize + DX[k]) as usize] == 1 && free[(i as isize + DY[k] * stride as isize) as usize] == 1;
        (free[n] == 1 && (k < 4 || beside())).then_some((n, k >= 4))
    })
}

/// Every padded cell's distance from `source` under the benchmark's rules (8 neighbours, no
/// corner cutting, costs 1 and the square root of 2), exactly; [`FAR`] where no path joins them.
fn dijkstra(free: &[u8], stride: usize, source: usize) -> Vec<Exact> {
    let mut dist = vec![FAR; free.len()];
    dist[source] = 0;
    let mut open = BinaryHeap::from([Reverse((0f64.to_bits(), source))]);
    settle(&mut dist, &mut open, free, stride, &mut Vec::new());
    dist
}

/// Dijkstra from the cells in `open` (each keyed by its distance's bits), lowering `dist`
/// wherever a path from them is shorter; the cells lowered are pushed to `lowered`.
fn settle(dist: &mut [Exact], open: &mut BinaryHeap<Reverse<(u64, usize)>>, free: &[u8], stride: usize, lowered: &mut Vec<usize>) {
    while let Some(Reverse((bits, i))) = open.pop() {
        if bits != value(dist[i]).to_bits() {
            continue;
        }
        for (n, diagonal) in moves(free, stride, i) {
            let next = plus(dist[i], diagonal);
            if value(next) < value(dist[n]) {
                dist[n] = next;
                open.push(Reverse((value(next).to_bits(), n)));
                lowered.push(n);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::board::{Cell, Grid};

    /// The least cost from `goal` to every cell of `grid` by the benchmark's rules, written
    /// from them (8 neighbours, a diagonal only with both cells beside it open; costs 1 and
    /// the square root of 2), by rows of the grid (not padded): a Dijkstra apart from the
    /// module's own.
    fn truth(grid: &Grid, goal: (usize, usize)) -> Vec<f64> {
        let (w, h) = (grid.width() as isize, grid.height() as isize);
        let open = |x: isize, y: isize| x >= 0 && y >= 0 && x < w && y < h && grid.is_passable(x as usize, y as usize);
        let mut dist = vec![f64::INFINITY; (w * h) as usize];
        let mut heap = BinaryHeap::new();
        dist[goal.1 * w as usize + goal.0] = 0.0;
        heap.push(Reverse((0u64, goal.0 as isize, goal.1 as isize)));
        while let Some(Reverse((bits, x, y))) = heap.pop() {
            let d = f64::from_bits(bits);
            if d > dist[(y * w + x) as usize] {
                continue;
            }
            for (dx, dy) in [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)] {
                let (nx, ny) = (x + dx, y + dy);
                let diagonal = dx != 0 && dy != 0;
                if !open(nx, ny) || (diagonal && !(open(x + dx, y) && open(x, y + dy))) {
                    continue;
                }
                let nd = d + if diagonal { SQRT_2 } else { 1.0 };
                if nd < dist[(ny * w + nx) as usize] {
                    dist[(ny * w + nx) as usize] = nd;
                    heap.push(Reverse((nd.to_bits(), nx, ny)));
                }
            }
        }
        dist
    }

    /// A distance one move longer than the cap is the cap (its straight count fills its 16
    /// bits: one more would carry into the diagonal count), and one just under the cap counts
    /// its move exactly.
    #[test]
    fn a_distance_past_the_cap_stays_the_cap() {
        assert_eq!((plus(CAP, false), plus(CAP, true)), (CAP, CAP));
        assert_eq!(plus(CAP - 1, false), CAP);
        let near = (65_530 - 2) | (1 << 16); // 65,528 + sqrt 2
        assert_eq!(value(plus(near, false)), value(near) + 1.0);
        assert_eq!(plus(near, true), near + (1 << 16));
        assert_eq!(plus(CAP - 1, true), CAP);
        assert_eq!((plus(FAR, false), value(FAR)), (FAR, f64::INFINITY));
    }

    /// Landmarks repaired after walls are taken and put (a wall across the map shut at its
    /// foot, which leaves half the map out of reach, then opened at its head; cells and
    /// rectangles freed and blocked at random) still never estimate more than the true cost
    /// between any two cells, and their records still hold the repaired table's jumps.
    #[test]
    fn repaired_landmarks_never_estimate_more_than_the_true_cost() {
        let (w, h) = (30, 24);
        let mut grid = Grid::new(w, h).unwrap();
        let mut draw = crate::rng::xorshift(0x2545_f491_4f6c_dd1du64);
        let mut next = move |n: usize| (draw() % n as u64) as usize;
        for _ in 0..w * h / 4 {
            grid.set(next(w), next(h), Cell::Blocked).unwrap();
        }
        // the wall, open at its foot: the way round is long until it opens near its head
        for y in 0..h {
            grid.set(15, y, if y == h - 1 { Cell::FLOOR } else { Cell::Blocked }).unwrap();
        }
        for (x, y) in [(14, h - 1), (16, h - 1), (14, 3), (16, 3), (14, 2), (16, 2)] {
            grid.set(x, y, Cell::FLOOR).unwrap();
        }
        let stride = w + 2;
        let padded = |(x, y): (usize, usize)| (y + 1) * stride + x + 1;
        let mut free = vec![0u8; stride * (h + 2)];
        let mut table = JumpTable::new(&grid);
        for ((x, y), cell) in grid.cells() {
            free[padded((x, y))] = u8::from(cell.is_passable());
        }
        let mut marks = Landmarks::new(&free, stride, &table);
        // the foot shut (half the map out of reach), the head opened, then edits at random
        let mut edits: Vec<Vec<((usize, usize), bool)>> = vec![vec![((15, h - 1), false)], vec![((15, 3), true)]];
        for k in 0..60 {
            edits.push(match k % 5 {
                4 => {
                    let (x, y, b) = (next(w - 4), next(h - 4), next(3) == 0);
                    (x..x + 4).flat_map(|x| (y..y + 4).map(move |y| ((x, y), b))).collect()
                }
                _ => vec![((next(w), next(h)), next(3) != 0)],
            });
        }
        let (mut pairs, mut worst, mut lowered) = (0, f64::NEG_INFINITY, 0);
        for burst in &edits {
            let mut flipped = Vec::new();
            for &((x, y), open) in burst {
                if grid.is_passable(x, y) != open {
                    grid.set(x, y, if open { Cell::FLOOR } else { Cell::Blocked }).unwrap();
                    free[padded((x, y))] = u8::from(open);
                    flipped.push(padded((x, y)));
                }
            }
            let before = marks.exact.clone();
            let rows = table.repair(&grid, &flipped);
            marks.repair(&free, stride, &table, &flipped, &rows);
            lowered += (0..LANDMARKS)
                .map(|k| before[k].iter().zip(&marks.exact[k]).filter(|(a, b)| value(**b) < value(**a)).count())
                .sum::<usize>();
            assert!((0..free.len()).all(|i| marks.at(i).jumps == table.row(i)), "the records keep the table's jumps");
            let cells: Vec<(usize, usize)> = grid.cells().filter(|(_, c)| c.is_passable()).map(|(p, _)| p).collect();
            for &goal in &cells {
                let dist = truth(&grid, goal);
                for &cell in &cells {
                    let d = dist[cell.1 * w + cell.0];
                    let e = marks.estimate(&marks.at(padded(cell)).dist, &marks.at(padded(goal)).dist);
                    if d.is_finite() {
                        worst = worst.max(e - d);
                        pairs += 1;
                    }
                }
            }
        }
        assert!(worst <= 1e-9, "the estimate exceeds the true cost by {worst}");
        assert!(pairs > 5_000_000 && lowered > 1_000, "{pairs} pairs, {lowered} potentials lowered");
    }

    /// The landmark estimate never exceeds the true cost between any two cells of a scattered
    /// map, however the two distances' rounding down to units falls: its margin of one unit is
    /// needed (half a unit overestimates pairs whose rounding falls apart by more than that).
    #[test]
    fn the_estimate_never_exceeds_the_true_cost_between_any_two_cells() {
        let (w, h) = (26, 22);
        let mut grid = Grid::new(w, h).unwrap();
        let mut seed = 12345u64;
        for y in 0..h {
            for x in 0..w {
                seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                if (seed >> 33) % 100 < 22 {
                    grid.set(x, y, Cell::Blocked).unwrap();
                }
            }
        }
        let stride = w + 2;
        let mut free = vec![0u8; stride * (h + 2)];
        for ((x, y), cell) in grid.cells() {
            free[(y + 1) * stride + x + 1] = u8::from(cell.is_passable());
        }
        let marks = Landmarks::new(&free, stride, &JumpTable::new(&grid));
        let padded = |(x, y): (usize, usize)| (y + 1) * stride + x + 1;
        let (mut pairs, mut worst) = (0, f64::NEG_INFINITY);
        let cells: Vec<(usize, usize)> = grid.cells().filter(|(_, c)| c.is_passable()).map(|(p, _)| p).collect();
        for &goal in &cells {
            let dist = truth(&grid, goal);
            for &cell in &cells {
                let d = dist[cell.1 * w + cell.0];
                if d.is_finite() {
                    let e = marks.estimate(&marks.at(padded(cell)).dist, &marks.at(padded(goal)).dist);
                    worst = worst.max(e - d);
                    pairs += 1;
                }
            }
        }
        assert!(pairs > 100_000, "{pairs} pairs");
        assert!(worst <= 1e-9, "the estimate exceeds the true cost by {worst}");
    }
}
