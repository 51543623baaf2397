//! The searches of voxel worlds: a world as a [`Space`](crate::search::core::space::Space) with
//! its connected parts, the world's step search ([`WorldSteps`](crate::search::WorldSteps)), and
//! 3D Jump Point Search with its straight-jump table.
//!
//! Uses the core and the general searches.

pub(crate) mod jps3d;
pub(crate) mod kept;
pub(crate) mod run_edits;
pub(crate) mod runs;
pub(crate) mod voxel_space;
pub(crate) mod world_steps;
