//! `crowd`: 300 agents wander a 40 x 40 field, each an entity with a `CrowdMember`; every
//! second a wall block lands somewhere and the agents whose ways it crosses repair their
//! searches (D* Lite) and walk round. The engine keeps them from ever sharing a cell.
//!
//! G gathers them at the middle (`NavDebugPlugin` draws the distance field's arrows), W sends
//! them wandering again.
//!
//! Teaches: `NavCrowd` beside a `NavGrid`, `CrowdMember` entities given a body, grid edits
//! reaching a crowd, `NavCrowd::set_mode`.
//!
//!     cargo run --release -p bevy_cubepath --example crowd

use bevy::prelude::*;
use bevy_cubepath::NavDebugPlugin;
use bevy_cubepath::engine::grid::Cell;
use bevy_cubepath::prelude::*;

fn main() {
    App::new()
        .add_plugins((DefaultPlugins, CubepathPlugin, NavDebugPlugin))
        .insert_resource(Drops(Timer::from_seconds(1.0, TimerMode::Repeating), 1))
        .add_systems(Startup, setup)
        .add_systems(Update, (dress_members, drop_walls.before(NavSystems::Request), switch_mode, report))
        .run();
}

/// When the next wall lands, and a seed for where.
#[derive(Resource)]
struct Drops(Timer, u64);

/// The members' body.
#[derive(Resource)]
struct Body(Handle<Mesh>, Handle<StandardMaterial>);

fn setup(mut commands: Commands, mut meshes: ResMut<Assets<Mesh>>, mut materials: ResMut<Assets<StandardMaterial>>) {
    commands.spawn((Camera3d::default(), Transform::from_xyz(0.0, 38.0, 26.0).looking_at(Vec3::ZERO, Vec3::Y)));
    commands.spawn((DirectionalLight::default(), Transform::from_xyz(5.0, 20.0, 8.0).looking_at(Vec3::ZERO, Vec3::Y)));
    commands.insert_resource(Body(meshes.add(Capsule3d::new(0.3, 0.3)), materials.add(Color::srgb(0.95, 0.45, 0.1))));
    let mut crowd = NavCrowd::new(300, CrowdMode::Wander);
    crowd.height = 0.45;
    commands.spawn((NavGrid::new(Grid::new(40, 40).expect("a small grid")), crowd));
}

/// Each new member gets a body.
fn dress_members(mut commands: Commands, body: Res<Body>, members: Query<Entity, Added<CrowdMember>>) {
    for e in &members {
        commands.entity(e).insert((Mesh3d(body.0.clone()), MeshMaterial3d(body.1.clone())));
    }
}

/// Every second a 3 x 1 wall lands on a seeded spot (the crowd lifts anyone under it aside).
fn drop_walls(time: Res<Time>, mut drops: ResMut<Drops>, mut grid: Query<&mut NavGrid>) -> Result {
    if !drops.0.tick(time.delta()).just_finished() {
        return Ok(());
    }
    drops.1 = drops.1.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
    let (x, y) = ((drops.1 >> 33) as usize % 38, (drops.1 >> 45) as usize % 40);
    let mut nav = grid.single_mut()?;
    for dx in 0..3 {
        nav.grid.set(x + dx, y, Cell::Blocked)?;
    }
    Ok(())
}

/// G: gather at the middle (or the free cell nearest it); W: wander.
fn switch_mode(keys: Res<ButtonInput<KeyCode>>, mut crowds: Query<(&mut NavCrowd, &NavGrid)>) -> Result {
    let (mut crowd, nav) = crowds.single_mut()?;
    let mode = if keys.just_pressed(KeyCode::KeyG) {
        let Some(middle) = bevy_cubepath::engine::crowd::middle_cell(&nav.grid) else { return Ok(()) };
        CrowdMode::Gather(middle)
    } else if keys.just_pressed(KeyCode::KeyW) {
        CrowdMode::Wander
    } else {
        return Ok(());
    };
    crowd.set_mode(mode)?;
    Ok(())
}

/// Every 60 ticks, what the crowd did (for the CI check: exits after the first report).
fn report(crowds: Query<&NavCrowd>, mut last: Local<usize>, mut exit: MessageWriter<AppExit>) {
    let Some(crowd) = crowds.iter().next().and_then(|c| c.crowd()) else { return };
    let s = crowd.stats();
    if s.ticks >= *last + 60 {
        *last = s.ticks;
        info!(
            "crowd: tick {} agents {} arrivals {} conflicts {} repairs {}",
            s.ticks,
            crowd.agents().len(),
            s.arrivals,
            s.conflicts,
            s.replans
        );
        if std::env::var_os("CUBEPATH_EXAMPLE_CHECK").is_some() {
            exit.write(AppExit::Success);
        }
    }
}
