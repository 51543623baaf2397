//! `minimal`: a grid, a click, a path. The plugin, one `NavGrid` and one `PathRequest`; a left
//! click on a cell asks again from the corner to there, and `NavDebugPlugin` draws the answer
//! (gold) and the walls (grey crosses).
//!
//! Teaches: `NavGrid::from_rows`, `PathRequest`, `PathAnswer`, `NavGrid::to_cell` for clicks.
//!
//!     cargo run --release -p bevy_cubepath --example minimal

use bevy::prelude::*;
use bevy_cubepath::NavDebugPlugin;
use bevy_cubepath::prelude::*;

fn main() {
    App::new()
        .add_plugins((DefaultPlugins, CubepathPlugin, NavDebugPlugin))
        .add_systems(Startup, setup)
        .add_systems(Update, (click, report))
        .run();
}

fn setup(mut commands: Commands) {
    commands.spawn((Camera3d::default(), Transform::from_xyz(0.0, 11.0, 7.0).looking_at(Vec3::ZERO, Vec3::Y)));
    let rows =
        ["............", "....@@@@....", ".......@....", "..@....@..@.", "..@....@..@.", "..@@@@.@..@.", "............", "......@....."];
    commands.spawn(NavGrid::from_rows(&rows).expect("rows of one length"));
    commands.spawn(PathRequest::new((0, 0), (11, 7)));
}

/// A left click on a cell asks for the way there from the corner.
fn click(
    buttons: Res<ButtonInput<MouseButton>>,
    windows: Query<&Window>,
    camera: Query<(&Camera, &GlobalTransform)>,
    grid: Query<&NavGrid>,
    mut request: Query<&mut PathRequest>,
) -> Result {
    let Some(cursor) = windows.single()?.cursor_position().filter(|_| buttons.just_pressed(MouseButton::Left)) else { return Ok(()) };
    let (camera, at) = camera.single()?;
    let ray = camera.viewport_to_world(at, cursor)?;
    let Some(d) = ray.intersect_plane(Vec3::ZERO, InfinitePlane3d::new(Vec3::Y)) else { return Ok(()) };
    if let Some(cell) = grid.single()?.to_cell(ray.get_point(d)) {
        *request.single_mut()? = PathRequest::new((0, 0), cell);
    }
    Ok(())
}

/// Says what each answer found (and, for the CI check, exits after the first).
fn report(answers: Query<&PathAnswer, Changed<PathAnswer>>, mut exit: MessageWriter<AppExit>) {
    for answer in &answers {
        match &answer.result {
            Ok(path) => info!("minimal: a path of {} cells, cost {:.4}", path.cells.len(), path.cost),
            Err(why) => info!("minimal: {why}"),
        }
        if std::env::var_os("CUBEPATH_EXAMPLE_CHECK").is_some() {
            exit.write(AppExit::Success);
        }
    }
}
