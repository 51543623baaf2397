//! Tests of the cell-level searches, smoothing and walks, against versions written from the
//! rules.

use super::*;
use crate::grid::{Cell, random_grid};
use crate::rng::Rng;

/// Smoothing as stated, cell by cell: from each cell, the farthest cell within the window
/// that a diagonal-then-straight walk of legal moves (checked step by step from the rules:
/// the target free, and for a diagonal both cells beside it) reaches more cheaply.
fn smooth_by_the_rules(grid: &Grid, path: &[Pos]) -> Vec<Pos> {
    let legal = |a: Pos, b: Pos| legal_step(grid, a, b);
    let cost = |p: &[Pos]| p.windows(2).map(|s| step_cost(s[0], s[1])).sum::<f64>();
    let mut out = vec![path[0]];
    let mut i = 0;
    while i + 1 < path.len() {
        let reach = (i + SMOOTH_WINDOW).min(path.len() - 1);
        let better = (i + 2..=reach).rev().find_map(|j| {
            let mut walk = vec![path[i]];
            extend_walk(&mut walk, path[i], path[j]);
            let fits = walk.windows(2).all(|s| legal(s[0], s[1]));
            (fits && cost(&walk) < cost(&path[i..=j]) - 1e-9).then_some((j, walk))
        });
        match better {
            Some((j, walk)) => {
                out.extend_from_slice(&walk[1..]);
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

/// Whether the step from `a` to a neighbour `b` is one of the board's moves: `b` free, and
/// for a diagonal both cells beside it.
fn legal_step(grid: &Grid, a: Pos, b: Pos) -> bool {
    let free = |x: isize, y: isize| x >= 0 && y >= 0 && grid.is_passable(x as usize, y as usize);
    let (ax, ay, bx, by) = (a.0 as isize, a.1 as isize, b.0 as isize, b.1 as isize);
    free(bx, by) && (ax == bx || ay == by || (free(bx, ay) && free(ax, by)))
}

/// HPA*'s refined paths on random boards, smoothed knowing where their legs end and
/// knowing nothing: the same cells (a walk is tried from a cell only to cells past its
/// leg's end, as no walk inside a leg is cheaper than the leg).
#[test]
fn smoothing_skips_only_walks_inside_a_leg() {
    let mut rng = Rng::new(11);
    let mut shortened = 0;
    for round in 0..12 {
        let grid = random_grid(64, 48, [0.05, 0.15, 0.25][round % 3], &mut || rng.unit()).unwrap();
        let h = super::super::Hierarchy::build(&grid, 8).unwrap();
        for _ in 0..40 {
            let (a, b) = ((rng.below(64), rng.below(48)), (rng.below(64), rng.below(48)));
            if !(grid.is_passable(a.0, a.1) && grid.is_passable(b.0, b.1)) {
                continue;
            }
            let Some((route, ..)) = h.abstract_route(&grid, a, b, None) else { continue };
            let (cells, ends) = h.refine(&grid, &route);
            let every: Vec<usize> = (0..cells.len()).collect();
            let smoothed = smooth(&grid, cells.clone(), &ends);
            shortened += usize::from(smoothed != cells);
            assert_eq!(smoothed, smooth(&grid, cells, &every), "round {round}, {a:?} -> {b:?}");
        }
    }
    assert!(shortened > 50, "only {shortened} paths were changed by smoothing");
}

/// Every pair of cells on random boards: a walk found is made of legal moves (the rules'
/// test) from `a` to `b` at their octile distance; none found only when both the
/// diagonal-first and the straight-first walks, built here cell by cell, break a rule.
#[test]
fn an_octile_walk_is_legal_and_found_whenever_either_simple_walk_is() {
    let mut rng = Rng::new(5);
    let (mut found, mut refused) = (0, 0);
    for round in 0..30 {
        let grid = random_grid(12, 10, [0.05, 0.15, 0.30][round % 3], &mut || rng.unit()).unwrap();
        let free: Vec<Pos> = grid.cells().filter(|(_, c)| c.is_passable()).map(|(p, _)| p).collect();
        for &a in &free {
            for &b in &free {
                let mut out = vec![a];
                if extend_octile_walk(&grid, &mut out, a, b) {
                    found += 1;
                    assert_eq!(*out.last().unwrap(), b, "{a:?} -> {b:?}: {out:?}");
                    assert!(out.windows(2).all(|s| legal_step(&grid, s[0], s[1])), "{a:?} -> {b:?}: {out:?}");
                    let cost: f64 = out.windows(2).map(|s| step_cost(s[0], s[1])).sum();
                    assert!((cost - octile(a, b)).abs() < 1e-9, "{a:?} -> {b:?}: {cost}");
                    continue;
                }
                refused += 1;
                assert_eq!(out, vec![a], "{a:?} -> {b:?}: refused, yet cells were added");
                // the two walks, one step at a time: diagonal steps while both coordinates
                // differ, then straight; or straight while the longer difference exceeds
                // the shorter, then diagonal
                let step = |p: Pos, diagonal_first: bool| {
                    let (dx, dy) = (b.0 as isize - p.0 as isize, b.1 as isize - p.1 as isize);
                    let both = dx != 0 && dy != 0;
                    let straight = dx.abs() != dy.abs();
                    let (ux, uy) = if diagonal_first == both || !straight {
                        (dx.signum(), dy.signum())
                    } else if dx.abs() > dy.abs() {
                        (dx.signum(), 0)
                    } else {
                        (0, dy.signum())
                    };
                    (p.0.wrapping_add_signed(ux), p.1.wrapping_add_signed(uy))
                };
                for diagonal_first in [true, false] {
                    let mut walk = vec![a];
                    while *walk.last().unwrap() != b {
                        walk.push(step(*walk.last().unwrap(), diagonal_first));
                    }
                    let legal = walk.windows(2).all(|s| legal_step(&grid, s[0], s[1]));
                    assert!(!legal, "{a:?} -> {b:?}: refused, yet this walk is legal: {walk:?}");
                }
            }
        }
    }
    assert!(found > 10_000 && refused > 10_000, "found {found}, refused {refused}");
}

/// Random walks of legal moves on random boards, smoothed by `smooth` and by the rules'
/// version: the same cells.
#[test]
fn smoothing_gives_what_the_rules_give() {
    let mut rng = Rng::new(7);
    for round in 0..60 {
        let walls = [0.0, 0.05, 0.15, 0.25][round % 4];
        let mut grid = random_grid(40, 40, walls, &mut || rng.unit()).unwrap();
        let mut at = (20, 20);
        grid.set(at.0, at.1, Cell::Ground(1)).unwrap();
        let mut path = vec![at];
        // a walk that keeps its heading for a while (a few steps, or dozens with a stray
        // step now and then: nearly taut, as HPA*'s refined paths are), so that it wanders
        // far, doubles back and wiggles
        let (mut heading, mut tries) = (rng.below(8), 0);
        let turns = [4, 40][round / 4 % 2];
        while path.len() < 400 && tries < 10_000 {
            tries += 1;
            if rng.below(turns) == 0 {
                heading = rng.below(8);
            }
            let stray = turns > 4 && rng.below(12) == 0;
            let (dx, dy) = DIRS[if stray { rng.below(8) } else { heading }];
            let next = (at.0.wrapping_add_signed(dx), at.1.wrapping_add_signed(dy));
            if next.0 >= 40 || next.1 >= 40 || !legal_step(&grid, at, next) {
                heading = rng.below(8);
                continue;
            }
            path.push(next);
            at = next;
        }
        assert!(path.len() > 100, "round {round}: the walk was boxed in");
        let every: Vec<usize> = (0..path.len()).collect();
        assert_eq!(smooth(&grid, path.clone(), &every), smooth_by_the_rules(&grid, &path), "round {round}, walls {walls}");
    }
}
