//! Connected components: which passable cells can reach which, under a topology's moves and
//! the terrain classes. A start and goal in different components have no path, and a search
//! can say so without expanding anything.

use std::collections::VecDeque;
use std::sync::Arc;

use crate::grid::Pos;
use crate::grid::board::{BLOCKED, Grid, may_enter};
use crate::grid::moves::hex_neighbours;
use crate::grid::rules::{DiagonalRule, Topology};

/// How cells connect: moves are symmetric, so connectivity needs only these.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Links {
    /// The 4 straight neighbours: also right for diagonals that need a free side cell
    /// (no corner cutting, one free), since such a diagonal's ends are linked through it.
    Four,
    /// All 8 neighbours: diagonals between two blocked corners.
    Eight,
    /// The 6 odd-r hex neighbours.
    Hex,
}

impl Links {
    fn of(topology: Topology) -> Links {
        match topology {
            Topology::Hex => Links::Hex,
            Topology::Square(DiagonalRule::Always) => Links::Eight,
            Topology::Square(_) => Links::Four,
        }
    }
}

/// The connected components of a grid's passable cells under a topology's moves.
///
/// Made with [`Components::new`] (a flood fill, linear in the grid) and brought up to date
/// after cells change with [`Components::update`], which on grids without water or swamp
/// works only around the changed cells: a cell opened joins its neighbours' components, and a
/// cell blocked is checked for splitting its component by searching from its neighbours at
/// once, one cell each in turn, until they meet (no split) or one side runs out (a split: that
/// side is relabelled), so the work is about the size of the smaller side.
///
/// ```
/// use cubepath_search::grid::{Cell, Components, Grid, Topology};
/// let mut grid = Grid::new(5, 1).unwrap();
/// grid.set(2, 0, Cell::Blocked).unwrap();
/// let mut parts = Components::new(&grid, Topology::default());
/// assert_eq!(parts.count(), 2);
/// assert!(parts.connected((0, 0), (1, 0)));
/// assert!(!parts.connected((0, 0), (4, 0)));
/// grid.set(2, 0, Cell::FLOOR).unwrap();
/// assert!(parts.update(&grid, Topology::default())); // worked out around (2, 0) alone
/// assert!(parts.connected((0, 0), (4, 0)));
/// assert_eq!(parts.count(), 1);
/// ```
#[derive(Clone, Debug)]
pub struct Components {
    /// The label of each cell, by padded index (0: blocked or off the grid).
    labels: Vec<u32>,
    /// Union-find over labels: each label's parent label, a component's root its own parent;
    /// `size` of a root: its cells.
    parent: Vec<u32>,
    size: Vec<u32>,
    count: u32,
    width: usize,
    height: usize,
    stride: usize,
    links: Links,
    /// Whether the grid had water or swamp (then updates label everything again).
    classes: bool,
    version: (u64, u64),
    /// Per cell, which side of a split check reached it (`epoch << 3 | side`).
    seen: Vec<u32>,
    epoch: u32,
}

impl Components {
    /// Labels every passable cell of `grid` with its component (a flood fill, linear in the
    /// grid's size).
    pub fn new(grid: &Grid, topology: Topology) -> Components {
        let mut labelling = Components::label_in_steps(grid, topology);
        labelling.flood(grid.codes(), usize::MAX);
        labelling.parts
    }

    /// Begins labelling `grid`'s components under `topology`'s moves a step at a time (see
    /// [`Labelling`]).
    pub fn label_in_steps(grid: &Grid, topology: Topology) -> Labelling {
        let parts = Components {
            labels: vec![0u32; grid.codes().len()],
            parent: vec![0],
            size: vec![0],
            count: 0,
            width: grid.width(),
            height: grid.height(),
            stride: grid.stride(),
            links: Links::of(topology),
            classes: grid.has_classes(),
            version: grid.version(),
            seen: Vec::new(),
            epoch: 0,
        };
        Labelling { parts, topology, seed: 0, queue: VecDeque::new(), label: 0, seen: grid.version(), changed: Vec::new(), done: false }
    }

    /// The cells a move can link to padded cell `i` (passable or not), and how many.
    #[inline]
    fn linked(&self, i: usize) -> ([usize; 8], usize) {
        let mut out = [0usize; 8];
        let s = self.stride as isize;
        let offsets: &[isize] = match self.links {
            Links::Four => &[-s, s, -1, 1],
            Links::Eight => &[-s, s, -1, 1, -s - 1, -s + 1, s - 1, s + 1],
            Links::Hex => {
                let (x, y) = (i % self.stride - 1, i / self.stride - 1);
                let mut n = 0;
                for p in hex_neighbours((x, y)).into_iter().flatten() {
                    if p.0 < self.width && p.1 < self.height {
                        out[n] = (p.1 + 1) * self.stride + p.0 + 1;
                        n += 1;
                    }
                }
                return (out, n);
            }
        };
        for (k, &o) in offsets.iter().enumerate() {
            out[k] = (i as isize + o) as usize;
        }
        (out, offsets.len())
    }

    /// The root label of `label`'s component.
    #[inline]
    fn find(&self, mut label: u32) -> u32 {
        while self.parent[label as usize] != label {
            label = self.parent[label as usize];
        }
        label
    }

    /// Joins the components of roots `a` and `b` (the smaller under the larger); the root.
    fn union(&mut self, a: u32, b: u32) -> u32 {
        if a == b {
            return a;
        }
        let (big, small) = if self.size[a as usize] >= self.size[b as usize] { (a, b) } else { (b, a) };
        self.parent[small as usize] = big;
        self.size[big as usize] += self.size[small as usize];
        self.count -= 1;
        big
    }

    /// A new component's root label, holding `cells` cells.
    fn new_label(&mut self, cells: u32) -> u32 {
        let label = self.parent.len() as u32;
        self.parent.push(label);
        self.size.push(cells);
        self.count += 1;
        label
    }

    /// Number of components.
    pub fn count(&self) -> usize {
        self.count as usize
    }

    /// Whether `a` and `b` are passable and connected (a path exists between them).
    pub fn connected(&self, a: Pos, b: Pos) -> bool {
        let at = |p: Pos| {
            if p.0 >= self.width || p.1 >= self.height {
                return 0;
            }
            self.labels[(p.1 + 1) * self.stride + p.0 + 1]
        };
        let (la, lb) = (at(a), at(b));
        la != 0 && lb != 0 && (la == lb || self.find(la) == self.find(lb))
    }

    /// Memory held, in bytes.
    pub fn bytes(&self) -> usize {
        (self.labels.len() + self.parent.len() + self.size.len() + self.seen.len()) * std::mem::size_of::<u32>()
    }

    /// Whether these components were computed for this grid as it is now, under moves that
    /// connect like `topology`'s.
    pub fn is_current(&self, grid: &Grid, topology: Topology) -> bool {
        self.version == grid.version() && self.links == Links::of(topology)
    }

    /// Whether [`Components::update`] brings them up to date with `grid` under `topology`
    /// around its edits (rather than labelling it whole): current, or the same grid (or a
    /// snapshot of it) under moves that connect alike, with no water or swamp, changed since
    /// by no more than its log keeps.
    pub fn follows(&self, grid: &Grid, topology: Topology) -> bool {
        self.is_current(grid, topology)
            || (self.links == Links::of(topology) && !self.classes && !grid.has_classes() && grid.changes_since(self.version).is_some())
    }

    /// The components kept in `kept`, made there on first use and brought up to date with
    /// `grid` ([`Components::update`]) after.
    pub(crate) fn kept<'a>(kept: &'a mut Option<Components>, grid: &Grid, topology: Topology) -> &'a Components {
        match kept {
            Some(parts) => {
                parts.update(grid, topology);
                parts
            }
            None => kept.insert(Components::new(grid, topology)),
        }
    }

    /// As [`Components::kept`], for components that may be shared with other holders (other
    /// searchers, on other threads): brought up to date in a copy of their own while shared.
    pub(crate) fn kept_shared<'a>(kept: &'a mut Option<Arc<Components>>, grid: &Grid, topology: Topology) -> &'a Components {
        match kept {
            Some(parts) => {
                if !parts.is_current(grid, topology) {
                    Arc::make_mut(parts).update(grid, topology);
                }
                parts
            }
            None => kept.insert(Arc::new(Components::new(grid, topology))),
        }
    }

    /// Brings the components up to date with `grid` under `topology`'s moves. Returns true
    /// when that was worked out around the cells changed since they were last up to date;
    /// false when everything was labelled again: another grid, other moves, more changes than
    /// the grid remembers ([`crate::grid::CHANGE_LOG`]), or water or swamp on the grid.
    pub fn update(&mut self, grid: &Grid, topology: Topology) -> bool {
        if self.is_current(grid, topology) {
            return true;
        }
        let changed = match grid.changes_since(self.version) {
            Some(cells) if self.links == Links::of(topology) && !self.classes && !grid.has_classes() => {
                let mut changed: Vec<usize> = cells.map(|(x, y)| grid.index(x, y)).collect();
                changed.sort_unstable();
                changed.dedup();
                changed
            }
            _ => {
                *self = Components::new(grid, topology);
                return false;
            }
        };
        self.apply(grid, &changed);
        true
    }

    /// Brings the labels up to date with `grid` after the `changed` cells (padded indices,
    /// sorted, each once) changed.
    fn apply(&mut self, grid: &Grid, changed: &[usize]) {
        let codes = grid.codes();
        // cells blocked now, one at a time: out of its component, which is checked for a split
        // (the cells still to come count as open until their turn)
        for &c in changed {
            if self.labels[c] != 0 && codes[c] == BLOCKED {
                let root = self.find(self.labels[c]);
                self.labels[c] = 0;
                self.size[root as usize] -= 1;
                if self.size[root as usize] == 0 {
                    self.count -= 1;
                }
                self.split_around(c);
            }
        }
        // cells opened: each joins the components around it
        for &c in changed {
            if self.labels[c] == 0 && codes[c] != BLOCKED {
                let mut root = None;
                let (near, count) = self.linked(c);
                for &n in &near[..count] {
                    if self.labels[n] != 0 {
                        let r = self.find(self.labels[n]);
                        root = Some(root.map_or(r, |q| self.union(q, r)));
                    }
                }
                let root = root.unwrap_or_else(|| self.new_label(0));
                self.labels[c] = root;
                self.size[root as usize] += 1;
            }
        }
        self.version = grid.version();
    }

    /// Labels made over several revisions (a labelling in steps) are those of the grid whose
    /// open cells are the labelled ones, but for this: two labelled cells side by side can
    /// carry labels not yet joined, and then one of them changed while the flood went on (the
    /// flood of the first met the second blocked, or the second's earlier flood met the first
    /// blocked). Joining every labelled changed cell with its labelled neighbours makes the
    /// labels that grid's components, from which the changes are then worked in as usual.
    fn join_labelled(&mut self, changed: &[usize]) {
        for &c in changed {
            if self.labels[c] == 0 {
                continue;
            }
            let mut root = self.find(self.labels[c]);
            let (near, count) = self.linked(c);
            for &n in &near[..count] {
                if self.labels[n] != 0 {
                    let r = self.find(self.labels[n]);
                    root = self.union(root, r);
                }
            }
        }
    }

    /// After cell `c` was blocked: whether its labelled neighbours, in each component, still
    /// connect without it. Searches from all of a component's neighbours of `c` in turn, one
    /// cell each; two searches that touch are one side; a side whose searches run out while
    /// another side is still open is cut off and gets a label of its own.
    fn split_around(&mut self, c: usize) {
        let (near, n) = self.linked(c);
        // the labelled neighbours with their components' roots, a run per component
        let mut starts: Vec<(u32, usize)> =
            near[..n].iter().filter(|&&j| self.labels[j] != 0).map(|&j| (self.find(self.labels[j]), j)).collect();
        starts.sort_unstable();
        for group in starts.chunk_by(|a, b| a.0 == b.0).filter(|g| g.len() > 1) {
            let cells: Vec<usize> = group.iter().map(|&(_, j)| j).collect();
            self.separate(group[0].0, &cells);
        }
    }

    /// The searches of [`Self::split_around`] from `starts`, all in the component of `root`.
    // Long: the searches advance one cell each in turn and share their queues, marks and
    // sizes until one side runs out; split up, each part would take all of that state.
    fn separate(&mut self, root: u32, starts: &[usize]) {
        if self.seen.len() != self.labels.len() {
            self.seen = vec![0; self.labels.len()];
            self.epoch = 0;
        }
        if self.epoch >= u32::MAX >> 3 {
            self.seen.fill(0);
            self.epoch = 0;
        }
        self.epoch += 1;
        let mark = self.epoch << 3;
        let k = starts.len();
        // per search: the cells it reached (in order, a queue from `head`), its side
        let mut reached: Vec<Vec<usize>> = starts.iter().map(|&s| vec![s]).collect();
        let mut head = vec![0usize; k];
        let mut side: Vec<usize> = (0..k).collect();
        let mut cut = vec![false; k];
        for (p, &s) in starts.iter().enumerate() {
            self.seen[s] = mark | p as u32;
        }
        let side_of = |side: &[usize], mut p: usize| {
            while side[p] != p {
                p = side[p];
            }
            p
        };
        loop {
            // the sides not cut off: stop when one is left
            let mut open = [usize::MAX; 8];
            let mut sides = 0;
            for p in (0..k).filter(|&p| !cut[p]) {
                let s = side_of(&side, p);
                if !open[..sides].contains(&s) {
                    open[sides] = s;
                    sides += 1;
                }
            }
            if sides <= 1 {
                return;
            }
            for p in 0..k {
                if cut[p] || head[p] == reached[p].len() {
                    continue;
                }
                let i = reached[p][head[p]];
                head[p] += 1;
                let (near, n) = self.linked(i);
                for &j in &near[..n] {
                    if self.labels[j] == 0 {
                        continue;
                    }
                    if self.seen[j] >> 3 == self.epoch {
                        let (a, b) = (side_of(&side, p), side_of(&side, (self.seen[j] & 7) as usize));
                        side[a.max(b)] = a.min(b);
                    } else {
                        self.seen[j] = mark | p as u32;
                        reached[p].push(j);
                    }
                }
            }
            // a side whose searches have all run out is a component of its own, unless it is
            // the last side left
            for &s in &open[..sides] {
                // (a side joined to another in this round has no members of its own now)
                let members: Vec<usize> = (0..k).filter(|&p| !cut[p] && side_of(&side, p) == s).collect();
                let spent = !members.is_empty() && members.iter().all(|&p| head[p] == reached[p].len());
                let others = (0..k).any(|p| !cut[p] && side_of(&side, p) != s);
                if spent && others {
                    let cells: usize = members.iter().map(|&p| reached[p].len()).sum();
                    let label = self.new_label(cells as u32);
                    self.size[root as usize] -= cells as u32;
                    for p in members {
                        for &cell in &reached[p] {
                            self.labels[cell] = label;
                        }
                        cut[p] = true;
                    }
                }
            }
        }
    }
}

/// A labelling of a grid's components under way ([`Components::label_in_steps`]), for a caller
/// that spreads it over frames: [`Labelling::advance`] floods on by a bounded number of cells,
/// [`Labelling::into_components`] gives the components once every cell is labelled.
///
/// The grid may change between steps: each step notes the cells changed since the last (from
/// the grid's log), and once the flood is done those cells are worked in as
/// [`Components::update`] works in an edit, after each of them that the flood labelled is
/// joined to its labelled neighbours (the flood may have met it open from one side and
/// blocked from the other); on a grid with water or swamp the components are labelled again
/// whole then.
/// Another grid, or one changed by more than its log keeps between two steps, begins again.
///
/// ```
/// use cubepath_search::grid::{Cell, Components, Grid, Topology};
/// let mut grid = Grid::new(64, 64).unwrap();
/// for y in 0..64 {
///     grid.set(32, y, Cell::Blocked).unwrap(); // two halves
/// }
/// let mut labelling = Components::label_in_steps(&grid, Topology::default());
/// let mut steps = 0;
/// while !labelling.is_done() {
///     labelling.advance(&grid, 300);
///     steps += 1;
///     if steps == 8 {
///         grid.set(32, 40, Cell::FLOOR).unwrap(); // a door, while it is under way
///     }
/// }
/// let parts = labelling.into_components().unwrap();
/// assert!(steps > 10 && parts.is_current(&grid, Topology::default()));
/// assert!(parts.connected((0, 0), (63, 63)));
/// ```
#[derive(Clone, Debug)]
pub struct Labelling {
    parts: Components,
    topology: Topology,
    /// The next padded index to seed a component from.
    seed: usize,
    /// Cells labelled and not yet looked around, all of the component `label`.
    queue: VecDeque<usize>,
    label: u32,
    /// The grid's identity and revision when its changes were last noted.
    seen: (u64, u64),
    /// Cells changed since the labelling began (padded indices, perhaps more than once).
    changed: Vec<usize>,
    done: bool,
}

impl Labelling {
    /// Floods on over `grid` as it is now by about `work` cells (each looked at as a seed, or
    /// looked around, counts one; at least one while any is left) and returns the cells done:
    /// 0 once done. The last step also works in the cells changed meanwhile.
    pub fn advance(&mut self, grid: &Grid, work: usize) -> usize {
        self.note_changes(grid);
        if self.done {
            return 0;
        }
        let spent = self.flood(grid.codes(), work.max(1));
        if self.seed >= grid.codes().len() && self.queue.is_empty() {
            let mut changed = std::mem::take(&mut self.changed);
            changed.sort_unstable();
            changed.dedup();
            if self.parts.classes || grid.has_classes() {
                self.parts = Components::new(grid, self.topology);
            } else {
                // made over several revisions: joined first (see `join_labelled`)
                self.parts.join_labelled(&changed);
                self.parts.apply(grid, &changed);
            }
            self.done = true;
        }
        spent
    }

    /// The flood fill of [`Components::new`], going on from where it stopped, `work` cells at
    /// most. A cell blocked since it was queued keeps its label but is not looked around (it
    /// is among the changed cells, taken out once the flood is done).
    fn flood(&mut self, codes: &[u8], work: usize) -> usize {
        let parts = &mut self.parts;
        let mut spent = 0;
        while spent < work {
            spent += 1;
            if let Some(i) = self.queue.pop_front() {
                parts.size[self.label as usize] += 1;
                if codes[i] == BLOCKED {
                    continue; // blocked since it was queued: taken out when the changes are
                }
                let (near, n) = parts.linked(i);
                for &j in &near[..n] {
                    if codes[j] != BLOCKED && parts.labels[j] == 0 && may_enter(codes[i], codes[j]) {
                        parts.labels[j] = self.label;
                        self.queue.push_back(j);
                    }
                }
                continue;
            }
            let Some(&code) = codes.get(self.seed) else { break };
            let seed = self.seed;
            self.seed += 1;
            if code == BLOCKED || parts.labels[seed] != 0 {
                continue;
            }
            self.label = parts.new_label(0);
            parts.labels[seed] = self.label;
            self.queue.push_back(seed);
        }
        spent
    }

    /// Notes the cells changed since the last step; begins again for another grid or one
    /// changed by more than its log keeps.
    fn note_changes(&mut self, grid: &Grid) {
        if grid.version() == self.seen {
            return;
        }
        let same = (grid.width(), grid.height()) == (self.parts.width, self.parts.height);
        let cells: Option<Vec<usize>> = grid.changes_since(self.seen).filter(|_| same).map(|c| c.map(|(x, y)| grid.index(x, y)).collect());
        match cells {
            Some(cells) => {
                self.changed.extend(cells);
                self.seen = grid.version();
            }
            None => *self = Components::label_in_steps(grid, self.topology),
        }
    }

    /// Whether every cell is labelled ([`Labelling::into_components`] then gives them).
    pub fn is_done(&self) -> bool {
        self.done
    }

    /// The moves it labels under.
    pub fn topology(&self) -> Topology {
        self.topology
    }

    /// The components, once done (`None` while cells are left). They answer for the grid as
    /// it was at the last step ([`Components::update`] brings them up to date after that).
    pub fn into_components(self) -> Option<Components> {
        self.done.then_some(self.parts)
    }
}
