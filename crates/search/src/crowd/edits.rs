//! Edits under a crowd: cells that change pass to every agent's search, and agents on a new
//! barrier are moved off it first.

use std::collections::VecDeque;

use crate::grid::Pos;
use crate::grid::board::Cell;
use crate::grid::components::Components;
use crate::grid::moves::hex_neighbours;
use crate::grid::rules::Topology;

use super::Crowd;
use super::agents::{AgentState, CrowdMode, EditStats, NONE};

impl Crowd {
    /// Changes cells and passes the change to every search. A cell under an agent that becomes
    /// a barrier moves the agent to the nearest free cell first (nothing is lost, no agent
    /// stands on a barrier). Returns the cells that really changed.
    pub fn set_cells(&mut self, cells: &[(Pos, Cell)]) -> Vec<Pos> {
        let before = self.grid.clone();
        let mut changed = Vec::new();
        for &(p, cell) in cells {
            if self.grid.get(p.0, p.1).is_none_or(|c| c == cell) {
                continue;
            }
            if !cell.is_passable()
                && let Some(i) = self.agent_at(p)
                && !self.bump(i)
            {
                // nowhere to lift the agent to: the cell stays as it is
                continue;
            }
            if self.grid.set(p.0, p.1, cell).is_ok() {
                changed.push(p);
            }
        }
        if changed.is_empty() {
            return changed;
        }
        if let Some(field) = &mut self.field {
            field.cells_changed(&self.grid, &changed);
            field.compute(&self.grid, usize::MAX);
        }
        if self.mode == CrowdMode::Together {
            self.replan_joint(&changed);
            return changed;
        }
        let mut edit = EditStats::default();
        Components::kept(&mut self.components, &self.grid, self.options.topology);
        for i in 0..self.agents.len() {
            let a = &mut self.agents[i];
            let Some(plan) = &mut a.plan else { continue };
            let crosses = a.path.iter().any(|p| changed.contains(p)) || changed.contains(&a.goal);
            let (repair, fresh) = if crosses { plan.change_costs(&before, &changed) } else { (0, 0) };
            plan.cells_changed(&self.grid, &changed);
            if crosses && a.state == AgentState::Moving {
                edit.repairs += 1;
                self.stats.replans += 1;
                a.repairing = true;
                a.spent = 0;
                a.repair_cap = if fresh == 0 { usize::MAX } else { fresh };
                a.state = AgentState::Planning;
                if !self.components.as_ref().is_some_and(|c| c.connected(self.agents[i].pos, self.agents[i].goal)) {
                    // the edit cut the goal off: known at once, as A* from scratch knows it
                    self.give_up(i);
                    continue;
                }
                if repair > fresh {
                    // a repair would cost more than searching again from here
                    self.search_afresh(i);
                }
                self.enqueue(i, true);
            }
        }
        self.stats.last_edit = edit;
        changed
    }

    /// Agent `i` drops a goal it can no longer reach (wander picks another next tick).
    pub(super) fn give_up(&mut self, i: usize) {
        self.unclaim(i);
        let a = &mut self.agents[i];
        a.plan = None;
        a.path.clear();
        a.state = AgentState::Idle;
        a.repairing = false;
        self.stats.gave_up += 1;
    }

    /// Agent `i` answers an edit with a fresh search instead of repairing its old one (its
    /// expansions still count as the edit's repair).
    pub(super) fn search_afresh(&mut self, i: usize) {
        let options = self.search_options();
        let a = &mut self.agents[i];
        if let Ok(fresh) = crate::search::Replanner::new(&self.grid, a.pos, a.goal, &options) {
            a.plan = Some(fresh);
            a.repair_cap = usize::MAX;
            self.stats.fresh_searches += 1;
        }
    }

    /// Moves agent `i` to the nearest free cell (breadth-first over neighbouring cells); false
    /// when there is none.
    pub(super) fn bump(&mut self, i: usize) -> bool {
        let from = self.agents[i].pos;
        let (w, h) = (self.grid.width(), self.grid.height());
        let mut seen = vec![false; self.occupant.len()];
        let mut queue = VecDeque::from([from]);
        seen[self.index(from)] = true;
        while let Some(p) = queue.pop_front() {
            if p != from && self.grid.is_passable(p.0, p.1) && self.is_free(p) {
                self.place(i, p);
                self.agents[i].prev = p;
                let goal = self.agents[i].goal;
                if self.mode != CrowdMode::Gather(self.agents[i].goal) && self.agents[i].plan.is_some() {
                    self.start_plan(i, goal);
                }
                return true;
            }
            // lifted out, not walked: any neighbouring cell, passable or not
            let neighbours: Vec<Pos> = match self.options.topology {
                Topology::Hex => hex_neighbours(p).into_iter().flatten().collect(),
                Topology::Square(_) => (-1..=1isize)
                    .flat_map(|dy| (-1..=1isize).map(move |dx| (dx, dy)))
                    .filter_map(|(dx, dy)| Some(((p.0 as isize + dx).try_into().ok()?, (p.1 as isize + dy).try_into().ok()?)))
                    .collect(),
            };
            for q in neighbours {
                if q.0 < w && q.1 < h && !seen[q.1 * w + q.0] {
                    seen[q.1 * w + q.0] = true;
                    queue.push_back(q);
                }
            }
        }
        false
    }

    pub(super) fn place(&mut self, i: usize, p: Pos) {
        let old = self.agents[i].pos;
        let (a, b) = (self.index(old), self.index(p));
        self.occupant[a] = NONE;
        self.occupant[b] = i as u32;
        self.agents[i].pos = p;
    }

    /// Changes `k` random cells (barrier to floor or floor to barrier), never under an agent;
    /// returns them.
    pub fn random_edits(&mut self, k: usize) -> Vec<Pos> {
        let (w, h) = (self.grid.width(), self.grid.height());
        let mut cells = Vec::with_capacity(k);
        for _ in 0..k {
            for _ in 0..32 {
                let p = (self.below(w), self.below(h));
                if !self.is_free(p) || cells.iter().any(|(q, _)| *q == p) {
                    continue;
                }
                let cell = match self.grid.get(p.0, p.1) {
                    Some(Cell::Blocked) => Cell::FLOOR,
                    Some(Cell::Ground(1)) => Cell::Blocked,
                    _ => continue,
                };
                cells.push((p, cell));
                break;
            }
        }
        self.set_cells(&cells)
    }
}
