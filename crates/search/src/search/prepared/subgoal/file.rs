//! A preparation written to bytes and read back, for one map only.
//!
//! The format, little-endian: the line `cubepath-prep\n`, a `u32` format version (3), the map's
//! width and height (`u32` each), the map's fingerprint (`u64`), the number of subgoals `n`,
//! of those contracted `c` and of the shortcuts kept `s` (`u32` each); then, as LEB128
//! varints (the shortest form only), the `c` subgoals in their order of contraction (each its
//! number among the map's subgoals, in cell order), and for each of them in that order the
//! number of shortcuts over it and each shortcut's two ends as places in its upward edges
//! sorted by target (the first place as a step from the one before, the second as a step past
//! the first, or past the one before when the first did not move); last an FNV-1a checksum
//! (`u64`) of every byte before it.
//!
//! What the file leaves out is found again from the map: the subgoals, the subgoal graph's
//! edges (the scans of preparation), and every cost. The contraction is replayed without its
//! witness searches (`contract::replay`), so a file cannot hold an edge the map does not
//! give, and every shortcut costs what its two halves cost: a forged file can leave a shortcut
//! out (answers longer than the optimum, or none), never make an answer shorter than one.
//! A reader refuses anything else, naming the byte where it went wrong: a file cut short or
//! too long, a changed byte, another map, size or version, a subgoal contracted twice, a place
//! past the end of a list, and a shortcut the hierarchy would not keep (what the writer never
//! writes), so that a file read back writes the same bytes.
//!
//! A map whose subgoal graph has too many cycles ([`JUMP_TABLE_CYCLES`](super::JUMP_TABLE_CYCLES))
//! or reaches ([`JUMP_TABLE_REACH`](super::JUMP_TABLE_REACH)) is answered by JPS+: its file holds no contraction (0 contracted, 0 shortcuts), and the
//! reader makes the jump distances again from the map. Which of the two a map gets is the
//! map's own (its graph, found again), not the file's: a file that contracts such a map is
//! refused at its count of subgoals contracted.

use std::fmt;

use super::{Prepared, contract, fingerprint};
use crate::grid::board::Grid;

const MAGIC: &[u8] = b"cubepath-prep\n";
const VERSION: u32 = 3;

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
    /// The preparation as bytes (see the module's format), for [`Prepared::from_bytes`]. A
    /// repaired preparation ([`Prepared::repair`]) numbers its subgoals otherwise than the
    /// format does: the map as it is now is prepared from scratch first, and that written.
    pub fn to_bytes(&self) -> Vec<u8> {
        if self.repairs > 0 {
            return self.afresh().to_bytes();
        }
        let (order, picks) = self.up.picks();
        let mut out = MAGIC.to_vec();
        let mut put = |v: u32| out.extend_from_slice(&v.to_le_bytes());
        put(VERSION);
        put(self.width as u32);
        put(self.height as u32);
        put(self.fingerprint as u32);
        put((self.fingerprint >> 32) as u32);
        put(self.cells.len() as u32);
        put(order.len() as u32);
        put(picks.iter().map(Vec::len).sum::<usize>() as u32);
        for &v in &order {
            put_varint(&mut out, v);
        }
        for pairs in &picks {
            put_varint(&mut out, pairs.len() as u32);
            let mut before: Option<(u32, u32)> = None;
            for &(i, j) in pairs {
                let (i0, j0) = before.unwrap_or((0, i));
                put_varint(&mut out, i - i0);
                put_varint(&mut out, if i == i0 { j - j0 - 1 } else { j - i - 1 });
                before = Some((i, j));
            }
        }
        let sum = checksum(&out);
        out.extend_from_slice(&sum.to_le_bytes());
        out
    }

    /// Reads a preparation of `grid` written by [`Prepared::to_bytes`]. The subgoals and the
    /// subgoal graph are found again from `grid`, and the contraction is replayed from the
    /// file's order and shortcuts (no witness search: that is the time saved). The result
    /// answers for `grid` as it is now.
    ///
    /// Errors, naming the byte, on anything but a whole, well-formed preparation of this map in
    /// this version of the format.
    // Long: the header's fields, then the body's, each checked where it is read
    pub fn from_bytes(bytes: &[u8], grid: &Grid) -> Result<Prepared, PrepError> {
        let mut r = Reader { bytes, at: 0, end: bytes.len() };
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
        let (n, c, s) = (r.u32("the number of subgoals")? as usize, r.u32("the number contracted")?, r.u32("the number of shortcuts")?);
        // each varint takes a byte at least: two per subgoal contracted and per shortcut
        let least = 2 * (c as u64 + s as u64);
        if c as usize > n || (bytes.len() as u64) < r.at as u64 + least + 8 {
            return Err(r.bad(&format!("{c} of {n} subgoals contracted and {s} shortcuts, but the file is {} bytes", bytes.len())));
        }
        let body_end = bytes.len() - 8;
        let sum = u64::from_le_bytes(bytes[body_end..].try_into().expect("8 bytes, checked above"));
        if sum != checksum(&bytes[..body_end]) {
            return Err(PrepError::Malformed {
                at: body_end,
                what: "a checksum that matches the bytes before it (the file is damaged)".into(),
            });
        }
        let mut p = Prepared::cells_of(grid);
        p.find_subgoals();
        if n != p.cells.len() {
            // the count follows the version, width, height (4 bytes each) and fingerprint (8)
            return Err(PrepError::Malformed { at: MAGIC.len() + 20, what: format!("{} subgoals (this map's), not {n}", p.cells.len()) });
        }
        r.end = body_end;
        let mut order_places = Vec::with_capacity(c as usize);
        let mut order = Vec::with_capacity(c as usize);
        for _ in 0..c {
            order_places.push(r.at);
            order.push(r.varint("a subgoal in the order of contraction")?);
        }
        let mut places = Vec::with_capacity(c as usize);
        let mut picks = Vec::with_capacity(c as usize);
        let mut left = s;
        for _ in 0..c {
            places.push(r.at);
            let count = r.varint("the number of shortcuts over a subgoal")?;
            if count > left {
                return Err(PrepError::Malformed { at: places[places.len() - 1], what: format!("at most the {left} shortcuts left") });
            }
            left -= count;
            let mut pairs = Vec::with_capacity(count as usize);
            let mut before: Option<(u32, u32)> = None;
            for _ in 0..count {
                let here = r.at;
                let (step, gap) = (r.varint("a shortcut's first place")?, r.varint("a shortcut's second place")?);
                let (i0, j0) = before.unwrap_or((0, 0));
                let i = i0.checked_add(step);
                // the second place steps past the one before while the first stays
                let from = if step == 0 && before.is_some() { Some(j0) } else { i };
                let (Some(i), Some(j)) = (i, from.and_then(|f| f.checked_add(gap)?.checked_add(1))) else {
                    return Err(PrepError::Malformed { at: here, what: "a shortcut's places in its subgoal's list (too large)".into() });
                };
                before = Some((i, j));
                pairs.push((i, j));
            }
            picks.push(pairs);
        }
        if left != 0 || r.at != body_end {
            return Err(r.bad(&format!("the end of the shortcuts ({s} in all), then the checksum")));
        }
        p.compute_clearances();
        let graph = p.base_graph();
        if !p.keeps_graph(&graph) {
            if c != 0 || s != 0 {
                // the count contracted follows the number of subgoals
                return Err(PrepError::Malformed {
                    at: MAGIC.len() + 24,
                    what: format!(
                        "no subgoal contracted ({c} here): this map's subgoal graph has too many cycles or reaches, JPS+ answers it"
                    ),
                });
            }
            p.use_jump_table(grid);
            return Ok(p);
        }
        p.make_query_aids(&graph);
        p.up = contract::replay(graph, &order, &picks)
            .map_err(|(k, itself, what)| PrepError::Malformed { at: if itself { order_places[k] } else { places[k] }, what })?;
        Ok(p)
    }
}

/// Appends `v` as an LEB128 varint.
fn put_varint(out: &mut Vec<u8>, mut v: u32) {
    while v >= 0x80 {
        out.push(v as u8 | 0x80);
        v >>= 7;
    }
    out.push(v as u8);
}

struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
    /// Where the field being read must end (the checksum's first byte, in the body).
    end: usize,
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

    /// An LEB128 varint up to `u32::MAX`, in its shortest form.
    fn varint(&mut self, what: &str) -> Result<u32, PrepError> {
        let start = self.at;
        let mut v = 0u64;
        for k in 0..5 {
            let Some(&b) = self.bytes[..self.end].get(self.at) else {
                return Err(PrepError::Malformed { at: start, what: format!("{what}, but the body ends (the checksum follows)") });
            };
            self.at += 1;
            v |= u64::from(b & 0x7f) << (7 * k);
            if b & 0x80 == 0 {
                if (b == 0 && k > 0) || v > u64::from(u32::MAX) {
                    break;
                }
                return Ok(v as u32);
            }
        }
        Err(PrepError::Malformed { at: start, what: format!("{what} (a varint of at most 32 bits in its shortest form)") })
    }
}

/// FNV-1a over `bytes`.
pub(super) fn checksum(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &b| (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3))
}
