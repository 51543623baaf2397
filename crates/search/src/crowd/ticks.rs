//! A crowd's tick: searches within the budget, then every agent moves at most one cell, never
//! into a taken cell; waiting, giving way, detours and giving up; and the invariants checked
//! from positions alone.

use crate::dstar::Progress;
use crate::grid::{Cell, Grid};
use crate::moves::{moves, step_kind};
use crate::types::Pos;

use super::Crowd;
use super::agents::{AgentState, CrowdMode, NONE};

impl Crowd {
    /// One tick: searches within the budget, then every agent moves at most one cell.
    pub fn tick(&mut self) {
        self.stats.ticks += 1;
        if self.mode == CrowdMode::Wander {
            for i in 0..self.agents.len() {
                if self.agents[i].state == AgentState::Idle && self.agents[i].plan.is_none() {
                    let p = self.agents[i].pos;
                    let away = self.agents[i].jammed_at.take();
                    if let Some(goal) = self.wander_goal(p, away) {
                        self.start_plan(i, goal);
                    }
                }
            }
        }
        self.run_searches();
        let n = self.agents.len();
        let first = if n > 0 { self.stats.ticks % n } else { 0 };
        for a in &mut self.agents {
            a.prev = a.pos;
        }
        // Everyone in turn, then those who found their cell taken once more (the agent ahead may
        // have moved on since: a line moves as one), then the rest wait.
        let mut waiting = Vec::new();
        for k in 0..n {
            let i = (first + k) % n;
            if let Some(next) = self.move_agent(i) {
                waiting.push((i, next));
            }
        }
        for _ in 0..2 {
            let before = waiting.len();
            waiting.retain(|&(i, _)| self.move_agent(i).is_some());
            if waiting.len() == before {
                break;
            }
        }
        for (i, next) in waiting {
            self.wait(i, next);
        }
        if !self.check().is_empty() {
            self.stats.conflicts += 1;
        }
    }

    /// Runs the queued searches within the tick's budget of expansions: first searches, repairs
    /// (and with `compare`, A* from scratch on the same problem), then the paths read out.
    // Long: one pass over the queue with the budget, the comparison and the bookkeeping of
    // each finished search, which share the agent being served.
    fn run_searches(&mut self) {
        let mut left = self.options.budget;
        while left > 0 {
            let Some(&i) = self.queue.front() else { break };
            let grid = &self.grid;
            let a = &mut self.agents[i];
            let Some(plan) = &mut a.plan else {
                a.queued = false;
                self.queue.pop_front();
                continue;
            };
            plan.move_start(a.pos);
            let before = plan.expanded();
            let progress = plan.compute(grid, left);
            let used = plan.expanded() - before;
            left = left.saturating_sub(used.max(1));
            a.spent += used;
            let Progress::Done(cost) = progress else { break };
            self.queue.pop_front();
            a.queued = false;
            let repairing = std::mem::take(&mut a.repairing);
            if repairing {
                self.stats.repair_expanded += a.spent;
                self.stats.last_edit.repair_expanded += a.spent;
            } else {
                self.stats.plan_expanded += a.spent;
            }
            a.spent = 0;
            let path = cost.and_then(|_| plan.path(grid));
            let (start, goal) = (a.pos, a.goal);
            match path {
                Some(mut path) => {
                    path.reverse();
                    path.pop();
                    a.path = path;
                    a.state = AgentState::Moving;
                    a.planned_at = self.stats.ticks;
                    a.repaired = repairing;
                    a.detoured = false;
                    // a fresh path: patience starts again (and a detour never follows a search
                    // in the same tick)
                    a.blocked = 0;
                }
                None => {
                    // unreachable now: wander picks another goal next tick
                    a.plan = None;
                    a.path.clear();
                    a.state = AgentState::Idle;
                    self.stats.gave_up += 1;
                }
            }
            if repairing && self.options.compare {
                // (timed where there is a clock: std's Instant panics in the browser)
                #[cfg(not(target_arch = "wasm32"))]
                let t = std::time::Instant::now();
                let options = self.search_options();
                if let Ok(r) = self.searcher.search(&self.grid, start, goal, &options) {
                    self.stats.scratch_expanded += r.expanded;
                    self.stats.last_edit.scratch_expanded += r.expanded;
                }
                #[cfg(not(target_arch = "wasm32"))]
                {
                    self.stats.compare_seconds += t.elapsed().as_secs_f64();
                }
            }
        }
    }

    /// Agent `i` takes its next step if the cell is free; returns the cell when another agent
    /// stands on it.
    fn move_agent(&mut self, i: usize) -> Option<Pos> {
        let a = &self.agents[i];
        let (pos, state) = (a.pos, a.state);
        let next = match (self.mode, state) {
            (_, AgentState::Idle | AgentState::Planning | AgentState::Arrived) => return None,
            (CrowdMode::Gather(goal), AgentState::Moving) => {
                if pos == goal {
                    self.arrive(i);
                    return None;
                }
                let mut buf = std::mem::take(&mut self.buf);
                let next = self.field.as_ref().and_then(|f| f.downhill(&self.grid, pos, &mut buf));
                self.buf = buf;
                next?
            }
            (CrowdMode::Wander | CrowdMode::Command, AgentState::Moving) => match a.path.last() {
                Some(&n) => n,
                None => {
                    self.arrive(i);
                    return None;
                }
            },
        };
        if step_kind(&self.grid, pos, next, self.options.topology).is_none() {
            // the path went stale beside an edit (a diagonal's corner): search again from here
            if self.field.is_none() {
                self.search_again(i);
            }
            return None;
        }
        if self.is_free(next) {
            self.step_to(i, next);
            return None;
        }
        Some(next)
    }

    pub(super) fn field_goal(&self) -> Option<Pos> {
        match self.mode {
            CrowdMode::Gather(g) => Some(g),
            CrowdMode::Wander | CrowdMode::Command => None,
        }
    }

    pub(super) fn arrive(&mut self, i: usize) {
        let a = &mut self.agents[i];
        a.arrivals += 1;
        a.path.clear();
        a.blocked = 0;
        self.stats.arrivals += 1;
        match self.mode {
            CrowdMode::Wander | CrowdMode::Command => {
                a.plan = None;
                a.state = AgentState::Idle;
            }
            CrowdMode::Gather(_) => a.state = AgentState::Arrived,
        }
    }

    /// Agent `i` could not enter its next cell: it waits; past its patience it steps aside or, in a
    /// gathering, packs against the gathered agents in its way.
    // Long: the waiting rules in the order they apply (head-on meetings, patience, packing in
    // a gathering, stepping aside, giving up), each a few lines on the same agent.
    fn wait(&mut self, i: usize, next: Pos) {
        let patience = self.options.patience;
        let blocked = {
            let a = &mut self.agents[i];
            a.blocked += 1;
            a.blocked
        };
        // head-on (the agent ahead wants this agent's cell): waiting cannot help, one of the
        // two goes round at once (the other then finds its way free)
        let ahead = self.occupant[self.index(next)];
        let head_on = ahead != NONE && self.agents[ahead as usize].path.last() == Some(&self.agents[i].pos);
        if head_on && self.field.is_none() && (self.detour(i) || self.give_way(i, ahead as usize)) {
            return;
        }
        if blocked <= patience {
            return;
        }
        if self.field.is_none() && self.shove(next) {
            // the idle agent in the way stepped aside: go on into the cell it left
            self.step_to(i, next);
            return;
        }
        if let CrowdMode::Gather(_) = self.mode {
            // another free cell closer to the goal, or packed against the gathered agents
            let pos = self.agents[i].pos;
            let here = self.field_distance(pos).unwrap_or(f64::INFINITY);
            let mut buf = std::mem::take(&mut self.buf);
            moves(&self.grid, pos, self.options.topology, self.options.costs, true, &mut buf);
            let closer: Vec<Pos> = buf.iter().map(|&(q, _)| q).filter(|&q| self.field_distance(q).is_some_and(|d| d < here)).collect();
            self.buf = buf;
            if let Some(&q) = closer.iter().find(|&&q| self.is_free(q)) {
                self.place(i, q);
                self.agents[i].blocked = 0;
                if Some(q) == self.field_goal() {
                    self.arrive(i);
                }
                return;
            }
            let packed = closer.iter().all(|&q| {
                let a = self.occupant[self.index(q)];
                a != NONE && self.agents[a as usize].state == AgentState::Arrived
            });
            if packed {
                self.arrive(i);
                return;
            }
            if blocked <= 2 * patience {
                return;
            }
        }
        if blocked > 4 * patience && self.field.is_none() {
            // stuck for long (a queue at a bottleneck): give the goal up, and next time head away
            let a = &mut self.agents[i];
            a.jammed_at = Some(next);
            a.plan = None;
            a.path.clear();
            a.state = AgentState::Idle;
            a.blocked = 0;
            self.stats.gave_up += 1;
            return;
        }
        if self.field.is_none() && self.detour(i) {
            return;
        }
        // step aside to a random free neighbour, then go on from there
        let Some(q) = self.free_neighbour(self.agents[i].pos, &[]) else { return };
        self.place(i, q);
        self.stats.sidesteps += 1;
        if self.field.is_none() {
            self.search_again(i);
        }
    }

    /// The idle agents in the way make room, as units do in strategy games: the one on `cell`
    /// steps to a free neighbouring cell, or, when it is hemmed in, a chain of idle agents from
    /// `cell` to the nearest free cell (at most 8 long) each moves one cell along the chain.
    /// Only agents standing with no goal that have not moved this tick are pushed; false when
    /// there is no such chain.
    fn shove(&mut self, cell: Pos) -> bool {
        const MAX_CHAIN: usize = 8;
        let pushable = |c: &Crowd, p: Pos| {
            let j = c.occupant[c.index(p)];
            j != NONE && c.agents[j as usize].state == AgentState::Idle && c.agents[j as usize].prev == p
        };
        if !pushable(self, cell) {
            return false;
        }
        // breadth-first over pushable agents' cells, in a random order of moves, to a free cell
        let mut parent: std::collections::HashMap<Pos, Pos> = std::collections::HashMap::from([(cell, cell)]);
        let mut frontier = vec![cell];
        let mut buf = std::mem::take(&mut self.buf);
        let mut free = None;
        'search: for _ in 0..MAX_CHAIN {
            let mut next = Vec::new();
            for &p in &frontier {
                moves(&self.grid, p, self.options.topology, self.options.costs, true, &mut buf);
                let offset = self.below(buf.len().max(1));
                for k in 0..buf.len() {
                    let q = buf[(k + offset) % buf.len()].0;
                    if parent.contains_key(&q) {
                        continue;
                    }
                    parent.insert(q, p);
                    if self.is_free(q) {
                        free = Some(q);
                        break 'search;
                    }
                    if pushable(self, q) {
                        next.push(q);
                    }
                }
            }
            frontier = next;
        }
        self.buf = buf;
        let Some(mut to) = free else { return false };
        // from the free end back to `cell`: each agent moves into the cell just vacated
        while to != cell {
            let from = parent[&to];
            let j = self.occupant[self.index(from)] as usize;
            self.place(j, to);
            self.stats.sidesteps += 1;
            to = from;
        }
        true
    }

    /// Head-on in a passage too narrow to go round: agent `i` steps to a free neighbouring cell
    /// off the other's next steps, lets it pass, and searches again from there (its search from
    /// the goal is reused). False when it has no such cell.
    fn give_way(&mut self, i: usize, other: usize) -> bool {
        let theirs: Vec<Pos> = self.agents[other].path.iter().rev().take(4).copied().collect();
        let Some(q) = self.free_neighbour(self.agents[i].pos, &theirs) else { return false };
        self.place(i, q);
        self.stats.sidesteps += 1;
        self.search_again(i);
        true
    }

    /// Plans around the agents in the way: a search in a small window around agent `i` where
    /// every other agent is a barrier, to the farthest free cell of its path inside the window;
    /// the detour replaces the path up to there. False when there is none.
    fn detour(&mut self, i: usize) -> bool {
        const R: usize = 6;
        let a = &self.agents[i];
        let pos = a.pos;
        let (w, h) = (self.grid.width(), self.grid.height());
        let (x0, y0) = (pos.0.saturating_sub(R), pos.1.saturating_sub(R));
        let (x1, y1) = ((pos.0 + R).min(w - 1), (pos.1 + R).min(h - 1));
        let inside = |p: Pos| p.0 >= x0 && p.0 <= x1 && p.1 >= y0 && p.1 <= y1;
        // the path is stored next-last: the farthest cell inside the window comes first
        let Some(k) = a.path.iter().position(|&p| inside(p) && self.is_free(p)) else { return false };
        let target = a.path[k];
        let Ok(mut window) = Grid::new(x1 - x0 + 1, y1 - y0 + 1) else { return false };
        for y in y0..=y1 {
            for x in x0..=x1 {
                let other = self.occupant[y * w + x];
                let cell = if other != NONE && other as usize != i { Cell::Blocked } else { self.grid.get(x, y).unwrap_or(Cell::Blocked) };
                let _ = window.set(x - x0, y - y0, cell);
            }
        }
        let options = self.search_options();
        let local = |p: Pos| (p.0 - x0, p.1 - y0);
        let Ok(r) = self.searcher.search(&window, local(pos), local(target), &options) else { return false };
        let Some(detour) = r.path else { return false };
        let a = &mut self.agents[i];
        a.path.truncate(k + 1);
        a.path.pop();
        a.path.extend(detour.into_iter().skip(1).rev().map(|p| (p.0 + x0, p.1 + y0)));
        a.blocked = 0;
        a.detoured = true;
        self.stats.detours += 1;
        true
    }

    /// The invariants, checked from the agents' positions alone: every agent on a passable
    /// cell of its own, no two agents swapped cells this tick, every move a legal one. Empty
    /// when all hold; otherwise what broke.
    pub fn check(&self) -> Vec<String> {
        let mut problems = Vec::new();
        let mut seen = std::collections::HashMap::with_capacity(self.agents.len());
        for (i, a) in self.agents.iter().enumerate() {
            if !self.grid.is_passable(a.pos.0, a.pos.1) {
                problems.push(format!("agent {i} on a barrier at {},{}", a.pos.0, a.pos.1));
            }
            if let Some(j) = seen.insert(a.pos, i) {
                problems.push(format!("agents {j} and {i} share {},{}", a.pos.0, a.pos.1));
            }
            if a.prev != a.pos && a.prev.0.abs_diff(a.pos.0).max(a.prev.1.abs_diff(a.pos.1)) > 1 {
                problems.push(format!("agent {i} jumped from {:?} to {:?}", a.prev, a.pos));
            }
        }
        for (i, a) in self.agents.iter().enumerate() {
            if a.prev != a.pos
                && let Some(&j) = seen.get(&a.prev)
                && self.agents[j].prev == a.pos
                && j != i
            {
                problems.push(format!("agents {i} and {j} swapped {:?} and {:?}", a.prev, a.pos));
            }
        }
        problems
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::crowd::{CrowdMode, CrowdOptions};

    /// A crowd of two agents on an open 4 x 1 row, placed by hand.
    fn two_agents(a: (Pos, Pos), b: (Pos, Pos)) -> Crowd {
        let mut crowd = Crowd::new(Grid::new(4, 1).unwrap(), 2, CrowdMode::Command, CrowdOptions::default()).unwrap();
        for (i, (prev, pos)) in [a, b].into_iter().enumerate() {
            crowd.agents[i].prev = prev;
            crowd.agents[i].pos = pos;
        }
        crowd
    }

    #[test]
    fn the_check_sees_each_broken_rule() {
        assert!(two_agents(((0, 0), (1, 0)), ((3, 0), (2, 0))).check().is_empty(), "two moves apart are fine");
        let swapped = two_agents(((1, 0), (2, 0)), ((2, 0), (1, 0))).check();
        assert!(swapped.iter().any(|p| p.contains("swapped")), "{swapped:?}");
        let shared = two_agents(((0, 0), (1, 0)), ((2, 0), (1, 0))).check();
        assert!(shared.iter().any(|p| p.contains("share 1,0")), "{shared:?}");
        let jumped = two_agents(((0, 0), (2, 0)), ((3, 0), (3, 0))).check();
        assert!(jumped.iter().any(|p| p.contains("jumped")), "{jumped:?}");
        let mut walled = two_agents(((0, 0), (0, 0)), ((3, 0), (3, 0)));
        walled.grid.set(0, 0, Cell::Blocked).unwrap();
        let walled = walled.check();
        assert!(walled.iter().any(|p| p.contains("on a barrier at 0,0")), "{walled:?}");
    }
}
