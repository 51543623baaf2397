//! Obstacles that are entities: a [`NavObstacle`] on any entity with a `Transform` blocks the
//! cells of a [`NavGrid`] that its footprint covers, follows the transform when it moves, and
//! gives the cells back when the component or the entity goes. The cells are written into the
//! grid itself, so requests, followers and crowds hear of them as of any other edit.
//!
//! Each covered cell keeps a count of the obstacles over it and what it was before the first:
//! it is given back (floor, terrain or wall, as it was) only when no obstacle covers it. A
//! game's own edit of a covered cell stands until an obstacle over it moves or goes. The
//! transform is read as the placement in the world (an obstacle's `Transform`, not its parent's).
//!
//! The counts are kept for the grid value they were written into (its identity), not for the
//! entity: a grid put in its place (`nav.grid = level`, as a game loads a level) is a new map.
//! The obstacles standing on the entity are written into it in the next update, and each cell
//! they leave is given back as the new grid had it; nothing saved from the old grid is written
//! into the new one. (A copy of the old grid taken while obstacles stood holds them as walls
//! of its own.)

use std::collections::HashMap;

use bevy::prelude::*;
use cubepath_search::grid::{Cell, Pos, Topology};

use crate::grid::{HEX_ROW, NavGrid, Plane};

/// What a [`NavObstacle`] covers.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Footprint {
    /// An axis-aligned box in world units, centred on the entity's translation; `half` is its
    /// half extent along the grid's x and along its rows (Z on the ground, Y on a 2D screen).
    /// It covers every cell whose square it overlaps (touching an edge does not count; on hex
    /// cells, every cell whose centre is within half a cell of the box).
    Box {
        /// Half the width and half the depth, in world units.
        half: Vec2,
    },
    /// `w` x `h` cells; the cell under the entity's translation is the one with the least x
    /// and y. Off the grid: nothing.
    Cells {
        /// Cells along x.
        w: usize,
        /// Cells along the rows.
        h: usize,
    },
}

/// An obstacle on a grid (the one named, else the only one), placed by the entity's
/// `Transform`.
///
/// ```
/// use bevy::prelude::*;
/// use bevy_cubepath::prelude::*;
///
/// let mut app = App::new();
/// app.add_plugins((MinimalPlugins, CubepathPlugin));
/// let grid = app.world_mut().spawn(NavGrid::from_rows(&["....", "....", "...."]).unwrap()).id();
/// let at = app.world().get::<NavGrid>(grid).unwrap().to_world((1, 1));
/// let crate_box = app.world_mut().spawn((NavObstacle::cells(2, 1), Transform::from_translation(at))).id();
/// app.update();
/// let nav = app.world().get::<NavGrid>(grid).unwrap();
/// assert!(!nav.grid.is_passable(1, 1) && !nav.grid.is_passable(2, 1) && nav.grid.is_passable(3, 1));
/// app.world_mut().despawn(crate_box);
/// app.update();
/// assert!(app.world().get::<NavGrid>(grid).unwrap().grid.is_passable(1, 1));
/// ```
#[derive(Component, Clone, Copy, Debug, PartialEq)]
pub struct NavObstacle {
    /// What it covers.
    pub footprint: Footprint,
    /// The grid it stands on; `None`: the only one.
    pub grid: Option<Entity>,
}

impl NavObstacle {
    /// A box of half extents `half` (world units) on the only grid.
    pub fn boxed(half: Vec2) -> NavObstacle {
        NavObstacle { footprint: Footprint::Box { half }, grid: None }
    }

    /// `w` x `h` cells on the only grid.
    pub fn cells(w: usize, h: usize) -> NavObstacle {
        NavObstacle { footprint: Footprint::Cells { w, h }, grid: None }
    }

    /// The same obstacle on the grid of entity `grid`.
    pub fn on(self, grid: Entity) -> NavObstacle {
        NavObstacle { grid: Some(grid), ..self }
    }
}

/// Where each obstacle is written, and over each covered cell how many obstacles stand and what
/// the cell was before the first.
#[derive(Resource, Default)]
pub(crate) struct Obstacles {
    placed: HashMap<Entity, (Entity, Vec<Pos>)>,
    covered: HashMap<(Entity, Pos), (u32, Cell)>,
    /// The identity of the grid value each grid entity's obstacles were written into.
    written: HashMap<Entity, u64>,
}

impl Obstacles {
    /// Forgets what was written into grids whose entity now holds another grid value (or is
    /// gone), and returns the obstacles that stood on them, to be written again.
    fn forget_replaced(&mut self, grids: &Query<(Entity, &mut NavGrid)>) -> Vec<Entity> {
        let replaced: Vec<Entity> = self
            .written
            .iter()
            .filter(|&(&g, &id)| grids.get(g).map_or(true, |(_, nav)| nav.grid.version().0 != id))
            .map(|(&g, _)| g)
            .collect();
        if replaced.is_empty() {
            return Vec::new();
        }
        for g in &replaced {
            self.written.remove(g);
        }
        self.covered.retain(|(g, _), _| !replaced.contains(g));
        let again: Vec<Entity> = self.placed.iter().filter(|(_, (g, _))| replaced.contains(g)).map(|(&e, _)| e).collect();
        for e in &again {
            self.placed.remove(e);
        }
        again
    }
}

/// The cells `footprint` covers on `nav` when the entity stands at `at`.
pub(crate) fn cells_under(nav: &NavGrid, footprint: Footprint, at: Vec3) -> Vec<Pos> {
    let (w, h) = (nav.grid.width(), nav.grid.height());
    match footprint {
        Footprint::Cells { w: fw, h: fh } => {
            let Some((x, y)) = nav.to_cell(at) else { return Vec::new() };
            let (x1, y1) = (x.saturating_add(fw).min(w), y.saturating_add(fh).min(h));
            (y..y1).flat_map(|yy| (x..x1).map(move |xx| (xx, yy))).collect()
        }
        Footprint::Box { half } => {
            let d = (at - nav.origin) / nav.cell_size;
            let (cx, crow) = match nav.plane {
                Plane::Xz => (d.x, d.z),
                Plane::Xy => (d.x, -d.y),
            };
            let (hx, hy) = (half.x / nav.cell_size, half.y / nav.cell_size);
            let hex = nav.options.topology == Topology::Hex;
            let row_step = if hex { HEX_ROW } else { 1.0 };
            // candidate columns and rows (a cell spans its centre +- 0.5), clamped to the grid
            let span = |lo: f32, hi: f32, n: usize| {
                let first = (lo - 1.0).floor().max(0.0);
                let last = (hi + 1.0).ceil().min(n as f32 - 1.0);
                (first as usize, last as usize, first <= last)
            };
            let (x0, x1, xs) = span(cx - hx, cx + hx, w);
            let (y0, y1, ys) = span((crow - hy) / row_step, (crow + hy) / row_step, h);
            if !(xs && ys && hx >= 0.0 && hy >= 0.0) {
                return Vec::new();
            }
            let overlaps = |(x, y): Pos| {
                let shift = if hex && y % 2 == 1 { 0.5 } else { 0.0 };
                ((x as f32 + shift) - cx).abs() < hx + 0.5 && (y as f32 * row_step - crow).abs() < hy + 0.5
            };
            (y0..=y1).flat_map(|y| (x0..=x1).map(move |x| (x, y))).filter(|&p| overlaps(p)).collect()
        }
    }
}

/// Obstacles that are new, changed or moved since the system last ran.
type Moved = Or<(Changed<NavObstacle>, Changed<Transform>)>;

/// Writes moved, new, changed and removed obstacles into their grids: the new cells covered
/// first, then the old ones given back, so a cell an obstacle still covers after a move is never
/// free between the two. Obstacles on a grid entity given another grid value are written into
/// that one afresh.
pub(crate) fn place_obstacles(
    mut kept: ResMut<Obstacles>,
    moved: Query<(Entity, &NavObstacle, &Transform), Moved>,
    all: Query<(Entity, &NavObstacle, &Transform)>,
    mut removed: RemovedComponents<NavObstacle>,
    mut grids: Query<(Entity, &mut NavGrid)>,
) {
    let again = kept.forget_replaced(&grids);
    let mut lift: Vec<(Entity, Vec<Pos>)> = removed.read().filter_map(|e| kept.placed.remove(&e)).collect();
    let mut lay: Vec<(Entity, Vec<Pos>)> = Vec::new();
    for (e, obstacle, transform) in moved.iter().chain(again.iter().filter_map(|&e| all.get(e).ok())) {
        let found = match obstacle.grid {
            Some(g) => grids.get(g).ok(),
            None => grids.single().ok(),
        };
        let now = found.map(|(g, nav)| (g, cells_under(nav, obstacle.footprint, transform.translation)));
        if kept.placed.get(&e) == now.as_ref() {
            continue;
        }
        lift.extend(kept.placed.remove(&e));
        if let Some((g, cells)) = now {
            lay.push((g, cells.clone()));
            kept.placed.insert(e, (g, cells));
        }
    }
    for (g, cells) in lay {
        let Ok((_, mut nav)) = grids.get_mut(g) else { continue };
        kept.written.insert(g, nav.grid.version().0);
        for p in cells {
            let Some(before) = nav.grid.get(p.0, p.1) else { continue };
            let entry = kept.covered.entry((g, p)).or_insert((0, before));
            entry.0 += 1;
            if before != Cell::Blocked {
                let _ = nav.grid.set(p.0, p.1, Cell::Blocked);
            }
        }
    }
    for (g, cells) in lift {
        let mut nav = grids.get_mut(g).ok().map(|(_, nav)| nav);
        for p in cells {
            let Some(entry) = kept.covered.get_mut(&(g, p)) else { continue };
            entry.0 -= 1;
            if entry.0 > 0 {
                continue;
            }
            let before = entry.1;
            kept.covered.remove(&(g, p));
            if let Some(nav) = nav.as_mut().filter(|n| n.grid.get(p.0, p.1).is_some_and(|c| c != before)) {
                let _ = nav.grid.set(p.0, p.1, before);
            }
        }
    }
}
