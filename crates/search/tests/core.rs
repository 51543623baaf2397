//! The core of a contracted subgoal graph: the subgoals a contraction leaves uncontracted,
//! searched as a plain graph (their edges both ways) from both ends of a query. No bundled map
//! makes one by itself (a subgoal would need more than 1,024 edges left), but a preparation file
//! may contract fewer subgoals than the map has (`Prepared::from_bytes` reads the count and
//! replays that many): the rest are the core. Files cut to a part of their order of contraction
//! are read here, and every answer through the core is checked against the Dijkstra written
//! from the rules.

use cubepath_search::{grid::*, search::*};

mod common;
#[allow(dead_code)] // the one-goal oracle is not asked here
mod oracle;
use common::seeded_grid;
use oracle::{oracle_2d_from, path_cost_by_rules};

/// Where the header of a preparation file ends: the magic line (14 bytes), the version, width
/// and height (4 each), the fingerprint (8), then the counts of subgoals, subgoals contracted
/// and shortcuts kept (4 each, at 34, 38 and 42).
const BODY: usize = 46;

/// FNV-1a, the file's checksum.
fn fnv(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &x| (h ^ u64::from(x)).wrapping_mul(0x0100_0000_01b3))
}

/// Reads an LEB128 varint at `*at`, moving past it.
fn varint(bytes: &[u8], at: &mut usize) -> u32 {
    let mut v = 0u32;
    for k in 0.. {
        let b = bytes[*at];
        *at += 1;
        v |= u32::from(b & 0x7f) << (7 * k);
        if b & 0x80 == 0 {
            break;
        }
    }
    v
}

/// The preparation file `bytes` with only the first `keep` subgoals of its order of
/// contraction contracted (and the shortcuts over them): the subgoals after them are left as
/// the core. The writer's own bytes for each kept subgoal are copied as they are (a subgoal's
/// shortcuts are written relative to one another only), the counts and checksum made anew.
fn cut_to(bytes: &[u8], keep: u32) -> Vec<u8> {
    let count = |at: usize| u32::from_le_bytes(bytes[at..at + 4].try_into().unwrap());
    let contracted = count(38);
    assert!(keep <= contracted, "{keep} of {contracted}");
    let mut at = BODY;
    let order_start = at;
    let mut order_end = at;
    for k in 0..contracted {
        varint(bytes, &mut at);
        if k + 1 == keep {
            order_end = at;
        }
    }
    let picks_start = at;
    let (mut picks_end, mut shortcuts) = (at, 0);
    for k in 0..keep {
        let n = varint(bytes, &mut at);
        for _ in 0..2 * n {
            varint(bytes, &mut at);
        }
        shortcuts += n;
        if k + 1 == keep {
            picks_end = at;
        }
    }
    let mut out = bytes[..38].to_vec();
    out.extend_from_slice(&keep.to_le_bytes());
    out.extend_from_slice(&shortcuts.to_le_bytes());
    out.extend_from_slice(&bytes[order_start..order_end]);
    out.extend_from_slice(&bytes[picks_start..picks_end]);
    let sum = fnv(&out);
    out.extend_from_slice(&sum.to_le_bytes());
    out
}

/// Checks `prepared`'s answers on `grid` from a few starts to many goals against the oracle:
/// the plain search (the distance table on a small graph, else the hierarchy with its core) and
/// the traced one (the hierarchy always), each a path of legal moves at the oracle's cost.
/// Returns how many answers were checked.
fn check_answers(grid: &Grid, prepared: &Prepared, what: &str) -> usize {
    let free: Vec<Pos> = grid.cells().filter(|(_, c)| c.is_passable()).map(|(p, _)| p).collect();
    let mut searcher = Searcher::default();
    let mut checked = 0;
    for s in 0..6 {
        let a = free[(s * 7919 + 3) % free.len()];
        let dist = oracle_2d_from(grid, a);
        for k in 0..40 {
            let b = free[(k * 104_729 + s * 31 + 11) % free.len()];
            let want = dist[b.1 * grid.width() + b.0];
            let plain = prepared.search(grid, a, b, &mut searcher).unwrap();
            let mut trace = Vec::new();
            let traced = prepared.search_traced(grid, a, b, &mut searcher, Some(&mut trace)).unwrap();
            for (how, r) in [("plain", plain), ("traced", traced)] {
                match r.cost {
                    None => assert!(want.is_infinite(), "{what}, {how}: {a:?} -> {b:?}: no path, the oracle {want}"),
                    Some(c) => {
                        assert!((c - want).abs() < 1e-9, "{what}, {how}: {a:?} -> {b:?} costs {c}, the oracle {want}");
                        let path = r.path.unwrap();
                        assert_eq!((path[0], path[path.len() - 1]), (a, b), "{what}, {how}");
                        let sum = path_cost_by_rules(grid, &path);
                        assert!(sum.is_some_and(|s| (s - c).abs() < 1e-9), "{what}, {how}: {a:?} -> {b:?}: the path sums to {sum:?}");
                    }
                }
                checked += 1;
            }
        }
    }
    checked
}

/// Reads `grid`'s preparation file cut to a part of its order of contraction, for several
/// parts (none contracted: the whole graph is the core; then a third, two thirds, all but a
/// few); each is accepted, writes back to the same bytes (the core is not written as
/// contracted), keeps fewer shortcuts the more it leaves in the core, and answers at the
/// oracle's costs.
fn check_cores(grid: &Grid, what: &str) -> usize {
    let prepared = prepare(grid).unwrap();
    assert!(!prepared.uses_jump_table(), "{what}: answered by JPS+, no hierarchy");
    let bytes = prepared.to_bytes();
    let n = prepared.subgoals() as u32;
    assert!(n > 40, "{what}: {n} subgoals");
    let mut checked = 0;
    let mut shortcuts_before = 0;
    for keep in [0, n / 3, 2 * n / 3, n - 5] {
        let cut = cut_to(&bytes, keep);
        let read = Prepared::from_bytes(&cut, grid).unwrap_or_else(|e| panic!("{what}: {keep} of {n} contracted: {e}"));
        assert!(read.to_bytes() == cut, "{what}: {keep} of {n} contracted: read back, it writes other bytes");
        // each edge counted once, those between two subgoals of the core (kept at both) too
        assert_eq!((read.subgoals(), read.edges()), (prepared.subgoals(), prepared.edges()), "{what}: {keep} of {n} contracted");
        assert_eq!(read.edge_cells().count(), read.edges(), "{what}");
        assert!(read.shortcuts() >= shortcuts_before && read.shortcuts() <= prepared.shortcuts(), "{what}: {keep}");
        shortcuts_before = read.shortcuts();
        checked += check_answers(grid, &read, &format!("{what}, {keep} of {n} contracted"));
    }
    checked
}

/// A hierarchy with a core, on room maps, mazes and random boards: every answer through it
/// (the core searched both ways from both ends, a path unpacked through the contracted
/// subgoals' shortcuts below it) is the oracle's. Fails when the core's edges are kept one way
/// only, or left out, in `contract::finish` (answers longer than the oracle's, or none), and
/// when the core is counted as contracted (the file written back differs).
#[test]
fn a_hierarchy_with_a_core_answers_at_the_oracles_costs() {
    let mut checked = 0;
    for seed in 0..3 {
        checked += check_cores(&generate_maze(MazeKind::Rooms, 61, 41, seed).unwrap(), &format!("rooms {seed}"));
        checked += check_cores(&generate_maze(MazeKind::Division, 61, 41, seed).unwrap(), &format!("division {seed}"));
        checked += check_cores(&seeded_grid(48, 40, 0.3, seed), &format!("random {seed}"));
    }
    assert!(checked > 5000, "{checked} answers checked");
}

/// A map of more subgoals than the distance table holds: the plain search goes through the
/// hierarchy too, here with half of it as its core.
#[test]
fn a_core_on_a_map_too_large_for_the_distance_table() {
    let grid = generate_maze(MazeKind::Rooms, 241, 181, 7).unwrap();
    let prepared = prepare(&grid).unwrap();
    assert!(!prepared.uses_distance_table() && !prepared.uses_jump_table(), "{} subgoals", prepared.subgoals());
    let n = prepared.subgoals() as u32;
    let cut = cut_to(&prepared.to_bytes(), n / 2);
    let read = Prepared::from_bytes(&cut, &grid).unwrap();
    assert!(read.to_bytes() == cut && !read.uses_distance_table());
    assert!(check_answers(&grid, &read, "rooms 241 x 181, half contracted") > 400);
}
