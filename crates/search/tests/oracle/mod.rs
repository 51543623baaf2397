//! A Dijkstra written from the rules' text, shared by the tests that check optimal searches.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use cubepath_search::grid::{Cell, Grid, Pos};

const SQRT_2: f64 = std::f64::consts::SQRT_2;

/// Least cost on a board with 8 neighbours, unit cells, no corner cutting (a diagonal needs both
/// cells beside it free), from the rules' text.
pub fn oracle_2d(grid: &Grid, start: Pos, goal: Pos) -> Option<f64> {
    dijkstra_2d(grid, start, Some(goal)).1
}

/// The least cost from `start` to every cell under the same rules, by row (`y * width + x`);
/// infinite where no path leads.
#[allow(dead_code)] // not every test file that shares the oracle asks for every cell
pub fn oracle_2d_from(grid: &Grid, start: Pos) -> Vec<f64> {
    dijkstra_2d(grid, start, None).0
}

fn dijkstra_2d(grid: &Grid, start: Pos, goal: Option<Pos>) -> (Vec<f64>, Option<f64>) {
    let (w, h) = (grid.width() as i64, grid.height() as i64);
    let free = |x: i64, y: i64| x >= 0 && y >= 0 && x < w && y < h && grid.get(x as usize, y as usize) != Some(Cell::Blocked);
    let mut dist = vec![f64::INFINITY; (w * h) as usize];
    let mut heap = BinaryHeap::new();
    dist[(start.1 as i64 * w + start.0 as i64) as usize] = 0.0;
    heap.push((Reverse(0u64), start.0 as i64, start.1 as i64));
    while let Some((Reverse(d), x, y)) = heap.pop() {
        let d = f64::from_bits(d);
        if d > dist[(y * w + x) as usize] {
            continue;
        }
        if goal == Some((x as usize, y as usize)) {
            return (dist, Some(d));
        }
        for dy in -1..=1 {
            for dx in -1..=1 {
                if (dx, dy) == (0, 0) || !free(x + dx, y + dy) {
                    continue;
                }
                if dx != 0 && dy != 0 && (!free(x + dx, y) || !free(x, y + dy)) {
                    continue;
                }
                let nd = d + if dx != 0 && dy != 0 { SQRT_2 } else { 1.0 };
                let i = ((y + dy) * w + x + dx) as usize;
                if nd < dist[i] {
                    dist[i] = nd;
                    heap.push((Reverse(nd.to_bits()), x + dx, y + dy));
                }
            }
        }
    }
    (dist, None)
}

/// The cost of `path` under the same rules, or `None` when a step is not one of them: each step
/// to one of the 8 neighbours, onto a free cell, a diagonal with both cells beside it free.
#[allow(dead_code)] // not every test file that shares the oracle checks paths
pub fn path_cost_by_rules(grid: &Grid, path: &[Pos]) -> Option<f64> {
    let free = |x: usize, y: usize| grid.get(x, y).is_some_and(|c| c != Cell::Blocked);
    let mut sum = 0.0;
    if !free(path.first()?.0, path.first()?.1) {
        return None;
    }
    for w in path.windows(2) {
        let ((ax, ay), (bx, by)) = (w[0], w[1]);
        let (dx, dy) = (bx.abs_diff(ax), by.abs_diff(ay));
        if dx > 1 || dy > 1 || (dx, dy) == (0, 0) || !free(bx, by) {
            return None;
        }
        if dx == 1 && dy == 1 {
            if !free(bx, ay) || !free(ax, by) {
                return None;
            }
            sum += SQRT_2;
        } else {
            sum += 1.0;
        }
    }
    Some(sum)
}
