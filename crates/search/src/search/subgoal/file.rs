//! A preparation written to bytes and read back, for one map only.
//!
//! The format, little-endian: the line `cubepath-prep\n`, a `u32` format version (1), the map's
//! width and height (`u32` each), the map's fingerprint (`u64`), the number of subgoals `n` and
//! of adjacency entries `m` (`u32` each), then `n` subgoal cells (`u32`, `y * width + x`),
//! `n + 1` offsets and `m` neighbours (`u32` each), and last an FNV-1a checksum (`u64`) of every
//! byte before it. A reader refuses anything else, naming the byte where it went wrong.

use std::fmt;

use super::{Prepared, fingerprint};
use crate::grid::board::Grid;

const MAGIC: &[u8] = b"cubepath-prep\n";
const VERSION: u32 = 1;

/// Why a grid could not be prepared, or a preparation could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PrepError {
    /// The grid has weighted, swamp or water cells: subgoal graphs need uniform costs.
    Weighted,
    /// The bytes are not a preparation this reader understands: what was wrong, and at which
    /// byte.
    Malformed {
        /// The byte offset where reading stopped.
        at: usize,
        /// What was expected there.
        what: String,
    },
    /// The preparation was written by another version of the format.
    Version(u32),
    /// The preparation belongs to a map of another size.
    OtherSize {
        /// The size the file was made for.
        file: (usize, usize),
        /// The size of the map given.
        map: (usize, usize),
    },
    /// The preparation belongs to another map of the same size (its fingerprint differs).
    OtherMap,
}

impl fmt::Display for PrepError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PrepError::Weighted => f.write_str("subgoal graphs need uniform costs: this grid has weighted, swamp or water cells"),
            PrepError::Malformed { at, what } => write!(f, "byte {at}: {what}"),
            PrepError::Version(v) => {
                write!(f, "preparation format version {v}; this reader reads version {VERSION}: prepare the map again")
            }
            PrepError::OtherSize { file, map } => {
                write!(f, "the preparation is for a {} x {} map, this map is {} x {}", file.0, file.1, map.0, map.1)
            }
            PrepError::OtherMap => f.write_str("the preparation is for another map of this size (its cells differ): prepare this map"),
        }
    }
}

impl std::error::Error for PrepError {}

impl Prepared {
    /// The preparation as bytes (see the module's format), for [`Prepared::from_bytes`].
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = MAGIC.to_vec();
        let mut put = |v: u32| out.extend_from_slice(&v.to_le_bytes());
        put(VERSION);
        put(self.width as u32);
        put(self.height as u32);
        put(self.fingerprint as u32);
        put((self.fingerprint >> 32) as u32);
        put(self.cells.len() as u32);
        put(self.targets.len() as u32);
        for &c in &self.cells {
            let (x, y) = self.pos(c as usize);
            put((y * self.width + x) as u32);
        }
        for &v in self.offsets.iter().chain(&self.targets) {
            put(v);
        }
        let sum = checksum(&out);
        out.extend_from_slice(&sum.to_le_bytes());
        out
    }

    /// Reads a preparation of `grid` written by [`Prepared::to_bytes`]. The subgoals are found
    /// again from `grid` and must be the file's; the edges are taken from the file (that is the
    /// time saved). The result answers for `grid` as it is now.
    ///
    /// Errors, naming the byte, on anything but a whole, well-formed preparation of this map in
    /// this version of the format.
    pub fn from_bytes(bytes: &[u8], grid: &Grid) -> Result<Prepared, PrepError> {
        let mut r = Reader { bytes, at: 0 };
        if !bytes.starts_with(MAGIC) {
            return Err(r.bad("the line 'cubepath-prep' (this is not a cubepath preparation)"));
        }
        r.at = MAGIC.len();
        let version = r.u32("the format version")?;
        if version != VERSION {
            return Err(PrepError::Version(version));
        }
        let size = (r.u32("the width")? as usize, r.u32("the height")? as usize);
        if size != (grid.width(), grid.height()) {
            return Err(PrepError::OtherSize { file: size, map: (grid.width(), grid.height()) });
        }
        let print = u64::from(r.u32("the fingerprint")?) | u64::from(r.u32("the fingerprint")?) << 32;
        if !grid.is_uniform() {
            return Err(PrepError::Weighted);
        }
        if print != fingerprint(grid) {
            return Err(PrepError::OtherMap);
        }
        let (n, m) = (r.u32("the number of subgoals")? as usize, r.u32("the number of neighbours")? as usize);
        let words = n.checked_mul(2).and_then(|w| w.checked_add(m + 1)).filter(|&w| w <= (bytes.len() - r.at) / 4);
        let Some(words) = words else {
            return Err(r.bad(&format!("{n} subgoals and {m} neighbours, but the file is {} bytes", bytes.len())));
        };
        if r.at + words * 4 + 8 != bytes.len() {
            let at = (r.at + words * 4 + 8).min(bytes.len());
            return Err(PrepError::Malformed { at, what: format!("the end of the file after {n} subgoals and {m} neighbours") });
        }
        let body_end = r.at + words * 4;
        let sum = u64::from_le_bytes(bytes[body_end..].try_into().expect("8 bytes, checked above"));
        if sum != checksum(&bytes[..body_end]) {
            return Err(PrepError::Malformed {
                at: body_end,
                what: "a checksum that matches the bytes before it (the file is damaged)".into(),
            });
        }
        let mut p = Prepared::cells_of(grid);
        p.find_subgoals();
        r.read_subgoals(&p, n)?;
        p.offsets = r.words(n + 1, "an offset")?;
        p.targets = r.words(m, "a neighbour")?;
        check_graph(&p, &r)?;
        p.compute_clearances();
        Ok(p)
    }
}

/// Offsets that rise from 0 to the number of neighbours, neighbours that are subgoals other
/// than their own.
fn check_graph(p: &Prepared, r: &Reader) -> Result<(), PrepError> {
    let n = p.cells.len();
    let offsets_at = r.at - (n + 1 + p.targets.len()) * 4;
    if p.offsets[0] != 0 || p.offsets.windows(2).any(|w| w[0] > w[1]) || p.offsets[n] as usize != p.targets.len() {
        return Err(PrepError::Malformed { at: offsets_at, what: "offsets rising from 0 to the number of neighbours".into() });
    }
    for i in 0..n {
        for k in p.offsets[i] as usize..p.offsets[i + 1] as usize {
            let t = p.targets[k];
            if t as usize >= n || t as usize == i {
                let at = offsets_at + (n + 1 + k) * 4;
                return Err(PrepError::Malformed {
                    at,
                    what: format!("a neighbour of subgoal {i}: a subgoal number below {n} other than its own"),
                });
            }
        }
    }
    Ok(())
}

struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Reader<'_> {
    fn bad(&self, what: &str) -> PrepError {
        PrepError::Malformed { at: self.at, what: what.to_string() }
    }

    fn u32(&mut self, what: &str) -> Result<u32, PrepError> {
        let b = self.bytes.get(self.at..self.at + 4).ok_or_else(|| self.bad(&format!("{what} (4 bytes), but the file ends")))?;
        self.at += 4;
        Ok(u32::from_le_bytes(b.try_into().expect("4 bytes")))
    }

    fn words(&mut self, count: usize, what: &str) -> Result<Vec<u32>, PrepError> {
        (0..count).map(|_| self.u32(what)).collect()
    }

    /// The file's subgoal cells, which must be the ones found in the map, in order.
    fn read_subgoals(&mut self, p: &Prepared, n: usize) -> Result<(), PrepError> {
        if n != p.cells.len() {
            return Err(self.bad(&format!("{} subgoals (this map has {}), not {n}", p.cells.len(), p.cells.len())));
        }
        for &c in &p.cells {
            let (x, y) = p.pos(c as usize);
            let expected = (y * p.width + x) as u32;
            let here = self.at;
            if self.u32("a subgoal cell")? != expected {
                return Err(PrepError::Malformed { at: here, what: format!("subgoal cell {x},{y} (the map's next subgoal)") });
            }
        }
        Ok(())
    }
}

/// FNV-1a over `bytes`.
fn checksum(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &b| (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3))
}
