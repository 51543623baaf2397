//! Theta* and Lazy Theta* (Nash, Daniel, Koenig and Felner 2007; Nash, Koenig and Tovey 2010):
//! A* variants whose parents may be any cell in sight (see `sight.rs`).

use crate::grid::Pos;
use crate::grid::board::{BLOCKED, DX, DY};
use crate::grid::rules::DiagonalRule;
use crate::grid::sight::{euclid, sight};
use crate::search::core::open_list::NONE;
use crate::search::core::options::Algorithm;
use crate::search::plane::state::StepSearch;

/// How many of the directions 0..8 (straight first, then diagonal) `rule` moves along.
fn directions(rule: DiagonalRule) -> usize {
    if rule == DiagonalRule::Never { 4 } else { 8 }
}

impl StepSearch<'_> {
    /// The grid move from cell `i` in direction `d`, when legal on a uniform grid without
    /// corner cutting (the rule is symmetric, so the move back is legal too): the neighbour
    /// and the step's length.
    fn grid_move(&self, i: usize, d: usize) -> Option<(usize, f64)> {
        let codes = self.grid.codes();
        let n = (i as isize + self.offsets[d]) as usize;
        if codes[n] == BLOCKED {
            return None;
        }
        if d < 4 {
            return Some((n, 1.0));
        }
        let sides = [(i as isize + DX[d]) as usize, (i as isize + self.offsets[d] - DX[d]) as usize];
        sides.iter().all(|&c| codes[c] != BLOCKED).then_some((n, std::f64::consts::SQRT_2))
    }
}

/// Theta* and Lazy Theta*: the grid neighbours of `idx` under `rule`, each offered with the
/// expanded cell's parent as its parent when that parent sees it (Theta* checks; Lazy
/// Theta* assumes, and checks when the neighbour is expanded).
pub(crate) fn expand(run: &mut StepSearch<'_>, idx: u32, pos: Pos, rule: DiagonalRule) {
    let codes = run.grid.codes();
    let i = idx as usize;
    let parent = run.s.nodes[i].parent;
    let ppos = (parent != NONE).then(|| run.grid.coords(parent as usize));
    let g_here = run.s.nodes[i].g;
    for d in 0..directions(rule) {
        let Some((n, step)) = run.grid_move(i, d) else { continue };
        let npos = ((pos.0 as isize + DX[d]) as usize, (pos.1 as isize + DY[d]) as usize);
        let via_parent = match (run.options.algorithm, ppos) {
            (Algorithm::LazyTheta, Some(p)) => Some(p),
            (_, Some(p)) if sight(run.grid, codes, p, npos) => Some(p),
            _ => None,
        };
        match via_parent {
            Some(p) => run.relax_from(parent, run.s.nodes[parent as usize].g, n as u32, npos, euclid(p, npos)),
            None => run.relax_from(idx, g_here, n as u32, npos, step),
        }
    }
}

/// Lazy Theta*'s check on expansion: if the cell's assumed parent does not see it, its
/// parent becomes the expanded grid neighbour that reaches it cheapest.
pub(crate) fn settle_lazy(run: &mut StepSearch<'_>, idx: u32, pos: Pos, rule: DiagonalRule) {
    let i = idx as usize;
    let parent = run.s.nodes[i].parent;
    if parent == NONE || sight(run.grid, run.grid.codes(), run.grid.coords(parent as usize), pos) {
        return;
    }
    let mut best = (f64::INFINITY, NONE);
    for d in 0..directions(rule) {
        let Some((n, step)) = run.grid_move(i, d).filter(|&(n, _)| run.is_closed(n)) else { continue };
        let g = run.s.nodes[n].g + step;
        if g < best.0 {
            best = (g, n as u32);
        }
    }
    // A closed neighbour exists: the assumed parent is one, and it was expanded next to
    // the cell that offered this one.
    run.s.nodes[i].g = best.0;
    run.s.nodes[i].parent = best.1;
}
