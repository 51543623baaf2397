//! The agent's body: an orange capsule with a dark nose, given to each agent the logic spawns.

use bevy::prelude::*;

use super::looks::agent_colour;
use crate::game::logic::agent::Agent;
use crate::game::logic::settings::Palette;
use crate::game::phases::ViewSystems;

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(Startup, setup_agent_assets)
        .add_systems(Update, (recolour_agent.run_if(resource_changed::<Palette>), dress_agents).chain().in_set(ViewSystems::Bodies));
}

/// The agent's meshes and materials.
#[derive(Resource, Clone)]
pub struct AgentAssets {
    pub(super) body: Handle<Mesh>,
    pub(super) nose: Handle<Mesh>,
    pub(super) body_material: Handle<StandardMaterial>,
    pub(super) nose_material: Handle<StandardMaterial>,
}

fn setup_agent_assets(mut commands: Commands, mut meshes: ResMut<Assets<Mesh>>, mut materials: ResMut<Assets<StandardMaterial>>) {
    commands.insert_resource(AgentAssets {
        body: meshes.add(Capsule3d::new(0.22, 0.3)),
        nose: meshes.add(Cuboid::new(0.12, 0.12, 0.3)),
        body_material: materials.add(Color::srgb(1.0, 0.55, 0.0)),
        nose_material: materials.add(Color::srgb(0.15, 0.15, 0.15)),
    });
}

/// The agent's body in the palette (see [`agent_colour`]).
fn recolour_agent(palette: Res<Palette>, assets: Option<Res<AgentAssets>>, mut materials: ResMut<Assets<StandardMaterial>>) {
    let Some(assets) = assets else { return };
    if let Some(mut m) = materials.get_mut(&assets.body_material) {
        m.base_color = agent_colour(*palette);
    }
}

/// Gives a new agent its body and a nose on its front (-Z).
fn dress_agents(mut commands: Commands, assets: Res<AgentAssets>, agents: Query<Entity, Added<Agent>>) {
    for e in &agents {
        commands.entity(e).insert((Mesh3d(assets.body.clone()), MeshMaterial3d(assets.body_material.clone()))).with_child((
            Name::new("Agent nose"),
            Mesh3d(assets.nose.clone()),
            MeshMaterial3d(assets.nose_material.clone()),
            Transform::from_xyz(0.0, 0.12, -0.25),
        ));
    }
}
