//! `tilemap_2d`: a tile map of 2D sprites under a `Camera2d`, no 3D anywhere. The `NavGrid`
//! lies in the screen's XY plane with 32-pixel cells; one coloured sprite a tile. A runner
//! walks from tile to tile: a left click sends it there (from the tile it is stepping to), a
//! right click puts a wall on a tile or takes it off, and a wall dropped on its way makes it
//! ask again and walk round. `NavDebugPlugin` draws the answer (gold), the way still to walk
//! (cyan) and, as the runner carries `ShowSearch`, the search's closed (red) and open (blue)
//! cells.
//!
//! Teaches: `NavGrid::placed(Plane::Xy, ...)` for sprites, the cursor to a cell with
//! `viewport_to_world_2d` and `NavGrid::to_cell`, `FollowPath` on a 2D screen (it turns about
//! +Z), recolouring tiles when the grid changes, `ShowSearch` for a search's cells.
//!
//!     cargo run --release -p bevy_cubepath --example tilemap_2d

use bevy::prelude::*;
use bevy_cubepath::engine::grid::Cell;
use bevy_cubepath::prelude::*;
use bevy_cubepath::{NavDebugPlugin, ShowSearch};

fn main() {
    App::new()
        .add_plugins((DefaultPlugins, CubepathPlugin, NavDebugPlugin))
        .add_systems(Startup, setup)
        .add_systems(Update, (click.before(NavSystems::Request), paint_tiles, report.after(NavSystems::Move)))
        .run();
}

/// Pixels a tile.
const TILE: f32 = 32.0;

const MAP: [&str; 12] = [
    "....................",
    ".@@@@@@.....@@@@@@..",
    "......@.....@.......",
    "..@...@..@..@...@@..",
    "..@......@......@...",
    "..@@@@@..@@@@@..@...",
    "......@......@..@...",
    ".@@...@..@...@......",
    ".@....@..@...@@@@.@.",
    ".@.......@........@.",
    ".@@@@@@@@@@@..@@@@@.",
    "....................",
];

/// A tile's sprite shows this cell.
#[derive(Component)]
struct Tile(Pos);

fn setup(mut commands: Commands) {
    commands.spawn(Camera2d);
    let (w, h) = (MAP[0].len() as f32, MAP.len() as f32);
    // cell (0, 0) at the top left, the map centred on the screen
    let origin = Vec3::new(-(w - 1.0) * TILE / 2.0, (h - 1.0) * TILE / 2.0, 0.0);
    let nav = NavGrid::from_rows(&MAP).expect("rows of one length").placed(Plane::Xy, TILE, origin);
    for (p, cell) in nav.grid.cells() {
        commands.spawn((Tile(p), Sprite::from_color(colour(cell), Vec2::splat(TILE - 2.0)), Transform::from_translation(nav.to_world(p))));
    }
    let (start, goal) = ((0, 0), (19, 11));
    commands.spawn((
        Sprite::from_color(Color::srgb(0.95, 0.45, 0.1), Vec2::new(TILE * 0.7, TILE * 0.4)),
        Transform::from_translation(nav.to_world(start) + Vec3::Z),
        PathRequest::new(start, goal),
        // (on a 2D screen the height is the drawing order: above the tiles)
        FollowPath::new(5.0).at_height(1.0),
        ShowSearch,
    ));
    commands.spawn(nav);
}

fn colour(cell: Cell) -> Color {
    if cell.is_passable() { Color::srgb(0.82, 0.86, 0.78) } else { Color::srgb(0.22, 0.3, 0.45) }
}

/// Left click: the runner goes there; right click: a wall on or off.
fn click(
    buttons: Res<ButtonInput<MouseButton>>,
    windows: Query<&Window>,
    camera: Query<(&Camera, &GlobalTransform)>,
    mut grid: Query<&mut NavGrid>,
    mut runner: Query<(&mut PathRequest, &FollowPath)>,
) -> Result {
    let left = buttons.just_pressed(MouseButton::Left);
    if !left && !buttons.just_pressed(MouseButton::Right) {
        return Ok(());
    }
    let Some(cursor) = windows.single()?.cursor_position() else { return Ok(()) };
    let (camera, at) = camera.single()?;
    let point = camera.viewport_to_world_2d(at, cursor)?;
    let mut nav = grid.single_mut()?;
    let Some(cell) = nav.to_cell(point.extend(0.0)) else { return Ok(()) };
    let (mut request, follower) = runner.single_mut()?;
    if left {
        *request = PathRequest::new(follower.replan_cell().unwrap_or(request.from), cell);
    } else if follower.replan_cell() != Some(cell) {
        let wall = if nav.grid.is_passable(cell.0, cell.1) { Cell::Blocked } else { Cell::FLOOR };
        nav.grid.set(cell.0, cell.1, wall)?;
    }
    Ok(())
}

/// Tiles take their cell's colour when the grid changes.
fn paint_tiles(grid: Query<&NavGrid, Changed<NavGrid>>, mut tiles: Query<(&Tile, &mut Sprite)>) {
    let Ok(nav) = grid.single() else { return };
    for (tile, mut sprite) in &mut tiles {
        sprite.color = colour(nav.grid.get(tile.0.0, tile.0.1).unwrap_or(Cell::Blocked));
    }
}

/// Says where the runner arrived (for the CI check: exits after the first arrival).
fn report(mut arrived: MessageReader<Arrived>, answers: Query<&PathAnswer>, mut exit: MessageWriter<AppExit>) {
    for a in arrived.read() {
        let cost = answers.get(a.entity).ok().and_then(|answer| answer.result.as_ref().ok()).map_or(0.0, |found| found.cost);
        info!("tilemap_2d: arrived at {},{} (a path of cost {cost:.4})", a.cell.0, a.cell.1);
        if std::env::var_os("CUBEPATH_EXAMPLE_CHECK").is_some() {
            exit.write(AppExit::Success);
        }
    }
}
