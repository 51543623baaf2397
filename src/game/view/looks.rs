//! How each cell looks: its colour and height, from the board, the selection, the path, the
//! walk, the pointer and the step view. Shared by the cubes and the flat board.

use std::collections::HashMap;

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;

use crate::engine::grid::{Cell, Pos};
use crate::game::logic::agent::Agent;
use crate::game::logic::board::{Board, Hover, Selection};
use crate::game::logic::crowd::CrowdField;
use crate::game::logic::lab::{Judged, LabReport};
use crate::game::logic::search::PathState;
use crate::game::logic::settings::{Heat, Palette, StepLayers, StepViewOn};
use crate::game::logic::stepview::{GoalField, Mark, StepView};
use crate::game::logic::walk::Walk;

/// How a cube is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Look {
    /// Open ground of weight 1.
    Floor,
    /// A barrier.
    Barrier,
    /// The start.
    Start,
    /// The end.
    End,
    /// On the found path, not yet walked.
    Path,
    /// Turned black by the walk.
    Walked,
    /// Under the pointer.
    Hover,
    /// Ground of weight 2 to 4, or swamp: drawn lower, brown.
    Mud,
    /// Ground of weight 5 or more, or water: drawn lower, teal.
    Water,
    /// Step view: on the open list.
    Open,
    /// Step view: expanded.
    Closed,
    /// Step view: the cell just expanded.
    Current,
    /// Heat map: a distance, from 0 (near) to [`HEAT_LEVELS`] - 1 (far).
    Heat(u8),
    /// Heuristic lab: the estimate is over the true cost here (inadmissible).
    Over,
    /// Heuristic lab: the estimate drops by more than a move costs from here (inconsistent).
    Drop,
}

/// The heat map's colour steps.
pub const HEAT_LEVELS: u8 = 10;

impl Look {
    /// Every look.
    pub const ALL: [Look; 24] = [
        Look::Floor,
        Look::Barrier,
        Look::Start,
        Look::End,
        Look::Path,
        Look::Walked,
        Look::Hover,
        Look::Mud,
        Look::Water,
        Look::Open,
        Look::Closed,
        Look::Current,
        Look::Heat(0),
        Look::Heat(1),
        Look::Heat(2),
        Look::Heat(3),
        Look::Heat(4),
        Look::Heat(5),
        Look::Heat(6),
        Look::Heat(7),
        Look::Heat(8),
        Look::Heat(9),
        Look::Over,
        Look::Drop,
    ];

    /// The heat map's look for `value` of `max`.
    pub fn heat(value: f64, max: f64) -> Look {
        let t = if max > 0.0 { (value / max).clamp(0.0, 1.0) } else { 0.0 };
        Look::Heat((t * (HEAT_LEVELS - 1) as f64).round() as u8)
    }

    /// The look's colour in the tutorials' palette (see [`Look::colour_in`]).
    pub fn colour(self) -> Color {
        self.colour_in(Palette::Tutorial)
    }

    /// The look's colour, for the cube materials and the flat board alike. The tutorial's
    /// colours: floor light grey, barrier blue, start green, end red, walked path black. The
    /// colour-safe ones keep start, end, path, open, closed, barrier and agent apart with
    /// deuteranopia and protanopia too (checked by simulating both: see the tests).
    pub fn colour_in(self, palette: Palette) -> Color {
        if palette == Palette::ColourSafe
            && let Some(c) = self.colour_safe()
        {
            return c;
        }
        match self {
            Look::Floor => Color::srgb(0.82, 0.82, 0.82),
            Look::Barrier => Color::srgb(0.12, 0.30, 0.85),
            Look::Start => Color::srgb(0.10, 0.75, 0.20),
            Look::End => Color::srgb(0.85, 0.10, 0.10),
            Look::Path => Color::srgb(0.98, 0.80, 0.25),
            Look::Walked => Color::srgb(0.0, 0.0, 0.0),
            Look::Hover => Color::srgb(1.0, 1.0, 0.65),
            Look::Mud => Color::srgb(0.55, 0.40, 0.22),
            Look::Water => Color::srgb(0.20, 0.70, 0.75),
            Look::Open => Color::srgb(0.55, 0.90, 0.55),
            Look::Closed => Color::srgb(0.70, 0.60, 0.90),
            Look::Current => Color::srgb(1.0, 0.55, 0.0),
            // the lab's marks stand apart from the heat ramp (yellow to purple) and each other
            Look::Over => Color::srgb(0.95, 0.20, 0.60),
            Look::Drop => Color::srgb(0.20, 0.90, 0.95),
            // near is bright yellow, far deep purple (a viridis-like ramp, readable on grey)
            Look::Heat(k) => {
                let t = k.min(HEAT_LEVELS - 1) as f32 / (HEAT_LEVELS - 1) as f32;
                let stops = [
                    Vec3::new(0.99, 0.91, 0.14),
                    Vec3::new(0.37, 0.79, 0.38),
                    Vec3::new(0.13, 0.57, 0.55),
                    Vec3::new(0.23, 0.32, 0.55),
                    Vec3::new(0.27, 0.0, 0.33),
                ];
                let x = t * (stops.len() - 1) as f32;
                let i = (x.floor() as usize).min(stops.len() - 2);
                let c = stops[i].lerp(stops[i + 1], x - i as f32);
                Color::srgb(c.x, c.y, c.z)
            }
        }
    }

    /// The colour-safe palette where it differs from the tutorials' (Okabe and Ito's colours).
    fn colour_safe(self) -> Option<Color> {
        Some(match self {
            Look::Floor => Color::srgb(0.78, 0.78, 0.76),
            Look::Barrier => Color::srgb(0.13, 0.13, 0.17),
            Look::Start => Color::srgb(0.0, 0.62, 0.45),
            Look::End => Color::srgb(0.84, 0.37, 0.0),
            Look::Path => Color::srgb(0.94, 0.89, 0.26),
            Look::Walked => Color::srgb(0.0, 0.45, 0.70),
            Look::Open => Color::srgb(0.34, 0.71, 0.91),
            Look::Closed => Color::srgb(0.60, 0.30, 0.50),
            Look::Current => Color::srgb(0.90, 0.60, 0.0),
            _ => return None,
        })
    }

    /// How far below the floor the cube's top sits (terrain is drawn lower).
    pub fn drop(self) -> f32 {
        match self {
            Look::Mud | Look::Water => 0.25,
            _ => 0.0,
        }
    }

    /// The look of a cell by its terrain alone.
    pub fn of_cell(cell: Cell) -> Look {
        match cell {
            Cell::Blocked => Look::Barrier,
            Cell::Ground(1) => Look::Floor,
            Cell::Ground(2..=4) | Cell::Swamp => Look::Mud,
            _ => Look::Water,
        }
    }
}

/// The colour of a walking agent (the crowd's and the single one): orange, or in the
/// colour-safe palette a deep purple, where orange could be taken for the end.
pub fn agent_colour(palette: Palette) -> Color {
    match palette {
        Palette::Tutorial => Color::srgb(0.95, 0.45, 0.10),
        Palette::ColourSafe => Color::srgb(0.45, 0.0, 0.45),
    }
}

/// Everything a cell's look depends on.
#[derive(SystemParam)]
pub struct CellLooks<'w, 's> {
    /// The board.
    pub board: Res<'w, Board>,
    selection: Res<'w, Selection>,
    path: Res<'w, PathState>,
    walk: Res<'w, Walk>,
    hover: Res<'w, Hover>,
    step: Res<'w, StepView>,
    step_on: Res<'w, StepViewOn>,
    layers: Res<'w, StepLayers>,
    field: Res<'w, GoalField>,
    crowd_field: Res<'w, CrowdField>,
    lab: Res<'w, LabReport>,
    /// The colours.
    pub palette: Res<'w, Palette>,
    agents: Query<'w, 's, &'static Agent>,
    /// The agents that moved or changed since the reader last ran.
    moved: Query<'w, 's, (), Changed<Agent>>,
}

/// Run condition: something a look depends on changed ([`CellLooks::changed`]).
pub fn looks_changed(looks: CellLooks) -> bool {
    looks.changed()
}

impl CellLooks<'_, '_> {
    /// Whether anything the looks are computed from changed since the caller last ran. It
    /// names every field of [`CellLooks`] (a new field does not compile until it is listed here),
    /// so the looks and this check read one list.
    pub fn changed(&self) -> bool {
        let CellLooks { board, selection, path, walk, hover, step, step_on, layers, field, crowd_field, lab, palette, agents: _, moved } =
            self;
        board.is_changed()
            || palette.is_changed()
            || selection.is_changed()
            || path.is_changed()
            || walk.is_changed()
            || hover.is_changed()
            || step.is_changed()
            || step_on.is_changed()
            || layers.is_changed()
            || field.is_changed()
            || crowd_field.is_changed()
            || lab.is_changed()
            || !moved.is_empty()
    }

    /// The look of every cell, row by row; `hover` says whether the pointer is shown.
    pub fn all(&self, hover: bool) -> Vec<Look> {
        // A walking agent's path is the one shown; otherwise the player's path.
        let walking = self.agents.iter().find(|a| !a.arrived);
        let index: HashMap<Pos, usize> = match walking {
            // an any-angle agent walks turning points: the cells between them are its path too
            Some(a) => crate::engine::grid::cells_along(&a.cells).into_iter().enumerate().map(|(k, p)| (p, k)).collect(),
            None => HashMap::new(),
        };
        let on_path = |p: Pos| if walking.is_some() { index.get(&p).copied() } else { self.path.path_index(p) };
        let hovered = if hover { self.hover.0 } else { None };
        self.board.grid.cells().map(|(p, cell)| self.look(p, cell, hovered, on_path(p))).collect()
    }

    fn look(&self, p: Pos, cell: Cell, hovered: Option<Pos>, on_path: Option<usize>) -> Look {
        if self.selection.start == Some(p) {
            return Look::Start;
        }
        if self.selection.end == Some(p) {
            return Look::End;
        }
        if let Some(d) = self.crowd_field.at(p) {
            // the crowd's gathering field: its heat map under the agents
            return if hovered == Some(p) { Look::Hover } else { Look::heat(d, self.crowd_field.max) };
        }
        if self.step_on.0 && self.layers.heat == Heat::Estimate {
            return match (hovered == Some(p), self.lab.on_path(p), self.lab.at(p)) {
                (true, ..) => Look::Hover,
                // black: the gold path would hide among the exact cells' yellow
                (_, true, _) => Look::Walked,
                (_, _, Some(Judged::Over(_))) => Look::Over,
                _ if self.lab.drops_at(p) => Look::Drop,
                (_, _, Some(Judged::Under(share))) => Look::heat(1.0 - share, 1.0),
                _ => Look::of_cell(cell),
            };
        }
        if self.step_on.0 && self.layers.heat != Heat::Off {
            let value = match self.layers.heat {
                Heat::G => self.step.label(p).map(|l| (l.g, self.step.max_g)),
                _ => self.field.at(p).map(|c| (c, self.field.max)),
            };
            return match (hovered == Some(p), on_path.filter(|_| !self.step.is_stepping()), value) {
                (true, ..) => Look::Hover,
                (_, Some(_), _) => Look::Path,
                (_, _, Some((v, max))) if cell.is_passable() => Look::heat(v, max),
                _ => Look::of_cell(cell),
            };
        }
        if self.step.is_stepping() {
            return match (hovered == Some(p), self.step.mark(p)) {
                (true, _) => Look::Hover,
                (_, Mark::Open) => Look::Open,
                (_, Mark::Closed) => Look::Closed,
                (_, Mark::Current) => Look::Current,
                (_, Mark::None) => Look::of_cell(cell),
            };
        }
        if let Some(k) = on_path {
            if self.walk.is_walked(k) {
                return Look::Walked;
            }
            if hovered != Some(p) {
                return Look::Path;
            }
        }
        if hovered == Some(p) {
            return Look::Hover;
        }
        Look::of_cell(cell)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// sRGB (0 to 1) to linear light.
    fn linear(c: f32) -> f32 {
        if c <= 0.04045 { c / 12.92 } else { ((c + 0.055) / 1.055).powf(2.4) }
    }

    /// CIELAB (D65) of a linear RGB colour.
    fn lab([r, g, b]: [f32; 3]) -> [f32; 3] {
        let x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.9505;
        let y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
        let z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.089;
        let f = |t: f32| if t > 0.008856 { t.cbrt() } else { 7.787 * t + 16.0 / 116.0 };
        [116.0 * f(y) - 16.0, 500.0 * (f(x) - f(y)), 200.0 * (f(y) - f(z))]
    }

    /// Machado, Oliveira and Fernandes (2009), full severity, on linear RGB.
    const PROTAN: [[f32; 3]; 3] = [[0.152286, 1.052583, -0.204868], [0.114503, 0.786281, 0.099216], [-0.003882, -0.048116, 1.051998]];
    const DEUTAN: [[f32; 3]; 3] = [[0.367322, 0.860646, -0.227968], [0.280085, 0.672501, 0.047413], [-0.011820, 0.042940, 0.968881]];
    const NORMAL: [[f32; 3]; 3] = [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]];

    /// The least colour difference (CIE76) between the roles a player must tell apart, as seen
    /// through `vision`, and the pair it is between.
    fn closest(palette: Palette, vision: [[f32; 3]; 3]) -> (f32, String) {
        let roles: Vec<(String, Color)> = [Look::Start, Look::End, Look::Path, Look::Open, Look::Closed, Look::Barrier, Look::Floor]
            .iter()
            .map(|l| (format!("{l:?}"), l.colour_in(palette)))
            .chain([("agent".to_string(), agent_colour(palette))])
            .collect();
        let seen: Vec<[f32; 3]> = roles
            .iter()
            .map(|(_, c)| {
                let c = c.to_srgba();
                let v = [linear(c.red), linear(c.green), linear(c.blue)];
                let m = |row: [f32; 3]| (row[0] * v[0] + row[1] * v[1] + row[2] * v[2]).clamp(0.0, 1.0);
                lab([m(vision[0]), m(vision[1]), m(vision[2])])
            })
            .collect();
        let mut best = (f32::MAX, String::new());
        for i in 0..roles.len() {
            for j in i + 1..roles.len() {
                let d = seen[i].iter().zip(&seen[j]).map(|(a, b)| (a - b).powi(2)).sum::<f32>().sqrt();
                if d < best.0 {
                    best = (d, format!("{} / {}", roles[i].0, roles[j].0));
                }
            }
        }
        best
    }

    /// CIELAB of a colour as seen through `vision`.
    fn seen(c: Color, vision: [[f32; 3]; 3]) -> [f32; 3] {
        let c = c.to_srgba();
        let v = [linear(c.red), linear(c.green), linear(c.blue)];
        let m = |row: [f32; 3]| (row[0] * v[0] + row[1] * v[1] + row[2] * v[2]).clamp(0.0, 1.0);
        lab([m(vision[0]), m(vision[1]), m(vision[2])])
    }

    #[test]
    fn barriers_stand_apart_from_the_floor_and_every_heat_level() {
        for palette in [Palette::Tutorial, Palette::ColourSafe] {
            let barrier = seen(Look::Barrier.colour_in(palette), NORMAL);
            for other in (0..HEAT_LEVELS).map(Look::Heat).chain([Look::Floor]) {
                let o = seen(other.colour_in(palette), NORMAL);
                let d = barrier.iter().zip(&o).map(|(a, b)| (a - b).powi(2)).sum::<f32>().sqrt();
                assert!(d >= 25.0, "{palette:?}: barrier and {other:?} only {d:.1} apart");
            }
        }
    }

    #[test]
    fn the_colour_safe_palette_keeps_every_role_apart_with_deuteranopia_and_protanopia() {
        for (name, vision) in [("normal", NORMAL), ("deuteranopia", DEUTAN), ("protanopia", PROTAN)] {
            let (d, pair) = closest(Palette::ColourSafe, vision);
            assert!(d >= 20.0, "{name}: {pair} only {d:.1} apart");
        }
        // the check can fail: the tutorials' green start and red end merge for a deuteranope
        let (d, pair) = closest(Palette::Tutorial, DEUTAN);
        assert!(d < 20.0, "{pair} {d:.1}");
    }
}
