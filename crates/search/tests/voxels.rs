//! Voxel worlds against an oracle written here from the rules as stated in the issue and the
//! module documentation (never from the engine's code): a Dijkstra over the moves each model
//! allows, on random worlds of every model; heuristics checked admissible and consistent
//! against it; bad input refused with a reason.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use cubepath_search::{files::*, grid::*, search::*, world::*};
use proptest::prelude::*;

const SQRT_2: f64 = std::f64::consts::SQRT_2;
const SQRT_3: f64 = 1.732_050_807_568_877_2;
const MODELS: [VoxelMoves; 4] = [VoxelMoves::Fly6, VoxelMoves::Fly18, VoxelMoves::Fly26, VoxelMoves::Walk];

/// Free: inside and not blocked.
fn free(w: &VoxelGrid, p: (i64, i64, i64)) -> bool {
    let inside =
        p.0 >= 0 && p.1 >= 0 && p.2 >= 0 && (p.0 as usize) < w.width() && (p.1 as usize) < w.height() && (p.2 as usize) < w.depth();
    inside && !w.is_blocked((p.0 as usize, p.1 as usize, p.2 as usize))
}

/// Standable: free, and z = 0 or the voxel below blocked.
fn stand(w: &VoxelGrid, p: (i64, i64, i64)) -> bool {
    free(w, p) && (p.2 == 0 || !free(w, (p.0, p.1, p.2 - 1)))
}

/// The oracle's moves out of `p`, with costs, from the rules' text.
fn oracle_moves(w: &VoxelGrid, model: VoxelMoves, p: (i64, i64, i64)) -> Vec<((i64, i64, i64), f64)> {
    let mut out = Vec::new();
    for dz in -1..=1i64 {
        for dy in -1..=1i64 {
            for dx in -1..=1i64 {
                let n = (dx != 0) as usize + (dy != 0) as usize + (dz != 0) as usize;
                let q = (p.0 + dx, p.1 + dy, p.2 + dz);
                if n == 0 {
                    continue;
                }
                match model {
                    VoxelMoves::Walk => {
                        if !stand(w, p) || !stand(w, q) {
                            continue;
                        }
                        if dz == 0 && n == 1 {
                            out.push((q, 1.0));
                        } else if dz == 0 && n == 2 {
                            if free(w, (p.0 + dx, p.1, p.2)) && free(w, (p.0, p.1 + dy, p.2)) {
                                out.push((q, SQRT_2));
                            }
                        } else if n == 2 {
                            // one level, with a straight step
                            let headroom = if dz > 0 { (p.0, p.1, p.2 + 1) } else { (q.0, q.1, p.2) };
                            if free(w, headroom) {
                                out.push((q, SQRT_2));
                            }
                        }
                    }
                    _ => {
                        let most = match model {
                            VoxelMoves::Fly6 => 1,
                            VoxelMoves::Fly18 => 2,
                            _ => 3,
                        };
                        if n > most {
                            continue;
                        }
                        let mut ok = true;
                        for x in p.0.min(q.0)..=p.0.max(q.0) {
                            for y in p.1.min(q.1)..=p.1.max(q.1) {
                                for z in p.2.min(q.2)..=p.2.max(q.2) {
                                    ok &= free(w, (x, y, z));
                                }
                            }
                        }
                        if ok {
                            out.push((q, [0.0, 1.0, SQRT_2, SQRT_3][n]));
                        }
                    }
                }
            }
        }
    }
    out
}

/// The oracle's least cost from `from` to every voxel.
fn oracle_from(w: &VoxelGrid, model: VoxelMoves, from: Pos3) -> Vec<f64> {
    let at = |p: (i64, i64, i64)| ((p.2 as usize * w.height()) + p.1 as usize) * w.width() + p.0 as usize;
    let mut dist = vec![f64::INFINITY; w.width() * w.height() * w.depth()];
    let start = (from.0 as i64, from.1 as i64, from.2 as i64);
    dist[at(start)] = 0.0;
    let mut heap = BinaryHeap::new();
    heap.push(Reverse((0u64, start)));
    while let Some(Reverse((d, p))) = heap.pop() {
        let d = f64::from_bits(d);
        if d > dist[at(p)] {
            continue;
        }
        for (q, c) in oracle_moves(w, model, p) {
            if d + c < dist[at(q)] - 1e-12 {
                dist[at(q)] = d + c;
                heap.push(Reverse(((d + c).to_bits(), q)));
            }
        }
    }
    dist
}

/// The oracle's cost of a path, `None` when a step is not a legal move.
fn oracle_path(w: &VoxelGrid, model: VoxelMoves, path: &[Pos3]) -> Option<f64> {
    let mut cost = 0.0;
    for s in path.windows(2) {
        let p = (s[0].0 as i64, s[0].1 as i64, s[0].2 as i64);
        let q = (s[1].0 as i64, s[1].1 as i64, s[1].2 as i64);
        cost += oracle_moves(w, model, p).into_iter().find(|&(n, _)| n == q)?.1;
    }
    Some(cost)
}

struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    fn unit(&mut self) -> f64 {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64
    }
}

/// A random world: blocks scattered, and for walkers some solid columns and floors so there
/// are levels to climb.
fn random_world(rng: &mut Rng) -> VoxelGrid {
    let (w, h, d) = (1 + rng.below(7), 1 + rng.below(7), 1 + rng.below(5));
    let mut world = VoxelGrid::new(w, h, d).unwrap();
    let density = rng.unit() * 0.45;
    for z in 0..d {
        for y in 0..h {
            for x in 0..w {
                if rng.unit() < density {
                    world.set_blocked((x, y, z), true).unwrap();
                }
            }
        }
    }
    world
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-9 * a.abs().max(1.0)
}

fn check_world(seed: u64) {
    let mut rng = Rng(seed | 1);
    let world = random_world(&mut rng);
    let mut searcher = Searcher::default();
    for model in MODELS {
        let spots: Vec<Pos3> = (0..world.len()).map(|i| world_pos(&world, i)).filter(|&p| model.may_stand(&world, p)).collect();
        if spots.is_empty() {
            continue;
        }
        for _ in 0..4 {
            let (a, b) = (spots[rng.below(spots.len())], spots[rng.below(spots.len())]);
            let want = oracle_from(&world, model, a)[world.index(b)];
            let jps = (model == VoxelMoves::Fly26).then_some(Algorithm::Jps);
            for algorithm in
                [Algorithm::AStar, Algorithm::Dijkstra, Algorithm::AStarBidir, Algorithm::Ida, Algorithm::Greedy, Algorithm::Bfs]
                    .into_iter()
                    .chain(jps)
            {
                // IDA* re-expands exponentially on open worlds: a limit, and a stop is no answer
                let limit = (algorithm == Algorithm::Ida).then_some(20_000);
                let options = VoxelOptions { algorithm, moves: model, limit, jump_always: true, ..Default::default() };
                let r = searcher.search_world(&world, a, b, &options).unwrap();
                let at = format!("seed {seed} {model} {algorithm} {a:?} -> {b:?}");
                if r.stopped {
                    assert_eq!((algorithm, r.path), (Algorithm::Ida, None), "{at}");
                    continue;
                }
                match r.cost {
                    None => {
                        assert!(want.is_infinite(), "{at}: no path, the oracle finds {want}");
                        assert_eq!(r.expanded, 0, "{at}: unreachable is known at once");
                    }
                    Some(cost) => {
                        let path = r.path.clone().unwrap();
                        assert_eq!((path.first(), path.last()), (Some(&a), Some(&b)), "{at}");
                        let legal = oracle_path(&world, model, &path).unwrap_or_else(|| panic!("{at}: illegal path {path:?}"));
                        assert!(close(legal, cost), "{at}: reported {cost}, the path costs {legal}");
                        assert!(want.is_finite(), "{at}");
                        // optimal by this test's own list, not the engine's word: A*,
                        // bidirectional A*, IDA*, Dijkstra and JPS at weight 1, BFS where every
                        // step costs the same (fly-6)
                        let optimal = matches!(
                            algorithm,
                            Algorithm::AStar | Algorithm::AStarBidir | Algorithm::Ida | Algorithm::Dijkstra | Algorithm::Jps
                        ) && options.weight <= 1.0
                            || (algorithm == Algorithm::Bfs && model == VoxelMoves::Fly6);
                        if optimal {
                            assert!(close(cost, want), "{at}: cost {cost}, optimum {want}");
                        } else {
                            assert!(cost >= want - 1e-9, "{at}: {cost} beats the optimum {want}");
                        }
                    }
                }
            }
            // weighted A*: within w of the optimum
            let weighted = VoxelOptions { algorithm: Algorithm::AStar, moves: model, weight: 1.7, ..Default::default() };
            if let Some(cost) = searcher.search_world(&world, a, b, &weighted).unwrap().cost {
                assert!(cost <= 1.7 * want + 1e-9 && cost >= want - 1e-9, "seed {seed} {model}: weighted {cost} vs {want}");
            }
        }
    }
}

/// 3D JPS against the oracle on larger worlds than [`check_world`]'s (so its jumps run far and
/// meet many obstacles): every cost optimal and every path legal (that it expands a subset of
/// A*'s voxels is checked inside the engine, where its jump points can be read).
fn check_jps(seed: u64) {
    let mut rng = Rng(seed | 1);
    let (w, h, d) = (2 + rng.below(15), 2 + rng.below(15), 1 + rng.below(12));
    let mut world = VoxelGrid::new(w, h, d).unwrap();
    let density = [0.0, 0.05, 0.15, 0.3, 0.45][rng.below(5)];
    for i in 0..world.len() {
        if rng.unit() < density {
            world.set_blocked(world_pos(&world, i), true).unwrap();
        }
    }
    let mut searcher = Searcher::default();
    let spots: Vec<Pos3> = (0..world.len()).map(|i| world_pos(&world, i)).filter(|&p| world.is_free(p)).collect();
    if spots.is_empty() {
        return;
    }
    let a = spots[rng.below(spots.len())];
    let dist = oracle_from(&world, VoxelMoves::Fly26, a);
    for _ in 0..6 {
        let b = spots[rng.below(spots.len())];
        let want = dist[world.index(b)];
        let jps = VoxelOptions { algorithm: Algorithm::Jps, jump_always: true, ..Default::default() };
        let r = searcher.search_world(&world, a, b, &jps).unwrap();
        let at = format!("seed {seed} {w}x{h}x{d} at {density}: {a:?} -> {b:?}");
        match r.cost {
            None => assert!(want.is_infinite(), "{at}: JPS finds no path, the oracle {want}"),
            Some(cost) => {
                assert!(close(cost, want), "{at}: JPS {cost}, optimum {want}");
                let path = r.path.unwrap();
                assert_eq!((path.first(), path.last()), (Some(&a), Some(&b)), "{at}");
                let legal = oracle_path(&world, VoxelMoves::Fly26, &path).unwrap_or_else(|| panic!("{at}: illegal path {path:?}"));
                assert!(close(legal, cost), "{at}: reported {cost}, the path costs {legal}");
            }
        }
    }
}

fn world_pos(w: &VoxelGrid, i: usize) -> Pos3 {
    (i % w.width(), (i / w.width()) % w.height(), i / (w.width() * w.height()))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn every_model_and_algorithm_agrees_with_the_oracle(seed in any::<u64>()) {
        check_world(seed);
    }

    #[test]
    fn jump_point_search_in_3d_is_optimal_on_larger_worlds(seed in any::<u64>()) {
        check_jps(seed);
    }

    #[test]
    fn estimates_are_admissible_and_consistent(seed in any::<u64>()) {
        let mut rng = Rng(seed | 1);
        let world = random_world(&mut rng);
        for model in MODELS {
            for i in 0..world.len() {
                let a = world_pos(&world, i);
                if !model.may_stand(&world, a) {
                    continue;
                }
                let dist = oracle_from(&world, model, a);
                for (j, &d) in dist.iter().enumerate() {
                    let b = world_pos(&world, j);
                    prop_assert!(model.estimate(a, b) <= d + 1e-9, "{model} {a:?} -> {b:?}: estimate {} over {d}", model.estimate(a, b));
                }
                // consistency: h(a) <= c(a, n) + h(n) toward any target
                let target = world_pos(&world, rng.below(world.len()));
                let a3 = (a.0 as i64, a.1 as i64, a.2 as i64);
                for (n, c) in oracle_moves(&world, model, a3) {
                    let n = (n.0 as usize, n.1 as usize, n.2 as usize);
                    prop_assert!(model.estimate(a, target) <= c + model.estimate(n, target) + 1e-9, "{model}: {a:?} -> {n:?} toward {target:?}");
                }
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 150, ..ProptestConfig::default() })]

    /// Every voxel's least cost to a goal, against the oracle's Dijkstra forward from each
    /// voxel in turn (no symmetry of the moves assumed).
    #[test]
    fn distances_to_a_goal_are_the_oracles_from_every_voxel(seed in any::<u64>()) {
        let mut rng = Rng(seed | 1);
        let world = random_world(&mut rng);
        let goal = world_pos(&world, rng.below(world.len()));
        for model in MODELS {
            let to = voxel_distances_to(&world, goal, model);
            prop_assert_eq!(to.len(), world.len());
            for (i, &d) in to.iter().enumerate() {
                let from = world_pos(&world, i);
                let want = if model.may_stand(&world, from) && model.may_stand(&world, goal) {
                    oracle_from(&world, model, from)[world.index(goal)]
                } else {
                    f64::INFINITY
                };
                prop_assert!(d == want || close(d, want), "{model} {from:?} -> {goal:?}: {d}, the oracle {want}");
            }
        }
    }
}

#[test]
fn the_engines_step_rule_is_the_oracles() {
    let mut rng = Rng(99);
    for _ in 0..200 {
        let world = random_world(&mut rng);
        for model in MODELS {
            for i in 0..world.len() {
                let a = world_pos(&world, i);
                let a3 = (a.0 as i64, a.1 as i64, a.2 as i64);
                let mut want: Vec<(Pos3, f64)> =
                    oracle_moves(&world, model, a3).into_iter().map(|(q, c)| ((q.0 as usize, q.1 as usize, q.2 as usize), c)).collect();
                want.sort_by_key(|x| x.0);
                let mut got = Vec::new();
                for j in 0..world.len() {
                    let b = world_pos(&world, j);
                    if let Some(c) = voxel_step(&world, a, b, model) {
                        got.push((b, c));
                    }
                }
                got.sort_by_key(|x| x.0);
                assert_eq!(got, want, "{model} from {a:?}");
            }
        }
    }
}

#[test]
fn bad_input_is_refused_with_a_reason() {
    let mut world = VoxelGrid::new(4, 4, 3).unwrap();
    world.set_blocked((1, 1, 0), true).unwrap();
    let mut s = Searcher::default();
    let fly = VoxelOptions::default();
    let walk = VoxelOptions { moves: VoxelMoves::Walk, ..Default::default() };
    let e = s.search_world(&world, (0, 0, 0), (4, 0, 0), &fly).unwrap_err();
    assert!(e.to_string().contains("goal: voxel 4,0,0 is off the world (4 x 4 x 3"), "{e}");
    let e = s.search_world(&world, (1, 1, 0), (0, 0, 0), &fly).unwrap_err();
    assert_eq!(e.to_string(), "start voxel 1,1,0 is blocked");
    let e = s.search_world(&world, (0, 0, 0), (2, 2, 2), &walk).unwrap_err();
    assert!(e.to_string().contains("goal voxel 2,2,2 cannot be stood on"), "{e}");
    let on_top = s.search_world(&world, (0, 0, 0), (1, 1, 1), &walk).unwrap().path;
    assert_eq!(on_top.as_ref().and_then(|p| p.last()), Some(&(1, 1, 1)), "on top of the block");
    // JPS runs with fly-26 only; Theta* not at all
    let jps = VoxelOptions { algorithm: Algorithm::Jps, moves: VoxelMoves::Fly18, jump_always: true, ..Default::default() };
    let e = s.search_world(&world, (0, 0, 0), (3, 3, 2), &jps).unwrap_err().to_string();
    assert!(e.contains("jps does not run on voxel worlds with these moves") && e.contains("jps with fly26"), "{e}");
    let theta = VoxelOptions { algorithm: Algorithm::Theta, ..Default::default() };
    assert_eq!(s.search_world(&world, (0, 0, 0), (3, 3, 2), &theta).unwrap_err(), SearchError::NotIn3d(Algorithm::Theta));
    let light = VoxelOptions { weight: 0.5, ..Default::default() };
    assert_eq!(s.search_world(&world, (0, 0, 0), (3, 3, 2), &light).unwrap_err(), SearchError::BadWeight(0.5));
    for (w, h, d) in [(0, 1, 1), (1025, 1, 1), (1024, 1024, 1024)] {
        let e = VoxelGrid::new(w, h, d).unwrap_err();
        assert!(e.to_string().contains(&format!("{w} x {h} x {d}")), "{e}");
    }
    assert!("fly27".parse::<VoxelMoves>().unwrap_err().contains("fly6, fly18, fly26, walk"));
}

#[test]
fn a_walker_takes_the_stairs_and_a_flyer_the_air() {
    // a wall across the world at x = 3, two levels high, with a stair of blocks up to it
    let mut world = VoxelGrid::new(7, 1, 4).unwrap();
    for z in 0..2 {
        world.set_blocked((3, 0, z), true).unwrap();
    }
    world.set_blocked((2, 0, 0), true).unwrap(); // a step up to it
    world.set_blocked((4, 0, 0), true).unwrap(); // and one down beyond
    let mut s = Searcher::default();
    let walk = VoxelOptions { moves: VoxelMoves::Walk, ..Default::default() };
    let r = s.search_world(&world, (0, 0, 0), (6, 0, 0), &walk).unwrap();
    let path = r.path.unwrap();
    assert_eq!(path, [(0, 0, 0), (1, 0, 0), (2, 0, 1), (3, 0, 2), (4, 0, 1), (5, 0, 0), (6, 0, 0)]);
    assert!(close(r.cost.unwrap(), 2.0 + 4.0 * SQRT_2));
    // IDA* finds the same way
    let ida = VoxelOptions { algorithm: Algorithm::Ida, moves: VoxelMoves::Walk, ..Default::default() };
    assert!(close(s.search_world(&world, (0, 0, 0), (6, 0, 0), &ida).unwrap().cost.unwrap(), 2.0 + 4.0 * SQRT_2));
    // a flyer goes over the wall diagonally in x and z
    let r = s.search_world(&world, (0, 0, 0), (6, 0, 0), &VoxelOptions::default()).unwrap();
    assert!(r.path.unwrap().iter().any(|p| p.2 >= 2));
    assert!(close(oracle_from(&world, VoxelMoves::Fly26, (0, 0, 0))[world.index((6, 0, 0))], r.cost.unwrap()));
    // closed off: no path, nothing expanded
    for z in 2..4 {
        world.set_blocked((3, 0, z), true).unwrap();
    }
    let r = s.search_world(&world, (0, 0, 0), (6, 0, 0), &VoxelOptions::default()).unwrap();
    assert_eq!((r.path, r.expanded), (None, 0));
}

// ---------------------------------------------------------------- files

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn worlds_written_read_back_the_same(seed in any::<u64>()) {
        let mut rng = Rng(seed | 1);
        let world = random_world(&mut rng);
        let text = write_3dmap(&world);
        prop_assert_eq!(read_3dmap("w.3dmap", text.as_bytes()).unwrap(), world);
    }

    #[test]
    fn mutated_voxel_files_never_panic(edits in proptest::collection::vec((any::<usize>(), any::<u8>()), 1..6)) {
        for base in ["voxel 3 2 2\n1 0 0\n2 1 1\n", "version 1\nw.3dmap\n0 0 0 2 1 1 2.44948974 1.0\n"] {
            let mut bytes = base.as_bytes().to_vec();
            for &(at, b) in &edits {
                let i = at % bytes.len();
                bytes[i] = b;
            }
            for result in [read_3dmap("m", &bytes).err(), read_3dscen("m", &bytes).err()].into_iter().flatten() {
                prop_assert!(result.line <= bytes.split(|&c| c == b'\n').count());
            }
        }
    }
}

#[test]
fn malformed_voxel_files_name_the_line() {
    let cases: [(&str, usize, &str); 9] = [
        ("voxel 3 2\n", 1, "three sizes"),
        ("voxels 3 2 2\n", 1, "header"),
        ("voxel 3 2 2\n1 0\n", 2, "3 whole numbers"),
        ("voxel 3 2 2\n\n1 0 0\n3 0 0\n", 4, "off the world"),
        ("voxel 3 2 2\n1 0 -1\n", 2, "not a whole number"),
        ("voxel 3 2 0\n", 1, "3 x 2 x 0"),
        ("voxel 1025 1 1\n", 1, "1025 x 1 x 1"),
        ("voxel 1024 1024 1024\n", 1, "at most 134217728 voxels"),
        ("", 0, "empty"),
    ];
    for (text, line, what) in cases {
        let e = read_3dmap("bad.3dmap", text.as_bytes()).unwrap_err();
        assert_eq!(e.line, line, "{text:?}: {e}");
        assert!(e.to_string().contains(what), "{text:?}: {e}");
    }
    let cases: [(&str, usize, &str); 6] = [
        ("version 3\nw.3dmap\n", 1, "version 1"),
        ("version 1\nw.3dmap extra\n", 2, "map file"),
        ("version 1\nw.3dmap\n0 0 0 2 1 1 2.4\n", 3, "needs 8 fields, this one has 7"),
        ("version 2\nw.3dmap\n0 0 0 2 1 1 2.4 1.0\n", 3, "needs 9 fields"),
        ("version 1\nw.3dmap\n0 0 0 2 1 1 -2.4 1.0\n", 3, "optimal length"),
        ("version 1\nw.3dmap\n", 0, "no problems"),
    ];
    for (text, line, what) in cases {
        let e = read_3dscen("bad.3dscen", text.as_bytes()).unwrap_err();
        assert_eq!(e.line, line, "{text:?}: {e}");
        assert!(e.to_string().contains(what), "{text:?}: {e}");
    }
    // CRLF, a byte-order mark and blank lines are fine; version 2's ninth field is read
    let s = read_3dscen("ok.3dscen", b"\xEF\xBB\xBFversion 2\r\nw.3dmap\r\n\r\n0 0 0 2 1 1 2.44948974 1.0 7\r\n").unwrap();
    assert_eq!((s.problems.len(), s.problems[0].line), (1, 4));
    let w = read_3dmap("ok.3dmap", b"\xEF\xBB\xBFrev_voxel 70 1 1\r\n\r\n69 0 0\r\n").unwrap();
    assert_eq!((w.blocked_count(), w.is_free((69, 0, 0))), (69, true));
}

// ---------------------------------------------------------------- generated worlds

#[test]
fn every_floor_of_a_building_is_reached_from_the_ground_by_its_stairs() {
    let mut s = Searcher::default();
    let walk = VoxelOptions { moves: VoxelMoves::Walk, ..Default::default() };
    for seed in 0..300u64 {
        let size = (10 + (seed as usize * 7) % 40, 10 + (seed as usize * 13) % 40, 4 * (2 + seed as usize % 4));
        let world = generate_world(WorldKind::Building, size, seed).unwrap();
        let ground: Vec<Pos3> = (0..world.len()).map(|i| world_pos(&world, i)).filter(|p| p.2 == 0 && world.is_standable(*p)).collect();
        assert!(!ground.is_empty(), "seed {seed}");
        let from_ground = oracle_from(&world, VoxelMoves::Walk, ground[0]);
        // and the engine agrees on one of the top floor's voxels
        let mut top_floor = (0..world.len()).map(|i| world_pos(&world, i)).filter(|p| p.2 == size.2 - STOREY && world.is_standable(*p));
        let top =
            top_floor.find(|p| from_ground[world.index(*p)].is_finite()).unwrap_or_else(|| panic!("seed {seed}: top floor not reached"));
        let r = s.search_world(&world, ground[0], top, &walk).unwrap();
        assert!(close(r.cost.unwrap(), from_ground[world.index(top)]), "seed {seed}");
        for floor in 0..size.2 / STOREY {
            let z = floor * STOREY;
            let on_floor: Vec<Pos3> =
                (0..world.len()).map(|i| world_pos(&world, i)).filter(|p| p.2 == z && world.is_standable(*p)).collect();
            let reached = on_floor.iter().filter(|&&p| from_ground[world.index(p)].is_finite()).count();
            // the floor's rooms all connect through doorways, and its stair comes up into one
            assert_eq!(reached, on_floor.len(), "seed {seed} {size:?}: floor {floor}");
        }
    }
}

#[test]
fn generated_worlds_are_seeded_and_of_their_kind() {
    for kind in WorldKind::ALL {
        let a = generate_world(kind, (32, 24, 16), 5).unwrap();
        assert_eq!(a, generate_world(kind, (32, 24, 16), 5).unwrap(), "{kind}");
        assert_ne!(a, generate_world(kind, (32, 24, 16), 6).unwrap(), "{kind}");
        let share = a.blocked_count() as f64 / a.len() as f64;
        let (lo, hi) = match kind {
            WorldKind::Blocks => (0.15, 0.25),
            WorldKind::Building => (0.2, 0.5),
            WorldKind::Caves => (0.25, 0.75),
            WorldKind::Islands => (0.0, 0.3),
            WorldKind::Storeys | WorldKind::Terrain | WorldKind::Plant => unreachable!("not in ALL"),
        };
        assert!((lo..=hi).contains(&share), "{kind}: {share:.2} blocked");
    }
    assert_eq!(generate_world(WorldKind::Caves, (0, 4, 4), 1).unwrap_err(), WorldError::BadSize { size: (0, 4, 4) });
    assert_eq!("caves".parse::<WorldKind>(), Ok(WorldKind::Caves));
}

/// The game-scale kinds at a size the oracle can flood (about 500,000 voxels): mostly air, the
/// same for the same seed; and from a few voxels, the least cost to 40 random free voxels from
/// A* and 3D JPS (fly-26), and whether any path exists, are the oracle's Dijkstra's, walls of
/// rooms and the ground between them included, and a sealed room added for goals out of reach. This runs the searches' paged records and the
/// connected parts kept as runs on worlds where most goals are far and some cannot be reached.
#[test]
fn game_scale_worlds_are_mostly_air_and_searched_at_the_oracles_costs() {
    let mut s = Searcher::default();
    let size = (104, 88, 56);
    for kind in WorldKind::AT_SCALE {
        let mut world = generate_world(kind, size, 3).unwrap();
        assert_eq!(world, generate_world(kind, size, 3).unwrap(), "{kind}");
        assert_ne!(world, generate_world(kind, size, 4).unwrap(), "{kind}");
        let share = world.blocked_count() as f64 / world.len() as f64;
        assert!((0.002..0.06).contains(&share), "{kind}: {:.2} % blocked", 100.0 * share);
        // a sealed room (a shell one voxel thick round 6 x 6 x 6 of air), for goals no path
        // reaches: one voxel in five is drawn inside it
        for x in 40..48 {
            for y in 40..48 {
                for z in 30..38 {
                    let shell = [x, y].iter().any(|&v| v == 40 || v == 47) || z == 30 || z == 37;
                    world.set_blocked((x, y, z), shell).unwrap();
                }
            }
        }
        let mut rng = Rng(0x5EED ^ kind as u64);
        let mut pick = 0;
        let mut free_voxel = || loop {
            pick += 1;
            let p = if pick % 5 == 0 {
                (41 + rng.below(6), 41 + rng.below(6), 31 + rng.below(6))
            } else {
                (rng.below(size.0), rng.below(size.1), rng.below(size.2))
            };
            if world.is_free(p) {
                return p;
            }
        };
        let (mut found, mut none) = (0, 0);
        for _ in 0..3 {
            let from = free_voxel();
            let truth = oracle_from(&world, VoxelMoves::Fly26, from);
            for _ in 0..40 {
                let to = free_voxel();
                let want = truth[world.index(to)];
                for algorithm in [Algorithm::AStar, Algorithm::Jps] {
                    let options = VoxelOptions { algorithm, ..Default::default() };
                    let r = s.search_world(&world, from, to, &options).unwrap();
                    match r.cost {
                        Some(c) => assert!(close(c, want), "{kind} {algorithm}: {from:?} to {to:?}: {c} against {want}"),
                        None => assert!(want.is_infinite(), "{kind} {algorithm}: {from:?} to {to:?}: no path, the oracle {want}"),
                    }
                }
                if want.is_finite() { found += 1 } else { none += 1 }
            }
        }
        assert!(found > 60 && none > 10, "{kind}: {found} found, {none} without a path");
        println!("{kind}: {:.2} % blocked; {found} paths, {none} without one", 100.0 * share);
    }
}

/// A world search's records are stamped, in pages reused from search to search: across the
/// stamp's wrap-around (at 2^31 - 1, back to the first search's stamp), on pages the first
/// search wrote, every search answers as a fresh searcher does, expansions included.
#[test]
fn world_searches_stay_right_across_the_generation_wrap() {
    let world = generate_world(WorldKind::Caves, (24, 24, 12), 9).unwrap();
    let open: Vec<Pos3> = (0..world.len()).map(|i| world_pos(&world, i)).filter(|&p| world.is_free(p)).collect();
    let mut searcher = Searcher::default();
    for algorithm in [Algorithm::AStar, Algorithm::Dijkstra] {
        let options = VoxelOptions { algorithm, ..Default::default() };
        for k in 0..10 {
            if k == 1 {
                searcher.set_generation((u32::MAX >> 1) - 3);
            }
            let (a, b) = (open[(k * 37) % open.len()], open[(k * 101 + 7) % open.len()]);
            let got = searcher.search_world(&world, a, b, &options).unwrap();
            assert_eq!(got, Searcher::default().search_world(&world, a, b, &options).unwrap(), "{algorithm} search {k}");
        }
    }
}

// ---------------------------------------------------------------- step by step

proptest! {
    #![proptest_config(ProptestConfig { cases: 150, ..ProptestConfig::default() })]

    /// Stepping to the end gives what the whole search gives; every expanded voxel's g is the
    /// oracle's distance from the start (the estimates are consistent); the open and closed
    /// sets and the expansion order add up.
    #[test]
    fn stepping_ends_as_the_whole_search_and_closed_voxels_are_settled(seed in any::<u64>()) {
        let mut rng = Rng(seed | 1);
        let world = random_world(&mut rng);
        for model in MODELS {
            let spots: Vec<Pos3> = (0..world.len()).map(|i| world_pos(&world, i)).filter(|&p| model.may_stand(&world, p)).collect();
            if spots.is_empty() {
                continue;
            }
            let (a, b) = (spots[rng.below(spots.len())], spots[rng.below(spots.len())]);
            let dist = oracle_from(&world, model, a);
            for algorithm in [Algorithm::AStar, Algorithm::Dijkstra, Algorithm::Greedy, Algorithm::Bfs] {
                let options = VoxelOptions { algorithm, moves: model, ..Default::default() };
                let whole = Searcher::default().search_world(&world, a, b, &options).unwrap();
                let mut searcher = Searcher::default();
                let mut run = searcher.steps_world(&world, a, b, &options).unwrap();
                let mut steps = 0;
                while !run.is_finished() {
                    if let Step::Expanded(p) = run.step() {
                        prop_assert_eq!(run.current(), Some(p));
                        steps += 1;
                    }
                }
                prop_assert_eq!(run.result(), whole.clone(), "{} {}", model, algorithm);
                prop_assert_eq!(steps, whole.expanded);
                let closed = run.closed_voxels();
                let found = whole.path.is_some() as usize;
                prop_assert_eq!(closed.len(), whole.expanded + found);
                for (k, &p) in closed.iter().enumerate() {
                    let info = run.info(p).unwrap();
                    prop_assert_eq!(info.expansion, Some(k));
                    if matches!(algorithm, Algorithm::AStar | Algorithm::Dijkstra) {
                        prop_assert!(close(info.g, dist[world.index(p)]), "{} {}: {:?} g {} vs {}", model, algorithm, p, info.g, dist[world.index(p)]);
                    }
                }
                for p in run.open_voxels() {
                    prop_assert_eq!(run.info(p).unwrap().state, CellState::Open);
                }
            }
        }
    }
}

#[test]
fn stepping_an_unreachable_goal_ends_at_once_and_whole_searches_refuse_to_step() {
    let mut world = VoxelGrid::new(3, 1, 1).unwrap();
    world.set_blocked((1, 0, 0), true).unwrap();
    let mut s = Searcher::default();
    let mut run = s.steps_world(&world, (0, 0, 0), (2, 0, 0), &VoxelOptions::default()).unwrap();
    assert_eq!((run.step(), run.expanded(), run.result().path), (Step::NoPath, 0, None));
    let bidir = VoxelOptions { algorithm: Algorithm::AStarBidir, ..Default::default() };
    assert_eq!(s.steps_world(&world, (0, 0, 0), (2, 0, 0), &bidir).err(), Some(SearchError::NotSteppable(Algorithm::AStarBidir)));
}

#[test]
fn a_voxel_trace_lists_every_expansion_and_ends_with_the_result() {
    let world = generate_world(WorldKind::Caves, (16, 16, 8), 2).unwrap();
    let free: Vec<Pos3> = (0..world.len()).map(|i| world_pos(&world, i)).filter(|&p| world.is_free(p)).collect();
    let mut s = Searcher::default();
    let (a, b) = (free[0], *free.last().unwrap());
    let whole = s.search_world(&world, a, b, &VoxelOptions::default()).unwrap();
    let run = s.steps_world(&world, a, b, &VoxelOptions::default()).unwrap();
    let mut json = Vec::new();
    let traced = run.write_trace(None, &mut json).unwrap();
    let json = String::from_utf8(json).unwrap();
    assert_eq!(traced, whole);
    let found = whole.path.is_some() as usize;
    assert_eq!(json.matches("\"cell\": [").count(), whole.expanded + found);
    assert!(
        json.starts_with(&format!("{{\"format\": \"cubepath-trace 1\", \"algorithm\": \"astar\", \"start\": [{}, {}, {}]", a.0, a.1, a.2))
    );
    assert!(json.trim_end().ends_with(&format!("\"expanded\": {}}}", whole.expanded)), "{json}");
}

/// 3D JPS on a world cluttered with small obstacles (over `CLUTTER_LIMIT`, where it jumps
/// little and scans much) runs A*, as optimal; the choice is made per world and revision: a
/// copy cleared of its obstacles jumps, the cluttered original still runs A*, and the
/// original cleared in place (an edit) jumps too; `jump_always` jumps whatever the clutter.
#[test]
fn jps_runs_a_star_on_a_cluttered_world_and_the_choice_follows_copies_and_edits() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut world = VoxelGrid::new(24, 24, 24).unwrap();
    let (a, b) = ((0, 0, 0), (23, 23, 23));
    for i in 0..world.len() {
        let p = world_pos(&world, i);
        if p != a && p != b && rng.below(100) < 25 {
            world.set_blocked(p, true).unwrap();
        }
    }
    assert!(world.clutter() > CLUTTER_LIMIT, "clutter {}", world.clutter());
    let jps = VoxelOptions { algorithm: Algorithm::Jps, ..Default::default() };
    let astar = VoxelOptions::default();
    let run = |s: &mut Searcher, w: &VoxelGrid, o: &VoxelOptions| s.search_world(w, a, b, o).unwrap();
    let plain = run(&mut Searcher::default(), &world, &astar);
    let want = plain.cost.expect("a way through 25 % of single voxels");
    let mut s = Searcher::default();
    let cluttered = run(&mut s, &world, &jps);
    assert_eq!((cluttered.expanded, &cluttered.path), (plain.expanded, &plain.path), "JPS asked, A* ran");
    let always = VoxelOptions { jump_always: true, ..jps };
    let jumped = run(&mut Searcher::default(), &world, &always);
    assert!(jumped.expanded != plain.expanded && close(jumped.cost.unwrap(), want), "jump_always jumps, as optimal");
    // a copy cleared: jumps, through the same searcher (to a goal off the 3D diagonal, where
    // JPS's jumps and A*'s voxels differ)
    let mut clear = world.clone();
    for i in 0..clear.len() {
        clear.set_blocked(world_pos(&clear, i), false).unwrap();
    }
    let off = (23, 11, 3);
    let open = Searcher::default().search_world(&clear, a, off, &astar).unwrap();
    let jumped = s.search_world(&clear, a, off, &jps).unwrap();
    assert!(jumped.expanded < open.expanded && close(jumped.cost.unwrap(), open.cost.unwrap()), "the clear copy jumps");
    assert_eq!(run(&mut s, &world, &jps).expanded, plain.expanded, "the cluttered original runs A* again");
    // the original cleared in place: another revision, measured again
    for i in 0..world.len() {
        world.set_blocked(world_pos(&world, i), false).unwrap();
    }
    assert_eq!(s.search_world(&world, a, off, &jps).unwrap().expanded, jumped.expanded, "the edited original jumps");
}

/// Voxel searches in slices ([`Searcher::start`], [`Searcher::advance`]): in slices of any
/// size every stepping
/// algorithm ends with the whole search's path, cost and expansions (an optimal one's cost the
/// oracle's), and no slice expands more than it was given.
#[test]
fn voxel_searches_in_slices_end_with_the_whole_answer() {
    let mut rng = Rng(0x005E_ED51_1CE5 | 1);
    let mut parked_and_resumed = 0;
    for case in 0..300 {
        let world = random_world(&mut rng);
        let model = MODELS[case % MODELS.len()];
        let spots: Vec<Pos3> = (0..world.len()).map(|i| world_pos(&world, i)).filter(|&p| model.may_stand(&world, p)).collect();
        if spots.is_empty() {
            continue;
        }
        let (a, b) = (spots[rng.below(spots.len())], spots[rng.below(spots.len())]);
        let n = 1 + rng.below(12);
        let mut searcher = Searcher::default();
        for algorithm in [Algorithm::AStar, Algorithm::Dijkstra, Algorithm::Greedy, Algorithm::Bfs] {
            let options = VoxelOptions { algorithm, moves: model, ..Default::default() };
            let whole = Searcher::default().search_world(&world, a, b, &options).unwrap();
            let mut search = searcher.start(&world, a, b, &options).unwrap();
            let parts = loop {
                let before = search.work();
                let done = searcher.advance(&world, &mut search, n).expect("the world did not change");
                assert!(search.work() - before <= n, "case {case} {algorithm}: a slice of {n} expanded more");
                if done {
                    break search.take_result().unwrap();
                }
                parked_and_resumed += 1;
            };
            let at = format!("case {case} {model} {algorithm} {a:?} -> {b:?} in slices of {n}");
            assert_eq!((&parts.path, parts.cost, parts.expanded), (&whole.path, whole.cost, whole.expanded), "{at}");
            if matches!(algorithm, Algorithm::AStar | Algorithm::Dijkstra) {
                let want = oracle_from(&world, model, a)[world.index(b)];
                assert_eq!(parts.cost.is_some(), want.is_finite(), "{at}");
                assert!(parts.cost.is_none_or(|c| close(c, want)), "{at}: {:?} against the oracle's {want}", parts.cost);
            }
        }
    }
    assert!(parked_and_resumed > 300, "{parked_and_resumed} slices parked");
}

/// A voxel search under way goes on unchanged through another search on its searcher, and is
/// refused once its world changed (an edit, or a copy), so it never answers through a block put
/// up meanwhile.
#[test]
fn a_voxel_search_under_way_survives_another_search_and_is_refused_after_an_edit_or_a_copy() {
    let mut world = VoxelGrid::new(20, 20, 6).unwrap();
    let options = VoxelOptions::default();
    let mut searcher = Searcher::default();
    let halfway = |searcher: &mut Searcher, world: &VoxelGrid| {
        let mut search = searcher.start(world, (0, 0, 0), (19, 19, 5), &options).unwrap();
        assert!(!searcher.advance(world, &mut search, 10).unwrap());
        search
    };
    let mut search = halfway(&mut searcher, &world);
    searcher.search_world(&world, (1, 1, 1), (3, 3, 3), &options).unwrap();
    assert!(searcher.advance(&world, &mut search, usize::MAX).unwrap());
    let whole = Searcher::default().search_world(&world, (0, 0, 0), (19, 19, 5), &options).unwrap();
    assert_eq!((search.work(), search.result().unwrap()), (whole.expanded, &whole), "went on where it was, as a whole search");
    let mut search = halfway(&mut searcher, &world);
    for y in 0..20 {
        for z in 0..6 {
            world.set_blocked((10, y, z), true).unwrap(); // a wall across the way
        }
    }
    world.set_blocked((10, 19, 5), false).unwrap(); // but for one hole
    assert_eq!(searcher.advance(&world, &mut search, usize::MAX), Err(SearchError::Stale), "went on through a wall put up meanwhile");
    let mut search = searcher.start(&world, (0, 0, 0), (19, 19, 5), &options).unwrap();
    assert!(searcher.advance(&world, &mut search, usize::MAX).unwrap());
    let path = search.take_result().unwrap().path.unwrap();
    assert!(path.iter().all(|&p| p.0 != 10 || p == (10, 19, 5)), "through the hole");
    let mut search = halfway(&mut searcher, &world);
    assert_eq!(searcher.advance(&world.clone(), &mut search, 1), Err(SearchError::Stale), "went on on a copy of its world");
}

/// A searcher that leaves voxel labelling to steps ([`Searcher::label_worlds_in_steps`])
/// answers every search as one that labels whole, before its labels are done (a goal it cannot
/// reach then found out by the search) and after; labelled in steps between edits, its labels
/// say what the oracle can reach; after an edit walking's begin again, and the flying models'
/// follow it, saying what the oracle can reach at once.
#[test]
fn voxel_labels_in_steps_never_change_an_answer() {
    let mut rng = Rng(0x00AB_CDEF_1234 | 1);
    let (mut unreachable_found_by_search, mut followed) = (0, 0);
    for case in 0..200 {
        let mut world = random_world(&mut rng);
        let model = MODELS[case % MODELS.len()];
        let mut stepped = Searcher::default();
        stepped.label_worlds_in_steps(true);
        let mut whole = Searcher::default();
        for round in 0..6 {
            let spots: Vec<Pos3> = (0..world.len()).map(|i| world_pos(&world, i)).filter(|&p| model.may_stand(&world, p)).collect();
            if spots.is_empty() {
                break;
            }
            for algorithm in [Algorithm::AStar, Algorithm::Jps, Algorithm::Bfs] {
                if algorithm == Algorithm::Jps && model != VoxelMoves::Fly26 {
                    continue;
                }
                let options = VoxelOptions { algorithm, moves: model, jump_always: true, ..Default::default() };
                let (a, b) = (spots[rng.below(spots.len())], spots[rng.below(spots.len())]);
                let (s, w) = (stepped.search_world(&world, a, b, &options).unwrap(), whole.search_world(&world, a, b, &options).unwrap());
                let at = format!("case {case} round {round} {model} {algorithm} {a:?} -> {b:?}");
                assert_eq!((&s.path, s.cost), (&w.path, w.cost), "{at}");
                if w.path.is_none() && s.expanded > 0 {
                    unreachable_found_by_search += 1;
                }
            }
            // a few steps of labelling (perhaps all), then an edit now and then
            let mut work = 1 + rng.below(world.len() * 2);
            let done = stepped.label_world_within(&world, model, &mut work);
            if done {
                let from = spots[rng.below(spots.len())];
                let reach = oracle_from(&world, model, from);
                for (i, &d) in reach.iter().enumerate() {
                    let p = world_pos(&world, i);
                    if model.may_stand(&world, p) {
                        assert_eq!(stepped.reachable_in_world(&world, from, p, model), d.is_finite(), "case {case}: {from:?} -> {p:?}");
                    }
                }
            }
            if rng.below(2) == 0 {
                let p = world_pos(&world, rng.below(world.len()));
                let blocked = world.is_blocked(p);
                world.set_blocked(p, !blocked).unwrap();
                let mut none = 0;
                // the flying models' labels follow the edit; walking's are made again
                let now = stepped.label_world_within(&world, model, &mut none);
                assert!(!now || model != VoxelMoves::Walk, "case {case}: the labels of the world before the edit");
                if now {
                    followed += 1;
                    let from = spots[rng.below(spots.len())];
                    let reach = oracle_from(&world, model, from);
                    for (i, &d) in reach.iter().enumerate() {
                        let q = world_pos(&world, i);
                        if world.is_free(from) && model.may_stand(&world, q) {
                            assert_eq!(
                                stepped.reachable_in_world(&world, from, q, model),
                                d.is_finite(),
                                "case {case}: followed, {from:?} -> {q:?}"
                            );
                        }
                    }
                }
            }
        }
    }
    assert!(unreachable_found_by_search > 10, "{unreachable_found_by_search} unreachable goals found by the search");
    assert!(followed > 50, "{followed} edits followed by the labels");
}

/// 3D JPS in slices ([`Searcher::start`], [`Searcher::advance`]) ends with the whole search's
/// answer (path, cost, expansions) on random worlds, no slice expanding more than it was given;
/// another 3D JPS search between two slices makes it begin again and run whole (its answer the
/// same); it is refused after an edit or on a copy, and begun again never crosses a block put up
/// meanwhile; on a world too cluttered for jumps it answers as A* does.
#[test]
fn jump_searches_in_slices_end_with_the_whole_answer_and_are_refused_when_stale() {
    let mut rng = Rng(0x0000_7A57_1CE5 | 1);
    let jps = VoxelOptions { algorithm: Algorithm::Jps, jump_always: true, ..Default::default() };
    let mut slices = 0;
    for case in 0..600 {
        let world = random_world(&mut rng);
        let spots: Vec<Pos3> = (0..world.len()).map(|i| world_pos(&world, i)).filter(|&p| world.is_free(p)).collect();
        if spots.is_empty() {
            continue;
        }
        let (a, b, n) = (spots[rng.below(spots.len())], spots[rng.below(spots.len())], 1 + rng.below(6));
        let whole = Searcher::default().search_world(&world, a, b, &jps).unwrap();
        let mut searcher = Searcher::default();
        let mut search = searcher.start(&world, a, b, &jps).unwrap();
        loop {
            let before = search.work();
            let done = searcher.advance(&world, &mut search, n).expect("the world did not change");
            assert!(search.work() - before <= n, "case {case}: a slice of {n} expanded more");
            if done {
                break;
            }
            slices += 1;
        }
        assert_eq!(search.result(), Some(&whole), "case {case}: {a:?} -> {b:?} in slices of {n}");
    }
    assert!(slices > 300, "{slices} slices parked");
    // another 3D JPS search, an edit, a copy
    let mut world = VoxelGrid::new(24, 24, 6).unwrap();
    // a block on each search's direct lines (diagonals first and last), which would answer it
    // before any jump
    for p in [(10, 10, 5), (10, 10, 0), (8, 3, 3), (8, 1, 1)] {
        world.set_blocked(p, true).unwrap();
    }
    let mut searcher = Searcher::default();
    let (a, b) = ((0, 0, 0), (23, 23, 5));
    let halfway = |searcher: &mut Searcher, world: &VoxelGrid| {
        let mut search = searcher.start(world, a, b, &jps).unwrap();
        assert_eq!(searcher.advance(world, &mut search, 1), Ok(false));
        search
    };
    let mut search = halfway(&mut searcher, &world);
    searcher.search_world(&world, (1, 1, 1), (20, 3, 3), &jps).unwrap();
    assert_eq!(searcher.advance(&world, &mut search, 1), Ok(true), "begun again on the buffers another search took, and run whole");
    assert_eq!(search.result(), Some(&Searcher::default().search_world(&world, a, b, &jps).unwrap()));
    let mut search = halfway(&mut searcher, &world);
    for y in 0..24 {
        for z in 0..6 {
            world.set_blocked((12, y, z), true).unwrap();
        }
    }
    world.set_blocked((12, 0, 0), false).unwrap(); // one hole, away from the straight way
    assert_eq!(searcher.advance(&world, &mut search, usize::MAX), Err(SearchError::Stale), "went on through a wall put up meanwhile");
    let mut search = halfway(&mut searcher, &world);
    assert_eq!(searcher.advance(&world.clone(), &mut search, usize::MAX), Err(SearchError::Stale), "went on on a copy");
    assert_eq!(searcher.advance(&world, &mut search, usize::MAX), Ok(true));
    let path = search.result().unwrap().path.clone().unwrap();
    assert!(path.windows(2).all(|s| s[0].0.min(s[1].0) >= 12 || s[0].0.max(s[1].0) <= 12), "no step jumps the wall");
    assert!(path.iter().all(|&p| p.0 != 12 || p == (12, 0, 0)), "through the hole: {path:?}");
    // cluttered: A* answers, unless asked to jump always
    let mut rubble = VoxelGrid::new(30, 30, 8).unwrap();
    for i in 0..rubble.len() {
        if rng.unit() < 0.3 && i != 0 && i != rubble.len() - 1 {
            rubble.set_blocked(world_pos(&rubble, i), true).unwrap();
        }
    }
    let chosen = VoxelOptions { jump_always: false, ..jps };
    let astar = VoxelOptions { algorithm: Algorithm::AStar, ..jps };
    let mut answered_by =
        |options: &VoxelOptions| searcher.record(&rubble, (0, 0, 0), (29, 29, 7), options, usize::MAX).unwrap().answered_by;
    assert_eq!((answered_by(&chosen), answered_by(&jps)), (Algorithm::AStar, Algorithm::Jps));
    let mut search = searcher.start(&rubble, (0, 0, 0), (29, 29, 7), &chosen).unwrap();
    assert!(searcher.advance(&rubble, &mut search, usize::MAX).unwrap());
    assert_eq!(search.result().unwrap().cost, Searcher::default().search_world(&rubble, (0, 0, 0), (29, 29, 7), &astar).unwrap().cost);
}

/// 3D JPS answers a free direct line (every axis still short of the goal moved along at each
/// step) before any jump: nothing expanded, its moves legal, its cost the fly-26 estimate.
#[test]
fn jps_answers_a_free_direct_line_before_any_jump() {
    let world = VoxelGrid::new(20, 16, 8).unwrap();
    let jps = VoxelOptions { algorithm: Algorithm::Jps, ..Default::default() };
    let (a, b) = ((1, 2, 0), (18, 9, 5));
    let r = Searcher::default().search_world(&world, a, b, &jps).unwrap();
    let path = r.path.clone().unwrap();
    assert_eq!((r.expanded, path.len(), path[0], path[path.len() - 1]), (0, 18, a, b));
    let legal = oracle_path(&world, VoxelMoves::Fly26, &path).expect("legal moves");
    assert!(close(legal, VoxelMoves::Fly26.estimate(a, b)) && close(r.cost.unwrap(), legal));
}

/// When the diagonals-first line is blocked, 3D JPS tries the same moves in the other orders of
/// their three blocks (3D diagonals, 2D diagonals, straight moves): straight moves first goes
/// round a block on the first line's diagonals, with nothing expanded, at the estimate's cost.
/// With every order blocked it jumps, at A*'s cost.
#[test]
fn jps_answers_the_line_in_another_order_of_its_moves() {
    let mut world = VoxelGrid::new(20, 16, 8).unwrap();
    let jps = VoxelOptions { algorithm: Algorithm::Jps, ..Default::default() };
    let (a, b) = ((1, 2, 0), (18, 9, 5));
    let first = Searcher::default().search_world(&world, a, b, &jps).unwrap().path.unwrap();
    assert_eq!(first[3], (4, 5, 3), "three 3D diagonals in");
    world.set_blocked(first[3], true).unwrap();
    let r = Searcher::default().search_world(&world, a, b, &jps).unwrap();
    let path = r.path.clone().unwrap();
    assert_eq!((r.expanded, path.len(), path[0], path[path.len() - 1]), (0, 18, a, b), "{path:?}");
    assert_eq!(path[10], (11, 2, 0), "ten straight moves first");
    let legal = oracle_path(&world, VoxelMoves::Fly26, &path).expect("legal moves");
    assert!(close(legal, VoxelMoves::Fly26.estimate(a, b)) && close(r.cost.unwrap(), legal));
    // every order blocked: a wall across the x axis at 9, with a hole far off the lines
    for y in 0..16 {
        for z in 0..8 {
            world.set_blocked((9, y, z), (y, z) != (15, 7)).unwrap();
        }
    }
    let jumped = Searcher::default().search_world(&world, a, b, &jps).unwrap();
    let astar = Searcher::default().search_world(&world, a, b, &VoxelOptions::default()).unwrap();
    assert!(jumped.expanded > 0 && jumped.path.as_ref().unwrap().contains(&(9, 15, 7)));
    assert!(close(jumped.cost.unwrap(), astar.cost.unwrap()), "{:?} against A*'s {:?}", jumped.cost, astar.cost);
}

/// `Searcher::preprocess_world` makes 3D JPS's tables whole ahead of the searches: the same
/// answers as a fresh searcher's, and after an edit, on a copy and after an undo (the world
/// saved before the edit put back) the tables kept follow the world searched.
#[test]
fn a_world_preprocessed_for_jps_answers_as_a_fresh_searcher_across_edits() {
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    let jps = VoxelOptions { algorithm: Algorithm::Jps, jump_always: true, ..Default::default() };
    let mut world = VoxelGrid::new(24, 20, 10).unwrap();
    // slabs and pillars, so that most problems jump
    for _ in 0..14 {
        let (x, y, z) = (rng.below(20), rng.below(16), rng.below(10));
        for (dx, dy) in (0..5).flat_map(|a| (0..5).map(move |b| (a, b))) {
            world.set_blocked((x + dx.min(3), y + dy, z), true).unwrap();
        }
        (0..10).for_each(|z| world.set_blocked((rng.below(24), y, z), true).unwrap());
    }
    let free: Vec<Pos3> = (0..world.len()).map(|i| world_pos(&world, i)).filter(|&p| world.is_free(p)).collect();
    let problems: Vec<(Pos3, Pos3)> = (0..40).map(|_| (free[rng.below(free.len())], free[rng.below(free.len())])).collect();
    let mut kept = Searcher::default();
    kept.preprocess_world(&world, &jps);
    let check = |kept: &mut Searcher, world: &VoxelGrid, when: &str| {
        let mut jumped = 0;
        for &(a, b) in &problems {
            if world.is_blocked(a) || world.is_blocked(b) {
                continue;
            }
            let got = kept.search_world(world, a, b, &jps).unwrap();
            assert_eq!(got, Searcher::default().search_world(world, a, b, &jps).unwrap(), "{when}: {a:?} -> {b:?}");
            jumped += usize::from(got.expanded > 0);
        }
        assert!(jumped >= 10, "{when}: {jumped} problems jumped");
    };
    check(&mut kept, &world, "preprocessed");
    let saved = world.clone();
    // an edit on the first jumping problem's path
    let path =
        problems.iter().map(|&(a, b)| kept.search_world(&world, a, b, &jps).unwrap()).find(|r| r.expanded > 0).unwrap().path.unwrap();
    world.set_blocked(path[path.len() / 2], true).unwrap();
    check(&mut kept, &world, "after an edit");
    let mut copy = world.clone();
    copy.set_blocked(path[path.len() / 3], true).unwrap();
    check(&mut kept, &copy, "on an edited copy");
    kept.preprocess_world(&world, &jps);
    check(&mut kept, &saved, "after an undo");
}

/// The jump trace the step view shows is the last search's: after a search that jumped, one
/// answered by its direct line leaves an empty trace, and so does one whose goal is walled off.
#[test]
fn a_jump_trace_belongs_to_the_last_search() {
    let mut world = VoxelGrid::new(20, 16, 8).unwrap();
    for y in 0..15 {
        for z in 0..8 {
            world.set_blocked((10, y, z), true).unwrap();
        }
    }
    // a walled-off room in a corner
    for (x, y) in [(0, 14), (1, 14), (1, 15)] {
        for z in 0..8 {
            world.set_blocked((x, y, z), true).unwrap();
        }
    }
    let jps = VoxelOptions { algorithm: Algorithm::Jps, ..Default::default() };
    let mut searcher = Searcher::default();
    let around = searcher.search_world(&world, (2, 2, 0), (18, 2, 0), &jps).unwrap();
    assert!(around.expanded > 0 && !searcher.jump_trace(&world).expanded.is_empty());
    let direct = searcher.search_world(&world, (12, 2, 0), (18, 9, 5), &jps).unwrap();
    assert_eq!(direct.expanded, 0);
    let trace = searcher.jump_trace(&world);
    assert!(trace.expanded.is_empty() && trace.opened.is_empty(), "a direct line's trace: {:?}", trace.expanded);
    searcher.search_world(&world, (2, 2, 0), (18, 2, 0), &jps).unwrap();
    let walled = searcher.search_world(&world, (2, 2, 0), (0, 15, 0), &jps).unwrap();
    assert!(walled.cost.is_none());
    let trace = searcher.jump_trace(&world);
    assert!(trace.expanded.is_empty() && trace.opened.is_empty(), "a walled-off goal's trace: {:?}", trace.expanded);
}

/// A 3D JPS search under way is refused after an edit is undone (the world saved before the
/// edit put back, as the game's undo does): the restored world is another world to it. Begun
/// again there, it answers as a whole search.
#[test]
fn a_jump_search_under_way_is_refused_after_an_undo() {
    let mut world = VoxelGrid::new(24, 24, 6).unwrap();
    // on the direct lines, diagonals first and last
    world.set_blocked((10, 10, 5), true).unwrap();
    world.set_blocked((10, 10, 0), true).unwrap();
    let jps = VoxelOptions { algorithm: Algorithm::Jps, jump_always: true, ..Default::default() };
    let (a, b) = ((0, 0, 0), (23, 23, 5));
    let mut searcher = Searcher::default();
    let mut search = searcher.start(&world, a, b, &jps).unwrap();
    assert_eq!(searcher.advance(&world, &mut search, 1), Ok(false), "under way");
    let saved = world.clone();
    world.set_blocked((5, 20, 2), true).unwrap();
    world = saved;
    assert_eq!(searcher.advance(&world, &mut search, usize::MAX), Err(SearchError::Stale), "went on after an undo");
    let mut search = searcher.start(&world, a, b, &jps).unwrap();
    assert_eq!(searcher.advance(&world, &mut search, usize::MAX), Ok(true));
    assert_eq!(search.result(), Some(&Searcher::default().search_world(&world, a, b, &jps).unwrap()));
}

// ---------------------------------------------------------------- records in pages

/// The step view lists open voxels while a world search is under way, each one the search
/// knows as open.
#[test]
fn the_world_step_view_lists_its_open_voxels_mid_search() {
    let world = generate_world(WorldKind::Caves, (16, 16, 8), 2).unwrap();
    let open: Vec<Pos3> = (0..world.len()).map(|i| world_pos(&world, i)).filter(|&p| world.is_free(p)).collect();
    let mut s = Searcher::default();
    let mut run = s.steps_world(&world, open[0], open[open.len() - 1], &VoxelOptions::default()).unwrap();
    for _ in 0..5 {
        run.step();
    }
    let listed = run.open_voxels();
    assert!(!listed.is_empty(), "open voxels listed mid-search");
    for p in listed {
        assert_eq!(run.info(p).unwrap().state, CellState::Open);
    }
    assert!(!run.is_finished());
    assert_eq!(run.closed_voxels().len(), run.expanded());
}

/// World searches wrap the stamp they share with the board's records: the board searches
/// after them answer as a fresh searcher's do (the board's records, marked with the old
/// stamps, are made anew).
#[test]
fn board_searches_after_world_searches_wrapped_the_stamp_answer_as_fresh() {
    let world = generate_world(WorldKind::Caves, (12, 12, 6), 9).unwrap();
    let open: Vec<Pos3> = (0..world.len()).map(|i| world_pos(&world, i)).filter(|&p| world.is_free(p)).collect();
    let grid = generate_maze(MazeKind::Rooms, 40, 40, 3).unwrap();
    let free: Vec<Pos> = (0..40).flat_map(|y| (0..40).map(move |x| (x, y))).filter(|&p| grid.is_passable(p.0, p.1)).collect();
    let mut s = Searcher::default();
    let opts = SearchOptions::default();
    // board searches at the first stamps leave their marks
    for k in 0..6 {
        s.search(&grid, free[k * 13 % free.len()], free[(k * 71 + 5) % free.len()], &opts).unwrap();
    }
    s.set_generation((u32::MAX >> 1) - 1);
    for k in 0..3 {
        s.search_world(&world, open[k], open[open.len() - 1 - k], &VoxelOptions::default()).unwrap();
    }
    for k in 0..10 {
        let (a, b) = (free[k * 37 % free.len()], free[(k * 101 + 7) % free.len()]);
        assert_eq!(s.search(&grid, a, b, &opts).unwrap(), Searcher::default().search(&grid, a, b, &opts).unwrap(), "board search {k}");
    }
}

/// A* and Dijkstra on many small random worlds (dense enough that a queued voxel is often
/// reached more cheaply, and its entry moved) under fly-26, fly-6 and walking, all on one
/// searcher: every cost is the oracle's.
#[test]
fn best_first_searches_on_many_small_worlds_cost_what_the_oracle_says() {
    let mut rng = Rng(0xA0D17);
    let mut s = Searcher::default();
    let mut checked = 0;
    for round in 0..300 {
        let (w, h, d) = (3 + rng.below(10), 3 + rng.below(10), 1 + rng.below(6));
        let mut world = VoxelGrid::new(w, h, d).unwrap();
        let density = rng.below(45);
        for i in 0..world.len() {
            if rng.below(100) < density {
                world.set_blocked(world_pos(&world, i), true).unwrap();
            }
        }
        for moves in [VoxelMoves::Fly26, VoxelMoves::Fly6, VoxelMoves::Walk] {
            let ends: Vec<Pos3> = (0..world.len()).map(|i| world_pos(&world, i)).filter(|&p| moves.may_stand(&world, p)).collect();
            if ends.len() < 2 {
                continue; // (counted below: most rounds have ends)
            }
            let from = ends[rng.below(ends.len())];
            let truth = oracle_from(&world, moves, from);
            for _ in 0..8 {
                let to = ends[rng.below(ends.len())];
                let want = truth[world.index(to)];
                for algorithm in [Algorithm::AStar, Algorithm::Dijkstra] {
                    let r = s.search_world(&world, from, to, &VoxelOptions { algorithm, moves, ..Default::default() }).unwrap();
                    match r.cost {
                        Some(c) => assert!(close(c, want), "round {round} {moves:?} {algorithm}: {from:?} to {to:?}: {c} against {want}"),
                        None => assert!(want.is_infinite(), "round {round} {moves:?} {algorithm}: no path, the oracle {want}"),
                    }
                    checked += 1;
                }
            }
        }
    }
    assert!(checked > 12_000, "{checked} searches checked");
}
