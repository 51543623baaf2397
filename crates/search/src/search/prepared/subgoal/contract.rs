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
pub(crate) const WITNESS_LIMIT: usize = 500;
const ESTIMATE_LIMIT: usize = 60;

/// A vertex with more remaining edges than this is not contracted: it and every vertex left
/// form the core, searched as a plain graph from both ends. A guard against a graph whose
/// contraction would cost more witness searches than it saves; no bundled map reaches it.
const CORE_DEGREE: usize = 1024;

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
    /// Per edge, for a shortcut, its two halves: the edges from its middle to the end that
    /// keeps it and to the other end (found once by [`Upward::link`], so that unpacking a path
    /// looks nothing up).
    pub(crate) halves: Vec<[u32; 2]>,
    /// The edges by the vertex they reach from an earlier one: kept by a hierarchy a repair
    /// mended, for the next mending (empty otherwise: made when a mending needs it).
    pub(crate) down: Downward,
}

/// A hierarchy's edges by the vertex they reach: per vertex a range of `from` (the vertex
/// that keeps the edge, latest in the order first) and `costs`.
#[derive(Clone, Default)]
pub(crate) struct Downward {
    pub(crate) offsets: Vec<u32>,
    pub(crate) from: Vec<u32>,
    pub(crate) costs: Vec<f64>,
}

impl Upward {
    /// The upward edges of `v` as (target, cost, middle).
    #[inline]
    pub(crate) fn edges(&self, v: u32) -> impl Iterator<Item = (u32, f64, u32)> + '_ {
        let range = self.offsets[v as usize] as usize..self.offsets[v as usize + 1] as usize;
        range.map(move |k| (self.targets[k], self.costs[k], self.middles[k]))
    }

    /// Each edge of the hierarchy once, as (vertex, target, middle): from the end contracted
    /// first, and between two vertices of the core (an edge kept at both ends) from the one
    /// ranked first.
    pub(crate) fn each_once(&self) -> impl Iterator<Item = (u32, u32, u32)> + '_ {
        (0..self.rank.len() as u32).flat_map(move |v| {
            self.edges(v).filter(move |e| self.rank[v as usize] < self.rank[e.0 as usize]).map(move |(t, _, m)| (v, t, m))
        })
    }

    /// The targets of `v`'s upward edges (before their costs are known).
    pub(crate) fn targets_of(&self, v: u32) -> &[u32] {
        &self.targets[self.offsets[v as usize] as usize..self.offsets[v as usize + 1] as usize]
    }

    /// Where the edge between `a` and `b` is kept (with the earlier of the two), if there is one.
    pub(crate) fn edge_index(&self, a: u32, b: u32) -> Option<usize> {
        let (lo, hi) = if self.rank[a as usize] < self.rank[b as usize] { (a, b) } else { (b, a) };
        let start = self.offsets[lo as usize] as usize;
        // each vertex's edges are sorted by target
        self.targets_of(lo).binary_search(&hi).ok().map(|k| start + k)
    }

    /// The subgoal graph's vertices from `a` to `b` along one hierarchy edge, `a` left out.
    pub(crate) fn unpack(&self, a: u32, b: u32, out: &mut Vec<u32>) {
        self.unpack_edge(self.edge_index(a, b).expect("an edge of the hierarchy"), b, out);
    }

    /// As [`Upward::unpack`], along the edge kept at index `e`, towards its end `to`.
    fn unpack_edge(&self, e: usize, to: u32, out: &mut Vec<u32>) {
        let mid = self.middles[e];
        if mid == NONE {
            out.push(to);
            return;
        }
        let [kept, other] = self.halves[e];
        let (first, second) = if self.targets[e] == to { (kept, other) } else { (other, kept) };
        self.unpack_edge(first as usize, mid, out);
        self.unpack_edge(second as usize, to, out);
    }

    /// Finds each shortcut's halves (the edges from its middle to its two ends, which every
    /// hierarchy made or read holds).
    pub(crate) fn link(&mut self) {
        let mut halves = vec![[NONE; 2]; self.targets.len()];
        for v in 0..self.rank.len() {
            let range = self.offsets[v] as usize..self.offsets[v + 1] as usize;
            for (k, slot) in range.clone().zip(&mut halves[range]) {
                let mid = self.middles[k];
                if mid != NONE {
                    let half = |t: u32| self.edge_index(mid, t).expect("a shortcut's halves are edges") as u32;
                    *slot = [half(v as u32), half(self.targets[k])];
                }
            }
        }
        self.halves = halves;
    }

    /// The order of contraction, and for each subgoal contracted the shortcuts over it that
    /// the hierarchy keeps, each as the places of its two ends in the subgoal's upward edges
    /// (ascending): what [`replay`] needs to make this hierarchy again.
    pub(crate) fn picks(&self) -> (Vec<u32>, Vec<Vec<(u32, u32)>>) {
        let mut order = vec![0; self.core as usize];
        for (v, &r) in self.rank.iter().enumerate() {
            if r < self.core {
                order[r as usize] = v as u32;
            }
        }
        let mut picks = vec![Vec::new(); self.core as usize];
        // a shortcut between two vertices of the core is kept at both: written once
        for (v, t, mid) in self.each_once() {
            if mid != NONE {
                let ends = self.targets_of(mid);
                let place = |x: u32| ends.binary_search(&x).expect("a shortcut's halves are edges of its middle") as u32;
                let (i, j) = (place(v), place(t));
                picks[self.rank[mid as usize] as usize].push((i.min(j), i.max(j)));
            }
        }
        for list in &mut picks {
            list.sort_unstable();
        }
        (order, picks)
    }

    /// This hierarchy with the vertices flagged `in_core` (an upward-closed set, holding the
    /// old core and every vertex numbered past the old ones) put in its core, for a graph
    /// whose edges are the old ones less `dropped` plus `added` (both among core vertices):
    /// the others keep their ranks and upward edges; the core's edges are the graph's edges
    /// among the core and the old shortcuts whose middle is outside it (the cheapest kept per
    /// pair), both ways; edges with an end not `alive` are dropped. See the repair's docs for
    /// why this is a hierarchy of the new graph.
    pub(crate) fn with_core(
        &self,
        in_core: &[bool],
        dropped: &std::collections::HashSet<(u32, u32)>,
        added: &[(u32, u32, f64)],
        alive: impl Fn(u32) -> bool,
    ) -> Upward {
        let (before, n) = (self.rank.len(), in_core.len());
        let mut next = self.core;
        let rank: Vec<u32> = (0..n)
            .map(|v| {
                if v < before && !in_core[v] {
                    return self.rank[v];
                }
                next += 1;
                next - 1
            })
            .collect();
        let mut core: std::collections::HashMap<(u32, u32), (f64, u32)> = std::collections::HashMap::new();
        let mut keep = |a: u32, b: u32, c: f64, m: u32| {
            let e = core.entry((a.min(b), a.max(b))).or_insert((c, m));
            if c < e.0 || (c == e.0 && m == NONE) {
                *e = (c, m);
            }
        };
        for v in (0..before as u32).filter(|&v| in_core[v as usize]) {
            for (t, c, m) in self.edges(v) {
                let gone = if m == NONE { dropped.contains(&(v.min(t), v.max(t))) } else { in_core[m as usize] };
                if !gone && alive(v) && alive(t) {
                    keep(v, t, c, m);
                }
            }
        }
        for &(a, b, c) in added {
            keep(a, b, c, NONE);
        }
        let mut lists: Vec<Vec<(u32, f64, u32)>> =
            (0..n).map(|v| if v < before && !in_core[v] { self.edges(v as u32).collect() } else { Vec::new() }).collect();
        for ((a, b), (c, m)) in core {
            lists[a as usize].push((b, c, m));
            lists[b as usize].push((a, c, m));
        }
        upward(lists, rank, self.core)
    }

    /// Contracts the core again, as [`contract`] would go on from where this hierarchy's
    /// contracted vertices leave the graph: the core's edges (among its vertices, both ways)
    /// are the graph that remains, so its vertices are taken out least priority first with
    /// the same witness searches, ranked after every vertex contracted before, until those
    /// left have more than [`CORE_DEGREE`] edges. The vertices below keep their ranks, upward
    /// edges and shortcuts. Gives how many vertices were contracted.
    pub(crate) fn contract_core(&mut self) -> usize {
        let n = self.rank.len();
        let mut core: Vec<u32> = (0..n as u32).filter(|&v| self.rank[v as usize] >= self.core).collect();
        if core.is_empty() {
            return 0;
        }
        core.sort_unstable_by_key(|&v| self.rank[v as usize]);
        let mut local = vec![NONE; n];
        for (i, &v) in core.iter().enumerate() {
            local[v as usize] = i as u32;
        }
        let adj = core.iter().map(|&v| self.edges(v).map(|(t, c, m)| (local[t as usize], c, m)).collect()).collect();
        let mut w = Work::new(adj);
        w.names = core.clone();
        let (up, rank, contracted) = w.contract_all();
        let mut lists: Vec<Vec<(u32, f64, u32)>> =
            (0..n).map(|v| if local[v] == NONE { self.edges(v as u32).collect() } else { Vec::new() }).collect();
        let mut ranks = self.rank.clone();
        let mut next = self.core + contracted;
        for (i, &v) in core.iter().enumerate() {
            let edges = if rank[i] != NONE {
                ranks[v as usize] = self.core + rank[i];
                &up[i]
            } else {
                ranks[v as usize] = next;
                next += 1;
                &w.adj[i]
            };
            lists[v as usize] = edges.iter().map(|&(t, c, m)| (core[t as usize], c, m)).collect();
        }
        *self = upward(lists, ranks, self.core + contracted);
        contracted as usize
    }

    pub(crate) fn bytes(&self) -> usize {
        self.rank.len() * 4 + self.offsets.len() * 4 + self.targets.len() * 24 + self.down.offsets.len() * 4 + self.down.from.len() * 12
    }
}

/// Per vertex, edges as (target, cost, middle).
type Lists = Vec<Vec<(u32, f64, u32)>>;

/// The graph while it is contracted: each remaining vertex's edges to the other remaining
/// vertices (target, cost, middle), both ways.
struct Work {
    adj: Vec<Vec<(u32, f64, u32)>>,
    /// Neighbours already contracted, which spreads the contraction evenly.
    gone: Vec<u32>,
    /// One more than the highest level among the contracted neighbours: keeps the hierarchy
    /// shallow.
    level: Vec<u32>,
    dist: Vec<f64>,
    touched: Vec<u32>,
    heap: BinaryHeap<Reverse<(u64, u32)>>,
    found: Vec<(u32, u32, f64)>,
    /// Per vertex, the witness search that wants its distance (`search`'s number then).
    mark: Vec<u32>,
    /// Per vertex, whether an edge of it was taken out, added or made cheaper since its
    /// priority was last estimated.
    changed: Vec<bool>,
    search: u32,
    /// The hierarchy's number of each vertex, when this graph is its core numbered apart
    /// (empty: the same numbers); a shortcut's middle is named by it.
    names: Vec<u32>,
}

/// Contracts the graph given as adjacency lists with edge costs: the vertex of least priority
/// first (its priority checked again when it comes up, if its edges changed since it was last
/// estimated: taken out when still the least).
pub(crate) fn contract(adj: Vec<Vec<(u32, f64, u32)>>) -> Upward {
    let mut w = Work::new(adj);
    let (up, rank, next) = w.contract_all();
    w.finish(up, rank, next)
}

/// Why a contraction written down could not be replayed: the place in the order of the
/// subgoal where it went wrong, whether the subgoal itself (else its shortcuts) was wrong, and
/// what was wrong.
pub(crate) type ReplayError = (usize, bool, String);

/// Makes again the hierarchy [`contract`] made from the same graph, given its order of
/// contraction and, for each subgoal contracted, the shortcuts it left that the hierarchy kept,
/// each as two places in the subgoal's list of upward edges sorted by target (as
/// [`Upward::picks`] gives them). No witness search runs: this is what a preparation file
/// saves.
///
/// Errors on a vertex contracted twice, one with more than the core's degree, a place past
/// the end of its list, and a shortcut the hierarchy would not keep (not cheaper than the edge
/// already there, or made cheaper later through another subgoal): such a file was not written
/// by [`Upward::picks`].
pub(crate) fn replay(adj: Vec<Vec<(u32, f64, u32)>>, order: &[u32], picks: &[Vec<(u32, u32)>]) -> Result<Upward, ReplayError> {
    let n = adj.len();
    let mut w = Work::new(adj);
    let mut up: Vec<Vec<(u32, f64, u32)>> = vec![Vec::new(); n];
    let mut rank = vec![NONE; n];
    let mut shortcuts = Vec::new();
    for (r, (&v, pairs)) in order.iter().zip(picks).enumerate() {
        if v as usize >= n || rank[v as usize] != NONE {
            return Err((r, true, format!("subgoal {v}: one of the {n} subgoals, each contracted once")));
        }
        let list = &mut w.adj[v as usize];
        if list.len() > CORE_DEGREE {
            return Err((r, true, format!("subgoal {v} has {} edges left: more than {CORE_DEGREE} are never contracted", list.len())));
        }
        list.sort_unstable_by_key(|e| e.0);
        shortcuts.clear();
        for &(i, j) in pairs {
            let (Some(&(a, ca, _)), Some(&(b, cb, _))) = (list.get(i as usize), list.get(j as usize)) else {
                return Err((r, false, format!("a shortcut over subgoal {v} between its edges {i} and {j}: it has {}", list.len())));
            };
            shortcuts.push((a, b, ca + cb));
        }
        up[v as usize] = w.take_out(v, &shortcuts);
        rank[v as usize] = r as u32;
    }
    let up = w.finish(up, rank, order.len() as u32);
    for (r, (&v, pairs)) in order.iter().zip(picks).enumerate() {
        let ends = up.targets_of(v);
        for &(i, j) in pairs {
            let (a, b) = (ends[i as usize], ends[j as usize]);
            if up.edge_index(a, b).is_none_or(|e| up.middles[e] != v) {
                return Err((r, false, format!("a shortcut between subgoals {a} and {b} over {v}: the hierarchy does not keep it")));
            }
        }
    }
    Ok(up)
}

impl Work {
    /// Contracts every vertex it can, the one of least priority first (its priority checked
    /// again when it comes up, if its edges changed since it was last estimated: taken out
    /// when still the least), until the least has more than [`CORE_DEGREE`] edges left; gives
    /// the contracted vertices' upward edges, their ranks (`NONE` for the rest) and how many.
    fn contract_all(&mut self) -> (Lists, Vec<u32>, u32) {
        let n = self.adj.len();
        let mut priority: Vec<i64> = (0..n as u32).map(|v| self.priority(v)).collect();
        let mut queue: BinaryHeap<Reverse<(i64, u32)>> = (0..n as u32).map(|v| Reverse((priority[v as usize], v))).collect();
        let mut up: Vec<Vec<(u32, f64, u32)>> = vec![Vec::new(); n];
        let mut rank = vec![NONE; n];
        let mut next = 0;
        let mut shortcuts = Vec::new();
        while let Some(Reverse((p, v))) = queue.pop() {
            if rank[v as usize] != NONE || p != priority[v as usize] {
                continue;
            }
            // a vertex whose edges changed since its priority was estimated is estimated
            // again, and goes back in the queue when that changed it
            if std::mem::take(&mut self.changed[v as usize]) {
                let now = self.priority(v);
                if now != p {
                    priority[v as usize] = now;
                    queue.push(Reverse((now, v)));
                    continue;
                }
            }
            if self.adj[v as usize].len() > CORE_DEGREE {
                break;
            }
            shortcuts.clear();
            self.shortcuts(v, WITNESS_LIMIT, &mut shortcuts);
            up[v as usize] = self.take_out(v, &shortcuts);
            rank[v as usize] = next;
            next += 1;
        }
        (up, rank, next)
    }

    fn new(adj: Vec<Vec<(u32, f64, u32)>>) -> Work {
        let n = adj.len();
        Work {
            adj,
            gone: vec![0; n],
            level: vec![0; n],
            dist: vec![f64::INFINITY; n],
            touched: Vec::new(),
            heap: BinaryHeap::new(),
            found: Vec::new(),
            mark: vec![0; n],
            changed: vec![false; n],
            search: 0,
            names: Vec::new(),
        }
    }

    /// Takes `v` out of the graph with the `shortcuts` (a, b, cost) its contraction needs;
    /// gives back its edges (to the vertices still in the graph).
    fn take_out(&mut self, v: u32, shortcuts: &[(u32, u32, f64)]) -> Vec<(u32, f64, u32)> {
        let edges = std::mem::take(&mut self.adj[v as usize]);
        for &(u, _, _) in &edges {
            let list = &mut self.adj[u as usize];
            let k = list.iter().position(|e| e.0 == v).expect("edges go both ways");
            list.swap_remove(k);
            self.gone[u as usize] += 1;
            self.changed[u as usize] = true;
            self.level[u as usize] = self.level[u as usize].max(self.level[v as usize] + 1);
        }
        for &(a, b, cost) in shortcuts {
            self.changed[a as usize] = true;
            self.changed[b as usize] = true;
            let middle = self.names.get(v as usize).copied().unwrap_or(v);
            self.add_edge(a, b, cost, middle);
            self.add_edge(b, a, cost, middle);
        }
        edges
    }

    /// The hierarchy once `contracted` vertices are out (their edges in `up`, their ranks in
    /// `rank`): the rest form the core, ranked in vertex order.
    fn finish(mut self, mut up: Vec<Vec<(u32, f64, u32)>>, mut rank: Vec<u32>, contracted: u32) -> Upward {
        let mut next = contracted;
        for v in 0..rank.len() {
            if rank[v] == NONE {
                rank[v] = next;
                next += 1;
                up[v] = std::mem::take(&mut self.adj[v]);
            }
        }
        upward(up, rank, contracted)
    }

    /// Shortcuts added minus edges removed, plus neighbours gone and the level: contract the
    /// lowest first.
    fn priority(&mut self, v: u32) -> i64 {
        let mut found = std::mem::take(&mut self.found);
        found.clear();
        self.shortcuts(v, ESTIMATE_LIMIT, &mut found);
        let added = found.len() as i64;
        self.found = found;
        2 * added - self.adj[v as usize].len() as i64 + self.gone[v as usize] as i64 + self.level[v as usize] as i64
    }

    /// The shortcuts contracting `v` needs: for each two of its remaining neighbours, the path
    /// through `v` when no other path (a witness) is as short.
    fn shortcuts(&mut self, v: u32, limit: usize, out: &mut Vec<(u32, u32, f64)>) {
        let count = self.adj[v as usize].len();
        for i in 0..count.saturating_sub(1) {
            let (a, ca, _) = self.adj[v as usize][i];
            self.search += 1;
            let mut far = 0f64;
            for k in i + 1..count {
                let (b, cb, _) = self.adj[v as usize][k];
                self.mark[b as usize] = self.search;
                far = far.max(cb);
            }
            self.witness(a, v, ca + far, limit, count - 1 - i);
            for &(b, cb, _) in &self.adj[v as usize][i + 1..] {
                if self.dist[b as usize] > ca + cb + EPS {
                    out.push((a, b, ca + cb));
                }
            }
        }
    }

    /// Distances from `from` without passing `skip`, up to `bound` and `limit` settled, or
    /// until the `wanted` vertices marked for this search are settled.
    fn witness(&mut self, from: u32, skip: u32, bound: f64, limit: usize, mut wanted: usize) {
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
            if self.mark[u as usize] == self.search {
                wanted -= 1;
                if wanted == 0 {
                    break;
                }
            }
            for k in 0..self.adj[u as usize].len() {
                let (t, c, _) = self.adj[u as usize][k];
                if t == skip {
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

/// The upward graph in flat arrays: each vertex's edges to vertices contracted after it (both
/// ways within the core), sorted by target.
fn upward(lists: Vec<Vec<(u32, f64, u32)>>, rank: Vec<u32>, core: u32) -> Upward {
    let mut up = Upward { offsets: vec![0], rank, core, ..Upward::default() };
    for mut edges in lists {
        edges.sort_unstable_by_key(|e| e.0);
        for (t, c, m) in edges {
            up.targets.push(t);
            up.costs.push(c);
            up.middles.push(m);
        }
        up.offsets.push(up.targets.len() as u32);
    }
    up.link();
    up
}
