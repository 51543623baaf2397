//! Gizmos for seeing what the plugin does: each grid's blocked cells, each answer's path and
//! each follower's remaining way; the open and closed cells of searches marked
//! [`ShowSearch`]; a gathering crowd's distance field as arrows. Add [`NavDebugPlugin`] beside
//! `CubepathPlugin`.

use bevy::prelude::*;
use cubepath_search::{
    crowd::CrowdMode,
    grid::Pos,
    search::{Searcher, Step},
};

use crate::NavSystems;
use crate::crowd::NavCrowd;
use crate::follow::FollowPath;
use crate::grid::{NavGrid, Plane, grid_for};
use crate::request::{PathAnswer, PathRequest};

/// Draws the cells' edges (faint, on square grids up to 256 a side), blocked cells (grey
/// crosses), answers (gold lines), followers' remaining ways (cyan), the open (blue) and closed
/// (red) cells of searches marked [`ShowSearch`], and an arrow on each cell of a gathering
/// crowd's grid (up to 64 x 64 cells) toward its next cell down the distance field.
pub struct NavDebugPlugin;

impl Plugin for NavDebugPlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(Update, (draw_navigation, draw_search_cells, draw_crowd_fields).in_set(NavSystems::Debug));
    }
}

/// Put it beside a [`PathRequest`] to see that search: each answer's open and closed cells are
/// kept in [`SearchCells`] (and drawn by [`NavDebugPlugin`]). The plugin runs the search a
/// second time, step by step, for this (with the `debug` feature); algorithms that run whole
/// (IDA*, bidirectional A*) get empty sets.
#[derive(Component, Clone, Copy, Debug, Default)]
pub struct ShowSearch;

/// The cells the last search of a [`ShowSearch`] entity left open and closed.
#[derive(Component, Clone, Debug, Default, PartialEq)]
pub struct SearchCells {
    /// On the open list when the search ended.
    pub open: Vec<Pos>,
    /// Expanded.
    pub closed: Vec<Pos>,
}

/// A [`ShowSearch`] entity with a new answer.
type NewShownAnswer = (With<ShowSearch>, Changed<PathAnswer>);

/// Answers of [`ShowSearch`] entities are searched again step by step for their cells.
pub(crate) fn record_search_cells(
    mut commands: Commands,
    shown: Query<(Entity, &PathRequest), NewShownAnswer>,
    grids: Query<Ref<NavGrid>>,
    mut searcher: Local<Searcher>,
) {
    for (e, request) in &shown {
        let Some(nav) = grid_for(request.grid, &grids) else { continue };
        let options = request.options.unwrap_or(nav.options);
        let cells = match searcher.steps(&nav.grid, request.from, request.to, &options) {
            Ok(mut run) => {
                let limit = options.limit.unwrap_or(usize::MAX);
                while !matches!(run.step(), Step::Found | Step::NoPath) && run.expanded() < limit {}
                SearchCells { open: run.open_cells(), closed: run.closed_cells() }
            }
            Err(_) => SearchCells::default(),
        };
        commands.entity(e).insert(cells);
    }
}

/// The most cells a search's sets are drawn for.
const MAX_DRAWN: usize = 20_000;

fn draw_search_cells(mut gizmos: Gizmos, grids: Query<Ref<NavGrid>>, shown: Query<(&SearchCells, &PathRequest)>) {
    for (cells, request) in &shown {
        let Some(nav) = grid_for(request.grid, &grids) else { continue };
        let flat = match nav.plane {
            Plane::Xz => Quat::from_rotation_x(std::f32::consts::FRAC_PI_2),
            Plane::Xy => Quat::IDENTITY,
        };
        let r = nav.cell_size * 0.18;
        for (set, colour) in [(&cells.closed, Color::srgb(0.9, 0.3, 0.3)), (&cells.open, Color::srgb(0.3, 0.5, 0.95))] {
            for &p in set.iter().take(MAX_DRAWN) {
                gizmos.circle(Isometry3d::new(nav.to_world(p) + nav.plane.up() * 0.03 * nav.cell_size, flat), r, colour);
            }
        }
    }
}

/// The most cells a gathering's arrows are drawn for.
const MAX_ARROWS: usize = 64 * 64;

fn draw_crowd_fields(mut gizmos: Gizmos, crowds: Query<(&NavCrowd, &NavGrid)>) {
    for (nav_crowd, nav) in &crowds {
        let Some(crowd) = nav_crowd.crowd().filter(|c| matches!(c.mode(), CrowdMode::Gather(_))) else { continue };
        if nav.grid.width() * nav.grid.height() > MAX_ARROWS {
            continue;
        }
        let up = nav.plane.up() * 0.04 * nav.cell_size;
        for (p, _) in nav.grid.cells() {
            if let Some(next) = crowd.field_next(p) {
                let (a, b) = (nav.to_world(p) + up, nav.to_world(next) + up);
                gizmos.arrow(a, a + (b - a) * 0.4, Color::srgb(0.35, 0.85, 0.45));
            }
        }
    }
}

fn draw_navigation(mut gizmos: Gizmos, grids: Query<Ref<NavGrid>>, answers: Query<(&PathAnswer, &PathRequest, Option<&FollowPath>)>) {
    let lift = |nav: &NavGrid| match nav.plane {
        Plane::Xz => Vec3::Y * 0.05 * nav.cell_size,
        Plane::Xy => Vec3::Z * 0.05,
    };
    for nav in &grids {
        grid_lines(&mut gizmos, &nav);
        let r = nav.cell_size * 0.3;
        let (a, b) = match nav.plane {
            Plane::Xz => (Vec3::new(r, 0.0, r), Vec3::new(r, 0.0, -r)),
            Plane::Xy => (Vec3::new(r, r, 0.0), Vec3::new(r, -r, 0.0)),
        };
        for (p, cell) in nav.grid.cells() {
            if !cell.is_passable() {
                let c = nav.to_world(p) + lift(&nav);
                gizmos.line(c - a, c + a, Color::srgb(0.5, 0.5, 0.5));
                gizmos.line(c - b, c + b, Color::srgb(0.5, 0.5, 0.5));
            }
        }
    }
    for (answer, request, follower) in &answers {
        let (Some(nav), Some(cells)) = (grid_for(request.grid, &grids), answer.cells()) else { continue };
        let up = lift(&nav);
        gizmos.linestrip(cells.iter().map(|&p| nav.to_world(p) + up), Color::srgb(0.95, 0.75, 0.2));
        if let Some(f) = follower {
            gizmos.linestrip(f.remaining().iter().map(|&p| nav.to_world(p) + up * 2.0), Color::srgb(0.2, 0.85, 0.95));
        }
    }
}

/// The lines between square cells, faint (hex grids and larger ones get none).
fn grid_lines(gizmos: &mut Gizmos, nav: &NavGrid) {
    let (w, h) = (nav.grid.width(), nav.grid.height());
    if nav.options.topology == cubepath_search::grid::Topology::Hex || w.max(h) > 256 {
        return;
    }
    let half = nav.cell_size / 2.0;
    let (right, down) = match nav.plane {
        Plane::Xz => (Vec3::X, Vec3::Z),
        Plane::Xy => (Vec3::X, Vec3::NEG_Y),
    };
    let corner = nav.to_world((0, 0)) - (right + down) * half;
    let colour = Color::srgba(0.6, 0.6, 0.65, 0.25);
    let (across, along) = (right * nav.cell_size * w as f32, down * nav.cell_size * h as f32);
    for y in 0..=h {
        let a = corner + down * nav.cell_size * y as f32;
        gizmos.line(a, a + across, colour);
    }
    for x in 0..=w {
        let a = corner + right * nav.cell_size * x as f32;
        gizmos.line(a, a + along, colour);
    }
}
