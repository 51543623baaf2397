//! A [`Stamp`] names one derived value of a kind for as long as it lives: drawn when it is
//! made, drawn anew when it is cloned or changed, so a query begun on one value refuses
//! another, even one built alike.

use std::sync::atomic::{AtomicU64, Ordering};

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
