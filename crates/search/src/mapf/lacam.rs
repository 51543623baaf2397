//! LaCAM* (Okumura, "LaCAM: Search-Based Algorithm for Quick Multi-Agent Pathfinding", AAAI
//! 2023, and "Improving LaCAM for Scalable Eventually Optimal Multi-Agent Pathfinding", IJCAI
//! 2023): a depth-first search over configurations (where every agent is), whose successors
//! come from PIBT one step at a time. Each configuration also keeps a lazily grown tree of
//! constraints (agent k goes to vertex v), so a configuration PIBT cannot leave its way is
//! revisited with other first moves: in the end every successor is generated, which makes the
//! search complete. It stops at the first plan: `polish.rs` makes plans cheaper (large
//! neighbourhood search does that faster than LaCAM*'s continued search on crowded instances).

use super::Deadline;
use super::graph::{Distances, Graph, NONE};
use super::pibt::Pibt;
use std::collections::VecDeque;

/// A configuration's constraints, as LaCAM's low-level search grows them: the first
/// `who.len()` agents of the node's order go to `at`.
struct Constraint {
    who: Vec<u32>,
    at: Vec<u32>,
}

/// A configuration met by the search.
struct Node {
    parent: u32,
    /// The agents' summed distances to their goals: 0 at the goal configuration.
    h: u64,
    constraints: VecDeque<Constraint>,
}

/// What the search found.
pub(crate) struct Found {
    /// The plan's configurations, time-major, or `None`.
    pub(crate) configs: Option<Vec<Vec<u32>>>,
    /// No configuration was left: without a plan, none exists.
    pub(crate) exhausted: bool,
    /// Configurations met.
    pub(crate) nodes: usize,
}

/// The search itself. Configurations live in one flat array (`configs[k * n..]` is node k's),
/// as do the agents' priorities and orders.
pub(crate) struct Lacam<'g> {
    graph: &'g Graph,
    dist: Distances,
    pibt: Pibt,
    n: usize,
    nodes: Vec<Node>,
    configs: Vec<u32>,
    priorities: Vec<f32>,
    orders: Vec<u32>,
    table: Vec<u32>,
}

const RESTART_RATE: f64 = 0.001;

/// Configurations met without a new lowest `h` before guided PIBT is judged stuck. Guide paths
/// can lead PIBT into a trap it circles (two agents in a dead-end corridor, each pulled back by
/// the other's guide); PIBT by distances alone then takes over, from the start.
const STALL: usize = 2048;

/// The most agent positions the search keeps (configurations times agents, about 12 bytes
/// each with priorities and orders): it stops there, as at its deadline.
const MAX_HELD: usize = 64 << 20;

impl<'g> Lacam<'g> {
    pub(crate) fn new(graph: &'g Graph, dist: Distances, goals: Vec<u32>, guides: super::guide::Guides, seed: u64) -> Lacam<'g> {
        Lacam {
            graph,
            dist,
            n: goals.len(),
            pibt: Pibt::new(graph.len(), goals, guides, seed),
            nodes: Vec::new(),
            configs: Vec::new(),
            priorities: Vec::new(),
            orders: Vec::new(),
            table: vec![NONE; 1024],
        }
    }

    fn config(&self, k: u32) -> &[u32] {
        &self.configs[k as usize * self.n..(k as usize + 1) * self.n]
    }

    /// The search from `starts` until the first plan or `deadline`.
    pub(crate) fn run(&mut self, starts: &[u32], deadline: Deadline) -> Found {
        let root = self.add(starts, NONE);
        let mut open = vec![root];
        let mut found = Found { configs: None, exhausted: false, nodes: 0 };
        let mut fixed = Vec::new();
        let mut checks = 0u32;
        let (mut lowest, mut lowest_at) = (u64::MAX, 0);
        while let Some(&top) = open.last() {
            checks = checks.wrapping_add(1);
            if checks.is_multiple_of(64) && (deadline.passed() || self.configs.len() > MAX_HELD) {
                break;
            }
            let node = &self.nodes[top as usize];
            if node.h < lowest {
                (lowest, lowest_at) = (node.h, self.nodes.len());
            } else if self.nodes.len() - lowest_at > STALL && self.pibt.drop_guides() {
                lowest_at = self.nodes.len();
                open.push(root);
                continue;
            }
            if node.h == 0 {
                found.configs = Some(self.backtrack(top));
                break;
            }
            let Some(c) = self.nodes[top as usize].constraints.pop_front() else {
                open.pop();
                continue;
            };
            self.grow(top, &c);
            fixed.clear();
            fixed.extend(c.who.iter().copied().zip(c.at.iter().copied()));
            let config = self.config(top).to_vec();
            let order = self.orders[top as usize * self.n..(top as usize + 1) * self.n].to_vec();
            if !self.pibt.step(self.graph, &mut self.dist, &config, &order, &fixed) {
                continue;
            }
            let next = std::mem::take(&mut self.pibt.next);
            let known = self.find(&next);
            let push = if known == NONE {
                self.add(&next, top)
            } else if self.pibt.unit() >= RESTART_RATE {
                known
            } else {
                root
            };
            self.pibt.next = next;
            open.push(push);
        }
        found.exhausted = open.is_empty();
        found.nodes = self.nodes.len();
        found
    }

    /// The distance tables, for whoever polishes the plan.
    pub(crate) fn into_distances(self) -> Distances {
        self.dist
    }

    /// A new node for `config`, its priorities carried on from `parent` as in PIBT (an agent
    /// away from its goal gains one, one on it drops back to its fractional tie-breaker).
    fn add(&mut self, config: &[u32], parent: u32) -> u32 {
        let k = self.nodes.len() as u32;
        let n = self.n;
        let mut h = 0u64;
        for (i, &v) in config.iter().enumerate() {
            let d = self.dist.get(self.graph, i, v);
            h += d as u64;
            let p = if parent == NONE {
                d as f32 / n as f32
            } else {
                let before = self.priorities[parent as usize * n + i];
                if d != 0 { before + 1.0 } else { before - before.trunc() }
            };
            self.priorities.push(p);
        }
        self.configs.extend_from_slice(config);
        let prio = &self.priorities[k as usize * n..];
        let mut order: Vec<u32> = (0..n as u32).collect();
        order.sort_by(|&a, &b| prio[b as usize].total_cmp(&prio[a as usize]));
        self.orders.extend_from_slice(&order);
        let mut constraints = VecDeque::new();
        constraints.push_back(Constraint { who: Vec::new(), at: Vec::new() });
        self.nodes.push(Node { parent, h, constraints });
        self.insert(k);
        k
    }

    /// Adds the children of constraint `c` at node `k`: the next agent in the node's order goes
    /// to each of its neighbours or stays, in a random order.
    fn grow(&mut self, k: u32, c: &Constraint) {
        let depth = c.who.len();
        if depth >= self.n {
            return;
        }
        let i = self.orders[k as usize * self.n + depth];
        let here = self.configs[k as usize * self.n + i as usize];
        let mut moves: Vec<u32> = self.graph.neighbours(here).to_vec();
        moves.push(here);
        for a in (1..moves.len()).rev() {
            let b = self.pibt.below(a + 1);
            moves.swap(a, b);
        }
        for v in moves {
            let mut who = c.who.clone();
            who.push(i);
            let mut at = c.at.clone();
            at.push(v);
            self.nodes[k as usize].constraints.push_back(Constraint { who, at });
        }
    }

    fn backtrack(&self, goal: u32) -> Vec<Vec<u32>> {
        let mut out = Vec::new();
        let mut k = goal;
        while k != NONE {
            out.push(self.config(k).to_vec());
            k = self.nodes[k as usize].parent;
        }
        out.reverse();
        out
    }

    fn hash(config: &[u32]) -> u64 {
        let mut h = 0xcbf2_9ce4_8422_2325u64;
        for &v in config {
            h = (h.rotate_left(5) ^ v as u64).wrapping_mul(0x517c_c1b7_2722_0a95);
        }
        h ^ (h >> 29)
    }

    /// The node holding `config`, or `NONE` (open addressing over node numbers).
    fn find(&self, config: &[u32]) -> u32 {
        let mask = self.table.len() - 1;
        let mut slot = Self::hash(config) as usize & mask;
        loop {
            let k = self.table[slot];
            if k == NONE || self.config(k) == config {
                return k;
            }
            slot = (slot + 1) & mask;
        }
    }

    fn insert(&mut self, k: u32) {
        if (self.nodes.len()) * 2 > self.table.len() {
            let size = self.table.len() * 2;
            self.table = vec![NONE; size];
            for j in 0..k {
                self.place(j);
            }
        }
        self.place(k);
    }

    fn place(&mut self, k: u32) {
        let mask = self.table.len() - 1;
        let mut slot = Self::hash(self.config(k)) as usize & mask;
        while self.table[slot] != NONE {
            slot = (slot + 1) & mask;
        }
        self.table[slot] = k;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::board::Grid;

    /// The low-level search's successors of a node: for the first agent in the node's order,
    /// one constraint per neighbour of its vertex and one that holds it in place, no other; and
    /// a deeper constraint extends its parent by the next agent in the order.
    #[test]
    fn every_move_and_the_stay_are_constraint_successors() {
        let grid = Grid::new(3, 3).unwrap();
        let graph = Graph::new(&grid, false);
        let v = |p| graph.vertex(p).unwrap();
        let (starts, goals) = (vec![v((1, 1)), v((0, 0))], vec![v((2, 2)), v((0, 2))]);
        let dist = Distances::new(&graph, &goals);
        let mut search = Lacam::new(&graph, dist, goals, crate::mapf::guide::Guides::none(), 7);
        let root = search.add(&starts, NONE);
        let empty = search.nodes[root as usize].constraints.pop_front().unwrap();
        search.grow(root, &empty);
        let first = search.orders[0];
        let here = starts[first as usize];
        let mut want: Vec<u32> = graph.neighbours(here).to_vec();
        want.push(here);
        want.sort_unstable();
        let kids: Vec<&Constraint> = search.nodes[root as usize].constraints.iter().collect();
        assert!(kids.iter().all(|c| c.who == [first]), "each constrains the first agent in the order");
        let mut got: Vec<u32> = kids.iter().map(|c| c.at[0]).collect();
        got.sort_unstable();
        assert_eq!(got, want, "its four neighbours and its own vertex");
        // one level deeper: the second agent's moves, each under the first one's constraint
        let c = search.nodes[root as usize].constraints.pop_front().unwrap();
        search.grow(root, &c);
        let second = search.orders[1];
        let deeper: Vec<&Constraint> = search.nodes[root as usize].constraints.iter().filter(|k| k.who.len() == 2).collect();
        assert_eq!(deeper.len(), graph.degree(starts[second as usize]) + 1);
        assert!(deeper.iter().all(|k| k.who == [first, second] && k.at[0] == c.at[0]));
    }
}
