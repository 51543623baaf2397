//! Contraction hierarchies (Geisberger, Sanders, Schultes and Delling 2008) over the subgoal
//! graph, as in Uras and Koenig's SG-CH (IJCAI 2018): subgoals are taken out one at a time,
//! least important first, and where the one taken out lay on the only shortest path between
//! two of its neighbours a shortcut joins them. A query then searches upward only (towards
//! later subgoals) from both ends and meets in the middle, over a few dozen vertices.
//!
//! A shortcut remembers the subgoal it bypasses, so a path of shortcuts unpacks into the
//! subgoal graph's own edges, and those into cells.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use super::NONE;

/// Allowed rounding when a witness path is compared with a shortcut: costs are sums of ones
/// and square roots of two, and two different sums of paths this long differ by far more.
pub(crate) const EPS: f64 = 1e-9;

/// The settled vertices a witness search may take before it gives up (and a shortcut is added
/// that might not be needed: harmless, only slower): when a vertex is contracted, and when its
/// priority is only estimated.
const WITNESS_LIMIT: usize = 200;
const ESTIMATE_LIMIT: usize = 16;

/// A vertex with more remaining edges than this is not contracted: it and every vertex left
/// form the core, searched as a plain graph from both ends (contracting it would cost more
/// witness searches than it saves; random maps reach it, game maps rarely).
const CORE_DEGREE: usize = 32;

/// The upward graph: for each vertex, its edges to later vertices with their costs and the
/// vertex each bypasses (`NONE` for the subgoal graph's own edges); between two vertices of
/// the core, the edge both ways.
#[derive(Clone, Default)]
pub(crate) struct Upward {
    /// Each vertex's place in the order of contraction; the core's vertices come last, from
    /// `core` on.
    pub(crate) rank: Vec<u32>,
    pub(crate) core: u32,
    pub(crate) offsets: Vec<u32>,
    pub(crate) targets: Vec<u32>,
    pub(crate) costs: Vec<f64>,
    pub(crate) middles: Vec<u32>,
}

impl Upward {
    /// The upward edges of `v` as (target, cost, middle).
    #[inline]
    pub(crate) fn edges(&self, v: u32) -> impl Iterator<Item = (u32, f64, u32)> + '_ {
        let range = self.offsets[v as usize] as usize..self.offsets[v as usize + 1] as usize;
        range.map(move |k| (self.targets[k], self.costs[k], self.middles[k]))
    }

    /// The targets of `v`'s upward edges (before their costs are known).
    pub(crate) fn targets_of(&self, v: u32) -> &[u32] {
        &self.targets[self.offsets[v as usize] as usize..self.offsets[v as usize + 1] as usize]
    }

    /// Whether an edge from `v` to `t` belongs in `v`'s list: `t` contracted later, or both in
    /// the core.
    pub(crate) fn goes_up(&self, v: u32, t: u32) -> bool {
        let (rv, rt) = (self.rank[v as usize], self.rank[t as usize]);
        rt > rv || (rv >= self.core && rt >= self.core && rt != rv)
    }

    /// The middle of the edge between `a` and `b` (stored with the earlier of the two).
    fn middle(&self, a: u32, b: u32) -> u32 {
        self.middles[self.edge_index(a, b).expect("an edge of the hierarchy")]
    }

    /// Where the edge between `a` and `b` is kept (with the earlier of the two), if there is one.
    pub(crate) fn edge_index(&self, a: u32, b: u32) -> Option<usize> {
        let (lo, hi) = if self.rank[a as usize] < self.rank[b as usize] { (a, b) } else { (b, a) };
        let start = self.offsets[lo as usize] as usize;
        self.targets_of(lo).iter().position(|&t| t == hi).map(|k| start + k)
    }

    /// The subgoal graph's vertices from `a` to `b` along one hierarchy edge, `a` left out.
    pub(crate) fn unpack(&self, a: u32, b: u32, out: &mut Vec<u32>) {
        let mid = self.middle(a, b);
        if mid == NONE {
            out.push(b);
        } else {
            self.unpack(a, mid, out);
            self.unpack(mid, b, out);
        }
    }

    pub(crate) fn bytes(&self) -> usize {
        self.rank.len() * 4 + self.offsets.len() * 4 + self.targets.len() * 16
    }
}

/// The graph while it is contracted: each vertex's edges (target, cost, middle), both ways.
struct Work {
    adj: Vec<Vec<(u32, f64, u32)>>,
    contracted: Vec<bool>,
    /// Neighbours already contracted, which spreads the contraction evenly.
    gone: Vec<u32>,
    /// One more than the highest level among the contracted neighbours: keeps the hierarchy
    /// shallow.
    level: Vec<u32>,
    dist: Vec<f64>,
    touched: Vec<u32>,
    heap: BinaryHeap<Reverse<(u64, u32)>>,
}

/// Contracts the graph given as adjacency lists with edge costs.
pub(crate) fn contract(adj: Vec<Vec<(u32, f64, u32)>>) -> Upward {
    let n = adj.len();
    let mut w = Work {
        adj,
        contracted: vec![false; n],
        gone: vec![0; n],
        level: vec![0; n],
        dist: vec![f64::INFINITY; n],
        touched: Vec::new(),
        heap: BinaryHeap::new(),
    };
    let mut queue: BinaryHeap<Reverse<(i64, u32)>> = (0..n as u32).map(|v| Reverse((w.priority(v), v))).collect();
    let mut rank = vec![0u32; n];
    let mut next = 0;
    let mut shortcuts = Vec::new();
    while let Some(Reverse((_, v))) = queue.pop() {
        let now = w.priority(v);
        if queue.peek().is_some_and(|&Reverse((p, _))| now > p) {
            queue.push(Reverse((now, v)));
            continue;
        }
        if w.adj[v as usize].iter().filter(|e| !w.contracted[e.0 as usize]).count() > CORE_DEGREE {
            queue.push(Reverse((now, v)));
            break;
        }
        shortcuts.clear();
        w.shortcuts(v, WITNESS_LIMIT, &mut shortcuts);
        for &(a, b, cost) in &shortcuts {
            w.add_edge(a, b, cost, v);
            w.add_edge(b, a, cost, v);
        }
        w.contracted[v as usize] = true;
        for k in 0..w.adj[v as usize].len() {
            let u = w.adj[v as usize][k].0 as usize;
            w.gone[u] += 1;
            w.level[u] = w.level[u].max(w.level[v as usize] + 1);
        }
        rank[v as usize] = next;
        next += 1;
    }
    let core = next;
    for Reverse((_, v)) in queue {
        rank[v as usize] = next;
        next += 1;
    }
    upward(&w.adj, rank, core)
}

impl Work {
    /// Shortcuts added minus edges removed, plus neighbours gone and the level: contract the
    /// lowest first.
    fn priority(&mut self, v: u32) -> i64 {
        let mut found = Vec::new();
        self.shortcuts(v, ESTIMATE_LIMIT, &mut found);
        let degree = self.adj[v as usize].iter().filter(|e| !self.contracted[e.0 as usize]).count();
        2 * found.len() as i64 - degree as i64 + self.gone[v as usize] as i64 + self.level[v as usize] as i64
    }

    /// The shortcuts contracting `v` needs: for each two of its remaining neighbours, the path
    /// through `v` when no other path (a witness) is as short.
    fn shortcuts(&mut self, v: u32, limit: usize, out: &mut Vec<(u32, u32, f64)>) {
        let near: Vec<(u32, f64)> = self.adj[v as usize].iter().filter(|e| !self.contracted[e.0 as usize]).map(|e| (e.0, e.1)).collect();
        let Some(far) = near.iter().map(|e| e.1).reduce(f64::max) else { return };
        for (i, &(a, ca)) in near.iter().enumerate() {
            if i + 1 == near.len() {
                break;
            }
            self.witness(a, v, ca + far, limit);
            for &(b, cb) in &near[i + 1..] {
                if self.dist[b as usize] > ca + cb + EPS {
                    out.push((a, b, ca + cb));
                }
            }
        }
    }

    /// Distances from `from` without passing `skip`, up to `bound` and `limit` settled.
    fn witness(&mut self, from: u32, skip: u32, bound: f64, limit: usize) {
        for &t in &self.touched {
            self.dist[t as usize] = f64::INFINITY;
        }
        self.touched.clear();
        self.heap.clear();
        self.dist[from as usize] = 0.0;
        self.touched.push(from);
        self.heap.push(Reverse((0f64.to_bits(), from)));
        let mut settled = 0;
        while let Some(Reverse((key, u))) = self.heap.pop() {
            let d = f64::from_bits(key);
            if d > self.dist[u as usize] {
                continue;
            }
            settled += 1;
            if d > bound || settled > limit {
                break;
            }
            for k in 0..self.adj[u as usize].len() {
                let (t, c, _) = self.adj[u as usize][k];
                if t == skip || self.contracted[t as usize] {
                    continue;
                }
                let nd = d + c;
                if nd < self.dist[t as usize] {
                    if self.dist[t as usize] == f64::INFINITY {
                        self.touched.push(t);
                    }
                    self.dist[t as usize] = nd;
                    self.heap.push(Reverse((nd.to_bits(), t)));
                }
            }
        }
    }

    /// Adds the edge `a` to `b`, or makes the one there cheaper.
    fn add_edge(&mut self, a: u32, b: u32, cost: f64, middle: u32) {
        match self.adj[a as usize].iter_mut().find(|e| e.0 == b) {
            Some(e) if e.1 > cost => *e = (b, cost, middle),
            Some(_) => {}
            None => self.adj[a as usize].push((b, cost, middle)),
        }
    }
}

/// Keeps each edge with the earlier of its two ends, pointing up.
fn upward(adj: &[Vec<(u32, f64, u32)>], rank: Vec<u32>, core: u32) -> Upward {
    let mut up = Upward { offsets: vec![0], rank, core, ..Upward::default() };
    for (v, edges) in adj.iter().enumerate() {
        for &(t, c, m) in edges {
            if up.goes_up(v as u32, t) {
                up.targets.push(t);
                up.costs.push(c);
                up.middles.push(m);
            }
        }
        up.offsets.push(up.targets.len() as u32);
    }
    up
}
