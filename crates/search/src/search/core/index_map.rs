//! [`IndexMap`]: a hash map keyed by cell or voxel index, for the searches that keep records
//! of a few cells of a large grid (D* Lite, 3D JPS) rather than an array over all of them.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// A hash map from cell or voxel indices.
pub(crate) type IndexMap<V> = HashMap<u32, V, BuildHasherDefault<IndexHasher>>;

/// A hasher for indices: one multiplication (Fibonacci hashing), its high half folded in, so
/// that nearby indices spread over the table. The standard SipHash is several times slower on
/// the hot path and resists attacks nobody makes on a grid.
#[derive(Default, Clone, Copy)]
pub(crate) struct IndexHasher(u64);

impl Hasher for IndexHasher {
    fn finish(&self) -> u64 {
        self.0 ^ self.0 >> 32
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ b as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        }
    }

    fn write_u32(&mut self, v: u32) {
        self.0 = (v as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
}
