//! A crowd's tick: searches within the budget, then every agent moves at most one cell (by
//! PIBT, in `steps.rs`); and the invariants checked from positions alone.

use crate::grid::Pos;
use crate::search::Progress;

use super::Crowd;
use super::agents::{AgentState, CrowdMode};

impl Crowd {
    /// One tick: searches within the budget, then every agent moves at most one cell.
    pub fn tick(&mut self) {
        self.stats.ticks += 1;
        if self.mode == CrowdMode::Together {
            for a in &mut self.agents {
                a.prev = a.pos;
            }
            self.play_joint();
            self.judge_steps();
            return;
        }
        if self.mode == CrowdMode::Wander {
            for i in 0..self.agents.len() {
                if self.agents[i].state == AgentState::Idle && self.agents[i].plan.is_none() {
                    let p = self.agents[i].pos;
                    if let Some(goal) = self.wander_goal(p) {
                        self.start_plan(i, goal);
                    }
                }
            }
        }
        self.run_searches();
        for a in &mut self.agents {
            a.prev = a.pos;
        }
        self.move_agents();
        self.judge_steps();
    }

    /// After the tick's moves: each step judged now, on the grid it was taken on, and kept for
    /// [`Crowd::check`]; a tick that broke a rule counts as a conflict.
    fn judge_steps(&mut self) {
        self.step_problems = self.step_problems_now();
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
            // a repair may spend what a fresh search was judged to need, no more
            let cap = if a.repairing { a.repair_cap.saturating_sub(a.spent).max(1) } else { usize::MAX };
            let progress = plan.compute(grid, left.min(cap));
            let used = plan.expanded() - before;
            left = left.saturating_sub(used.max(1));
            a.spent += used;
            let Progress::Done(cost) = progress else {
                if a.repairing && a.spent >= a.repair_cap {
                    self.search_afresh(i);
                    continue;
                }
                break;
            };
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

    pub(super) fn arrive(&mut self, i: usize) {
        self.unclaim(i);
        let a = &mut self.agents[i];
        a.arrivals += 1;
        a.path.clear();
        a.blocked = 0;
        a.urgency = 0;
        self.stats.arrivals += 1;
        match self.mode {
            CrowdMode::Wander | CrowdMode::Command | CrowdMode::Together => {
                a.plan = None;
                a.state = AgentState::Idle;
            }
            CrowdMode::Gather(_) => a.state = AgentState::Arrived,
        }
    }

    /// Puts agent `i` on `pos` as if it had just stepped there from `prev`, bypassing every
    /// rule, so tests can show that [`Crowd::check`] sees a broken one. Not for other use.
    #[doc(hidden)]
    pub fn set_position(&mut self, i: usize, prev: Pos, pos: Pos) {
        let a = &mut self.agents[i];
        (a.prev, a.pos) = (prev, pos);
        self.step_problems = self.step_problems_now();
    }

    /// The invariants, checked from the agents' positions alone: every agent on a passable
    /// cell of its own now; and each step of the last tick a legal move of the crowd's own
    /// topology ([`step_kind`](crate::grid::step_kind): four or eight neighbours with its diagonal rule,
    /// or hex neighbours; never onto a wall or across terrain classes) with no two agents
    /// swapping cells, judged when the tick was taken (an edit since may have walled a cell an
    /// agent left). Empty when all hold; otherwise what broke.
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
        }
        problems.extend(self.step_problems.iter().cloned());
        problems
    }

    /// The last tick's steps on the grid as it is: illegal moves and swaps.
    fn step_problems_now(&self) -> Vec<String> {
        let mut problems = Vec::new();
        let at: std::collections::HashMap<Pos, usize> = self.agents.iter().enumerate().map(|(i, a)| (a.pos, i)).collect();
        for (i, a) in self.agents.iter().enumerate() {
            if a.prev != a.pos && crate::grid::moves::step_kind(&self.grid, a.prev, a.pos, self.options.topology).is_none() {
                problems.push(format!("agent {i} made an illegal move from {:?} to {:?} under {:?}", a.prev, a.pos, self.options.topology));
            }
            if a.prev != a.pos
                && let Some(&j) = at.get(&a.prev)
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
    use crate::grid::Pos;
    use crate::grid::board::{Cell, Grid};

    /// A crowd of two agents on an open 4 x 1 row, placed by hand.
    fn two_agents(a: (Pos, Pos), b: (Pos, Pos)) -> Crowd {
        let mut crowd = Crowd::new(Grid::new(4, 1).unwrap(), 2, CrowdMode::Command, CrowdOptions::default()).unwrap();
        for (i, (prev, pos)) in [a, b].into_iter().enumerate() {
            crowd.agents[i].prev = prev;
            crowd.agents[i].pos = pos;
        }
        crowd.step_problems = crowd.step_problems_now();
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
        assert!(jumped.iter().any(|p| p.contains("illegal move")), "{jumped:?}");
        let mut walled = two_agents(((0, 0), (0, 0)), ((3, 0), (3, 0)));
        walled.grid.set(0, 0, Cell::Blocked).unwrap();
        let walled = walled.check();
        assert!(walled.iter().any(|p| p.contains("on a barrier at 0,0")), "{walled:?}");
        // a step judged on the grid it was taken on: the cell it left walled since is no fault
        let mut left = two_agents(((0, 0), (1, 0)), ((3, 0), (3, 0)));
        left.grid.set(0, 0, Cell::Blocked).unwrap();
        assert_eq!(left.check(), Vec::<String>::new());
    }
}
