//! Units bigger than a cell: a request's `size` (named by the unit's top-left cell) gives a path
//! along which none of the unit's cells ever overlaps a wall (each step's box checked here from
//! the rules: a straight step needs the cells its two squares cover, a diagonal one the whole
//! `(k + 1)` x `(k + 1)` box), in slices and in tasks; sizes out of range and hex cells are
//! refused; a follower of size 2 hears of a wall that only its second row would touch.

mod common;

use bevy::prelude::*;
use bevy_cubepath::engine::grid::Cell;
use bevy_cubepath::prelude::*;
use bevy_cubepath::{FoundPath, NoPath};
use common::{app, app_with_tasks};

/// Whether every cell from `a` to `b` (inclusive corners) is on the board and open.
fn open_box(grid: &Grid, a: Pos, b: Pos) -> bool {
    b.0 < grid.width() && b.1 < grid.height() && (a.1..=b.1).all(|y| (a.0..=b.0).all(|x| grid.is_passable(x, y)))
}

/// Every step of `cells` a move of a `k` unit by the rules above.
fn unit_moves(grid: &Grid, k: usize, cells: &[Pos]) -> bool {
    cells.windows(2).all(|s| {
        let (a, b) = (s[0], s[1]);
        a.0.abs_diff(b.0) <= 1
            && a.1.abs_diff(b.1) <= 1
            && open_box(grid, (a.0.min(b.0), a.1.min(b.1)), (a.0.max(b.0) + k - 1, a.1.max(b.1) + k - 1))
    })
}

/// 10 x 6, a wall down column 4 with a gap one cell wide at row 1 and two wide at rows 4-5.
const ROWS: [&str; 6] = ["....@.....", "..........", "....@.....", "....@.....", "..........", ".........."];

fn answer(app: &App, e: Entity) -> Result<FoundPath, NoPath> {
    app.world().get::<PathAnswer>(e).expect("an answer").result.clone()
}

#[test]
fn a_two_by_two_unit_takes_the_wide_gap_in_slices_and_in_tasks() {
    for tasks in [false, true] {
        let mut app = app_with_tasks(tasks);
        app.world_mut().spawn(NavGrid::from_rows(&ROWS).unwrap());
        let one = app.world_mut().spawn(PathRequest::new((0, 0), (8, 0))).id();
        let two = app.world_mut().spawn(PathRequest::new((0, 0), (8, 0)).sized(2)).id();
        for _ in 0..200 {
            if [one, two].iter().all(|&e| app.world().get::<PathAnswer>(e).is_some()) {
                break;
            }
            app.update();
            std::thread::sleep(std::time::Duration::from_millis(1));
        }
        let grid = NavGrid::from_rows(&ROWS).unwrap().grid;
        let (one, two) = (answer(&app, one).unwrap(), answer(&app, two).unwrap());
        assert!(one.cells.contains(&(4, 1)), "tasks {tasks}: one cell goes through the narrow gap: {:?}", one.cells);
        assert!(unit_moves(&grid, 2, &two.cells), "tasks {tasks}: a 2 x 2 step overlaps a wall: {:?}", two.cells);
        assert!(two.cells.iter().any(|&(x, y)| x == 4 && y == 4), "tasks {tasks}: the wide gap: {:?}", two.cells);
        // down 4 rows and back up round the wall: 8 across with 4 diagonals down and 4 up at best
        assert!(two.cost > one.cost + 3.0, "tasks {tasks}: {} against {}", two.cost, one.cost);
    }
}

#[test]
fn unit_sizes_out_of_range_and_on_hex_cells_are_refused() {
    let mut app = app();
    let square = app.world_mut().spawn(NavGrid::from_rows(&ROWS).unwrap()).id();
    let mut hex = NavGrid::from_rows(&ROWS).unwrap();
    hex.options.topology = Topology::Hex;
    let hex = app.world_mut().spawn(hex).id();
    let asks = [
        (PathRequest::new((0, 0), (8, 0)).sized(5).on(square), NoPath::UnitSize(5)),
        (PathRequest::new((0, 0), (8, 0)).sized(0).on(square), NoPath::UnitSize(0)),
        (PathRequest::new((0, 0), (8, 0)).sized(2).on(hex), NoPath::UnitSize(2)),
    ];
    let asked: Vec<Entity> = asks.iter().map(|(r, _)| app.world_mut().spawn(*r).id()).collect();
    app.update();
    for (e, (_, want)) in asked.iter().zip(asks) {
        assert_eq!(answer(&app, *e), Err(want.clone()));
        assert!(want.to_string().contains("1 to 4 cells a side"), "{want}");
    }
    // a 2 x 2 unit whose goal square holds a wall: refused by the engine, goal blocked
    let e = app.world_mut().spawn(PathRequest::new((0, 0), (3, 2)).sized(2).on(square)).id();
    app.update();
    assert!(matches!(answer(&app, e), Err(NoPath::Refused(_))), "{:?}", answer(&app, e));
}

#[test]
fn a_two_by_two_follower_replans_for_a_wall_only_its_second_row_would_touch() {
    let mut app = app();
    let grid = app.world_mut().spawn(NavGrid::from_rows(&[".........."; 5]).unwrap()).id();
    let walker = app.world_mut().spawn((PathRequest::new((0, 0), (8, 0)).sized(2), FollowPath::new(2.0), Transform::default())).id();
    app.update();
    assert_eq!(answer(&app, walker).unwrap().cells.len(), 9, "straight along the top");
    // (6, 1) is in the square of anchors (5, 0) and (6, 0), not an anchor on the way itself
    app.world_mut().get_mut::<NavGrid>(grid).unwrap().grid.set(6, 1, Cell::Blocked).unwrap();
    let mut visited = Vec::new();
    for _ in 0..400 {
        app.update();
        let f = app.world().get::<FollowPath>(walker).unwrap();
        visited.extend(f.last());
        if f.arrived() {
            break;
        }
    }
    let board = app.world().get::<NavGrid>(grid).unwrap().grid.clone();
    let f = app.world().get::<FollowPath>(walker).unwrap();
    assert!(f.arrived() && f.last() == Some((8, 0)), "{visited:?}");
    // it stands at the centre of its square: between cells (8, 0) and (9, 1), a cell wide each
    let nav = app.world().get::<NavGrid>(grid).unwrap();
    let centre = (nav.to_world((8, 0)) + nav.to_world((9, 1))) / 2.0;
    let at = app.world().get::<Transform>(walker).unwrap().translation;
    assert!(at.distance(centre) < 1e-4, "{at} against {centre}");
    assert!(visited.iter().all(|&(x, y)| open_box(&board, (x, y), (x + 1, y + 1))), "stood over the wall: {visited:?}");
    assert!(unit_moves(&board, 2, &answer(&app, walker).unwrap().cells));
}

/// The unit boards follow the grid they were made from: a copy edited apart (the narrow gap
/// widened) answers for itself beside the original, the original edited as many times
/// (another way closed: the same revision count, other cells) answers for itself, and the saved
/// original put back (an undo) answers as the original did.
#[test]
fn unit_boards_follow_copies_edits_and_an_undo() {
    let mut app = app();
    let original = NavGrid::from_rows(&ROWS).unwrap();
    let mut widened = original.clone();
    widened.grid.set(4, 2, Cell::Ground(1)).unwrap();
    widened.grid.set(4, 3, Cell::Ground(1)).unwrap(); // column 4 open from row 1 to row 5
    let saved = original.clone();
    let a = app.world_mut().spawn(original).id();
    let b = app.world_mut().spawn(widened).id();
    let ask = |app: &mut App, grid: Entity| {
        let e = app.world_mut().spawn(PathRequest::new((0, 0), (8, 0)).sized(2).on(grid)).id();
        app.update();
        answer(app, e).map(|found| found.cost)
    };
    let through_bottom = ask(&mut app, a).unwrap();
    let through_top = ask(&mut app, b).unwrap();
    assert!(through_top < through_bottom - 1.0, "{through_top} against {through_bottom}");
    for _ in 0..2 {
        assert_eq!(ask(&mut app, a), Ok(through_bottom), "the original answers for itself");
        assert_eq!(ask(&mut app, b), Ok(through_top), "the copy answers for itself");
    }
    // the original edited twice, as the copy was: its wide gap narrowed, no way for a 2 x 2 unit
    {
        let mut nav = app.world_mut().get_mut::<NavGrid>(a).unwrap();
        nav.grid.set(4, 4, Cell::Blocked).unwrap();
        nav.grid.set(0, 3, Cell::Blocked).unwrap();
    }
    for _ in 0..2 {
        assert_eq!(ask(&mut app, a), Err(NoPath::Unreachable), "an edit is heard");
        assert_eq!(ask(&mut app, b), Ok(through_top), "the copy answers for itself");
    }
    // undo: the saved original put back
    app.world_mut().get_mut::<NavGrid>(a).unwrap().grid = saved.grid.clone();
    assert_eq!(ask(&mut app, a), Ok(through_bottom), "the saved board answers as it did");
}

/// The least cost of a 2 x 2 unit over terrain, written here from the rules: it stands where its
/// four cells are open and of one class (all water, or none); a step keeps its class (a
/// diagonal's two side squares too) and costs its length times the heaviest of the four cells
/// it steps onto.
fn unit_over_terrain(grid: &Grid, from: Pos, to: Pos) -> Option<f64> {
    let (w, h) = (grid.width() as i64, grid.height() as i64);
    let square = |x: i64, y: i64| -> Option<(bool, u8)> {
        let cells: Vec<Cell> = [(0, 0), (1, 0), (0, 1), (1, 1)]
            .iter()
            .map(|(dx, dy)| (x + dx, y + dy))
            .filter(|&(x, y)| x >= 0 && y >= 0 && x < w && y < h)
            .map(|(x, y)| grid.get(x as usize, y as usize).unwrap())
            .collect();
        let water = cells.iter().filter(|&&c| c == Cell::Water).count();
        (cells.len() == 4 && !cells.contains(&Cell::Blocked) && (water == 0 || water == 4))
            .then(|| (water == 4, cells.iter().map(|c| c.weight()).max().unwrap()))
    };
    let mut best = std::collections::HashMap::new();
    let mut heap = std::collections::BinaryHeap::new();
    heap.push((std::cmp::Reverse(0u64), (from.0 as i64, from.1 as i64)));
    while let Some((std::cmp::Reverse(bits), (x, y))) = heap.pop() {
        let d = f64::from_bits(bits);
        if best.contains_key(&(x, y)) {
            continue;
        }
        best.insert((x, y), d);
        if (x as usize, y as usize) == to {
            return Some(d);
        }
        let (class, _) = square(x, y)?;
        for (dx, dy) in [(-1i64, -1i64), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1)] {
            let Some((c, weight)) = square(x + dx, y + dy) else { continue };
            let side = |sx: i64, sy: i64| square(sx, sy).is_some_and(|(c, _)| c == class);
            if c != class || (dx != 0 && dy != 0 && !(side(x + dx, y) && side(x, y + dy))) {
                continue;
            }
            let step = if dx != 0 && dy != 0 { std::f64::consts::SQRT_2 } else { 1.0 };
            heap.push((std::cmp::Reverse((d + step * f64::from(weight)).to_bits()), (x + dx, y + dy)));
        }
    }
    None
}

/// A 2 x 2 unit over water and mud, in slices and in tasks: its cost is the rules' (before, its
/// board took the anchor cell's terrain alone, and it crossed water at ground cost).
#[test]
fn a_two_by_two_unit_over_water_and_mud_pays_for_every_cell_it_stands_on() {
    // a lake it must go round (a one-cell walker cannot enter it from the ground either), and a
    // band of mud (weight 4) under the top rows
    let rows = ["4444444444", "4444444444", "....WW....", "....WW....", "....WW....", "..........", ".........."];
    let grid = NavGrid::from_rows(&rows).unwrap().grid;
    assert_eq!((grid.get(4, 2), grid.get(0, 0)), (Some(Cell::Water), Some(Cell::Ground(4))));
    let problems = [((0, 2), (8, 2)), ((0, 0), (8, 0)), ((0, 5), (8, 0))];
    for tasks in [false, true] {
        let mut app = app_with_tasks(tasks);
        app.world_mut().spawn(NavGrid::new(grid.clone()));
        let askers: Vec<Entity> = problems.iter().map(|&(a, b)| app.world_mut().spawn(PathRequest::new(a, b).sized(2)).id()).collect();
        for _ in 0..200 {
            if askers.iter().all(|&e| app.world().get::<PathAnswer>(e).is_some()) {
                break;
            }
            app.update();
            std::thread::sleep(std::time::Duration::from_millis(1));
        }
        for (&e, &(a, b)) in askers.iter().zip(&problems) {
            let want = unit_over_terrain(&grid, a, b).expect("a way round");
            let got = answer(&app, e).unwrap();
            assert!(
                (got.cost - want).abs() < 1e-9,
                "tasks {tasks}: {a:?} -> {b:?} cost {} against the rules' {want}: {:?}",
                got.cost,
                got.cells
            );
            assert!(
                got.cells.iter().all(|&(x, y)| (x..x + 2).all(|x| (y..y + 2).all(|y| grid.get(x, y) != Some(Cell::Water)))),
                "in the water: {:?}",
                got.cells
            );
        }
    }
}
