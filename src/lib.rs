//! cubepath: a pathfinding playground. The search engine is the workspace's
//! `cubepath-search` crate (plain Rust, re-exported here as [`search`]); the [`game`] is built
//! on it and the [`cli`] sits above both; [`disk`] writes files safely for either; [`formula`]
//! reads the heuristics either lets a user write.

pub use cubepath_search as engine;

pub mod cli;
pub mod disk;
pub mod formula;
pub mod game;
