//! Straight jumps read from a table instead of scanned: for each free voxel and each of the six
//! straight directions, how far a straight jump from it goes and whether it ends on a jump
//! point (a voxel with a forced direction) or before a blocked voxel. The table is filled a
//! line at a time, when a jump first needs that line (both senses at once), and kept in the
//! searcher for the world's revision; on worlds of more than [`STRAIGHT_VOXELS`] voxels JPS
//! scans the bit rows instead. A diagonal jump asks two or three straight jumps at each of its
//! steps (on the bench's pillars and slabs, three quarters of the jumps made), each then one read.

use crate::world::bits::{At, VoxelBits};
use crate::world::voxel::VoxelGrid;

/// The most voxels a world may have to get a table (12 bytes each: 24 MiB at most).
pub(crate) const STRAIGHT_VOXELS: usize = 1 << 21;

/// An entry's flag: the jump ends on a jump point (else before a blocked voxel). The rest is
/// the distance: a side is at most `MAX_SIDE_3D` (1,024) voxels, so it fits.
const JUMP_POINT: u16 = 1 << 15;

/// The table: per world voxel, per slot (`2 a` along axis `a` downwards, `2 a + 1` upwards),
/// the free voxels a straight jump steps over, with [`JUMP_POINT`] when the last is one; and
/// which lines along each axis are filled.
pub(crate) struct Straight {
    /// The world's identity and revision the table is for.
    pub(crate) key: (u64, u64),
    size: [usize; 3],
    entries: Vec<[u16; 6]>,
    /// Per axis, per line along it (numbered by its other two coordinates): filled.
    filled: [Vec<bool>; 3],
    /// One line's voxels while it is filled: bit 0 free, bit 1 a jump upwards stops there,
    /// bit 2 a jump downwards does.
    line: Vec<u8>,
}

/// The bits of the eight voxels round the line along axis `a` beside a voxel (in
/// [`VoxelBits::around`]'s numbering), and how far apart the bits of two voxels one step apart
/// along `a` lie.
const RING: [(u32, u32); 3] = {
    let mut out = [(0, 0); 3];
    let mut a = 0;
    while a < 3 {
        let mut mask = 0;
        let mut k: usize = 0;
        while k < 27 {
            let o = [(k % 3) as i32 - 1, (k / 3 % 3) as i32 - 1, (k / 9) as i32 - 1];
            if o[a] == 0 && k != 13 {
                mask |= 1 << k;
            }
            k += 1;
        }
        out[a] = (mask, [1, 3, 9][a]);
        a += 1;
    }
    out
};

/// The number of the straight direction along axis `a`, upwards or not (`(dz+1)*9 +
/// (dy+1)*3 + (dx+1)`).
fn direction(a: usize, up: bool) -> usize {
    let step = [1, 3, 9][a];
    if up { 13 + step } else { 13 - step }
}

/// The forced directions of an arrival along a direction at a voxel with the free voxels
/// around it: JPS's test, lent to the table.
pub(super) type Forced<'f> = &'f mut dyn FnMut(usize, u32) -> u32;

impl Straight {
    /// An empty table for `world`, or `None` for a world over [`STRAIGHT_VOXELS`].
    pub(super) fn new(world: &VoxelGrid) -> Option<Straight> {
        let size = [world.width(), world.height(), world.depth()];
        (world.len() <= STRAIGHT_VOXELS).then(|| Straight {
            key: world.version(),
            size,
            entries: vec![[0; 6]; world.len()],
            filled: std::array::from_fn(|a| vec![false; size[[1, 2, 0][a]] * size[[2, 0, 1][a]]]),
            line: Vec::new(),
        })
    }

    /// Brings the table up to date with `world` around the voxels changed since it was made
    /// for: every line within one voxel of a changed one (a line's entries read the voxels on
    /// it and round it) is marked unfilled, to be filled again when a jump needs it. False, and
    /// nothing changed, when that cannot be told (another world, a fill, too many changes).
    pub(super) fn update(&mut self, world: &VoxelGrid) -> bool {
        if world.version() == self.key {
            return true;
        }
        let Some(changed) = world.changes_since(self.key) else { return false };
        for (x, y, z) in changed {
            let p = [x, y, z];
            for a in 0..3 {
                let (b, c) = ([1, 2, 0][a], [2, 0, 1][a]);
                for cb in p[b].saturating_sub(1)..=(p[b] + 1).min(self.size[b] - 1) {
                    for cc in p[c].saturating_sub(1)..=(p[c] + 1).min(self.size[c] - 1) {
                        self.filled[a][cb + self.size[b] * cc] = false;
                    }
                }
            }
        }
        self.key = world.version();
        true
    }

    /// The jump from `from` (bordered coordinates) along axis `a` (upwards or not): the jump
    /// point it ends on and its distance, or the goal first when the goal (its coordinate
    /// `also` along `a`, when on the line) comes no later; `None` when the line is blocked
    /// first. A jump stops where `VoxelBits::scan` would let it: at a voxel where a row round
    /// the line turns from blocked to free and the arrival there has a forced direction.
    #[inline]
    pub(super) fn jump(
        &mut self,
        (bits, forced): (&VoxelBits, Forced),
        from: At,
        (a, up): (usize, bool),
        also: Option<usize>,
    ) -> Option<(At, usize)> {
        let (b, c) = ([1, 2, 0][a], [2, 0, 1][a]);
        let line = (from[b] - 1) + self.size[b] * (from[c] - 1);
        if !self.filled[a][line] {
            self.fill((bits, forced), a, from);
            self.filled[a][line] = true;
        }
        let e = self.entries[bits.index(from)][2 * a + usize::from(up)];
        let n = usize::from(e & !JUMP_POINT);
        let to = |m: usize| {
            let mut q = from;
            q[a] = if up { from[a] + m } else { from[a] - m };
            (q, m)
        };
        let goal = also.and_then(|g| if up { g.checked_sub(from[a]) } else { from[a].checked_sub(g) });
        if let Some(m) = goal.filter(|&m| m >= 1 && m <= n) {
            return Some(to(m));
        }
        (e & JUMP_POINT != 0).then(|| to(n))
    }

    /// Fills every line not filled yet, along each axis (a preparation ahead of the searches,
    /// which otherwise fill the lines their jumps need as they go).
    pub(super) fn fill_all(&mut self, (bits, forced): (&VoxelBits, Forced)) {
        for a in 0..3 {
            let (b, c) = ([1, 2, 0][a], [2, 0, 1][a]);
            for line in 0..self.filled[a].len() {
                if !self.filled[a][line] {
                    let mut p = [1; 3];
                    (p[b], p[c]) = (line % self.size[b] + 1, line / self.size[b] + 1);
                    self.fill((bits, &mut *forced), a, p);
                    self.filled[a][line] = true;
                }
            }
        }
    }

    /// Bytes held.
    pub(crate) fn bytes(&self) -> usize {
        self.entries.len() * 12 + self.filled.iter().map(Vec::len).sum::<usize>()
    }

    /// Lines not filled, along all three axes.
    #[cfg(test)]
    pub(super) fn unfilled(&self) -> usize {
        self.filled.iter().flatten().filter(|f| !**f).count()
    }

    /// Fills the line along axis `a` through `p` (bordered coordinates), both senses.
    fn fill(&mut self, (bits, forced): (&VoxelBits, Forced), a: usize, mut p: At) {
        let (ring, apart) = RING[a];
        let (up, down) = (direction(a, true), direction(a, false));
        let n = self.size[a];
        self.line.clear();
        for k in 1..=n {
            p[a] = k;
            let around = bits.around(p);
            let mut v = (around >> 13 & 1) as u8;
            // a row round the line turns from blocked to free here, coming from below or above
            if v == 1 && around & ring & !(around << apart) != 0 && forced(up, around) != 0 {
                v |= 2;
            }
            if v & 1 == 1 && around & ring & !(around >> apart) != 0 && forced(down, around) != 0 {
                v |= 4;
            }
            self.line.push(v);
        }
        let stride = [1, self.size[0], self.size[0] * self.size[1]][a];
        p[a] = 1;
        let base = bits.index(p);
        let entry = |next: Option<&u8>, stop: u8, after: u16| match next {
            Some(&v) if v & 1 == 1 && v & stop != 0 => JUMP_POINT | 1,
            Some(&v) if v & 1 == 1 => after + 1,
            _ => 0,
        };
        let mut after = 0;
        for k in (0..n).rev() {
            after = entry(self.line.get(k + 1), 2, after);
            self.entries[base + k * stride][2 * a + 1] = after;
        }
        for k in 0..n {
            after = entry(k.checked_sub(1).and_then(|j| self.line.get(j)), 4, after);
            self.entries[base + k * stride][2 * a] = after;
        }
    }
}
