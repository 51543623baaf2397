//! Searches over a map prepared once: JPS+'s jump distances, the subgoal graph with its
//! contraction and landmarks, and the files they are kept in.
//!
//! Uses the core only; the 2D step searches read the jump table from here.

pub(crate) mod jps_plus;
pub(crate) mod subgoal;

use std::sync::Arc;

use crate::grid::board::Grid;
use crate::search::core::kept::Slot;
use crate::search::core::searcher::Searcher;
use jps_plus::JumpTable;
use subgoal::{Prepared, Scratch, prepare};

/// What the prepared searches keep between searches: JPS+'s jump distances (perhaps lent by
/// the subgoal graph), the subgoal graph, and its query's buffers.
#[derive(Default)]
pub(crate) struct PreparedParts {
    /// The jump distances of the last grid JPS+ searched, stamped with its revision.
    pub(crate) jumps: Option<Arc<JumpTable>>,
    /// The subgoal graph of the last grid prepared.
    pub(crate) prepared: Option<Prepared>,
    /// A subgoal query's buffers.
    pub(crate) scratch: Scratch,
}

impl Slot for PreparedParts {
    fn bytes(&self) -> usize {
        // a table the subgoal graph lent is its own: counted once, in the graph's bytes
        let lent = self.jumps.as_ref().zip(self.prepared.as_ref().and_then(|p| p.jumps.as_ref())).is_some_and(|(j, p)| Arc::ptr_eq(j, p));
        let jumps = if lent { 0 } else { self.jumps.as_deref().map_or(0, JumpTable::bytes) };
        jumps + self.prepared.as_ref().map_or(0, Prepared::bytes)
    }
}

impl Searcher {
    /// The subgoal graph of `grid` as it is now: the kept one when it was made for this grid at
    /// this revision, repaired when it was made for this grid before some edits
    /// ([`Prepared::repair`]), else made again (a grid with terrain has none: `None`).
    pub(crate) fn prepared_for(&mut self, grid: &Grid) -> Option<&Prepared> {
        let parts = self.kept.slot::<PreparedParts>();
        parts.prepared = match parts.prepared.take() {
            Some(p) if p.is_for(grid) => Some(p),
            // the kept value is this searcher's own: mended in place, as a new value (its jump
            // table lent back first, so that only a search still holding it keeps a copy)
            Some(p) => {
                if parts.jumps.as_ref().zip(p.jumps.as_ref()).is_some_and(|(a, b)| Arc::ptr_eq(a, b)) {
                    parts.jumps = None;
                }
                p.repair(grid).ok()
            }
            None => prepare(grid).ok(),
        };
        if let Some(p) = &parts.prepared {
            p.lend_jumps(&mut parts.jumps);
        }
        parts.prepared.as_ref()
    }

    /// Keeps `prepared` (read from a file, say) for searches of the grid it was made for; it is
    /// repaired when that grid has changed ([`Prepared::repair`]), and dropped, the grid
    /// prepared again, as soon as a search is given another grid.
    pub fn keep_prepared(&mut self, prepared: Prepared) {
        self.kept.slot::<PreparedParts>().prepared = Some(prepared);
    }

    /// Prepares the kept subgoal graph again from scratch ([`Prepared::afresh`]) when its
    /// repairs have worn it past [`WORN`](subgoal::WORN) ([`Prepared::worn`]), so that queries
    /// after many edits stay as fast as on the map prepared anew; whether it did. That takes
    /// a full preparation's time (0.1 to 0.4 s on the bundled 512 x 512 maps), once in some
    /// hundreds of edits: call it where a stall does not matter, as the plugin's tasks do
    /// after their search. Only a preparation of `grid` (at any revision) is made again: one
    /// of another grid would be dropped at the next search.
    pub fn refresh_prepared(&mut self, grid: &Grid) -> bool {
        // a map answered by JPS+ is never worn: its jump table, if lent, stays as it is
        if !self.kept_prepared().is_some_and(|p| p.follows(grid) && p.is_worn()) {
            return false;
        }
        let parts = self.kept.slot::<PreparedParts>();
        parts.prepared = parts.prepared.as_ref().map(Prepared::afresh);
        true
    }

    /// Keeps `fresh`, a preparation made afresh off the frame from a clone of the kept one
    /// ([`Prepared::afresh`]), in the kept one's place when both are of the same grid (its
    /// next search repairs it by the edits made meanwhile); whether it did. Dropped when the
    /// searcher has since gone to another grid, or keeps none.
    pub fn take_afresh(&mut self, fresh: Prepared) -> bool {
        if !self.kept_prepared().is_some_and(|p| p.same_grid(&fresh)) {
            return false;
        }
        self.kept.slot::<PreparedParts>().prepared = Some(fresh);
        true
    }

    /// The kept subgoal graph, if any (for drawing it).
    pub fn kept_prepared(&self) -> Option<&Prepared> {
        self.kept.peek::<PreparedParts>()?.prepared.as_ref()
    }
}
