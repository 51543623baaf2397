//! A repaired hierarchy's wear, and the same map prepared afresh to take its place.

use super::{Prepared, prepare};
use crate::grid::board::{Cell, Grid};

impl Prepared {
    /// How much larger the hierarchy is than the one prepared from scratch before the
    /// repairs: its edges and shortcuts over theirs (1 before any repair, and on a map
    /// answered by JPS+). A repair keeps the graph's edges that still hold a path and
    /// subgoals that are no longer corners, and ranks new subgoals below all others, so after
    /// many edits queries search more than on the map prepared anew: after 1,000 random
    /// toggles, lak304d's hierarchy was 3.2 times the size it was prepared with (1.9 times
    /// the edited map's prepared anew), and its queries took twice as long.
    /// Past [`WORN`](super::WORN), prepare it again off the frame ([`Prepared::afresh`]).
    ///
    /// A preparation with few edges (an empty board has none) is measured against one edge
    /// per 1,024 cells instead, so that a map built up from an open field wears too.
    pub fn worn(&self) -> f64 {
        if self.repairs == 0 || self.jumps.is_some() {
            return 1.0;
        }
        let floor = (self.width * self.height / 1024).max(1);
        self.up.targets.len() as f64 / self.fresh_edges.max(floor) as f64
    }

    /// Whether repairs have worn this preparation past [`WORN`](super::WORN): worth preparing
    /// again off the frame ([`Prepared::afresh`]).
    pub fn is_worn(&self) -> bool {
        self.worn() > super::WORN
    }

    /// Whether this preparation was made for `grid`, at any revision (the same identity).
    pub(crate) fn follows(&self, grid: &Grid) -> bool {
        self.grid_version.0 == grid.version().0
    }

    /// Whether `other` was made for the same grid as this one, at any revision.
    pub(crate) fn same_grid(&self, other: &Prepared) -> bool {
        self.grid_version.0 == other.grid_version.0 && (self.width, self.height) == (other.width, other.height)
    }

    /// The map as this preparation holds it, prepared from scratch: the same grid's identity
    /// and revision, so that [`Prepared::repair`] brings it to that grid's later edits. It
    /// reads only this preparation, so it may run off the frame (on a clone, in a task or
    /// thread) while the game goes on repairing this one; then the grid is repaired into it
    /// and it takes this one's place, or it is kept by the searcher
    /// ([`Searcher::keep_prepared`](crate::search::Searcher::keep_prepared)), which repairs it
    /// at the next search. Worth it once [`Prepared::worn`] passes [`WORN`](super::WORN).
    ///
    /// ```
    /// use cubepath_search::grid::{Cell, Grid};
    /// use cubepath_search::search::prepare;
    /// let mut grid = Grid::new(12, 8).unwrap();
    /// let mut prepared = prepare(&grid).unwrap();
    /// grid.set(5, 3, Cell::Blocked).unwrap();
    /// prepared = prepared.repair(&grid).unwrap();
    /// let fresh = prepared.afresh(); // off the frame, while the grid changes again
    /// grid.set(6, 3, Cell::Blocked).unwrap();
    /// let fresh = fresh.repair(&grid).unwrap();
    /// assert!(fresh.is_for(&grid));
    /// assert_eq!(fresh.repairs(), 1); // the edit made meanwhile, repaired into it
    /// ```
    pub fn afresh(&self) -> Prepared {
        let mut grid = Grid::new(self.width, self.height).expect("the size of a grid");
        for at in 0..self.free.len() {
            if self.free[at] == 0 && self.interior(at) {
                let (x, y) = self.pos(at);
                grid.set(x, y, Cell::Blocked).expect("on the grid");
            }
        }
        let mut fresh = prepare(&grid).expect("a plain board");
        fresh.grid_version = self.grid_version;
        // a jump table is stamped with the grid it reads, lent to JPS+ as that grid's
        if let Some(table) = fresh.jumps.as_mut() {
            std::sync::Arc::get_mut(table).expect("a table just made").version = self.grid_version;
        }
        fresh
    }
}
