//! The voxel world (#23): its blocked voxels as one mesh per 16 x 16 column chunk (only the
//! faces that show, coloured by level), the ground under it, the path as small gold cubes
//! (black once walked), the start and end, and the agent walking or flying the path. The levels
//! above the slice are left out. Clicks on the world become [`Action::PickVoxel`]s. While a
//! world is played the flat board's cubes are hidden.

use bevy::asset::RenderAssetUsages;
use bevy::mesh::Indices;
use bevy::prelude::*;
use bevy::render::render_resource::PrimitiveTopology;
use bevy::window::PrimaryWindow;
use bevy_egui::input::egui_wants_any_pointer_input;

use super::agent::AgentAssets;
use super::cubes::{Cube, CubeAssets};
use super::flat::FlatBoard;
use super::looks::Look;
use crate::engine::world::{Pos3, VoxelGrid, VoxelMoves};
use crate::game::logic::agent::Agent;
use crate::game::logic::input::{Action, VoxelClick};
use crate::game::logic::settings::WorldSettings;
use crate::game::logic::world::{WorldBoard, cast_ray, voxel_centre, voxel_in_front, world_on};
use crate::game::phases::{Turn, ViewSystems};

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<WorldDrawn>().init_resource::<WorldPress>().add_systems(Startup, setup_world_assets).add_systems(
        Update,
        (
            click_world.run_if(world_on).run_if(not(egui_wants_any_pointer_input)).in_set(Turn::Clicks),
            (
                hide_flat_board,
                build_world_meshes.run_if(world_shape_changed),
                place_world_markers.run_if(resource_changed::<WorldBoard>),
                move_world_agent,
            )
                .chain()
                .in_set(ViewSystems::WorldMeshes),
        ),
    );
}

/// The side of a chunk of columns drawn as one mesh.
pub const CHUNK: usize = 16;

/// What is drawn of the world: the chunk meshes, markers and agent, and the shape and slice
/// they were built for.
#[derive(Resource, Default)]
pub struct WorldDrawn {
    /// The chunk mesh entities and the ground.
    pub chunks: Vec<Entity>,
    /// The path's markers (with their place on the path), the start's and the end's.
    pub markers: Vec<(Option<usize>, Entity)>,
    /// The agent's body, while one walks.
    pub agent: Option<Entity>,
    built: Option<(u64, usize)>,
    /// The path, start and end the markers show.
    marked: Option<(Vec<Pos3>, Option<Pos3>, Option<Pos3>, usize)>,
    /// Faces in the chunk meshes (for the panel and the benchmark).
    pub faces: usize,
    /// The chunk meshes and the ground's, for the race's lanes to share.
    pub meshes: Vec<Handle<Mesh>>,
}

/// The voxels' material (coloured per vertex), the ground's, and the markers' meshes (the
/// path's small cubes, the endpoints' pads).
#[derive(Resource, Clone)]
pub struct WorldAssets {
    /// The parent of everything the single world draws (the race hides it for its lanes).
    pub root: Entity,
    pub(super) voxels: Handle<StandardMaterial>,
    pub(super) ground: Handle<StandardMaterial>,
    pub(super) marker: Handle<Mesh>,
    pub(super) endpoint: Handle<Mesh>,
}

fn setup_world_assets(mut commands: Commands, mut meshes: ResMut<Assets<Mesh>>, mut materials: ResMut<Assets<StandardMaterial>>) {
    let root = commands.spawn((Name::new("World"), Transform::default(), Visibility::default())).id();
    commands.insert_resource(WorldAssets {
        root,
        voxels: materials.add(StandardMaterial { base_color: Color::WHITE, perceptual_roughness: 0.85, ..default() }),
        ground: materials.add(StandardMaterial { base_color: Color::srgb(0.23, 0.25, 0.28), perceptual_roughness: 1.0, ..default() }),
        marker: meshes.add(Cuboid::new(0.42, 0.42, 0.42)),
        endpoint: meshes.add(Cuboid::new(0.8, 0.16, 0.8)),
    });
}

fn world_shape_changed(world: Res<WorldBoard>, drawn: Res<WorldDrawn>) -> bool {
    let want = world.grid.as_ref().map(|_| (world.shape, world.slice));
    want != drawn.built
}

/// The flat board's cubes and agent are hidden while a world is played, and shown again after.
fn hide_flat_board(
    world: Res<WorldBoard>,
    mut shown: Query<&mut Visibility, Or<(With<Cube>, With<FlatBoard>, With<Agent>)>>,
    mut was_on: Local<bool>,
) {
    if !*was_on && !world.is_on() {
        return;
    }
    *was_on = world.is_on();
    let v = if world.is_on() { Visibility::Hidden } else { Visibility::Inherited };
    for mut s in &mut shown {
        s.set_if_neq(v);
    }
}

/// The colour of a voxel's faces: dark low down, light high up, so the levels read apart.
fn level_colour(z: usize, depth: usize) -> [f32; 4] {
    let t = z as f32 / (depth.max(2) - 1) as f32;
    let low = [0.30, 0.34, 0.46];
    let high = [0.80, 0.70, 0.52];
    let shade = if z.is_multiple_of(2) { 1.0 } else { 0.92 };
    [0, 1, 2].map(|i| (low[i] + (high[i] - low[i]) * t) * shade).into_iter().chain([1.0]).collect::<Vec<_>>().try_into().expect("four")
}

/// The six faces in the game's space (y up): the outward normal, two axes spanning the face
/// with `u x v = n`, and the voxel neighbour across it (voxel coordinates, z up).
const FACES: [([f32; 3], [f32; 3], [f32; 3], [i64; 3]); 6] = [
    ([1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0], [1, 0, 0]),
    ([-1.0, 0.0, 0.0], [0.0, 0.0, 1.0], [0.0, 1.0, 0.0], [-1, 0, 0]),
    ([0.0, 1.0, 0.0], [0.0, 0.0, 1.0], [1.0, 0.0, 0.0], [0, 0, 1]),
    ([0.0, -1.0, 0.0], [1.0, 0.0, 0.0], [0.0, 0.0, 1.0], [0, 0, -1]),
    ([0.0, 0.0, 1.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0, 1, 0]),
    ([0.0, 0.0, -1.0], [0.0, 1.0, 0.0], [1.0, 0.0, 0.0], [0, -1, 0]),
];

/// The mesh of one chunk's blocked voxels up to level `top`: a face wherever the voxel across
/// it is free, hidden above the slice, or outside the world's sides (none on the ground).
pub fn chunk_mesh(world: &VoxelGrid, top: usize, (cx, cy): (usize, usize)) -> Option<Mesh> {
    let (mut pos, mut nor, mut col, mut idx) = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    let (w, h) = (world.width(), world.height());
    for z in 0..=top.min(world.depth() - 1) {
        let colour = level_colour(z, world.depth());
        for y in cy..(cy + CHUNK).min(h) {
            for x in cx..(cx + CHUNK).min(w) {
                if !world.is_blocked((x, y, z)) {
                    continue;
                }
                let c = voxel_centre(world, (x, y, z));
                for (n, u, v, across) in FACES {
                    let q = [x as i64 + across[0], y as i64 + across[1], z as i64 + across[2]];
                    let shows = if q[2] < 0 {
                        false
                    } else if q[0] < 0 || q[1] < 0 || q[0] >= w as i64 || q[1] >= h as i64 || q[2] > top as i64 {
                        true
                    } else {
                        world.is_free((q[0] as usize, q[1] as usize, q[2] as usize))
                    };
                    if !shows {
                        continue;
                    }
                    let (n, u, v) = (Vec3::from(n), Vec3::from(u), Vec3::from(v));
                    let base = pos.len() as u32;
                    for (a, b) in [(-0.5, -0.5), (0.5, -0.5), (0.5, 0.5), (-0.5, 0.5)] {
                        pos.push((c + n * 0.5 + u * a + v * b).to_array());
                        nor.push(n.to_array());
                        col.push(colour);
                    }
                    idx.extend([base, base + 1, base + 2, base, base + 2, base + 3]);
                }
            }
        }
    }
    (!idx.is_empty()).then(|| {
        Mesh::new(PrimitiveTopology::TriangleList, RenderAssetUsages::default())
            .with_inserted_attribute(Mesh::ATTRIBUTE_POSITION, pos)
            .with_inserted_attribute(Mesh::ATTRIBUTE_NORMAL, nor)
            .with_inserted_attribute(Mesh::ATTRIBUTE_COLOR, col)
            .with_inserted_indices(Indices::U32(idx))
    })
}

/// Builds the world's chunk meshes and its ground again (after any voxel edit or slice change;
/// a chunk is at most 16 x 16 columns, so even a 256 x 256 world rebuilds in one frame).
fn build_world_meshes(
    mut commands: Commands,
    world: Res<WorldBoard>,
    assets: Res<WorldAssets>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut drawn: ResMut<WorldDrawn>,
) {
    for e in drawn.chunks.drain(..) {
        commands.entity(e).despawn();
    }
    drawn.faces = 0;
    drawn.meshes.clear();
    let Some(grid) = world.grid.as_ref() else {
        drawn.built = None;
        return;
    };
    drawn.built = Some((world.shape, world.slice));
    let (w, h) = (grid.width(), grid.height());
    let ground = meshes.add(Cuboid::new(w as f32 + 0.4, 0.2, h as f32 + 0.4));
    drawn.meshes.push(ground.clone());
    let look = MeshMaterial3d(assets.ground.clone());
    let e =
        commands.spawn((Name::new("World ground"), Mesh3d(ground), look, Transform::from_xyz(0.0, -0.1, 0.0), ChildOf(assets.root))).id();
    drawn.chunks.push(e);
    for cy in (0..h).step_by(CHUNK) {
        for cx in (0..w).step_by(CHUNK) {
            let Some(mesh) = chunk_mesh(grid, world.slice, (cx, cy)) else { continue };
            drawn.faces += mesh.count_vertices() / 4;
            let mesh = meshes.add(mesh);
            drawn.meshes.push(mesh.clone());
            let look = MeshMaterial3d(assets.voxels.clone());
            let e = commands.spawn((Name::new(format!("World chunk {cx},{cy}")), Mesh3d(mesh), look, ChildOf(assets.root))).id();
            drawn.chunks.push(e);
        }
    }
}

/// The path's voxels as small cubes (black once walked), the start's and the end's as larger
/// ones, those above the slice left out; respawned when the path, an endpoint or the slice
/// changes, repainted as the walk goes.
fn place_world_markers(
    mut commands: Commands,
    world: Res<WorldBoard>,
    cubes: Res<CubeAssets>,
    assets: Res<WorldAssets>,
    mut drawn: ResMut<WorldDrawn>,
    mut materials: Query<&mut MeshMaterial3d<StandardMaterial>>,
) {
    let want = world.grid.as_ref().map(|_| (world.answer.path.clone(), world.start, world.end, world.slice));
    if want != drawn.marked {
        for (_, e) in drawn.markers.drain(..) {
            commands.entity(e).despawn();
        }
        drawn.marked = want;
        let Some(grid) = world.grid.as_ref() else { return };
        let path = &world.answer.path;
        let shown = |p: &Pos3| p.2 <= world.slice;
        for (k, &p) in path.iter().enumerate().skip(1).take(path.len().saturating_sub(2)).filter(|(_, p)| shown(p)) {
            let marker = (Mesh3d(assets.marker.clone()), MeshMaterial3d(cubes.material(Look::Path).clone()));
            let at = Transform::from_translation(voxel_centre(grid, p));
            let e = commands.spawn((Name::new("World path"), marker, at, ChildOf(assets.root))).id();
            drawn.markers.push((Some(k), e));
        }
        for (p, look) in [(world.start, Look::Start), (world.end, Look::End)] {
            let Some(p) = p.filter(shown) else { continue };
            let marker = (Mesh3d(assets.endpoint.clone()), MeshMaterial3d(cubes.material(look).clone()));
            // a pad on the voxel's floor, for the agent to stand on
            let at = voxel_centre(grid, p) - Vec3::Y * 0.42;
            let e = commands.spawn((Name::new("World endpoint"), marker, Transform::from_translation(at), ChildOf(assets.root))).id();
            drawn.markers.push((None, e));
        }
    }
    let walked = if world.walk.agent { 0 } else { world.walked() };
    for &(k, e) in &drawn.markers {
        let Some(k) = k else { continue };
        let look = if k < walked { Look::Walked } else { Look::Path };
        if let Ok(mut m) = materials.get_mut(e)
            && m.0 != *cubes.material(look)
        {
            m.0 = cubes.material(look).clone();
        }
    }
}

/// The agent's body on the path while it walks (or flies) it: between two voxels by the walk's
/// fraction, turning smoothly toward where it goes (pitching too when it flies).
fn move_world_agent(
    mut commands: Commands,
    time: Res<Time>,
    world: Res<WorldBoard>,
    settings: Res<WorldSettings>,
    (assets, world_assets): (Res<AgentAssets>, Res<WorldAssets>),
    mut drawn: ResMut<WorldDrawn>,
    mut bodies: Query<&mut Transform>,
) {
    let path = world.walker_path();
    let (Some(grid), true) = (world.grid.as_ref(), world.walk.agent && path.len() > 1) else {
        if let Some(e) = drawn.agent.take() {
            commands.entity(e).despawn();
        }
        return;
    };
    let k = (world.walk.done.floor() as usize).min(path.len() - 2);
    let f = world.walk.done - k as f32;
    let (a, b) = (voxel_centre(grid, path[k]), voxel_centre(grid, path[k + 1]));
    // a walker stands on its voxel's floor; a flyer floats in its middle
    let lift = if settings.moves == VoxelMoves::Walk { Vec3::Y * -0.1 } else { Vec3::ZERO };
    let at = a.lerp(b, f) + lift;
    let mut dir = b - a;
    if settings.moves == VoxelMoves::Walk {
        dir.y = 0.0;
    }
    let target = if dir.length_squared() > 1e-6 {
        Transform::from_translation(at).looking_to(dir.normalize(), Vec3::Y).rotation
    } else {
        Quat::IDENTITY
    };
    let Some(e) = drawn.agent.filter(|e| bodies.contains(*e)) else {
        let e = commands
            .spawn((
                Name::new("World agent"),
                Transform::from_translation(at).with_rotation(target),
                Visibility::default(),
                ChildOf(world_assets.root),
            ))
            .with_children(|c| {
                c.spawn((Mesh3d(assets.body.clone()), MeshMaterial3d(assets.body_material.clone())));
                c.spawn((
                    Name::new("Agent nose"),
                    Mesh3d(assets.nose.clone()),
                    MeshMaterial3d(assets.nose_material.clone()),
                    Transform::from_xyz(0.0, 0.12, -0.25),
                ));
            })
            .id();
        drawn.agent = Some(e);
        return;
    };
    if let Ok(mut t) = bodies.get_mut(e) {
        t.translation = at;
        t.rotation = t.rotation.slerp(target, 1.0 - (-10.0 * time.delta_secs()).exp());
    }
}

/// Where the left or right button went down over the world, and which endpoint a left drag
/// from it moves.
#[derive(Resource, Default)]
struct WorldPress {
    at: Option<Vec2>,
    drag: Option<bool>,
}

/// Clicks on the world: a left click sets the start or end, a left drag from one moves it, a
/// right click removes a voxel and Ctrl + right click adds one (a right drag orbits the camera
/// instead).
fn click_world(
    buttons: Res<ButtonInput<MouseButton>>,
    keys: Res<ButtonInput<KeyCode>>,
    window: Single<&Window, With<PrimaryWindow>>,
    camera: Single<(&Camera, &GlobalTransform), With<Camera3d>>,
    world: Res<WorldBoard>,
    settings: Res<WorldSettings>,
    mut press: ResMut<WorldPress>,
    mut actions: MessageWriter<Action>,
) {
    let (Some(cursor), Some(grid)) = (window.cursor_position(), world.grid.as_ref()) else { return };
    let (cam, at) = *camera;
    let Ok(ray) = cam.viewport_to_world(at, cursor) else { return };
    let hit = cast_ray(grid, world.slice, ray.origin, *ray.direction);
    if buttons.just_pressed(MouseButton::Left) || buttons.just_pressed(MouseButton::Right) {
        press.at = Some(cursor);
        let on = hit.and_then(|h| voxel_in_front(grid, h, settings.moves));
        press.drag = if buttons.just_pressed(MouseButton::Left) {
            [world.start, world.end].iter().position(|&p| p.is_some() && p == on).map(|k| k == 1)
        } else {
            None
        };
    }
    // (after the press is noted: a slow frame may see the press and the release together)
    let still = press.at.is_some_and(|p| p.distance(cursor) < 5.0);
    if let (Some(end), Some(hit), true) = (press.drag, hit, buttons.pressed(MouseButton::Left) && !still) {
        actions.write(Action::PickVoxel { hit, click: VoxelClick::Drag(end) });
    }
    let ctrl = keys.any_pressed([KeyCode::ControlLeft, KeyCode::ControlRight]);
    let click = if buttons.just_released(MouseButton::Left) && press.drag.is_none() {
        Some(VoxelClick::Endpoint)
    } else if buttons.just_released(MouseButton::Right) {
        Some(if ctrl { VoxelClick::Add } else { VoxelClick::Remove })
    } else {
        None
    };
    if let (Some(click), Some(hit), true) = (click, hit, still) {
        actions.write(Action::PickVoxel { hit, click });
    }
    if buttons.just_released(MouseButton::Left) || buttons.just_released(MouseButton::Right) {
        *press = WorldPress::default();
    }
}
