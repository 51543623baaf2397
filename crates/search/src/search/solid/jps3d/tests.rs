//! 3D JPS's tests: its pruning tables, its trace, its waiting jumps, and its expansions against
//! A*'s.

use super::*;
use crate::rng::xorshift;

/// A direction's degree counted from its offset: the reference for `DEGREES`.
fn degree(d: [i32; 3]) -> usize {
    d.iter().filter(|&&v| v != 0).count()
}

#[test]
fn every_other_direction_has_a_dominating_path_and_the_natural_ones_nest() {
    let r = rules();
    for k in (0..27).filter(|&k| k != CENTRE) {
        let n = r.natural[k].len();
        assert_eq!(n, [0, 1, 3, 7][degree(offset(k))]);
        assert_eq!(DEGREES[k], degree(offset(k)), "the table of degrees");
        assert_eq!(r.natural[k].len() + r.others[k].len(), 25, "all but the way back");
        assert!(r.others[k].iter().all(|(_, m)| !m.is_empty()), "{:?}", offset(k));
    }
    // moving straight along +x in open air nothing is forced; with the voxel beside the
    // parent blocked, the side voxel is
    let x = number([1, 0, 0]).unwrap();
    assert_eq!(forced_set(r, x, (1 << 27) - 1), 0);
    let behind_side = number([-1, 1, 0]).unwrap();
    assert!(forced_set(r, x, ((1 << 27) - 1) & !(1 << behind_side)) >> number([0, 1, 0]).unwrap() & 1 == 1);
}

/// The memo answers what the test itself answers, for every arrival direction and random
/// neighbourhoods drawn from a pool small enough that most come back, many sharing slots.
#[test]
fn the_memo_of_forced_directions_answers_as_the_test() {
    let r = rules();
    let mut next = xorshift(0x2545_F491_4F6C_DD1Du64);
    // neighbourhoods with a few blocked voxels (most tests then read the dominating paths)
    let pool: Vec<u32> = (0..40_000)
        .map(|_| ((1 << 27) - 1) & !(1 << (next() % 27)) & !(1 << (next() % 27)) & !(1 << (next() % 27)) | 1 << CENTRE)
        .collect();
    let mut memo = Memo(vec![u64::MAX; MEMO]);
    let (mut forced, mut asked) = (0, std::collections::HashSet::new());
    let mut again = 0;
    for _ in 0..300_000 {
        let (d, free) = ((next() % 27) as usize, pool[(next() % pool.len() as u64) as usize]);
        if d == CENTRE {
            continue;
        }
        let want = forced_set(r, d, free);
        assert_eq!(memo.forced(r, d, free), want, "{:?} with {free:027b}", offset(d));
        forced += usize::from(want != 0);
        again += usize::from(!asked.insert((d, free)));
    }
    assert!(forced > 100_000 && again > 10_000, "{forced} forced, {again} asked again");
}

/// The trace: every expansion of the search in order, each jump point opened once before
/// it is expanded, by an expansion on one line with it (a jump along one of the 26
/// directions).
#[test]
fn the_trace_tells_each_expansion_and_the_jump_points_it_opened() {
    use crate::search::core::options::Algorithm;
    use crate::search::core::world_options::VoxelOptions;
    let mut world = VoxelGrid::new(12, 10, 6).unwrap();
    for (x, y, z) in [(4, 0, 0), (4, 1, 0), (4, 2, 1), (4, 3, 2), (7, 5, 0), (7, 6, 1), (2, 7, 3), (9, 2, 4)] {
        for dz in 0..2 {
            world.set_blocked((x, y, (z + dz).min(5)), true).unwrap();
        }
    }
    let mut s = Searcher::default();
    let jps = VoxelOptions { algorithm: Algorithm::Jps, jump_always: true, ..Default::default() };
    let found = s.search_world(&world, (0, 0, 0), (11, 9, 5), &jps).unwrap();
    let trace = s.jump_trace(&world);
    assert_eq!(trace.expanded.len(), found.expanded);
    assert_eq!(trace.opened.len(), found.pushed);
    assert!(found.expanded > 2, "a few jump points: {}", found.expanded);
    let mut seen = std::collections::HashSet::new();
    for &(p, by) in &trace.opened {
        assert!(seen.insert(p), "{p:?} opened twice");
        if by > 0 {
            let q = trace.expanded[by - 1];
            let d = [p.0.abs_diff(q.0), p.1.abs_diff(q.1), p.2.abs_diff(q.2)];
            let n = *d.iter().max().unwrap();
            assert!(d.iter().all(|&v| v == 0 || v == n), "{p:?} is no jump from {q:?}");
        }
    }
    for (k, p) in trace.expanded.iter().enumerate() {
        assert!(trace.opened.iter().any(|(q, by)| q == p && *by <= k), "{p:?} expanded before it was opened");
    }
}

/// Jumps wait on the open list: in a world of scattered single blocked voxels (each
/// making jump points beside it), from the middle to a corner, the jumps away from the goal
/// are never made, so fewer jump points are opened than when every jump was made at its
/// expansion.
#[test]
fn jumps_away_from_the_goal_are_never_made() {
    use crate::search::core::options::Algorithm;
    use crate::search::core::world_options::VoxelOptions;
    let mut world = VoxelGrid::new(24, 20, 16).unwrap();
    let mut next = xorshift(0x9E37_79B9_7F4A_7C15u64);
    for _ in 0..150 {
        let i = (next() % world.len() as u64) as usize;
        world.set_blocked(world.pos(i), true).unwrap();
    }
    let (from, to) = ((11, 9, 7), (23, 0, 15));
    world.set_blocked(from, false).unwrap();
    world.set_blocked(to, false).unwrap();
    let mut s = Searcher::default();
    let jps = VoxelOptions { algorithm: Algorithm::Jps, jump_always: true, ..Default::default() };
    assert!(s.search_world(&world, from, to, &jps).unwrap().cost.is_some());
    // 15 here; 65 with every jump made at its expansion
    let opened = s.jump_trace(&world).opened.len();
    assert!(opened <= 20, "{opened} jump points opened");
}

/// Every jump point 3D JPS expands below the optimal cost (`g + h < C*`) is one A* expands
/// too: JPS expands a subset of A*'s voxels, ties at the optimum apart (A* expands only some
/// of those).
#[test]
fn jps_expands_a_subset_of_astars_voxels() {
    use crate::search::core::options::Algorithm;
    use crate::search::core::world_options::VoxelOptions;
    let mut draw = xorshift(0x2545_F491_4F6C_DD1Du64);
    let mut next = move |n: usize| (draw() % n as u64) as usize;
    let (mut checked, mut below) = (0, 0);
    for _ in 0..300 {
        let (w, h, d) = (2 + next(14), 2 + next(14), 1 + next(10));
        let mut world = VoxelGrid::new(w, h, d).unwrap();
        let density = next(40);
        for i in 0..world.len() {
            if next(100) < density {
                world.set_blocked(world.pos(i), true).unwrap();
            }
        }
        let (a, b) = (world.pos(next(world.len())), world.pos(next(world.len())));
        if !world.is_free(a) || !world.is_free(b) {
            continue;
        }
        let mut js = Searcher::default();
        let jps = VoxelOptions { algorithm: Algorithm::Jps, jump_always: true, ..Default::default() };
        let Some(best) = js.search_world(&world, a, b, &jps).unwrap().cost else { continue };
        let mut astar = Searcher::default();
        let mut run = astar.steps_world(&world, a, b, &VoxelOptions::default()).unwrap();
        while !run.is_finished() {
            run.step();
        }
        let closed: std::collections::HashSet<Pos3> = run.closed_voxels().into_iter().collect();
        for &i in &js.kept.slot::<Buffers>().expanded.clone() {
            let p = world.pos(i as usize);
            let f = js.kept.slot::<Buffers>().nodes[&i].g + VoxelMoves::Fly26.estimate(p, b);
            checked += 1;
            if f < best - 1e-9 {
                below += 1;
                assert!(closed.contains(&p), "{w}x{h}x{d}: JPS expanded {p:?} (f {f} < {best}), A* did not");
            }
        }
    }
    assert!(checked > 1000 && below > 200, "{checked} jump points checked, {below} below the optimum");
}

/// An expansion's waiting jumps are ordered as the open list orders them (f rounded, then the
/// larger g). Sorted by the exact sums instead, equal costs added in different orders came out
/// a few last bits apart and chose among the ties by float noise: here 911 and 915 jump
/// points were expanded so (834 and 865 now); on the bench's 128 x 128 x 64 islands 2,346
/// (1,901 now).
#[test]
fn waiting_jumps_break_ties_as_the_open_list_does() {
    use crate::search::core::options::Algorithm;
    use crate::search::core::world_options::VoxelOptions;
    use crate::world::generate::{WorldKind, generate_world};
    let mut expanded = [0; 2];
    for (k, kind) in [WorldKind::Islands, WorldKind::Caves].into_iter().enumerate() {
        let world = generate_world(kind, (64, 48, 32), 5).unwrap();
        let free: Vec<usize> = (0..world.len()).filter(|&i| !world.bit(i)).collect();
        let mut s = Searcher::default();
        let jps = VoxelOptions { algorithm: Algorithm::Jps, jump_always: true, ..Default::default() };
        for n in 0..80 {
            let (a, b) = (world.pos(free[n * 7919 % free.len()]), world.pos(free[n * 104_729 % free.len()]));
            expanded[k] += s.search_world(&world, a, b, &jps).unwrap().expanded;
        }
    }
    assert!(expanded[0] + expanded[1] <= 1760, "{expanded:?} jump points expanded among islands and in caves");
}

/// The table of straight jumps answers as the scan of the bit rows, from every free voxel
/// along all six straight directions, on worlds of scattered blocks, slabs and pillars: with
/// the goal far away, and with the goal on the line at each place along it.
#[test]
fn the_table_of_straight_jumps_answers_as_the_scan() {
    let mut next = xorshift(0x9e37_79b9_7f4a_7c15u64);
    for density in [3u64, 12, 30] {
        let mut world = VoxelGrid::new(13, 9, 7).unwrap();
        for i in 0..world.len() {
            if next() % 100 < density {
                world.set_blocked(world.pos(i), true).unwrap();
            }
        }
        // a slab and a pillar, whose edges stop straight jumps beside them
        (2..8).for_each(|x| (1..5).for_each(|y| world.set_blocked((x, y, 3), true).unwrap()));
        (0..7).for_each(|z| world.set_blocked((10, 6, z), true).unwrap());
        let compared = table_against_scan(&world, 1);
        assert!(compared > 10_000, "{compared} jumps compared");
    }
    // lines longer than an entry's distance (`FAR`), along each axis: open, and with blocks
    // beside them whose edges make jump points near and past one and two entries' reach
    for size in [(300, 4, 3), (4, 300, 3), (3, 4, 300)] {
        for blocks in [vec![], vec![126, 127, 128, 253, 254, 255, 290]] {
            let mut world = VoxelGrid::new(size.0, size.1, size.2).unwrap();
            for &k in &blocks {
                let p = if size.0 == 300 {
                    (k, 0, 0)
                } else if size.1 == 300 {
                    (0, k, 0)
                } else {
                    (0, 0, k)
                };
                world.set_blocked(p, true).unwrap();
            }
            let compared = table_against_scan(&world, 23);
            assert!(compared > 5_000, "{compared} jumps compared");
        }
    }
    // one table kept across edits (brought up to date: the lines round each changed voxel
    // filled again), a fill (made anew) and a copy (made anew)
    let mut world = VoxelGrid::new(13, 9, 7).unwrap();
    (0..world.len()).filter(|_| next() % 100 < 12).for_each(|i| world.set_blocked(world.pos(i), true).unwrap());
    let mut table = Straight::new(&world).unwrap();
    for round in 0..12 {
        for _ in 0..1 + next() % 4 {
            let p = world.pos(next() as usize % world.len());
            let blocked = world.is_blocked(p);
            world.set_blocked(p, !blocked).unwrap();
        }
        match round {
            5 => world.fill(false),
            8 => world = world.clone(),
            _ => {}
        }
        if !table.update(&world) {
            assert!(round == 5 || round == 8, "round {round}: refused");
            table = Straight::new(&world).unwrap();
        }
        assert!(table_kept_against_scan(&world, 3, &mut table) > 1_000);
    }
}

/// A table filled whole ahead of the searches ([`prepare`], as `Searcher::preprocess_world`
/// does) answers as the scan with every line filled before any jump reads it; an edit after
/// it unfills only the lines round the changed voxel, and the table answers as the scan again.
#[test]
fn a_table_filled_ahead_answers_as_the_scan() {
    let mut next = xorshift(0x5851_f42d_4c95_7f2d);
    let mut world = VoxelGrid::new(13, 9, 7).unwrap();
    (0..world.len()).filter(|_| next() % 100 < 12).for_each(|i| world.set_blocked(world.pos(i), true).unwrap());
    let mut s = Searcher::default();
    prepare(&mut s, &world);
    let mut table = s.kept.slot::<Buffers>().straight.take().expect("a small world has a table");
    assert_eq!(table.unfilled(), 0, "every line filled");
    assert!(table_kept_against_scan(&world, 3, &mut table) > 1_000);
    let p = (6, 4, 3);
    world.set_blocked(p, !world.is_blocked(p)).unwrap();
    assert!(table.update(&world));
    // the lines through the 3 x 3 voxels round it, across it along each axis
    assert_eq!(table.unfilled(), 27);
    assert!(table_kept_against_scan(&world, 3, &mut table) > 1_000);
}

/// Compares every straight jump from every free voxel of `world`, read from one table (its
/// lines filled as the jumps come), with the same jump scanned: the goal far off the line, and
/// at every `every`th free voxel of the line. Returns the jumps compared.
fn table_against_scan(world: &VoxelGrid, every: usize) -> usize {
    let mut table = Straight::new(world).expect("a small world has a table");
    table_kept_against_scan(world, every, &mut table)
}

/// As [`table_against_scan`], with `table` (kept from earlier, perhaps) read and filled.
fn table_kept_against_scan(world: &VoxelGrid, every: usize, table: &mut Straight) -> usize {
    let bits = VoxelBits::new(world);
    let mut straight = Some(std::mem::replace(table, Straight::new(world).expect("small")));
    let at = |p: Pos3| [p.0 + 1, p.1 + 1, p.2 + 1];
    let free: Vec<Pos3> = (0..world.len()).map(|i| world.pos(i)).filter(|&p| world.is_free(p)).collect();
    let mut compared = 0;
    for &p in &free {
        for d in (0..27).filter(|&d| DEGREES[d] == 1) {
            let first = [p.0, p.1, p.2].map(|v| v as i32);
            let o = offset(d);
            let one = (first[0] + o[0], first[1] + o[1], first[2] + o[2]);
            let inside = one.0 >= 0 && one.1 >= 0 && one.2 >= 0;
            if !inside || !world.is_free((one.0 as usize, one.1 as usize, one.2 as usize)) {
                continue; // a jump's first move is legal
            }
            // goals: far off the line, and free voxels of the line
            let line: Vec<Pos3> =
                free.iter().copied().filter(|q| (0..3).all(|a| o[a] != 0 || [q.0, q.1, q.2][a] == [p.0, p.1, p.2][a])).collect();
            for goal in std::iter::once((usize::MAX - 9, 0, 0)).chain(line.into_iter().step_by(every)) {
                let goal_at = [goal.0.wrapping_add(1), goal.1 + 1, goal.2 + 1];
                let memo = Memo(vec![u64::MAX; MEMO]);
                let mut scanned = Jumper { bits: &bits, rules: rules(), goal: goal_at, memo, straight: None };
                let memo = Memo(vec![u64::MAX; MEMO]);
                let mut read = Jumper { bits: &bits, rules: rules(), goal: goal_at, memo, straight: straight.take() };
                assert_eq!(read.jump(at(p), d), scanned.jump(at(p), d), "from {p:?} along {o:?}, goal {goal:?}");
                straight = read.straight.take();
                compared += 1;
            }
        }
    }
    *table = straight.expect("given back");
    compared
}
