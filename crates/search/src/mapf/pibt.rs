//! PIBT, one time step for all agents (Okumura et al., "Priority Inheritance with Backtracking
//! for Iterative Multi-agent Path Finding", AIJ 2022), as LaCAM's configuration generator:
//! some agents' next cells may be fixed beforehand (the constraints of LaCAM's low-level
//! search), the others choose in priority order, each taking the free neighbour nearest its
//! goal and pushing an agent in its way to choose first (priority inheritance), backing off to
//! its next choice when the pushed agent finds no cell. With the swap rule of LaCAM2 (Okumura,
//! IJCAI 2023): when two agents face each other in a corridor, the one behind pulls instead of
//! pushing, so they pass at the next branch.

use super::graph::{Distances, Graph, NONE};
use super::guide::Guides;
use crate::rng::Rng;

/// The working state of one step: where each agent is and goes, and who holds each vertex now
/// and next.
pub(crate) struct Pibt {
    pub(crate) now: Vec<u32>,
    pub(crate) next: Vec<u32>,
    holder_now: Vec<u32>,
    holder_next: Vec<u32>,
    goals: Vec<u32>,
    tie: Vec<f32>,
    rng: Rng,
    guides: Guides,
}

impl Pibt {
    pub(crate) fn new(vertices: usize, goals: Vec<u32>, guides: Guides, seed: u64) -> Pibt {
        let n = goals.len();
        Pibt {
            now: vec![NONE; n],
            next: vec![NONE; n],
            holder_now: vec![NONE; vertices],
            holder_next: vec![NONE; vertices],
            goals,
            tie: vec![0.0; vertices],
            rng: Rng::new(seed),
            guides,
        }
    }

    /// Ranks by distance alone from now on; false when there were no guides to drop.
    pub(crate) fn drop_guides(&mut self) -> bool {
        !std::mem::replace(&mut self.guides, Guides::none()).is_none()
    }

    pub(crate) fn unit(&mut self) -> f64 {
        self.rng.unit()
    }

    pub(crate) fn below(&mut self, n: usize) -> usize {
        self.rng.below(n)
    }

    /// The next configuration from `config`: agents in `fixed` (agent, vertex) go where they
    /// are told, the rest by PIBT in `order`. False when no collision-free step meets the
    /// constraints this way; `self.next` holds the step otherwise.
    pub(crate) fn step(&mut self, graph: &Graph, dist: &mut Distances, config: &[u32], order: &[u32], fixed: &[(u32, u32)]) -> bool {
        for i in 0..self.now.len() {
            if self.now[i] != NONE && self.holder_now[self.now[i] as usize] == i as u32 {
                self.holder_now[self.now[i] as usize] = NONE;
            }
            if self.next[i] != NONE {
                self.holder_next[self.next[i] as usize] = NONE;
                self.next[i] = NONE;
            }
        }
        for (i, &v) in config.iter().enumerate() {
            self.now[i] = v;
            self.holder_now[v as usize] = i as u32;
        }
        for &(i, v) in fixed {
            if self.holder_next[v as usize] != NONE {
                return false;
            }
            // the agent now on v may not come to i's cell in the same step
            let from = config[i as usize];
            let on_v = self.holder_now[v as usize];
            if on_v != NONE && self.holder_next[from as usize] == on_v {
                return false;
            }
            self.next[i as usize] = v;
            self.holder_next[v as usize] = i;
        }
        for &i in order {
            if self.next[i as usize] == NONE && !self.choose(graph, dist, i) {
                return false;
            }
        }
        true
    }

    /// Agent `i` takes a cell for the next step (the recursive heart of PIBT).
    // Long: the candidate order, the swap pull and priority inheritance are one decision.
    fn choose(&mut self, graph: &Graph, dist: &mut Distances, i: u32) -> bool {
        let ai = i as usize;
        let here = self.now[ai];
        let around = graph.neighbours(here);
        let k = around.len() + 1;
        let mut cands = [NONE; 9];
        let mut keys = [0f32; 9];
        cands[..k - 1].copy_from_slice(around);
        cands[k - 1] = here;
        for c in 0..k {
            let u = cands[c];
            self.tie[u as usize] = self.rng.unit() as f32;
            keys[c] = dist.get(graph, ai, u) as f32 + self.tie[u as usize];
        }
        // insertion sort: at most nine candidates
        for a in 1..k {
            let mut b = a;
            while b > 0 && keys[b] < keys[b - 1] {
                keys.swap(b, b - 1);
                cands.swap(b, b - 1);
                b -= 1;
            }
        }
        let guide = self.guides.after(ai, here);
        if guide != NONE
            && let Some(g) = cands[..k].iter().position(|&u| u == guide)
        {
            cands[..=g].rotate_right(1);
        }
        let partner = self.swap_partner(graph, dist, i, cands[0]);
        if partner != NONE {
            cands[..k].reverse();
        }
        for (c, &u) in cands[..k].iter().enumerate() {
            if self.holder_next[u as usize] != NONE {
                continue;
            }
            let ak = self.holder_now[u as usize];
            if ak != NONE && self.next[ak as usize] == here {
                continue;
            }
            self.holder_next[u as usize] = i;
            self.next[ai] = u;
            if ak != NONE && ak != i && self.next[ak as usize] == NONE && !self.choose(graph, dist, ak) {
                continue;
            }
            if c == 0 && partner != NONE && self.next[partner as usize] == NONE && self.holder_next[here as usize] == NONE {
                self.next[partner as usize] = here;
                self.holder_next[here as usize] = partner;
            }
            return true;
        }
        self.holder_next[here as usize] = i;
        self.next[ai] = here;
        false
    }

    /// The agent that `i` should pull through its own cell rather than push, or `NONE`.
    fn swap_partner(&mut self, graph: &Graph, dist: &mut Distances, i: u32, best: u32) -> u32 {
        let here = self.now[i as usize];
        if best == here {
            return NONE;
        }
        let aj = self.holder_now[best as usize];
        if aj != NONE
            && self.next[aj as usize] == NONE
            && self.swap_required(graph, dist, i, aj, here, best)
            && self.swap_possible(graph, best, here)
        {
            return aj;
        }
        for &u in graph.neighbours(here) {
            let ak = self.holder_now[u as usize];
            if ak == NONE || best == u {
                continue;
            }
            if self.swap_required(graph, dist, ak, i, here, best) && self.swap_possible(graph, best, here) {
                return ak;
            }
        }
        NONE
    }

    /// The one free way on from `from` (coming from `back`), `None` when there are two or more
    /// (room to pass) and `Some(NONE)` at a dead end. A neighbour held by an agent parked on its
    /// goal at a dead end does not count as a way.
    fn way_on(&self, graph: &Graph, back: u32, from: u32) -> Option<u32> {
        let mut ways = 0;
        let mut way = NONE;
        for &u in graph.neighbours(from) {
            let a = self.holder_now[u as usize];
            let parked = graph.degree(u) == 1 && a != NONE && self.goals[a as usize] == u;
            if u != back && !parked {
                ways += 1;
                way = u;
            }
        }
        if ways >= 2 { None } else { Some(way) }
    }

    /// Whether the pusher, to get on, needs the puller behind it to go past it: walking the
    /// corridor ahead of the puller until it widens, the two would still be in each other's way.
    fn swap_required(&self, graph: &Graph, dist: &mut Distances, pusher: u32, puller: u32, from_pusher: u32, from_puller: u32) -> bool {
        let (mut a, mut b) = (from_pusher, from_puller);
        while dist.get(graph, pusher as usize, b) < dist.get(graph, pusher as usize, a) {
            match self.way_on(graph, a, b) {
                None => return false,
                Some(NONE) => break,
                Some(next) => (a, b) = (b, next),
            }
        }
        let (p, q) = (pusher as usize, puller as usize);
        dist.get(graph, q, a) < dist.get(graph, q, b) && (dist.get(graph, p, a) == 0 || dist.get(graph, p, b) < dist.get(graph, p, a))
    }

    /// Whether the corridor behind the puller widens somewhere, so the two can pass there.
    fn swap_possible(&self, graph: &Graph, from_pusher: u32, from_puller: u32) -> bool {
        let (mut a, mut b) = (from_pusher, from_puller);
        while b != from_pusher {
            match self.way_on(graph, a, b) {
                None => return true,
                Some(NONE) => return false,
                Some(next) => (a, b) = (b, next),
            }
        }
        false
    }
}
