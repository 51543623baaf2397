//! `obstacles`: crates that are entities, pushed about a field, and units routing round them.
//! Each crate carries a `NavObstacle` (one cell, or a 2 x 1 box) and a `Transform`; every half
//! second one crate is pushed a cell along its lane (never onto a cell a unit stands on or
//! steps to). The plugin writes the crates' cells into the grid and gives them back when they
//! move on, so the units' `FollowPath`s hear of each push as of any edit and walk round.
//!
//! Teaches: `NavObstacle` (a cell footprint and a box in world units), moving obstacles by
//! their transforms, followers replanning round them.
//!
//!     cargo run --release -p bevy_cubepath --example obstacles

use bevy::prelude::*;
use bevy_cubepath::prelude::*;

fn main() {
    App::new()
        .add_plugins((DefaultPlugins, CubepathPlugin))
        .insert_resource(Pushes(Timer::from_seconds(0.5, TimerMode::Repeating), 0))
        .add_systems(Startup, setup)
        .add_systems(Update, (push_crates.before(NavSystems::Request), (check_units, turn_back).after(NavSystems::Follow)))
        .run();
}

const SIZE: (usize, usize) = (16, 10);

/// When the next push comes, and how many there were.
#[derive(Resource)]
struct Pushes(Timer, usize);

/// A crate's lane: it is pushed one cell at a time along x, between two columns, and back.
#[derive(Component)]
struct Lane {
    row: usize,
    from: usize,
    to: usize,
    at: usize,
    step: isize,
}

fn setup(mut commands: Commands, mut meshes: ResMut<Assets<Mesh>>, mut materials: ResMut<Assets<StandardMaterial>>) {
    commands.spawn((Camera3d::default(), Transform::from_xyz(0.0, 15.0, 10.0).looking_at(Vec3::ZERO, Vec3::Y)));
    commands.spawn((DirectionalLight::default(), Transform::from_xyz(3.0, 10.0, 4.0).looking_at(Vec3::ZERO, Vec3::Y)));
    let nav = NavGrid::new(Grid::new(SIZE.0, SIZE.1).expect("a small grid"));
    commands.spawn((
        Mesh3d(meshes.add(Plane3d::default().mesh().size(SIZE.0 as f32, SIZE.1 as f32))),
        MeshMaterial3d(materials.add(Color::srgb(0.8, 0.8, 0.78))),
        Transform::from_xyz(0.0, -0.01, 0.0),
    ));
    let wood = materials.add(Color::srgb(0.6, 0.4, 0.2));
    let (one, two) = (meshes.add(Cuboid::new(0.9, 0.8, 0.9)), meshes.add(Cuboid::new(1.9, 0.8, 0.9)));
    // crates on lanes across the field: small ones are one cell, wide ones a box 2 x 1 units
    for (row, from, to, wide) in [(2, 2, 12, false), (4, 4, 14, true), (5, 1, 9, false), (7, 3, 13, true), (8, 6, 14, false)] {
        let at = nav.to_world((from, row)) + if wide { Vec3::X * 0.5 } else { Vec3::ZERO };
        let obstacle = if wide { NavObstacle::boxed(Vec2::new(0.95, 0.45)) } else { NavObstacle::cells(1, 1) };
        commands.spawn((
            Mesh3d(if wide { two.clone() } else { one.clone() }),
            MeshMaterial3d(wood.clone()),
            Transform::from_translation(at + Vec3::Y * 0.4),
            obstacle,
            Lane { row, from, to, at: from, step: 1 },
        ));
    }
    let body = meshes.add(Capsule3d::new(0.25, 0.3));
    for (k, (from, to)) in [((0, 0), (15, 9)), ((15, 0), (0, 9)), ((0, 9), (15, 0))].into_iter().enumerate() {
        commands.spawn((
            Mesh3d(body.clone()),
            MeshMaterial3d(materials.add([Color::srgb(0.95, 0.45, 0.1), Color::srgb(0.2, 0.6, 0.3), Color::srgb(0.3, 0.3, 0.9)][k])),
            Transform::from_translation(nav.to_world(from) + Vec3::Y * 0.4),
            PathRequest::new(from, to),
            FollowPath::new(2.5).at_height(0.4),
        ));
    }
    commands.spawn(nav);
}

/// Every half second the next crate in turn is pushed a cell along its lane, unless a unit
/// stands on or steps to a cell the crate would cover there.
fn push_crates(
    time: Res<Time>,
    mut pushes: ResMut<Pushes>,
    mut crates: Query<(&mut Lane, &mut Transform, &NavObstacle)>,
    units: Query<&FollowPath>,
    grid: Query<&NavGrid>,
) -> Result {
    if !pushes.0.tick(time.delta()).just_finished() {
        return Ok(());
    }
    let nav = grid.single()?;
    let taken: Vec<Pos> = units.iter().flat_map(|u| [u.last(), u.target()]).flatten().collect();
    let count = crates.iter().count();
    let Some((mut lane, mut transform, obstacle)) = crates.iter_mut().nth(pushes.1 % count) else { return Ok(()) };
    pushes.1 += 1;
    if (lane.at == lane.to && lane.step > 0) || (lane.at == lane.from && lane.step < 0) {
        lane.step = -lane.step;
    }
    let next = lane.at.saturating_add_signed(lane.step);
    let wide = matches!(obstacle.footprint, Footprint::Box { .. });
    let covers = [(next, lane.row)].into_iter().chain(wide.then_some((next + 1, lane.row)));
    if covers.into_iter().any(|c| taken.contains(&c)) {
        return Ok(());
    }
    lane.at = next;
    transform.translation = nav.to_world((next, lane.row)) + if wide { Vec3::X * 0.5 } else { Vec3::ZERO } + Vec3::Y * 0.4;
    Ok(())
}

/// No unit ever stands in a crate (for the CI check: a failure exits with an error).
fn check_units(units: Query<&FollowPath>, grid: Query<&NavGrid>, mut exit: MessageWriter<AppExit>) -> Result {
    let nav = grid.single()?;
    for unit in &units {
        if let Some((x, y)) = unit.last().filter(|&(x, y)| !nav.grid.is_passable(x, y)) {
            error!("obstacles: a unit stands in a crate at {x},{y}");
            exit.write(AppExit::error());
        }
    }
    Ok(())
}

/// At its goal a unit heads back (for the CI check: exits after the first arrival).
fn turn_back(
    mut arrived: MessageReader<Arrived>,
    mut requests: Query<&mut PathRequest>,
    pushes: Res<Pushes>,
    mut exit: MessageWriter<AppExit>,
) {
    for a in arrived.read() {
        info!("obstacles: a unit arrived at {},{} after {} pushes", a.cell.0, a.cell.1, pushes.1);
        if std::env::var_os("CUBEPATH_EXAMPLE_CHECK").is_some() {
            exit.write(AppExit::Success);
        }
        if let Ok(mut request) = requests.get_mut(a.entity) {
            let back = request.from;
            *request = PathRequest::new(a.cell, back);
        }
    }
}
