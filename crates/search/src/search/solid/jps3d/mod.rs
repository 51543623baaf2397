//! Jump Point Search on voxel worlds under fly-26 (no corner or edge cutting): A* over jump
//! points, each reached by a jump along one of the 26 directions.
//!
//! **Canonical paths.** Arriving at voxel `n` from `p = n - d`, the *natural* directions are
//! `d`'s sub-directions (the directions that keep some of `d`'s nonzero coordinates, with their
//! signs, and zero the rest: 7 for a 3D diagonal, 3 for a 2D one, 1 for a straight move): more
//! diagonal moves come first. Any other direction `e` is *forced* at `n` when its move is legal
//! and no *dominating* path from `p` to `n + e` that avoids `n` is free among the 27 voxels
//! around `n`: one strictly cheaper than `p, n, n + e`, or one of the same cost whose moves keep
//! to sub-directions of each other (more diagonal first). The dominating paths of every `(d,
//! e)` (up to three moves) are listed once, as masks of the voxels they need free.
//!
//! **Why it is optimal.** Take an optimal path and a turn `p -> n -> n + e` on it to a direction
//! that is neither natural nor forced: a dominating path is free; a strictly cheaper one cannot
//! be (the path is optimal), so one of the same cost is, with the same moves (1, sqrt 2 and
//! sqrt 3 are independent over the rationals, so equal sums have equal counts of each) and its
//! first move more diagonal than `d` (two moves of one degree whose second is a sub-direction
//! of the first are the same move, which cannot reach `n + e`). Putting it in raises the
//! sequence of the path's move degrees lexicographically, which can happen only finitely often:
//! some optimal path turns only to natural or forced directions. The jumps stop at every voxel
//! with a forced direction, at the goal, and (on a 2D diagonal) wherever a jump along a
//! sub-direction stops, so A* over the jump points finds such a path; a 3D diagonal jump stops
//! after its first move (stopping more often only adds jump points, each expanded with the same
//! natural and forced directions as it was passed through with). The tests check the costs
//! against a Dijkstra written from the move rules on random worlds.
//!
//! **Jumps wait.** Expanding a jump point does not make its jumps: each (jump point,
//! direction) goes on the open list, keyed by the f of the jump's first voxel, and the jump is
//! made when that comes off the list. Every jump point the jump finds lies on a path through
//! that voxel, so (the estimate being consistent) its f is at least the key, and A*'s order and
//! optimality are kept; the jumps whose key exceeds the optimal cost, most of those leading
//! away from the goal, are never made at all.
//!
//! **Reading the world.** The jumps read [`VoxelBits`]: the world's free voxels as bit rows
//! along each axis, made on the first search of a world and kept in the searcher until it
//! changes. A straight jump tests a word of its line at a time and looks for forced directions
//! only where a row beside the line turns from blocked to free (see [`Jumper::jump`]).

use std::sync::OnceLock;

use crate::search::core::index_map::IndexMap;
use crate::search::core::open_list::{Entry, NONE, Node};
use crate::search::core::searcher::Searcher;
use crate::search::solid::kept::WorldParts;
use crate::world::Pos3;
use crate::world::bits::{At, VoxelBits};
use crate::world::voxel::{VoxelGrid, VoxelMoves};
use buffers::{Batch, Buffers, Run, Task};
use straight::Straight;

/// The open list's mark of a waiting jump rather than a jump point (voxel indices stay below
/// 2^27).
const TASK: u32 = 1 << 31;

/// The centre of the 3 x 3 x 3 block: the voxel itself.
const CENTRE: usize = 13;

/// A direction's offset `(dx, dy, dz)` from its number in the block, `(dz+1)*9 + (dy+1)*3 + (dx+1)`.
#[inline]
fn offset(k: usize) -> [i32; 3] {
    OFFSETS[k]
}

const OFFSETS: [[i32; 3]; 27] = {
    let mut out = [[0; 3]; 27];
    let mut k = 0;
    while k < 27 {
        out[k] = [(k % 3) as i32 - 1, (k / 3 % 3) as i32 - 1, (k / 9) as i32 - 1];
        k += 1;
    }
    out
};

/// A block offset's number, if inside the block.
fn number(o: [i32; 3]) -> Option<usize> {
    o.iter().all(|v| (-1..=1).contains(v)).then(|| ((o[2] + 1) * 9 + (o[1] + 1) * 3 + o[0] + 1) as usize)
}

/// The voxels (bits of the block around `from`) that a move from `from` along `d` spans.
fn box_mask(from: [i32; 3], d: [i32; 3]) -> Option<u32> {
    let mut mask = 0;
    for corner in 0..8 {
        let v: [i32; 3] = std::array::from_fn(|a| from[a] + if corner >> a & 1 == 1 { d[a] } else { 0 });
        mask |= 1 << number(v)?;
    }
    Some(mask)
}

/// Each direction's degree (its nonzero coordinates) and the cost of its move, by number.
const DEGREES: [usize; 27] = {
    let mut out = [0; 27];
    let mut k = 0;
    while k < 27 {
        out[k] = (k % 3 != 1) as usize + (k / 3 % 3 != 1) as usize + (k / 9 != 1) as usize;
        k += 1;
    }
    out
};

/// The cost of a move along direction `k` (1, sqrt 2 or sqrt 3).
#[inline]
fn move_cost(k: usize) -> f64 {
    VoxelMoves::fly_cost(DEGREES[k])
}

/// Whether `e` keeps some of `d`'s nonzero coordinates, with their signs, and zeroes the rest.
fn is_sub(e: [i32; 3], d: [i32; 3]) -> bool {
    e != [0; 3] && (0..3).all(|a| e[a] == 0 || e[a] == d[a])
}

/// What the jumps need to know of each direction, worked out once.
struct Rules {
    /// The voxels a move along each direction spans, around the voxel moved from.
    boxes: [u32; 27],
    /// Each direction's sub-directions, itself first.
    natural: Vec<Vec<usize>>,
    /// For each arrival direction, the other directions with the masks of their dominating
    /// paths (any one free prunes the direction).
    others: Vec<Vec<(usize, Vec<u32>)>>,
    /// For each arrival direction, every voxel its forced-direction test reads, and whether
    /// all of them free means no forced direction.
    quiet: Vec<(u32, bool)>,
}

fn rules() -> &'static Rules {
    static RULES: OnceLock<Rules> = OnceLock::new();
    RULES.get_or_init(make_rules)
}

fn make_rules() -> Rules {
    let dirs: Vec<usize> = (0..27).filter(|&k| k != CENTRE).collect();
    let boxes: [u32; 27] = std::array::from_fn(|k| if k == CENTRE { 0 } else { box_mask([0; 3], offset(k)).expect("inside") });
    let mut natural = vec![Vec::new(); 27];
    let mut others = vec![Vec::new(); 27];
    let mut quiet = vec![(0, true); 27];
    let block = Block::new();
    for &d in &dirs {
        let od = offset(d);
        natural[d] = std::iter::once(d).chain(dirs.iter().copied().filter(|&e| e != d && is_sub(offset(e), od))).collect();
        for &e in &dirs {
            let oe = offset(e);
            if is_sub(oe, od) || (0..3).all(|a| oe[a] == -od[a]) {
                continue;
            }
            let p = number(od.map(|v| -v)).expect("inside");
            let target = move_cost(d) + move_cost(e);
            let mut masks = Vec::new();
            dominating(&block, (p, e), target, (1 << p, 0), &mut Vec::new(), &mut masks);
            // keep the smallest sets of voxels (many paths need the same ones)
            masks.sort_unstable();
            masks.dedup();
            masks.sort_by_key(|m: &u32| m.count_ones());
            let mut kept: Vec<u32> = Vec::new();
            for m in masks {
                if !kept.iter().any(|&k| covers(m, k)) {
                    kept.push(m);
                }
            }
            let q = &mut quiet[d];
            q.0 |= boxes[e] | kept.iter().fold(0, |a, m| a | m);
            q.1 &= !kept.is_empty();
            others[d].push((e, kept));
        }
    }
    Rules { boxes, natural, others, quiet }
}

/// The moves inside the 3 x 3 x 3 block, worked out once for [`dominating`].
struct Block {
    /// From each voxel of the block along each direction: the voxel reached and the voxels the
    /// move spans, when both are inside the block.
    step: [[Option<(usize, u32)>; 27]; 27],
    /// The least cost between two voxels of the block with nothing in the way (3D octile).
    least: [[f64; 27]; 27],
}

impl Block {
    fn new() -> Block {
        let step = std::array::from_fn(|at| {
            std::array::from_fn(|k| {
                let (a, d) = (offset(at), offset(k));
                let next = number([a[0] + d[0], a[1] + d[1], a[2] + d[2]])?;
                (k != CENTRE).then_some(())?;
                Some((next, box_mask(a, d)?))
            })
        });
        let least = std::array::from_fn(|a| {
            std::array::from_fn(|b| {
                let (p, q) = (offset(a), offset(b));
                let p = (p[0] as usize + 1, p[1] as usize + 1, p[2] as usize + 1);
                let q = (q[0] as usize + 1, q[1] as usize + 1, q[2] as usize + 1);
                VoxelMoves::Fly26.estimate(p, q)
            })
        });
        Block { step, least }
    }
}

/// Lists the masks of the paths from `at` to `to` in the block (voxels by their numbers),
/// avoiding its centre, with at most three moves, that dominate a path of cost `target` (see
/// the module documentation); `seen` the voxels on the path so far, `moves` its moves, `mask`
/// the voxels they span and `cost` theirs.
fn dominating(b: &Block, (at, to): (usize, usize), target: f64, (seen, mask): (u32, u32), moves: &mut Vec<usize>, out: &mut Vec<u32>) {
    let cost: f64 = moves.iter().map(|&k| move_cost(k)).sum();
    if at == to {
        let canonical = moves.windows(2).all(|w| is_sub(offset(w[1]), offset(w[0])));
        if cost < target - 1e-9 || ((cost - target).abs() < 1e-9 && canonical) {
            out.push(mask);
        }
        return;
    }
    if moves.len() == 3 {
        return;
    }
    for k in (0..27).filter(|&k| k != CENTRE) {
        let Some((next, spans)) = b.step[at][k] else { continue };
        let c = cost + move_cost(k);
        if next == CENTRE || seen >> next & 1 == 1 || c + b.least[next][to] > target + 1e-9 {
            continue;
        }
        moves.push(k);
        dominating(b, (next, to), target, (seen | 1 << next, mask | spans), moves, out);
        moves.pop();
    }
}

/// Whether every voxel of `mask` is in `set`.
#[inline]
fn covers(set: u32, mask: u32) -> bool {
    set & mask == mask
}

/// Whether a voxel reached along `d` has no forced direction because every voxel its test
/// reads is free (`free`: the free voxels around it), where that settles it.
#[inline]
fn quiet(r: &Rules, d: usize, free: u32) -> bool {
    let (reads, all_pruned) = r.quiet[d];
    all_pruned && covers(free, reads)
}

/// The forced directions at a voxel reached along `d`, with `free` the free voxels around
/// it, as a set of direction numbers.
fn forced_set(r: &Rules, d: usize, free: u32) -> u32 {
    if quiet(r, d, free) {
        return 0;
    }
    r.others[d]
        .iter()
        .filter(|(e, masks)| covers(free, r.boxes[*e]) && !masks.iter().any(|&m| covers(free, m)))
        .fold(0, |set, (e, _)| set | 1 << e)
}

/// [`forced_set`] remembered, in a table of `MEMO` slots kept in the searcher: the forced
/// directions are a function of the arrival direction and the free voxels around and
/// nothing else (no world, no search), so a slot is never stale. Near obstacles the test
/// reads up to 24 directions' dominating paths, and the same few neighbourhoods come back
/// (a pillar's corner, a slab's edge) all along a search.
struct Memo(Vec<u64>);

/// The memo's slots (64 KiB).
const MEMO: usize = 1 << 13;

impl Memo {
    fn forced(&mut self, r: &Rules, d: usize, free: u32) -> u32 {
        if quiet(r, d, free) {
            return 0;
        }
        // the key, `free`'s 27 bits and `d`'s 5, never all ones (`d` < 27): an empty slot's
        let key = u64::from(free << 5 | d as u32);
        let slot = (key.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> (64 - MEMO.trailing_zeros())) as usize;
        let known = self.0[slot];
        if known >> 32 == key {
            return known as u32;
        }
        let set = forced_set(r, d, free);
        self.0[slot] = key << 32 | u64::from(set);
        set
    }
}

/// One search's view of the world: the jumps.
struct Jumper<'a> {
    bits: &'a VoxelBits,
    rules: &'static Rules,
    goal: At,
    memo: Memo,
    /// The straight jumps, read instead of scanned (on worlds small enough to have them).
    straight: Option<Straight>,
}

impl Jumper<'_> {
    /// The next jump point from `from` along `d` (whose first move is legal), and the moves to
    /// it. A straight jump reads its line a word at a time and tests for forced directions only
    /// where a voxel beside it turns from blocked to free: elsewhere each voxel beside the line
    /// that is free was free beside the voxel before, so every move off the line has the
    /// dominating path that starts beside it (one move shorter or as long and more diagonal
    /// first), as the forced test would find.
    fn jump(&mut self, from: At, d: usize) -> Option<(At, usize)> {
        let o = offset(d);
        if DEGREES[d] == 1 {
            // the axis it moves along, and the other two
            let a = usize::from(o[0] == 0) + usize::from(o[0] == 0 && o[1] == 0);
            let (b, c) = ([1, 2, 0][a], [2, 0, 1][a]);
            let also = (self.goal[b] == from[b] && self.goal[c] == from[c]).then_some(self.goal[a]);
            if let Some(table) = self.straight.as_mut() {
                let (rules, memo) = (self.rules, &mut self.memo);
                return table.jump((self.bits, &mut |d, free| memo.forced(rules, d, free)), from, (a, o[a] > 0), also);
            }
            let (goal, bits, rules, memo) = (self.goal, self.bits, self.rules, &mut self.memo);
            let stop = |k: usize| {
                let mut q = from;
                q[a] = k;
                q == goal || memo.forced(rules, d, bits.around(q)) != 0
            };
            let k = self.bits.scan(a, from, o[a] > 0, also, stop)?;
            let mut q = from;
            q[a] = k;
            return Some((q, k.abs_diff(from[a])));
        }
        if DEGREES[d] == 3 {
            // a 3D diagonal stops after one move: sweeping the planes of its 2D sub-jumps
            // nearly always stopped it there anyway (the same jump points are expanded on the
            // benchmark's worlds), and the voxel's own jumps wait on the open list
            let at = std::array::from_fn(|a| from[a].wrapping_add_signed(o[a] as isize));
            return Some((at, 1));
        }
        let subs = &self.rules.natural[d][1..];
        let (mut at, mut n) = (from, 0);
        loop {
            at = std::array::from_fn(|a| at[a].wrapping_add_signed(o[a] as isize));
            n += 1;
            if at == self.goal {
                return Some((at, n));
            }
            let free = self.bits.around(at);
            if self.memo.forced(self.rules, d, free) != 0 {
                return Some((at, n));
            }
            // a diagonal stops where a jump along one of its sub-directions stops
            for &s in subs {
                if free & self.rules.boxes[s] == self.rules.boxes[s] && self.jump(at, s).is_some() {
                    return Some((at, n));
                }
            }
            if free & self.rules.boxes[d] != self.rules.boxes[d] {
                return None;
            }
        }
    }
}

/// The direction from `a` to `b` along one of the 26 (they are on one jump's line).
fn direction(a: Pos3, b: Pos3) -> usize {
    let s = |x: usize, y: usize| (y as isize - x as isize).signum() as i32;
    number([s(a.0, b.0), s(a.1, b.1), s(a.2, b.2)]).expect("a unit direction")
}

/// What the jumps read, taken out of the searcher: the kept bit rows and straight-jump table,
/// brought up to date around the voxels changed since, or made anew (the table empty, its
/// lines filled as jumps need them), and the remembered forced directions.
fn kept_tables(s: &mut Searcher, world: &VoxelGrid) -> (VoxelBits, Memo, Option<Straight>) {
    let bits = match s.kept.slot::<WorldParts>().voxel_bits.take() {
        Some(mut kept) => match kept.update(world) {
            true => kept,
            false => VoxelBits::new(world),
        },
        None => VoxelBits::new(world),
    };
    let mut memo = Memo(std::mem::take(&mut s.kept.slot::<Buffers>().memo));
    memo.0.resize(MEMO, u64::MAX);
    let straight = match s.kept.slot::<Buffers>().straight.take() {
        Some(mut kept) => match kept.update(world) {
            true => Some(kept),
            false => Straight::new(world),
        },
        None => Straight::new(world),
    };
    (bits, memo, straight)
}

/// Makes ahead what 3D JPS's searches of `world` read (see [`Searcher::preprocess_world`]):
/// the bit rows, and the straight-jump table with every line filled.
pub(crate) fn prepare(s: &mut Searcher, world: &VoxelGrid) {
    let (bits, mut memo, mut straight) = kept_tables(s, world);
    if let Some(table) = straight.as_mut() {
        let rules = rules();
        table.fill_all((&bits, &mut |d, free| memo.forced(rules, d, free)));
    }
    let b = s.kept.slot::<Buffers>();
    (b.memo, b.straight) = (memo.0, straight);
    s.kept.slot::<WorldParts>().voxel_bits = Some(bits);
}

/// Goes on with `run` for up to `n` more expansions; returns whether it has ended (then
/// `run.result` holds its result). The expanded jump points' indices are kept in the
/// searcher (`jps3d.expanded`), and the jump points put on the open list first with the
/// expansion that did (`jps3d.opened`), for [`Searcher::jump_trace`] and the tests. `run` must
/// be the search the searcher's buffers hold, on `world` as it began.
// Long: the A* loop over jump points: the pop, the goal, the directions and the relaxation
// share the open list, the counters and the nodes, which a split would pass around.
pub(crate) fn advance(s: &mut Searcher, world: &VoxelGrid, run: &mut Run, n: usize) -> bool {
    if run.result.is_some() {
        return true;
    }
    debug_assert!(run.generation == s.kept.slot::<Buffers>().generation && run.world == world.version(), "the search the buffers hold");
    let ((_, goal), weight, plan) = (run.ends, run.weight, run.plan);
    let (bits, memo, straight) = kept_tables(s, world);
    let at = |p: Pos3| [p.0 + 1, p.1 + 1, p.2 + 1];
    let mut jumper = Jumper { bits: &bits, rules: rules(), goal: at(goal), memo, straight };
    // the estimate at a voxel given in the bit rows' (bordered) coordinates
    let h = |q: At| VoxelMoves::Fly26.estimate((q[0] - 1, q[1] - 1, q[2] - 1), goal) * weight;
    let gi = world.index(goal) as u32;
    let b = s.kept.slot::<Buffers>();
    let (mut expanded, (mut pushed, mut improved)) = (run.expanded, run.counts);
    let until = expanded.saturating_add(n);
    let mut result = plan.nothing();
    let mut ended = true;
    loop {
        if expanded >= until {
            ended = false;
            break;
        }
        let Some(e) = b.open.pop() else { break };
        if e.idx() & TASK != 0 {
            // an expansion's jumps, cheapest key first, wait as one batch: only the next one
            // of each batch is on the open list, so the list stays about as long as in A*
            let batch = &mut b.batches[(e.idx() & !TASK) as usize];
            let d = b.tasks[batch.next as usize].d as usize;
            batch.next += 1;
            if batch.next < batch.end {
                b.open.push(b.tasks[batch.next as usize].key);
            }
            let (from, g0, i, by) = (batch.from, batch.g, batch.node, batch.by);
            let Some((q, n)) = jumper.jump(from, d) else { continue };
            let j = bits.index(q) as u32;
            let g = g0 + n as f64 * move_cost(d);
            // `mark`: the direction it is reached along, shifted past the closed bit
            let node = Node { g, parent: i, mark: (d as u32) << 1 };
            match b.nodes.entry(j) {
                std::collections::hash_map::Entry::Occupied(mut known) => {
                    let k = known.get();
                    if k.mark & 1 == 1 || k.g <= g {
                        continue;
                    }
                    improved += 1;
                    known.insert(node);
                }
                std::collections::hash_map::Entry::Vacant(slot) => {
                    pushed += 1;
                    b.opened.push((j, by));
                    slot.insert(node);
                }
            }
            b.open.push(Entry::new(g + h(q), g, j));
            continue;
        }
        let i = e.idx();
        let node = b.nodes.get_mut(&i).expect("pushed");
        if node.mark & 1 == 1 {
            continue;
        }
        node.mark |= 1;
        let node = *node;
        // the goal taken off the open list ends the search unexpanded, as in A*
        if i == gi {
            result.path = Some(fill_path(&b.nodes, world, gi));
            result.cost = Some(node.g);
            break;
        }
        expanded += 1;
        b.expanded.push(i);
        if plan.limit.is_some_and(|l| expanded >= l) {
            result.stopped = true;
            break;
        }
        let here = at(world.pos(i as usize));
        let free = bits.around(here);
        b.dirs.clear();
        if node.parent == NONE {
            b.dirs.extend((0..27).filter(|&k| k != CENTRE));
        } else {
            let d = (node.mark >> 1) as usize;
            b.dirs.extend_from_slice(&jumper.rules.natural[d]);
            let mut set = jumper.memo.forced(jumper.rules, d, free);
            while set != 0 {
                b.dirs.push(set.trailing_zeros() as usize);
                set &= set - 1;
            }
        }
        // each jump waits on the open list, keyed by the f of its first voxel: every jump
        // point it finds lies on a path through that voxel, so (the estimate being consistent)
        // has an f at least as large; the jumps away from the goal are never made when the
        // goal comes off the list first
        let begin = b.tasks.len();
        let batch = TASK | b.batches.len() as u32;
        for &d in &b.dirs {
            if !covers(free, jumper.rules.boxes[d]) {
                continue;
            }
            let o = offset(d);
            let first: At = std::array::from_fn(|a| here[a].wrapping_add_signed(o[a] as isize));
            let g1 = node.g + move_cost(d);
            b.tasks.push(Task { key: Entry::new(g1 + h(first), g1, batch), d: d as u8 });
        }
        if b.tasks.len() > begin {
            // the open list's order: the greatest entry first
            b.tasks[begin..].sort_unstable_by_key(|t| std::cmp::Reverse(t.key));
            b.open.push(b.tasks[begin].key);
            let (next, end) = (begin as u32, b.tasks.len() as u32);
            b.batches.push(Batch { from: here, g: node.g, node: i, by: expanded as u32, next, end });
        }
    }
    (b.memo, b.straight) = (jumper.memo.0, jumper.straight);
    s.kept.slot::<WorldParts>().voxel_bits = Some(bits);
    (run.expanded, run.counts) = (expanded, (pushed, improved));
    if ended {
        (result.expanded, result.pushed, result.improved) = (expanded, pushed, improved);
        run.result = Some(result);
    }
    ended
}

/// What a 3D Jump Point Search did, an expansion at a time (see [`Searcher::jump_trace`]).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct JumpTrace {
    /// The jump points expanded, in order.
    pub expanded: Vec<Pos3>,
    /// Each jump point put on the open list (the first time only) with the expansion that did:
    /// 0 for the start, `k + 1` for `expanded[k]`; in that order.
    pub opened: Vec<(Pos3, usize)>,
}

impl Searcher {
    /// What the last search with [`Algorithm::Jps`](crate::search::Algorithm::Jps) on a voxel world
    /// did, read in `world` (the world it searched): the jump points it expanded and those it
    /// put on the open list; empty before any. The other algorithms show their work an
    /// expansion at a time through [`Searcher::steps_world`]; JPS runs whole, so this is how
    /// its expansions are shown.
    ///
    /// ```
    /// use cubepath_search::{search::{Algorithm, Searcher, VoxelOptions}, world::VoxelGrid};
    /// let mut world = VoxelGrid::new(6, 6, 3).unwrap();
    /// // on the direct lines (diagonals first, and last), which would answer at once
    /// world.set_blocked((3, 3, 2), true).unwrap();
    /// world.set_blocked((3, 3, 0), true).unwrap();
    /// let mut searcher = Searcher::default();
    /// let jps = VoxelOptions { algorithm: Algorithm::Jps, ..VoxelOptions::default() };
    /// let found = searcher.search_world(&world, (0, 0, 0), (5, 5, 2), &jps).unwrap();
    /// let trace = searcher.jump_trace(&world);
    /// assert_eq!(trace.expanded.len(), found.expanded);
    /// assert_eq!((trace.expanded[0], trace.opened[0]), ((0, 0, 0), ((0, 0, 0), 0)));
    /// // every jump point is opened before it is expanded
    /// assert!(trace.expanded.iter().enumerate().all(|(k, p)| trace.opened.iter().any(|(q, by)| q == p && *by <= k)));
    /// ```
    pub fn jump_trace(&self, world: &VoxelGrid) -> JumpTrace {
        let at = |i: u32| world.pos(i as usize);
        let Some(b) = self.kept.peek::<Buffers>() else { return JumpTrace::default() };
        JumpTrace {
            expanded: b.expanded.iter().map(|&i| at(i)).collect(),
            opened: b.opened.iter().map(|&(i, by)| (at(i), by as usize)).collect(),
        }
    }
}

/// The path to `goal` through its jump points, every voxel between them filled in.
fn fill_path(nodes: &IndexMap<Node>, world: &VoxelGrid, goal: u32) -> Vec<Pos3> {
    let mut points = vec![goal as usize];
    while let Some(&last) = points.last() {
        match nodes[&(last as u32)].parent {
            NONE => break,
            p => points.push(p as usize),
        }
    }
    points.reverse();
    let mut path = vec![world.pos(points[0])];
    for pair in points.windows(2) {
        let (a, b) = (world.pos(pair[0]), world.pos(pair[1]));
        let o = offset(direction(a, b));
        let n = a.0.abs_diff(b.0).max(a.1.abs_diff(b.1)).max(a.2.abs_diff(b.2));
        for k in 1..=n as isize {
            let at = |v: usize, d: i32| (v as isize + d as isize * k) as usize;
            path.push((at(a.0, o[0]), at(a.1, o[1]), at(a.2, o[2])));
        }
    }
    path
}

pub(crate) mod buffers;
pub(crate) mod sliced;
mod straight;
#[cfg(test)]
mod tests;
