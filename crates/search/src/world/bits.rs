//! A voxel world's free voxels as bit rows along each of its three axes, inside a border of
//! blocked voxels: what 3D JPS reads. The 27 voxels around one are nine 3-bit reads, and a
//! straight jump tests 64 voxels a word at a time. Kept in the searcher until the world changes.

use crate::world::voxel::VoxelGrid;

/// A position in the bordered volume: each coordinate one more than in the world.
pub(crate) type At = [usize; 3];

/// The free voxels of a world, bordered, as rows along x, along y and along z.
pub(crate) struct VoxelBits {
    /// The world's identity and revision these bits were made from.
    pub(crate) key: (u64, u64),
    /// The bordered sizes (each side two more than the world's).
    n: [usize; 3],
    /// Words per row along each axis.
    words: [usize; 3],
    /// Along each axis `a`, its rows in the order of the other two axes (`a + 1` fastest).
    rows: [Vec<u64>; 3],
}

impl VoxelBits {
    /// Bytes held.
    pub(crate) fn bytes(&self) -> usize {
        self.rows.iter().map(|r| r.len() * 8).sum()
    }

    pub(crate) fn new(world: &VoxelGrid) -> VoxelBits {
        let n = [world.width() + 2, world.height() + 2, world.depth() + 2];
        let words = n.map(|v| v.div_ceil(64));
        let mut rows: [Vec<u64>; 3] = std::array::from_fn(|a| vec![0; words[a] * n[(a + 1) % 3] * n[(a + 2) % 3]]);
        let mut i = 0;
        for z in 1..=world.depth() {
            for y in 1..=world.height() {
                for x in 1..=world.width() {
                    if !world.bit(i) {
                        let p = [x, y, z];
                        for (a, row) in rows.iter_mut().enumerate() {
                            let start = Self::row_start(n, words, a, p);
                            row[start + p[a] / 64] |= 1 << (p[a] % 64);
                        }
                    }
                    i += 1;
                }
            }
        }
        VoxelBits { key: world.version(), n, words, rows }
    }

    /// Brings the rows up to date with `world` around the voxels changed since they were made
    /// ([`VoxelGrid::changes_since`]); false, and nothing changed, when that cannot be told
    /// (another world, a fill, too many changes): then make them anew.
    pub(crate) fn update(&mut self, world: &VoxelGrid) -> bool {
        if world.version() == self.key {
            return true;
        }
        let Some(changed) = world.changes_since(self.key) else { return false };
        for (x, y, z) in changed {
            let p = [x + 1, y + 1, z + 1];
            let free = world.is_free((x, y, z));
            for a in 0..3 {
                let at = Self::row_start(self.n, self.words, a, p) + p[a] / 64;
                let bit = 1 << (p[a] % 64);
                if free {
                    self.rows[a][at] |= bit;
                } else {
                    self.rows[a][at] &= !bit;
                }
            }
        }
        self.key = world.version();
        true
    }

    fn row_start(n: [usize; 3], words: [usize; 3], a: usize, p: At) -> usize {
        let (b, c) = ((a + 1) % 3, (a + 2) % 3);
        (p[c] * n[b] + p[b]) * words[a]
    }

    /// The world's index of `p`.
    #[inline]
    pub(crate) fn index(&self, p: At) -> usize {
        (p[0] - 1) + (self.n[0] - 2) * ((p[1] - 1) + (self.n[1] - 2) * (p[2] - 1))
    }

    /// The bits of the free voxels among the 27 around `p` (`(dz+1)*9 + (dy+1)*3 + (dx+1)`);
    /// `p` is inside the world, so all 27 are in the bordered volume.
    #[inline]
    pub(crate) fn around(&self, p: At) -> u32 {
        let s = p[0] - 1;
        let (word, bit) = (s / 64, s % 64);
        let rows = &self.rows[0];
        let (dy, dz) = (self.words[0], self.n[1] * self.words[0]);
        let mut start = Self::row_start(self.n, self.words, 0, p) - dy - dz + word;
        let mut free = 0;
        for z in 0..3 {
            for y in 0..3 {
                let at = start + y * dy;
                let mut three = rows[at] >> bit;
                if bit > 61 {
                    three |= rows[at + 1] << (64 - bit);
                }
                free |= ((three & 7) as u32) << (z * 9 + y * 3);
            }
            start += dz;
        }
        free
    }

    /// Scans from `p` along axis `a` (`up`: towards larger coordinates) while the voxels are
    /// free, and answers the first coordinate `k` there that `stop` accepts, among the voxels
    /// where one of the eight rows around the line turns from blocked (at the voxel before) to
    /// free, and `also` (the goal's coordinate, when the goal is on the line). Every other
    /// voxel of the scan has the same blocked voxels beside it as the one before, or more.
    // Long: one word loop for both senses; the shifts that line each row up with the voxel
    // before differ only in sense, and a split would pass the nine rows around.
    pub(crate) fn scan(&self, a: usize, p: At, up: bool, also: Option<usize>, mut stop: impl FnMut(usize) -> bool) -> Option<usize> {
        let rows = &self.rows[a];
        let own = Self::row_start(self.n, self.words, a, p);
        // the eight rows around the line, as their starts
        let (sb, sc) = (self.words[a], self.n[(a + 1) % 3] * self.words[a]);
        let ring = [own - sb - sc, own - sc, own + sb - sc, own - sb, own + sb, own - sb + sc, own + sc, own + sb + sc];
        let last = self.words[a] - 1;
        let first = if up { p[a] + 1 } else { p[a] - 1 };
        let mut j = first / 64;
        loop {
            // the voxels of this word still ahead of the scan
            let ahead = if j == first / 64 { if up { u64::MAX << (first % 64) } else { u64::MAX >> (63 - first % 64) } } else { u64::MAX };
            let blocked = !rows[own + j] & ahead;
            // the voxels reached in this word: those before the first blocked one
            let reached = match (blocked, up) {
                (0, _) => ahead,
                (_, true) => ahead & ((1u64 << blocked.trailing_zeros()) - 1),
                (_, false) => ahead & !(u64::MAX >> blocked.leading_zeros()),
            };
            if reached == 0 {
                return None;
            }
            // the word behind is read only when this word's first voxel in the scan's sense
            // is reached (elsewhere the bit it gives is masked off)
            let carry = if up { reached & 1 != 0 } else { reached >> 63 != 0 };
            let mut turns = 0;
            for r in ring {
                let word = rows[r + j];
                let before = if up {
                    word << 1 | if carry && j > 0 { rows[r + j - 1] >> 63 } else { 0 }
                } else {
                    word >> 1 | if carry && j < last { rows[r + j + 1] << 63 } else { 0 }
                };
                turns |= word & !before;
            }
            if let Some(g) = also.filter(|g| g / 64 == j) {
                turns |= 1 << (g % 64);
            }
            let mut candidates = turns & reached;
            while candidates != 0 {
                let bit = if up { candidates.trailing_zeros() } else { 63 - candidates.leading_zeros() };
                candidates &= !(1u64 << bit);
                let k = j * 64 + bit as usize;
                if stop(k) {
                    return Some(k);
                }
            }
            if blocked != 0 {
                return None;
            }
            // the border is blocked, so the scan ends inside the row
            j = if up { j + 1 } else { j - 1 };
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::world::voxel::VoxelGrid;

    fn world(seed: u64) -> VoxelGrid {
        let mut world = VoxelGrid::new(70, 5, 67).unwrap();
        let mut s = seed;
        for i in 0..world.len() {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            if s.is_multiple_of(4) {
                world.set_blocked(world.pos(i), true).unwrap();
            }
        }
        world
    }

    /// Rows kept and brought up to date around edits (a few at a time, now and then more than
    /// the world's log keeps, a fill, a copy) are the rows made anew for the world as it is; an
    /// update that cannot tell says so and changes nothing.
    #[test]
    fn rows_brought_up_to_date_are_the_rows_made_anew() {
        let mut w = world(5);
        let mut kept = VoxelBits::new(&w);
        let mut s = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = move || {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            s
        };
        let (mut updated, mut refused) = (0, 0);
        for round in 0..60 {
            let edits = if round % 20 == 19 { crate::grid::CHANGE_LOG + 1 } else { (next() % 5) as usize };
            for _ in 0..edits {
                let p = w.pos(next() as usize % w.len());
                let blocked = w.is_blocked(p);
                w.set_blocked(p, !blocked).unwrap();
            }
            match round % 30 {
                7 => w.fill(false),
                13 => w = w.clone(),
                _ => {}
            }
            let before = kept.rows.clone();
            if kept.update(&w) {
                updated += 1;
            } else {
                refused += 1;
                assert_eq!(kept.rows, before, "round {round}: a refused update changed the rows");
                kept = VoxelBits::new(&w);
            }
            assert_eq!(kept.key, w.version());
            assert_eq!(kept.rows, VoxelBits::new(&w).rows, "round {round}");
        }
        assert!(updated > 40 && refused >= 6, "{updated} updated, {refused} refused");
    }

    /// The 27 voxels around each voxel, read from the rows along x, as the world says.
    #[test]
    fn around_reads_the_world() {
        let w = world(7);
        let bits = VoxelBits::new(&w);
        for i in 0..w.len() {
            let (x, y, z) = w.pos(i);
            let mut expected = 0;
            for k in 0..27 {
                let q = (x as isize + (k % 3) as isize - 1, y as isize + (k / 3 % 3) as isize - 1, z as isize + (k / 9) as isize - 1);
                let inside = q.0 >= 0 && q.1 >= 0 && q.2 >= 0;
                if inside && w.contains((q.0 as usize, q.1 as usize, q.2 as usize)) && w.is_free((q.0 as usize, q.1 as usize, q.2 as usize))
                {
                    expected |= 1 << k;
                }
            }
            let p = [x + 1, y + 1, z + 1];
            assert_eq!(bits.around(p), expected, "around {:?}", (x, y, z));
            assert_eq!(bits.index(p), i);
        }
    }

    /// A scan along each axis and sense offers exactly the free voxels before the first blocked
    /// one where a row beside the line turns from blocked to free, in order.
    #[test]
    fn scans_offer_the_turns_in_order() {
        let w = world(11);
        let bits = VoxelBits::new(&w);
        let free = |q: [isize; 3]| {
            q.iter().all(|&v| v >= 1) && {
                let p = (q[0] as usize - 1, q[1] as usize - 1, q[2] as usize - 1);
                w.contains(p) && w.is_free(p)
            }
        };
        let mut scans = 0;
        for i in (0..w.len()).step_by(7) {
            let (x, y, z) = w.pos(i);
            let p = [x + 1, y + 1, z + 1];
            for a in 0..3 {
                for up in [true, false] {
                    let step = if up { 1 } else { -1 };
                    let mut expected = Vec::new();
                    let mut q = p.map(|v| v as isize);
                    loop {
                        q[a] += step;
                        if !free(q) {
                            break;
                        }
                        let mut before = q;
                        before[a] -= step;
                        let turns = (0..9).filter(|&k| k != 4).any(|k| {
                            let (mut r, mut s) = (q, before);
                            let (db, dc) = ((k % 3) as isize - 1, (k / 3) as isize - 1);
                            r[(a + 1) % 3] += db;
                            r[(a + 2) % 3] += dc;
                            s[(a + 1) % 3] += db;
                            s[(a + 2) % 3] += dc;
                            free(r) && !free(s)
                        });
                        if turns {
                            expected.push(q[a] as usize);
                        }
                    }
                    let mut offered = Vec::new();
                    let none = bits.scan(a, p, up, None, |k| {
                        offered.push(k);
                        false
                    });
                    assert_eq!(none, None);
                    assert_eq!(offered, expected, "from {p:?} along {a} up {up}");
                    scans += 1;
                }
            }
        }
        assert!(scans > 1000);
    }
}
