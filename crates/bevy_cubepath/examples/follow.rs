//! `follow`: an agent walks its answer with slerped turns, and walls dropped on its way make
//! it ask again. Every second a wall appears a few cells ahead of it on its remaining way;
//! `FollowPath` notices the blocked way, requests a new path from the cell it is heading to and
//! walks round. At the far corner it turns back.
//!
//! Teaches: `FollowPath`, replanning when a `NavGrid` changes, the `Arrived` message, meshes
//! placed with `NavGrid::to_world`.
//!
//!     cargo run --release -p bevy_cubepath --example follow

use bevy::prelude::*;
use bevy_cubepath::NavDebugPlugin;
use bevy_cubepath::engine::grid::Cell;
use bevy_cubepath::prelude::*;

fn main() {
    App::new()
        .add_plugins((DefaultPlugins, CubepathPlugin, NavDebugPlugin))
        .insert_resource(Walls(Timer::from_seconds(1.0, TimerMode::Repeating), 0))
        .add_systems(Startup, setup)
        .add_systems(Update, (drop_walls.before(NavSystems::Request), turn_back.after(NavSystems::Follow)))
        .run();
}

/// When the next wall falls, and how many have.
#[derive(Resource)]
struct Walls(Timer, usize);

/// The wall's look.
#[derive(Resource)]
struct WallLook(Handle<Mesh>, Handle<StandardMaterial>);

const SIZE: (usize, usize) = (16, 10);

fn setup(mut commands: Commands, mut meshes: ResMut<Assets<Mesh>>, mut materials: ResMut<Assets<StandardMaterial>>) {
    commands.spawn((Camera3d::default(), Transform::from_xyz(0.0, 14.0, 9.0).looking_at(Vec3::ZERO, Vec3::Y)));
    commands.spawn((DirectionalLight::default(), Transform::from_xyz(3.0, 10.0, 4.0).looking_at(Vec3::ZERO, Vec3::Y)));
    let nav = NavGrid::new(Grid::new(SIZE.0, SIZE.1).expect("a small grid"));
    let start = nav.to_world((0, 0)) + Vec3::Y * 0.4;
    commands.spawn(nav);
    commands.insert_resource(WallLook(meshes.add(Cuboid::new(0.9, 0.8, 0.9)), materials.add(Color::srgb(0.25, 0.4, 0.9))));
    commands.spawn((
        Mesh3d(meshes.add(Capsule3d::new(0.25, 0.3))),
        MeshMaterial3d(materials.add(Color::srgb(0.95, 0.45, 0.1))),
        Transform::from_translation(start),
        PathRequest::new((0, 0), (SIZE.0 - 1, SIZE.1 - 1)),
        FollowPath::new(3.0).at_height(0.4),
    ));
}

/// Every second a wall lands three cells ahead on the agent's remaining way (never under it,
/// never on its goal).
fn drop_walls(
    mut commands: Commands,
    time: Res<Time>,
    mut walls: ResMut<Walls>,
    look: Res<WallLook>,
    mut grid: Query<&mut NavGrid>,
    agent: Query<&FollowPath>,
) -> Result {
    if !walls.0.tick(time.delta()).just_finished() {
        return Ok(());
    }
    let way = agent.single()?.remaining();
    let ahead = way.get(3).copied().filter(|_| way.len() > 4);
    let Some((x, y)) = ahead.filter(|_| walls.1 < 12) else { return Ok(()) };
    let mut nav = grid.single_mut()?;
    nav.grid.set(x, y, Cell::Blocked)?;
    commands.spawn((
        Mesh3d(look.0.clone()),
        MeshMaterial3d(look.1.clone()),
        Transform::from_translation(nav.to_world((x, y)) + Vec3::Y * 0.4),
    ));
    walls.1 += 1;
    Ok(())
}

/// At a corner the agent heads for the other one (for the CI check: exits after the first).
fn turn_back(
    mut arrived: MessageReader<Arrived>,
    mut requests: Query<&mut PathRequest>,
    walls: Res<Walls>,
    mut exit: MessageWriter<AppExit>,
) {
    for a in arrived.read() {
        info!("follow: arrived at {},{} after {} walls", a.cell.0, a.cell.1, walls.1);
        if std::env::var_os("CUBEPATH_EXAMPLE_CHECK").is_some() {
            exit.write(AppExit::Success);
        }
        if let Ok(mut request) = requests.get_mut(a.entity) {
            let back = if a.cell == (0, 0) { (SIZE.0 - 1, SIZE.1 - 1) } else { (0, 0) };
            *request = PathRequest::new(a.cell, back);
        }
    }
}
