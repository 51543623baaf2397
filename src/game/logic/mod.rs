//! The game's logic, headless: no `Mesh`, `Material`, `Window` or egui type anywhere in it. In
//! three parts and three modules beside them, with no circle between any two siblings
//! (`tests/layers.rs`): `shared` (actions, settings, setup, status, files) imports none of the
//! others; `boards` (the flat board and all that plays on it) imports `shared`; `worlds` (the
//! voxel worlds) imports `shared` and `boards`; `duel`, `link` and `lessons` import the parts.

pub mod boards;
pub mod duel;
pub mod lessons;
pub mod link;
pub mod shared;
pub mod worlds;

// (the parts' modules by their own names, as the view, the command line and the tests name them)
pub use boards::{agent, board, crowd, history, lab, opened, persist, race, search, stepview, walk};
pub use shared::{files, input, settings, setup, status};
pub use worlds::{world, world_history, world_lab, world_race, world_steps, world_walk};

use bevy::prelude::*;

use crate::game::phases;

/// The systems that run without a window: what the tests drive. Needs no asset store.
pub struct LogicPlugin;

impl Plugin for LogicPlugin {
    fn build(&self, app: &mut App) {
        app.add_plugins((phases::plugin, plugin));
    }
}

fn plugin(app: &mut App) {
    app.add_plugins((
        status::plugin,
        settings::plugin,
        setup::plugin,
        input::plugin,
        (board::plugin, world::plugin),
        (history::plugin, link::plugin, lessons::plugin),
        (persist::plugin, opened::plugin),
        search::plugin,
        walk::plugin,
        agent::plugin,
        (stepview::plugin, lab::plugin),
        race::plugin,
        crowd::plugin,
        duel::plugin,
        (world_history::plugin, world_steps::plugin, world_race::plugin, world_lab::plugin),
    ));
}
