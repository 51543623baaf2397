//! Repairing a preparation after its grid's cells changed, instead of preparing again: the
//! cells read anew where they differ, the subgoal graph mended where the changed cells can
//! matter, and the part of the hierarchy that may no longer hold put back in its core.
//!
//! # What is kept true
//! A repaired preparation answers exactly as a fresh one would (the optimal cost), because it
//! keeps these invariants, each of which the argument of the [module](super) needs:
//! 1. **Vertices.** Every convex corner of the grid as it is now is a vertex. A vertex whose
//!    cell stays free but is no longer a corner stays (a *ghost*); one whose cell is blocked
//!    is taken out (its number left unused); a new corner gets a new number after the others.
//!    The optimality argument holds for any free set of vertices that contains the corners:
//!    a taut shortest path turns only at corners, and the scans treat every vertex as a
//!    subgoal (clearances stop at them, the diagonal walk ends on them).
//! 2. **Cells.** `free`, `clear` (which flags runs ending on a vertex) and `diagonal` are those
//!    of the grid now with the vertices now: after the free flags are flipped, each run is
//!    recomputed backwards along the rays (straight and diagonal) through every cell whose
//!    flag or vertex changed, until a value comes out unchanged.
//! 3. **Edges.** Every vertex is joined to every vertex its scan now finds, and every edge is
//!    a leg legal now (diagonal or straight moves first) at its octile cost. A scan reads the
//!    clearances of its own cell and of the cells along its four diagonal walks, the free
//!    flags the walks' moves read and the vertices they stop on; so only the vertices found
//!    walking back along the diagonals from each changed cell or changed clearance (through
//!    moves legal before or after, past cells that were or are no vertex) can scan anything
//!    else: those are scanned again and their missing edges added. An edge is taken out only
//!    when both its legs are now blocked (tested for every edge whose cells' box, widened by
//!    one, meets a newly blocked cell) or an end was taken out. So the graph is a supergraph
//!    of the subgoal graph of the vertices now, each edge refined into a legal path of its
//!    cost: no answer is too cheap, none too dear.
//! 4. **Hierarchy.** A set `D` of vertices is put in the core (searched as a plain graph from
//!    both ends), the others keep their place and upward edges: `D` holds the old core, the
//!    new and taken out vertices, both ends of every edge added or taken out, and (when cells
//!    were blocked) every contracted vertex that a witness search may have proved a shortcut
//!    unneeded by a path near a newly blocked cell: two of its upward neighbours `a` and `b`
//!    (costs `ca`, `cb`) for which some newly blocked cell `c` has
//!    `octile(a, c) + octile(c, b) <= ca + cb + 0.6` (a witness path costs at most `ca + cb`,
//!    and each of its cells, or a cell beside one of its diagonal moves, lies in that
//!    ellipse; the test uses boxes around the blocked cells, which only widens it). `D` is
//!    then closed upward: every vertex an upward edge of a `D` vertex leads to is in `D`.
//!    The core's edges are the graph's edges among `D` and the old shortcuts among `D` whose
//!    middle is outside `D`; shortcuts over `D` vertices are dropped.
//!
//! # Why the hierarchy stays exact
//! Take the old order of contraction without `D`, on the new graph. A vertex `v` outside `D`
//! has the same edges in the new graph (an edge added or taken out has both ends in `D`).
//! No vertex of `D` contracted before `v` ever touched it: its upward neighbours, where its
//! shortcuts go, are all in `D`. So `v` has the same neighbours when it is contracted, and
//! the same shortcuts over it are kept. Each pair of its neighbours the old contraction left
//! without a shortcut had a witness no dearer; that witness unpacks into edges of the old
//! graph within the pair's ellipse, where no cell was blocked (else `v` would be in `D`), so
//! each of those edges is legal still and no end was taken out: the witness is a path of the
//! new graph avoiding `v` (a shortcut over a `D` vertex on it is replaced by that vertex's own
//! two edges, present since `D` is not contracted). Hence the contraction of the vertices
//! outside `D` is a valid contraction of the new graph, with `D` as its core. A shortcut
//! that unpacks through an edge taken out has its middle in `D` (by induction: the innermost
//! one has an end of that edge as its middle, and a `D` vertex's upward neighbours, the
//! ends of its shortcuts, are in `D`), so every shortcut kept unpacks into edges that exist.
//! Wall removals only add edges and keep every old edge: no witness is lost, none is
//! tested.
//!
//! # The hierarchy mended in its order
//! When every vertex is contracted (a preparation from scratch leaves no core on any bundled
//! map, nor does a mending), the hierarchy is not given a core: it is mended in its own order
//! (see [`mend`](super::mend)). Only the vertices whose upward edges changed, the new ones
//! and those with a witness near a newly blocked cell are contracted again, lowest first,
//! and each searches for witnesses only for the pairs whose edges changed or whose ellipse
//! meets a newly blocked cell. The witness seeds below are the same test, vertex by vertex.
//!
//! # The core contracted again
//! A hierarchy with a core (more edges left than [`contract`](super::contract) takes out)
//! is repaired as above, with `D` put in its core, which each repair then contracts again
//! ([`Upward::contract_core`](super::contract)):
//! the core's edges are exactly the graph that remains once the vertices below it are taken
//! out (the graph's edges among the core and the shortcuts over contracted vertices), which
//! is where [`contract`](super::contract) would go on from; its vertices are taken out least
//! priority first, with the same witness searches and limits, ranked after every vertex
//! below, until those left have more than the core's degree limit. This is a contraction of
//! the new graph in one order (the old order less `D`, then `D` in its new order), each
//! vertex's shortcuts found by witness searches in the graph that remained when it was taken
//! out: a valid hierarchy, whatever the order, so the argument above applies to the next
//! repair as it did to a full preparation.
//!
//! # A map answered by JPS+
//! On a map of scattered obstacles or city streets ([`Prepared::uses_jump_table`]) the cells,
//! subgoals and clearances are repaired as above (they stay what the map's subgoals are), the
//! jump table is repaired where the changed cells are read (it ends as a table made anew), and
//! the landmarks' distances are lowered where a freed cell opens a shorter way (kept where a
//! wall was put: an old distance is no longer than the new one), which keeps their estimate
//! admissible (see the landmarks' repair). The map stays answered by JPS+ however it is
//! edited; a preparation from scratch may choose the subgoal graph.
//!
//! # What is not repaired
//! A preparation of another grid (a copy has a new identity) or of another size, and a grid
//! with terrain: prepared from scratch (or refused, for terrain). A repaired preparation keeps no distance table (the
//! hierarchy answers) and no table of each cell's reached subgoals (a query scans from its
//! start and goal). The file format numbers subgoals in cell order: [`Prepared::to_bytes`]
//! prepares a repaired map from scratch first.

use std::collections::{HashMap, HashSet};

use super::mend::Mend;
use super::{AT_SUBGOAL, DIAGONAL, NONE, PrepError, Prepared, STRAIGHT, prepare};
use crate::grid::board::{BLOCKED, Grid};

/// How far a blocked cell beside a diagonal move lies outside the ellipse of the move's ends:
/// 2 - sqrt(2), rounded up.
pub(super) const BESIDE: f64 = 0.6;
/// The newly blocked cells are gathered in boxes, one per tile of this side that has any.
const TILE: usize = 16;

/// What the cells' repair changed, for the graph's.
pub(super) struct Changes {
    /// The padded cells whose free flag flipped.
    flipped: Vec<usize>,
    flipped_set: HashSet<usize>,
    /// The cells whose vertex changed, with the vertex they had (`NONE` for a new one).
    old_node: HashMap<usize, u32>,
    /// The (cell, direction) whose clearance changed.
    cleared: Vec<(usize, usize)>,
    /// Boxes of padded coordinates (x0, y0, x1, y1) around the newly blocked cells.
    pub(super) boxes: Vec<[usize; 4]>,
}

impl Prepared {
    /// This preparation brought to `grid` as it is now, leaving this one as it was: as
    /// [`Prepared::repair`] on a copy.
    pub fn repaired(&self, grid: &Grid) -> Result<Prepared, PrepError> {
        if !self.is_for(grid) && !self.can_repair(grid) {
            return prepare(grid);
        }
        self.clone().repair(grid)
    }

    /// This preparation brought to `grid` as it is now, after any number of edits of its
    /// cells since (single cells, bursts, undos): repaired where the changed cells matter (see
    /// the [module](self)), every answer still optimal. The changed cells are those the
    /// grid's log names since (each compared with the cell kept here), or every cell compared
    /// when the log no longer reaches back so far. Prepared from scratch instead
    /// ([`prepare`]) when `grid` is not the grid this was made for (another identity, such as
    /// a copy's, or another size) or when JPS+ answers this map; the same errors as
    /// [`prepare`].
    ///
    /// ```
    /// use cubepath_search::grid::{Cell, Grid};
    /// use cubepath_search::search::{prepare, Searcher};
    /// let mut grid = Grid::new(8, 6).unwrap();
    /// let prepared = prepare(&grid).unwrap();
    /// for y in 0..5 { grid.set(4, y, Cell::Blocked).unwrap(); }
    /// let repaired = prepared.repair(&grid).unwrap();
    /// assert_eq!(repaired.repairs(), 1);
    /// let r = repaired.search(&grid, (0, 0), (7, 0), &mut Searcher::default()).unwrap();
    /// assert!(r.path.unwrap().contains(&(4, 5))); // round the new wall's end
    /// ```
    pub fn repair(mut self, grid: &Grid) -> Result<Prepared, PrepError> {
        if self.is_for(grid) {
            return Ok(self);
        }
        if !self.can_repair(grid) {
            return prepare(grid);
        }
        if self.repairs == 0 {
            self.fresh_edges = self.up.targets.len();
        }
        let changes = self.repair_cells(grid);
        if self.jumps.is_some() {
            self.repair_jump_table(grid, &changes.flipped);
        } else if !changes.flipped.is_empty() {
            self.repair_graph(&changes);
            self.table = None;
            self.reach_at = Vec::new();
            self.reach = Vec::new();
            self.repairs += 1;
        }
        self.grid_version = grid.version();
        Ok(self)
    }

    /// How many times this preparation was repaired since it was prepared from scratch.
    pub fn repairs(&self) -> u32 {
        self.repairs
    }

    /// The number of subgoals in the hierarchy's core, searched as a plain graph from both
    /// ends: those a contraction leaves, with more edges left than it takes out (a repair
    /// contracts its core again, as a full preparation would).
    pub fn core_subgoals(&self) -> usize {
        self.up.rank.iter().enumerate().filter(|&(v, &r)| r >= self.up.core && self.alive(v as u32)).count()
    }

    /// Whether `grid` is this preparation's grid (same identity and size) and this map's
    /// preparation can be repaired for it.
    fn can_repair(&self, grid: &Grid) -> bool {
        grid.is_uniform() && self.grid_version.0 == grid.version().0 && (self.width, self.height) == (grid.width(), grid.height())
    }

    /// Whether a padded index is a cell of the grid (not the border).
    #[inline]
    pub(super) fn interior(&self, at: usize) -> bool {
        let (x, y) = (at % self.stride, at / self.stride);
        (1..=self.width).contains(&x) && (1..=self.height).contains(&y)
    }

    /// Whether a padded cell is free and no vertex: a clearance runs through it.
    #[inline]
    fn open(&self, at: usize) -> bool {
        self.free[at] == 1 && self.node_of[at] == NONE
    }

    /// The cell one diagonal move back from `at` along diagonal `(a, b)`.
    #[inline]
    fn back(&self, at: usize, (a, b): (usize, usize)) -> usize {
        let ((ax, ay), (bx, by)) = (STRAIGHT[a], STRAIGHT[b]);
        self.step(at, (-ax - bx, -ay - by))
    }

    /// Flips the free flags that differ from `grid`'s, then mends the vertices, clearances
    /// and diagonal runs around them; gives what changed.
    fn repair_cells(&mut self, grid: &Grid) -> Changes {
        let codes = grid.codes();
        let differs = |i: usize| (self.free[i] == 1) != (codes[i] != BLOCKED);
        // the cells the grid's log says changed since this was brought to it (each once), or
        // every cell compared when the log no longer reaches back so far
        let flipped: Vec<usize> = match grid.changes_since(self.grid_version) {
            Some(changed) => {
                let mut at: Vec<usize> = changed.map(|(x, y)| grid.index(x, y)).filter(|&i| differs(i)).collect();
                at.sort_unstable();
                at.dedup();
                at
            }
            None => (0..codes.len()).filter(|&i| differs(i)).collect(),
        };
        let mut tiles: HashMap<(usize, usize), [usize; 4]> = HashMap::new();
        for &at in &flipped {
            self.free[at] ^= 1;
            if self.free[at] == 0 {
                let (x, y) = (at % self.stride, at / self.stride);
                let b = tiles.entry((x / TILE, y / TILE)).or_insert([x, y, x, y]);
                *b = [b[0].min(x), b[1].min(y), b[2].max(x), b[3].max(y)];
            }
        }
        let flipped_set = flipped.iter().copied().collect();
        let mut ch = Changes { flipped, flipped_set, old_node: HashMap::new(), cleared: Vec::new(), boxes: tiles.into_values().collect() };
        self.repair_vertices(&mut ch);
        let starts: Vec<usize> = ch.flipped.iter().chain(ch.old_node.keys()).copied().collect();
        for &q in &starts {
            for d in 0..4 {
                self.repair_clearance(q, d, &mut ch.cleared);
            }
        }
        for &q in &ch.flipped {
            self.repair_diagonals(q);
        }
        ch
    }

    /// Takes out the vertices of cells now blocked and makes the new corners within one cell
    /// of a flipped one vertices (numbered after the others); ghosts stay.
    fn repair_vertices(&mut self, ch: &mut Changes) {
        let mut seen = HashSet::new();
        for k in 0..ch.flipped.len() {
            for dy in -1..=1 {
                for dx in -1..=1 {
                    let z = self.step(ch.flipped[k], (dx, dy));
                    if !self.interior(z) || !seen.insert(z) {
                        continue;
                    }
                    let v = self.node_of[z];
                    if self.free[z] == 0 && v != NONE {
                        self.node_of[z] = NONE;
                        ch.old_node.insert(z, v);
                    } else if self.free[z] == 1 && v == NONE && self.is_corner(z) {
                        self.node_of[z] = self.cells.len() as u32;
                        self.cells.push(z as u32);
                        ch.old_node.insert(z, NONE);
                    }
                }
            }
        }
    }

    /// Brings JPS+'s jump table and its landmarks to `grid`, after the padded cells `flipped`
    /// changed (their free flags already flipped): see [`JumpTable::repair`](crate::search::prepared::jps_plus::JumpTable::repair) and the
    /// landmarks' repair, which keeps their estimate admissible. A table lent to a search
    /// still under way is left to it: the repair mends a copy.
    fn repair_jump_table(&mut self, grid: &Grid, flipped: &[usize]) {
        let table = std::sync::Arc::make_mut(self.jumps.as_mut().expect("a map answered by JPS+"));
        let rows = table.repair(grid, flipped);
        if let Some(marks) = &mut self.marks {
            marks.repair(&self.free, self.stride, table, flipped, &rows);
        }
        if !flipped.is_empty() {
            self.repairs += 1;
        }
    }

    /// Recomputes the clearances along `d` of the cells behind `q` (whose runs along `d` read
    /// `q`), until one comes out unchanged or is no run's; records those that changed.
    fn repair_clearance(&mut self, q: usize, d: usize, out: &mut Vec<(usize, usize)>) {
        let (dx, dy) = STRAIGHT[d];
        let mut next = q;
        loop {
            let z = self.step(next, (-dx, -dy));
            if !self.interior(z) {
                return;
            }
            let now = if self.open(next) {
                self.clear[next][d] + 1
            } else if self.node_of[next] != NONE {
                AT_SUBGOAL
            } else {
                0
            };
            if now == self.clear[z][d] {
                return;
            }
            self.clear[z][d] = now;
            out.push((z, d));
            if !self.open(z) {
                return;
            }
            next = z;
        }
    }

    /// Recomputes the diagonal runs that read the flipped cell `q` (the moves from the three
    /// cells of which it is a target or beside), and those behind them, until one comes out
    /// unchanged.
    fn repair_diagonals(&mut self, q: usize) {
        // a map answered by JPS+ keeps no diagonal runs
        if self.diagonal.is_empty() {
            return;
        }
        for (k, &(a, b)) in DIAGONAL.iter().enumerate() {
            let ((ax, ay), (bx, by)) = (STRAIGHT[a], STRAIGHT[b]);
            for s in [self.step(q, (-ax, -ay)), self.step(q, (-bx, -by)), self.back(q, (a, b))] {
                let mut z = s;
                while self.interior(z) {
                    let ahead = self.step(z, (ax + bx, ay + by));
                    let now = if self.diagonal_free(z, a, b) { self.diagonal[ahead][k] + 1 } else { 0 };
                    if now == self.diagonal[z][k] {
                        break;
                    }
                    self.diagonal[z][k] = now;
                    z = self.back(z, (a, b));
                }
            }
        }
    }
}

/// Cells found (each once, in `list`) and the (cell, diagonal) walked back from, flagged per
/// padded cell: bit `k` for diagonal `k`, bit 4 for found.
struct Marks {
    flags: Vec<u8>,
    list: Vec<usize>,
}

impl Marks {
    fn find(&mut self, at: usize) {
        if self.flags[at] & 16 == 0 {
            self.flags[at] |= 16;
            self.list.push(at);
        }
    }

    /// Flags a walk back from `at` along diagonal `k`: whether it was not flagged before.
    fn walk(&mut self, at: usize, k: usize) -> bool {
        let fresh = self.flags[at] & (1 << k) == 0;
        self.flags[at] |= 1 << k;
        fresh
    }
}

impl Changes {
    /// Whether the padded cell was free before the repair.
    fn free_before(&self, p: &Prepared, at: usize) -> bool {
        (p.free[at] == 1) != self.flipped_set.contains(&at)
    }

    /// Whether the padded cell was a vertex before the repair.
    fn vertex_before(&self, p: &Prepared, at: usize) -> bool {
        self.old_node.get(&at).copied().unwrap_or(p.node_of[at]) != NONE
    }

    /// Whether the diagonal move from `at` along `(a, b)` was legal before the repair.
    fn diagonal_free_before(&self, p: &Prepared, at: usize, (a, b): (usize, usize)) -> bool {
        let (sa, sb) = (p.step(at, STRAIGHT[a]), p.step(at, STRAIGHT[b]));
        self.free_before(p, sa) && self.free_before(p, sb) && self.free_before(p, p.step(sa, STRAIGHT[b]))
    }
}

impl Prepared {
    /// Mends the subgoal graph and its hierarchy after the cells' repair (`ch`): edges added
    /// where a vertex's scan now finds more, taken out where no leg is legal, and the vertices
    /// this can matter to put in the core with everything above them.
    fn repair_graph(&mut self, ch: &Changes) {
        let before = self.up.rank.len();
        let mut found = Vec::new();
        let mut added: HashMap<(u32, u32), f64> = HashMap::new();
        for x in self.rescan_cells(ch) {
            let i = self.node_of[x];
            found.clear();
            self.scan(x, &mut found);
            for &t in &found {
                let j = self.node_of[t as usize];
                if j != i && !self.has_edge(i, j, before) {
                    let cost = self.octile(x, t as usize, crate::grid::rules::CostModel::Exact);
                    added.insert((i.min(j), i.max(j)), cost);
                }
            }
        }
        let at = self.vertex_places(!ch.boxes.is_empty());
        let deleted = self.deleted_edges(ch, &at);
        if self.up.core as usize == before {
            // every vertex contracted: mended in its own order (see `mend`)
            let near = if ch.boxes.is_empty() { Vec::new() } else { self.witness_seeds(ch, &at) };
            let dead: Vec<u32> = ch.old_node.values().copied().filter(|&v| v != NONE && !at[v as usize].alive).collect();
            let added: Vec<(u32, u32, f64)> = added.into_iter().map(|((a, b), c)| (a, b, c)).collect();
            let at = &at;
            let octile = move |a: u32, b: u32| at[a as usize].octile(&at[b as usize]);
            let near_box = move |a: u32, b: u32, cost: f64| {
                let (a, b) = (&at[a as usize], &at[b as usize]);
                ch.boxes.iter().any(|bx| a.to_box(bx) + b.to_box(bx) <= cost + BESIDE)
            };
            let mut mend = Mend::new(&self.up, self.cells.len(), octile, near_box);
            mend.start(&deleted, &added, &dead, &near);
            self.up = mend.finish();
            return;
        }
        let mut seeds: Vec<u32> = added.keys().chain(&deleted).flat_map(|&(a, b)| [a, b]).collect();
        seeds.extend(ch.old_node.iter().flat_map(|(&at, &v)| [v, self.node_of[at]]).filter(|&v| v != NONE));
        seeds.extend((0..before as u32).filter(|&v| self.up.rank[v as usize] >= self.up.core));
        if !ch.boxes.is_empty() {
            seeds.extend(self.witness_seeds(ch, &at));
        }
        let in_core = self.upward_closure(&seeds);
        let added: Vec<(u32, u32, f64)> = added.into_iter().map(|((a, b), c)| (a, b, c)).collect();
        self.up = self.up.with_core(&in_core, &deleted, &added, |v| self.alive(v));
        // the core contracted again, as a full preparation would: see the module's docs
        self.up.contract_core();
    }

    /// Whether the old hierarchy (of `before` vertices) holds the graph's edge between `i` and
    /// `j`.
    fn has_edge(&self, i: u32, j: u32, before: usize) -> bool {
        (i as usize) < before && (j as usize) < before && self.up.edge_index(i, j).is_some_and(|e| self.up.middles[e] == NONE)
    }

    /// The seeds and every vertex above them (the old hierarchy's upward edges followed), as
    /// a flag per vertex; new vertices are in it.
    fn upward_closure(&self, seeds: &[u32]) -> Vec<bool> {
        let before = self.up.rank.len();
        let mut in_core = vec![false; self.cells.len()];
        in_core[before..].fill(true);
        let mut stack = Vec::new();
        for &v in seeds {
            if !in_core[v as usize] {
                in_core[v as usize] = true;
                stack.push(v);
            }
        }
        while let Some(v) = stack.pop() {
            for &t in self.up.targets_of(v) {
                if !in_core[t as usize] {
                    in_core[t as usize] = true;
                    stack.push(t);
                }
            }
        }
        in_core
    }

    /// The vertices (now) whose scan may read something that changed: found walking back
    /// along the diagonals from each changed clearance, vertex and free flag (and from the
    /// cells whose diagonal move reads a flipped cell beside it).
    fn rescan_cells(&self, ch: &Changes) -> Vec<usize> {
        let mut found = Marks { flags: vec![0; self.free.len()], list: Vec::new() };
        for &(t, d) in &ch.cleared {
            found.find(t);
            for (k, &(a, b)) in DIAGONAL.iter().enumerate() {
                if a == d || b == d {
                    self.walk_back(t, k, ch, &mut found);
                }
            }
        }
        for &t in ch.old_node.keys().chain(&ch.flipped) {
            found.find(t);
            for k in 0..4 {
                self.walk_back(t, k, ch, &mut found);
            }
        }
        for &t in &ch.flipped {
            for (k, &(a, b)) in DIAGONAL.iter().enumerate() {
                let ((ax, ay), (bx, by)) = (STRAIGHT[a], STRAIGHT[b]);
                for s in [self.step(t, (-ax, -ay)), self.step(t, (-bx, -by))] {
                    if !self.interior(s) {
                        continue;
                    }
                    found.find(s);
                    // cells behind read `t` only through a walk that goes on past `s`
                    if self.node_of[s] == NONE || !ch.vertex_before(self, s) {
                        self.walk_back(s, k, ch, &mut found);
                    }
                }
            }
        }
        found.list.into_iter().filter(|&x| self.node_of[x] != NONE).collect()
    }

    /// Adds to `found` the cells whose walk along diagonal `k` reaches `y` (before or after
    /// the repair): back one move at a time while the move is legal in either, past cells that
    /// are no vertex in either. `found` also marks the (cell, diagonal) already walked back from.
    fn walk_back(&self, mut y: usize, k: usize, ch: &Changes, found: &mut Marks) {
        let (a, b) = DIAGONAL[k];
        loop {
            let x = self.back(y, (a, b));
            if !self.interior(x) || !(self.diagonal_free(x, a, b) || ch.diagonal_free_before(self, x, (a, b))) {
                return;
            }
            found.find(x);
            if !found.walk(x, k) || (self.node_of[x] != NONE && ch.vertex_before(self, x)) {
                return;
            }
            y = x;
        }
    }
}
