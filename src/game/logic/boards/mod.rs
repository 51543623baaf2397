//! The flat board: its cells and endpoints, undo, saving, the player's search and its walk (cubes
//! or an agent), the step view, the race and the crowd. Imports the shared part only.

pub mod agent;
pub mod board;
pub mod crowd;
pub mod history;
pub mod lab;
pub mod opened;
pub mod persist;
pub mod race;
pub mod search;
pub mod stepview;
pub mod walk;
