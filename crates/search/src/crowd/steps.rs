//! A crowd's moves in one tick, by PIBT (Okumura et al., AIJ 2022): agents choose their next
//! cell in order of urgency (an agent on its way gains one each tick until it arrives; agents
//! without a goal come last), each the free cell nearest its goal by its own search's distances
//! (the gathering field's in gather mode), pushing an agent in the way to choose first and
//! trying its next choice when that agent has nowhere to go. No two agents take one cell, none
//! swap, and nobody gives a goal up: an agent kept from its path waits with a growing urgency
//! until the others make way.

use crate::grid::Pos;
use crate::grid::moves::{moves, step_kind};

use super::Crowd;
use super::agents::{AgentState, CrowdMode, NONE};

/// The deepest chain of pushes one choice may start (a guard for the call stack; PIBT's chains
/// are short in practice).
const MAX_PUSH_CHAIN: usize = 2048;

/// The step's working tables, kept between ticks.
#[derive(Default)]
pub(super) struct StepTables {
    /// Each agent's next cell (as a cell index), `NONE` until chosen.
    next: Vec<u32>,
    /// Each cell's agent for the next tick, `NONE` when nobody takes it.
    taker: Vec<u32>,
    order: Vec<u32>,
}

impl Crowd {
    /// Every agent moves at most one cell (see the module documentation).
    pub(super) fn move_agents(&mut self) {
        let n = self.agents.len();
        let mut t = std::mem::take(&mut self.steps);
        t.next.clear();
        t.next.resize(n, NONE);
        t.taker.resize(self.occupant.len(), NONE);
        let tick = self.stats.ticks as u64;
        let rank = |i: usize, c: &Crowd| -> u64 {
            let a = &c.agents[i];
            let rotate = (i as u64).wrapping_mul(0x9E37_79B9).wrapping_add(tick.wrapping_mul(0x85EB_CA6B)) & 0xF_FFFF;
            let urgent = if a.state == AgentState::Moving { a.urgency as u64 + 1 } else { 0 };
            urgent << 20 | rotate
        };
        t.order.clear();
        t.order.extend(0..n as u32);
        let keys: Vec<u64> = (0..n).map(|i| rank(i, self)).collect();
        t.order.sort_unstable_by_key(|&i| std::cmp::Reverse(keys[i as usize]));
        for k in 0..n {
            let i = t.order[k] as usize;
            if t.next[i] == NONE {
                self.choose(&mut t, i, 0);
            }
        }
        // everyone moves at once
        let moves: Vec<(usize, Pos)> = (0..n)
            .filter_map(|i| {
                let cell = t.next[i] as usize;
                t.taker[cell] = NONE;
                let to = (cell % self.grid.width(), cell / self.grid.width());
                (to != self.agents[i].pos).then_some((i, to))
            })
            .collect();
        for &(i, _) in &moves {
            let at = self.index(self.agents[i].pos);
            self.occupant[at] = NONE;
        }
        for &(i, to) in &moves {
            let at = self.index(to);
            self.occupant[at] = i as u32;
            self.agents[i].pos = to;
        }
        self.steps = t;
        for i in 0..n {
            self.after_step(i);
        }
    }

    /// Agent `i` takes a cell for the next tick; false when it can only stay (the recursive
    /// heart of PIBT: an agent in the way is asked to choose first).
    fn choose(&mut self, t: &mut StepTables, i: usize, depth: usize) -> bool {
        let here = self.agents[i].pos;
        let here_cell = self.index(here) as u32;
        if depth < MAX_PUSH_CHAIN {
            let (mut cands, k) = self.wishes(i);
            let partner = self.swap_partner(t, i, cands[0]);
            if partner != NONE {
                cands[..k].reverse();
            }
            for (c, &u) in cands[..k].iter().enumerate() {
                let cell = self.index(u);
                if t.taker[cell] != NONE {
                    continue;
                }
                let other = self.occupant[cell];
                // the agent there is coming to this agent's cell: that would be a swap; or it
                // has gathered, and the others pack around it
                if other != NONE && (t.next[other as usize] == here_cell || self.agents[other as usize].state == AgentState::Arrived) {
                    continue;
                }
                t.taker[cell] = i as u32;
                t.next[i] = cell as u32;
                if other != NONE && other as usize != i && t.next[other as usize] == NONE && !self.choose(t, other as usize, depth + 1) {
                    continue;
                }
                // pull the partner into the cell this agent leaves
                if c == 0 && partner != NONE && t.next[partner as usize] == NONE && t.taker[here_cell as usize] == NONE {
                    t.next[partner as usize] = here_cell;
                    t.taker[here_cell as usize] = partner;
                }
                return true;
            }
        }
        t.taker[here_cell as usize] = i as u32;
        t.next[i] = here_cell;
        false
    }

    /// The agent `i` should pull through its own cell rather than push (LaCAM2's swap, for two
    /// agents facing each other where there is no room to pass), or `NONE`.
    fn swap_partner(&mut self, t: &StepTables, i: usize, best: Pos) -> u32 {
        let here = self.agents[i].pos;
        if best == here {
            return NONE;
        }
        let ahead = self.occupant[self.index(best)];
        if ahead != NONE
            && t.next[ahead as usize] == NONE
            && self.swap_required(i, ahead as usize, here, best)
            && self.swap_possible(best, here)
        {
            return ahead;
        }
        let mut buf = Vec::new();
        moves(&self.grid, here, self.options.topology, self.options.costs, true, &mut buf);
        for &(u, _) in &buf {
            let other = self.occupant[self.index(u)];
            if other == NONE || u == best {
                continue;
            }
            if self.swap_required(other as usize, i, here, best) && self.swap_possible(best, here) {
                return other;
            }
        }
        NONE
    }

    /// The one way on from `from` coming from `back`: `None` when there are two or more (room
    /// to pass), `Some(None)` at a dead end. A dead end held by an agent on its goal is no way.
    fn way_on(&self, back: Pos, from: Pos) -> Option<Option<Pos>> {
        let mut buf = Vec::new();
        moves(&self.grid, from, self.options.topology, self.options.costs, true, &mut buf);
        let mut ways = 0;
        let mut way = None;
        let mut around = Vec::new();
        for &(u, _) in &buf {
            let a = self.occupant[self.index(u)];
            let parked = a != NONE && self.agents[a as usize].goal == u && {
                moves(&self.grid, u, self.options.topology, self.options.costs, true, &mut around);
                around.len() == 1
            };
            if u != back && !parked {
                ways += 1;
                way = Some(u);
            }
        }
        if ways >= 2 { None } else { Some(way) }
    }

    fn left(&self, i: usize, q: Pos) -> f64 {
        self.distance_left(i, q).unwrap_or(f64::INFINITY)
    }

    /// Whether the pusher, to get on, needs the puller in front of it to come past: down the
    /// corridor ahead until it widens, the two would still be in each other's way.
    fn swap_required(&self, pusher: usize, puller: usize, from_pusher: Pos, from_puller: Pos) -> bool {
        let (mut a, mut b) = (from_pusher, from_puller);
        while self.left(pusher, b) < self.left(pusher, a) {
            match self.way_on(a, b) {
                None => return false,
                Some(None) => break,
                Some(Some(next)) => (a, b) = (b, next),
            }
        }
        self.left(puller, a) < self.left(puller, b) && (self.left(pusher, a) == 0.0 || self.left(pusher, b) < self.left(pusher, a))
    }

    /// Whether the corridor behind the puller widens somewhere, so the two can pass there.
    fn swap_possible(&self, from_pusher: Pos, from_puller: Pos) -> bool {
        let (mut a, mut b) = (from_pusher, from_puller);
        let mut steps = 0;
        while b != from_pusher && steps < self.occupant.len() {
            match self.way_on(a, b) {
                None => return true,
                Some(None) => return false,
                Some(Some(next)) => (a, b) = (b, next),
            }
            steps += 1;
        }
        false
    }

    /// Agent `i`'s cells for the next tick, best first: its cell and the legal moves from it,
    /// by the distance left to its goal (ties at random); an agent without a goal prefers to
    /// stay.
    fn wishes(&mut self, i: usize) -> ([Pos; 9], usize) {
        let here = self.agents[i].pos;
        let mut buf = std::mem::take(&mut self.buf);
        moves(&self.grid, here, self.options.topology, self.options.costs, true, &mut buf);
        let mut keyed = [(0.0f64, here); 9];
        let mut k = 0;
        for q in std::iter::once(here).chain(buf.iter().map(|&(q, _)| q)).take(9) {
            let jitter = self.below(1024) as f64 / 2048.0;
            keyed[k] = (self.distance_left(i, q).unwrap_or(f64::INFINITY) + jitter, q);
            k += 1;
        }
        self.buf = buf;
        keyed[..k].sort_unstable_by(|a, b| a.0.total_cmp(&b.0));
        let mut out = [here; 9];
        for (o, &(_, q)) in out.iter_mut().zip(&keyed[..k]) {
            *o = q;
        }
        (out, k)
    }

    /// How far agent `i` would still have to go from `q`: its search's distance (or the
    /// gathering field's); for an agent without a goal, 0 where it stands and 1 elsewhere.
    fn distance_left(&self, i: usize, q: Pos) -> Option<f64> {
        let a = &self.agents[i];
        let seeking = a.state == AgentState::Moving;
        match (&self.field, &a.plan) {
            (Some(field), _) if seeking => field.distance(q),
            (None, Some(plan)) if seeking => Some(plan.estimate(q).unwrap_or(plan.estimate(a.pos).unwrap_or(0.0) + 4.0)),
            _ => Some(if q == a.pos { 0.0 } else { 1.0 }),
        }
    }

    /// After the move: arrivals, paths kept in step with where the agent went, urgency.
    fn after_step(&mut self, i: usize) {
        self.regather(i);
        let a = &mut self.agents[i];
        let moved = a.pos != a.prev;
        a.blocked = if moved { 0 } else { a.blocked + 1 };
        if a.state != AgentState::Moving {
            if moved {
                self.stats.sidesteps += 1;
            }
            return;
        }
        a.urgency += 1;
        if let CrowdMode::Gather(goal) = self.mode {
            if a.pos == goal || self.packed(i) {
                self.arrive(i);
            }
            return;
        }
        if !moved {
            return;
        }
        let pos = a.pos;
        match a.path.iter().rposition(|&p| p == pos) {
            // along its path (or a shortcut onto it)
            Some(k) => {
                if k + 1 != a.path.len() {
                    self.stats.sidesteps += 1;
                }
                a.path.truncate(k);
            }
            // pushed off it: the path goes on from here, through the cell it left when the
            // next one is not a move away
            None => {
                self.stats.sidesteps += 1;
                a.detoured = true;
                // outside what its search has met: search again from here (it is reused)
                if a.plan.as_ref().is_none_or(|plan| plan.estimate(pos).is_none()) {
                    self.stats.detours += 1;
                    self.search_again(i);
                    return;
                }
                let next = a.path.last().copied();
                if next.is_none_or(|s| step_kind(&self.grid, pos, s, self.options.topology).is_none()) {
                    let prev = a.prev;
                    a.path.push(prev);
                }
            }
        }
        if self.agents[i].path.is_empty() && self.agents[i].pos == self.agents[i].goal {
            self.arrive(i);
        }
    }

    /// In a gathering, a gathered agent with a cell opened in front of it (one pushed aside, or
    /// whose neighbour was) heads in again: else it stands "arrived" there, and so do the
    /// agents that gather behind it.
    fn regather(&mut self, i: usize) {
        if let CrowdMode::Gather(goal) = self.mode
            && self.agents[i].state == AgentState::Arrived
            && self.agents[i].pos != goal
            && !self.nearer_cells_held(i, false)
        {
            self.agents[i].state = AgentState::Moving;
        }
    }

    /// In a gathering: whether every neighbouring cell nearer the goal holds a gathered agent.
    fn packed(&mut self, i: usize) -> bool {
        self.nearer_cells_held(i, true)
    }

    /// In a gathering: whether every neighbouring cell nearer the goal holds an agent (a
    /// gathered one, with `gathered`).
    fn nearer_cells_held(&mut self, i: usize, gathered: bool) -> bool {
        let pos = self.agents[i].pos;
        let Some(here) = self.field_distance(pos) else { return false };
        let mut buf = std::mem::take(&mut self.buf);
        moves(&self.grid, pos, self.options.topology, self.options.costs, true, &mut buf);
        let packed = buf.iter().filter(|&&(q, _)| self.field_distance(q).is_some_and(|d| d < here)).all(|&(q, _)| {
            let a = self.occupant[self.index(q)];
            a != NONE && (!gathered || self.agents[a as usize].state == AgentState::Arrived)
        });
        self.buf = buf;
        packed
    }
}
