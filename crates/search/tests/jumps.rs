//! Jump Point Search made visible: the scans `jump_scans` draws agree with the search itself.

use cubepath_search::{grid::*, search::*};

mod common;
use common::seeded_grid as grid;

#[test]
fn every_cell_jps_queues_is_a_jump_point_its_scans_found() {
    let mut checked = 0;
    for seed in 0..60 {
        let g = grid(24, 18, 0.25, seed);
        let free: Vec<Pos> = g.cells().filter(|(_, c)| c.is_passable()).map(|(p, _)| p).collect();
        let (start, goal) = (free[0], free[free.len() - 1]);
        for algorithm in [Algorithm::Jps, Algorithm::JpsBlock] {
            let options = SearchOptions { algorithm, ..SearchOptions::default() };
            let mut searcher = Searcher::default();
            let Ok(mut run) = searcher.steps(&g, start, goal, &options) else { continue };
            while let Step::Expanded(p) = run.step() {
                let parent = run.info(p).and_then(|i| i.parent);
                let scans = jump_scans(&g, p, parent, goal);
                let jumps: Vec<Pos> = scans.iter().filter_map(|s| s.jump_point).collect();
                for q in run.last_pushed() {
                    assert!(jumps.contains(&q), "seed {seed} {algorithm}: {q:?} queued from {p:?} but no scan stopped there: {jumps:?}");
                    checked += 1;
                }
                // and every jump point was offered: the search knows it now
                for &j in &jumps {
                    assert!(run.info(j).is_some(), "seed {seed}: jump point {j:?} from {p:?} not offered");
                }
                for s in &scans {
                    // a scan stops at its jump point, and its forced neighbours lie beside it
                    if let Some(j) = s.jump_point {
                        assert_eq!(s.cells.last(), Some(&j));
                        assert!(s.forced.iter().all(|f| f.0.abs_diff(j.0) <= 1 && f.1.abs_diff(j.1) <= 1));
                    }
                }
            }
        }
    }
    assert!(checked > 1000, "{checked} queued cells checked");
}

#[test]
fn jps_plus_distances_agree_with_the_straight_scans() {
    let nowhere = (usize::MAX, usize::MAX);
    let mut checked = 0;
    for seed in 0..20 {
        let g = grid(20, 16, 0.3, seed);
        let table = JumpDistances::new(&g);
        for ((x, y), cell) in g.cells() {
            let Some(d) = table.at((x, y)) else {
                assert!(!cell.is_passable());
                continue;
            };
            // the straight directions, N, E, S, W, at indices 0, 2, 4, 6; a scan needs a parent
            // behind the cell, so cells on the edge behind it are left out
            for (k, (dx, dy)) in [(0, (0i64, -1i64)), (2, (1, 0)), (4, (0, 1)), (6, (-1, 0))] {
                let (px, py) = (x as i64 - dx, y as i64 - dy);
                if px < 0 || py < 0 {
                    continue;
                }
                let scan = &jump_scans(&g, (x, y), Some((px as usize, py as usize)), nowhere)[0];
                assert_eq!(scan.direction, (dx as i8, dy as i8));
                match scan.jump_point {
                    Some(_) => assert_eq!(d[k] as usize, scan.cells.len(), "seed {seed} at {x},{y} dir {k}"),
                    None => assert_eq!((-d[k]) as usize, scan.cells.len(), "seed {seed} at {x},{y} dir {k}"),
                }
                checked += 1;
            }
        }
    }
    assert!(checked > 3000, "{checked}");
}
