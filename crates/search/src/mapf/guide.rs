//! Guide paths that spread agents out before PIBT moves them (the space utilisation
//! optimisation of LaCAM3: Okumura, "Engineering LaCAM*: Towards Real-Time, Large-Scale, and
//! Near-Optimal Multi-Agent Pathfinding", AAMAS 2024).
//!
//! Each agent gets a path to its goal no longer than its shortest distance plus a margin that,
//! among those, meets the fewest other agents' paths (on a vertex at one time, swapping across
//! one edge, or passing a goal after its agent has arrived there); the agents are planned one
//! after another in a random order, each against the others' latest paths, in two rounds.
//! PIBT then ranks the next vertex of an agent's guide path
//! first while the agent stands on that path; off it, the distance to the goal ranks as
//! before. The guide only orders candidates: PIBT's and LaCAM's guarantees are untouched.
//!
//! The table of who is where holds a count per (time, vertex) and per (time, vertex, way out);
//! where that would pass [`MOST_COUNTS`], or the deadline comes first, there are no guides.

use super::Deadline;
use super::graph::{Distances, Graph, NONE};
use crate::rng::Rng;
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// How much longer than its shortest path a guide path may be (LaCAM3 allows 10; 4 did as
/// well on the benchmark's maps in less time).
const MARGIN: u32 = 4;

/// Rounds of planning every agent's guide: the first against those planned before it, the
/// second against all the others (more rounds cost as much again each and gained little on the
/// benchmark's maps).
const ROUNDS: usize = 2;

/// The most counts the table of guide paths may hold (2 bytes each: 32 MiB).
pub(crate) const MOST_COUNTS: usize = 1 << 24;

/// Each agent's guide path as (vertex, next vertex) pairs, looked up while PIBT ranks moves.
pub(crate) struct Guides {
    /// Open addressing on (agent, vertex): the key, and the next vertex.
    keys: Vec<u64>,
    next: Vec<u32>,
}

const EMPTY: u64 = u64::MAX;

impl Guides {
    /// No guides: PIBT ranks by distance alone.
    pub(crate) fn none() -> Guides {
        Guides { keys: vec![EMPTY], next: vec![NONE] }
    }

    /// Whether there are no guides.
    pub(crate) fn is_none(&self) -> bool {
        self.keys.len() == 1
    }

    /// The vertex after `at` on agent `i`'s guide path, or `NONE` when `at` is not on it (or
    /// is its goal).
    pub(crate) fn after(&self, i: usize, at: u32) -> u32 {
        let key = (i as u64) << 32 | at as u64;
        let mask = self.keys.len() - 1;
        let mut slot = Self::slot(key) & mask;
        loop {
            match self.keys[slot] {
                k if k == key => return self.next[slot],
                EMPTY => return NONE,
                _ => slot = (slot + 1) & mask,
            }
        }
    }

    fn slot(key: u64) -> usize {
        (key.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 32) as usize
    }

    /// Guide paths for agents from `starts` to `goals` (each goal reachable from its start);
    /// stops early at `deadline`, keeping the paths of the last full round.
    pub(crate) fn new(graph: &Graph, dist: &mut Distances, starts: &[u32], goals: &[u32], rng: &mut Rng, deadline: Deadline) -> Guides {
        plan(graph, dist, starts, goals, rng, deadline).map_or_else(Guides::none, |(paths, _)| Guides::from_paths(&paths))
    }

    fn from_paths(paths: &[Vec<u32>]) -> Guides {
        let steps: usize = paths.iter().map(|p| p.len()).sum();
        let size = (2 * steps).next_power_of_two().max(2);
        let mut guides = Guides { keys: vec![EMPTY; size], next: vec![NONE; size] };
        for (i, p) in paths.iter().enumerate() {
            for w in p.windows(2) {
                let key = (i as u64) << 32 | w[0] as u64;
                let mut slot = Self::slot(key) & (size - 1);
                while guides.keys[slot] != EMPTY {
                    slot = (slot + 1) & (size - 1);
                }
                guides.keys[slot] = key;
                guides.next[slot] = w[1];
            }
        }
        guides
    }
}

/// The guide paths (one a vertex list from start to goal; empty where none was found in time)
/// and the meetings among them, or `None` when the table would be too large.
fn plan(
    graph: &Graph,
    dist: &mut Distances,
    starts: &[u32],
    goals: &[u32],
    rng: &mut Rng,
    deadline: Deadline,
) -> Option<(Vec<Vec<u32>>, usize)> {
    let n = starts.len();
    let span = (0..n).map(|i| dist.get(graph, i, starts[i]) + MARGIN).max().unwrap_or(0) as usize + 1;
    let mut table = Table::new(graph, span)?;
    let mut paths: Vec<Vec<u32>> = vec![Vec::new(); n];
    let mut kept = (paths.clone(), 0);
    let mut search = Search::new(graph.len());
    for _ in 0..ROUNDS {
        let mut order: Vec<usize> = (0..n).collect();
        for a in (1..n).rev() {
            order.swap(a, rng.below(a + 1));
        }
        for &i in &order {
            if deadline.passed() {
                return Some(kept);
            }
            table.clear(graph, &paths[i]);
            let bound = dist.get(graph, i, starts[i]) + MARGIN;
            if let Some(path) = search.run(graph, dist, &table, i, starts[i], goals[i], bound) {
                paths[i] = path;
            }
            table.enrol(graph, &paths[i]);
        }
        kept = (paths.clone(), table.meetings);
        if table.meetings == 0 {
            break;
        }
    }
    Some(kept)
}

/// Who is where on the guide paths: counts per (time, vertex) and per (time, vertex, way
/// out), and when each goal's agent arrives.
struct Table {
    v: usize,
    span: usize,
    /// Ways out of a vertex at most.
    ways: usize,
    at: Vec<u16>,
    out: Vec<u16>,
    /// The time a goal's agent arrives there, by vertex, or `NONE`.
    arrives: Vec<u32>,
    /// Meetings among the enrolled paths.
    meetings: usize,
}

impl Table {
    /// An empty table for paths of up to `span - 1` steps, or `None` when it would hold more
    /// than [`MOST_COUNTS`].
    fn new(graph: &Graph, span: usize) -> Option<Table> {
        let v = graph.len();
        let ways = (0..v as u32).map(|u| graph.degree(u)).max().unwrap_or(0);
        let counts = span.checked_mul(v)?.checked_mul(1 + ways)?;
        (counts <= MOST_COUNTS).then(|| Table {
            v,
            span,
            ways,
            at: vec![0; span * v],
            out: vec![0; span * v * ways],
            arrives: vec![NONE; v],
            meetings: 0,
        })
    }

    /// The meetings of a step at time `t` from `from` to its `k`-th neighbour.
    fn cost(&self, graph: &Graph, from: u32, k: usize, t: usize) -> usize {
        let v = self.v;
        let to = graph.neighbours(from)[k];
        let mut c = 0;
        if t + 1 < self.span {
            c += self.at[(t + 1) * v + to as usize] as usize;
            c += self.out[(t * v + to as usize) * self.ways + graph.back(from, k)] as usize;
        }
        let a = self.arrives[to as usize];
        if a != NONE && t + 1 > a as usize {
            c += 1;
        }
        c
    }

    /// Takes `path` out of the table, with the meetings it had.
    fn clear(&mut self, graph: &Graph, path: &[u32]) {
        let Some(&goal) = path.last() else { return };
        self.arrives[goal as usize] = NONE;
        self.meetings -= self.goal_meetings(path);
        self.at[path[0] as usize] -= 1;
        for (t, w) in path.windows(2).enumerate() {
            let k = way(graph, w[0], w[1]);
            self.bump(t, w[0], k, w[1], false);
            self.meetings -= self.cost(graph, w[0], k, t);
        }
    }

    /// Puts `path` in the table, counting its meetings with the paths there.
    fn enrol(&mut self, graph: &Graph, path: &[u32]) {
        let Some(&goal) = path.last() else { return };
        self.at[path[0] as usize] += 1;
        for (t, w) in path.windows(2).enumerate() {
            let k = way(graph, w[0], w[1]);
            self.meetings += self.cost(graph, w[0], k, t);
            self.bump(t, w[0], k, w[1], true);
        }
        self.meetings += self.goal_meetings(path);
        self.arrives[goal as usize] = path.len() as u32 - 1;
    }

    /// Agents on `path`'s goal after it arrives.
    fn goal_meetings(&self, path: &[u32]) -> usize {
        let goal = *path.last().expect("a path") as usize;
        (path.len()..self.span).map(|t| self.at[t * self.v + goal] as usize).sum()
    }

    /// Counts (or uncounts) a step at time `t` from `from` to `to`, its `k`-th neighbour.
    fn bump(&mut self, t: usize, from: u32, k: usize, to: u32, add: bool) {
        let v = self.v;
        let (a, o) = ((t + 1) * v + to as usize, (t * v + from as usize) * self.ways + k);
        if add {
            self.at[a] += 1;
            self.out[o] += 1;
        } else {
            self.at[a] -= 1;
            self.out[o] -= 1;
        }
    }
}

/// Which of `from`'s neighbours `to` is.
fn way(graph: &Graph, from: u32, to: u32) -> usize {
    graph.neighbours(from).iter().position(|&u| u == to).expect("a step's two ends are neighbours")
}

/// The single-agent search of a guide path: best first by (meetings, length + distance left,
/// deeper first), each vertex closed once, within the length bound.
struct Search {
    parent: Vec<u32>,
    /// The best key pushed for each vertex in this search (`seen` says whether any).
    best: Vec<u128>,
    seen: Vec<u32>,
    closed: Vec<u32>,
    stamp: u32,
    heap: BinaryHeap<Reverse<u128>>,
}

/// An open entry's key, least first: meetings, then length + distance left, then the longer
/// way first, then the vertex.
fn key(meetings: u32, f: u32, g: u32, at: u32) -> u128 {
    (meetings as u128) << 96 | (f as u128) << 64 | ((u32::MAX - g) as u128) << 32 | at as u128
}

impl Search {
    fn new(v: usize) -> Search {
        Search { parent: vec![NONE; v], best: vec![0; v], seen: vec![0; v], closed: vec![0; v], stamp: 0, heap: BinaryHeap::new() }
    }

    // The agent's problem and the tables it is searched against, one argument each.
    #[allow(clippy::too_many_arguments)]
    fn run(&mut self, graph: &Graph, dist: &mut Distances, table: &Table, i: usize, start: u32, goal: u32, bound: u32) -> Option<Vec<u32>> {
        self.stamp += 1;
        let stamp = self.stamp;
        self.heap.clear();
        self.parent[start as usize] = NONE;
        self.heap.push(Reverse(key(0, dist.get(graph, i, start), 0, start)));
        while let Some(Reverse(k)) = self.heap.pop() {
            let (c, g, at) = ((k >> 96) as u32, u32::MAX - (k >> 32) as u32, k as u32);
            if self.closed[at as usize] == stamp {
                continue;
            }
            self.closed[at as usize] = stamp;
            if at == goal {
                return Some(self.path(start, goal));
            }
            for (w, &u) in graph.neighbours(at).iter().enumerate() {
                if u == start || self.closed[u as usize] == stamp {
                    continue;
                }
                let h = dist.get(graph, i, u);
                if g + 1 + h > bound {
                    continue;
                }
                let meet = table.cost(graph, at, w, g as usize) as u32;
                let k = key(c + meet, g + 1 + h, g + 1, u);
                // a vertex keeps its best entry only, and of equal ones the lowest parent's
                let known = self.seen[u as usize] == stamp;
                if known && (self.best[u as usize], self.parent[u as usize]) <= (k, at) {
                    continue;
                }
                self.seen[u as usize] = stamp;
                self.best[u as usize] = k;
                self.parent[u as usize] = at;
                self.heap.push(Reverse(k));
            }
        }
        None
    }

    fn path(&self, start: u32, goal: u32) -> Vec<u32> {
        let mut path = vec![goal];
        let mut at = goal;
        while at != start {
            at = self.parent[at as usize];
            path.push(at);
        }
        path.reverse();
        path
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::board::{Cell, Grid};

    /// Meetings counted from the paths alone, by the rules in the module's doc: two agents on
    /// one vertex at one time (after time 0), two swapping across an edge, an agent on another's
    /// goal after that one has arrived.
    fn meetings(paths: &[Vec<u32>]) -> usize {
        let mut count = 0;
        for (i, p) in paths.iter().enumerate() {
            for (j, q) in paths.iter().enumerate() {
                if i == j {
                    continue;
                }
                let arrived = p.len() - 1;
                count += (arrived + 1..q.len()).filter(|&t| q[t] == p[arrived]).count();
                if i < j {
                    let both = p.len().min(q.len());
                    count += (1..both).filter(|&t| p[t] == q[t]).count();
                    count += (1..both).filter(|&t| p[t] == q[t - 1] && q[t] == p[t - 1]).count();
                }
            }
        }
        count
    }

    #[test]
    fn guides_are_short_legal_paths_and_their_meetings_are_counted_right() {
        let mut rng = Rng::new(7);
        let mut all = 0;
        for round in 0..20 {
            let (w, h) = (6 + round % 5, 5 + round % 4);
            let mut grid = Grid::new(w, h).unwrap();
            for y in 0..h {
                for x in 0..w {
                    if rng.below(100) < 15 {
                        grid.set(x, y, Cell::Blocked).unwrap();
                    }
                }
            }
            let graph = Graph::new(&grid, round % 3 == 0);
            // agents on distinct cells of the largest part reachable from vertex 0's
            let mut cells: Vec<u32> = (0..graph.len() as u32).collect();
            for a in (1..cells.len()).rev() {
                cells.swap(a, rng.below(a + 1));
            }
            let n = (cells.len() / 3).min(12);
            let (starts, goals) = (&cells[..n], &cells[n..2 * n]);
            let mut dist = Distances::new(&graph, goals);
            let reachable: Vec<usize> = (0..n).filter(|&i| dist.get(&graph, i, starts[i]) != NONE).collect();
            let starts: Vec<u32> = reachable.iter().map(|&i| starts[i]).collect();
            let goals: Vec<u32> = reachable.iter().map(|&i| goals[i]).collect();
            let mut dist = Distances::new(&graph, &goals);
            let (paths, counted) = plan(&graph, &mut dist, &starts, &goals, &mut rng, Deadline(None)).expect("a small table");
            let guides = Guides::from_paths(&paths);
            for (i, p) in paths.iter().enumerate() {
                assert_eq!((p[0], *p.last().unwrap()), (starts[i], goals[i]), "agent {i} goes from its start to its goal");
                assert!(p.len() - 1 <= (dist.get(&graph, i, starts[i]) + MARGIN) as usize, "agent {i}'s guide is within the margin");
                for s in p.windows(2) {
                    assert!(graph.neighbours(s[0]).contains(&s[1]), "agent {i} steps between neighbours");
                    assert_eq!(guides.after(i, s[0]), s[1], "the lookup gives agent {i}'s next vertex");
                }
                assert_eq!(guides.after(i, goals[i]), NONE, "no next vertex after agent {i}'s goal");
            }
            assert_eq!(counted, meetings(&paths), "round {round}: the table's meetings are the paths' own");
            all += counted;
        }
        assert!(all > 20, "crowded enough to meet: {all} meetings");
    }
}
