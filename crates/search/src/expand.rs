//! Expansion: offering a cell's neighbours to the open list under the topology's moves, the
//! diagonal rule and the terrain rules.

use crate::grid::{BLOCKED, may_enter};
use crate::rules::{Algorithm, DiagonalRule};
use crate::searcher::Pos;
use crate::step::{DX, DY, StepSearch};

impl StepSearch<'_> {
    /// Offers the neighbour `n` at `npos`, reached from `idx` by a step of cost `step`.
    #[inline]
    pub(crate) fn relax(&mut self, idx: u32, g_here: f64, n: u32, npos: Pos, step: f64) {
        self.relax_from(idx, g_here, n, npos, step);
    }

    /// Offers `n` at `npos` with `parent` (whose cost is `g_parent`) as its parent, `step`
    /// beyond it: the parent is the expanded cell, or for any-angle searches a cell in sight.
    #[inline]
    pub(crate) fn relax_from(&mut self, parent: u32, g_parent: f64, n: u32, npos: Pos, step: f64) {
        let ni = n as usize;
        let node = &self.s.nodes[ni];
        if node.mark == self.stamp << 1 | 1 {
            return;
        }
        let g = g_parent + step;
        if node.mark >> 1 != self.stamp {
            let h = self.estimate(npos);
            self.touch(n, g, h, parent, false);
        } else if g < node.g && self.options.algorithm != Algorithm::Bfs {
            // BFS keeps the first arrival; the others take the cheaper way.
            let h = self.estimate(npos);
            self.touch(n, g, h, parent, true);
        }
    }

    #[inline]
    fn weight_of(code: u8) -> f64 {
        code as f64 // ground codes are their weights; swamp and water are mapped before
    }

    #[inline]
    pub(crate) fn entry_cost(&self, from: u8, to: u8) -> Option<f64> {
        if to == BLOCKED {
            return None;
        }
        if !self.special {
            return Some(1.0);
        }
        if !may_enter(from, to) {
            return None;
        }
        Some(if to >= 10 { 1.0 } else { Self::weight_of(to) })
    }

    pub(crate) fn expand_square(&mut self, idx: u32, pos: Pos, rule: DiagonalRule) {
        let codes = self.grid.codes();
        let i = idx as usize;
        let here = codes[i];
        let g_here = self.s.nodes[i].g;
        let straight = self.options.costs.straight();
        let diagonal = self.options.costs.diagonal();
        let mut open = [false; 4];
        for d in 0..4 {
            let n = (i as isize + self.offsets[d]) as usize;
            // a side cell counts as open when passable and, on terrain, of this cell's class
            open[d] = codes[n] != BLOCKED && (!self.special || may_enter(here, codes[n]));
            if let Some(w) = self.entry_cost(here, codes[n]) {
                let npos = ((pos.0 as isize + DX[d]) as usize, (pos.1 as isize + DY[d]) as usize);
                self.relax(idx, g_here, n as u32, npos, straight * w);
            }
        }
        if rule == DiagonalRule::Never {
            return;
        }
        // diagonal d passes between straight neighbours SIDES[d].
        const SIDES: [(usize, usize); 4] = [(0, 2), (0, 3), (1, 2), (1, 3)];
        for (k, &(a, b)) in SIDES.iter().enumerate() {
            let free = open[a] as u8 + open[b] as u8;
            let allowed = match rule {
                DiagonalRule::NoCornerCutting => free == 2,
                DiagonalRule::OneFree => free >= 1,
                _ => true,
            };
            if !allowed {
                continue;
            }
            let d = 4 + k;
            let n = (i as isize + self.offsets[d]) as usize;
            if let Some(w) = self.entry_cost(here, codes[n]) {
                let npos = ((pos.0 as isize + DX[d]) as usize, (pos.1 as isize + DY[d]) as usize);
                self.relax(idx, g_here, n as u32, npos, diagonal * w);
            }
        }
    }

    pub(crate) fn expand_hex(&mut self, idx: u32, pos: Pos) {
        let codes = self.grid.codes();
        let here = codes[idx as usize];
        let g_here = self.s.nodes[idx as usize].g;
        let step = self.options.costs.straight();
        for npos in hex_neighbours(pos) {
            let Some(npos) = npos else { continue };
            if npos.0 >= self.grid.width() || npos.1 >= self.grid.height() {
                continue;
            }
            let n = self.grid.index(npos.0, npos.1);
            if let Some(w) = self.entry_cost(here, codes[n]) {
                self.relax(idx, g_here, n as u32, npos, step * w);
            }
        }
    }
}

/// The six neighbours of an odd-r hex cell (`None` where a coordinate would be negative).
pub fn hex_neighbours((x, y): Pos) -> [Option<Pos>; 6] {
    let (x, y) = (x as isize, y as isize);
    let shift = if y % 2 == 1 { 0 } else { -1 };
    let cand = [(x - 1, y), (x + 1, y), (x + shift, y - 1), (x + shift + 1, y - 1), (x + shift, y + 1), (x + shift + 1, y + 1)];
    cand.map(|(a, b)| (a >= 0 && b >= 0).then_some((a as usize, b as usize)))
}
