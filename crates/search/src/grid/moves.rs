//! The rules of movement written once, plainly, for anything that checks or walks a path
//! without the searches' speed: legal moves, a hex cell's neighbours, the cost of a path, the
//! distance from every cell to a goal.

use std::fmt;

use crate::grid::Pos;
use crate::grid::board::{Grid, may_enter};
use crate::grid::rules::{CostModel, DiagonalRule, Topology};

/// The six neighbours of an odd-r hex cell (`None` where a coordinate would be negative).
pub fn hex_neighbours((x, y): Pos) -> [Option<Pos>; 6] {
    let (x, y) = (x as isize, y as isize);
    let shift = if y % 2 == 1 { 0 } else { -1 };
    let cand = [(x - 1, y), (x + 1, y), (x + shift, y - 1), (x + shift + 1, y - 1), (x + shift, y + 1), (x + shift + 1, y + 1)];
    cand.map(|(a, b)| (a >= 0 && b >= 0).then_some((a as usize, b as usize)))
}

/// Why a step of a path is not a legal move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IllegalStep {
    /// Index in the path of the cell the bad step goes to.
    pub index: usize,
    /// The cell the step leaves.
    pub from: Pos,
    /// The cell the step enters.
    pub to: Pos,
}

impl fmt::Display for IllegalStep {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "step {} from {:?} to {:?} is not a legal move", self.index, self.from, self.to)
    }
}

/// Whether one step from `a` to `b` is a legal move on `grid`, and if so, whether diagonal.
pub fn step_kind(grid: &Grid, a: Pos, b: Pos, topology: Topology) -> Option<bool> {
    let from = grid.get(a.0, a.1)?;
    let to = grid.get(b.0, b.1)?;
    if !from.is_passable() || !to.is_passable() || !may_enter(from.code(), to.code()) {
        return None;
    }
    match topology {
        Topology::Hex => hex_neighbours(a).contains(&Some(b)).then_some(false),
        Topology::Square(rule) => {
            let (dx, dy) = (a.0.abs_diff(b.0), a.1.abs_diff(b.1));
            match (dx, dy) {
                (1, 0) | (0, 1) => Some(false),
                (1, 1) => {
                    // a side cell counts when passable and of the source's terrain class
                    let side = |x: usize, y: usize| grid.get(x, y).is_some_and(|c| c.is_passable() && may_enter(from.code(), c.code()));
                    let free = side(b.0, a.1) as u8 + side(a.0, b.1) as u8;
                    let ok = match rule {
                        DiagonalRule::Never => false,
                        DiagonalRule::NoCornerCutting => free == 2,
                        DiagonalRule::OneFree => free >= 1,
                        DiagonalRule::Always => true,
                    };
                    ok.then_some(true)
                }
                _ => None,
            }
        }
    }
}

/// The legal moves out of `p` under `topology` (`forward`), or into `p` (not `forward`), each
/// with its cost under `costs`: the step's length times the entered cell's weight. Written on
/// [`step_kind`], so it follows the same rules; for the searches that do not need speed
/// (bidirectional A*, IDA*).
pub(crate) fn moves(grid: &Grid, p: Pos, topology: Topology, costs: CostModel, forward: bool, out: &mut Vec<(Pos, f64)>) {
    out.clear();
    if let Topology::Square(rule) = topology
        && grid.is_uniform()
        && p.0 < grid.width()
        && p.1 < grid.height()
    {
        uniform_square_moves(grid, p, rule, costs, out);
        return;
    }
    let mut offer = |q: Pos| {
        let (a, b) = if forward { (p, q) } else { (q, p) };
        if let Some(diagonal) = step_kind(grid, a, b, topology) {
            let weight = grid.get(b.0, b.1).map_or(1, |c| c.weight()) as f64;
            out.push((q, weight * if diagonal { costs.diagonal() } else { costs.straight() }));
        }
    };
    match topology {
        Topology::Hex => hex_neighbours(p).into_iter().flatten().for_each(&mut offer),
        Topology::Square(_) => {
            for (dx, dy) in [(0, -1), (0, 1), (-1, 0), (1, 0), (-1, -1), (1, -1), (-1, 1), (1, 1)] {
                let (x, y) = (p.0 as isize + dx, p.1 as isize + dy);
                if x >= 0 && y >= 0 {
                    offer((x as usize, y as usize));
                }
            }
        }
    }
}

/// [`moves`] on a square grid whose passable cells are all plain ground of weight 1 (the hot
/// case of the replanner and the crowd): the same moves in the same order, read straight from
/// the padded cell array instead of through [`step_kind`]. Every move is its own reverse there.
fn uniform_square_moves(grid: &Grid, p: Pos, rule: DiagonalRule, costs: CostModel, out: &mut Vec<(Pos, f64)>) {
    use crate::grid::board::BLOCKED;
    let codes = grid.codes();
    let s = grid.stride() as isize;
    let i = grid.index(p.0, p.1) as isize;
    if codes[i as usize] == BLOCKED {
        return;
    }
    let open = |d: isize| codes[(i + d) as usize] != BLOCKED;
    let at = |dx: isize, dy: isize| ((p.0 as isize + dx) as usize, (p.1 as isize + dy) as usize);
    let (up, down, left, right) = (open(-s), open(s), open(-1), open(1));
    let straight = costs.straight();
    for (ok, dx, dy) in [(up, 0, -1), (down, 0, 1), (left, -1, 0), (right, 1, 0)] {
        if ok {
            out.push((at(dx, dy), straight));
        }
    }
    let diagonal = costs.diagonal();
    for (dx, dy, a, b) in [(-1, -1, up, left), (1, -1, up, right), (-1, 1, down, left), (1, 1, down, right)] {
        let allowed = match rule {
            DiagonalRule::Never => false,
            DiagonalRule::NoCornerCutting => a && b,
            DiagonalRule::OneFree => a || b,
            DiagonalRule::Always => true,
        };
        if allowed && open(dy * s + dx) {
            out.push((at(dx, dy), diagonal));
        }
    }
}

/// The least cost from every cell to `goal`, row by row (`y * width + x`), infinite where the
/// goal cannot be reached: Dijkstra backwards from the goal over the moves into each cell, so
/// terrain that costs more to enter counts as a forward search would count it. What a flow
/// field or a heat map of the distance to the goal is made of.
///
/// ```
/// use cubepath_search::grid::{CostModel, Grid, Topology, distances_to};
/// let grid = Grid::new(3, 1).unwrap();
/// assert_eq!(distances_to(&grid, (2, 0), Topology::default(), CostModel::Exact), vec![2.0, 1.0, 0.0]);
/// ```
pub fn distances_to(grid: &Grid, goal: Pos, topology: Topology, costs: CostModel) -> Vec<f64> {
    use std::cmp::Reverse;
    let w = grid.width();
    let mut dist = vec![f64::INFINITY; w * grid.height()];
    if !grid.is_passable(goal.0, goal.1) {
        return dist;
    }
    let mut heap = std::collections::BinaryHeap::new();
    dist[goal.1 * w + goal.0] = 0.0;
    heap.push(Reverse((0u64, goal.1 * w + goal.0)));
    let mut into = Vec::new();
    while let Some(Reverse((d, i))) = heap.pop() {
        let d = f64::from_bits(d);
        if d > dist[i] {
            continue;
        }
        moves(grid, (i % w, i / w), topology, costs, false, &mut into);
        for &(q, c) in &into {
            let j = q.1 * w + q.0;
            if d + c < dist[j] {
                dist[j] = d + c;
                heap.push(Reverse(((d + c).to_bits(), j)));
            }
        }
    }
    dist
}

/// The cost of a path, checking that each step is a legal move; each step costs its length
/// times the entered cell's weight.
pub fn path_cost(grid: &Grid, path: &[Pos], topology: Topology, costs: CostModel) -> Result<f64, IllegalStep> {
    let (mut straight, mut diagonal) = (0u64, 0u64);
    if let Some(&p) = path.first()
        && !grid.is_passable(p.0, p.1)
    {
        return Err(IllegalStep { index: 0, from: p, to: p });
    }
    for (k, w) in path.windows(2).enumerate() {
        let bad = || IllegalStep { index: k + 1, from: w[0], to: w[1] };
        let diag = step_kind(grid, w[0], w[1], topology).ok_or_else(bad)?;
        let weight = grid.get(w[1].0, w[1].1).map_or(1, |c| c.weight()) as u64;
        if diag {
            diagonal += weight;
        } else {
            straight += weight;
        }
    }
    Ok(costs.total(straight, diagonal))
}
