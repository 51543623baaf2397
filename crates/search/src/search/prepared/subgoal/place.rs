//! Where a repair's vertices lie: each vertex's cell and the reach of its edges read once,
//! for the passes that test edges and witnesses against the boxes of newly blocked cells
//! (and skip the vertices whose edges cannot come near them).

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
        let dx = bx[0].saturating_sub(self.x).max(self.x.saturating_sub(bx[2]));
        let dy = bx[1].saturating_sub(self.y).max(self.y.saturating_sub(bx[3]));
        dx.max(dy) as f64 <= self.far + 1.0
    }

    /// The octile distance from this cell to the nearest cell of a box.
    pub(super) fn to_box(&self, bx: &[usize; 4]) -> f64 {
        let dx = bx[0].saturating_sub(self.x).max(self.x.saturating_sub(bx[2]));
        let dy = bx[1].saturating_sub(self.y).max(self.y.saturating_sub(bx[3]));
        octile(dx, dy)
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
