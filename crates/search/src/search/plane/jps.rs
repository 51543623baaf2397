//! Jump Point Search (Harabor and Grastien 2011) on 8-neighbour grids with no corner
//! cutting and uniform costs: straight and diagonal jumps, forced neighbours; and its
//! block-based straight jumps (see [`crate::grid::bits`]), and JPS+'s jumps read from its table
//! (see [`crate::search::prepared::jps_plus`]).

use crate::grid::Pos;
use crate::grid::bits::BitGrid;
use crate::grid::board::{DX, DY};
use crate::search::core::open_list::NONE;
use crate::search::core::options::Algorithm;
use crate::search::plane::state::StepSearch;

impl StepSearch<'_> {
    /// Jumps straight from `i` by `d`; `a` and `b` are the two perpendicular offsets.
    fn jump_straight(&self, mut i: isize, d: isize, a: isize, b: isize) -> Option<isize> {
        if let (Algorithm::JpsBlock, Some(bits)) = (self.options.algorithm, self.held.bits()) {
            return self.jump_block(bits, i, d);
        }
        loop {
            i += d;
            if !self.open_at(i) {
                return None;
            }
            if i == self.goal as isize {
                return Some(i);
            }
            // A side cell that could not be reached diagonally from the previous cell is forced.
            if (self.open_at(i + a) && !self.open_at(i - d + a)) || (self.open_at(i + b) && !self.open_at(i - d + b)) {
                return Some(i);
            }
        }
    }

    /// The same jump as [`Self::jump_straight`], 64 cells at a time: the first blocked cell
    /// or forced neighbour comes from the bit rows (or columns); the goal, when on the way.
    fn jump_block(&self, bits: &BitGrid, i: isize, d: isize) -> Option<isize> {
        let stride = self.grid.stride();
        let (i, goal) = (i as usize, self.goal as usize);
        let (x, y) = (i % stride, i / stride);
        let (gx, gy) = (goal % stride, goal / stride);
        let forward = d > 0;
        let ahead = |from: usize, to: usize, p: usize| if forward { to > from && to <= p } else { to < from && to >= p };
        if d == 1 || d == -1 {
            let p = bits.stop_in_row(y, x, forward);
            if gy == y && ahead(x, gx, p) {
                return Some(goal as isize);
            }
            bits.open(p, y).then_some((y * stride + p) as isize)
        } else {
            let p = bits.stop_in_col(x, y, forward);
            if gx == x && ahead(y, gy, p) {
                return Some(goal as isize);
            }
            bits.open(x, p).then_some((p * stride + x) as isize)
        }
    }

    /// Jumps diagonally from `i` by `dx + dy` (offsets of one column and one row).
    fn jump_diagonal(&self, mut i: isize, dx: isize, dy: isize) -> Option<isize> {
        loop {
            if !self.open_at(i + dx) || !self.open_at(i + dy) {
                return None;
            }
            i += dx + dy;
            if !self.open_at(i) {
                return None;
            }
            if i == self.goal as isize {
                return Some(i);
            }
            if self.jump_straight(i, dx, dy, -dy).is_some() || self.jump_straight(i, dy, dx, -dx).is_some() {
                return Some(i);
            }
        }
    }
}

/// Offers the jump points reachable from `idx` in the directions its parent leaves open.
// Long: the hot expansion of all three JPS kinds: directions, jumps and offers share locals
// that a split would pass around on every jump point.
pub(crate) fn expand(run: &mut StepSearch<'_>, idx: u32, pos: Pos) {
    let i = idx as isize;
    let stride = run.grid.stride() as isize;
    let parent = run.s.nodes[idx as usize].parent;
    // Directions to search, as (dx, dy) in cells.
    let mut dirs: [(isize, isize); 8] = [(0, 0); 8];
    let mut count = 0;
    let mut add = |d: (isize, isize)| {
        dirs[count] = d;
        count += 1;
    };
    if parent == NONE {
        for d in 0..8 {
            add((DX[d], DY[d]));
        }
    } else {
        let p = run.grid.coords(parent as usize);
        let dx = (pos.0 as isize - p.0 as isize).signum();
        let dy = (pos.1 as isize - p.1 as isize).signum();
        if dx != 0 && dy != 0 {
            add((dx, 0));
            add((0, dy));
            add((dx, dy));
        } else {
            add((dx, dy));
            // forced neighbours: a side cell whose diagonal from the parent was cut off
            let back = -(dx + dy * stride);
            let sides: [(isize, isize); 2] = if dx != 0 { [(0, 1), (0, -1)] } else { [(1, 0), (-1, 0)] };
            for (sx, sy) in sides {
                let side = sx + sy * stride;
                if run.open_at(i + side) && !run.open_at(i + back + side) {
                    add((sx, sy));
                    add((dx + sx, dy + sy));
                }
            }
        }
    }
    let straight = run.options.costs.straight();
    let diagonal = run.options.costs.diagonal();
    let g_here = run.s.nodes[idx as usize].g;
    let plus = run.options.algorithm == Algorithm::JpsPlus;
    for &(dx, dy) in &dirs[..count] {
        let found = if let (true, Some(table)) = (plus, run.held.jumps()) {
            table.jump(i, pos, run.goal_pos, run.grid.stride(), dx, dy)
        } else {
            let j = if dx != 0 && dy != 0 {
                run.jump_diagonal(i, dx, dy * stride)
            } else {
                let d = dx + dy * stride;
                let (a, b) = if dx != 0 { (stride, -stride) } else { (1, -1) };
                run.jump_straight(i, d, a, b)
            };
            j.map(|j| {
                let jpos = run.grid.coords(j as usize);
                (j, jpos.0.abs_diff(pos.0).max(jpos.1.abs_diff(pos.1)))
            })
        };
        if let Some((j, steps)) = found {
            let jpos = ((pos.0 as isize + dx * steps as isize) as usize, (pos.1 as isize + dy * steps as isize) as usize);
            let cost = if dx != 0 && dy != 0 { diagonal * steps as f64 } else { straight * steps as f64 };
            if let (true, Some(table)) = (plus, run.held.jumps()) {
                // the jump point's distances are read when it is expanded
                table.prefetch(j as usize);
            }
            run.relax_jump(idx, g_here, j as u32, jpos, cost);
        }
    }
}
