//! The searches written once for any [`Space`](crate::search::core::space::Space), a board's
//! cells or a world's voxels: best-first search (A*, Dijkstra, greedy, BFS) whole or a step at
//! a time, bidirectional A* and IDA*.
//!
//! Uses the core only.

pub(crate) mod best_first;
pub(crate) mod bidir;
pub(crate) mod ida;
