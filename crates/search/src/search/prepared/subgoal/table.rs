//! Every subgoal's distance to every other, for graphs small enough to hold them: a query then
//! reads the table for each pair of the start's and the goal's subgoals instead of searching
//! the hierarchy (as Uras, Koenig and Hernandez's subgoal graphs "with stored distances"), and
//! walks the first subgoal on the way from each to the next.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// The most subgoals a graph may have to get a table: `n * n` distances (8 bytes) and first
/// steps (2 bytes), at most 40 MiB. The bundled game maps and 64room_000 have 61 to 1,500; the
/// room and maze maps 9,900 and more, and search their hierarchies.
pub const TABLE_SUBGOALS: usize = 2048;

/// No first step: the two subgoals are not joined.
const NONE: u16 = u16::MAX;

/// The distances between every two subgoals, and from each the first subgoal of a shortest
/// way to each other (their edges in the subgoal graph).
#[derive(Clone)]
pub(crate) struct Table {
    n: usize,
    dist: Vec<f64>,
    first: Vec<u16>,
}

impl Table {
    /// The table of the subgoal graph `graph` (each edge listed at both ends, with its cost),
    /// by a Dijkstra from every subgoal; `None` over [`TABLE_SUBGOALS`] subgoals.
    pub(crate) fn new(graph: &[Vec<(u32, f64, u32)>]) -> Option<Table> {
        let n = graph.len();
        if n > TABLE_SUBGOALS {
            return None;
        }
        // the edges in one array, each vertex's in a range of it
        let mut offsets = Vec::with_capacity(n + 1);
        let mut edges = Vec::new();
        for out in graph {
            offsets.push(edges.len());
            edges.extend(out.iter().map(|&(t, c, _)| (t, c)));
        }
        offsets.push(edges.len());
        let mut table = Table { n, dist: vec![f64::INFINITY; n * n], first: vec![NONE; n * n] };
        // keyed by the distance rounded to f32 above the vertex: one integer compare a step;
        // a vertex popped out of order by the rounding is offered again when bettered, so the
        // distances are exact
        let mut heap: BinaryHeap<Reverse<u64>> = BinaryHeap::new();
        let key = |d: f64, v: usize| u64::from((d as f32).to_bits()) << 32 | v as u64;
        for a in 0..n {
            let (dist, first) = (&mut table.dist[a * n..(a + 1) * n], &mut table.first[a * n..(a + 1) * n]);
            dist[a] = 0.0;
            first[a] = a as u16;
            heap.push(Reverse(key(0.0, a)));
            while let Some(Reverse(k)) = heap.pop() {
                let v = (k & u64::from(u32::MAX)) as usize;
                let d = dist[v];
                if f32::from_bits((k >> 32) as u32) > d as f32 {
                    continue;
                }
                for &(t, c) in &edges[offsets[v]..offsets[v + 1]] {
                    let (t, nd) = (t as usize, d + c);
                    if nd < dist[t] {
                        dist[t] = nd;
                        // the first step from `a`: `t` itself when reached from `a`
                        first[t] = if v == a { t as u16 } else { first[v] };
                        heap.push(Reverse(key(nd, t)));
                    }
                }
            }
        }
        Some(table)
    }

    /// The least `da + dist(a, b) + db` over the pairs of `from` and `to` (each a subgoal and
    /// its cost from the start, or to the goal), with its two subgoals; `None` when no pair is
    /// joined. `reads` counts the pairs looked at.
    pub(crate) fn best(&self, from: &[(u32, f64)], to: &[(u32, f64)], reads: &mut usize) -> Option<(u32, u32)> {
        let mut best = (f64::INFINITY, 0, 0);
        for &(a, da) in from {
            let row = &self.dist[a as usize * self.n..(a as usize + 1) * self.n];
            for &(b, db) in to {
                let c = da + row[b as usize] + db;
                if c < best.0 {
                    best = (c, a, b);
                }
            }
        }
        *reads += from.len() * to.len();
        best.0.is_finite().then_some((best.1, best.2))
    }

    /// The subgoals of a shortest way from `a` to `b` (joined), both included, each the
    /// next's neighbour in the subgoal graph.
    pub(crate) fn walk(&self, a: u32, b: u32, out: &mut Vec<u32>) {
        let mut v = a;
        out.push(v);
        while v != b {
            v = u32::from(self.first[v as usize * self.n + b as usize]);
            out.push(v);
        }
    }

    /// Bytes held.
    pub(crate) fn bytes(&self) -> usize {
        self.dist.len() * 8 + self.first.len() * 2
    }
}
