//! Obstacles that are entities ([`NavObstacle`]): the cells their footprints cover (worked out
//! here by hand), moved with their transforms, given back when the component or the entity
//! goes (each cell as it was: floor, terrain or wall), shared cells kept blocked while any
//! obstacle covers them; requests and followers route round them.

mod common;

use std::collections::BTreeSet;

use bevy::prelude::*;
use bevy_cubepath::engine::grid::Cell;
use bevy_cubepath::prelude::*;
use common::app;

/// The blocked cells of the only grid.
fn blocked(app: &mut App) -> BTreeSet<Pos> {
    let mut grids = app.world_mut().query::<&NavGrid>();
    let nav = grids.single(app.world()).unwrap();
    nav.grid.cells().filter(|(_, c)| !c.is_passable()).map(|(p, _)| p).collect()
}

fn set(cells: &[Pos]) -> BTreeSet<Pos> {
    cells.iter().copied().collect()
}

/// A 10 x 8 grid, cells 2 units apart, cell (0, 0) centred at the origin, on the XZ ground; a
/// wall at (9, 7) and mud at (4, 4).
fn grid(app: &mut App) -> Entity {
    let mut grid = Grid::new(10, 8).unwrap();
    grid.set(9, 7, Cell::Blocked).unwrap();
    grid.set(4, 4, Cell::Ground(3)).unwrap();
    let nav = NavGrid { cell_size: 2.0, origin: Vec3::ZERO, ..NavGrid::new(grid) };
    app.world_mut().spawn(nav).id()
}

#[test]
fn a_box_blocks_the_cells_it_overlaps_moves_with_its_transform_and_gives_them_back() {
    let mut app = app();
    grid(&mut app);
    let wall = set(&[(9, 7)]);
    // a box 3 x 1 units centred at x 4, z 4 spans x 2.5..5.5 and z 3.5..4.5; cell i's square
    // spans 2i - 1..2i + 1, so columns 1 (1..3), 2 (3..5) and 3 (5..7) overlap it, and row 2
    let crate_box = app.world_mut().spawn((NavObstacle::boxed(Vec2::new(1.5, 0.5)), Transform::from_xyz(4.0, 0.0, 4.0))).id();
    app.update();
    assert_eq!(blocked(&mut app), &wall | &set(&[(1, 2), (2, 2), (3, 2)]));
    // touching an edge does not count: x 3..5 (exactly cell 2), z 3..5 (exactly row 2)
    app.world_mut().entity_mut(crate_box).insert(NavObstacle::boxed(Vec2::new(1.0, 1.0)));
    app.update();
    assert_eq!(blocked(&mut app), &wall | &set(&[(2, 2)]));
    // moved onto the mud and the wall's corner: both given back as they were when it leaves
    app.world_mut().entity_mut(crate_box).insert((NavObstacle::cells(2, 2), Transform::from_xyz(8.0, 0.0, 8.0)));
    app.update();
    assert_eq!(blocked(&mut app), set(&[(4, 4), (5, 4), (4, 5), (5, 5), (9, 7)]));
    app.world_mut().entity_mut(crate_box).insert(Transform::from_xyz(16.0, 0.0, 12.0));
    app.update();
    assert_eq!(blocked(&mut app), set(&[(8, 6), (9, 6), (8, 7), (9, 7)]));
    let mut grids = app.world_mut().query::<&NavGrid>();
    assert_eq!(grids.single(app.world()).unwrap().grid.get(4, 4), Some(Cell::Ground(3)), "the mud is back");
    // removed: the wall it stood on stays a wall
    app.world_mut().entity_mut(crate_box).remove::<NavObstacle>();
    app.update();
    assert_eq!(blocked(&mut app), wall);
    // off the grid: nothing
    app.world_mut().entity_mut(crate_box).insert((NavObstacle::cells(3, 3), Transform::from_xyz(-50.0, 0.0, 0.0)));
    app.update();
    assert_eq!(blocked(&mut app), wall);
}

#[test]
fn overlapping_obstacles_free_a_cell_only_when_none_covers_it() {
    let mut app = app();
    grid(&mut app);
    let a = app.world_mut().spawn((NavObstacle::cells(3, 1), Transform::from_xyz(0.0, 0.0, 0.0))).id();
    let b = app.world_mut().spawn((NavObstacle::cells(1, 3), Transform::from_xyz(4.0, 0.0, 0.0))).id();
    app.update();
    assert_eq!(blocked(&mut app), set(&[(0, 0), (1, 0), (2, 0), (2, 1), (2, 2), (9, 7)]));
    app.world_mut().despawn(a);
    app.update();
    assert_eq!(blocked(&mut app), set(&[(2, 0), (2, 1), (2, 2), (9, 7)]), "(2, 0) is still under b");
    // b slides one row down: (2, 0) freed, (2, 3) covered, the rows between kept throughout
    app.world_mut().entity_mut(b).insert(Transform::from_xyz(4.0, 0.0, 2.0));
    app.update();
    assert_eq!(blocked(&mut app), set(&[(2, 1), (2, 2), (2, 3), (9, 7)]));
    app.world_mut().despawn(b);
    app.update();
    assert_eq!(blocked(&mut app), set(&[(9, 7)]));
}

#[test]
fn requests_and_followers_route_round_an_obstacle_that_lands_in_their_way() {
    let mut app = app();
    app.world_mut().spawn(NavGrid::from_rows(&["..........", "..........", ".........."]).unwrap());
    let walker = app.world_mut().spawn((PathRequest::new((0, 1), (9, 1)), FollowPath::new(2.0), Transform::default())).id();
    app.update();
    // a crate over (6, 0) and (6, 1), placed by its transform (the grid is centred on the origin)
    let at = app.world_mut().query::<&NavGrid>().single(app.world()).unwrap().to_world((6, 0));
    app.world_mut().spawn((NavObstacle::cells(1, 2), Transform::from_translation(at)));
    app.update();
    let answer = app.world().get::<PathAnswer>(walker).unwrap().result.clone().unwrap();
    assert!(!answer.cells.contains(&(6, 1)) && !answer.cells.contains(&(6, 0)), "{:?}", answer.cells);
    assert!(answer.cells.contains(&(6, 2)), "round by the free row: {:?}", answer.cells);
    let mut stood_in_crate = false;
    for _ in 0..400 {
        app.update();
        let f = app.world().get::<FollowPath>(walker).unwrap();
        stood_in_crate |= matches!(f.last(), Some((6, 0 | 1)));
        if f.arrived() {
            break;
        }
    }
    let f = app.world().get::<FollowPath>(walker).unwrap();
    assert!(f.arrived() && !stood_in_crate && f.last() == Some((9, 1)));
    // a second grid named by the obstacle: the first is left alone
    let other = app.world_mut().spawn(NavGrid::from_rows(&["...", "..."]).unwrap()).id();
    let at = app.world().get::<NavGrid>(other).unwrap().to_world((1, 1));
    app.world_mut().spawn((NavObstacle::cells(1, 1).on(other), Transform::from_translation(at)));
    app.update();
    assert!(!app.world().get::<NavGrid>(other).unwrap().grid.is_passable(1, 1));
}

/// The case: an obstacle on cell (2, 1) of a 6 x 3 grid, then the entity given a new
/// level of the same size (`nav.grid = level`, as a game loads one). The obstacle still stands
/// there, so (2, 1) is blocked in the new level (before: open after three frames, the obstacle
/// recorded for the old grid value). When it moves on, the cells it leaves are given back as the
/// new level has them: a wall of the new level stays a wall, its floor floor, and nothing saved
/// from the old level is written in.
#[test]
fn obstacles_stand_in_a_new_level_put_in_place_of_the_grid() {
    let mut app = app();
    let g = app.world_mut().spawn(NavGrid::from_rows(&["......", "......", "......"]).unwrap()).id();
    let at = |app: &App, p: Pos| app.world().get::<NavGrid>(g).unwrap().to_world(p);
    let (p21, p31, p00) = (at(&app, (2, 1)), at(&app, (3, 1)), at(&app, (0, 0)));
    let post = app.world_mut().spawn((NavObstacle::cells(1, 1), Transform::from_translation(p21))).id();
    app.update();
    assert!(!app.world().get::<NavGrid>(g).unwrap().grid.is_passable(2, 1));
    // the new level: a wall at (3, 1) where the post will move next, mud at (2, 1) under it
    let mut level = Grid::new(6, 3).unwrap();
    level.set(3, 1, Cell::Blocked).unwrap();
    level.set(2, 1, Cell::Ground(3)).unwrap();
    app.world_mut().get_mut::<NavGrid>(g).unwrap().grid = level;
    for _ in 0..3 {
        app.update();
    }
    let grid = |app: &App| app.world().get::<NavGrid>(g).unwrap().grid.clone();
    assert_eq!(grid(&app).get(2, 1), Some(Cell::Blocked), "the post stands in the new level");
    // moved onto the new level's wall, then off it: the wall stays, the mud comes back
    app.world_mut().entity_mut(post).insert(Transform::from_translation(p31));
    app.update();
    assert_eq!((grid(&app).get(2, 1), grid(&app).get(3, 1)), (Some(Cell::Ground(3)), Some(Cell::Blocked)));
    app.world_mut().entity_mut(post).insert(Transform::from_translation(p00));
    app.update();
    let now = grid(&app);
    assert_eq!((now.get(3, 1), now.get(2, 1), now.get(0, 0)), (Some(Cell::Blocked), Some(Cell::Ground(3)), Some(Cell::Blocked)));
    app.world_mut().despawn(post);
    app.update();
    let blocked: Vec<Pos> = grid(&app).cells().filter(|(_, c)| !c.is_passable()).map(|(p, _)| p).collect();
    assert_eq!(blocked, [(3, 1)], "only the new level's own wall");
}
