//! cubepath: a pathfinding playground. The [`search`] engine is plain Rust; the [`game`] and
//! the [`cli`] are built on it.

pub mod cli;
pub mod game;
pub mod search;
