//! HPA*'s abstract search: A* over the transition nodes, the start and the goal.

use std::cell::RefCell;
use std::collections::BinaryHeap;

use super::cells::{Open, confined, octile};
use super::{AbstractStep, Hierarchy};
use crate::grid::Pos;
use crate::grid::board::Grid;

impl Hierarchy {
    /// A* over the abstract graph with the start and goal joined to their clusters' nodes: the
    /// cells of the nodes on the way from start to goal, the nodes expanded and those pushed.
    // Long: one A* loop with its three kinds of edge (from the start, across a cluster, across
    // a border) and the goal's; split, each part would need the whole search state.
    pub(super) fn abstract_route(
        &self,
        grid: &Grid,
        start: Pos,
        goal: Pos,
        mut trace: Option<&mut Vec<AbstractStep>>,
    ) -> Option<(Vec<Pos>, usize, usize)> {
        let (cs, cg) = (self.cluster_of(start), self.cluster_of(goal));
        let from_start = confined(grid, self.rect(cs), start, &[&self.nodes[cs][..], &[goal]].concat());
        let to_goal = confined(grid, self.rect(cg), goal, &[&self.nodes[cg][..], &[start]].concat());
        let (s, z) = (self.total, self.total + 1);
        REACHED.with_borrow_mut(|r| {
            r.begin(z as usize + 1);
            r.reach(s, 0.0, u32::MAX, start);
            let mut open = BinaryHeap::new();
            open.push(Open { f: octile(start, goal), g: 0.0, at: s });
            let (mut expanded, mut pushed) = (0, 1);
            while let Some(Open { g, at: id, .. }) = open.pop() {
                let (best, _, at) = r.get(id).expect("reached");
                if g > best {
                    continue;
                }
                expanded += 1;
                if let Some(t) = trace.as_deref_mut() {
                    t.push(AbstractStep { at, cost: g, reached: Vec::new() });
                }
                if id == z {
                    let mut route = vec![goal];
                    let mut k = r.get(z).expect("reached").1;
                    while k != u32::MAX {
                        let (_, parent, cell) = r.get(k).expect("reached");
                        route.push(cell);
                        k = parent;
                    }
                    route.reverse();
                    return Some((route, expanded, pushed));
                }
                let mut offer = |to: u32, cell: Pos, step: f64| {
                    let ng = g + step;
                    let before = r.get(to);
                    if !step.is_finite() || before.is_some_and(|(b, ..)| ng >= b - 1e-12) {
                        return;
                    }
                    pushed += usize::from(before.is_none());
                    r.reach(to, ng, id, cell);
                    if let Some(step) = trace.as_deref_mut().and_then(|t| t.last_mut()) {
                        step.reached.push((cell, ng));
                    }
                    open.push(Open { f: ng + octile(cell, goal), g: ng, at: to });
                };
                let c = self.cluster_of(at);
                if id == s {
                    for (i, &q) in self.nodes[cs].iter().enumerate() {
                        offer(self.first[cs] + i as u32, q, from_start.cost(q));
                    }
                }
                // the start may stand on a node: its edges are the node's too
                if let Some(me) = if id == s { self.id(start) } else { Some(id) } {
                    let (nodes, k, i) = (&self.nodes[c], self.nodes[c].len(), (me - self.first[c]) as usize);
                    for (j, &q) in nodes.iter().enumerate().filter(|&(j, _)| j != i) {
                        offer(self.first[c] + j as u32, q, f64::from(self.costs[c][i * k + j]));
                    }
                    let links = &self.links[c];
                    let from = links.partition_point(|&(n, _)| (n as usize) < i);
                    for &(_, q) in links[from..].iter().take_while(|&&(n, _)| n as usize == i) {
                        offer(self.id(q).expect("a node across the border"), q, 1.0);
                    }
                }
                if c == cg {
                    offer(z, goal, to_goal.cost(at));
                }
            }
            None
        })
    }
}

thread_local! {
    /// The abstract search's nodes reached, kept per thread between queries so that a huge
    /// map's query does not clear arrays over every node.
    static REACHED: RefCell<Reached> = RefCell::default();
}

/// Each node reached in the current query (marked with its number): its least cost so far, its
/// parent and its cell.
#[derive(Default)]
struct Reached {
    query: u32,
    marks: Vec<u32>,
    nodes: Vec<(f64, u32, Pos)>,
}

impl Reached {
    /// Begins a query over `n` node numbers.
    fn begin(&mut self, n: usize) {
        self.query = self.query.wrapping_add(1);
        if self.query == 0 {
            self.marks.fill(0);
            self.query = 1;
        }
        if self.marks.len() < n {
            self.marks.resize(n, 0);
            self.nodes.resize(n, (f64::INFINITY, u32::MAX, (0, 0)));
        }
    }

    fn get(&self, id: u32) -> Option<(f64, u32, Pos)> {
        (self.marks[id as usize] == self.query).then(|| self.nodes[id as usize])
    }

    fn reach(&mut self, id: u32, cost: f64, parent: u32, cell: Pos) {
        self.marks[id as usize] = self.query;
        self.nodes[id as usize] = (cost, parent, cell);
    }
}
