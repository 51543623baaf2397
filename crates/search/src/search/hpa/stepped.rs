//! Building a hierarchy a step at a time ([`Hierarchy::build_in_steps`]), so that a game with
//! no thread to spare can spread a huge board's build over frames instead of stalling one.

use super::{Hierarchy, HpaError};
use crate::grid::Pos;
use crate::grid::board::Grid;

/// What finding a border's transitions counts for each cell of its length, in cells of a
/// cluster's Dijkstra: a border of 32 cells takes about 2.7 us to find, six times what 32 cells
/// of a confined Dijkstra take (measured on 1024 x 1024 and 4096 x 4096 boards with 20 % walls,
/// `STEPS=100000` in the `huge` example).
pub const BORDER_WORK: usize = 6;

/// A hierarchy under way: begun by [`Hierarchy::build_in_steps`], advanced by
/// [`HierarchyBuild::advance`] a bounded amount of work at a time, and taken by
/// [`HierarchyBuild::into_hierarchy`] once done. It finds the same transitions and costs as
/// [`Hierarchy::build`], in the same order: first the transitions on every border, then each
/// cluster's costs, then each cluster's links to its neighbours.
///
/// The grid may change between steps. Each step notes the cells changed since the last (from
/// the grid's log of changes), and once every cluster is joined, the borders and clusters
/// those cells can have changed are found and joined again, whole, as [`Hierarchy::update`]
/// does after an edit; so the finished hierarchy answers for the grid as it was at the last
/// step, never for an older one. Another grid, or one changed by more than its log keeps
/// ([`CHANGE_LOG`](crate::grid::CHANGE_LOG) revisions) between two steps, begins the build
/// again.
///
/// ```
/// use cubepath_search::{grid::{Cell, Grid}, search::Hierarchy};
/// let mut grid = Grid::new(64, 64).unwrap();
/// let mut build = Hierarchy::build_in_steps(&grid, 8).unwrap();
/// let mut steps = 0;
/// while !build.is_done() {
///     build.advance(&grid, 500).unwrap(); // a frame's share
///     steps += 1;
///     if steps == 3 {
///         grid.set(10, 10, Cell::Blocked).unwrap(); // an edit while it is under way
///     }
/// }
/// assert!(steps > 10);
/// let h = build.into_hierarchy().unwrap();
/// assert!(h.is_for(&grid));
/// assert_eq!(h.node_count(), Hierarchy::build(&grid, 8).unwrap().node_count());
/// ```
#[derive(Clone, Debug)]
pub struct HierarchyBuild {
    made: Hierarchy,
    /// The grid's identity and revision when its changes were last noted.
    seen: (u64, u64),
    /// Cells changed since the build began (perhaps more than once each).
    changed: Vec<Pos>,
    /// The next border to find transitions on; past the borders, the next cluster to join;
    /// past the clusters, the next cluster to link; then the catching up.
    next: usize,
    done: bool,
}

impl Hierarchy {
    /// Begins building the hierarchy of `grid` with clusters `side` cells square, to be done a
    /// step at a time by [`HierarchyBuild::advance`]; refused as [`Hierarchy::build`] refuses.
    pub fn build_in_steps(grid: &Grid, side: usize) -> Result<HierarchyBuild, HpaError> {
        let made = Hierarchy::unjoined(grid, side)?;
        Ok(HierarchyBuild { seen: made.version, made, changed: Vec::new(), next: 0, done: false })
    }
}

impl HierarchyBuild {
    /// Goes on with the build for `grid` as it is now until about `work` cells' worth of work is
    /// done, and returns the work done: at least one step's while any is left, and 0 once
    /// done. A border's transitions count [`BORDER_WORK`] times its length; a cluster's costs its area times its
    /// nodes less one (a Dijkstra confined to the cluster from each node but the last, each at
    /// most the area); a cluster's links to its neighbours' nodes twice its nodes and one;
    /// the last step (the clusters joined again for the cells changed meanwhile: as many as
    /// those cells touch, each at about the cost of an update) counts one. Refused as [`Hierarchy::build`] refuses when
    /// the grid has become one it cannot build (weighted cells).
    pub fn advance(&mut self, grid: &Grid, work: usize) -> Result<usize, HpaError> {
        self.note_changes(grid)?;
        let (borders, clusters) = (self.made.borders.len(), self.made.nodes.len());
        let mut spent = 0;
        while !self.done && (spent == 0 || spent < work) {
            if self.next < borders {
                self.made.borders[self.next] = self.made.transitions(grid, self.next);
                spent += BORDER_WORK * self.made.side;
            } else if self.next < borders + clusters {
                let c = self.next - borders;
                self.made.join_whole(grid, c);
                let (x0, y0, x1, y1) = self.made.rect(c);
                spent += (x1 - x0) * (y1 - y0) * self.made.nodes[c].len().saturating_sub(1).max(1);
            } else if self.next < borders + 2 * clusters {
                let c = self.next - borders - clusters;
                if c == 0 {
                    self.made.number();
                }
                self.made.relink([c]);
                spent += 2 * (self.made.nodes[c].len() + 1);
            } else {
                let mut changed = std::mem::take(&mut self.changed);
                changed.sort_unstable();
                changed.dedup();
                self.made.catch_up(grid, &changed, true);
                self.done = true;
                spent += 1;
            }
            self.next += 1;
        }
        Ok(spent)
    }

    /// Notes the cells changed since the last step; begins again for another grid or one
    /// changed by more than its log keeps.
    fn note_changes(&mut self, grid: &Grid) -> Result<(), HpaError> {
        if grid.version() == self.seen {
            return Ok(());
        }
        match self.made.changes_in(grid, self.seen) {
            Some(cells) => {
                self.changed.extend(cells);
                self.seen = grid.version();
                if self.changed.len() > 4 * crate::grid::CHANGE_LOG {
                    self.changed.sort_unstable();
                    self.changed.dedup();
                }
            }
            None => *self = Hierarchy::build_in_steps(grid, self.made.side)?,
        }
        Ok(())
    }

    /// Whether every step is done ([`HierarchyBuild::into_hierarchy`] then gives the hierarchy).
    pub fn is_done(&self) -> bool {
        self.done
    }

    /// Steps done and steps in all: one for each border, two for each cluster (its costs,
    /// then its links), and the last.
    pub fn progress(&self) -> (usize, usize) {
        let all = self.made.borders.len() + 2 * self.made.nodes.len() + 1;
        (self.next.min(all), all)
    }

    /// The cluster side it builds with.
    pub fn cluster_side(&self) -> usize {
        self.made.side
    }

    /// The hierarchy, once done (`None` while steps are left). It answers for the grid as it
    /// was at the last step ([`Hierarchy::update`] brings it up to date after that).
    pub fn into_hierarchy(self) -> Option<Hierarchy> {
        self.done.then_some(self.made)
    }
}
