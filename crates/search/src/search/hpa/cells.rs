//! HPA*'s work on cells: Dijkstra and A* confined to a cluster's rectangle ([`confined`]), and
//! the smoothing of a refined path ([`smooth`]).

use std::cmp::Ordering;
use std::collections::BinaryHeap;
use std::f64::consts::SQRT_2;

use super::SMOOTH_WINDOW;
use crate::grid::Pos;
use crate::grid::board::Grid;

/// An entry of HPA*'s searches (a confined search's cell, the abstract search's node number):
/// least f first, then greatest g.
#[derive(PartialEq)]
pub(super) struct Open<T> {
    pub(super) f: f64,
    pub(super) g: f64,
    pub(super) at: T,
}

impl<T: PartialEq> Eq for Open<T> {}

impl<T: PartialEq> Ord for Open<T> {
    fn cmp(&self, other: &Self) -> Ordering {
        other.f.total_cmp(&self.f).then(self.g.total_cmp(&other.g))
    }
}

impl<T: PartialEq> PartialOrd for Open<T> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// The octile distance: a lower bound of the cost between two cells.
pub(super) fn octile(a: Pos, b: Pos) -> f64 {
    let (dx, dy) = (a.0.abs_diff(b.0) as f64, a.1.abs_diff(b.1) as f64);
    dx.max(dy) + (SQRT_2 - 1.0) * dx.min(dy)
}

pub(super) fn step_cost(a: Pos, b: Pos) -> f64 {
    if a.0 != b.0 && a.1 != b.1 { SQRT_2 } else { 1.0 }
}

/// Least costs from one cell to the cells of a rectangle, moving only inside it.
pub(super) struct Field {
    rect: (usize, usize, usize, usize),
    cost: Vec<f64>,
    parent: Vec<u32>,
}

impl Field {
    fn index(&self, (x, y): Pos) -> Option<usize> {
        let (x0, y0, x1, y1) = self.rect;
        (x >= x0 && x < x1 && y >= y0 && y < y1).then(|| (y - y0) * (x1 - x0) + x - x0)
    }

    pub(super) fn cost(&self, p: Pos) -> f64 {
        self.index(p).map_or(f64::INFINITY, |i| self.cost[i])
    }

    /// The cells from the field's source to `p`.
    pub(super) fn path_to(&self, p: Pos) -> Option<Vec<Pos>> {
        let mut i = self.index(p)?;
        if !self.cost[i].is_finite() {
            return None;
        }
        let w = self.rect.2 - self.rect.0;
        let mut out = vec![p];
        while self.cost[i] > 0.0 {
            i = self.parent[i] as usize;
            out.push((self.rect.0 + i % w, self.rect.1 + i / w));
        }
        out.reverse();
        Some(out)
    }
}

/// Dijkstra from `from` over the cells of `rect` (the board's moves, no corner cutting) until
/// every cell of `until` is settled (guided by the octile estimate when it is one cell). Cells
/// of `until` outside the rectangle, or walled off inside it, leave it running to the end.
pub(super) fn confined(grid: &Grid, rect: (usize, usize, usize, usize), from: Pos, until: &[Pos]) -> Field {
    let (x0, y0, x1, y1) = rect;
    let w = x1 - x0;
    let mut field = Field { rect, cost: vec![f64::INFINITY; w * (y1 - y0)], parent: vec![u32::MAX; w * (y1 - y0)] };
    let inside = |x: isize, y: isize| x >= x0 as isize && y >= y0 as isize && x < x1 as isize && y < y1 as isize;
    let open_at = |x: isize, y: isize| inside(x, y) && grid.is_passable(x as usize, y as usize);
    let target = if let [one] = until { Some(*one) } else { None };
    let estimate = |p: Pos| target.map_or(0.0, |u| octile(p, u));
    let mut wanted = vec![false; field.cost.len()];
    let mut left = 0;
    for &u in until {
        if let Some(i) = field.index(u).filter(|&i| !wanted[i]) {
            wanted[i] = true;
            left += 1;
        }
    }
    let Some(s) = field.index(from) else { return field };
    field.cost[s] = 0.0;
    let mut heap = BinaryHeap::new();
    heap.push(Open { f: estimate(from), g: 0.0, at: from });
    while let Some(Open { g, at, .. }) = heap.pop() {
        let i = field.index(at).expect("inside");
        if g > field.cost[i] {
            continue;
        }
        if wanted[i] {
            wanted[i] = false;
            left -= 1;
            if left == 0 {
                break;
            }
        }
        let (x, y) = (at.0 as isize, at.1 as isize);
        for (dx, dy) in [(1isize, 0isize), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)] {
            let (nx, ny) = (x + dx, y + dy);
            if !open_at(nx, ny) || (dx != 0 && dy != 0 && !(open_at(x + dx, y) && open_at(x, y + dy))) {
                continue;
            }
            let to = (nx as usize, ny as usize);
            let ng = g + step_cost(at, to);
            let j = field.index(to).expect("inside");
            if ng < field.cost[j] - 1e-12 {
                field.cost[j] = ng;
                field.parent[j] = i as u32;
                heap.push(Open { f: ng + estimate(to), g: ng, at: to });
            }
        }
    }
    field
}

/// The walk from `a` to `b` that goes diagonally first, then straight, if every step of it is
/// one of the board's moves.
fn walk(grid: &Grid, a: Pos, b: Pos) -> Option<Vec<Pos>> {
    let (mut x, mut y) = (a.0 as isize, a.1 as isize);
    let (bx, by) = (b.0 as isize, b.1 as isize);
    let free = |x: isize, y: isize| x >= 0 && y >= 0 && grid.is_passable(x as usize, y as usize);
    let mut out = vec![a];
    while (x, y) != (bx, by) {
        let (dx, dy) = ((bx - x).signum(), (by - y).signum());
        if !free(x + dx, y + dy) || (dx != 0 && dy != 0 && !(free(x + dx, y) && free(x, y + dy))) {
            return None;
        }
        (x, y) = (x + dx, y + dy);
        out.push((x as usize, y as usize));
    }
    Some(out)
}

/// Replaces stretches of `path` by cheaper diagonal-then-straight walks, looking up to
/// [`SMOOTH_WINDOW`] cells ahead from each cell.
pub(super) fn smooth(grid: &Grid, path: Vec<Pos>) -> Vec<Pos> {
    let mut out = vec![path[0]];
    let mut i = 0;
    while i + 1 < path.len() {
        let mut next = None;
        let mut along = 0.0;
        let reach = (i + SMOOTH_WINDOW).min(path.len() - 1);
        let costs: Vec<f64> = (i + 1..=reach)
            .map(|j| {
                along += step_cost(path[j - 1], path[j]);
                along
            })
            .collect();
        for j in (i + 2..=reach).rev() {
            let segment = costs[j - i - 1];
            if octile(path[i], path[j]) < segment - 1e-9
                && let Some(w) = walk(grid, path[i], path[j])
            {
                next = Some((j, w));
                break;
            }
        }
        match next {
            Some((j, w)) => {
                out.extend_from_slice(&w[1..]);
                i = j;
            }
            None => {
                out.push(path[i + 1]);
                i += 1;
            }
        }
    }
    out
}
