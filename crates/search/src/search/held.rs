//! What a search holds while it runs: the derived values it reads (a 2D search's bit rows or
//! jump table, [`Held`]; an HPA* query's clusters), shared behind `Arc` with the searcher that
//! made them and never changed while shared. A searcher that prepares another grid, lends a
//! subgoal graph's table or keeps other clusters puts a new value in its own slot; the running
//! search still reads the one it began with, so nothing done between two slices of a search
//! can change its answer. Values that follow a grid's edits are brought up to date in place
//! only while nobody else holds them (`Arc::make_mut`: a copy otherwise).
//!
//! A [`Stamp`] names one value of a kind for as long as it lives: drawn when it is made, drawn
//! anew when it is cloned or changed, so a query begun on one value refuses another, even one
//! built alike.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use crate::grid::bits::BitGrid;
use crate::search::jps_plus::JumpTable;

static NEXT_STAMP: AtomicU64 = AtomicU64::new(1);

/// The identity of one derived value (see the module's docs): unique in the process; a clone
/// takes a new one.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct Stamp(u64);

impl Stamp {
    pub(crate) fn new() -> Stamp {
        Stamp(NEXT_STAMP.fetch_add(1, Ordering::Relaxed))
    }

    pub(crate) fn get(&self) -> u64 {
        self.0
    }
}

impl Default for Stamp {
    fn default() -> Stamp {
        Stamp::new()
    }
}

impl Clone for Stamp {
    fn clone(&self) -> Stamp {
        Stamp::new()
    }
}

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
