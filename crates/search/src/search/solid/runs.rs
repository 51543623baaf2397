//! The connected parts of a world's free voxels kept as runs, not a label per voxel: for the
//! flying models, in memory that follows the world's solid voxels rather than its volume.
//!
//! **Why runs suffice for flying.** Under fly-6, fly-18 and fly-26 a move is legal when every
//! voxel of its box is free, and through a free box there is always a way of single-axis steps
//! from one corner to the other. So two free voxels reach each other under any of the three
//! models exactly when they do under fly-6: the parts are the 6-connected parts of the free
//! voxels, and one label per run of free voxels along x says them all. A run touches another
//! when they share an x in neighbouring rows (`y` or `z` one apart).
//!
//! A world the size of a game level (400 x 300 x 500 voxels, under 1 % solid) has about as many
//! runs as rows, a few hundred thousand, 8 bytes each; a label per voxel would be 240 MB.

use crate::world::Pos3;
use crate::world::voxel::VoxelGrid;
#[cfg(test)]
use crate::world::voxel::faces;

/// The runs of free voxels of each row along x, and each run's part.
pub(crate) struct Runs {
    /// Where each row's runs begin in `runs` (rows numbered `z * height + y`), and the end.
    pub(super) starts: Vec<u32>,
    /// Each run's first x and its last.
    pub(super) runs: Vec<(u16, u16)>,
    /// Each run's part, from 1 (not every number below `next` need be one: see
    /// [`Runs::update`]).
    pub(super) labels: Vec<u32>,
    /// The next part's number.
    pub(super) next: u32,
    /// Per run, the search that found it while a part is split ([`Runs::update`]); `u32::MAX`
    /// between splits.
    pub(super) owner: Vec<u32>,
    pub(super) height: usize,
}

impl Runs {
    /// Bytes held.
    pub(crate) fn bytes(&self) -> usize {
        (self.starts.len() + self.runs.len() + self.labels.len() + self.owner.len()) * 4
    }

    /// The part of the free voxel `p` (0 when it is blocked).
    pub(crate) fn label(&self, p: Pos3) -> u32 {
        self.run_of(p).map_or(0, |(_, k)| self.labels[k])
    }

    /// The run holding the free voxel `p`, with its row (`None` when `p` is blocked).
    pub(super) fn run_of(&self, p: Pos3) -> Option<(usize, usize)> {
        let row = p.2 * self.height + p.1;
        let (a, b) = (self.starts[row] as usize, self.starts[row + 1] as usize);
        // the first run ending at or after x
        let k = a + self.runs[a..b].partition_point(|&(_, last)| (last as usize) < p.0);
        (k < b && self.runs[k].0 as usize <= p.0).then_some((row, k))
    }
}

/// [`Runs`] found a row at a time (rows in order of `z`, then `y`), each run joined to the runs
/// it touches in the row before along y and the one before along z, by union-find.
pub(crate) struct RunLabelling {
    starts: Vec<u32>,
    runs: Vec<(u16, u16)>,
    /// Union-find over the runs: each run's parent.
    parent: Vec<u32>,
    /// The next row to read.
    row: usize,
    rows: usize,
    width: usize,
    height: usize,
}

impl RunLabelling {
    pub(crate) fn new(world: &VoxelGrid) -> RunLabelling {
        let rows = world.height() * world.depth();
        let mut starts = Vec::with_capacity(rows + 1);
        starts.push(0);
        RunLabelling { starts, runs: Vec::new(), parent: Vec::new(), row: 0, rows, width: world.width(), height: world.height() }
    }

    pub(crate) fn is_done(&self) -> bool {
        self.row >= self.rows
    }

    /// Reads rows of `world` (the one it began on, unchanged) until about `work` is spent (a
    /// row counts one, and one more for each 64 voxels and each run it holds; at least one
    /// row); returns the work done.
    pub(crate) fn advance(&mut self, world: &VoxelGrid, work: usize) -> usize {
        let mut spent = 0;
        while spent < work.max(1) && !self.is_done() {
            let before = self.runs.len();
            self.read_row(world);
            let (y, z) = (self.row % self.height, self.row / self.height);
            if y > 0 {
                self.join(self.row - 1);
            }
            if z > 0 {
                self.join(self.row - self.height);
            }
            spent += 1 + self.width.div_ceil(64) + (self.runs.len() - before);
            self.row += 1;
        }
        spent
    }

    /// Appends the runs of free voxels of row `self.row`.
    fn read_row(&mut self, world: &VoxelGrid) {
        let before = self.runs.len();
        row_runs(world, self.row, &mut self.runs);
        self.parent.extend(before as u32..self.runs.len() as u32);
        self.starts.push(self.runs.len() as u32);
    }

    /// Unites the current row's runs with those of row `other` (read before) that share an x.
    fn join(&mut self, other: usize) {
        let (mut i, end_i) = (self.starts[self.row] as usize, self.starts[self.row + 1] as usize);
        let (mut j, end_j) = (self.starts[other] as usize, self.starts[other + 1] as usize);
        while i < end_i && j < end_j {
            let (a, b) = (self.runs[i], self.runs[j]);
            if a.0 <= b.1 && b.0 <= a.1 {
                self.unite(i as u32, j as u32);
            }
            // step past whichever ends first
            if a.1 < b.1 {
                i += 1;
            } else {
                j += 1;
            }
        }
    }

    fn find(&mut self, mut r: u32) -> u32 {
        while self.parent[r as usize] != r {
            let up = self.parent[self.parent[r as usize] as usize];
            self.parent[r as usize] = up;
            r = up;
        }
        r
    }

    fn unite(&mut self, a: u32, b: u32) {
        let (ra, rb) = (self.find(a), self.find(b));
        if ra != rb {
            // the older run stays the root
            let (lo, hi) = (ra.min(rb), ra.max(rb));
            self.parent[hi as usize] = lo;
        }
    }

    /// The runs with their parts numbered from 1, in the order their first runs were read.
    pub(crate) fn into_runs(mut self) -> Runs {
        debug_assert!(self.is_done());
        let mut labels = vec![0u32; self.runs.len()];
        let mut next = 0;
        for r in 0..self.runs.len() {
            let root = self.find(r as u32) as usize;
            // a root is never after its runs: it was labelled first
            if root == r {
                next += 1;
                labels[r] = next;
            } else {
                labels[r] = labels[root];
            }
        }
        Runs { starts: self.starts, runs: self.runs, labels, next: next + 1, owner: Vec::new(), height: self.height }
    }
}

/// Appends the runs of free voxels of row `row` (numbered `z * height + y`) of `world` to
/// `out`, reading its bits a word at a time.
pub(super) fn row_runs(world: &VoxelGrid, row: usize, out: &mut Vec<(u16, u16)>) {
    let width = world.width();
    let base = row * width;
    let mut x = 0;
    let mut open: Option<usize> = None;
    while x < width {
        let n = (width - x).min(64);
        let blocked = world.bits_from(base + x, n);
        let mut k = 0;
        while k < n {
            // the next change from the state the row is in
            let rest = if open.is_some() { blocked >> k } else { !blocked >> k };
            let len = if k == 0 && rest == 0 { 64 } else { rest.trailing_zeros() as usize };
            let to = (k + len).min(n);
            if to == n {
                break;
            }
            match open.take() {
                Some(first) => out.push((first as u16, (x + to - 1) as u16)),
                None => open = Some(x + to),
            }
            k = to;
        }
        x += n;
    }
    if let Some(first) = open {
        out.push((first as u16, (width - 1) as u16));
    }
}

/// Each voxel's part by a flood over the six faces, written from the rule (0 where blocked).
#[cfg(test)]
pub(super) fn flood_parts(world: &VoxelGrid) -> Vec<u32> {
    let mut part = vec![0u32; world.len()];
    let mut parts = 0;
    for s in 0..world.len() {
        if world.is_blocked(world.pos(s)) || part[s] != 0 {
            continue;
        }
        parts += 1;
        part[s] = parts;
        let mut stack = vec![world.pos(s)];
        while let Some(p) = stack.pop() {
            for q in faces(p) {
                if world.is_free(q) && part[world.index(q)] == 0 {
                    part[world.index(q)] = parts;
                    stack.push(q);
                }
            }
        }
    }
    part
}

/// A world of `w x h x d` voxels, each blocked with the chance `density` in 100 drawn from
/// `next`.
#[cfg(test)]
pub(super) fn scattered(w: usize, h: usize, d: usize, density: u64, next: &mut impl FnMut() -> u64) -> VoxelGrid {
    let mut world = VoxelGrid::new(w, h, d).unwrap();
    for i in 0..world.len() {
        if next() % 100 < density {
            world.set_blocked(world.pos(i), true).unwrap();
        }
    }
    world
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The runs give two voxels the same part exactly when a flood over the six faces, written
    /// here from the rule, reaches one from the other; on random worlds, narrow and wider than
    /// a word (runs crossing words' edges).
    #[test]
    fn runs_part_free_voxels_as_a_flood_does() {
        let mut next = crate::rng::xorshift(0x2545_F491_4F6C_DD1Du64);
        for round in 0..60 {
            let w = [1, 5, 63, 64, 65, 130][round % 6];
            let (h, d) = (1 + next() as usize % 5, 1 + next() as usize % 4);
            let world = scattered(w, h, d, next() % 60, &mut next);
            let mut labelling = RunLabelling::new(&world);
            let mut steps = 0;
            while !labelling.is_done() {
                labelling.advance(&world, 3);
                steps += 1;
            }
            assert!(steps >= h * d / 4, "a step reads about one row at work 3");
            let runs = labelling.into_runs();
            let part = flood_parts(&world);
            for i in 0..world.len() {
                let p = world.pos(i);
                assert_eq!(runs.label(p) == 0, world.is_blocked(p), "{p:?} in {w} x {h} x {d}");
                for j in (0..world.len()).step_by(7) {
                    let q = world.pos(j);
                    if world.is_free(p) && world.is_free(q) {
                        assert_eq!(runs.label(p) == runs.label(q), part[i] == part[j], "{p:?} and {q:?} in {w} x {h} x {d}");
                    }
                }
            }
        }
    }
}
