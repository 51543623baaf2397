//! What a search holds while it runs: the derived values it reads (a 2D search's bit rows or
//! jump table, [`Held`]; an HPA* query's clusters), shared behind `Arc` with the searcher that
//! made them and never changed while shared. A searcher that prepares another grid, lends a
//! subgoal graph's table or keeps other clusters puts a new value in its own slot; the running
//! search still reads the one it began with, so nothing done between two slices of a search
//! can change its answer. Values that follow a grid's edits are brought up to date in place
//! only while nobody else holds them (`Arc::make_mut`: a copy otherwise).
//! Each such value is named by a [`Stamp`](crate::search::core::stamp::Stamp).

use std::sync::Arc;

use crate::grid::bits::BitGrid;
use crate::grid::board::Grid;
use crate::search::core::kept::Slot;
use crate::search::core::options::Algorithm;
use crate::search::core::searcher::Searcher;
use crate::search::prepared::PreparedParts;
use crate::search::prepared::jps_plus::JumpTable;

/// The table a 2D step search reads its jumps from, held from its first slice to its last:
/// the grid's bit rows for block-based JPS, its jump distances for JPS+, none for the rest.
#[derive(Clone, Debug, Default)]
pub(crate) enum Held {
    #[default]
    Nothing,
    Bits(Arc<BitGrid>),
    Jumps(Arc<JumpTable>),
}

impl Held {
    pub(crate) fn bits(&self) -> Option<&BitGrid> {
        match self {
            Held::Bits(b) => Some(b),
            _ => None,
        }
    }

    pub(crate) fn jumps(&self) -> Option<&JumpTable> {
        match self {
            Held::Jumps(j) => Some(j),
            _ => None,
        }
    }
}

/// Block-based JPS's bit rows of the last grid searched, kept between searches (stamped with
/// the grid's revision, brought up to date around its edits).
#[derive(Default)]
pub(crate) struct BitRows(Option<Arc<BitGrid>>);

impl Slot for BitRows {
    fn bytes(&self) -> usize {
        self.0.as_deref().map_or(0, BitGrid::bytes)
    }
}

impl Searcher {
    /// The bit rows and columns of `grid` for block-based jumps (kept, and brought up to date
    /// cell by cell when the grid changes: in place while no search holds them, else in a copy).
    pub(crate) fn prepare_bits(&mut self, grid: &Grid) -> Arc<BitGrid> {
        let kept = &mut self.kept.slot::<BitRows>().0;
        match kept.as_mut() {
            Some(bits) if bits.version != grid.version() => Arc::make_mut(bits).update(grid),
            Some(_) => {}
            None => *kept = Some(Arc::new(BitGrid::new(grid))),
        }
        kept.clone().expect("made above")
    }

    /// The jump distances of `grid` for JPS+ (kept, and repaired around the cells changed
    /// since when the grid still remembers them: in place while no search holds them, else in
    /// a copy; made again for another grid or after too many changes).
    pub(crate) fn prepare_jumps(&mut self, grid: &Grid) -> Arc<JumpTable> {
        let kept = &mut self.kept.slot::<PreparedParts>().jumps;
        if let Some(j) = kept.as_mut()
            && j.version != grid.version()
            && let Some(cells) = grid.changes_since(j.version)
        {
            let cells: Vec<usize> = cells.map(|(x, y)| grid.index(x, y)).collect();
            Arc::make_mut(j).repair(grid, &cells);
        }
        match kept {
            Some(j) if j.version == grid.version() => j.clone(),
            _ => kept.insert(Arc::new(JumpTable::new(grid))).clone(),
        }
    }

    /// What a 2D search with `algorithm` on `grid` reads its jumps from, held by the search
    /// from its first slice to its last ([`Held`]).
    pub(crate) fn held_for(&mut self, grid: &Grid, algorithm: Algorithm) -> Held {
        match algorithm {
            Algorithm::JpsBlock => Held::Bits(self.prepare_bits(grid)),
            Algorithm::JpsPlus => Held::Jumps(self.prepare_jumps(grid)),
            _ => Held::Nothing,
        }
    }
}
