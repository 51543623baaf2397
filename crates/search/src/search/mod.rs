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
//!
//! # Its parts
//!
//! One folder for each kind of search, above a core that names none of them; the arrows go one
//! way only (`tests/layers.rs` fails on an import against them):
//!
//! ```text
//!   run ──> plane, solid, hpa, replan, prepared, general
//!   plane ──> prepared        solid ──> general
//!   every part ──> core       (core uses none of them)
//! ```
//!
//! - `core`: the options, results and errors, the open list and per-cell records, the
//!   `Space` best-first searches walk, and the [`Searcher`]: its
//!   records plus one store of what each kind keeps between searches, found by type, so the
//!   core never names a kind.
//! - `general`: best-first search, bidirectional A* and IDA*, written once for any space.
//! - `plane`: the 2D step searches ([`StepSearch`]: A* with the board's rules, JPS and its
//!   block and JPS+ kinds, 4-connected JPS, Theta*, Lazy Theta*) and their slices.
//! - `solid`: voxel worlds as a space, their step search ([`WorldSteps`]) and 3D JPS.
//! - `prepared`: JPS+'s jump distances and the subgoal graph ([`Prepared`]).
//! - `hpa`: HPA*'s clusters and queries ([`Hierarchy`]).
//! - `replan`: D* Lite ([`Replanner`]).
//! - `run`: running any of them whole, in slices ([`Search`]), recorded ([`Recording`]) or
//!   traced, and what a searcher prepares ahead ([`Searcher::preprocess`]).

pub(crate) mod core;
pub(crate) mod general;
pub(crate) mod hpa;
pub(crate) mod plane;
pub(crate) mod prepared;
pub(crate) mod replan;
pub(crate) mod run;
pub(crate) mod solid;

pub use self::core::estimate::Estimate;
pub use self::core::options::{Algorithm, IDA_LIMIT, SearchOptions};
pub use self::core::searcher::{Searcher, validate};
pub use self::core::types::{AbstractStep, CellInfo, CellState, SearchError, SearchResult, Step};
pub use self::core::world_options::{CLUTTER_LIMIT, VoxelOptions, validate_world};
pub use hpa::{BORDER_WORK, DEFAULT_WEIGHT, Hierarchy, HierarchyBuild, HpaError, HpaPath, LEG_WORK, SMOOTH_CELLS, SMOOTH_WINDOW, SPACING};
pub use plane::jump_scans::{JumpScan, jump_scans};
pub use plane::state::StepSearch;
pub use prepared::jps_plus::JumpDistances;
pub use prepared::subgoal::{JUMP_TABLE_CYCLES, JUMP_TABLE_REACH, PrepError, Prepared, TABLE_SUBGOALS, WORN, prepare};
pub use replan::dstar::{Progress, Replanner};
pub use run::find::find_path;
pub use run::posthoc::TracePos;
pub use run::record::{Expansion, Pushed, Recording};
pub use run::resumable::{Search, Searchable};
pub use solid::jps3d::JumpTrace;
pub(crate) use solid::jps3d::sliced::JumpWorldSearch;
pub(crate) use solid::world_steps::ParkedWorldSearch;
pub use solid::world_steps::WorldSteps;
