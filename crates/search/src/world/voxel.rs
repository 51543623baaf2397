//! Voxel worlds: width x height x depth voxels, each free or blocked, z up, and the two ways
//! of moving through them.
//!
//! - **Fly** with 6, 18 or 26 neighbours ([`VoxelMoves::Fly6`], [`VoxelMoves::Fly18`],
//!   [`VoxelMoves::Fly26`]): a step changes one, two or three coordinates by one and costs 1,
//!   sqrt 2 or sqrt 3; it is legal only when every voxel of the box it spans is free (the 2 x 2
//!   or 2 x 2 x 2 box: no corner or edge cutting, as HOG2's `VoxelGrid`).
//! - **Walk** ([`VoxelMoves::Walk`]): a voxel is standable when it is free and either z = 0 or
//!   the voxel below it is blocked. A walker steps to one of the 8 horizontal neighbours at its
//!   height when that voxel is standable (a diagonal also needs both side voxels at that height
//!   free), cost 1 or sqrt 2; or climbs or descends one level to a standable voxel of one of the
//!   4 straight neighbours, with headroom (climbing: the voxel above the walker is free;
//!   descending: the voxel above the target, at the walker's height, is free), cost sqrt 2.
//!   Both headroom rules name the same voxel, so every walking move can be made backwards.
//!
//! [`voxel_step`] states these rules once, plainly; the searches walk them through
//! `voxel_space.rs`.

use std::f64::consts::SQRT_2;
use std::fmt;

use crate::grid::board::CHANGE_LOG;
use crate::world::Pos3;

/// The largest width, height or depth a voxel world may have.
pub const MAX_SIDE_3D: usize = 1024;
/// The most voxels a world may have (2^27).
pub const MAX_VOXELS: usize = 1 << 27;

const SQRT_3: f64 = 1.732_050_807_568_877_2;

/// Why a voxel world could not be made or a voxel named.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WorldError {
    /// A side is 0 or above [`MAX_SIDE_3D`], or the world has more than [`MAX_VOXELS`].
    BadSize {
        /// The sizes asked for.
        size: (usize, usize, usize),
    },
    /// A voxel lies outside the world.
    OffWorld {
        /// The voxel asked for.
        at: Pos3,
        /// The world's size.
        size: (usize, usize, usize),
    },
}

impl fmt::Display for WorldError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WorldError::BadSize { size: (w, h, d) } => write!(
                f,
                "world size {w} x {h} x {d} is not allowed: each side must be 1 to {MAX_SIDE_3D}, and at most {MAX_VOXELS} voxels in all"
            ),
            WorldError::OffWorld { at: (x, y, z), size: (w, h, d) } => {
                write!(f, "voxel {x},{y},{z} is off the world ({w} x {h} x {d}: x 0..{}, y 0..{}, z 0..{})", w - 1, h - 1, d - 1)
            }
        }
    }
}

impl std::error::Error for WorldError {}

/// A voxel world: every voxel free or blocked, stored as bits.
///
/// ```
/// use cubepath_search::world::VoxelGrid;
/// let mut world = VoxelGrid::new(4, 3, 2).unwrap();
/// world.set_blocked((1, 1, 0), true).unwrap();
/// assert!(world.is_blocked((1, 1, 0)));
/// assert!(world.is_standable((1, 1, 1))); // on top of the block
/// assert!(!world.is_standable((0, 0, 1))); // in the air
/// assert!(world.set_blocked((4, 0, 0), true).is_err());
/// ```
///
/// Like a [`crate::grid::Grid`], a world has an identity and a revision ([`VoxelGrid::version`]):
/// a clone takes a new identity, so two copies edited apart never look alike to a searcher.
pub struct VoxelGrid {
    width: usize,
    height: usize,
    depth: usize,
    blocked: Vec<u64>,
    id: u64,
    revision: u64,
    /// The voxel changed by each of the last [`CHANGE_LOG`] revisions, revision r at
    /// `r % CHANGE_LOG` ([`EVERY_VOXEL`] for a fill; empty until the first change).
    log: Vec<u32>,
}

/// A log entry for a revision that changed every voxel ([`VoxelGrid::fill`]).
const EVERY_VOXEL: u32 = u32::MAX;

impl Clone for VoxelGrid {
    /// A copy with the same voxels and a new identity (its revision carries on from the
    /// original's): a searcher that kept tables for the original does not take them for the copy.
    fn clone(&self) -> VoxelGrid {
        VoxelGrid { blocked: self.blocked.clone(), log: self.log.clone(), id: crate::grid::board::new_id(), ..*self }
    }
}

impl PartialEq for VoxelGrid {
    fn eq(&self, other: &Self) -> bool {
        (self.width, self.height, self.depth) == (other.width, other.height, other.depth) && self.blocked == other.blocked
    }
}

impl fmt::Debug for VoxelGrid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "VoxelGrid {} x {} x {} ({} blocked)", self.width, self.height, self.depth, self.blocked_count())
    }
}

impl VoxelGrid {
    /// An all-free world. Each side must be 1 to [`MAX_SIDE_3D`], and the world at most
    /// [`MAX_VOXELS`] voxels.
    pub fn new(width: usize, height: usize, depth: usize) -> Result<VoxelGrid, WorldError> {
        let sides = [width, height, depth];
        if sides.iter().any(|&s| s == 0 || s > MAX_SIDE_3D) || width * height * depth > MAX_VOXELS {
            return Err(WorldError::BadSize { size: (width, height, depth) });
        }
        let words = (width * height * depth).div_ceil(64);
        Ok(VoxelGrid { width, height, depth, blocked: vec![0; words], id: crate::grid::board::new_id(), revision: 0, log: Vec::new() })
    }

    /// Width (x).
    pub fn width(&self) -> usize {
        self.width
    }

    /// Height (y).
    pub fn height(&self) -> usize {
        self.height
    }

    /// Depth (z, up).
    pub fn depth(&self) -> usize {
        self.depth
    }

    /// Width x height x depth.
    pub fn len(&self) -> usize {
        self.width * self.height * self.depth
    }

    /// Never: a world has at least one voxel.
    pub fn is_empty(&self) -> bool {
        false
    }

    /// Whether `p` lies inside the world.
    pub fn contains(&self, p: Pos3) -> bool {
        p.0 < self.width && p.1 < self.height && p.2 < self.depth
    }

    /// An error naming `p` when it lies outside the world.
    pub fn check(&self, p: Pos3) -> Result<(), WorldError> {
        if self.contains(p) { Ok(()) } else { Err(WorldError::OffWorld { at: p, size: (self.width, self.height, self.depth) }) }
    }

    /// The index of `p` (inside the world): x fastest, then y, then z.
    pub fn index(&self, p: Pos3) -> usize {
        (p.2 * self.height + p.1) * self.width + p.0
    }

    /// The voxel at index `i`.
    pub fn pos(&self, i: usize) -> Pos3 {
        (i % self.width, (i / self.width) % self.height, i / (self.width * self.height))
    }

    /// Whether `p` is blocked; voxels outside the world count as blocked.
    pub fn is_blocked(&self, p: Pos3) -> bool {
        !self.contains(p) || self.bit(self.index(p))
    }

    /// Whether `p` is inside the world and free.
    pub fn is_free(&self, p: Pos3) -> bool {
        !self.is_blocked(p)
    }

    /// How cluttered the world's open space is with small obstacles: the blocked voxels with
    /// at least four free voxels beside their faces (outside the world counts as blocked), per
    /// free voxel, from an even sample of about 8,192 voxels (0 when none of them is free).
    /// Smooth rock (caves, islands, slabs, pillars) is near 0, since its voxels touch rock on
    /// most faces; 20 % of voxels blocked at random is about 0.24.
    ///
    /// ```
    /// use cubepath_search::world::VoxelGrid;
    /// let mut world = VoxelGrid::new(16, 16, 16).unwrap();
    /// assert_eq!(world.clutter(), 0.0);
    /// for z in 0..16 {
    ///     for (x, y) in [(8, 8), (9, 8), (8, 9), (9, 9)] {
    ///         world.set_blocked((x, y, z), true).unwrap(); // a 2 x 2 pillar: two faces free
    ///     }
    /// }
    /// assert_eq!(world.clutter(), 0.0);
    /// world.set_blocked((3, 3, 3), true).unwrap(); // a lone voxel: six faces free
    /// assert!(world.clutter() > 0.0);
    /// ```
    pub fn clutter(&self) -> f64 {
        // a stride sharing no factor with the width, so the sample spreads over every column
        let gcd = |mut a: usize, mut b: usize| {
            while b != 0 {
                (a, b) = (b, a % b);
            }
            a
        };
        let mut step = (self.len() / 8192).max(1) | 1;
        while gcd(step, self.width) > 1 {
            step += 2;
        }
        let (mut free, mut lone) = (0usize, 0usize);
        for i in (0..self.len()).step_by(step) {
            if !self.bit(i) {
                free += 1;
                continue;
            }
            lone += usize::from(faces(self.pos(i)).iter().filter(|&&p| self.is_free(p)).count() >= 4);
        }
        if free == 0 { 0.0 } else { lone as f64 / free as f64 }
    }

    /// Whether a walker can stand on `p`: free, and on the ground (z = 0) or on a blocked voxel.
    pub fn is_standable(&self, p: Pos3) -> bool {
        self.is_free(p) && (p.2 == 0 || self.is_blocked((p.0, p.1, p.2 - 1)))
    }

    /// The indices of the standable voxels ([`VoxelGrid::is_standable`]), in order: read a
    /// word of 64 voxels at a time with the word of those under them, so that a world of tens
    /// of millions of voxels is read in milliseconds.
    pub(crate) fn standable_indices(&self) -> Vec<u32> {
        let (len, layer) = (self.len(), self.width * self.height);
        let mut out = Vec::new();
        for start in (0..len).step_by(64) {
            let n = (len - start).min(64);
            let free = !self.bits_from(start, n) & if n < 64 { (1 << n) - 1 } else { u64::MAX };
            // the voxels below: blocked, or the ground under the first layer
            let below = match start.checked_sub(layer) {
                Some(under) => self.bits_from(under, n),
                None if start + n <= layer => u64::MAX,
                None => {
                    let ground = layer - start;
                    ((1u64 << ground) - 1) | (self.bits_from(0, n - ground) << ground)
                }
            };
            let mut stand = free & below;
            while stand != 0 {
                out.push((start + stand.trailing_zeros() as usize) as u32);
                stand &= stand - 1;
            }
        }
        out
    }

    #[inline]
    pub(crate) fn bit(&self, i: usize) -> bool {
        self.blocked[i / 64] >> (i % 64) & 1 == 1
    }

    /// The blocked bits of the `n` voxels (1 to 64) from index `i` on, the first in bit 0: the
    /// voxels must lie inside the world.
    #[inline]
    pub(crate) fn bits_from(&self, i: usize, n: usize) -> u64 {
        debug_assert!((1..=64).contains(&n) && i + n <= self.len());
        let (word, shift) = (i / 64, i % 64);
        let mut bits = self.blocked[word] >> shift;
        if shift != 0 && shift + n > 64 {
            bits |= self.blocked[word + 1] << (64 - shift);
        }
        if n < 64 { bits & ((1 << n) - 1) } else { bits }
    }

    /// Blocks or frees `p`.
    pub fn set_blocked(&mut self, p: Pos3, blocked: bool) -> Result<(), WorldError> {
        self.check(p)?;
        let i = self.index(p);
        if self.bit(i) != blocked {
            self.blocked[i / 64] ^= 1 << (i % 64);
            self.note(i as u32);
        }
        Ok(())
    }

    /// A new revision, changing voxel `i` (or [`EVERY_VOXEL`]).
    fn note(&mut self, i: u32) {
        self.revision += 1;
        if self.log.is_empty() {
            self.log = vec![0; CHANGE_LOG];
        }
        self.log[(self.revision % CHANGE_LOG as u64) as usize] = i;
    }

    /// The voxels changed since `version` (an earlier [`VoxelGrid::version`] of this world),
    /// one for each revision (a voxel changed twice is there twice); `None` for another world
    /// or a copy, a fill since, or more changes than the last [`CHANGE_LOG`] revisions.
    ///
    /// ```
    /// use cubepath_search::world::VoxelGrid;
    /// let mut world = VoxelGrid::new(4, 4, 4).unwrap();
    /// let then = world.version();
    /// world.set_blocked((1, 2, 3), true).unwrap();
    /// assert_eq!(world.changes_since(then).unwrap().collect::<Vec<_>>(), [(1, 2, 3)]);
    /// assert!(world.clone().changes_since(then).is_none());
    /// ```
    pub fn changes_since(&self, version: (u64, u64)) -> Option<impl Iterator<Item = Pos3> + '_> {
        let (id, then) = version;
        if id != self.id || then > self.revision || self.revision - then > CHANGE_LOG as u64 {
            return None;
        }
        let at = move |r: u64| self.log[(r % CHANGE_LOG as u64) as usize];
        if (then + 1..=self.revision).any(|r| at(r) == EVERY_VOXEL) {
            return None;
        }
        Some((then + 1..=self.revision).map(move |r| self.pos(at(r) as usize)))
    }

    /// Blocks or frees every voxel.
    pub fn fill(&mut self, blocked: bool) {
        let len = self.len();
        self.blocked.fill(if blocked { u64::MAX } else { 0 });
        if blocked && !len.is_multiple_of(64) {
            // no bits past the last voxel
            *self.blocked.last_mut().expect("at least one voxel") = (1u64 << (len % 64)) - 1;
        }
        self.note(EVERY_VOXEL);
    }

    /// How many voxels are blocked.
    pub fn blocked_count(&self) -> usize {
        self.blocked.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// This world's identity and revision: equal pairs mean the same voxels as when last seen.
    pub fn version(&self) -> (u64, u64) {
        (self.id, self.revision)
    }
}

/// How a search moves through a voxel world (see the module documentation).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum VoxelMoves {
    /// Flying, one coordinate at a time: 6 neighbours, cost 1.
    Fly6,
    /// Flying, one or two coordinates at a time: 18 neighbours, cost 1 or sqrt 2.
    Fly18,
    /// Flying, one to three coordinates at a time: 26 neighbours, cost 1, sqrt 2 or sqrt 3.
    #[default]
    Fly26,
    /// Walking on standable voxels, climbing and descending one level at a time.
    Walk,
}

impl VoxelMoves {
    /// Every model, in the order the command line and the panel list them.
    pub const ALL: [VoxelMoves; 4] = [VoxelMoves::Fly6, VoxelMoves::Fly18, VoxelMoves::Fly26, VoxelMoves::Walk];

    /// Where a search may start or end under this model: a free voxel for flying, a standable
    /// one for walking.
    pub fn may_stand(self, world: &VoxelGrid, p: Pos3) -> bool {
        match self {
            VoxelMoves::Walk => world.is_standable(p),
            _ => world.is_free(p),
        }
    }

    /// The admissible and consistent estimate of the cost from `a` to `b` under this model:
    /// - fly-6: the manhattan distance;
    /// - fly-18: with the coordinate differences sorted `d1 >= d2 >= d3`, `sqrt 2 (d2 + d3) +
    ///   (d1 - d2 - d3)` when `d1 >= d2 + d3`, else `sqrt 2 floor(s / 2) + (s mod 2)` with `s` their
    ///   sum: the cost on an empty world (a move shortens the sum by at most 2 and the largest
    ///   difference by at most 1);
    /// - fly-26: the 3D octile distance `sqrt 3 d3 + sqrt 2 (d2 - d3) + (d1 - d2)`, the cost on an
    ///   empty world;
    /// - walk: with `o` the 2D octile distance of x and y and `dz` the levels between,
    ///   `max(o + (sqrt 2 - 1) dz, sqrt 2 dz)`: every level costs a sqrt 2 move that also makes
    ///   one straight step of horizontal progress.
    ///
    /// ```
    /// use cubepath_search::world::VoxelMoves;
    /// assert_eq!(VoxelMoves::Fly6.estimate((0, 0, 0), (1, 2, 3)), 6.0);
    /// assert!((VoxelMoves::Fly26.estimate((0, 0, 0), (1, 1, 1)) - 3f64.sqrt()).abs() < 1e-12);
    /// assert!((VoxelMoves::Walk.estimate((0, 0, 0), (3, 0, 2)) - (3.0 + 2.0 * (2f64.sqrt() - 1.0))).abs() < 1e-12);
    /// ```
    pub fn estimate(self, a: Pos3, b: Pos3) -> f64 {
        let (dx, dy, dz) = (a.0.abs_diff(b.0), a.1.abs_diff(b.1), a.2.abs_diff(b.2));
        // largest, middle and smallest difference
        let (d1, d3) = (dx.max(dy).max(dz), dx.min(dy).min(dz));
        let [d1, d2, d3] = [d1, dx + dy + dz - d1 - d3, d3].map(|v| v as f64);
        match self {
            VoxelMoves::Fly6 => d1 + d2 + d3,
            VoxelMoves::Fly18 => {
                if d1 >= d2 + d3 {
                    SQRT_2 * (d2 + d3) + (d1 - d2 - d3)
                } else {
                    let s = dx + dy + dz;
                    SQRT_2 * (s / 2) as f64 + (s % 2) as f64
                }
            }
            VoxelMoves::Fly26 => SQRT_3 * d3 + SQRT_2 * (d2 - d3) + (d1 - d2),
            VoxelMoves::Walk => {
                let (hi, lo) = (dx.max(dy) as f64, dx.min(dy) as f64);
                let octile = (hi - lo) + SQRT_2 * lo;
                let dz = dz as f64;
                (octile + (SQRT_2 - 1.0) * dz).max(SQRT_2 * dz)
            }
        }
    }

    /// The step's cost by the number of coordinates it changes.
    pub(crate) fn fly_cost(changed: usize) -> f64 {
        [0.0, 1.0, SQRT_2, SQRT_3][changed]
    }
}

named!(VoxelMoves, "move model",
    VoxelMoves::Fly6 => "fly6",
    VoxelMoves::Fly18 => "fly18",
    VoxelMoves::Fly26 => "fly26",
    VoxelMoves::Walk => "walk",
);

/// The six voxels sharing a face with `(x, y, z)` (one below 0 wraps round, off any world).
pub(crate) fn faces((x, y, z): Pos3) -> [Pos3; 6] {
    [(x + 1, y, z), (x.wrapping_sub(1), y, z), (x, y + 1, z), (x, y.wrapping_sub(1), z), (x, y, z + 1), (x, y, z.wrapping_sub(1))]
}

/// The cost of one step from `a` to `b` under `moves`, or `None` when it is not a legal move
/// (see the module documentation for the rules). Written plainly, once: what the searches'
/// moves must agree with.
///
/// ```
/// use cubepath_search::world::{VoxelGrid, VoxelMoves, voxel_step};
/// let mut world = VoxelGrid::new(3, 3, 3).unwrap();
/// assert_eq!(voxel_step(&world, (0, 0, 0), (1, 1, 1), VoxelMoves::Fly26), Some(3f64.sqrt()));
/// assert_eq!(voxel_step(&world, (0, 0, 0), (1, 1, 1), VoxelMoves::Fly18), None);
/// world.set_blocked((1, 0, 0), true).unwrap(); // a corner of the box
/// assert_eq!(voxel_step(&world, (0, 0, 0), (1, 1, 1), VoxelMoves::Fly26), None);
/// // a walker climbs onto the block from the side
/// assert_eq!(voxel_step(&world, (0, 0, 0), (1, 0, 1), VoxelMoves::Walk), Some(2f64.sqrt()));
/// ```
pub fn voxel_step(world: &VoxelGrid, a: Pos3, b: Pos3, moves: VoxelMoves) -> Option<f64> {
    if !world.contains(a) || !world.contains(b) || a == b {
        return None;
    }
    let d = [a.0.abs_diff(b.0), a.1.abs_diff(b.1), a.2.abs_diff(b.2)];
    if d.iter().any(|&v| v > 1) {
        return None;
    }
    let changed = d.iter().filter(|&&v| v == 1).count();
    match moves {
        VoxelMoves::Fly6 | VoxelMoves::Fly18 | VoxelMoves::Fly26 => {
            let most = match moves {
                VoxelMoves::Fly6 => 1,
                VoxelMoves::Fly18 => 2,
                _ => 3,
            };
            // every voxel of the box: each coordinate taken from a or from b
            let boxed = (0..8).all(|k: usize| {
                let pick = |bit: usize, p: usize, q: usize| if k >> bit & 1 == 1 { q } else { p };
                world.is_free((pick(0, a.0, b.0), pick(1, a.1, b.1), pick(2, a.2, b.2)))
            });
            (changed <= most && boxed).then(|| VoxelMoves::fly_cost(changed))
        }
        VoxelMoves::Walk => {
            if !world.is_standable(a) || !world.is_standable(b) {
                return None;
            }
            let horizontal = d[0] + d[1];
            match (d[2], horizontal) {
                (0, 1) => Some(1.0),
                // a diagonal needs both side voxels at this height free
                (0, 2) => (world.is_free((b.0, a.1, a.2)) && world.is_free((a.0, b.1, a.2))).then_some(SQRT_2),
                // climbing: headroom above the walker; descending: above the target, at the
                // walker's height
                (1, 1) if b.2 > a.2 => world.is_free((a.0, a.1, b.2)).then_some(SQRT_2),
                (1, 1) => world.is_free((b.0, b.1, a.2)).then_some(SQRT_2),
                _ => None,
            }
        }
    }
}

/// The least cost from every voxel to `goal` under `moves`, by the world's voxel order
/// ([`VoxelGrid::index`]), infinite where the goal cannot be reached (and everywhere when the
/// goal is not a place to stand): Dijkstra backwards from the goal, each step costed by
/// [`voxel_step`] from the voxel it leaves. What the heuristic lab judges an estimate against.
///
/// ```
/// use cubepath_search::world::{VoxelGrid, VoxelMoves, voxel_distances_to};
/// let world = VoxelGrid::new(3, 1, 2).unwrap();
/// let d = voxel_distances_to(&world, (2, 0, 0), VoxelMoves::Fly26);
/// assert_eq!(d[world.index((0, 0, 0))], 2.0);
/// assert_eq!(d[world.index((1, 0, 1))], 2f64.sqrt());
/// ```
pub fn voxel_distances_to(world: &VoxelGrid, goal: Pos3, moves: VoxelMoves) -> Vec<f64> {
    use std::cmp::Reverse;
    let mut dist = vec![f64::INFINITY; world.len()];
    if !world.contains(goal) || !moves.may_stand(world, goal) {
        return dist;
    }
    let mut heap = std::collections::BinaryHeap::new();
    dist[world.index(goal)] = 0.0;
    heap.push(Reverse((0u64, world.index(goal))));
    while let Some(Reverse((d, i))) = heap.pop() {
        let d = f64::from_bits(d);
        if d > dist[i] {
            continue;
        }
        let at = world.pos(i);
        for k in 0..27 {
            let q = (at.0 + k % 3, at.1 + k / 3 % 3, at.2 + k / 9);
            let Some(q) = (q.0.checked_sub(1).zip(q.1.checked_sub(1)).zip(q.2.checked_sub(1))).map(|((x, y), z)| (x, y, z)) else {
                continue;
            };
            let Some(c) = voxel_step(world, q, at, moves) else { continue };
            let j = world.index(q);
            if d + c < dist[j] {
                dist[j] = d + c;
                heap.push(Reverse(((d + c).to_bits(), j)));
            }
        }
    }
    dist
}

/// Why a step of a voxel path is not a legal move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IllegalStep3 {
    /// Index in the path of the voxel the bad step goes to (0: the start cannot be stood on).
    pub index: usize,
    /// The voxel the step leaves.
    pub from: Pos3,
    /// The voxel the step enters.
    pub to: Pos3,
}

impl fmt::Display for IllegalStep3 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "step {} from {:?} to {:?} is not a legal move", self.index, self.from, self.to)
    }
}

/// The cost of a voxel path under `moves`, checking every step with [`voxel_step`]. The steps
/// are counted by kind and summed once, so equal paths cost exactly the same.
pub fn voxel_path_cost(world: &VoxelGrid, path: &[Pos3], moves: VoxelMoves) -> Result<f64, IllegalStep3> {
    if let Some(&p) = path.first()
        && !moves.may_stand(world, p)
    {
        return Err(IllegalStep3 { index: 0, from: p, to: p });
    }
    let mut counts = [0u64; 4];
    for (k, w) in path.windows(2).enumerate() {
        voxel_step(world, w[0], w[1], moves).ok_or(IllegalStep3 { index: k + 1, from: w[0], to: w[1] })?;
        let changed = [w[0].0 != w[1].0, w[0].1 != w[1].1, w[0].2 != w[1].2].iter().filter(|&&c| c).count();
        counts[changed] += 1;
    }
    Ok(counts[1] as f64 + counts[2] as f64 * SQRT_2 + counts[3] as f64 * SQRT_3)
}
