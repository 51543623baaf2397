//! Hierarchical path-finding A* (HPA*; Botea, Müller and Schaeffer, "Near Optimal Hierarchical
//! Path-Finding", Journal of Game Development, 2004) on plain boards: 8 neighbours, no corner
//! cutting, uniform costs (the benchmark's rules).
//!
//! [`Hierarchy::build`] cuts the board into square clusters and finds the entrances on each
//! border between two clusters (each maximal run of cells open on both sides: one transition at
//! its middle, or two at its ends when it is 6 cells or longer; one within [`SPACING`] cells
//! of a transition kept before it, and joined to it by a few moves on both sides, is left out:
//! see `entrances.rs`); a transition's two cells are
//! abstract nodes joined by a straight step, and the nodes of each cluster are joined by their
//! least cost inside it (a Dijkstra confined to the cluster). [`Hierarchy::find`] joins the
//! start and the goal to the nodes of their clusters, searches that small graph best first (in
//! XDP's bounded-suboptimal order with [`DEFAULT_WEIGHT`] unless [`Hierarchy::set_weight`]
//! says otherwise),
//! refines each abstract edge to cells (inside its cluster, or the step across a border), and
//! smooths the result: a stretch of the path that a straight-then-diagonal walk covers more
//! cheaply (within [`SMOOTH_WINDOW`] cells ahead) is replaced by that walk.
//!
//! What it guarantees: a path whenever one exists (every open border run has a transition), made
//! of the board's own moves, so `solve`-style checks of each step hold; its cost is at least the
//! optimum and not promised to equal it (a path must pass through transitions, and the
//! abstract route costs up to the weight times the least route through them). What it costs:
//! building runs one confined Dijkstra per node, so about (nodes per cluster) x (cluster area)
//! per cluster; a query runs two confined Dijkstras (start and goal clusters), an A* over the
//! abstract graph, and one confined A* per abstract edge on the way that no diagonal-first or
//! straight-first walk covers at its octile distance (such a walk is a least path too, found
//! by two rays). [`Hierarchy::update`] after an edit rebuilds only the borders of the clusters
//! holding changed cells and the clusters on those borders; it never answers for a grid that
//! has changed since ([`HpaError::Stale`]).

mod block;
mod cells;
mod entrances;
mod join;
pub(crate) mod kept;
mod route;
mod sliced;
mod stepped;

use std::fmt;
use std::sync::Arc;

use crate::grid::Pos;
use crate::grid::board::Grid;
use crate::search::core::stamp::Stamp;
use crate::search::core::types::AbstractStep;
use block::{Block, Read};
use cells::{Field, Patch, extend_octile_walk, smooth, step_cost};
pub use entrances::SPACING;
pub(crate) use route::Scratch as HpaScratch;
use sliced::Finish;
pub(crate) use sliced::HpaSearch;
pub use stepped::{BORDER_WORK, HierarchyBuild};

/// What a query in slices ([`Searcher::advance`](crate::search::Searcher::advance)) counts a leg refined by a search inside its
/// cluster, in abstract nodes expanded (measured on 4096 x 4096 with 20 % walls: such a leg
/// takes about as long as 16 expansions); smoothing counts [`SMOOTH_CELLS`] path cells as one.
pub const LEG_WORK: usize = 16;

/// Path cells smoothed for the work of one abstract expansion, in a query in slices.
pub const SMOOTH_CELLS: usize = 8;

/// How far ahead (in path cells) smoothing looks for a cheaper straight-then-diagonal walk.
pub const SMOOTH_WINDOW: usize = 48;

/// The weight of the abstract search's order unless [`Hierarchy::set_weight`] says otherwise.
/// On random walls every border is broken into short runs, the abstract graph has about 26
/// edges a node, and an unweighted A* over it expands tens of thousands of nodes that all lie
/// within a few percent of the best route; a bounded-suboptimal order with closed nodes never
/// reopened expands a few thousand and bounds the abstract route at this weight times the
/// least. The order is XDP (see `route.rs`); before it, weighted A* (Pohl, 1970) at 1.1. On
/// 4096 x 4096 boards (60 queries each against A*), XDP at 1.09 gave mean costs 1.0268,
/// 1.0242 (20 % walls), 1.0257 (10 %) and 1.0095 (30 %) times the optimum, where weighted
/// A* at 1.1 gave 1.0258, 1.0227, 1.0295 and 1.0081, expanding 2,978 abstract nodes a query
/// against 4,716. On the bundled Moving AI maps the means stay within 1.026.
pub const DEFAULT_WEIGHT: f64 = 1.09;

/// Why a hierarchy could not be built or asked.
#[derive(Clone, Debug, PartialEq)]
pub enum HpaError {
    /// The board has weighted, swamp or water cells: HPA* here needs uniform costs.
    NotPlain,
    /// The cluster side is below 4 or above 256.
    ClusterSize(usize),
    /// The grid is not the one the hierarchy was built or last updated for, as it was then.
    Stale,
    /// A weight of the abstract search's order below 1, or not a finite number.
    Weight(f64),
    /// An endpoint is off the board or blocked.
    Endpoint(Pos),
}

impl fmt::Display for HpaError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HpaError::NotPlain => f.write_str("HPA* needs a board of uniform cells (no weighted, swamp or water cells)"),
            HpaError::ClusterSize(c) => write!(f, "cluster side {c}: HPA* takes 4 to 256 cells"),
            HpaError::Stale => f.write_str("the hierarchy was built for another grid, or this grid has changed since: update it"),
            HpaError::Weight(w) => write!(f, "weight {w}: HPA*'s abstract search takes a finite weight of at least 1"),
            HpaError::Endpoint((x, y)) => write!(f, "cell {x},{y} is off the board or blocked"),
        }
    }
}

impl std::error::Error for HpaError {}

/// A cluster's nodes, the costs between them (k x k), and its links across borders (a node's
/// index and its partner's cell, sorted by node and partner).
type Joined = (Vec<Pos>, Vec<f32>, Vec<(u32, Pos)>);

/// A path found by [`Hierarchy::find`]: cells from start to goal, their cost, and the work.
#[derive(Clone, Debug, PartialEq)]
pub struct HpaPath {
    /// Cells from start to goal inclusive, each step one of the board's moves.
    pub cells: Vec<Pos>,
    /// The sum of the steps' costs (1 straight, sqrt 2 diagonal).
    pub cost: f64,
    /// Abstract nodes the abstract A* expanded.
    pub abstract_expanded: usize,
    /// Abstract nodes the abstract A* put on its open list (the start included), each once.
    pub abstract_pushed: usize,
}

impl HpaPath {
    /// The path along `cells` (each step one of the board's moves), its cost summed, with the
    /// abstract search's work (nodes expanded, pushed).
    fn along(cells: Vec<Pos>, (abstract_expanded, abstract_pushed): (usize, usize)) -> HpaPath {
        let cost = cells.windows(2).map(|s| step_cost(s[0], s[1])).sum();
        HpaPath { cells, cost, abstract_expanded, abstract_pushed }
    }
}

/// A board cut into clusters, with its entrances and the costs across each cluster.
#[derive(Clone, Debug)]
pub struct Hierarchy {
    side: usize,
    size: (usize, usize),
    clusters: (usize, usize),
    version: (u64, u64),
    /// Transitions on each border: vertical borders (between columns of clusters) first, then
    /// horizontal ones; each a pair of cells, one on either side.
    borders: Vec<Vec<(Pos, Pos)>>,
    /// Each cluster's nodes (sorted).
    nodes: Vec<Vec<Pos>>,
    /// Each cluster's nodes, the least cost between each pair inside it and their links across
    /// its borders, packed for the abstract search (the links' partners found again by
    /// [`Hierarchy::relink`]).
    blocks: Vec<Block>,
    /// Nodes numbered cluster by cluster: cluster `c`'s `i`th node is `first[c] + i`.
    first: Vec<u32>,
    total: u32,
    /// The weight of the abstract search's order.
    weight: f64,
    /// The column of clusters of each column of cells, and the row of each row (a lookup
    /// rather than a division: the abstract search asks for a node's cluster at every step).
    column: Vec<u32>,
    row: Vec<u32>,
    /// This value's identity: new when it is built, cloned, brought up to date or reweighted,
    /// so that a query begun on it refuses any other ([`HpaSearch::advance`]).
    stamp: Stamp,
}

impl Hierarchy {
    /// Builds the hierarchy of `grid` with clusters `side` cells square (the last row and
    /// column of clusters may be smaller).
    ///
    /// ```
    /// use cubepath_search::{grid::{Cell, Grid}, search::Hierarchy};
    /// let mut grid = Grid::new(8, 4).unwrap();
    /// for (x, y) in [(3, 1), (4, 1), (3, 2), (4, 2)] {
    ///     grid.set(x, y, Cell::Blocked).unwrap();
    /// }
    /// let h = Hierarchy::build(&grid, 4).unwrap();
    /// let path = h.find(&grid, (0, 1), (7, 2)).unwrap().unwrap();
    /// assert_eq!((path.cells[0], *path.cells.last().unwrap()), ((0, 1), (7, 2)));
    /// assert!(path.cost >= 7.0 + 2.0 * (2f64.sqrt() - 1.0)); // never below the optimum
    /// ```
    pub fn build(grid: &Grid, side: usize) -> Result<Hierarchy, HpaError> {
        let mut me = Hierarchy::unjoined(grid, side)?;
        for b in 0..me.borders.len() {
            me.borders[b] = me.transitions(grid, b);
        }
        me.connect_all(grid);
        me.number();
        me.relink(0..me.nodes.len());
        Ok(me)
    }

    /// A hierarchy of `grid` with clusters `side` cells square and nothing found yet: no
    /// transitions on its borders, no nodes in its clusters (checked as [`Hierarchy::build`]).
    fn unjoined(grid: &Grid, side: usize) -> Result<Hierarchy, HpaError> {
        if !(4..=256).contains(&side) {
            return Err(HpaError::ClusterSize(side));
        }
        if !grid.is_uniform() {
            return Err(HpaError::NotPlain);
        }
        let (w, h) = (grid.width(), grid.height());
        let clusters = (w.div_ceil(side), h.div_ceil(side));
        let borders = (clusters.0 - 1) * clusters.1 + clusters.0 * (clusters.1 - 1);
        Ok(Hierarchy {
            side,
            size: (w, h),
            clusters,
            version: grid.version(),
            borders: vec![Vec::new(); borders],
            nodes: vec![Vec::new(); clusters.0 * clusters.1],
            blocks: vec![Block::default(); clusters.0 * clusters.1],
            first: Vec::new(),
            total: 0,
            weight: DEFAULT_WEIGHT,
            column: (0..w).map(|x| (x / side) as u32).collect(),
            row: (0..h).map(|y| (y / side) as u32).collect(),
            stamp: Stamp::new(),
        })
    }

    /// Follows the grid's edits since the hierarchy was built or last updated: the borders of
    /// the clusters holding changed cells are found again (a cell inside can change which
    /// transitions are near each other), and the clusters holding changed cells or across a
    /// border whose transitions moved joined again, each only where the edit can have changed
    /// its costs (a cluster with one changed cell: a Dijkstra from the cell and from each of its neighbours
    /// along x, one for each new node, and, for a walled cell, one from each of a few nodes
    /// covering the pairs it lay on a least way of; more changed cells: the cluster whole);
    /// the rest is kept. Returns the number of clusters
    /// joined again. A grid changed by more than the grid keeps a log of, or another grid, is
    /// built whole.
    pub fn update(&mut self, grid: &Grid) -> Result<usize, HpaError> {
        if grid.version() == self.version {
            return Ok(0);
        }
        let Some(changed) = self.changes_in(grid, self.version) else {
            *self = Hierarchy { weight: self.weight, ..Hierarchy::build(grid, self.side)? };
            return Ok(self.nodes.len());
        };
        Ok(self.catch_up(grid, &changed, false))
    }

    /// Brings the hierarchy up to date with `grid` after `changed` cells changed (see
    /// [`Hierarchy::update`]); `whole`: every cluster rejoined is joined whole, for parts
    /// that may have read the grid at different revisions (a build in steps). Returns the
    /// number of clusters joined again.
    fn catch_up(&mut self, grid: &Grid, changed: &[Pos], whole: bool) -> usize {
        self.stamp = Stamp::new();
        // a changed cell can change which offered transitions are joined by a few moves, which
        // decides those kept on each border of its cluster
        let mut borders: Vec<usize> = changed.iter().flat_map(|&p| self.borders_of(self.cluster_of(p))).collect();
        borders.sort_unstable();
        borders.dedup();
        // the clusters holding changed cells, and those across a border whose transitions moved
        let mut clusters: Vec<usize> = changed.iter().map(|&p| self.cluster_of(p)).collect();
        for &b in &borders {
            let found = self.transitions(grid, b);
            if found != self.borders[b] {
                clusters.extend(self.sides_of(b));
                self.borders[b] = found;
            }
        }
        clusters.sort_unstable();
        clusters.dedup();
        for &c in &clusters {
            let inside: Vec<Pos> = changed.iter().copied().filter(|&p| self.cluster_of(p) == c).collect();
            if whole {
                self.join_whole(grid, c);
            } else {
                self.rejoin(grid, c, &inside);
            }
        }
        self.number();
        // links into a cluster joined again may name its nodes by their old places
        let mut around: Vec<usize> = clusters.iter().flat_map(|&c| self.borders_of(c)).flat_map(|b| self.sides_of(b)).collect();
        around.extend_from_slice(&clusters);
        around.sort_unstable();
        around.dedup();
        self.relink(around);
        self.version = grid.version();
        clusters.len()
    }

    /// The clusters of `grid` as it is now, with [`Hierarchy::side_for`] cells a side, from
    /// what `kept` holds: used as it is when it answers for `grid`, brought up to date around
    /// the grid's edits ([`Hierarchy::update`]; copied first while shared), built whole for
    /// another grid, a copy, or another side; `None` (and nothing kept) on a board with
    /// terrain. What a [`Searcher`](crate::search::Searcher) does for [`Algorithm::Hpa`](crate::search::Algorithm::Hpa),
    /// for callers that keep clusters of their own.
    ///
    /// ```
    /// use std::sync::Arc;
    /// use cubepath_search::{grid::{Cell, Grid}, search::Hierarchy};
    /// let mut grid = Grid::new(64, 64).unwrap();
    /// let mut kept: Option<Arc<Hierarchy>> = None;
    /// assert!(Hierarchy::kept(&mut kept, &grid).is_some_and(|h| h.is_for(&grid)));
    /// grid.set(5, 5, Cell::Blocked).unwrap();
    /// assert!(Hierarchy::kept(&mut kept, &grid).is_some_and(|h| h.is_for(&grid)));
    /// ```
    pub fn kept<'a>(kept: &'a mut Option<Arc<Hierarchy>>, grid: &Grid) -> Option<&'a Hierarchy> {
        let side = Hierarchy::side_for(grid);
        match kept.as_mut() {
            Some(h) if h.cluster_side() == side && h.is_for(grid) => {}
            Some(h) if h.cluster_side() == side => {
                if Arc::make_mut(h).update(grid).is_err() {
                    *kept = None;
                }
            }
            _ => *kept = Hierarchy::build(grid, side).ok().map(Arc::new),
        }
        kept.as_deref()
    }

    /// The cluster side [`Algorithm::Hpa`](crate::search::Algorithm::Hpa) builds `grid` with,
    /// from its longer side `m`: 16 cells from `m` = 64 to 1,024; 32 over 1,024 (fewer, larger
    /// clusters keep the abstract graph of a huge map small: on 4096 x 4096 with 10 % walls a
    /// query took 0.30 s with 32 against 0.44 to 0.74 s with 16); below 64, a quarter of `m`
    /// (at least 4), so that a small board still has clusters to show.
    pub fn side_for(grid: &Grid) -> usize {
        match grid.width().max(grid.height()) {
            m if m > 1024 => 32,
            m if m >= 64 => 16,
            m => m.div_ceil(4).max(4),
        }
    }

    /// Bytes held: the transitions, nodes, costs and links, and the lookups of clusters.
    pub fn bytes(&self) -> usize {
        let pos = std::mem::size_of::<Pos>();
        self.borders.iter().map(|b| b.len() * 2 * pos).sum::<usize>()
            + self.nodes.iter().map(|n| n.len() * pos).sum::<usize>()
            + self.blocks.iter().map(|b| b.len() * 4).sum::<usize>()
            + (self.first.len() + self.column.len() + self.row.len()) * 4
    }

    /// Every transition: the two cells either side of a border that the abstract graph joins
    /// with one straight step, for drawing.
    pub fn entrances(&self) -> impl Iterator<Item = (Pos, Pos)> + '_ {
        self.borders.iter().flatten().copied()
    }

    /// Whether the hierarchy answers for `grid` as it is now.
    pub fn is_for(&self, grid: &Grid) -> bool {
        grid.version() == self.version
    }

    /// This value's identity among hierarchies (see the field).
    pub(crate) fn stamp(&self) -> u64 {
        self.stamp.get()
    }

    /// Whether [`Hierarchy::update`] brings the hierarchy up to date with `grid` around its
    /// edits (rather than building whole): `grid` is the one it was built for (or a snapshot
    /// of it), of the same size, plain, and changed since by no more than its log keeps.
    pub fn follows(&self, grid: &Grid) -> bool {
        self.is_for(grid) || self.changes_in(grid, self.version).is_some()
    }

    /// The cells of `grid` changed since its revision `since`, when the hierarchy can follow
    /// them: `grid` plain, of the hierarchy's size, and its log of changes reaching back so far
    /// (`None` otherwise: build whole).
    fn changes_in(&self, grid: &Grid, since: (u64, u64)) -> Option<Vec<Pos>> {
        let same = grid.is_uniform() && (grid.width(), grid.height()) == self.size;
        grid.changes_since(since).filter(|_| same).map(|c| c.collect())
    }

    /// Abstract nodes (transition cells), over all clusters.
    pub fn node_count(&self) -> usize {
        self.nodes.iter().map(Vec::len).sum()
    }

    /// The cluster side.
    pub fn cluster_side(&self) -> usize {
        self.side
    }

    /// The weight of the abstract search's order ([`DEFAULT_WEIGHT`] unless set).
    pub fn weight(&self) -> f64 {
        self.weight
    }

    /// Sets the weight of the abstract search's order: 1 for an A* that finds the least route
    /// over the abstract graph, more for fewer expansions and a route at most that many times
    /// the least (see [`DEFAULT_WEIGHT`]). Refused below 1 or when not finite.
    ///
    /// ```
    /// use cubepath_search::{grid::Grid, search::{Hierarchy, HpaError}};
    /// let grid = Grid::new(64, 64).unwrap();
    /// let mut h = Hierarchy::build(&grid, 8).unwrap();
    /// assert_eq!(h.set_weight(0.5), Err(HpaError::Weight(0.5)));
    /// h.set_weight(1.0).unwrap();
    /// let path = h.find(&grid, (0, 0), (63, 40)).unwrap().unwrap();
    /// assert!((path.cost - (63.0 + 40.0 * (2f64.sqrt() - 1.0))).abs() < 1e-9);
    /// ```
    pub fn set_weight(&mut self, weight: f64) -> Result<(), HpaError> {
        if !(weight.is_finite() && weight >= 1.0) {
            return Err(HpaError::Weight(weight));
        }
        self.weight = weight;
        self.stamp = Stamp::new();
        Ok(())
    }

    /// Each cluster's cell rectangle (`x0, y0, x1, y1`, ends exclusive) and its nodes, for
    /// drawing.
    pub fn clusters(&self) -> impl Iterator<Item = ((usize, usize, usize, usize), &[Pos])> + '_ {
        self.nodes.iter().enumerate().map(|(c, n)| (self.rect(c), n.as_slice()))
    }

    /// Every edge of the abstract graph inside a cluster: two of its nodes (first the lower)
    /// and the least cost between them moving only inside the cluster (pairs with no way
    /// between them inside it are left out).
    pub fn edges(&self) -> impl Iterator<Item = (Pos, Pos, f64)> + '_ {
        self.nodes
            .iter()
            .zip(&self.blocks)
            .flat_map(|(nodes, block)| {
                let (k, b) = (nodes.len(), Read::new(block));
                (0..k).flat_map(move |i| (i + 1..k).map(move |j| (nodes[i], nodes[j], f64::from(b.cost(i, j)))))
            })
            .filter(|e| e.2.is_finite())
    }

    /// A path from `start` to `goal` (`None`: none exists); see the module's notes.
    pub fn find(&self, grid: &Grid, start: Pos, goal: Pos) -> Result<Option<HpaPath>, HpaError> {
        self.find_traced(grid, start, goal, None)
    }

    /// As [`Hierarchy::find`], and when `trace` is given, the abstract search's expansions are
    /// added to it in order (for showing them step by step).
    ///
    /// ```
    /// use cubepath_search::{grid::Grid, search::Hierarchy};
    /// let grid = Grid::new(16, 16).unwrap();
    /// let h = Hierarchy::build(&grid, 4).unwrap();
    /// let mut trace = Vec::new();
    /// let path = h.find_traced(&grid, (0, 0), (15, 15), Some(&mut trace)).unwrap().unwrap();
    /// assert_eq!(trace.len(), path.abstract_expanded);
    /// assert_eq!((trace[0].at, trace.last().unwrap().at), ((0, 0), (15, 15)));
    /// ```
    pub fn find_traced(
        &self,
        grid: &Grid,
        start: Pos,
        goal: Pos,
        trace: Option<&mut Vec<AbstractStep>>,
    ) -> Result<Option<HpaPath>, HpaError> {
        self.check(grid, start, goal)?;
        let found = self.abstract_route(grid, start, goal, trace);
        Ok(found.map(|(route, expanded, pushed)| self.path_of(grid, &route, (expanded, pushed))))
    }

    /// Whether `grid` is the one the hierarchy answers for, and `start` and `goal` are open on it.
    fn check(&self, grid: &Grid, start: Pos, goal: Pos) -> Result<(), HpaError> {
        if !self.is_for(grid) {
            return Err(HpaError::Stale);
        }
        match [start, goal].into_iter().find(|p| !grid.is_passable(p.0, p.1)) {
            Some(p) => Err(HpaError::Endpoint(p)),
            None => Ok(()),
        }
    }

    /// The path along an abstract route (the cells of its nodes): refined to cells, smoothed,
    /// its cost, and the abstract search's work (nodes expanded, pushed).
    fn path_of(&self, grid: &Grid, route: &[Pos], work: (usize, usize)) -> HpaPath {
        let (cells, ends) = self.refine(grid, route);
        HpaPath::along(smooth(grid, cells, &ends), work)
    }

    /// The cells of an abstract route (its first node on), and the place in them of each of its
    /// nodes after the first: each leg between two is a least path inside their cluster, or a
    /// step across a border.
    fn refine(&self, grid: &Grid, route: &[Pos]) -> (Vec<Pos>, Vec<usize>) {
        let (mut legs, mut work) = (Finish::new(route.to_vec()), usize::MAX);
        legs.refine_legs(self, grid, &mut work, &mut 0);
        legs.into_refined()
    }

    /// Adds to `cells` (which end at `a`) the cells of the leg from node `a` to node `b`: a
    /// least path inside their cluster, or the step across a border. Returns its work, for a
    /// caller that spreads legs over slices: 1 for a step across, 2 for a straight-then-diagonal
    /// walk, [`LEG_WORK`] for a search inside the cluster.
    fn refine_leg(&self, grid: &Grid, field: &mut Field, cells: &mut Vec<Pos>, (a, b): (Pos, Pos)) -> usize {
        if self.cluster_of(a) != self.cluster_of(b) {
            cells.push(b);
            return 1;
        }
        if extend_octile_walk(grid, cells, a, b) {
            return 2;
        }
        Patch::lazy(grid, self.rect(self.cluster_of(a))).search(field, a, &[b]);
        let joined = field.extend_path_to(b, cells);
        assert!(joined, "a leg's two nodes are joined inside their cluster");
        LEG_WORK
    }

    // --- building ---

    fn cluster_of(&self, (x, y): Pos) -> usize {
        self.row[y] as usize * self.clusters.0 + self.column[x] as usize
    }

    fn rect(&self, c: usize) -> (usize, usize, usize, usize) {
        let (cx, cy) = (c % self.clusters.0, c / self.clusters.0);
        let (x0, y0) = (cx * self.side, cy * self.side);
        (x0, y0, (x0 + self.side).min(self.size.0), (y0 + self.side).min(self.size.1))
    }

    /// The two clusters on border `b`.
    fn sides_of(&self, b: usize) -> [usize; 2] {
        let (cw, ch) = self.clusters;
        let vertical = (cw - 1) * ch;
        if b < vertical {
            let (i, j) = (b % (cw - 1), b / (cw - 1));
            [j * cw + i, j * cw + i + 1]
        } else {
            let b = b - vertical;
            let (i, j) = (b % cw, b / cw);
            [j * cw + i, (j + 1) * cw + i]
        }
    }

    /// The borders around cluster `c` (up to four).
    fn borders_of(&self, c: usize) -> Vec<usize> {
        let (cw, ch) = self.clusters;
        let (i, j) = (c % cw, c / cw);
        let vertical = (cw - 1) * ch;
        let mut out = Vec::with_capacity(4);
        if i > 0 {
            out.push(j * (cw - 1) + i - 1);
        }
        if i + 1 < cw {
            out.push(j * (cw - 1) + i);
        }
        if j > 0 {
            out.push(vertical + (j - 1) * cw + i);
        }
        if j + 1 < ch {
            out.push(vertical + j * cw + i);
        }
        out
    }

    /// Numbers the nodes cluster by cluster.
    fn number(&mut self) {
        self.first.clear();
        let mut total = 0u32;
        for n in &self.nodes {
            self.first.push(total);
            total += n.len() as u32;
        }
        self.total = total;
    }

    /// The number of the node at `p`, if one is there.
    fn id(&self, p: Pos) -> Option<u32> {
        let c = self.cluster_of(p);
        self.nodes[c].binary_search(&p).ok().map(|i| self.first[c] + i as u32)
    }
}
