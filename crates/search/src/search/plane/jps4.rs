//! Jump Point Search on 4-neighbour grids (uniform costs): paths are put in a canonical order
//! where a vertical run comes before a horizontal one, so a vertical jump stops where a
//! horizontal scan from it finds something, and a horizontal jump only where a cell above or
//! below opens up that was closed one step back (a forced neighbour). The same rule as the
//! 4-neighbour jump search of PathFinding.js, written from that description.

use crate::grid::Pos;
use crate::search::core::open_list::NONE;
use crate::search::plane::state::StepSearch;

impl StepSearch<'_> {
    /// Jumps from `i` by `d` (one column or one row, `horizontal` telling which).
    fn jump4(&self, mut i: isize, d: isize, horizontal: bool) -> Option<isize> {
        let stride = self.grid.stride() as isize;
        loop {
            if !self.open_at(i) {
                return None;
            }
            if i == self.goal as isize {
                return Some(i);
            }
            if horizontal {
                if (self.open_at(i - stride) && !self.open_at(i - d - stride))
                    || (self.open_at(i + stride) && !self.open_at(i - d + stride))
                {
                    return Some(i);
                }
            } else {
                if (self.open_at(i - 1) && !self.open_at(i - d - 1)) || (self.open_at(i + 1) && !self.open_at(i - d + 1)) {
                    return Some(i);
                }
                if self.jump4(i + 1, 1, true).is_some() || self.jump4(i - 1, -1, true).is_some() {
                    return Some(i);
                }
            }
            i += d;
        }
    }
}

/// Offers the jump points reachable from `idx` in the canonical order's directions.
pub(crate) fn expand(run: &mut StepSearch<'_>, idx: u32, pos: Pos) {
    let i = idx as isize;
    let stride = run.grid.stride() as isize;
    let parent = run.s.nodes[idx as usize].parent;
    let dirs: &[(isize, isize)] = if parent == NONE {
        &[(1, 0), (-1, 0), (0, 1), (0, -1)]
    } else {
        let p = run.grid.coords(parent as usize);
        let dx = (pos.0 as isize - p.0 as isize).signum();
        let dy = (pos.1 as isize - p.1 as isize).signum();
        match (dx, dy) {
            (1, _) => &[(1, 0), (0, 1), (0, -1)],
            (-1, _) => &[(-1, 0), (0, 1), (0, -1)],
            (_, 1) => &[(0, 1), (1, 0), (-1, 0)],
            _ => &[(0, -1), (1, 0), (-1, 0)],
        }
    };
    let straight = run.options.costs.straight();
    let g_here = run.s.nodes[idx as usize].g;
    for &(dx, dy) in dirs {
        if let Some(j) = run.jump4(i + dx + dy * stride, dx + dy * stride, dx != 0) {
            let jpos = run.grid.coords(j as usize);
            let steps = (jpos.0.abs_diff(pos.0) + jpos.1.abs_diff(pos.1)) as f64;
            run.relax(idx, g_here, j as u32, jpos, straight * steps);
        }
    }
}
