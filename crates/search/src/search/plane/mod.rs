//! The searches of a 2D board run one expansion at a time
//! ([`StepSearch`](crate::search::StepSearch)): A* and its kin with the board's rules, Jump
//! Point Search (with block-based jumps and with JPS+'s jump distances), 4-connected JPS, Theta*
//! and Lazy Theta*, the uniform-cost fast paths, and searches in slices of such a step search;
//! what a step search holds while it runs ([`Held`](held::Held)).
//!
//! Uses the core and the prepared tables (JPS+ reads a [`JumpTable`](crate::search::prepared::jps_plus::JumpTable)).

pub(crate) mod any_angle;
pub(crate) mod expand;
pub(crate) mod held;
pub(crate) mod jps;
pub(crate) mod jps4;
pub(crate) mod jump_scans;
pub(crate) mod sliced;
pub(crate) mod state;
pub(crate) mod step;
pub(crate) mod uniform;
