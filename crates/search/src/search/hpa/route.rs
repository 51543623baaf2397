//! HPA*'s abstract search: A* over the transition nodes, the start and the goal.

use std::cell::RefCell;

use super::Hierarchy;
use super::block::{Read, word_cell};
use super::cells::{Field, confined, octile};
use crate::grid::Pos;
use crate::grid::board::Grid;
use crate::search::core::types::AbstractStep;

/// An abstract search under way: the start and goal joined to their clusters' nodes, its open
/// list and nodes reached (its [`Scratch`], kept between searches by whoever runs them), what
/// it has done, and once it has ended the cells of the route's nodes (`None` inside: none).
pub(super) struct Route {
    ends: (Pos, Pos),
    clusters: (usize, usize),
    from_start: Field,
    to_goal: Field,
    scratch: Scratch,
    pub expanded: usize,
    pub pushed: usize,
    pub ended: Option<Option<Vec<Pos>>>,
}

/// The abstract search's open list and nodes reached, kept between searches so that a huge
/// map's query does not clear (or allocate) arrays over every node.
#[derive(Default)]
pub struct Scratch {
    open: Quad,
    reached: Reached,
}

impl Route {
    /// Begins the search of `h`'s abstract graph from `start` to `goal` (A* in the order of
    /// [`priority`] with the hierarchy's weight: no node is expanded twice, and the route costs
    /// at most that weight times the least over the abstract graph), in `scratch`.
    pub(super) fn new(h: &Hierarchy, grid: &Grid, (start, goal): (Pos, Pos), mut scratch: Scratch) -> Route {
        let (cs, cg) = (h.cluster_of(start), h.cluster_of(goal));
        let from_start = confined(grid, h.rect(cs), start, &[&h.nodes[cs][..], &[goal]].concat());
        let to_goal = confined(grid, h.rect(cg), goal, &[&h.nodes[cg][..], &[start]].concat());
        let (s, z) = (h.total, h.total + 1);
        scratch.reached.begin(z as usize + 1);
        scratch.reached.reach(s, 0.0, u32::MAX, start);
        scratch.open.begin(z as usize + 1);
        scratch.open.queue(entry(priority(0.0, octile(start, goal), h.weight), s), false);
        Route { ends: (start, goal), clusters: (cs, cg), from_start, to_goal, scratch, expanded: 0, pushed: 1, ended: None }
    }

    /// The scratch space, taken out to keep for the next search (this one cannot go on).
    pub(super) fn take_scratch(&mut self) -> Scratch {
        std::mem::take(&mut self.scratch)
    }

    /// Runs up to `n` more expansions (adding each to `trace` when given); returns whether the
    /// search has ended ([`Route::ended`]).
    // Long: one A* loop with its three kinds of edge (from the start, across a cluster, across
    // a border) and the goal's; split, each part would need the whole search state.
    pub(super) fn advance(&mut self, h: &Hierarchy, n: usize, mut trace: Option<&mut Vec<AbstractStep>>) -> bool {
        let Route { ends: (start, goal), clusters: (cs, cg), from_start, to_goal, scratch, expanded, pushed, ended } = self;
        let (start, goal, cs, cg) = (*start, *goal, *cs, *cg);
        if ended.is_some() {
            return true;
        }
        let (s, z) = (h.total, h.total + 1);
        let Scratch { open, reached: r } = scratch;
        let until = expanded.saturating_add(n);
        while *expanded < until {
            // each queued node has one entry (lowered when a cheaper way comes): never closed
            let Some(e) = open.pop() else {
                *ended = Some(None);
                return true;
            };
            let id = e as u32;
            let (g, parent, at) = r.get(id).expect("reached");
            r.close(id);
            *expanded += 1;
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
                *ended = Some(Some(route));
                return true;
            }
            let c = h.cluster_of(at);
            // a node reached from its own cluster (or from the start there) offers its
            // cluster's nodes nothing: its parent offered each of them at most as much
            // (costs inside one cluster are least costs, so they obey the triangle
            // inequality)
            let entered = match parent {
                u32::MAX => true,
                p if p == s => cs != c,
                p => h.cluster_of(r.get(p).expect("reached").2) != c,
            };
            let mut offer = |to: u32, cell: Pos, step: f64| {
                let ng = g + step;
                let before = r.get(to);
                if !step.is_finite() || before.is_some_and(|(b, ..)| ng >= b - 1e-12) || r.closed(to) {
                    return;
                }
                *pushed += usize::from(before.is_none());
                r.reach(to, ng, id, cell);
                if let Some(step) = trace.as_deref_mut().and_then(|t| t.last_mut()) {
                    step.reached.push((cell, ng));
                }
                open.queue(entry(priority(ng, octile(cell, goal), h.weight), to), before.is_some());
            };
            if id == s {
                for (i, &q) in h.nodes[cs].iter().enumerate() {
                    offer(h.first[cs] + i as u32, q, from_start.cost(q));
                }
            }
            // the start may stand on a node: its edges are the node's too
            if let Some(me) = if id == s { h.id(start) } else { Some(id) } {
                let (b, first) = (Read::new(&h.blocks[c]), h.first[c]);
                let i = (me - first) as usize;
                let (costs, links) = b.record(i);
                if entered {
                    for (j, (&cost, &q)) in costs.iter().zip(b.cells()).enumerate().filter(|&(j, _)| j != i) {
                        offer(first + j as u32, word_cell(q), f64::from(f32::from_bits(cost)));
                    }
                }
                for l in links {
                    offer(h.first[l[0] as usize] + l[1], word_cell(l[2]), 1.0);
                }
            }
            if c == cg {
                offer(z, goal, to_goal.cost(at));
            }
        }
        false
    }
}

impl Hierarchy {
    /// The abstract search whole ([`Route`]), in this thread's kept scratch space: the cells
    /// of the nodes on the way from start to goal, the nodes expanded and those pushed.
    pub(super) fn abstract_route(
        &self,
        grid: &Grid,
        start: Pos,
        goal: Pos,
        trace: Option<&mut Vec<AbstractStep>>,
    ) -> Option<(Vec<Pos>, usize, usize)> {
        let mut route = Route::new(self, grid, (start, goal), SCRATCH.with_borrow_mut(std::mem::take));
        route.advance(self, usize::MAX, trace);
        let found = route.ended.take().expect("run to its end");
        let (expanded, pushed) = (route.expanded, route.pushed);
        SCRATCH.with_borrow_mut(|kept| *kept = route.take_scratch());
        found.map(|cells| (cells, expanded, pushed))
    }
}

thread_local! {
    /// The abstract search's scratch space, kept per thread between whole queries.
    static SCRATCH: RefCell<Scratch> = RefCell::default();
}

/// A min-heap of open-list entries with four children a node, that knows where each node's
/// entry sits: a cheaper way to a queued node lowers its entry instead of adding a second one,
/// so nothing is popped only to be found closed. Four children a node: half a binary heap's
/// depth, so a pop (an entry sifted down from the top, the open list's costliest step) makes
/// half the moves, and the four children it compares at each level lie in one cache line.
#[derive(Default)]
struct Quad {
    heap: Vec<u64>,
    /// Where each queued node's entry sits in `heap` (read only for nodes queued).
    slot: Vec<u32>,
}

impl Quad {
    /// Empties the heap, for `n` node numbers.
    fn begin(&mut self, n: usize) {
        self.heap.clear();
        if self.slot.len() < n {
            self.slot = vec![0; n]; // read only for nodes queued: had zeroed, not written
        }
    }

    /// Queues entry `e`, or lowers the entry of its node to `e` when `queued` (then `e` is no
    /// greater than the entry it replaces).
    fn queue(&mut self, e: u64, queued: bool) {
        let i = if queued {
            self.slot[e as u32 as usize] as usize
        } else {
            self.heap.push(e);
            self.heap.len() - 1
        };
        self.sift_up(i, e);
    }

    fn sift_up(&mut self, mut i: usize, e: u64) {
        while i > 0 && self.heap[(i - 1) / 4] > e {
            let p = (i - 1) / 4;
            self.put(i, self.heap[p]);
            i = p;
        }
        self.put(i, e);
    }

    fn put(&mut self, i: usize, e: u64) {
        self.heap[i] = e;
        self.slot[e as u32 as usize] = i as u32;
    }

    /// The least entry, taken out.
    fn pop(&mut self) -> Option<u64> {
        let top = *self.heap.first()?;
        let last = self.heap.pop().expect("not empty");
        let n = self.heap.len();
        if n == 0 {
            return Some(top);
        }
        let mut i = 0;
        while 4 * i + 1 < n {
            let first = 4 * i + 1;
            let least = (first..(first + 4).min(n)).min_by_key(|&k| self.heap[k]).expect("a child");
            if self.heap[least] >= last {
                break;
            }
            self.put(i, self.heap[least]);
            i = least;
        }
        self.put(i, last);
        Some(top)
    }
}

/// An open list entry: `f` (as an `f32`, whose bits order as the non-negative number does)
/// above the node's number, so that entries compare as one integer, least `f` first (ties:
/// the lower number); 8 bytes against the 24 of an `(f, g, node)` entry.
fn entry(f: f64, id: u32) -> u64 {
    (u64::from((f as f32).to_bits()) << 32) | u64::from(id)
}

/// Each node reached in the current query: its least cost so far, its parent and its cell,
/// and whether it has been expanded (closed: never expanded again); one record a node, so
/// that a step to a node reads one place. A record is three words (the cost's bits; the
/// parent, and above it the stamp: twice the query that reached it, plus one once it is
/// closed; the cell), all zero for a node no query has reached, so that the records of a huge
/// map's nodes are had from the allocator already zeroed (pages the operating system zeroes
/// when first touched) instead of written on a query's first frame (5 to 6 ms on 4096 x
/// 4096, measured).
#[derive(Default)]
struct Reached {
    query: u32,
    nodes: Vec<[u64; 3]>,
}

impl Reached {
    /// Begins a query over `n` node numbers.
    fn begin(&mut self, n: usize) {
        self.query += 1;
        if self.query >= u32::MAX / 2 {
            self.nodes.iter_mut().for_each(|r| r[1] &= u64::from(u32::MAX));
            self.query = 1;
        }
        if self.nodes.len() < n {
            // every stamp zero, below every query's: nothing reached
            self.nodes = vec![[0; 3]; n];
        }
    }

    fn stamp(&self, id: u32) -> u32 {
        (self.nodes[id as usize][1] >> 32) as u32
    }

    fn closed(&self, id: u32) -> bool {
        self.stamp(id) == self.query * 2 + 1
    }

    fn close(&mut self, id: u32) {
        let r = &mut self.nodes[id as usize][1];
        *r = (*r & u64::from(u32::MAX)) | u64::from(self.query * 2 + 1) << 32;
    }

    /// The node's cost, parent and cell, if this query reached it.
    fn get(&self, id: u32) -> Option<(f64, u32, Pos)> {
        let [cost, parent, cell] = self.nodes[id as usize];
        ((parent >> 33) as u32 == self.query).then_some((
            f64::from_bits(cost),
            parent as u32,
            ((cell as u32) as usize, (cell >> 32) as usize),
        ))
    }

    fn reach(&mut self, id: u32, cost: f64, parent: u32, cell: Pos) {
        let stamp = u64::from(self.query * 2) << 32;
        self.nodes[id as usize] = [cost.to_bits(), stamp | u64::from(parent), cell.0 as u64 | (cell.1 as u64) << 32];
    }
}

/// The abstract search's order: XDP (Chen and Sturtevant, "Conditions for Avoiding Node
/// Re-expansions in Bounded Suboptimal Search", IJCAI 2019; its conditions generalised in
/// AAAI 2021), `(g + (2w - 1) h + sqrt((g - h)^2 + 4 w g h)) / 2w`. Like weighted A*'s
/// `g + w h` it never needs a closed node reopened to keep the route within `w` times the
/// least, but it spends the allowance near the start (where it orders by `h` alone) and keeps
/// to `g / w` near the goal. On 4096 x 4096 with 20 % walls it expanded half the nodes weighted
/// A* did at the same weight (2,338 against 4,716 a query), the mean cost 1.0271 against
/// 1.0236 times the optimum.
fn priority(g: f64, h: f64, w: f64) -> f64 {
    (g + (2.0 * w - 1.0) * h + ((g - h) * (g - h) + 4.0 * w * g * h).sqrt()) / (2.0 * w)
}
