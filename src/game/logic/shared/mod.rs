//! What the board and the worlds share: the player's actions, the settings, the setup from the
//! command line, the status line, the files the game reads and writes, and what plays back an
//! expansion at a time (the replays, the race and its lanes). Imports no other part of the
//! logic.

pub mod files;
pub mod input;
pub mod race;
pub mod replay;
pub mod settings;
pub mod setup;
pub mod status;
