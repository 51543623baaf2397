//! Expansion: offering a cell's neighbours to the open list under the topology's moves, the
//! diagonal rule and the terrain rules.

use crate::grid::Pos;
use crate::grid::board::{BLOCKED, DX, DY, may_enter};
use crate::grid::moves::hex_neighbours;
use crate::grid::rules::DiagonalRule;
use crate::search::plane::state::StepSearch;

/// The eight (or four) neighbours of a square cell, under the diagonal rule and the terrain.
pub(crate) fn square(run: &mut StepSearch<'_>, idx: u32, pos: Pos, rule: DiagonalRule) {
    let codes = run.grid.codes();
    let i = idx as usize;
    let here = codes[i];
    let g_here = run.s.nodes[i].g;
    let straight = run.options.costs.straight();
    let diagonal = run.options.costs.diagonal();
    let mut open = [false; 4];
    for d in 0..4 {
        let n = (i as isize + run.offsets[d]) as usize;
        // a side cell counts as open when passable and, on terrain, of this cell's class
        open[d] = codes[n] != BLOCKED && (!run.special || may_enter(here, codes[n]));
        if let Some(w) = run.entry_cost(here, codes[n]) {
            let npos = ((pos.0 as isize + DX[d]) as usize, (pos.1 as isize + DY[d]) as usize);
            run.relax(idx, g_here, n as u32, npos, straight * w);
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
        let n = (i as isize + run.offsets[d]) as usize;
        if let Some(w) = run.entry_cost(here, codes[n]) {
            let npos = ((pos.0 as isize + DX[d]) as usize, (pos.1 as isize + DY[d]) as usize);
            run.relax(idx, g_here, n as u32, npos, diagonal * w);
        }
    }
}

/// The six neighbours of a hex cell, under the terrain.
pub(crate) fn hex(run: &mut StepSearch<'_>, idx: u32, pos: Pos) {
    let codes = run.grid.codes();
    let here = codes[idx as usize];
    let g_here = run.s.nodes[idx as usize].g;
    let step = run.options.costs.straight();
    for npos in hex_neighbours(pos) {
        let Some(npos) = npos else { continue };
        if npos.0 >= run.grid.width() || npos.1 >= run.grid.height() {
            continue;
        }
        let n = run.grid.index(npos.0, npos.1);
        if let Some(w) = run.entry_cost(here, codes[n]) {
            run.relax(idx, g_here, n as u32, npos, step * w);
        }
    }
}
