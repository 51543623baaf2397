//! The race drawn: while it is on, the board gives way to one copy per lane, side by side (two
//! lanes) or one per quarter (three or four), each coloured by its own search at the race's
//! step, with its name and counters over it and the winner marked. Small boards get cubes
//! (sharing the board's mesh and materials), larger ones a flat texture per lane.

use std::collections::HashSet;

use bevy::image::Image;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::cubes::{Cube, CubeAssets, cube_transform};
use super::flat::{FlatBoard, pixel_plane};
use super::looks::Look;
use super::words::Words;
use crate::engine::grid::{Cell, Pos};
use crate::game::logic::agent::Agent;
use crate::game::logic::board::{Board, HEX_APOTHEM, Selection};
use crate::game::logic::race::{Lane, Race};
use crate::game::logic::settings::{Language, Palette, RaceSettings, race_on};
use crate::game::logic::stepview::Mark;
use crate::game::logic::world::{WorldBoard, world_on};
use crate::game::phases::ViewSystems;
use bevy_cubepath::CrowdMember;

/// Up to this many cubes in all lanes together the lanes are cubes; beyond, flat textures.
pub const MAX_RACE_CUBES: usize = 4 * 48 * 48;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<LanesDrawn>()
        .add_systems(
            Update,
            (
                hide_board_in_race
                    .run_if(resource_changed::<RaceSettings>.or_eager(|added: Query<(), Added<Visibility>>| !added.is_empty())),
                build_lanes,
                paint_lanes.run_if(
                    race_on.and_then(not(world_on)).and_then(
                        resource_changed::<Race>
                            .or_eager(resource_changed::<Selection>)
                            .or_eager(resource_changed::<LanesDrawn>)
                            .or_eager(resource_changed::<Palette>),
                    ),
                ),
            )
                .chain()
                .in_set(ViewSystems::Lanes),
        )
        .add_systems(EguiPrimaryContextPass, draw_lane_titles.run_if(race_on.and_then(not(world_on))));
}

/// The lanes' layout in columns and rows.
fn lane_grid(lanes: usize) -> (usize, usize) {
    if lanes <= 2 { (lanes.max(1), 1) } else { (2, 2) }
}

/// The board's size in the world (x, z).
fn board_extent(board: &Board) -> Vec2 {
    let (w, h) = (board.grid.width() as f32, board.grid.height() as f32);
    if board.hex { Vec2::new(w + 0.5, h * HEX_APOTHEM) } else { Vec2::new(w, h) }
}

/// Space between lanes, room for each lane's title included.
fn lane_gap(board: &Board) -> f32 {
    let e = board_extent(board);
    1.5 + 0.15 * e.x.max(e.y)
}

/// Where lane `i` of `lanes` is centred (the lanes together are centred on the origin).
pub fn lane_offset(board: &Board, i: usize, lanes: usize) -> Vec3 {
    let (cols, rows) = lane_grid(lanes);
    let step = board_extent(board) + Vec2::splat(lane_gap(board));
    let (c, r) = ((i % cols) as f32, (i / cols) as f32);
    Vec3::new((c - (cols as f32 - 1.0) / 2.0) * step.x, 0.0, (r - (rows as f32 - 1.0) / 2.0) * step.y)
}

/// The size in the world of all lanes together, what the camera frames during a race.
pub fn race_extent(board: &Board, lanes: usize) -> Vec2 {
    let (cols, rows) = lane_grid(lanes);
    let e = board_extent(board);
    let gap = lane_gap(board);
    Vec2::new(cols as f32 * e.x + (cols - 1) as f32 * gap, rows as f32 * e.y + rows as f32 * gap)
}

/// A cube of a lane.
#[derive(Component)]
struct LaneCube;

/// A lane drawn flat, and its texture.
#[derive(Component)]
struct LanePlane {
    lane: usize,
    image: Handle<Image>,
}

/// What the lanes were built for, their cubes (lane by lane, row by row) and the look each
/// cube shows.
#[derive(Resource, Default)]
struct LanesDrawn {
    key: Option<(u64, usize, bool)>,
    cubes: Vec<Vec<Entity>>,
    shown: Vec<Vec<Option<Look>>>,
    planes: Vec<Entity>,
}

/// While the race is on, the board's cubes or flat plane and the agents (the crowd's too) are
/// hidden.
fn hide_board_in_race(
    settings: Res<RaceSettings>,
    mut shown: Query<&mut Visibility, Or<(With<Cube>, With<FlatBoard>, With<Agent>, With<CrowdMember>)>>,
) {
    let want = if settings.on { Visibility::Hidden } else { Visibility::Inherited };
    for mut v in &mut shown {
        v.set_if_neq(want);
    }
}

/// Builds (or removes) the lanes when the race starts or stops, or the board or the lane
/// count changes.
fn build_lanes(
    mut commands: Commands,
    settings: Res<RaceSettings>,
    board: Res<Board>,
    assets: Option<Res<CubeAssets>>,
    mut images: ResMut<Assets<Image>>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
    mut drawn: ResMut<LanesDrawn>,
    world: Res<WorldBoard>,
) {
    let lanes = settings.algorithms.len();
    // a world races in its own lanes (see world_race.rs)
    let key = (settings.on && !world.is_on()).then_some((board.layout, lanes, board.hex));
    if drawn.key == key {
        return;
    }
    let drawn = &mut *drawn;
    for e in drawn.cubes.drain(..).flatten().chain(drawn.planes.drain(..)) {
        commands.entity(e).despawn();
    }
    drawn.shown.clear();
    drawn.key = key;
    let Some(assets) = assets.filter(|_| settings.on) else { return };
    let (w, h) = (board.grid.width(), board.grid.height());
    if lanes * w * h <= MAX_RACE_CUBES {
        let mesh = if board.hex { &assets.hex_mesh } else { &assets.mesh };
        for i in 0..lanes {
            let offset = lane_offset(&board, i, lanes);
            let cubes = board
                .grid
                .cells()
                .map(|(p, cell)| {
                    let look = Look::of_cell(cell);
                    let mut t = cube_transform(&board, p, look);
                    t.translation += offset;
                    commands.spawn((LaneCube, Mesh3d(mesh.clone()), MeshMaterial3d(assets.material(look).clone()), t)).id()
                })
                .collect();
            drawn.cubes.push(cubes);
            drawn.shown.push(vec![None; w * h]);
        }
        return;
    }
    let size = board_extent(&board);
    let pixels_w = if board.hex { 2 * w + 1 } else { w };
    for lane in 0..lanes {
        let (image, mesh, material) = pixel_plane(&mut images, &mut meshes, &mut materials, (pixels_w, h), vec![0; pixels_w * h * 4], size);
        let e =
            commands.spawn((LanePlane { lane, image }, mesh, material, Transform::from_translation(lane_offset(&board, lane, lanes)))).id();
        drawn.planes.push(e);
    }
}

/// How a cell of a lane looks at the race's step.
fn lane_look(selection: &Selection, lane: &Lane, on_path: &HashSet<Pos>, p: Pos, cell: Cell) -> Look {
    if selection.start == Some(p) {
        return Look::Start;
    }
    if selection.end == Some(p) {
        return Look::End;
    }
    if on_path.contains(&p) {
        return Look::Path;
    }
    match lane.view.mark(p) {
        Mark::Open => Look::Open,
        Mark::Closed => Look::Closed,
        Mark::Current => Look::Current,
        Mark::None => Look::of_cell(cell),
    }
}

/// Colours every lane at the race's step: open, closed and current cells, and the path once
/// the lane has found it.
fn paint_lanes(
    race: Res<Race>,
    board: Res<Board>,
    selection: Res<Selection>,
    assets: Option<Res<CubeAssets>>,
    mut drawn: ResMut<LanesDrawn>,
    mut cubes: Query<(&mut MeshMaterial3d<StandardMaterial>, &mut Transform), With<LaneCube>>,
    planes: Query<&LanePlane>,
    mut images: ResMut<Assets<Image>>,
    palette: Res<Palette>,
) {
    let drawn = drawn.bypass_change_detection();
    let w = board.grid.width();
    for (i, lane) in race.lanes.iter().enumerate() {
        let on_path: HashSet<Pos> = if lane.shows_path() { lane.path.iter().copied().collect() } else { HashSet::new() };
        let looks = board.grid.cells().map(|(p, cell)| lane_look(&selection, lane, &on_path, p, cell));
        if let (Some(entities), Some(shown), Some(assets)) = (drawn.cubes.get(i), drawn.shown.get_mut(i), assets.as_ref()) {
            let offset = lane_offset(&board, i, race.lanes.len());
            for (k, look) in looks.enumerate() {
                let (Some(&e), Some(was)) = (entities.get(k), shown.get_mut(k)) else { break };
                if *was == Some(look) {
                    continue;
                }
                if let Ok((mut m, mut t)) = cubes.get_mut(e) {
                    m.0 = assets.material(look).clone();
                    if was.is_none_or(|old| old.drop() != look.drop()) {
                        *t = cube_transform(&board, (k % w, k / w), look);
                        t.translation += offset;
                    }
                    *was = Some(look);
                }
            }
        } else if let Some(plane) = planes.iter().find(|p| p.lane == i) {
            let looks: Vec<[u8; 4]> = looks.map(|l| l.colour_in(*palette).to_srgba().to_u8_array()).collect();
            let pixels = if board.hex {
                // two pixels a cell, odd rows shifted by one: the hex layout's half-cell offset
                let h = board.grid.height();
                let mut px = vec![[0u8; 4]; (2 * w + 1) * h];
                for (k, c) in looks.iter().enumerate() {
                    let (x, y) = (k % w, k / w);
                    let at = y * (2 * w + 1) + 2 * x + y % 2;
                    px[at] = *c;
                    px[at + 1] = *c;
                }
                px
            } else {
                looks
            };
            if let Some(mut image) = images.get_mut(&plane.image) {
                image.data = Some(pixels.into_iter().flatten().collect());
            }
        }
    }
}

/// Each lane's name and counters over its far edge, and the winner's mark.
fn draw_lane_titles(
    mut contexts: EguiContexts,
    race: Res<Race>,
    board: Res<Board>,
    language: Res<Language>,
    cameras: Query<(&Camera, &GlobalTransform), With<Camera3d>>,
) -> Result {
    let Ok((camera, at)) = cameras.single() else { return Ok(()) };
    let ctx = contexts.ctx_mut()?;
    let painter = ctx.layer_painter(egui::LayerId::new(egui::Order::Background, egui::Id::new("lane titles")));
    let winners = race.winners();
    let first = race.first_home();
    let e = board_extent(&board);
    for (i, lane) in race.lanes.iter().enumerate() {
        let corner = lane_offset(&board, i, race.lanes.len()) + Vec3::new(-e.x / 2.0, 0.0, -e.y / 2.0 - 0.3);
        let Ok(screen) = camera.world_to_viewport(at, corner) else { continue };
        let won = winners.contains(&i);
        let colour = if won { egui::Color32::from_rgb(255, 215, 80) } else { egui::Color32::WHITE };
        let title = format!("{}{}", if won { "\u{2605} " } else { "" }, lane.algorithm.name());
        let pos = egui::pos2(screen.x, screen.y);
        painter.text(pos - egui::vec2(0.0, 17.0), egui::Align2::LEFT_BOTTOM, title, egui::FontId::proportional(18.0), colour);
        painter.text(
            pos,
            egui::Align2::LEFT_BOTTOM,
            lane_counters(lane, won, first.contains(&i), false, Words(*language)),
            egui::FontId::proportional(13.0),
            colour,
        );
    }
    Ok(())
}

/// "expanded 41  open 12  cost 17.07", and how the lane ended: the winner, first to the goal
/// with a dearer path, no path, or stopped (why in full when `full`, else in a word: the
/// title over a lane is one short line), in the player's words.
pub fn lane_counters(lane: &Lane, won: bool, first_home: bool, full: bool, w: Words) -> String {
    let mut s = w.say(&format!("expanded {}  open {}", lane.view.shown, lane.view.open_count())).into_owned();
    let mut add = |part: &str| {
        s += "  ";
        s += &w.say(part);
    };
    match (&lane.message, lane.cost, lane.done()) {
        (Some(m), ..) if full => add(m),
        (Some(_), ..) => add(if lane.view.steps.is_empty() { "cannot run here" } else { "stopped at the limit" }),
        (None, Some(c), true) => {
            add(&format!("cost {c:.2}"));
            match (won, first_home) {
                (true, _) => add("winner"),
                (false, true) => add("first to the goal"),
                _ => {}
            }
        }
        (None, None, true) => add("no path"),
        _ => {}
    }
    s
}
