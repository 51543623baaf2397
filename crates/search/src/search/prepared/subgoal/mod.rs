//! Subgoal graphs (Uras, Koenig and Hernandez, "Subgoal Graphs for Optimal Pathfinding in
//! Eight-Neighbor Grids", ICAPS 2013): a map prepared once, then queries answered over a small
//! graph of its obstacles' convex corners instead of its cells.
//!
//! # The method
//! - A **subgoal** is a free cell at a convex corner of an obstacle: a diagonal neighbour is
//!   blocked and the two cells beside that diagonal are free. A shortest path on an
//!   8-neighbour grid without corner cutting only turns at such corners.
//! - Two cells are **h-reachable** when a path between them is as short as their octile
//!   distance (the heuristic `h`): on an empty map every pair is. The graph joins each subgoal
//!   to the subgoals it *directly* h-reaches: found by a diagonal-first scan bounded by its
//!   cells' clearances (straight distances to the next obstacle or subgoal), which stops where
//!   a subgoal shadows what lies behind it.
//! - The graph is then contracted into a hierarchy (Uras and Koenig's SG-CH, IJCAI 2018, after
//!   Geisberger et al.'s contraction hierarchies): subgoals are taken out least important
//!   first, and a shortcut joins two neighbours of one taken out when it lay on their only
//!   shortest path (no other path as short was found).
//! - A query joins the start and the goal to the subgoals they directly h-reach (and to each
//!   other when the goal is among the cells the start's scan reaches), searches upward from
//!   both ends (Dijkstra over edges to later-contracted subgoals) until neither side can better
//!   the best meeting, unpacks the shortcuts into the subgoal graph's edges, and refines each
//!   edge into cells: its diagonal moves first or its straight moves first, whichever is free.
//!
//! # Why it is optimal
//! Every edge costs exactly its octile distance and is refined into a legal path of that cost,
//! so no answer is cheaper than the grid's optimum. Conversely a shortest path can be taken
//! taut around the corners it passes: it then turns only at subgoals, and between consecutive
//! turns it is h-reachable; where a subgoal shadows a stretch, the path through that subgoal is
//! as short. So the graph holds a path of the optimal cost (the paper's theorem). Contraction
//! keeps every shortest distance between the subgoals left (a shortcut replaces each path it
//! cuts unless a witness as short remains), so some shortest path goes up the hierarchy and
//! then down, and the two upward searches meet on its highest subgoal. The tests check every
//! answer against a Dijkstra written from the rules, and the benchmark files' stated lengths.
//!
//! # What it runs on
//! Square grids with the no-corner-cutting rule (the benchmark's rules), uniform costs and the
//! exact step costs (1 and the square root of 2). Other topologies and terrain fall back to the other searches (a
//! search asked for it there is refused with [`SearchError::NeedsPlainBoard`](crate::search::SearchError)).
//!
//! # Changes
//! A preparation belongs to one grid at one revision ([`Prepared::is_for`]): a [`Searcher`]
//! prepares again when the grid it is given is another or has changed since (as for JPS+'s
//! table), and [`Prepared::search`] refuses a grid it was not made for. Nothing answers from
//! a stale preparation.
//!
//! [`Searcher`]: crate::search::Searcher

mod contract;
mod file;
mod jumps;
mod landmarks;
mod lists;
mod mend;
mod place;
mod query;
mod repair;
mod table;
mod wear;

use crate::grid::Pos;
use crate::grid::board::Grid;
use crate::grid::rules::CostModel;
use crate::search::prepared::jps_plus::JumpTable;
use contract::Upward;
use table::Table;

pub use file::PrepError;
pub(crate) use query::Scratch;
pub use table::TABLE_SUBGOALS;

/// No subgoal at a cell.
const NONE: u32 = u32::MAX;

/// A clearance's flag: the cell after its free run is a subgoal, not an obstacle.
const AT_SUBGOAL: u16 = 1 << 15;
/// A clearance's count of free cells (a grid is at most 4,096 cells a side).
const COUNT: u16 = AT_SUBGOAL - 1;

/// The four straight directions as (dx, dy): north, east, south, west.
const STRAIGHT: [(isize, isize); 4] = [(0, -1), (1, 0), (0, 1), (-1, 0)];
/// The four diagonals, each as its two straight directions (indices into `STRAIGHT`).
const DIAGONAL: [(usize, usize); 4] = [(0, 1), (2, 1), (2, 3), (0, 3)];

/// A grid prepared for subgoal-graph queries: its subgoals, the edges between them, and the
/// clearances a query's scans read. Made by [`prepare`], written and read by
/// [`Prepared::to_bytes`] and [`Prepared::from_bytes`].
///
/// ```
/// use cubepath_search::grid::{Cell, Grid};
/// use cubepath_search::search::{prepare, SearchOptions, Algorithm, Searcher};
/// let mut grid = Grid::new(6, 4).unwrap();
/// for y in 0..3 { grid.set(3, y, Cell::Blocked).unwrap(); }
/// let prepared = prepare(&grid).unwrap();
/// assert_eq!(prepared.subgoals(), 2); // the wall's two free corners below its end
/// let r = prepared.search(&grid, (0, 0), (5, 0), &mut Searcher::default()).unwrap();
/// let path = r.path.unwrap();
/// assert!(path.contains(&(3, 3))); // round the wall's end
/// ```
#[derive(Clone)]
pub struct Prepared {
    /// The grid's width and height.
    width: usize,
    height: usize,
    /// The identity and revision of the grid it was made for.
    grid_version: (u64, u64),
    /// A hash of the grid's cells: a file is read only for the map it was made from.
    fingerprint: u64,
    /// Padded row length (the grid's width plus a blocked border on each side).
    stride: usize,
    /// Per padded cell: free (1) or blocked (0); the border is blocked.
    free: Vec<u8>,
    /// Per padded cell: its subgoal's number, or `NONE`.
    node_of: Vec<u32>,
    /// Per padded cell: the free non-subgoal cells straight ahead in each of the four
    /// directions before an obstacle or a subgoal (`COUNT`'s bits), and `AT_SUBGOAL` when it is
    /// a subgoal (so that a scan reads no other cell to know).
    clear: Vec<[u16; 4]>,
    /// Per padded cell: the legal diagonal moves in a row from it along each of the four
    /// diagonals (`DIAGONAL`'s order), so that a leg is checked without walking it.
    diagonal: Vec<[u16; 4]>,
    /// Per subgoal: its padded cell.
    cells: Vec<u32>,
    /// The subgoal graph contracted into a hierarchy: its edges and shortcuts, each kept with
    /// the end contracted first (empty when the map is answered by JPS+).
    up: Upward,
    /// JPS+'s jump distances, instead of the hierarchy, on a map whose subgoal graph would
    /// not pay (see [`Prepared::uses_jump_table`]).
    pub(crate) jumps: Option<std::sync::Arc<JumpTable>>,
    /// Landmarks for JPS+'s estimate, beside its jump table (on maps of at most
    /// [`LANDMARK_CELLS`](landmarks::LANDMARK_CELLS) cells).
    marks: Option<landmarks::Landmarks>,
    /// Every subgoal's distance to every other, beside the hierarchy, on a graph of at most
    /// [`TABLE_SUBGOALS`] subgoals (see [`Prepared::uses_distance_table`]).
    table: Option<Table>,
    /// Per padded cell that is free and not a subgoal, the range of `reach` holding the
    /// subgoals it directly h-reaches (the scan's finds, made once for every cell so that a
    /// query scans nothing); empty when JPS+ answers.
    reach_at: Vec<u32>,
    reach: Vec<u32>,
    /// How many times this preparation was repaired after edits since it was prepared from
    /// scratch (see [`Prepared::repair`]): 0 for one made by [`prepare`] or read from a file.
    repairs: u32,
    /// The hierarchy's edges and shortcuts when it was last prepared from scratch, kept at the
    /// first repair (see [`Prepared::worn`]).
    fresh_edges: usize,
}

/// A subgoal graph with more independent cycles (edges less subgoals) than this, and than half
/// the map's free cells, is not contracted: the map is answered by JPS+ instead. Such a graph
/// comes from scattered small obstacles (random512-10: 67,000 subgoals, 232,000 edges, 165,000
/// cycles for 236,000 free cells), where the hierarchy's searches stay large (about 1,100
/// subgoals a query, half JPS+'s speed after 30 s of contraction). The bundled game, room and
/// maze maps have 108 to 7,600 cycles, at most 0.3 a free cell.
pub const JUMP_TABLE_CYCLES: usize = 20_000;

/// How worn a repaired hierarchy may grow ([`Prepared::worn`]) before it is worth preparing
/// again off the frame ([`Prepared::afresh`]): half as large again as prepared from scratch.
pub const WORN: f64 = 1.5;

/// A subgoal graph whose free cells each directly h-reach more subgoals than this on average
/// is not contracted either: JPS+ answers the map. Every query starts from the subgoals its
/// start and goal reach, and on such a map the graph is as dense as the reaches: city
/// streets, long open lines crossing at every block (Moving AI's Berlin_0_512: 4,874
/// subgoals, 75,719 edges, 102 reached subgoals a cell, 19 upward edges a subgoal; its
/// queries took 17 times JPS+'s). The bundled game, room and maze maps reach 1.3 to 15.
pub const JUMP_TABLE_REACH: usize = 32;

/// Prepares `grid` for subgoal-graph queries: finds its subgoals and joins each to the
/// subgoals it directly h-reaches (linear in the cells for the subgoals and clearances, then a
/// bounded scan per subgoal), then contracts that graph into a hierarchy. A graph with more
/// cycles than [`JUMP_TABLE_CYCLES`] and than half the free cells, or whose cells reach more
/// than [`JUMP_TABLE_REACH`] subgoals on average, is not contracted: the preparation keeps
/// JPS+'s jump distances instead, and queries run JPS+, as optimal
/// ([`Prepared::uses_jump_table`]), its estimate raised by landmarks ([`Prepared::landmarks`]:
/// eight cells' distances to every cell, found by eight Dijkstras).
///
/// Errors when the grid has weighted, swamp or water cells: the method needs uniform costs.
pub fn prepare(grid: &Grid) -> Result<Prepared, PrepError> {
    if !grid.is_uniform() {
        return Err(PrepError::Weighted);
    }
    let mut p = Prepared::cells_of(grid);
    p.find_subgoals();
    p.compute_clearances();
    let graph = p.base_graph();
    if !p.keeps_graph(&graph) {
        p.use_jump_table(grid);
    } else {
        p.make_query_aids(&graph);
        p.up = contract::contract(graph);
    }
    Ok(p)
}

impl Prepared {
    /// The padded cells of `grid`, with no subgoals yet.
    fn cells_of(grid: &Grid) -> Prepared {
        let stride = grid.width() + 2;
        let mut free = vec![0u8; stride * (grid.height() + 2)];
        for ((x, y), cell) in grid.cells() {
            free[(y + 1) * stride + x + 1] = u8::from(cell.is_passable());
        }
        let len = free.len();
        Prepared {
            width: grid.width(),
            height: grid.height(),
            grid_version: grid.version(),
            fingerprint: fingerprint(grid),
            stride,
            free,
            node_of: vec![NONE; len],
            clear: vec![[0; 4]; len],
            diagonal: Vec::new(),
            cells: Vec::new(),
            up: Upward::default(),
            jumps: None,
            marks: None,
            table: None,
            reach_at: Vec::new(),
            reach: Vec::new(),
            repairs: 0,
            fresh_edges: 0,
        }
    }

    /// Answers this map with JPS+: its jump table, and its landmarks unless the map is larger
    /// than [`LANDMARK_CELLS`](landmarks::LANDMARK_CELLS).
    fn use_jump_table(&mut self, grid: &Grid) {
        let table = JumpTable::new(grid);
        if self.free.len() <= landmarks::LANDMARK_CELLS {
            self.marks = Some(landmarks::Landmarks::new(&self.free, self.stride, &table));
        }
        self.jumps = Some(std::sync::Arc::new(table));
    }

    /// Whether the subgoal graph `graph` (each edge listed at both ends) answers this map's
    /// queries rather than JPS+: neither too cyclic nor too dense ([`prepare`]). Finds every
    /// free cell's reached subgoals on the way, kept when the graph is.
    fn keeps_graph(&mut self, graph: &[Vec<(u32, f64, u32)>]) -> bool {
        if self.too_cyclic(graph) {
            return false;
        }
        self.find_reaches();
        let cells = self.free.iter().filter(|&&f| f == 1).count() - self.cells.len();
        if self.reach.len() > JUMP_TABLE_REACH * cells.max(1) {
            (self.reach, self.reach_at) = (Vec::new(), Vec::new());
            return false;
        }
        true
    }

    /// Whether the subgoal graph `graph` (each edge listed at both ends) has more independent
    /// cycles than [`JUMP_TABLE_CYCLES`] and than half the free cells: then JPS+ answers.
    fn too_cyclic(&self, graph: &[Vec<(u32, f64, u32)>]) -> bool {
        let edges = graph.iter().map(Vec::len).sum::<usize>() / 2;
        let free = self.free.iter().filter(|&&f| f == 1).count();
        edges.saturating_sub(self.cells.len()) > JUMP_TABLE_CYCLES.max(free / 2)
    }

    /// The padded index of a move `(dx, dy)` from `at`.
    #[inline]
    fn step(&self, at: usize, (dx, dy): (isize, isize)) -> usize {
        (at as isize + dy * self.stride as isize + dx) as usize
    }

    /// Whether the diagonal move from `at` between straight directions `a` and `b` is legal:
    /// its target and both cells beside it free.
    #[inline]
    fn diagonal_free(&self, at: usize, a: usize, b: usize) -> bool {
        let (sa, sb) = (self.step(at, STRAIGHT[a]), self.step(at, STRAIGHT[b]));
        self.free[sa] & self.free[sb] & self.free[self.step(sa, STRAIGHT[b])] == 1
    }

    /// Marks every free cell at a convex corner as a subgoal, in cell order.
    fn find_subgoals(&mut self) {
        for at in 0..self.free.len() {
            if self.free[at] == 1 && self.is_corner(at) {
                self.node_of[at] = self.cells.len() as u32;
                self.cells.push(at as u32);
            }
        }
    }

    /// Whether the padded cell `at`, not on the border, is at a convex corner: for some
    /// diagonal, the two cells beside it free and the diagonal cell blocked.
    fn is_corner(&self, at: usize) -> bool {
        DIAGONAL.iter().any(|&(a, b)| {
            let (sa, sb) = (self.step(at, STRAIGHT[a]), self.step(at, STRAIGHT[b]));
            self.free[sa] == 1 && self.free[sb] == 1 && self.free[self.step(sa, STRAIGHT[b])] == 0
        })
    }

    /// Each cell's straight clearances, one sweep per direction against it.
    fn compute_clearances(&mut self) {
        let rows = self.height + 2;
        let open = |p: &Prepared, at: usize| p.free[at] == 1 && p.node_of[at] == NONE;
        // north and west read the cell before in the sweep; south and east the one after
        // a run's count grows by one a cell and keeps the flag of what ends it
        let ends = |p: &Prepared, next: usize| if p.node_of[next] != NONE { AT_SUBGOAL } else { 0 };
        for at in self.stride..self.free.len() {
            for d in [0, 3] {
                let next = self.step(at, STRAIGHT[d]);
                self.clear[at][d] = if open(self, next) { self.clear[next][d] + 1 } else { ends(self, next) };
            }
        }
        for at in (0..(rows - 1) * self.stride).rev() {
            for d in [1, 2] {
                let next = self.step(at, STRAIGHT[d]);
                self.clear[at][d] = if open(self, next) { self.clear[next][d] + 1 } else { ends(self, next) };
            }
        }
    }

    /// The subgoals `from` directly h-reaches, pushed to `found` as padded cells. The scan goes
    /// straight along each direction to its clearance, then diagonally, and from each diagonal
    /// cell straight along the diagonal's two directions, each no further than the scan before
    /// it reached: what lies beyond is reached as cheaply through a subgoal found before.
    fn scan(&self, from: usize, found: &mut Vec<u32>) {
        for (d, (dx, dy)) in STRAIGHT.into_iter().enumerate() {
            let clear = self.clear[from][d];
            let reach = (clear & COUNT) as isize;
            if clear & AT_SUBGOAL != 0 {
                found.push(self.step(from, (dx * (reach + 1), dy * (reach + 1))) as u32);
            }
        }
        for &(a, b) in &DIAGONAL {
            let mut bound = [self.clear[from][a] & COUNT, self.clear[from][b] & COUNT];
            let mut at = from;
            while self.diagonal_free(at, a, b) {
                at = self.step(self.step(at, STRAIGHT[a]), STRAIGHT[b]);
                if self.node_of[at] != NONE {
                    found.push(at as u32);
                    break;
                }
                for (k, d) in [a, b].into_iter().enumerate() {
                    let clear = self.clear[at][d];
                    let reach = clear & COUNT;
                    // a subgoal at the bound's next cell or further is shadowed by one found
                    // before: a path through that one is as short
                    if reach < bound[k] && clear & AT_SUBGOAL != 0 {
                        let (dx, dy) = STRAIGHT[d];
                        let far = reach as isize + 1;
                        found.push(self.step(at, (dx * far, dy * far)) as u32);
                    }
                    bound[k] = bound[k].min(reach);
                }
            }
        }
    }

    /// What queries read instead of searching or walking, made from the subgoal graph `graph`
    /// (each edge at both ends) when it is kept rather than JPS+'s table: the distance table
    /// on a small graph and the diagonal runs (every free cell's directly reached subgoals
    /// are found before, by [`Prepared::keeps_graph`]).
    fn make_query_aids(&mut self, graph: &[Vec<(u32, f64, u32)>]) {
        self.table = Table::new(graph);
        self.find_diagonal_runs();
    }

    /// Each cell's legal diagonal moves in a row along the four diagonals.
    fn find_diagonal_runs(&mut self) {
        self.diagonal = vec![[0; 4]; self.free.len()];
        // the diagonals going north read the cell before in the sweep; those going south the
        // one after (the border's cells are blocked: none reaches past the array)
        for at in self.stride + 1..self.free.len() - 1 {
            self.extend_diagonal_runs(at, [0, 3]);
        }
        for at in (1..self.free.len() - self.stride - 1).rev() {
            self.extend_diagonal_runs(at, [1, 2]);
        }
    }

    /// The runs from `at` along diagonals `ks`, one move longer than those of the cell each
    /// leads to (found before it in the sweep), where the move is legal.
    fn extend_diagonal_runs(&mut self, at: usize, ks: [usize; 2]) {
        for k in ks {
            let (a, b) = DIAGONAL[k];
            if self.diagonal_free(at, a, b) {
                self.diagonal[at][k] = self.diagonal[self.step(self.step(at, STRAIGHT[a]), STRAIGHT[b])][k] + 1;
            }
        }
    }

    /// Every free cell's directly h-reached subgoals (a subgoal's own range is empty: it
    /// joins the graph as itself), by one scan from each.
    fn find_reaches(&mut self) {
        let mut found = Vec::new();
        self.reach_at = Vec::with_capacity(self.free.len() + 1);
        for at in 0..self.free.len() {
            self.reach_at.push(self.reach.len() as u32);
            if self.free[at] == 1 && self.node_of[at] == NONE {
                found.clear();
                self.scan(at, &mut found);
                self.reach.extend(found.iter().map(|&t| self.node_of[t as usize]));
            }
        }
        self.reach_at.push(self.reach.len() as u32);
    }

    /// The subgoals a free cell that is not a subgoal directly h-reaches: read from the table
    /// made when the map was prepared, or, on a repaired preparation (which keeps no such
    /// table), found by a scan now.
    fn reached_from(&self, at: usize) -> std::borrow::Cow<'_, [u32]> {
        if self.reach_at.is_empty() {
            let mut found = Vec::new();
            self.scan(at, &mut found);
            return found.iter().map(|&t| self.node_of[t as usize]).collect::<Vec<u32>>().into();
        }
        self.reach[self.reach_at[at] as usize..self.reach_at[at + 1] as usize].into()
    }

    /// The subgoal graph: each subgoal joined both ways to the subgoals it directly
    /// h-reaches, without repeats, each edge with its octile cost.
    fn base_graph(&self) -> Vec<Vec<(u32, f64, u32)>> {
        let mut found = Vec::new();
        let mut pairs: Vec<(u32, u32)> = Vec::new();
        for (i, &cell) in self.cells.iter().enumerate() {
            found.clear();
            self.scan(cell as usize, &mut found);
            for &t in &found {
                let j = self.node_of[t as usize];
                if j != i as u32 {
                    pairs.extend([(i as u32, j), (j, i as u32)]);
                }
            }
        }
        pairs.sort_unstable();
        pairs.dedup();
        let mut adj = vec![Vec::new(); self.cells.len()];
        for (a, b) in pairs {
            let cost = self.octile(self.cells[a as usize] as usize, self.cells[b as usize] as usize, CostModel::Exact);
            adj[a as usize].push((b, cost, NONE));
        }
        adj
    }

    /// The number of subgoals (the graph's vertices). After [`Prepared::repair`] these are a
    /// superset of the map's convex corners: a subgoal whose cell is still free stays a vertex
    /// when it stops being a corner.
    pub fn subgoals(&self) -> usize {
        (0..self.cells.len() as u32).filter(|&v| self.alive(v)).count()
    }

    /// Whether vertex `v` is still a subgoal: a repair takes out the subgoal of a cell that is
    /// blocked, its number kept unused.
    #[inline]
    fn alive(&self, v: u32) -> bool {
        self.node_of[self.cells[v as usize] as usize] == v
    }

    /// Whether queries run JPS+ over jump distances kept here instead of searching a subgoal
    /// graph: the map's subgoal graph has too many cycles or reaches too many subgoals from a
    /// cell to pay (see [`prepare`]). Then
    /// [`Prepared::edges`] and [`Prepared::shortcuts`] are 0, [`Prepared::edge_cells`] is
    /// empty, and a traced search records no step.
    pub fn uses_jump_table(&self) -> bool {
        self.jumps.is_some()
    }

    /// How many landmarks raise JPS+'s estimate on a map that [`Prepared::uses_jump_table`]:
    /// cells whose distance to every cell is kept, so that no path between two cells is taken
    /// as shorter than the difference of their distances to a landmark. 0 on a subgoal graph,
    /// and on maps of more than 2,097,152 padded cells (their records would take 32 bytes a
    /// cell), where JPS+ estimates by the octile distance alone.
    pub fn landmarks(&self) -> usize {
        self.marks.as_ref().map_or(0, |_| landmarks::LANDMARKS)
    }

    /// Whether queries read a table of the distances between every two subgoals instead of
    /// searching the hierarchy: graphs of at most [`TABLE_SUBGOALS`] subgoals. A traced
    /// search ([`Prepared::search_traced`] with a trace) searches the hierarchy even then, so
    /// that its steps can be shown; both give the same cost.
    pub fn uses_distance_table(&self) -> bool {
        self.table.is_some()
    }

    /// The number of the subgoal graph's edges (0 when JPS+ answers).
    pub fn edges(&self) -> usize {
        self.up.each_once().filter(|e| e.2 == NONE).count()
    }

    /// The number of shortcuts the contraction added.
    pub fn shortcuts(&self) -> usize {
        self.up.each_once().filter(|e| e.2 != NONE).count()
    }

    /// Each subgoal's cell, in the order of their numbers (a repair's new subgoals after the
    /// others, those it took out left out).
    pub fn subgoal_cells(&self) -> impl Iterator<Item = Pos> + '_ {
        (0..self.cells.len() as u32).filter(|&v| self.alive(v)).map(|v| self.pos(self.cells[v as usize] as usize))
    }

    /// Each edge of the subgoal graph once, as its two cells.
    pub fn edge_cells(&self) -> impl Iterator<Item = (Pos, Pos)> + '_ {
        let graphed = self.jumps.is_none();
        self.up
            .each_once()
            .filter(move |e| graphed && e.2 == NONE)
            .map(move |(v, t, _)| (self.pos(self.cells[v as usize] as usize), self.pos(self.cells[t as usize] as usize)))
    }

    /// Bytes held in memory: the padded cells, clearances and subgoal numbers, and the graph
    /// or the jump distances.
    pub fn bytes(&self) -> usize {
        self.free.len() * (1 + 4 + 8)
            + self.diagonal.len() * 8
            + self.cells.len() * 4
            + self.up.bytes()
            + self.jumps.as_deref().map_or(0, JumpTable::bytes)
            + self.marks.as_ref().map_or(0, landmarks::Landmarks::bytes)
            + self.table.as_ref().map_or(0, Table::bytes)
            + (self.reach_at.len() + self.reach.len()) * 4
    }

    /// Whether this preparation was made for `grid` as it is now (the same identity and
    /// revision): only then may it answer for it.
    pub fn is_for(&self, grid: &Grid) -> bool {
        self.grid_version == grid.version()
    }

    /// The grid cell of a padded index.
    #[inline]
    fn pos(&self, at: usize) -> Pos {
        (at % self.stride - 1, at / self.stride - 1)
    }

    /// The padded index of a grid cell.
    #[inline]
    fn index(&self, (x, y): Pos) -> usize {
        (y + 1) * self.stride + x + 1
    }

    /// The octile cost between two padded cells under `costs`.
    #[inline]
    fn octile(&self, a: usize, b: usize, costs: CostModel) -> f64 {
        let (ax, ay) = ((a % self.stride) as isize, (a / self.stride) as isize);
        let (bx, by) = ((b % self.stride) as isize, (b / self.stride) as isize);
        let (dx, dy) = ((ax - bx).unsigned_abs(), (ay - by).unsigned_abs());
        let (lo, hi) = (dx.min(dy), dx.max(dy));
        (hi - lo) as f64 * costs.straight() + lo as f64 * costs.diagonal()
    }
}

/// A hash of a grid's size and cells (FNV-1a over the passable flags), naming the map a
/// preparation file belongs to.
fn fingerprint(grid: &Grid) -> u64 {
    let mut bytes = Vec::with_capacity(8 + grid.width() * grid.height());
    bytes.extend((grid.width() as u32).to_le_bytes().into_iter().chain((grid.height() as u32).to_le_bytes()));
    bytes.extend(grid.cells().map(|(_, cell)| u8::from(cell.is_passable())));
    file::checksum(&bytes)
}
