//! The cubes: one per cell (hexagonal prisms on hex boards), sharing one mesh and one material
//! per look; rebuilt when the board's layout changes, repainted when a look changes.

use bevy::prelude::*;

use super::looks::{CellLooks, Look, looks_changed};
use crate::engine::grid::Pos;
use crate::game::logic::board::{Board, HEX_APOTHEM};
use crate::game::logic::settings::Palette;
use crate::game::phases::ViewSystems;

/// The cubes alone (the headless test harness draws them too).
pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<CubeIndex>().add_systems(Startup, setup_cube_assets).add_systems(
        Update,
        (recolour_cubes.run_if(resource_changed::<Palette>), spawn_cubes.run_if(layout_changed), paint_cubes.run_if(looks_changed))
            .chain()
            .in_set(ViewSystems::Cubes),
    );
}

/// The most cubes drawn; larger boards are drawn flat (see [`super::flat`]).
pub const MAX_CUBES: usize = 256 * 256;
/// Width of a cube; the rest of each cell is the gap.
pub const CUBE_SIZE: f32 = 0.9;

/// Whether the board is too large for a cube per cell.
pub fn drawn_flat(board: &Board) -> bool {
    board.grid.width() * board.grid.height() > MAX_CUBES
}

/// A cube's marker: its cell.
#[derive(Component, Clone, Copy, Debug, PartialEq)]
pub struct Cube(pub Pos);

/// The cube of each cell (row-major; empty when the board is drawn flat), the board layout
/// they were built for, and the look each shows.
#[derive(Resource, Default)]
pub struct CubeIndex {
    /// The cube entities, row by row.
    pub cubes: Vec<Entity>,
    layout: u64,
    shown: Vec<Option<Look>>,
}

impl CubeIndex {
    /// The cube of a cell, if drawn.
    pub fn cube(&self, board: &Board, p: Pos) -> Option<Entity> {
        self.cubes.get(p.1 * board.grid.width() + p.0).copied()
    }
}

/// One mesh per cell shape and one material per look, shared by every cube.
#[derive(Resource, Clone)]
pub struct CubeAssets {
    /// The cube.
    pub mesh: Handle<Mesh>,
    /// A hexagonal prism for hex boards.
    pub hex_mesh: Handle<Mesh>,
    materials: Vec<(Look, Handle<StandardMaterial>)>,
}

impl CubeAssets {
    /// The shared material of a look.
    pub fn material(&self, look: Look) -> &Handle<StandardMaterial> {
        &self.materials.iter().find(|(l, _)| *l == look).expect("a material per look").1
    }
}

/// A new palette: every look's shared material takes its colour in it.
fn recolour_cubes(palette: Res<Palette>, assets: Option<Res<CubeAssets>>, mut materials: ResMut<Assets<StandardMaterial>>) {
    let Some(assets) = assets else { return };
    for (look, handle) in &assets.materials {
        if let Some(mut m) = materials.get_mut(handle) {
            m.base_color = look.colour_in(*palette);
        }
    }
}

fn setup_cube_assets(mut commands: Commands, mut meshes: ResMut<Assets<Mesh>>, mut materials: ResMut<Assets<StandardMaterial>>) {
    let materials = Look::ALL
        .iter()
        .map(|&look| {
            let material = if look == Look::Walked {
                // unlit: the walked path is black from every angle, with no highlight on it
                StandardMaterial { base_color: look.colour(), unlit: true, ..default() }
            } else {
                StandardMaterial { base_color: look.colour(), perceptual_roughness: 0.8, ..default() }
            };
            (look, materials.add(material))
        })
        .collect();
    commands.insert_resource(CubeAssets {
        mesh: meshes.add(Cuboid::new(CUBE_SIZE, CUBE_SIZE, CUBE_SIZE)),
        hex_mesh: meshes.add(Extrusion::new(RegularPolygon::new(0.5 * CUBE_SIZE / HEX_APOTHEM, 6), CUBE_SIZE)),
        materials,
    });
}

/// Where a cube with the given look sits.
pub fn cube_transform(board: &Board, p: Pos, look: Look) -> Transform {
    let at = board.world(p) - Vec3::Y * (CUBE_SIZE / 2.0 + look.drop());
    let t = Transform::from_translation(at);
    if board.hex { t.with_rotation(Quat::from_rotation_x(-std::f32::consts::FRAC_PI_2)) } else { t }
}

/// Run condition: the board was replaced or changed shape since the cubes were built.
fn layout_changed(board: Res<Board>, index: Res<CubeIndex>) -> bool {
    board.layout != index.layout
}

/// Despawns the old cubes and spawns one per cell (none when the board is drawn flat).
fn spawn_cubes(mut commands: Commands, board: Res<Board>, assets: Res<CubeAssets>, mut index: ResMut<CubeIndex>) {
    for &e in &index.cubes {
        commands.entity(e).despawn();
    }
    index.cubes.clear();
    index.shown.clear();
    index.layout = board.layout;
    if drawn_flat(&board) {
        return;
    }
    let (w, h) = (board.grid.width(), board.grid.height());
    index.cubes.reserve(w * h);
    let mesh = if board.hex { &assets.hex_mesh } else { &assets.mesh };
    for ((x, y), cell) in board.grid.cells() {
        let look = Look::of_cell(cell);
        let e = commands
            .spawn((
                Name::new(format!("Cube {x},{y}")),
                Cube((x, y)),
                Mesh3d(mesh.clone()),
                MeshMaterial3d(assets.material(look).clone()),
                cube_transform(&board, (x, y), look),
            ))
            .id();
        index.cubes.push(e);
    }
    index.shown = vec![None; w * h];
}

/// Gives each cube the material of its look, touching only the cubes whose look changed.
fn paint_cubes(
    looks: CellLooks,
    assets: Res<CubeAssets>,
    mut index: ResMut<CubeIndex>,
    mut cubes: Query<(&mut MeshMaterial3d<StandardMaterial>, &mut Transform)>,
) {
    let board = &looks.board;
    let w = board.grid.width();
    let index = &mut *index;
    for (i, look) in looks.all(true).into_iter().enumerate() {
        let (Some(&e), Some(shown)) = (index.cubes.get(i), index.shown.get_mut(i)) else { break };
        if *shown == Some(look) {
            continue;
        }
        if let Ok((mut m, mut t)) = cubes.get_mut(e) {
            m.0 = assets.material(look).clone();
            if shown.is_none_or(|old| old.drop() != look.drop()) {
                *t = cube_transform(board, (i % w, i / w), look);
            }
            *shown = Some(look);
        }
    }
}
