//! The voxel worlds: levels, their undo, the flyer's walk, the step view, the race and the heuristic
//! lab on a world.
//! Imports the shared part and the board's (its undo steps, the race's winners, the replays).

pub mod world;
pub mod world_history;
pub mod world_lab;
pub mod world_race;
pub mod world_steps;
pub mod world_walk;
