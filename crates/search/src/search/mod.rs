//! The searches: [`SearchOptions`] and its [`Algorithm`], the reusable [`Searcher`] that runs
//! them whole ([`Searcher::search`], [`find_path`]) or one expansion at a time ([`StepSearch`]),
//! each algorithm in its own file (A*, Dijkstra, greedy, BFS, JPS and its block and JPS+
//! variants, bidirectional A*, IDA*, Theta*, Lazy Theta*, 3D JPS), their results and errors,
//! D* Lite ([`Replanner`]), which repairs a search when cells change, one resumable search
//! for every algorithm ([`Search`]: [`Searcher::start`], [`Searcher::advance`]), recorded
//! searches ([`Searcher::record`]) and the hierarchical HPA* ([`Hierarchy`]).
//!
//! Owns: how a path is found. Uses the board and world rooms; never the crowds or joint plans
//! (they use it).

pub(crate) mod any_angle;
pub(crate) mod best_first;
pub(crate) mod bidir;
pub(crate) mod dstar;
pub(crate) mod expand;
pub(crate) mod find;
pub(crate) mod held;
pub(crate) mod hpa;
pub(crate) mod ida;
pub(crate) mod index_map;
pub(crate) mod jps;
pub(crate) mod jps3d;
pub(crate) mod jps4;
pub(crate) mod jps_plus;
pub(crate) mod jump_scans;
pub(crate) mod open_list;
pub(crate) mod options;
pub(crate) mod record;
#[cfg(test)]
mod refusals;
pub(crate) mod resumable;
pub(crate) mod searcher;
pub(crate) mod sliced;
pub(crate) mod space;
pub(crate) mod state;
pub(crate) mod step;
pub(crate) mod stepping;
pub(crate) mod subgoal;
pub(crate) mod trace;
pub(crate) mod types;
pub(crate) mod uniform;
pub(crate) mod voxel_space;
pub(crate) mod world_options;

pub(crate) use best_first::ParkedWorldSearch;
pub use best_first::WorldSteps;
pub use dstar::{Progress, Replanner};
pub use find::find_path;
pub use hpa::{
    AbstractStep, BORDER_WORK, DEFAULT_WEIGHT, Hierarchy, HierarchyBuild, HpaError, HpaPath, LEG_WORK, SMOOTH_CELLS, SMOOTH_WINDOW, SPACING,
};
pub use jps_plus::JumpDistances;
pub use jps3d::JumpTrace;
pub(crate) use jps3d::sliced::JumpWorldSearch;
pub use jump_scans::{JumpScan, jump_scans};
pub use options::{Algorithm, IDA_LIMIT, SearchOptions};
pub use record::{Expansion, Pushed, Recording};
pub use resumable::{Search, Searchable};
pub use searcher::{Searcher, validate};

pub use state::StepSearch;
pub use subgoal::{JUMP_TABLE_CYCLES, PrepError, Prepared, TABLE_SUBGOALS, prepare};
pub use types::{CellInfo, CellState, SearchError, SearchResult, Step};
pub use world_options::{CLUTTER_LIMIT, VoxelOptions, validate_world};
