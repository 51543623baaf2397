//! A repaired hierarchy mended in its own order: each vertex keeps its rank (new vertices are
//! ranked below every old one), and only the vertices whose contraction may now differ are
//! contracted again, lowest first, each with witness searches only for the pairs of its
//! neighbours that need one. What they change in the edges above them marks the vertices
//! there, and so on up; a change that makes no difference stops.
//!
//! # What a hierarchy must hold
//! Let every edge kept (the graph's own, or a shortcut over a vertex) stand for a path of its
//! cost. The hierarchy answers every query exactly when, for every vertex `v` and every two
//! of its upward neighbours `a` and `b`, some path of kept edges among the vertices ranked
//! above `v` joins them at most as dear as `a -> v -> b` (a *witness*, which may be a
//! shortcut over `v` itself). Then any shortest path of the graph can be made, valley by
//! valley (its lowest vertex lower than both its neighbours replaced by that witness), into
//! one that only climbs then only descends, at no more cost: what the query searches.
//!
//! # The mending
//! 1. **Broken edges out first.** Every kept edge whose path is broken goes: the graph's edges
//!    the repair takes out, those with an end taken out, and every shortcut with a broken half
//!    (by middles in the order of contraction). The vertices that kept them are marked.
//! 2. **New edges in.** The graph's new edges are kept (each at its earlier end, which is
//!    marked), and the new vertices marked.
//! 3. **Marked vertices contracted again**, lowest first. For each two upward neighbours `a`,
//!    `b` of a marked vertex `v`:
//!    - a shortcut over `v` kept between them stays, at the cost of its halves now (its path
//!      is unbroken: a broken one went in step 1);
//!    - else when `v`'s edges to `a` and `b` are those it had, and no newly blocked cell's box
//!      lies in their ellipse or no edge taken out in step 1 can lie on a path between them as
//!      cheap as `a -> v -> b` (its ends are not both ranked above `v`, where a witness runs,
//!      or the octile distances from `a` and `b` to its ends, plus its cost, come to more;
//!      tested when step 1 took out at most [`GONE_CHECKED`] edges), nothing is done: the old
//!      witness is still there (below);
//!    - else when an edge kept between `a` and `b` costs no more than `a -> v -> b`, nothing is
//!      done: that edge is a witness;
//!    - else a witness search among the vertices above `v` decides (a shortcut when it finds
//!      none within its limit), and a shortcut is kept where it is cheaper than the edge there;
//!      first, two kept edges through one vertex above `v`, no dearer than `a -> v -> b`, are
//!      a witness found without a search (most witnesses are, on rooms and open maps).
//!
//!    An edge set or made cheaper marks the vertex that keeps it: always one ranked above `v`.
//!
//! # Why every vertex ends with its witnesses
//! After step 1, edges are only added or made cheaper, so a witness found stays one: a vertex
//! contracted in step 3 keeps what it finds, whatever comes after. A vertex not marked, or a
//! pair left alone, had a witness in the old hierarchy. That witness stood for a path of at
//! most `a -> v -> b`'s cost, so every cell of it lies in the pair's ellipse; if it used an
//! edge broken in step 1, the broken path's cell (a newly blocked one, or beside one) lies
//! there too, and the repair's witness seeds marked `v`. Marked, the pair is searched again
//! unless no broken edge fits on so cheap a path (no path is shorter than the octile
//! distance, so a witness through the edge `x - y` costs at least the octile distance from
//! `a` to one end, the edge, and the octile distance from the other end to `b`). Otherwise
//! each of its edges is still kept, or a cheaper one between the same vertices.

use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashSet};

use super::NONE;
use super::contract::{Downward, EPS, Upward, WITNESS_LIMIT};
use super::lists::{Fill, Lists, downward, relist};

/// Up to how many broken edges a marked vertex's pair is tested against one by one (past it,
/// the blocked cells' boxes alone decide whether the pair is searched again).
const GONE_CHECKED: usize = 256;

/// Marks a vertex whose edges were not copied unchanged from the old hierarchy.
const MOVED: i64 = i64::MIN;

/// One vertex's upward edge: target, cost, middle (`NONE` for the graph's own).
type Edge = (u32, f64, u32);

/// The hierarchy while a repair mends it: the old one, and per vertex changed its upward edges
/// (one per target) and the edges reaching it from earlier vertices (source, cost), copied
/// from the old hierarchy when first changed.
pub(crate) struct Mend<'a> {
    old: &'a Upward,
    /// How many vertices the old hierarchy had (the new ones are numbered after).
    before: usize,
    rank: Vec<u32>,
    /// The old vertices in the old order of contraction.
    by_rank: Vec<u32>,
    up: Lists<Edge>,
    down: Lists<(u32, f64)>,
    /// The old hierarchy's edges reaching each vertex from earlier ones: the one it kept
    /// from its own mending, or made here.
    old_down: std::borrow::Cow<'a, Downward>,
    /// Marked vertices by rank, lowest first, each once.
    marked: BinaryHeap<Reverse<(u32, u32)>>,
    queued: Vec<bool>,
    /// Vertices whose witnesses a newly blocked cell may have broken.
    near_blocked: Vec<bool>,
    /// The octile distance between two vertices' cells: no path between them is shorter.
    octile: Box<dyn Fn(u32, u32) -> f64 + 'a>,
    /// Whether a newly blocked cell's box lies within the ellipse of two vertices, for a cost.
    near_box: Box<dyn Fn(u32, u32, f64) -> bool + 'a>,
    /// The old hierarchy's edges taken out as broken, as (one end, the other, cost).
    gone: Vec<(u32, u32, f64)>,
    dist: Vec<f64>,
    touched: Vec<u32>,
    /// Per vertex, the cost of the edge to it from a witness search's source (see
    /// [`Mend::two_hops`]), infinite between.
    hop: Vec<f64>,
    heap: BinaryHeap<Reverse<(u64, u32)>>,
}

impl<'a> Mend<'a> {
    /// The old hierarchy `old` (every vertex contracted) for a graph now of `n` vertices, the
    /// new ones ranked first; `octile` gives the octile distance between two vertices' cells,
    /// `near_box` whether a newly blocked cell's box lies in the ellipse of two vertices for a
    /// cost (see the repair's witness seeds).
    pub(crate) fn new(
        old: &'a Upward,
        n: usize,
        octile: impl Fn(u32, u32) -> f64 + 'a,
        near_box: impl Fn(u32, u32, f64) -> bool + 'a,
    ) -> Mend<'a> {
        let before = old.rank.len();
        let fresh = (n - before) as u32;
        let rank = (0..n).map(|v| if v < before { old.rank[v] + fresh } else { (v - before) as u32 }).collect();
        let mut by_rank = vec![0u32; before];
        for v in 0..before {
            by_rank[old.rank[v] as usize] = v as u32;
        }
        let old_down = if old.down.offsets.len() == before + 1 {
            std::borrow::Cow::Borrowed(&old.down)
        } else {
            std::borrow::Cow::Owned(downward(old, &by_rank))
        };
        Mend {
            old,
            before,
            rank,
            by_rank,
            up: Lists::new(n),
            down: Lists::new(n),
            old_down,
            marked: BinaryHeap::new(),
            queued: vec![false; n],
            near_blocked: vec![false; n],
            octile: Box::new(octile),
            near_box: Box::new(near_box),
            gone: Vec::new(),
            dist: vec![f64::INFINITY; n],
            touched: Vec::new(),
            hop: vec![f64::INFINITY; n],
            heap: BinaryHeap::new(),
        }
    }

    /// `v`'s upward edges now, into `out`.
    fn ups(&self, v: u32, out: &mut Vec<Edge>) {
        out.clear();
        match self.up.get(&v) {
            Some(list) => out.extend_from_slice(list),
            None if (v as usize) < self.before => out.extend(self.old.edges(v)),
            None => {}
        }
    }

    /// The edge from `lo` up to `hi` now, as (cost, middle).
    fn edge(&self, lo: u32, hi: u32) -> Option<(f64, u32)> {
        match self.up.get(&lo) {
            Some(list) => list.iter().find(|e| e.0 == hi).map(|e| (e.1, e.2)),
            None if (lo as usize) < self.before => {
                let start = self.old.offsets[lo as usize] as usize;
                let k = self.old.targets_of(lo).binary_search(&hi).ok()? + start;
                Some((self.old.costs[k], self.old.middles[k]))
            }
            None => None,
        }
    }

    /// `u`'s neighbours now ranked above `above` (`u` is), upward and from earlier vertices,
    /// with the costs, into `out`.
    fn neighbours(&self, u: u32, above: u32, out: &mut Vec<(u32, f64)>) {
        out.clear();
        match self.up.get(&u) {
            Some(list) => out.extend(list.iter().map(|e| (e.0, e.1))),
            None if (u as usize) < self.before => {
                let range = self.old.offsets[u as usize] as usize..self.old.offsets[u as usize + 1] as usize;
                out.extend(self.old.targets[range.clone()].iter().copied().zip(self.old.costs[range].iter().copied()));
            }
            None => {}
        }
        // the edges from earlier vertices come latest first: those past `above` cut off
        self.downs(u, |s| self.rank[s as usize] > above, out);
    }

    /// The edges reaching `v` from earlier vertices now (latest source first), added to `out`
    /// while `keep` holds for their source.
    fn downs(&self, v: u32, keep: impl Fn(u32) -> bool, out: &mut Vec<(u32, f64)>) {
        let keep = |e: &(u32, f64)| keep(e.0);
        match self.down.get(&v) {
            Some(list) => out.extend(list.iter().copied().take_while(keep)),
            None if (v as usize) < self.before => {
                let old = &self.old_down;
                let range = old.offsets[v as usize] as usize..old.offsets[v as usize + 1] as usize;
                out.extend(old.from[range.clone()].iter().copied().zip(old.costs[range].iter().copied()).take_while(keep));
            }
            None => {}
        }
    }

    /// Marks `v` to be contracted again.
    fn mark(&mut self, v: u32) {
        if !std::mem::replace(&mut self.queued[v as usize], true) {
            self.marked.push(Reverse((self.rank[v as usize], v)));
        }
    }

    /// The pair as (earlier, later) in the order.
    fn ordered(&self, a: u32, b: u32) -> (u32, u32) {
        if self.rank[a as usize] < self.rank[b as usize] { (a, b) } else { (b, a) }
    }

    /// Sets the edge from `lo` up to `hi` (or takes it out, `None`), keeping the edges by
    /// target with it, and marks `lo` when its upward edges changed.
    fn set(&mut self, lo: u32, hi: u32, edge: Option<(f64, u32)>) {
        if !self.up.contains_key(&lo) {
            let mut list = Vec::new();
            self.ups(lo, &mut list);
            self.up.insert(lo, list);
        }
        let list = self.up.get_mut(&lo).expect("copied above");
        let at = list.iter().position(|e| e.0 == hi);
        if at.map(|k| (list[k].1, list[k].2)) == edge {
            return;
        }
        match (at, edge) {
            (Some(k), Some((c, m))) => list[k] = (hi, c, m),
            (Some(k), None) => drop(list.swap_remove(k)),
            (None, Some((c, m))) => list.push((hi, c, m)),
            (None, None) => return,
        }
        if !self.down.contains_key(&hi) {
            let mut list = Vec::new();
            self.downs(hi, |_| true, &mut list);
            self.down.insert(hi, list);
        }
        let down = self.down.get_mut(&hi).expect("copied above");
        down.retain(|&(s, _)| s != lo);
        if let Some((c, _)) = edge {
            // kept latest first (see `neighbours`)
            let at = down.partition_point(|&(s, _)| self.rank[s as usize] > self.rank[lo as usize]);
            down.insert(at, (lo, c));
        }
        self.mark(lo);
    }

    /// The graph's edges taken out (`dropped`, each (lower, higher) number) and added, the
    /// vertices taken out (`dead`) and those whose witnesses a newly blocked cell may have
    /// broken (`near`): every edge whose path is broken (a graph's edge taken out, one with an
    /// end taken out, a shortcut with a broken half) taken out first, then the new edges put,
    /// each vertex whose edges changed marked, and the new ones.
    pub(crate) fn start(&mut self, dropped: &HashSet<(u32, u32)>, added: &[(u32, u32, f64)], dead: &[u32], near: &[u32]) {
        // nothing taken out (cells only freed): nothing broken
        let broken = if dropped.is_empty() && dead.is_empty() { Vec::new() } else { self.broken(dropped, dead) };
        for (v, t, c) in broken {
            self.set(v, t, None);
            self.gone.push((v, t, c));
        }
        for &(a, b, c) in added {
            let (lo, hi) = self.ordered(a, b);
            self.set(lo, hi, Some((c, NONE)));
        }
        for &v in near {
            self.near_blocked[v as usize] = true;
            self.mark(v);
        }
        for v in self.before..self.rank.len() {
            self.mark(v as u32);
        }
    }

    /// The old hierarchy's edges (each as the vertex that keeps it and its target) whose path
    /// is broken: a graph's edge in `dropped`, an edge with an end in `dead`, and every
    /// shortcut with a broken half (found by middles in the order of contraction: a shortcut's
    /// halves bypass earlier vertices).
    fn broken(&self, dropped: &HashSet<(u32, u32)>, dead: &[u32]) -> Vec<(u32, u32, f64)> {
        let old = self.old;
        let mut gone = vec![false; self.before];
        dead.iter().for_each(|&v| gone[v as usize] = true);
        let mut broken = vec![false; old.targets.len()];
        for &(a, b) in dropped {
            if let Some(k) = old.edge_index(a, b).filter(|&k| old.middles[k] == NONE) {
                broken[k] = true;
            }
        }
        // a shortcut's halves are edges of its middle, contracted before the vertex that keeps
        // it: vertices taken in the order of contraction find their halves decided
        let mut out = Vec::new();
        for &v in &self.by_rank {
            for k in old.offsets[v as usize] as usize..old.offsets[v as usize + 1] as usize {
                let (t, m) = (old.targets[k], old.middles[k]);
                let halves_broken = m != NONE && old.halves[k].iter().any(|&h| broken[h as usize]);
                broken[k] |= gone[v as usize] || gone[t as usize] || halves_broken;
                if broken[k] {
                    out.push((v, t, old.costs[k]));
                }
            }
        }
        out
    }

    /// Contracts the marked vertices again, lowest first, until none is left; gives the
    /// hierarchy: every vertex's upward edges (the old ones where none changed), by target.
    pub(crate) fn finish(mut self) -> Upward {
        while let Some(Reverse((_, v))) = self.marked.pop() {
            self.queued[v as usize] = false;
            self.contract(v);
        }
        let (n, old) = (self.rank.len(), self.old);
        let mut changed: Vec<u32> = self.up.keys().copied().collect();
        changed.sort_unstable();
        self.up.values_mut().for_each(|list| list.sort_unstable_by_key(|e| e.0));
        let edges = old.targets.len() + self.up.values().map(Vec::len).sum::<usize>();
        let mut out = Upward {
            targets: Vec::with_capacity(edges),
            costs: Vec::with_capacity(edges),
            middles: Vec::with_capacity(edges),
            core: n as u32,
            ..Upward::default()
        };
        let offsets = relist(&changed, self.before, n, &old.offsets, |fill| {
            match fill {
                Fill::Old(range) => {
                    out.targets.extend_from_slice(&old.targets[range.clone()]);
                    out.costs.extend_from_slice(&old.costs[range.clone()]);
                    out.middles.extend_from_slice(&old.middles[range]);
                }
                Fill::Changed(v) => {
                    let list = &self.up[&v];
                    out.targets.extend(list.iter().map(|e| e.0));
                    out.costs.extend(list.iter().map(|e| e.1));
                    out.middles.extend(list.iter().map(|e| e.2));
                }
            }
            out.targets.len()
        });
        out.offsets = offsets;
        // per old vertex whose edges were copied unchanged, how far they moved (`MOVED` for
        // the others)
        let mut moved: Vec<i64> =
            (0..n).map(|v| if v < self.before { out.offsets[v] as i64 - old.offsets[v] as i64 } else { MOVED }).collect();
        changed.iter().for_each(|&v| moved[v as usize] = MOVED);
        out.rank = std::mem::take(&mut self.rank);
        out.halves = Self::halves(&out, old, &moved);
        out.down = self.downward(n);
        out
    }

    /// The mended hierarchy's edges by the vertex they reach: the old lists of the vertices
    /// whose lists did not change copied at once, the changed ones from the mending.
    fn downward(&self, n: usize) -> Downward {
        let old = &*self.old_down;
        let mut changed: Vec<u32> = self.down.keys().copied().collect();
        changed.sort_unstable();
        let edges = old.from.len() + self.down.values().map(Vec::len).sum::<usize>();
        let (mut from, mut costs) = (Vec::with_capacity(edges), Vec::with_capacity(edges));
        let offsets = relist(&changed, self.before, n, &old.offsets, |fill| {
            match fill {
                Fill::Old(range) => {
                    from.extend_from_slice(&old.from[range.clone()]);
                    costs.extend_from_slice(&old.costs[range]);
                }
                Fill::Changed(v) => {
                    from.extend(self.down[&v].iter().map(|e| e.0));
                    costs.extend(self.down[&v].iter().map(|e| e.1));
                }
            }
            from.len()
        });
        Downward { offsets, from, costs }
    }

    /// Each shortcut's halves in `out` (see [`Upward::link`]): those of a shortcut whose
    /// vertex and middle both kept their old edges are the old halves, moved as the middle's
    /// edges were; the others looked up.
    fn halves(out: &Upward, old: &Upward, moved: &[i64]) -> Vec<[u32; 2]> {
        let mut halves = vec![[NONE; 2]; out.targets.len()];
        for v in 0..out.rank.len() {
            let range = out.offsets[v] as usize..out.offsets[v + 1] as usize;
            for (k, slot) in range.clone().zip(&mut halves[range]) {
                let mid = out.middles[k];
                if mid == NONE {
                    continue;
                }
                let (at_v, at_mid) = (moved[v], moved[mid as usize]);
                *slot = if at_v != MOVED && at_mid != MOVED {
                    old.halves[(k as i64 - at_v) as usize].map(|h| (h as i64 + at_mid) as u32)
                } else {
                    let half = |t: u32| out.edge_index(mid, t).expect("a shortcut's halves are edges") as u32;
                    [half(v as u32), half(out.targets[k])]
                };
            }
        }
        halves
    }

    /// `v` contracted again (see the module's docs): the shortcuts over it decided pair by pair,
    /// and the hierarchy's edges set to them.
    fn contract(&mut self, v: u32) {
        let mut ups = Vec::new();
        self.ups(v, &mut ups);
        let same = |t: u32, c: f64| (v as usize) < self.before && self.old.edges(v).any(|e| e.0 == t && e.1 == c);
        let unchanged: Vec<bool> = ups.iter().map(|&(t, c, _)| same(t, c)).collect();
        let mut keep: Vec<(u32, u32, f64)> = Vec::new();
        let mut ask: Vec<(u32, f64)> = Vec::new();
        for i in 0..ups.len() {
            ask.clear();
            for j in i + 1..ups.len() {
                let ((a, ca, _), (b, cb, _)) = (ups[i], ups[j]);
                let (lo, hi) = self.ordered(a, b);
                let there = self.edge(lo, hi);
                if there.is_some_and(|e| e.1 == v) {
                    // a shortcut over `v` kept: it stays, at the cost of its halves now
                    keep.push((lo, hi, ca + cb));
                } else if !unchanged[i]
                    || !unchanged[j]
                    || (self.near_blocked[v as usize] && self.may_have_used_gone(a, b, ca + cb, self.rank[v as usize]))
                {
                    if there.is_some_and(|e| e.0 <= ca + cb + EPS) {
                        // the edge between them is a witness
                        continue;
                    }
                    ask.push((b, ca + cb));
                }
            }
            if ask.is_empty() {
                continue;
            }
            let a = ups[i].0;
            self.two_hops(a, self.rank[v as usize], &mut ask);
            if ask.is_empty() {
                continue;
            }
            self.witness(a, self.rank[v as usize], &ask);
            for &(b, cost) in &ask {
                if self.dist[b as usize] > cost + EPS {
                    let (lo, hi) = self.ordered(a, b);
                    keep.push((lo, hi, cost));
                }
            }
        }
        for (lo, hi, c) in keep {
            match self.edge(lo, hi) {
                Some((old, m)) if m != v && old <= c => {}
                _ => self.set(lo, hi, Some((c, v))),
            }
        }
    }

    /// Takes out of `pairs` (each a vertex and a cost) those joined to `from` by two edges
    /// through a vertex ranked above `above`, at most as dear: witnesses found without a search.
    fn two_hops(&mut self, from: u32, above: u32, pairs: &mut Vec<(u32, f64)>) {
        let (mut mine, mut theirs) = (Vec::new(), Vec::new());
        self.neighbours(from, above, &mut mine);
        for &(x, c) in &mine {
            self.hop[x as usize] = c;
        }
        pairs.retain(|&(b, cost)| {
            self.neighbours(b, above, &mut theirs);
            !theirs.iter().any(|&(x, c)| self.hop[x as usize] + c <= cost + EPS)
        });
        for &(x, _) in &mine {
            self.hop[x as usize] = f64::INFINITY;
        }
    }

    /// Whether a path from `a` to `b` of at most `cost` may have gone along an edge taken out as
    /// broken: it would cost at least the octile distances to that edge's ends and the edge's
    /// own cost.
    fn may_have_used_gone(&self, a: u32, b: u32, cost: f64, above: u32) -> bool {
        if !(self.near_box)(a, b, cost) {
            return false;
        }
        // past a few dozen broken edges (a building put) the boxes alone decide: cheaper
        let octile = &self.octile;
        self.gone.len() > GONE_CHECKED
            || self.gone.iter().any(|&(x, y, c)| {
                self.rank[x as usize] > above && (octile(a, x) + octile(y, b)).min(octile(a, y) + octile(x, b)) + c <= cost + EPS
            })
    }

    /// Distances from `from` among the vertices ranked above `above`, until every vertex of
    /// `pairs` is settled, the farthest's cost is passed, or [`WITNESS_LIMIT`] are settled: an
    /// A* towards the nearest of the pairs' vertices by octile distance. Whatever the order, a
    /// distance found is a path's cost, so a witness it shows is one; a witness it misses
    /// only costs a shortcut.
    fn witness(&mut self, from: u32, above: u32, pairs: &[(u32, f64)]) {
        for &t in &self.touched {
            self.dist[t as usize] = f64::INFINITY;
        }
        self.touched.clear();
        self.heap.clear();
        let bound = pairs.iter().fold(0f64, |m, p| m.max(p.1));
        let mut wanted = pairs.len();
        // towards the pairs' vertices: no path is shorter than the octile distance, and each
        // edge costs at least the octile distance between its ends, so the estimate is
        // consistent
        let octile = &self.octile;
        let h = |u: u32| pairs.iter().fold(f64::INFINITY, |m, p| m.min(octile(u, p.0)));
        self.dist[from as usize] = 0.0;
        self.touched.push(from);
        self.heap.push(Reverse((h(from).to_bits(), from)));
        let (mut settled, mut next) = (0, Vec::new());
        while let Some(Reverse((key, u))) = self.heap.pop() {
            let d = self.dist[u as usize];
            if key > (d + h(u)).to_bits() {
                continue;
            }
            settled += 1;
            // every path on through `u` to a pair's vertex costs at least the key
            if f64::from_bits(key) > bound || settled > WITNESS_LIMIT {
                break;
            }
            // each vertex is settled once: a wanted one counts once
            if pairs.iter().any(|p| p.0 == u) {
                wanted -= 1;
                if wanted == 0 {
                    break;
                }
            }
            self.neighbours(u, above, &mut next);
            for &(t, c) in &next {
                let nd = d + c;
                if nd < self.dist[t as usize] {
                    if self.dist[t as usize] == f64::INFINITY {
                        self.touched.push(t);
                    }
                    self.dist[t as usize] = nd;
                    self.heap.push(Reverse(((nd + h(t)).to_bits(), t)));
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::board::{Cell, Grid};
    use crate::search::prepare;

    /// The edges by the vertex they reach, which a mending keeps for the next one, are after
    /// each of many repairs those made anew from the mended hierarchy: list by list, in order
    /// (a missing one only spares a witness and adds shortcuts, so no answer would show it).
    #[test]
    fn the_edges_by_target_kept_for_the_next_mending_are_those_made_anew() {
        // rooms of 8 x 8 with a door in each wall, then seeded one-cell toggles
        let mut grid = Grid::new(40, 40).unwrap();
        for i in (8..40).step_by(8) {
            for j in 0..40 {
                if j % 8 != 4 {
                    grid.set(i, j, Cell::Blocked).unwrap();
                    grid.set(j, i, Cell::Blocked).unwrap();
                }
            }
        }
        let mut p = prepare(&grid).unwrap();
        assert!(!p.uses_jump_table() && p.up.down.offsets.is_empty());
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        for _ in 0..300 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let (x, y) = (seed as usize % 40, (seed >> 20) as usize % 40);
            grid.set(x, y, if grid.is_passable(x, y) { Cell::Blocked } else { Cell::FLOOR }).unwrap();
            p = p.repair(&grid).unwrap();
            let up = &p.up;
            assert_eq!(up.core as usize, up.rank.len(), "every vertex contracted: the hierarchy is mended");
            let mut by_rank = vec![0u32; up.rank.len()];
            for (v, &r) in up.rank.iter().enumerate() {
                by_rank[r as usize] = v as u32;
            }
            let made = downward(up, &by_rank);
            assert_eq!((&up.down.offsets, &up.down.from), (&made.offsets, &made.from), "after {} repairs", p.repairs());
            assert_eq!(up.down.costs, made.costs, "after {} repairs", p.repairs());
        }
        assert!(p.repairs() > 250, "{} repairs", p.repairs());
    }
}
