//! Voxel worlds in 3D: [`VoxelGrid`] (free or blocked voxels, z up), the ways of moving through
//! them ([`VoxelMoves`]: flying with 6, 18 or 26 neighbours, walking on floors and stairs) with
//! each step's rule written once ([`voxel_step`], [`voxel_path_cost`]), and generated worlds.
//!
//! Owns: everything that is true of a world before anyone searches it. Uses the board's room
//! only for the identity counter worlds share with grids; never the searches.

pub(crate) mod bits;
pub(crate) mod generate;
pub(crate) mod scale;
pub(crate) mod voxel;

pub use generate::{STOREY, WorldKind, generate_world};
pub use voxel::{
    IllegalStep3, MAX_SIDE_3D, MAX_VOXELS, VoxelGrid, VoxelMoves, WorldError, voxel_distances_to, voxel_path_cost, voxel_step,
};

/// A voxel as (x, y, z): z up.
pub type Pos3 = (usize, usize, usize);
