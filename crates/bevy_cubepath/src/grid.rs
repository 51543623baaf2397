//! The navigation grid: the engine's [`Grid`] on an entity, with the search settings its paths
//! use and the mapping between its cells and world positions.

use std::collections::HashMap;
use std::sync::Arc;

use bevy::prelude::*;
use cubepath_search::{
    files::{FileError, read_map},
    grid::{Clearance, Grid, Pos, Topology, square_cells},
    search::SearchOptions,
};

/// The largest unit side a [`PathRequest`](crate::PathRequest) may ask for.
pub const MAX_UNIT_SIZE: usize = 4;

/// The boards units bigger than a cell move on ([`Clearance::unit_grid`]), one per grid
/// identity and unit size, made again when the grid's revision changes.
#[derive(Resource, Default)]
pub(crate) struct UnitGrids(HashMap<(u64, usize), UnitBoard>);

/// A unit board and the grid version it was made from.
type UnitBoard = ((u64, u64), Arc<Grid>);

impl UnitGrids {
    /// The board a `size` x `size` unit moves on in `grid` as it is now; `None` for a size of
    /// 0 or over [`MAX_UNIT_SIZE`].
    pub(crate) fn for_unit(&mut self, grid: &Grid, size: usize) -> Option<Arc<Grid>> {
        if !(1..=MAX_UNIT_SIZE).contains(&size) {
            return None;
        }
        let version = grid.version();
        match self.0.get(&(version.0, size)) {
            Some((v, kept)) if *v == version => Some(kept.clone()),
            _ => {
                let unit = Arc::new(Clearance::new(grid).unit_grid(grid, size)?);
                self.0.insert((version.0, size), (version, unit.clone()));
                Some(unit)
            }
        }
    }
}

/// Run condition: unit boards are kept.
pub(crate) fn unit_boards_kept(units: Res<UnitGrids>) -> bool {
    !units.0.is_empty()
}

/// Forgets the unit boards of grids no [`NavGrid`] holds any more (despawned, or replaced by
/// another grid or a copy: another identity), so replacing grids does not pile up boards.
pub(crate) fn forget_unit_boards(mut units: ResMut<UnitGrids>, grids: Query<&NavGrid>) {
    let live: Vec<u64> = grids.iter().map(|nav| nav.grid.version().0).collect();
    units.0.retain(|&(id, _), _| live.contains(&id));
}

/// Whether a `size` x `size` unit whose top-left cell is `p` stands on open cells of `grid`.
pub(crate) fn unit_fits(grid: &Grid, (x, y): Pos, size: usize) -> bool {
    square_cells((x, y), size).all(|(x, y)| grid.is_passable(x, y))
}

/// How cells lie in the world.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub enum Plane {
    /// On the ground of a 3D world: x along +X, rows along +Z, y = 0 (the cubepath game's).
    #[default]
    Xz,
    /// On a 2D screen: x along +X, rows downward along -Y, z = 0 (sprites and tilemaps).
    Xy,
}

impl Plane {
    /// The direction out of the plane: +Y above the ground, +Z toward a 2D camera.
    pub fn up(self) -> Vec3 {
        match self {
            Plane::Xz => Vec3::Y,
            Plane::Xy => Vec3::Z,
        }
    }
}

/// The grid a request or follower uses: the one named, else the only one (none when there is
/// no grid, several and none named, or the named entity has none).
pub(crate) fn grid_for<'a>(named: Option<Entity>, grids: &'a Query<Ref<NavGrid>>) -> Option<Ref<'a, NavGrid>> {
    match named {
        Some(g) => grids.get(g).ok(),
        None => grids.single().ok(),
    }
}

/// A grid to find paths on. Put it on an entity (a world may have several; a request names its
/// grid, or uses the only one). Changing `grid` (through `Mut`) replans the followers whose
/// remaining way it blocks.
#[derive(Component, Clone, Debug)]
pub struct NavGrid {
    /// The cells.
    pub grid: Grid,
    /// The search settings requests use unless they bring their own (algorithm, diagonal rule,
    /// heuristic, hex cells...).
    pub options: SearchOptions,
    /// World units per cell.
    pub cell_size: f32,
    /// Where the centre of cell (0, 0) is.
    pub origin: Vec3,
    /// The plane the cells lie in.
    pub plane: Plane,
}

impl NavGrid {
    /// A grid with the default search (A* with octile moves, no corner cutting), cells 1 unit
    /// apart on the XZ plane, centred on the world's origin.
    pub fn new(grid: Grid) -> NavGrid {
        let (w, h) = (grid.width() as f32, grid.height() as f32);
        NavGrid {
            grid,
            options: SearchOptions::default(),
            cell_size: 1.0,
            origin: Vec3::new(-(w - 1.0) / 2.0, 0.0, -(h - 1.0) / 2.0),
            plane: Plane::Xz,
        }
    }

    /// A grid from rows of text: `.` floor, `@` (or `#`, `T`) blocked, digits 2-9 weights;
    /// every row as long as the first.
    ///
    /// ```
    /// let nav = bevy_cubepath::NavGrid::from_rows(&["..@", "..."]).unwrap();
    /// assert_eq!((nav.grid.width(), nav.grid.height()), (3, 2));
    /// ```
    pub fn from_rows(rows: &[&str]) -> Result<NavGrid, FileError> {
        let text = format!("type octile\nheight {}\nwidth {}\nmap\n{}\n", rows.len(), rows.first().map_or(0, |r| r.len()), rows.join("\n"));
        Self::from_map("rows", text.as_bytes())
    }

    /// A grid from a Moving AI `.map` file's bytes (`file` names it in errors: file:line).
    pub fn from_map(file: &str, bytes: &[u8]) -> Result<NavGrid, FileError> {
        read_map(file, bytes).map(NavGrid::new)
    }

    /// With these search settings.
    pub fn with_options(mut self, options: SearchOptions) -> NavGrid {
        self.options = options;
        self
    }

    /// On this plane, `cell_size` apart, cell (0, 0) at `origin`.
    pub fn placed(mut self, plane: Plane, cell_size: f32, origin: Vec3) -> NavGrid {
        (self.plane, self.cell_size, self.origin) = (plane, cell_size, origin);
        self
    }

    /// Whether the cells are hexagons (odd rows shifted half a cell right, rows `sqrt 3 / 2`
    /// apart so every neighbour is one cell away).
    fn hex(&self) -> bool {
        self.options.topology == Topology::Hex
    }

    /// The centre of a cell in the world.
    pub fn to_world(&self, p: Pos) -> Vec3 {
        let (mut x, mut row) = (p.0 as f32, p.1 as f32);
        if self.hex() {
            x += if p.1 % 2 == 1 { 0.5 } else { 0.0 };
            row *= HEX_ROW;
        }
        self.origin
            + match self.plane {
                Plane::Xz => Vec3::new(x, 0.0, row),
                Plane::Xy => Vec3::new(x, -row, 0.0),
            } * self.cell_size
    }

    /// From a unit's named (top-left) cell to the centre of its square, for a unit `size` cells
    /// a side (zero for one cell): a [`FollowPath`](crate::FollowPath) of a sized request walks
    /// its square's centre.
    pub fn unit_centre(&self, size: usize) -> Vec3 {
        let k = size.max(1) - 1;
        (self.to_world((k, k)) - self.to_world((0, 0))) / 2.0
    }

    /// The cell whose square (or hexagon) holds a world position, if on the grid.
    pub fn to_cell(&self, at: Vec3) -> Option<Pos> {
        let d = (at - self.origin) / self.cell_size;
        let (x, row) = match self.plane {
            Plane::Xz => (d.x, d.z),
            Plane::Xy => (d.x, -d.y),
        };
        let (x, y) = if self.hex() {
            // the nearest centre among the candidates of the two nearest rows
            let r = (row / HEX_ROW).floor();
            [r, r + 1.0]
                .into_iter()
                .map(|r| {
                    let shift = if (r as i64).rem_euclid(2) == 1 { 0.5 } else { 0.0 };
                    let cx = (x - shift).round();
                    ((cx, r), (cx + shift - x).powi(2) + (r * HEX_ROW - row).powi(2))
                })
                .min_by(|a, b| a.1.total_cmp(&b.1))?
                .0
        } else {
            (x.round(), row.round())
        };
        let (w, h) = (self.grid.width() as f32, self.grid.height() as f32);
        (x >= 0.0 && y >= 0.0 && x < w && y < h).then_some((x as usize, y as usize))
    }
}

/// Rows of hexagons are this far apart (one cell between centres of neighbours).
pub const HEX_ROW: f32 = 0.866_025_4;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unit_boards_of_grids_no_longer_held_are_forgotten() {
        let mut app = App::new();
        app.add_systems(Update, forget_unit_boards.run_if(unit_boards_kept));
        let held = app.world_mut().spawn(NavGrid::new(Grid::new(6, 6).unwrap())).id();
        let nav = app.world().get::<NavGrid>(held).unwrap();
        let copy = nav.grid.clone(); // another identity, held by no NavGrid
        let mut units = UnitGrids::default();
        for g in [&nav.grid, &copy] {
            for k in [2, 3] {
                assert!(units.for_unit(g, k).is_some());
            }
        }
        assert_eq!(units.0.len(), 4);
        app.insert_resource(units);
        app.update();
        let ours = app.world().get::<NavGrid>(held).unwrap().grid.version().0;
        let kept: Vec<u64> = app.world().resource::<UnitGrids>().0.keys().map(|&(id, _)| id).collect();
        assert_eq!(kept, vec![ours; 2], "only the held grid's boards are kept");
        app.world_mut().entity_mut(held).despawn();
        app.update();
        assert!(app.world().resource::<UnitGrids>().0.is_empty());
    }
}
