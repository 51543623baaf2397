//! The view: draws the logic's state (cubes or a flat board, the agent's body, labels, the
//! panel) and turns clicks, drags and panel controls into actions. It never changes the
//! logic's state directly.

pub mod agent;
pub mod arrows;
pub mod camera;
pub mod crowd;
pub mod cubes;
pub mod flat;
pub mod fonts;
pub mod looks;
#[cfg(target_arch = "wasm32")]
mod page_maps;
pub mod panel;
pub mod picking;
pub mod race;
pub mod screenshot;
pub mod swatches;
pub mod text;
pub mod voxel_mesh;
pub mod words;
pub mod world;
pub mod world_race;
pub mod world_steps;

use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((
        cubes::plugin,
        flat::plugin,
        agent::plugin,
        arrows::plugin,
        camera::plugin,
        crowd::plugin,
        picking::plugin,
        race::plugin,
        panel::plugin,
        screenshot::plugin,
        fonts::plugin,
        world::plugin,
        world_steps::plugin,
        world_race::plugin,
    ));
    #[cfg(target_arch = "wasm32")]
    app.add_plugins(page_maps::plugin);
}
