//! The game's logic, headless: no `Mesh`, `Material`, `Window` or egui type anywhere in it.
//! Modules are listed in the order data flows through them; each imports only earlier ones.

pub mod agent;
pub mod board;
pub mod crowd;
pub mod duel;
pub mod files;
pub mod history;
pub mod input;
pub mod lessons;
pub mod link;
pub mod persist;
pub mod race;
pub mod search;
pub mod settings;
pub mod setup;
pub mod status;
pub mod stepview;
pub mod walk;
pub mod world;
pub mod world_history;
pub mod world_race;
pub mod world_steps;
pub mod world_walk;

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
        persist::plugin,
        search::plugin,
        walk::plugin,
        agent::plugin,
        stepview::plugin,
        race::plugin,
        crowd::plugin,
        duel::plugin,
        (world_history::plugin, world_steps::plugin, world_race::plugin),
    ));
}
