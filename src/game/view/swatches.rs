//! What the screenshot shows of each role: where one cell of each look (start, end, path, open,
//! closed, barrier, floor) and the agent are drawn, so the saved PNG's colours there can be
//! logged (`cubepath swatches: start=R,G,B ...`) and checked from outside, for instance as seen
//! with colour blindness (`.ci/palette.py`). A cell is sampled only where no agent stands on it
//! or beside it, so a body never hides the face it is meant to show.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;

use super::looks::{CellLooks, Look};
use crate::engine::grid::Pos;
use crate::game::logic::agent::Agent;

/// The looks a screenshot reports, with their names.
const ROLES: [(Look, &str); 7] = [
    (Look::Start, "start"),
    (Look::End, "end"),
    (Look::Path, "path"),
    (Look::Open, "open"),
    (Look::Closed, "closed"),
    (Look::Barrier, "barrier"),
    (Look::Floor, "floor"),
];

/// Half the side of the square of pixels averaged for a swatch.
const HALF: i64 = 2;

/// Everything needed to find the roles on screen.
#[derive(SystemParam)]
pub struct Swatches<'w, 's> {
    looks: CellLooks<'w, 's>,
    agents: Query<'w, 's, &'static GlobalTransform, With<Agent>>,
    bodies: Query<'w, 's, &'static GlobalTransform, With<bevy_cubepath::CrowdMember>>,
    cameras: Query<'w, 's, (&'static Camera, &'static GlobalTransform), With<Camera3d>>,
}

impl Swatches<'_, '_> {
    /// Each role shown, with where (logical pixels) one of its cells' top faces, or the agent's
    /// body, is drawn: the cell nearest the board's middle among those with no agent on or
    /// beside them.
    pub fn places(&self) -> Vec<(&'static str, Vec2)> {
        let Ok((camera, at)) = self.cameras.single() else { return Vec::new() };
        let board = &self.looks.board;
        let looks = self.looks.all(false);
        let bodies: Vec<Vec3> = self.agents.iter().chain(self.bodies.iter()).map(|t| t.translation()).collect();
        let near_body = |p: Pos| bodies.iter().any(|b| b.xz().distance(board.world(p).xz()) < 1.6);
        let (w, h) = (board.grid.width(), board.grid.height());
        let middle = board.world((w / 2, h / 2));
        let mut out = Vec::new();
        for (look, name) in ROLES {
            let best = (0..w * h)
                .map(|k| (k % w, k / w))
                .filter(|&p| looks[p.1 * w + p.0] == look && !near_body(p))
                .min_by(|a, b| board.world(*a).distance(middle).total_cmp(&board.world(*b).distance(middle)));
            if let Some(Ok(pixel)) = best.map(|p| camera.world_to_viewport(at, board.world(p) + Vec3::Y * 0.05)) {
                out.push((name, pixel));
            }
        }
        if let Some(Ok(pixel)) = self.agents.iter().next().map(|t| camera.world_to_viewport(at, t.translation())) {
            out.push(("agent", pixel));
        }
        out
    }
}

/// `name=R,G,B` for each place: the mean colour of a small square there, in an image of
/// `(width, height, rgb)` (three bytes a pixel, row by row) `scale` times the logical size.
pub fn swatch_line(places: &[(&str, Vec2)], (w, h, rgb): (u32, u32, &[u8]), scale: f32) -> String {
    let (w, h) = (w as i64, h as i64);
    let mut parts = Vec::new();
    for (name, at) in places {
        let (cx, cy) = ((at.x * scale) as i64, (at.y * scale) as i64);
        let mut sum = [0u64; 3];
        let mut n = 0;
        for y in (cy - HALF).max(0)..=(cy + HALF).min(h - 1) {
            for x in (cx - HALF).max(0)..=(cx + HALF).min(w - 1) {
                let k = 3 * (y * w + x) as usize;
                for (c, v) in sum.iter_mut().zip(&rgb[k..k + 3]) {
                    *c += *v as u64;
                }
                n += 1;
            }
        }
        if let [Some(r), Some(g), Some(b)] = sum.map(|c| c.checked_div(n)) {
            parts.push(format!("{name}={r},{g},{b}"));
        }
    }
    parts.join(" ")
}
