//! A preparation written to bytes and read back, for one map only.
//!
//! The format, little-endian: the line `cubepath-prep\n`, a `u32` format version (1), the map's
//! width and height (`u32` each), the map's fingerprint (`u64`), the number of subgoals `n`, of
//! upward edges `m` and the rank the core starts at (`u32` each), then `n` subgoal cells (`u32`, `y * width + x`), `n` ranks,
//! `n + 1` offsets, `m` edge targets and `m` middles (`u32` each, a middle `u32::MAX` for an
//! edge of the subgoal graph itself), and last an FNV-1a checksum (`u64`) of every byte before
//! it. Costs are not stored: they are computed again from the cells. A reader refuses anything
//! else, naming the byte where it went wrong, and checks the hierarchy: ranks a permutation,
//! edges upward, each shortcut's middle contracted earlier with edges to both ends, and each
//! subgoal graph edge a legal straight-and-diagonal leg on the map.

use std::fmt;

use super::{NONE, Prepared, fingerprint};
use crate::grid::board::Grid;
use crate::grid::rules::CostModel;

const MAGIC: &[u8] = b"cubepath-prep\n";
const VERSION: u32 = 2;

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
        put(self.up.targets.len() as u32);
        put(self.up.core);
        for &c in &self.cells {
            let (x, y) = self.pos(c as usize);
            put((y * self.width + x) as u32);
        }
        for &v in self.up.rank.iter().chain(&self.up.offsets).chain(&self.up.targets).chain(&self.up.middles) {
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
        let (n, m) = (r.u32("the number of subgoals")? as usize, r.u32("the number of upward edges")? as usize);
        let core_at = r.at;
        let core = r.u32("the core's first rank")?;
        if core as usize > n {
            return Err(PrepError::Malformed { at: core_at, what: format!("the core's first rank: at most the {n} subgoals") });
        }
        let words =
            n.checked_mul(3).and_then(|w| w.checked_add(m.checked_mul(2)?)?.checked_add(1)).filter(|&w| w <= (bytes.len() - r.at) / 4);
        let Some(words) = words else {
            return Err(r.bad(&format!("{n} subgoals and {m} upward edges, but the file is {} bytes", bytes.len())));
        };
        if r.at + words * 4 + 8 != bytes.len() {
            let at = (r.at + words * 4 + 8).min(bytes.len());
            return Err(PrepError::Malformed { at, what: format!("the end of the file after {n} subgoals and {m} upward edges") });
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
        let ranks_at = r.at;
        p.up.core = core;
        p.up.rank = r.words(n, "a rank")?;
        p.up.offsets = r.words(n + 1, "an offset")?;
        p.up.targets = r.words(m, "an edge's target")?;
        p.up.middles = r.words(m, "an edge's middle")?;
        check_hierarchy(&p, ranks_at)?;
        p.compute_clearances();
        check_base_edges(&p, ranks_at + (2 * n + 1) * 4)?;
        p.up.costs = costs(&p);
        p.up.link();
        Ok(p)
    }
}

/// The hierarchy read from byte `at` on: ranks a permutation, offsets rising from 0 to the
/// number of edges, each edge upward, each middle earlier than both ends and joined to both,
/// each edge without a middle a legal leg on the map.
// Long: each rule with the byte it names
fn check_hierarchy(p: &Prepared, at: usize) -> Result<(), PrepError> {
    let n = p.cells.len();
    let up = &p.up;
    let bad = |at: usize, what: String| Err(PrepError::Malformed { at, what });
    let mut seen = vec![false; n];
    for (i, &r) in up.rank.iter().enumerate() {
        if r as usize >= n || std::mem::replace(&mut seen[r as usize], true) {
            return bad(at + i * 4, format!("the rank of subgoal {i}: each rank below {n} once"));
        }
    }
    let offsets_at = at + n * 4;
    if up.offsets[0] != 0 || up.offsets.windows(2).any(|w| w[0] > w[1]) || up.offsets[n] as usize != up.targets.len() {
        return bad(offsets_at, "offsets rising from 0 to the number of upward edges".into());
    }
    let (targets_at, middles_at) = (offsets_at + (n + 1) * 4, offsets_at + (n + 1 + up.targets.len()) * 4);
    let joined = |a: u32, b: u32| up.edge_index(a, b).is_some();
    for v in 0..n as u32 {
        for k in up.offsets[v as usize] as usize..up.offsets[v as usize + 1] as usize {
            let (t, mid) = (up.targets[k], up.middles[k]);
            if t as usize >= n || !up.goes_up(v, t) {
                return bad(
                    targets_at + k * 4,
                    format!("an upward edge of subgoal {v}: a subgoal contracted after it, or another in the core"),
                );
            }
            let legal = if mid == NONE {
                let (a, b) = (p.cells[v as usize] as usize, p.cells[t as usize] as usize);
                p.leg(a, b, true, None) || p.leg(a, b, false, None)
            } else {
                (mid as usize) < n
                    && up.rank[mid as usize] < up.rank[v as usize].min(up.rank[t as usize])
                    && up.rank[mid as usize] < up.core
                    && joined(mid, v)
                    && joined(mid, t)
            };
            if !legal {
                return bad(
                    middles_at + k * 4,
                    format!(
                        "the middle of the edge from subgoal {v} to {t}: none for a free leg, else a subgoal contracted before both and joined to both"
                    ),
                );
            }
        }
    }
    Ok(())
}

/// Every edge of the map's subgoal graph (found again here, as `prepare` finds them) is in
/// the hierarchy, as itself or as a shortcut that replaced it: a file that drops or moves one
/// would make searches miss the way it gives. (The shortcuts a contraction needs cannot be
/// checked short of contracting again: the checksum guards them against damage.)
fn check_base_edges(p: &Prepared, targets_at: usize) -> Result<(), PrepError> {
    let mut found = Vec::new();
    for (i, &cell) in p.cells.iter().enumerate() {
        found.clear();
        p.scan(cell as usize, None, &mut found);
        for &t in &found {
            let j = p.node_of[t as usize];
            if j != i as u32 && p.up.edge_index(i as u32, j).is_none() {
                let ((ax, ay), (bx, by)) = (p.pos(cell as usize), p.pos(t as usize));
                return Err(PrepError::Malformed {
                    at: targets_at,
                    what: format!("an edge between the subgoals at {ax},{ay} and {bx},{by} (the map's subgoal graph joins them)"),
                });
            }
        }
    }
    Ok(())
}

/// Each upward edge's cost: a subgoal graph edge its octile distance, a shortcut its two
/// halves', computed in the order of contraction so the halves are known first.
fn costs(p: &Prepared) -> Vec<f64> {
    let up = &p.up;
    let mut costs = vec![0.0; up.targets.len()];
    let mut order: Vec<u32> = (0..p.cells.len() as u32).collect();
    order.sort_unstable_by_key(|&v| up.rank[v as usize]);
    let find = |costs: &[f64], a: u32, b: u32| costs[up.edge_index(a, b).expect("checked")];
    for v in order {
        for k in up.offsets[v as usize] as usize..up.offsets[v as usize + 1] as usize {
            let (t, mid) = (up.targets[k], up.middles[k]);
            costs[k] = if mid == NONE {
                p.octile(p.cells[v as usize] as usize, p.cells[t as usize] as usize, CostModel::Exact)
            } else {
                find(&costs, mid, v) + find(&costs, mid, t)
            };
        }
    }
    costs
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
pub(super) fn checksum(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &b| (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3))
}
