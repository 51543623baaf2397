//! Gizmos for seeing what the plugin does: each grid's blocked cells, each answer's path and
//! each follower's remaining way. Add [`NavDebugPlugin`] beside `CubepathPlugin`.

use bevy::prelude::*;

use crate::NavSystems;
use crate::follow::FollowPath;
use crate::grid::{NavGrid, Plane, grid_for};
use crate::request::{PathAnswer, PathRequest};

/// Draws the cells' edges (faint, on square grids up to 256 a side), blocked cells (grey
/// crosses), answers (gold lines) and followers' remaining ways (cyan).
pub struct NavDebugPlugin;

impl Plugin for NavDebugPlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(Update, draw_navigation.in_set(NavSystems::Debug));
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
    if nav.options.topology == cubepath_search::Topology::Hex || w.max(h) > 256 {
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
