//! Grid search for games and benchmarks: grids with barriers and terrain, moves and
//! heuristics, A* and its rivals (Dijkstra, greedy best-first, BFS, Jump Point Search), run all
//! at once or one expansion at a time, voxel worlds in 3D, crowds and joint plans, and the
//! Moving AI benchmark's map and scenario files.
//!
//! Plain Rust with no dependencies: the cubepath game and command line are built on it, and it
//! can be used on its own.
//!
//! ```
//! use cubepath_search::prelude::*;
//!
//! // A 5 x 3 grid with a wall in the middle column, open at the bottom.
//! let mut grid = Grid::new(5, 3).unwrap();
//! grid.set(2, 0, Cell::Blocked).unwrap();
//! grid.set(2, 1, Cell::Blocked).unwrap();
//! let result = Searcher::default().search(&grid, (0, 0), (4, 0), &SearchOptions::default()).unwrap();
//! let path = result.path.unwrap();
//! assert_eq!(path.first(), Some(&(0, 0)));
//! assert_eq!(path.last(), Some(&(4, 0)));
//! assert!(path.contains(&(2, 2))); // through the gap
//! ```
//!
//! # The rooms
//!
//! Each room is a folder and a public module; the arrows between them go one way only
//! (`tests/layers.rs` fails on an import against them):
//!
//! ```text
//!   crowd ──> mapf ──┐
//!     │              │
//!     └──> search <──┘        files
//!            │   \             │  \
//!            v    v             v   v
//!          world ──> grid <─────┘  world
//! ```
//!
//! - [`grid`]: the 2D board ([`Grid`](grid::Grid), [`Cell`](grid::Cell)), the rules of moving on
//!   it ([`Topology`](grid::Topology), [`DiagonalRule`](grid::DiagonalRule),
//!   [`CostModel`](grid::CostModel), [`Heuristic`](grid::Heuristic)), [`path_cost`](grid::path_cost)
//!   and [`step_kind`](grid::step_kind) (the rules written once, to check any path), line of
//!   sight, mazes, connected parts. A leaf.
//! - [`world`]: voxel worlds ([`VoxelGrid`](world::VoxelGrid), [`VoxelMoves`](world::VoxelMoves))
//!   and their generator. Uses `grid` only for the identity counter.
//! - [`search`]: [`SearchOptions`](search::SearchOptions) with its [`Algorithm`](search::Algorithm),
//!   the reusable [`Searcher`](search::Searcher) ([`Searcher::search`](search::Searcher::search)
//!   runs a whole search, [`Searcher::steps`](search::Searcher::steps) a
//!   [`StepSearch`](search::StepSearch) that advances one expansion at a time), every algorithm,
//!   and D* Lite ([`Replanner`](search::Replanner)). Uses `grid` and `world`.
//! - [`crowd`]: many agents on ticks, no two on a cell, replanning with D* Lite
//!   ([`Crowd`](crowd::Crowd)). Uses `search`, `grid` and `mapf`.
//! - [`mapf`]: many agents planned together (LaCAM with PIBT, [`solve_mapf`](mapf::solve_mapf)) and
//!   the rules of joint plans checked from positions alone ([`check_plan`](mapf::check_plan)).
//!   Uses `grid` (and `search`'s options for distances).
//! - [`files`]: every reader and writer ([`read_map`](files::read_map),
//!   [`read_scen`](files::read_scen), `.3dmap`, `.3dscen`, `.vox`, board codes). Uses `grid` and
//!   `world`; never `search`.
//! - [`prelude`]: the items most programs name.
//! - [`caches`]: every cache the crate keeps, its key and what invalidates it.
#![deny(missing_docs)]

#[macro_use]
mod names;
mod rng;

pub mod caches;
pub mod crowd;
pub mod files;
pub mod grid;
pub mod mapf;
pub mod search;
pub mod world;

/// The items most programs name: `use cubepath_search::prelude::*;`.
pub mod prelude {
    pub use crate::files::{FileError, Problem, load_map, load_scen, read_map, read_scen, write_map};
    pub use crate::grid::{Cell, CostModel, DiagonalRule, Grid, GridError, Heuristic, Pos, Topology, path_cost, step_kind};
    pub use crate::search::{Algorithm, SearchError, SearchOptions, SearchResult, Searcher, StepSearch, VoxelOptions, find_path};
    pub use crate::world::{Pos3, VoxelGrid, VoxelMoves};
}
