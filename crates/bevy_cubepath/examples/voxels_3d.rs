//! `voxels_3d`: a voxel world with floating islands, and a flyer that crosses it. The plugin,
//! one `NavVoxels` and one `VoxelPathRequest`: the answer's voxels are drawn as gold cubes and
//! a flyer glides along them, turning (and pitching) toward where it goes; Space asks for a way
//! back to the other corner.
//!
//! Teaches: `NavVoxels` (and `NavVoxels::to_world`), `VoxelPathRequest`, `VoxelPathAnswer`,
//! the engine's voxel worlds (`generate_world`, `VoxelMoves`).
//!
//!     cargo run --release -p bevy_cubepath --example voxels_3d

use bevy::prelude::*;
use bevy_cubepath::engine::world::{WorldKind, generate_world};
use bevy_cubepath::prelude::*;

fn main() {
    App::new()
        .add_plugins((DefaultPlugins, CubepathPlugin))
        .add_systems(Startup, setup)
        .add_systems(Update, (ask_again, show_answer, fly))
        .run();
}

/// The flyer: the path it flies and how far along it is (in voxels).
#[derive(Component, Default)]
struct Flyer {
    path: Vec<Vec3>,
    done: f32,
}

/// The gold cubes of the last path.
#[derive(Component)]
struct PathCube;

fn setup(mut commands: Commands, mut meshes: ResMut<Assets<Mesh>>, mut materials: ResMut<Assets<StandardMaterial>>) {
    let world = generate_world(WorldKind::Islands, (24, 24, 12), 4).expect("a valid size");
    let nav = NavVoxels::new(world);
    let rock = (Mesh3d(meshes.add(Cuboid::from_length(0.96))), MeshMaterial3d(materials.add(Color::srgb(0.62, 0.58, 0.52))));
    for i in 0..nav.world.len() {
        let p = nav.world.pos(i);
        if nav.world.is_blocked(p) {
            commands.spawn((rock.clone(), Transform::from_translation(nav.to_world(p))));
        }
    }
    let ground = Mesh3d(meshes.add(Cuboid::new(24.0, 0.1, 24.0)));
    commands.spawn((ground, MeshMaterial3d(materials.add(Color::srgb(0.25, 0.27, 0.3))), Transform::from_xyz(0.0, -0.05, 0.0)));
    commands.spawn((Camera3d::default(), Transform::from_xyz(-17.0, 17.0, 21.0).looking_at(Vec3::new(0.0, 4.5, 0.0), Vec3::Y)));
    commands.spawn((
        DirectionalLight { illuminance: 9000.0, ..default() },
        Transform::from_xyz(4.0, 10.0, 6.0).looking_at(Vec3::ZERO, Vec3::Y),
    ));
    commands.spawn(nav);
    // from the ground at one corner to the sky at the other
    let body = (Mesh3d(meshes.add(Capsule3d::new(0.25, 0.4))), MeshMaterial3d(materials.add(Color::srgb(1.0, 0.55, 0.0))));
    commands.spawn((Flyer::default(), body, Transform::default(), VoxelPathRequest::new((0, 0, 0), (23, 23, 11))));
}

/// Space: the way back to the corner the flyer did not start from.
fn ask_again(keys: Res<ButtonInput<KeyCode>>, mut flyer: Query<&mut VoxelPathRequest>) {
    if keys.just_pressed(KeyCode::Space)
        && let Ok(mut request) = flyer.single_mut()
    {
        *request = VoxelPathRequest::new(request.to, request.from);
    }
}

/// An answer: its voxels as gold cubes, and the flyer sets off along them (for the CI check,
/// the example exits once it has arrived).
fn show_answer(
    mut commands: Commands,
    answers: Query<(&VoxelPathAnswer, &mut Flyer), Changed<VoxelPathAnswer>>,
    old: Query<Entity, With<PathCube>>,
    nav: Query<&NavVoxels>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) -> Result {
    let nav = nav.single()?;
    for (answer, mut flyer) in answers {
        let Ok(path) = &answer.result else {
            info!("voxels_3d: {}", answer.result.as_ref().err().map_or(String::new(), ToString::to_string));
            continue;
        };
        info!("voxels_3d: a path of {} voxels, cost {:.4}, {} expanded", path.voxels.len(), path.cost, answer.expanded);
        for e in &old {
            commands.entity(e).despawn();
        }
        let (mesh, gold) = (meshes.add(Cuboid::from_length(0.3)), materials.add(Color::srgb(1.0, 0.8, 0.1)));
        for &p in &path.voxels {
            commands.spawn((PathCube, Mesh3d(mesh.clone()), MeshMaterial3d(gold.clone()), Transform::from_translation(nav.to_world(p))));
        }
        *flyer = Flyer { path: path.voxels.iter().map(|&p| nav.to_world(p)).collect(), done: 0.0 };
    }
    Ok(())
}

/// Glides along the path, four voxels a second, turning smoothly toward the next one.
fn fly(time: Res<Time>, mut flyers: Query<(&mut Flyer, &mut Transform)>, mut exit: MessageWriter<AppExit>) {
    for (mut flyer, mut t) in &mut flyers {
        let Some(last) = flyer.path.len().checked_sub(1) else { continue };
        if last == 0 {
            continue;
        }
        let before = flyer.done;
        flyer.done = (flyer.done + 4.0 * time.delta_secs()).min(last as f32);
        let k = (flyer.done.floor() as usize).min(last - 1);
        let (a, b) = (flyer.path[k], flyer.path[k + 1]);
        t.translation = a.lerp(b, flyer.done - k as f32);
        let target = t.looking_to((b - a).normalize(), Vec3::Y).rotation;
        t.rotation = t.rotation.slerp(target, 1.0 - (-8.0 * time.delta_secs()).exp());
        if before < last as f32 && flyer.done >= last as f32 {
            info!("voxels_3d: arrived at {:?}", flyer.path[last]);
            if std::env::var_os("CUBEPATH_EXAMPLE_CHECK").is_some() {
                exit.write(AppExit::Success);
            }
        }
    }
}
