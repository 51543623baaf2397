//! cubepath: a pathfinding playground. The [`search`] engine is plain Rust; the game and the
//! command line are built on it.

pub mod search;
