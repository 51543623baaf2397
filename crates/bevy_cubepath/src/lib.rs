//! Grid pathfinding for Bevy on cubepath's search engine ([`cubepath_search`]): a
//! [`NavGrid`] component, [`PathRequest`]s answered with [`PathAnswer`]s within a per-frame
//! budget (and in voxel worlds, [`NavVoxels`] with [`VoxelPathRequest`]s and
//! [`VoxelPathAnswer`]s), and [`FollowPath`] agents that walk their answers with slerped turns and replan when
//! their way is blocked; and crowds ([`NavCrowd`]) whose agents are entities and whose
//! searches hear of every change to their grid.
//!
//! ```no_run
//! use bevy::prelude::*;
//! use bevy_cubepath::prelude::*;
//!
//! fn main() {
//!     App::new().add_plugins((MinimalPlugins, CubepathPlugin)).add_systems(Startup, setup).add_systems(Update, show).run();
//! }
//!
//! fn setup(mut commands: Commands) {
//!     commands.spawn(NavGrid::from_rows(&["....", ".@@.", "...."]).unwrap());
//!     commands.spawn(PathRequest::new((0, 0), (3, 2)));
//! }
//!
//! fn show(answers: Query<&PathAnswer, Added<PathAnswer>>) {
//!     for a in &answers {
//!         info!("{:?}", a.cells());
//!     }
//! }
//! ```
//!
//! # Schedule
//! Everything runs in `Update`, in [`NavSystems`] order: `Request` ([`NavObstacle`]s written
//! into their grids; new and renewed requests queue; grid changes replan blocked followers and reach crowds; crowds are made, or made
//! anew when their count, their grid's size or its topology changed, and take a new mode;
//! members of a removed crowd go; voxel requests queue), `Search` (requests answered within
//! [`PathBudget`], 2D and voxel alike: a long 2D search goes on over frames; with
//! [`PathTasks`], 2D and voxel searches run as tasks on other threads instead),
//! `Follow` (answers taken up; with the `debug` feature, the open and closed cells of
//! `ShowSearch` answers recorded), `Move` (followers moved, crowds ticked), `Debug` (gizmos,
//! with the `debug` feature). A game edits its grids before `NavSystems::Request` and reads answers after
//! `NavSystems::Search`; commands apply between the sets, so an answer inserted in `Search` is
//! followed in the same frame.

#![deny(missing_docs)]

mod crowd;
#[cfg(feature = "debug")]
mod debug;
mod follow;
mod grid;
mod obstacles;
mod refresh;
mod request;
mod tasks;
mod voxels;

use bevy::prelude::*;

pub use crowd::{CrowdGoal, CrowdMember, CrowdProblem, NavCrowd};
pub use cubepath_search as engine;
#[cfg(feature = "debug")]
pub use debug::{NavDebugPlugin, SearchCells, ShowSearch};
pub use follow::{Arrived, FollowPath, facing};
pub use grid::{HEX_ROW, MAX_UNIT_SIZE, NavGrid, Plane};
pub use obstacles::{Footprint, NavObstacle};
pub use request::{FoundPath, NavRequest, NoPath, PathAnswer, PathBudget, PathQueue, PathRequest, RequestQueue};
pub use tasks::PathTasks;
pub use voxels::{FoundVoxelPath, NavVoxels, VoxelPathAnswer, VoxelPathRequest, VoxelQueue};

/// What a game usually needs.
pub mod prelude {
    pub use crate::{
        Arrived, CrowdGoal, CrowdMember, CubepathPlugin, FollowPath, Footprint, NavCrowd, NavGrid, NavObstacle, NavSystems, NavVoxels,
        NoPath, PathAnswer, PathBudget, PathRequest, PathTasks, Plane, VoxelPathAnswer, VoxelPathRequest,
    };
    pub use cubepath_search::{
        crowd::CrowdMode,
        grid::{DiagonalRule, Grid, Pos, Topology},
        search::{Algorithm, SearchOptions},
    };
}

/// The plugin's systems, in order (see the crate's schedule).
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NavSystems {
    /// Requests queue; changed grids replan blocked followers.
    Request,
    /// Requests are answered within the budget.
    Search,
    /// Followers take up answers.
    Follow,
    /// Followers move (a game may pause this set alone).
    Move,
    /// Gizmos (the `debug` feature).
    Debug,
}

/// Adds path requests, answers and followers (see the crate's schedule).
pub struct CubepathPlugin;

impl Plugin for CubepathPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<PathBudget>()
            .init_resource::<PathQueue>()
            .init_resource::<VoxelQueue>()
            .init_resource::<tasks::Flights<PathRequest>>()
            .init_resource::<tasks::GridShares>()
            .init_resource::<refresh::Refreshing>()
            .init_resource::<obstacles::Obstacles>()
            .init_resource::<grid::UnitGrids>()
            .init_resource::<tasks::Flights<VoxelPathRequest>>()
            .init_resource::<voxels::WorldSnapshots>()
            .add_message::<Arrived>()
            .add_message::<CrowdProblem>()
            .configure_sets(
                Update,
                (NavSystems::Request, NavSystems::Search, NavSystems::Follow, NavSystems::Move, NavSystems::Debug).chain(),
            )
            .add_systems(
                Update,
                (
                    (
                        obstacles::place_obstacles,
                        grid::forget_unit_boards.run_if(grid::unit_boards_kept),
                        follow::replan_blocked_ways,
                        request::queue_requests::<PathRequest>,
                        crowd::drop_members,
                        crowd::make_crowds,
                        crowd::pass_edits_to_crowds,
                        crowd::send_members,
                        request::queue_requests::<VoxelPathRequest>,
                    )
                        .chain()
                        .in_set(NavSystems::Request),
                    (
                        (
                            refresh::refresh_worn_graph.run_if(refresh::worn_or_refreshing),
                            request::answer_requests.run_if(not(resource_exists::<PathTasks>)),
                            tasks::search_in_tasks.run_if(resource_exists::<PathTasks>),
                        )
                            .chain(),
                        (
                            voxels::answer_voxel_requests.run_if(not(resource_exists::<PathTasks>)),
                            voxels::search_voxels_in_tasks.run_if(resource_exists::<PathTasks>),
                        )
                            .chain(),
                    )
                        .in_set(NavSystems::Search),
                    follow::take_answers.in_set(NavSystems::Follow),
                    (follow::move_followers, crowd::tick_crowds).chain().in_set(NavSystems::Move),
                ),
            );
        // the open and closed cells of searches marked ShowSearch
        #[cfg(feature = "debug")]
        app.add_systems(Update, debug::record_search_cells.in_set(NavSystems::Follow));
    }
}
