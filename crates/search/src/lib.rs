//! Grid search for games and benchmarks: grids with barriers and terrain, moves and
//! heuristics, A* and its rivals (Dijkstra, greedy best-first, BFS, Jump Point Search), run all
//! at once or one expansion at a time, and the Moving AI benchmark's map and scenario files.
//!
//! Plain Rust with no dependencies: the cubepath game and command line are built on it, and it
//! can be used on its own.
//!
//! ```
//! use cubepath_search::{Cell, Grid, SearchOptions, Searcher};
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
//! The parts, in the order a search uses them:
//! - [`Grid`] and [`Cell`]: the cells, their weights and the Moving AI terrain classes.
//! - [`SearchOptions`]: [`Algorithm`], [`Topology`] with its [`DiagonalRule`], [`CostModel`],
//!   [`Heuristic`] and weight.
//! - [`Searcher`]: reusable buffers; [`Searcher::search`] runs a whole search,
//!   [`Searcher::steps`] a [`StepSearch`] that advances one expansion at a time.
//! - [`path_cost`] and [`step_kind`]: the rules written once, to check any path.
//! - [`Replanner`]: D* Lite, a search that repairs itself when cells change or the start
//!   moves, and an incrementally kept distance field (a flow field's distances).
//! - [`Crowd`]: many agents on ticks, no two on a cell, replanning with D* Lite.
//! - [`solve_mapf`] and [`check_plan`]: many agents planned together (LaCAM with PIBT), and the
//!   rules of joint plans checked from positions alone.
//! - [`read_map`], [`write_map`], [`read_scen`], [`load_map`], [`load_scen`]: the benchmark's
//!   files, read line by line.
#![deny(missing_docs)]

#[macro_use]
mod names;

mod any_angle;
mod best_first;
mod bidir;
mod bits;
mod board_code;
pub mod caches;
mod components;
mod crowd;
mod dstar;
mod expand;
mod grid;
mod ida;
mod index_map;
mod jps;
mod jps3d;
mod jps4;
mod jps_plus;
mod jump_scans;
mod map_file;
mod mapf;
mod mazes;
mod moves;
mod open_list;
mod rng;
mod rules;
mod search;
mod searcher;
mod sight;
mod space;
mod state;
mod step;
mod trace;
mod types;
mod uniform;
mod vox_file;
mod voxel;
mod voxel_bits;
mod voxel_file;
mod voxel_space;
mod worlds;

pub use best_first::WorldSteps;
pub use board_code::{board_code, read_board_code};
pub use components::Components;
pub use crowd::{
    AgentState, Crowd, CrowdAgent, CrowdError, CrowdKind, CrowdMode, CrowdOptions, CrowdStats, EditStats, JointStats, MAX_AGENTS,
    middle_cell,
};
pub use dstar::{Progress, Replanner};
pub use grid::{CHANGE_LOG, Cell, Grid, GridError, MAX_SIDE, MAX_WEIGHT};
pub use jps_plus::JumpDistances;
pub use jps3d::JumpTrace;
pub use jump_scans::{JumpScan, jump_scans};
pub use map_file::{
    FileError, Problem, SUM_ERROR, load_map, load_scen, read_map, read_map_from, read_scen, read_scen_from, stated_tolerance, stated_unit,
    write_map,
};
pub use mapf::{MapfError, MapfOptions, MapfOutcome, MapfPlan, Moves, PlanError, check_plan, solve_mapf};
pub use mazes::{MazeKind, generate_maze};
pub use moves::{IllegalStep, distances_to, hex_neighbours, path_cost, step_kind};
pub use rules::{Algorithm, CostModel, DiagonalRule, Heuristic, IDA_LIMIT, SearchOptions, Topology, hex_centre, hex_distance};
pub use search::find_path;
pub use searcher::{Searcher, validate};
pub use sight::{cells_along, line_of_sight, polyline_length, string_pull, touched_cells};
pub use state::StepSearch;
pub use types::{CellInfo, CellState, Pos, Pos3, SearchError, SearchResult, Step};
pub use vox_file::{VOX_MOST_SIDE, is_vox_file, is_world_file, load_vox, load_world, read_vox, read_world, write_vox, write_world};
pub use voxel::{
    IllegalStep3, MAX_SIDE_3D, MAX_VOXELS, VoxelGrid, VoxelMoves, VoxelOptions, WorldError, validate_world, voxel_path_cost, voxel_step,
};
pub use voxel_file::{
    Problem3, Scenario3, load_3dmap, load_3dscen, read_3dmap, read_3dmap_from, read_3dscen, read_3dscen_from, write_3dmap,
};
pub use worlds::{STOREY, WorldKind, generate_world};

/// A grid with barriers placed at random: each cell blocked with probability `density`
/// (0 to 1), drawn from `rng`.
///
/// ```
/// let mut n = 0u32;
/// // a stand-in random source: every third cell blocked
/// let grid = cubepath_search::random_grid(3, 3, 0.5, &mut || { n += 1; if n % 3 == 0 { 0.0 } else { 1.0 } }).unwrap();
/// assert_eq!(grid.passable_count(), 6);
/// ```
pub fn random_grid(width: usize, height: usize, density: f64, rng: &mut impl FnMut() -> f64) -> Result<Grid, GridError> {
    let mut grid = Grid::new(width, height)?;
    for y in 0..height {
        for x in 0..width {
            if rng() < density {
                grid.set(x, y, Cell::Blocked)?;
            }
        }
    }
    Ok(grid)
}
