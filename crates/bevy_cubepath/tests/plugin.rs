//! The plugin headless: `MinimalPlugins`, time stepped by hand, real ECS state after
//! `app.update()`. Costs are checked against a Dijkstra written here from the rules (8 moves,
//! no corner cutting, 1 and sqrt 2), not against the engine.

mod common;

use std::collections::BinaryHeap;

use bevy::prelude::*;
use bevy_cubepath::prelude::*;
use bevy_cubepath::{Arrived, FoundPath, HEX_ROW, PathQueue};
use common::app;
use cubepath_search::{
    grid::Cell,
    search::{SearchError, WORN},
};

const ROWS: [&str; 8] = ["..........", ".@@@@@@@..", ".......@..", "@@@@@..@..", "...@...@@.", ".@.@.@....", ".@...@.@@.", ".@@@@@...."];

/// The least cost from `from` to every cell, by the rules: 8 neighbours, a diagonal only when
/// both side cells are free, steps 1 and sqrt 2.
fn dijkstra(rows: &[&str], from: Pos) -> Vec<Vec<f64>> {
    let free = |x: i64, y: i64| y >= 0 && x >= 0 && (y as usize) < rows.len() && rows[y as usize].as_bytes().get(x as usize) == Some(&b'.');
    let mut dist = vec![vec![f64::INFINITY; rows[0].len()]; rows.len()];
    let mut heap = BinaryHeap::new();
    dist[from.1][from.0] = 0.0;
    heap.push((std::cmp::Reverse((0.0f64).to_bits()), from));
    while let Some((std::cmp::Reverse(bits), (x, y))) = heap.pop() {
        let d = f64::from_bits(bits);
        if d > dist[y][x] {
            continue;
        }
        for (dx, dy) in [(-1i64, -1i64), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1)] {
            let (nx, ny) = (x as i64 + dx, y as i64 + dy);
            if !free(nx, ny) || (dx != 0 && dy != 0 && !(free(x as i64 + dx, y as i64) && free(x as i64, y as i64 + dy))) {
                continue;
            }
            let nd = d + if dx != 0 && dy != 0 { std::f64::consts::SQRT_2 } else { 1.0 };
            if nd < dist[ny as usize][nx as usize] - 1e-12 {
                dist[ny as usize][nx as usize] = nd;
                heap.push((std::cmp::Reverse(nd.to_bits()), (nx as usize, ny as usize)));
            }
        }
    }
    dist
}

fn found(app: &App, e: Entity) -> FoundPath {
    app.world().get::<PathAnswer>(e).expect("an answer").result.clone().expect("a path")
}

#[test]
fn every_request_is_answered_with_the_least_cost_path() {
    let mut app = app();
    app.world_mut().spawn(NavGrid::from_rows(&ROWS).unwrap());
    let truth = dijkstra(&ROWS, (0, 0));
    let mut asked = Vec::new();
    for (y, row) in ROWS.iter().enumerate() {
        for (x, _) in row.bytes().enumerate().filter(|(_, c)| *c == b'.') {
            asked.push((app.world_mut().spawn(PathRequest::new((0, 0), (x, y))).id(), (x, y)));
        }
    }
    app.update();
    for (e, (x, y)) in asked {
        let answer = &app.world().get::<PathAnswer>(e).expect("answered in one frame").result;
        match answer {
            Ok(path) => {
                assert!((path.cost - truth[y][x]).abs() < 1e-9, "to {x},{y}: {} against {}", path.cost, truth[y][x]);
                assert_eq!((path.cells[0], *path.cells.last().unwrap()), ((0, 0), (x, y)));
                assert!(path.optimal);
            }
            Err(why) => assert!(truth[y][x].is_infinite() && *why == NoPath::Unreachable, "to {x},{y}: {why}"),
        }
    }
}

#[test]
fn a_shown_search_keeps_its_open_and_closed_cells() {
    use bevy_cubepath::{SearchCells, ShowSearch};
    let mut app = app();
    app.world_mut().spawn(NavGrid::from_rows(&ROWS).unwrap());
    let truth = dijkstra(&ROWS, (0, 0));
    let goal = (9, 7);
    let dijkstra_options = SearchOptions { algorithm: Algorithm::Dijkstra, ..SearchOptions::default() };
    let shown = app.world_mut().spawn((PathRequest::new((0, 0), goal).with_options(dijkstra_options), ShowSearch)).id();
    let plain = app.world_mut().spawn(PathRequest::new((0, 0), goal)).id();
    app.update();
    assert!(app.world().get::<SearchCells>(plain).is_none(), "only a ShowSearch entity keeps its cells");
    let cells = app.world().get::<SearchCells>(shown).expect("the shown search's cells").clone();
    let cost = truth[goal.1][goal.0];
    // Dijkstra closes every cell nearer than the goal and none farther; the open ones border them
    for (y, row) in truth.iter().enumerate() {
        for (x, &d) in row.iter().enumerate() {
            if d < cost - 1e-9 {
                assert!(cells.closed.contains(&(x, y)), "{x},{y} at {d} is nearer than the goal ({cost}) but not closed");
            }
        }
    }
    assert!(cells.closed.iter().all(|&(x, y)| truth[y][x] <= cost + 1e-9), "a closed cell farther than the goal");
    assert!(cells.closed.contains(&goal) && !cells.open.is_empty());
    assert!(cells.open.iter().all(|p| !cells.closed.contains(p)), "a cell both open and closed");
    assert_eq!(cells.closed.len(), app.world().get::<PathAnswer>(shown).unwrap().expanded, "as many closed as the answer expanded");
}

#[test]
fn the_budget_answers_the_oldest_requests_first_and_the_rest_later() {
    let mut app = app();
    app.insert_resource(PathBudget { searches: 3, expansions: usize::MAX, ..Default::default() });
    app.world_mut().spawn(NavGrid::from_rows(&ROWS).unwrap());
    let asked: Vec<Entity> = (0..10).map(|k| app.world_mut().spawn(PathRequest::new((0, 0), (9, k % 8))).id()).collect();
    let answered = |app: &App| asked.iter().map(|&e| app.world().get::<PathAnswer>(e).is_some()).collect::<Vec<_>>();
    app.update();
    assert_eq!(answered(&app), [true, true, true, false, false, false, false, false, false, false]);
    app.update();
    assert_eq!(answered(&app).iter().filter(|a| **a).count(), 6);
    app.update();
    app.update();
    assert!(answered(&app).iter().all(|a| *a));
    assert!(app.world().resource::<PathQueue>().is_empty());
    // a renewed request is answered again
    let first = asked[0];
    app.world_mut().entity_mut(first).insert(PathRequest::new((0, 0), (2, 2)));
    app.update();
    assert_eq!(*found(&app, first).cells.last().unwrap(), (2, 2));
}

#[test]
fn a_missing_path_says_why() {
    let mut app = app();
    let grid = app.world_mut().spawn(NavGrid::from_rows(&["..@..", "..@..", "..@.."]).unwrap()).id();
    let walled = app.world_mut().spawn(PathRequest::new((0, 0), (4, 0))).id();
    let blocked = app.world_mut().spawn(PathRequest::new((2, 1), (0, 0))).id();
    let off = app.world_mut().spawn(PathRequest::new((0, 0), (9, 9))).id();
    let limited = app.world_mut().spawn(PathRequest::new((0, 0), (1, 2)).with_options(SearchOptions { limit: Some(1), ..default() })).id();
    app.update();
    let why = |app: &App, e| app.world().get::<PathAnswer>(e).unwrap().result.clone().unwrap_err();
    assert_eq!(why(&app, walled), NoPath::Unreachable);
    assert!(matches!(why(&app, blocked), NoPath::Refused(SearchError::Blocked { .. })), "{:?}", why(&app, blocked));
    assert!(matches!(why(&app, off), NoPath::Refused(SearchError::OffGrid { .. })), "{:?}", why(&app, off));
    assert!(matches!(why(&app, limited), NoPath::Stopped { .. }), "{:?}", why(&app, limited));
    assert!(why(&app, blocked).to_string().contains("is blocked"));
    // a second grid: an unnamed request no longer knows which, a named one does
    app.world_mut().spawn(NavGrid::from_rows(&["...."]).unwrap());
    let unnamed = app.world_mut().spawn(PathRequest::new((0, 0), (1, 0))).id();
    let named = app.world_mut().spawn(PathRequest::new((0, 0), (1, 0)).on(grid)).id();
    app.update();
    assert_eq!(why(&app, unnamed), NoPath::NoGrid);
    assert_eq!(*found(&app, named).cells, [(0, 0), (1, 0)]);
}

#[test]
fn cells_and_world_positions_map_both_ways_on_every_layout() {
    let base = NavGrid::from_rows(&[".....", ".....", ".....", "....."]).unwrap();
    let hex = SearchOptions { topology: Topology::Hex, ..default() };
    for nav in [
        base.clone(),
        base.clone().placed(Plane::Xy, 32.0, Vec3::new(-64.0, 48.0, 0.0)),
        base.clone().with_options(hex),
        base.clone().with_options(hex).placed(Plane::Xy, 2.0, Vec3::ZERO),
    ] {
        for (p, _) in nav.grid.cells() {
            let at = nav.to_world(p);
            assert_eq!(nav.to_cell(at), Some(p));
            // anywhere well inside the cell maps back to it
            let nudge = nav.cell_size * 0.3;
            assert_eq!(nav.to_cell(at + Vec3::new(nudge, 0.0, 0.0)), Some(p));
        }
        assert_eq!(nav.to_cell(nav.to_world((0, 0)) - Vec3::new(nav.cell_size, 0.0, 0.0)), None);
    }
    let h = base.with_options(hex);
    assert!((h.to_world((0, 1)).z - h.to_world((0, 0)).z - HEX_ROW).abs() < 1e-6);
    assert!((h.to_world((0, 1)).distance(h.to_world((0, 0))) - 1.0).abs() < 1e-6, "hex neighbours are one cell apart");
}

/// Frames until `done` or `limit` frames; whether it held.
fn until(app: &mut App, limit: usize, mut done: impl FnMut(&mut App) -> bool) -> bool {
    (0..limit).any(|_| {
        app.update();
        done(app)
    })
}

#[test]
fn a_follower_walks_its_answer_turning_toward_its_heading_and_arrives() {
    let mut app = app();
    let nav = NavGrid::from_rows(&ROWS).unwrap();
    let (start_at, goal_at) = (nav.to_world((0, 0)), nav.to_world((9, 7)));
    app.world_mut().spawn(nav);
    let walker =
        app.world_mut().spawn((PathRequest::new((0, 0), (9, 7)), FollowPath::new(4.0), Transform::from_translation(start_at))).id();
    app.update();
    let cells = found(&app, walker).cells;
    let mut seen = Vec::new();
    let arrived = until(&mut app, 400, |app| {
        let t = *app.world().get::<Transform>(walker).unwrap();
        seen.push(t);
        !app.world().resource::<Messages<Arrived>>().is_empty()
    });
    assert!(arrived, "no Arrived message");
    let t = *app.world().get::<Transform>(walker).unwrap();
    assert!(t.translation.distance(goal_at) < 1e-4, "{:?} is not the goal {goal_at:?}", t.translation);
    assert!(app.world().get::<FollowPath>(walker).unwrap().arrived());
    // every position lies on a segment between consecutive cells of the path
    let mut grids = app.world_mut().query::<&NavGrid>();
    let nav = grids.single(app.world()).unwrap().clone();
    for t in &seen {
        let on = cells.windows(2).any(|w| {
            let (a, b) = (nav.to_world(w[0]), nav.to_world(w[1]));
            let s = ((t.translation - a).dot(b - a) / (b - a).length_squared()).clamp(0.0, 1.0);
            (a + (b - a) * s).distance(t.translation) < 1e-3
        });
        assert!(on, "{:?} is off the path", t.translation);
    }
    // it ends facing (close to) its last step's heading: -Z forward
    let last = nav.to_world(cells[cells.len() - 1]) - nav.to_world(cells[cells.len() - 2]);
    assert!((t.rotation * Vec3::NEG_Z).dot(last.normalize()) > 0.9);
}

#[test]
fn a_follower_whose_way_is_blocked_asks_again_and_walks_round() {
    let mut app = app();
    app.world_mut().spawn(NavGrid::from_rows(&["..........", "..........", ".........."]).unwrap());
    let walker = app.world_mut().spawn((PathRequest::new((0, 1), (9, 1)), FollowPath::new(2.0), Transform::default())).id();
    app.update();
    assert_eq!(found(&app, walker).cells.len(), 10, "straight along the middle row");
    // a wall across the middle row ahead of it
    let mut grids = app.world_mut().query::<&mut NavGrid>();
    let mut nav = grids.single_mut(app.world_mut()).unwrap();
    nav.grid.set(6, 1, Cell::Blocked).unwrap();
    app.update();
    let cells = found(&app, walker).cells;
    assert!(!cells.contains(&(6, 1)), "the new path avoids the wall: {cells:?}");
    assert_eq!(app.world().get::<PathRequest>(walker).unwrap().to, (9, 1));
    let stood_on_wall = std::cell::Cell::new(false);
    let arrived = until(&mut app, 400, |app| {
        let f = app.world().get::<FollowPath>(walker).unwrap();
        stood_on_wall.set(stood_on_wall.get() || f.last() == Some((6, 1)));
        f.arrived()
    });
    assert!(arrived && !stood_on_wall.get());
    assert_eq!(app.world().get::<FollowPath>(walker).unwrap().last(), Some((9, 1)));
}

/// Voxel worlds: a request is answered on its entity with the path the move rules give (costs
/// worked out by hand here), other moves on request, and a clear reason when there is none.
#[test]
fn voxel_requests_are_answered_by_the_move_rules() {
    use bevy_cubepath::engine::{
        search::VoxelOptions,
        world::{VoxelGrid, VoxelMoves},
    };
    use bevy_cubepath::{FoundVoxelPath, NavVoxels, VoxelPathAnswer, VoxelPathRequest};
    let mut app = app();
    // nothing to search yet
    let early = app.world_mut().spawn(VoxelPathRequest::new((0, 0, 0), (4, 0, 0))).id();
    app.update();
    assert_eq!(app.world().get::<VoxelPathAnswer>(early).unwrap().result, Err(NoPath::NoGrid));
    // a corridor 5 long and 3 high with a block one voxel high in the middle
    let mut world = VoxelGrid::new(5, 1, 3).unwrap();
    world.set_blocked((2, 0, 0), true).unwrap();
    let walk = VoxelOptions { moves: VoxelMoves::Walk, ..Default::default() };
    let nav = app.world_mut().spawn(NavVoxels { options: walk, ..NavVoxels::new(world.clone()) }).id();
    let asker = app.world_mut().spawn(VoxelPathRequest::new((0, 0, 0), (4, 0, 0))).id();
    let flyer = app
        .world_mut()
        .spawn(
            VoxelPathRequest::new((0, 0, 0), (4, 0, 0))
                .on(nav)
                .with_options(VoxelOptions { moves: VoxelMoves::Fly6, ..Default::default() }),
        )
        .id();
    let blocked = app.world_mut().spawn(VoxelPathRequest::new((2, 0, 0), (4, 0, 0))).id();
    app.world_mut().entity_mut(early).insert(VoxelPathRequest::new((0, 0, 0), (4, 0, 0)));
    app.update();
    let answer = |app: &App, e: Entity| app.world().get::<VoxelPathAnswer>(e).unwrap().result.clone();
    // the walker steps up onto the block and down: 1 + sqrt 2 + sqrt 2 + 1
    let want = FoundVoxelPath {
        voxels: vec![(0, 0, 0), (1, 0, 0), (2, 0, 1), (3, 0, 0), (4, 0, 0)],
        cost: 2.0 + 2.0 * 2f64.sqrt(),
        optimal: true,
    };
    let got = answer(&app, asker).unwrap();
    assert_eq!(got.voxels, want.voxels);
    assert!((got.cost - want.cost).abs() < 1e-12 && got.optimal);
    assert_eq!(answer(&app, early).unwrap().voxels, want.voxels, "asked again once there is a world");
    // a flyer with six neighbours goes up, across and down: 6
    assert_eq!(answer(&app, flyer).unwrap().cost, 6.0);
    match answer(&app, blocked) {
        Err(NoPath::Refused(e)) => assert!(e.to_string().contains("start voxel 2,0,0 cannot be stood on"), "{e}"),
        other => panic!("{other:?}"),
    }
    // a wall to the ceiling: no way through
    world.set_blocked((2, 0, 1), true).unwrap();
    world.set_blocked((2, 0, 2), true).unwrap();
    app.world_mut().get_mut::<NavVoxels>(nav).unwrap().world = world;
    app.world_mut().entity_mut(asker).insert(VoxelPathRequest::new((0, 0, 0), (4, 0, 0)));
    app.update();
    assert_eq!(answer(&app, asker), Err(NoPath::Unreachable));
}

/// One searcher serves every world: two `NavVoxels` made from copies of one world, each edited
/// as often as the other at different voxels (one walled across, one with a way round), are
/// asked in turn, and each answer is its own world's (the copies once shared an identity, so
/// the kept components of one answered for the other).
#[test]
fn copies_of_one_world_on_two_entities_answer_for_themselves() {
    use bevy_cubepath::engine::{
        search::{Searcher, VoxelOptions},
        world::VoxelGrid,
    };
    use bevy_cubepath::{NavVoxels, VoxelPathAnswer, VoxelPathRequest};
    let mut app = common::app();
    let world = VoxelGrid::new(5, 3, 1).unwrap();
    let (mut walled, mut open) = (world.clone(), world.clone());
    for y in 0..3 {
        walled.set_blocked((2, y, 0), true).unwrap();
    }
    for p in [(2, 0, 0), (2, 1, 0), (4, 2, 0)] {
        open.set_blocked(p, true).unwrap();
    }
    let fresh = Searcher::default().search_world(&open, (0, 0, 0), (4, 0, 0), &VoxelOptions::default()).unwrap().cost.unwrap();
    let walled = app.world_mut().spawn(NavVoxels::new(walled)).id();
    let open = app.world_mut().spawn(NavVoxels::new(open)).id();
    for round in 0..3 {
        for (nav, want) in [(walled, None), (open, Some(fresh))] {
            let asker = app.world_mut().spawn(VoxelPathRequest::new((0, 0, 0), (4, 0, 0)).on(nav)).id();
            app.update();
            let answer = app.world().get::<VoxelPathAnswer>(asker).unwrap();
            assert_eq!(answer.result.as_ref().ok().map(|p| p.cost), want, "round {round}: {answer:?}");
        }
    }
}

/// The grid's cell (x, y) walled.
fn wall(app: &mut App, x: usize, y: usize) {
    let mut grids = app.world_mut().query::<&mut NavGrid>();
    grids.single_mut(app.world_mut()).unwrap().grid.set(x, y, Cell::Blocked).unwrap();
}

/// A follower walking along the middle row of a 10 x 3 grid from (0, 1) to (9, 1), run until
/// it steps toward `toward`.
fn walker_heading_for(app: &mut App, toward: Pos) -> Entity {
    app.world_mut().spawn(NavGrid::from_rows(&["..........", "..........", ".........."]).unwrap());
    let walker = app.world_mut().spawn((PathRequest::new((0, 1), (9, 1)), FollowPath::new(2.0), Transform::default())).id();
    assert!(until(app, 200, |app| app.world().get::<FollowPath>(walker).unwrap().target() == Some(toward)));
    walker
}

/// The reproduction: the cell a follower steps toward is walled under it. It turns
/// back to the cell it left, walks round from there, and never stands in the wall (before, it
/// asked from the walled cell, was refused, finished its step into the wall and arrived there).
#[test]
fn a_follower_whose_next_cell_is_walled_turns_back_and_walks_round() {
    let mut app = app();
    let walker = walker_heading_for(&mut app, (2, 1));
    wall(&mut app, 2, 1);
    app.update();
    let f = app.world().get::<FollowPath>(walker).unwrap();
    assert_eq!(f.cells().first(), Some(&(1, 1)), "back to the cell it left: {:?}", f.cells());
    assert_ne!(f.target(), Some((2, 1)), "no longer stepping into the wall");
    let cells = found(&app, walker).cells;
    assert_eq!(cells.first(), Some(&(1, 1)), "the new path starts where it turned back to");
    assert!(!cells.contains(&(2, 1)));
    let mut stood = Vec::new();
    assert!(until(&mut app, 400, |app| {
        let f = app.world().get::<FollowPath>(walker).unwrap();
        stood.extend(f.last());
        f.arrived()
    }));
    assert!(!stood.contains(&(2, 1)), "stood in the wall: {stood:?}");
    assert_eq!(app.world().get::<FollowPath>(walker).unwrap().last(), Some((9, 1)));
}

/// A cell far ahead walled: the follower finishes its step (no turning back) and asks from the
/// cell it was heading to.
#[test]
fn a_follower_whose_way_far_ahead_is_walled_finishes_its_step_and_asks_from_there() {
    let mut app = app();
    let walker = walker_heading_for(&mut app, (2, 1));
    wall(&mut app, 7, 1);
    app.update();
    let f = app.world().get::<FollowPath>(walker).unwrap();
    assert_eq!(f.target(), Some((2, 1)), "still stepping forward");
    assert_eq!(found(&app, walker).cells.first(), Some(&(2, 1)));
    assert!(until(&mut app, 400, |app| app.world().get::<FollowPath>(walker).unwrap().arrived()));
    assert_eq!(app.world().get::<FollowPath>(walker).unwrap().last(), Some((9, 1)));
}

/// The cell a follower stands on walled: it steps off to a free cell beside it and stands
/// there (its goal, now a wall, is refused).
#[test]
fn a_follower_standing_on_a_walled_cell_steps_off_it() {
    let mut app = app();
    app.world_mut().spawn(NavGrid::from_rows(&["..........", "..........", ".........."]).unwrap());
    let walker = app.world_mut().spawn((PathRequest::new((0, 1), (3, 1)), FollowPath::new(4.0), Transform::default())).id();
    assert!(until(&mut app, 200, |app| app.world().get::<FollowPath>(walker).unwrap().arrived()));
    wall(&mut app, 3, 1);
    assert!(until(&mut app, 200, |app| app.world().get::<FollowPath>(walker).unwrap().arrived()));
    let f = app.world().get::<FollowPath>(walker).unwrap();
    let stands = f.last().unwrap();
    assert_ne!(stands, (3, 1));
    assert!(stands.0.abs_diff(3) <= 1 && stands.1.abs_diff(1) <= 1, "beside the wall: {stands:?}");
    let mut grids = app.world_mut().query::<&NavGrid>();
    let nav = grids.single(app.world()).unwrap().clone();
    assert!(nav.grid.is_passable(stands.0, stands.1));
    assert!(app.world().get::<Transform>(walker).unwrap().translation.distance(nav.to_world(stands)) < 1e-4);
}

/// A follower from (0, 0) to (9, 4) on an open 10 x 5 grid, run until its first step (the
/// diagonal (0, 0) -> (1, 1)) is under way.
fn walker_on_the_first_diagonal(app: &mut App) -> Entity {
    let rows = [".........."; 5];
    app.world_mut().spawn(NavGrid::from_rows(&rows).unwrap());
    let walker = app.world_mut().spawn((PathRequest::new((0, 0), (9, 4)), FollowPath::new(2.0), Transform::default())).id();
    // (its first target is the cell it stands on, passed at once)
    assert!(until(app, 50, |app| app.world().get::<FollowPath>(walker).unwrap().target().is_some_and(|t| t != (0, 0))));
    let f = app.world().get::<FollowPath>(walker).unwrap();
    assert_eq!((f.last(), f.target()), (Some((0, 0)), Some((1, 1))), "the first step is not the diagonal: no test");
    walker
}

/// Runs `walker` until it arrives, and gives the cells it stood on in order.
fn cells_stood_on(app: &mut App, walker: Entity) -> Vec<Pos> {
    let mut stood = vec![app.world().get::<FollowPath>(walker).unwrap().last().unwrap()];
    assert!(until(app, 400, |app| {
        let f = app.world().get::<FollowPath>(walker).unwrap();
        if let Some(p) = f.last().filter(|&p| stood.last() != Some(&p)) {
            stood.push(p);
        }
        f.arrived()
    }));
    stood
}

/// The case: the corner (1, 0) of the follower's first step (0, 0) -> (1, 1) is walled
/// as it sets out. It must not finish that step (before: it cut the walled corner, since only
/// the cells ahead were checked, not the moves). Every move it makes is checked by the rules: a
/// diagonal with both side cells free.
#[test]
fn a_follower_never_cuts_a_corner_walled_ahead_of_it() {
    let mut app = app();
    let walker = walker_on_the_first_diagonal(&mut app);
    wall(&mut app, 1, 0);
    let stood = cells_stood_on(&mut app, walker);
    assert_eq!(stood.last(), Some(&(9, 4)));
    let free = |x: usize, y: usize| (x, y) != (1, 0);
    for s in stood.windows(2) {
        let ((ax, ay), (bx, by)) = (s[0], s[1]);
        assert!(ax.abs_diff(bx) <= 1 && ay.abs_diff(by) <= 1, "a jump: {s:?}");
        let diagonal = ax != bx && ay != by;
        assert!(!diagonal || (free(bx, ay) && free(ax, by)), "cut the walled corner (1, 0): {s:?} in {stood:?}");
    }
}

/// Moves are checked by the rules they were found with: a follower mid-diagonal when the
/// grid's settings turn to "no diagonals" (and a wall far away marks the grid changed) finishes
/// its step instead of turning back (the game's agent did turn back mid-step when the player
/// changed the rule: it left the segment it walked), and the path it takes up from there has
/// no diagonal.
#[test]
fn a_change_of_settings_mid_step_does_not_turn_a_follower_back() {
    use cubepath_search::grid::{DiagonalRule, Topology};
    let mut app = app();
    let walker = walker_on_the_first_diagonal(&mut app);
    let mut grids = app.world_mut().query::<&mut NavGrid>();
    let mut nav = grids.single_mut(app.world_mut()).unwrap();
    nav.options.topology = Topology::Square(DiagonalRule::Never);
    nav.grid.set(9, 0, Cell::Blocked).unwrap();
    app.update();
    let f = app.world().get::<FollowPath>(walker).unwrap();
    assert_eq!((f.last(), f.target()), (Some((0, 0)), Some((1, 1))), "it turned back mid-step");
    let stood = cells_stood_on(&mut app, walker);
    assert_eq!(&stood[..2], &[(0, 0), (1, 1)]);
    assert_eq!(stood.last(), Some(&(9, 4)));
    for s in stood[1..].windows(2) {
        assert_eq!(s[0].0.abs_diff(s[1].0) + s[0].1.abs_diff(s[1].1), 1, "not a side step under the new rule: {s:?} in {stood:?}");
    }
}

/// Many edits on a grid searched with the subgoal graph wear the in-frame searcher's graph
/// (its repairs keep edges and subgoals a fresh one would not); a task prepares it again and
/// it takes the worn one's place between searches, repaired by the edits made meanwhile.
/// Every answer on the way is the rules' least cost.
#[test]
fn a_subgoal_graph_worn_by_edits_is_prepared_again_off_the_frame() {
    const N: usize = 40;
    let mut app = app();
    let mut rows = vec![vec![b'.'; N]; N];
    let text = |rows: &[Vec<u8>]| rows.iter().map(|r| String::from_utf8(r.clone()).unwrap()).collect::<Vec<String>>();
    let first = text(&rows);
    let options = SearchOptions { algorithm: Algorithm::Subgoal, ..Default::default() };
    app.world_mut().spawn(NavGrid::from_rows(&first.iter().map(String::as_str).collect::<Vec<_>>()).unwrap().with_options(options));
    let (from, to) = ((0, 0), (N - 1, N - 1));
    let asker = app.world_mut().spawn(PathRequest::new(from, to)).id();
    app.update();
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    let (mut worn, mut refreshed, mut repairs) = (1.0f64, 0, 0);
    for k in 0..500 {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        let (x, y) = ((seed % N as u64) as usize, ((seed >> 32) % N as u64) as usize);
        if (x, y) == from || (x, y) == to {
            continue;
        }
        let blocked = rows[y][x] == b'.';
        rows[y][x] = if blocked { b'@' } else { b'.' };
        let mut grids = app.world_mut().query::<&mut NavGrid>();
        grids.single_mut(app.world_mut()).unwrap().grid.set(x, y, if blocked { Cell::Blocked } else { Cell::FLOOR }).unwrap();
        app.world_mut().entity_mut(asker).insert(PathRequest::new(from, to));
        app.update();
        let now = text(&rows);
        let want = dijkstra(&now.iter().map(String::as_str).collect::<Vec<_>>(), from)[to.1][to.0];
        match &app.world().get::<PathAnswer>(asker).expect("answered in the frame").result {
            Ok(path) => assert!((path.cost - want).abs() < 1e-9, "edit {k}: {} against {want}", path.cost),
            Err(why) => assert!(want.is_infinite() && *why == NoPath::Unreachable, "edit {k}: {why}"),
        }
        let kept = app.world().resource::<PathQueue>().prepared().expect("the graph the searches keep");
        worn = worn.max(kept.worn());
        refreshed += usize::from(kept.repairs() < repairs);
        repairs = kept.repairs();
    }
    assert!(worn > WORN && refreshed >= 1, "worn at most {worn}, prepared again {refreshed} times");
}
