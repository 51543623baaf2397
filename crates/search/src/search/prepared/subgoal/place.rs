//! Where a repair's vertices lie (each vertex's cell and the reach of its edges, read once),
//! and the passes that test edges and witnesses against the boxes of newly blocked cells,
//! skipping the vertices whose edges cannot come near them: the graph's edges a blocked cell
//! breaks, and the witness seeds.

use std::collections::HashSet;

use super::repair::{BESIDE, Changes};
use super::{NONE, Prepared};

/// A vertex's padded cell and its coordinates, and whether the vertex is alive.
pub(super) struct Place {
    pub(super) cell: usize,
    pub(super) x: usize,
    pub(super) y: usize,
    pub(super) alive: bool,
    /// The dearest of the vertex's upward edges (0 for none): no edge it keeps reaches
    /// farther, in rows or columns.
    pub(super) far: f64,
}

impl Place {
    /// Whether the box of this cell and `other`'s, widened by one, meets a box of newly
    /// blocked cells.
    pub(super) fn near_blocked(&self, other: &Place, boxes: &[[usize; 4]]) -> bool {
        let (x0, x1, y0, y1) = (self.x.min(other.x) - 1, self.x.max(other.x) + 1, self.y.min(other.y) - 1, self.y.max(other.y) + 1);
        boxes.iter().any(|bx| bx[0] <= x1 && x0 <= bx[2] && bx[1] <= y1 && y0 <= bx[3])
    }

    /// Whether an edge this vertex keeps may pass within one cell of a box: the box lies
    /// within [`Place::far`] and one more of the cell, in rows and columns.
    pub(super) fn may_reach(&self, bx: &[usize; 4]) -> bool {
        let (dx, dy) = self.gaps(bx);
        dx.max(dy) as f64 <= self.far + 1.0
    }

    /// The octile distance from this cell to the nearest cell of a box.
    pub(super) fn to_box(&self, bx: &[usize; 4]) -> f64 {
        let (dx, dy) = self.gaps(bx);
        octile(dx, dy)
    }

    /// The columns and rows between this cell and a box (0 along an axis the box spans).
    fn gaps(&self, bx: &[usize; 4]) -> (usize, usize) {
        (bx[0].saturating_sub(self.x).max(self.x.saturating_sub(bx[2])), bx[1].saturating_sub(self.y).max(self.y.saturating_sub(bx[3])))
    }

    /// The octile distance between two cells: no path between them is shorter.
    pub(super) fn octile(&self, other: &Place) -> f64 {
        octile(self.x.abs_diff(other.x), self.y.abs_diff(other.y))
    }
}

/// The octile distance across `dx` columns and `dy` rows.
fn octile(dx: usize, dy: usize) -> f64 {
    let (lo, hi) = (dx.min(dy), dx.max(dy));
    (hi - lo) as f64 + lo as f64 * std::f64::consts::SQRT_2
}

impl Prepared {
    /// The graph's edges (each as (lower, higher) number) to take out: those with an end taken
    /// out and those near a newly blocked cell with no legal leg left.
    pub(super) fn deleted_edges(&self, ch: &Changes, at: &[Place]) -> HashSet<(u32, u32)> {
        let mut out = HashSet::new();
        if ch.boxes.is_empty() {
            return out;
        }
        let up = &self.up;
        // the new vertices (numbered last) have no edges yet
        for (v, p) in at.iter().enumerate().take(up.rank.len()) {
            // an edge with an end taken out, or near a blocked cell, lies within reach of a
            // box (a vertex taken out lies in one)
            if !ch.boxes.iter().any(|bx| p.may_reach(bx)) {
                continue;
            }
            for k in up.offsets[v] as usize..up.offsets[v + 1] as usize {
                let t = up.targets[k];
                if up.middles[k] != NONE || up.rank[v] >= up.rank[t as usize] {
                    continue;
                }
                let q = &at[t as usize];
                let gone = !p.alive || !q.alive || (p.near_blocked(q, &ch.boxes) && !self.some_leg(p.cell, q.cell));
                if gone {
                    out.insert(((v as u32).min(t), (v as u32).max(t)));
                }
            }
        }
        out
    }

    /// Whether a leg from padded cell `a` to `b` is legal now (diagonal or straight moves first).
    fn some_leg(&self, a: usize, b: usize) -> bool {
        self.leg(a, b, true, None) || self.leg(a, b, false, None)
    }

    /// Each vertex's cell, its coordinates and whether it is alive, and with `reach` its
    /// dearest upward edge (else 0): read once for a repair's passes over the vertices.
    pub(super) fn vertex_places(&self, reach: bool) -> Vec<Place> {
        let up = &self.up;
        let place = |(v, &c): (usize, &u32)| {
            let c = c as usize;
            // a new vertex (numbered after the hierarchy's) has no edge yet; without a box
            // nothing reads the reach
            let costs = match up.offsets.get(v + 1) {
                Some(&end) if reach => &up.costs[up.offsets[v] as usize..end as usize],
                _ => &[],
            };
            let mut far = 0f64;
            for &c in costs {
                if c > far {
                    far = c;
                }
            }
            Place { cell: c, x: c % self.stride, y: c / self.stride, alive: self.node_of[c] == v as u32, far }
        };
        self.cells.iter().enumerate().map(place).collect()
    }

    /// The contracted vertices that a witness path near a newly blocked cell may have spared a
    /// shortcut: two upward neighbours `a`, `b` (costs `ca`, `cb`) with a blocked box within
    /// `ca + cb + BESIDE` of both together (see the module's docs).
    pub(super) fn witness_seeds(&self, ch: &Changes, at: &[Place]) -> Vec<u32> {
        let mut out = Vec::new();
        for v in 0..self.up.rank.len() as u32 {
            if self.up.rank[v as usize] >= self.up.core {
                continue;
            }
            let (p, far) = (&at[v as usize], at[v as usize].far);
            let (targets, start) = (self.up.targets_of(v), self.up.offsets[v as usize] as usize);
            let costs = &self.up.costs[start..start + targets.len()];
            // a pair's ellipse lies within 2 * far + BESIDE / 2 of `v`; within it, a pair
            // `i`, `j` is seeded when `to_i - c_i + to_j - c_j <= BESIDE`, so the two least
            // of `to - c` decide
            let seeded = ch.boxes.iter().filter(|bx| p.to_box(bx) <= 2.0 * far + BESIDE).any(|bx| {
                let (mut least, mut next) = (f64::INFINITY, f64::INFINITY);
                for (&t, &c) in targets.iter().zip(costs) {
                    let over = at[t as usize].to_box(bx) - c;
                    if over < least {
                        (least, next) = (over, least);
                    } else if over < next {
                        next = over;
                    }
                }
                least + next <= BESIDE
            });
            if seeded {
                out.push(v);
            }
        }
        out
    }
}
