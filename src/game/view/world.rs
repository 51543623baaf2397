//! The voxel world (#23): its blocked voxels as one mesh per 16 x 16 column chunk (only the
//! faces that show, coloured by level), the ground under it, the path as small gold cubes
//! (black once walked), the start and end, and the agent walking or flying the path. The levels
//! above the slice are left out. Clicks on the world become [`Action::PickVoxel`]s. While a
//! world is played the flat board's cubes are hidden.

use bevy::asset::RenderAssetUsages;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::input::egui_wants_any_pointer_input;

use super::agent::AgentAssets;
use super::cubes::{Cube, CubeAssets};
use super::flat::FlatBoard;
use super::looks::Look;
pub use super::voxel_mesh::{CHUNK, chunk_mesh};
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
    /// The world's identity and revision the chunk meshes show, for bringing them up to date
    /// around an edit.
    version: Option<(u64, u64)>,
    /// Each chunk's entity, mesh and faces, by its first column (chunks without a blocked
    /// voxel have none).
    by_chunk: std::collections::HashMap<(usize, usize), (Entity, Handle<Mesh>, usize)>,
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

/// Builds the world's chunk meshes and its ground when the world or the slice changes; after
/// voxel edits (the world's change log tells which), only the chunks whose faces they touch.
/// A chunk is at most 16 x 16 columns, so an edit redraws in a frame even on a world of
/// hundreds of voxels a side, where drawing the whole world takes seconds.
fn build_world_meshes(
    mut commands: Commands,
    world: Res<WorldBoard>,
    assets: Res<WorldAssets>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut drawn: ResMut<WorldDrawn>,
) {
    let Some(grid) = world.grid.as_ref() else {
        clear_world_meshes(&mut commands, &mut drawn);
        drawn.built = None;
        return;
    };
    let same_slice = drawn.built.is_some_and(|(_, slice)| slice == world.slice);
    let edited = drawn.version.filter(|_| same_slice).and_then(|v| grid.changes_since(v)).map(|changes| {
        let mut dirty: Vec<(usize, usize)> = changes.flat_map(|p| chunks_beside(grid, p)).collect();
        dirty.sort_unstable();
        dirty.dedup();
        dirty
    });
    drawn.built = Some((world.shape, world.slice));
    drawn.version = Some(grid.version());
    let Some(dirty) = edited else {
        clear_world_meshes(&mut commands, &mut drawn);
        let (w, h) = (grid.width(), grid.height());
        let ground = meshes.add(Cuboid::new(w as f32 + 0.4, 0.2, h as f32 + 0.4));
        drawn.meshes.push(ground.clone());
        let look = MeshMaterial3d(assets.ground.clone());
        let e = commands
            .spawn((Name::new("World ground"), Mesh3d(ground), look, Transform::from_xyz(0.0, -0.1, 0.0), ChildOf(assets.root)))
            .id();
        drawn.chunks.push(e);
        for cy in (0..h).step_by(CHUNK) {
            for cx in (0..w).step_by(CHUNK) {
                draw_chunk(&mut commands, grid, world.slice, (cx, cy), (&assets, &mut meshes, &mut drawn));
            }
        }
        return;
    };
    for chunk in dirty {
        if let Some((e, mesh, faces)) = drawn.by_chunk.remove(&chunk) {
            commands.entity(e).despawn();
            drawn.chunks.retain(|&c| c != e);
            drawn.meshes.retain(|m| *m != mesh);
            drawn.faces -= faces;
        }
        draw_chunk(&mut commands, grid, world.slice, chunk, (&assets, &mut meshes, &mut drawn));
    }
}

/// Despawns every chunk and the ground.
fn clear_world_meshes(commands: &mut Commands, drawn: &mut WorldDrawn) {
    for e in drawn.chunks.drain(..) {
        commands.entity(e).despawn();
    }
    drawn.faces = 0;
    drawn.meshes.clear();
    drawn.by_chunk.clear();
}

/// The chunks whose faces a change of voxel `p` may change: its own, and the one across each
/// side it lies on.
fn chunks_beside(grid: &VoxelGrid, p: Pos3) -> impl Iterator<Item = (usize, usize)> {
    let corner = |v: usize| v - v % CHUNK;
    let (w, h) = (grid.width(), grid.height());
    // its own column and the four beside it (a voxel's faces look along x, y and up or down:
    // never into a chunk only diagonally beside)
    let (x, y) = (p.0, p.1);
    let beside = [
        Some((x, y)),
        x.checked_sub(1).map(|x| (x, y)),
        (x + 1 < w).then_some((x + 1, y)),
        y.checked_sub(1).map(|y| (x, y)),
        (y + 1 < h).then_some((x, y + 1)),
    ];
    beside.into_iter().flatten().map(move |(x, y)| (corner(x), corner(y)))
}

/// Draws the chunk whose first column is `at`, if it has a face to show. Its mesh lives only
/// where it is drawn (the render world): the world's clicks are cast against the voxels, and a
/// level's meshes kept twice took hundreds of MB.
fn draw_chunk(
    commands: &mut Commands,
    grid: &VoxelGrid,
    slice: usize,
    at: (usize, usize),
    (assets, meshes, drawn): (&WorldAssets, &mut Assets<Mesh>, &mut WorldDrawn),
) {
    let Some(mut mesh) = chunk_mesh(grid, slice, at) else { return };
    mesh.asset_usage = RenderAssetUsages::RENDER_WORLD;
    let faces = mesh.count_vertices() / 4;
    drawn.faces += faces;
    let mesh = meshes.add(mesh);
    drawn.meshes.push(mesh.clone());
    let look = MeshMaterial3d(assets.voxels.clone());
    let name = Name::new(format!("World chunk {},{}", at.0, at.1));
    let e = commands.spawn((name, Mesh3d(mesh.clone()), look, Pickable::IGNORE, ChildOf(assets.root))).id();
    drawn.chunks.push(e);
    drawn.by_chunk.insert(at, (e, mesh, faces));
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

#[cfg(test)]
mod tests {
    use super::*;
    use bevy::mesh::VertexAttributeValues;

    /// Turns the played world's voxel `p` over (blocked to free or back); gives whether it was
    /// blocked.
    fn toggle(app: &mut App, p: Pos3) -> bool {
        let mut board = app.world_mut().resource_mut::<WorldBoard>();
        let grid = board.grid.as_mut().expect("a world");
        let blocked = grid.is_blocked(p);
        grid.set_blocked(p, !blocked).expect("on the world");
        blocked
    }

    /// Each drawn chunk's corner positions, by the chunk's first column, read from the meshes.
    fn drawn_chunks(app: &App) -> std::collections::BTreeMap<(usize, usize), Vec<[f32; 3]>> {
        let (drawn, meshes) = (app.world().resource::<WorldDrawn>(), app.world().resource::<Assets<Mesh>>());
        let corners = |mesh: &Mesh| match mesh.attribute(Mesh::ATTRIBUTE_POSITION) {
            Some(VertexAttributeValues::Float32x3(p)) => p.clone(),
            _ => panic!("positions"),
        };
        drawn.by_chunk.iter().map(|(&at, (_, handle, _))| (at, corners(meshes.get(handle).expect("a drawn chunk's mesh")))).collect()
    }

    /// The chunks redrawn around edits hold exactly what chunks drawn from scratch hold: after
    /// voxels put and taken on chunks' edges and corners and at random, an undo, more edits in
    /// one frame than the world's change log keeps, a lower slice, a copy of the world (another
    /// identity) and edits of the copy. Each chunk's corners, the faces counted and the chunk
    /// entities (none left over) are compared with meshes made anew.
    #[test]
    fn chunks_redrawn_around_edits_are_those_drawn_from_scratch() {
        let mut app = App::new();
        app.init_resource::<Assets<Mesh>>().init_resource::<WorldDrawn>().init_resource::<WorldBoard>();
        let root = app.world_mut().spawn_empty().id();
        let (voxels, ground, marker, endpoint) = Default::default();
        app.insert_resource(WorldAssets { root, voxels, ground, marker, endpoint });
        app.add_systems(Update, build_world_meshes);
        let (w, h, d) = (40, 35, 4);
        let mut seed = 0x2545_F491_4F6C_DD1Du64;
        let mut next = move |n: usize| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % n as u64) as usize
        };
        let mut world = VoxelGrid::new(w, h, d).unwrap();
        for _ in 0..w * h * d / 4 {
            world.set_blocked((next(w), next(h), next(d)), true).unwrap();
        }
        let first = world.clone();
        {
            let mut board = app.world_mut().resource_mut::<WorldBoard>();
            (board.grid, board.slice) = (Some(world), d - 1);
        }
        let check = |app: &mut App, what: &str| {
            app.update();
            let board = app.world().resource::<WorldBoard>();
            let (grid, slice) = (board.grid.as_ref().unwrap(), board.slice);
            let want: std::collections::BTreeMap<(usize, usize), Vec<[f32; 3]>> = (0..h)
                .step_by(CHUNK)
                .flat_map(|cy| (0..w).step_by(CHUNK).map(move |cx| (cx, cy)))
                .filter_map(|at| {
                    let mesh = chunk_mesh(grid, slice, at)?;
                    match mesh.attribute(Mesh::ATTRIBUTE_POSITION) {
                        Some(VertexAttributeValues::Float32x3(p)) => Some((at, p.clone())),
                        _ => None,
                    }
                })
                .collect();
            let faces: usize = want.values().map(|p| p.len() / 4).sum();
            assert!(drawn_chunks(app) == want, "{what}: the chunks drawn differ from chunks made anew");
            let drawn = app.world().resource::<WorldDrawn>();
            assert_eq!(drawn.faces, faces, "{what}: faces counted");
            let named = app.world_mut().query::<&Name>().iter(app.world()).filter(|n| n.as_str().starts_with("World chunk")).count();
            assert_eq!(named, want.len(), "{what}: chunk entities");
        };
        check(&mut app, "drawn first");
        let edge = [(0, 0), (15, 15), (16, 16), (15, 16), (16, 0), (31, 34), (32, 17), (39, 34), (0, 16)];
        let mut edited = Vec::new();
        for (k, &(x, y)) in edge.iter().enumerate() {
            let p = (x, y, k % d);
            edited.push((p, toggle(&mut app, p)));
            check(&mut app, &format!("edge edit {k} at {p:?}"));
        }
        for round in 0..6 {
            for _ in 0..1 + round * 3 {
                toggle(&mut app, (next(w), next(h), next(d)));
            }
            check(&mut app, &format!("random edits, round {round}"));
        }
        // the edge edits undone, in reverse
        for &(p, blocked) in edited.iter().rev() {
            app.world_mut().resource_mut::<WorldBoard>().grid.as_mut().unwrap().set_blocked(p, blocked).unwrap();
        }
        check(&mut app, "undo");
        // more changes in a frame than the change log keeps: drawn again whole
        {
            let mut board = app.world_mut().resource_mut::<WorldBoard>();
            let grid = board.grid.as_mut().unwrap();
            for i in 0..first.len() {
                let p = first.pos(i);
                if next(3) == 0 {
                    grid.set_blocked(p, !first.is_blocked(p)).unwrap();
                }
            }
        }
        check(&mut app, "many changes at once");
        app.world_mut().resource_mut::<WorldBoard>().slice = 1;
        check(&mut app, "a lower slice");
        let copy = app.world().resource::<WorldBoard>().grid.clone();
        app.world_mut().resource_mut::<WorldBoard>().grid = copy;
        check(&mut app, "a copy");
        for k in 0..4 {
            toggle(&mut app, (next(w), next(h), next(2)));
            check(&mut app, &format!("the copy edited ({k})"));
        }
    }
}
