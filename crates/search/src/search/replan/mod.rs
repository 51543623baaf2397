//! Replanning: D* Lite ([`Replanner`](crate::search::Replanner)), which repairs a search when
//! cells change.
//!
//! Uses the core only.

pub(crate) mod dstar;
