//! What the board and the worlds share: the player's actions, the settings, the setup from the
//! command line, the status line and the files the game reads and writes. Imports no other part
//! of the logic.

pub mod files;
pub mod input;
pub mod settings;
pub mod setup;
pub mod status;
