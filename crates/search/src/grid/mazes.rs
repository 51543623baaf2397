//! Seeded 2D boards to learn and measure on ([`generate_maze`]): three perfect mazes
//! (recursive division, randomized Prim, depth-first backtracker), rooms and corridors,
//! cellular caves, and noise terrain with mud and water.
//!
//! The perfect mazes put rooms on the cells whose coordinates are both even and open the
//! passage cell between two rooms that the maze joins; every other cell is a wall. The open
//! cells' 4-neighbour graph is then the maze's spanning tree: every open cell reachable, no
//! cycle.

use crate::grid::Pos;
use crate::grid::board::{Cell, Grid, GridError};
use crate::rng::Rng;

/// The kinds of board [`generate_maze`] makes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum MazeKind {
    /// Recursive division: walls split the board in two, each with one gap, down to corridors.
    #[default]
    Division,
    /// Randomized Prim: the maze grows from one room through a random frontier passage at a time.
    Prim,
    /// Depth-first backtracker: a random walk that backs up at dead ends (long corridors).
    Backtracker,
    /// Rectangular rooms joined in turn by L-shaped corridors (not perfect: loops may form).
    Rooms,
    /// Noise smoothed by a cellular automaton, only its largest open cave kept.
    Caves,
    /// Open ground with patches of mud (weight 3) and ponds of water, from smoothed noise.
    Terrain,
}

impl MazeKind {
    /// Every kind, in the order the command line and the panel list them.
    pub const ALL: [MazeKind; 6] =
        [MazeKind::Division, MazeKind::Prim, MazeKind::Backtracker, MazeKind::Rooms, MazeKind::Caves, MazeKind::Terrain];

    /// Whether the kind makes perfect mazes.
    pub fn is_perfect(self) -> bool {
        matches!(self, MazeKind::Division | MazeKind::Prim | MazeKind::Backtracker)
    }
}

named!(MazeKind, "maze kind",
    MazeKind::Division => "division",
    MazeKind::Prim => "prim",
    MazeKind::Backtracker => "backtracker",
    MazeKind::Rooms => "rooms",
    MazeKind::Caves => "caves",
    MazeKind::Terrain => "terrain",
);

/// A `width x height` board of `kind`, the same for the same seed.
///
/// ```
/// use cubepath_search::grid::{MazeKind, generate_maze};
/// let maze = generate_maze(MazeKind::Backtracker, 9, 7, 1).unwrap();
/// assert!(maze.is_passable(0, 0) && !maze.is_passable(1, 1)); // rooms on even cells
/// assert_eq!(maze, generate_maze(MazeKind::Backtracker, 9, 7, 1).unwrap());
/// ```
pub fn generate_maze(kind: MazeKind, width: usize, height: usize, seed: u64) -> Result<Grid, GridError> {
    let mut grid = Grid::new(width, height)?;
    let mut rng = Rng::new(seed);
    match kind {
        MazeKind::Division | MazeKind::Prim | MazeKind::Backtracker => {
            let mut lattice = Lattice::new(width, height);
            match kind {
                MazeKind::Division => lattice.divide(&mut rng),
                MazeKind::Prim => lattice.prim(&mut rng),
                _ => lattice.backtrack(&mut rng),
            }
            lattice.draw(&mut grid)?;
        }
        MazeKind::Rooms => rooms(&mut grid, &mut rng)?,
        MazeKind::Caves => caves(&mut grid, &mut rng)?,
        MazeKind::Terrain => terrain(&mut grid, &mut rng)?,
    }
    Ok(grid)
}

/// The rooms of a perfect maze (cells with both coordinates even), `cols x rows` of them, and
/// which passages between neighbouring rooms are open.
struct Lattice {
    cols: usize,
    rows: usize,
    /// Passage from room (c, r) to (c + 1, r).
    east: Vec<bool>,
    /// Passage from room (c, r) to (c, r + 1).
    south: Vec<bool>,
}

impl Lattice {
    fn new(width: usize, height: usize) -> Lattice {
        let (cols, rows) = (width.div_ceil(2), height.div_ceil(2));
        Lattice { cols, rows, east: vec![false; cols * rows], south: vec![false; cols * rows] }
    }

    /// The rooms next to room `i`, each with the passage flag that joins them.
    fn neighbours(&self, i: usize) -> Vec<(usize, bool, usize)> {
        let (c, r) = (i % self.cols, i / self.cols);
        let mut out = Vec::with_capacity(4);
        if c + 1 < self.cols {
            out.push((i + 1, true, i));
        }
        if c > 0 {
            out.push((i - 1, true, i - 1));
        }
        if r + 1 < self.rows {
            out.push((i + self.cols, false, i));
        }
        if r > 0 {
            out.push((i - self.cols, false, i - self.cols));
        }
        out
    }

    fn open(&mut self, east: bool, at: usize) {
        if east { self.east[at] = true } else { self.south[at] = true }
    }

    /// Depth-first: from a random room, step to a random unvisited neighbour, back up at dead ends.
    fn backtrack(&mut self, rng: &mut Rng) {
        let mut seen = vec![false; self.cols * self.rows];
        let start = rng.below(seen.len());
        let mut stack = vec![start];
        seen[start] = true;
        while let Some(&i) = stack.last() {
            let next: Vec<(usize, bool, usize)> = self.neighbours(i).into_iter().filter(|n| !seen[n.0]).collect();
            if next.is_empty() {
                stack.pop();
                continue;
            }
            let (j, east, at) = next[rng.below(next.len())];
            self.open(east, at);
            seen[j] = true;
            stack.push(j);
        }
    }

    /// Prim: a frontier of passages out of the maze; a random one joins its room to the maze.
    fn prim(&mut self, rng: &mut Rng) {
        let mut seen = vec![false; self.cols * self.rows];
        let start = rng.below(seen.len());
        seen[start] = true;
        let mut frontier = self.neighbours(start);
        while !frontier.is_empty() {
            let (j, east, at) = frontier.swap_remove(rng.below(frontier.len()));
            if seen[j] {
                continue;
            }
            seen[j] = true;
            self.open(east, at);
            frontier.extend(self.neighbours(j).into_iter().filter(|n| !seen[n.0]));
        }
    }

    /// Recursive division: every passage open, then each region split by a wall with one gap,
    /// down to regions one room wide.
    fn divide(&mut self, rng: &mut Rng) {
        self.east.fill(true);
        self.south.fill(true);
        for r in 0..self.rows {
            self.east[r * self.cols + self.cols - 1] = false;
        }
        for c in 0..self.cols {
            self.south[(self.rows - 1) * self.cols + c] = false;
        }
        let mut regions = vec![(0, 0, self.cols, self.rows)];
        while let Some((c0, r0, w, h)) = regions.pop() {
            if w < 2 || h < 2 {
                continue;
            }
            if w > h || (w == h && rng.below(2) == 0) {
                // a wall between columns c0 + k and c0 + k + 1, one gap
                let k = rng.below(w - 1);
                let gap = rng.below(h);
                for r in r0..r0 + h {
                    self.east[r * self.cols + c0 + k] = r == r0 + gap;
                }
                regions.push((c0, r0, k + 1, h));
                regions.push((c0 + k + 1, r0, w - k - 1, h));
            } else {
                let k = rng.below(h - 1);
                let gap = rng.below(w);
                for c in c0..c0 + w {
                    self.south[(r0 + k) * self.cols + c] = c == c0 + gap;
                }
                regions.push((c0, r0, w, k + 1));
                regions.push((c0, r0 + k + 1, w, h - k - 1));
            }
        }
    }

    /// Walls everywhere, then the rooms and the open passages.
    fn draw(&self, grid: &mut Grid) -> Result<(), GridError> {
        for y in 0..grid.height() {
            for x in 0..grid.width() {
                grid.set(x, y, Cell::Blocked)?;
            }
        }
        for i in 0..self.cols * self.rows {
            let (x, y) = (2 * (i % self.cols), 2 * (i / self.cols));
            grid.set(x, y, Cell::FLOOR)?;
            if self.east[i] {
                grid.set(x + 1, y, Cell::FLOOR)?;
            }
            if self.south[i] {
                grid.set(x, y + 1, Cell::FLOOR)?;
            }
        }
        Ok(())
    }
}

/// Rooms of 3 to 8 cells a side (about one per 60 cells), each joined to the one before by an
/// L-shaped corridor.
fn rooms(grid: &mut Grid, rng: &mut Rng) -> Result<(), GridError> {
    let (w, h) = (grid.width(), grid.height());
    fill(grid, Cell::Blocked)?;
    let count = (w * h / 60).clamp(1, 200);
    let mut last: Option<Pos> = None;
    for _ in 0..count {
        let (rw, rh) = ((3 + rng.below(6)).min(w), (3 + rng.below(6)).min(h));
        let (x0, y0) = (rng.below(w - rw + 1), rng.below(h - rh + 1));
        for y in y0..y0 + rh {
            for x in x0..x0 + rw {
                grid.set(x, y, Cell::FLOOR)?;
            }
        }
        let centre = (x0 + rw / 2, y0 + rh / 2);
        if let Some(p) = last {
            for x in p.0.min(centre.0)..=p.0.max(centre.0) {
                grid.set(x, p.1, Cell::FLOOR)?;
            }
            for y in p.1.min(centre.1)..=p.1.max(centre.1) {
                grid.set(centre.0, y, Cell::FLOOR)?;
            }
        }
        last = Some(centre);
    }
    Ok(())
}

/// Noise at 45 % barriers, smoothed five times (a barrier where at least 5 of the 8 neighbours
/// are; outside counts as barrier), then every open cell outside the largest cave filled.
fn caves(grid: &mut Grid, rng: &mut Rng) -> Result<(), GridError> {
    let (w, h) = (grid.width(), grid.height());
    let mut blocked: Vec<bool> = (0..w * h).map(|_| rng.unit() < 0.45).collect();
    for _ in 0..5 {
        let before = blocked.clone();
        for y in 0..h {
            for x in 0..w {
                let mut walls = 0;
                for (dx, dy) in [(-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1)] {
                    let (nx, ny) = (x as isize + dx, y as isize + dy);
                    let outside = nx < 0 || ny < 0 || nx >= w as isize || ny >= h as isize;
                    walls += usize::from(outside || before[ny as usize * w + nx as usize]);
                }
                blocked[y * w + x] = walls >= 5;
            }
        }
    }
    // keep the largest cave
    let mut label = vec![0u32; w * h];
    let (mut best, mut best_size, mut next) = (0, 0, 0);
    for i in 0..w * h {
        if blocked[i] || label[i] != 0 {
            continue;
        }
        next += 1;
        let (mut stack, mut size) = (vec![i], 0);
        label[i] = next;
        while let Some(j) = stack.pop() {
            size += 1;
            let (x, y) = (j % w, j / w);
            for (nx, ny) in [(x.wrapping_sub(1), y), (x + 1, y), (x, y.wrapping_sub(1)), (x, y + 1)] {
                if nx < w && ny < h && !blocked[ny * w + nx] && label[ny * w + nx] == 0 {
                    label[ny * w + nx] = next;
                    stack.push(ny * w + nx);
                }
            }
        }
        if size > best_size {
            (best, best_size) = (next, size);
        }
    }
    for (i, &l) in label.iter().enumerate() {
        grid.set(i % w, i / w, if l == best && best != 0 { Cell::FLOOR } else { Cell::Blocked })?;
    }
    Ok(())
}

/// Smoothed noise: low ground is water, middling ground mud (weight 3), the rest plain.
fn terrain(grid: &mut Grid, rng: &mut Rng) -> Result<(), GridError> {
    let (w, h) = (grid.width(), grid.height());
    let mut value: Vec<f64> = (0..w * h).map(|_| rng.unit()).collect();
    for _ in 0..4 {
        let before = value.clone();
        for y in 0..h {
            for x in 0..w {
                let (mut sum, mut n) = (0.0, 0.0);
                for ny in y.saturating_sub(1)..(y + 2).min(h) {
                    for nx in x.saturating_sub(1)..(x + 2).min(w) {
                        sum += before[ny * w + nx];
                        n += 1.0;
                    }
                }
                value[y * w + x] = sum / n;
            }
        }
    }
    // thresholds from the values' own spread, so every board has some of each
    let mut sorted = value.clone();
    sorted.sort_by(f64::total_cmp);
    let (water, mud) = (sorted[sorted.len() / 8], sorted[sorted.len() * 3 / 8]);
    for (i, &v) in value.iter().enumerate() {
        let cell = if v < water {
            Cell::Water
        } else if v < mud {
            Cell::Ground(3)
        } else {
            Cell::FLOOR
        };
        grid.set(i % w, i / w, cell)?;
    }
    Ok(())
}

fn fill(grid: &mut Grid, cell: Cell) -> Result<(), GridError> {
    for y in 0..grid.height() {
        for x in 0..grid.width() {
            grid.set(x, y, cell)?;
        }
    }
    Ok(())
}
