//! Worlds at the scale of real game levels: hundreds of voxels a side, almost all air
//! (`WorldKind::Storeys`, `Terrain` and `Plant`, made by [`generate_world`](crate::world::generate_world)). Each is built from
//! boxes, columns and tubes, touching only the voxels it blocks or clears (never a loop over
//! the whole volume per feature), so a 60-million-voxel world is made in well under a second.

use crate::rng::Rng;
use crate::world::Pos3;
use crate::world::voxel::VoxelGrid;

/// Blocks (or clears) every voxel of the box from `lo` to `hi` inclusive, cut to the world.
pub(crate) fn fill_box(world: &mut VoxelGrid, lo: Pos3, hi: Pos3, blocked: bool) {
    let hi = (hi.0.min(world.width() - 1), hi.1.min(world.height() - 1), hi.2.min(world.depth() - 1));
    for z in lo.2..=hi.2 {
        for y in lo.1..=hi.1 {
            for x in lo.0..=hi.0 {
                world.set_blocked((x, y, z), blocked).expect("cut to the world");
            }
        }
    }
}

/// A random whole number from `lo` to `hi` inclusive.
fn between(rng: &mut Rng, lo: usize, hi: usize) -> usize {
    lo + rng.below(hi.saturating_sub(lo) + 1)
}

/// Rooms and corridors at several storeys, floating in open air as a game level's tiles do:
/// each room a hollow box (walls, floor and ceiling one voxel thick) with a doorway in each
/// wall, joined along x and y to the next room of its storey by a walled corridor (a tube
/// 3 x 3 inside), and to the storey above by a shaft through both slabs. About one room per
/// 48 x 48 columns on each storey, at most eight storeys spread up the world.
pub(crate) fn storeys(world: &mut VoxelGrid, rng: &mut Rng) {
    let (w, h, d) = (world.width(), world.height(), world.depth());
    if w < 12 || h < 12 || d < 8 {
        return;
    }
    let rooms = Rooms::place(world, rng);
    for &(lo, hi) in rooms.at.iter().flatten() {
        fill_box(world, lo, hi, true);
        let (a, b) = inside((lo, hi));
        fill_box(world, a, b, false);
        // a doorway 2 wide and 3 high in the middle of each wall
        let (mx, my) = ((lo.0 + hi.0) / 2, (lo.1 + hi.1) / 2);
        for (a, b) in
            [((lo.0, my), (lo.0, my + 1)), ((hi.0, my), (hi.0, my + 1)), ((mx, lo.1), (mx + 1, lo.1)), ((mx, hi.1), (mx + 1, hi.1))]
        {
            fill_box(world, (a.0, a.1, lo.2 + 1), (b.0, b.1, lo.2 + 3), false);
        }
    }
    let legs = rooms.join(world);
    // every shell before any inside, so that a corridor's walls never cut one it crosses
    let grow = |(lo, hi): (Pos3, Pos3), by: usize| {
        ((lo.0.saturating_sub(by), lo.1.saturating_sub(by), lo.2.saturating_sub(by)), (hi.0 + by, hi.1 + by, hi.2 + by))
    };
    for &leg in &legs {
        let (lo, hi) = grow(leg, 2);
        shell(world, lo, hi);
    }
    for &leg in &legs {
        let (lo, hi) = grow(leg, 1);
        fill_box(world, lo, hi, false);
    }
    // the corridors' shells ran on through the rooms they join: the rooms' insides cleared again
    for &room in rooms.at.iter().flatten() {
        let (a, b) = inside(room);
        fill_box(world, a, b, false);
    }
}

/// A room's inside: its box less the walls.
fn inside((lo, hi): (Pos3, Pos3)) -> (Pos3, Pos3) {
    ((lo.0 + 1, lo.1 + 1, lo.2 + 1), (hi.0 - 1, hi.1 - 1, hi.2 - 1))
}

/// The rooms of a world of storeys: a grid of cells on each storey, each with a room's box
/// (its corners, inclusive) or a gap.
struct Rooms {
    at: Vec<Option<(Pos3, Pos3)>>,
    levels: usize,
    rows: usize,
    cols: usize,
}

impl Rooms {
    /// At most eight storeys spread up the world, at least 16 voxels apart; a room in three
    /// cells of four, 8 to 24 voxels across and 6 to 10 high.
    fn place(world: &VoxelGrid, rng: &mut Rng) -> Rooms {
        let (w, h, d) = (world.width(), world.height(), world.depth());
        let cell = 48;
        let levels = (d / 16).clamp(1, 8);
        let storey = d / levels;
        let (cols, rows) = ((w / cell).max(1), (h / cell).max(1));
        let mut at = vec![None; cols * rows * levels];
        for l in 0..levels {
            for r in 0..rows {
                for c in 0..cols {
                    if rng.unit() < 0.25 {
                        continue; // a gap in the grid of rooms
                    }
                    let (sx, sy, sz) = (between(rng, 8, 24).min(w - 2), between(rng, 8, 24).min(h - 2), between(rng, 6, 10).min(d - 2));
                    let x0 = (c * cell + rng.below(cell.saturating_sub(sx).max(1))).min(w - sx - 1);
                    let y0 = (r * cell + rng.below(cell.saturating_sub(sy).max(1))).min(h - sy - 1);
                    let z0 = (l * storey + 1).min(d - sz - 1);
                    at[(l * rows + r) * cols + c] = Some(((x0, y0, z0), (x0 + sx, y0 + sy, z0 + sz)));
                }
            }
        }
        Rooms { at, levels, rows, cols }
    }

    fn get(&self, l: usize, r: usize, c: usize) -> Option<(Pos3, Pos3)> {
        (l < self.levels && r < self.rows && c < self.cols).then(|| self.at[(l * self.rows + r) * self.cols + c]).flatten()
    }

    /// Cuts a shaft from each room up to the room above it (where both stand), and returns the
    /// corridors' legs from each room to the next along x and along y on its storey.
    fn join(&self, world: &mut VoxelGrid) -> Vec<(Pos3, Pos3)> {
        let centre = |(lo, hi): (Pos3, Pos3)| ((lo.0 + hi.0) / 2, (lo.1 + hi.1) / 2, lo.2 + 2);
        let mut legs = Vec::new();
        for l in 0..self.levels {
            for r in 0..self.rows {
                for c in 0..self.cols {
                    let Some(room) = self.get(l, r, c) else { continue };
                    let a = centre(room);
                    for other in [self.get(l, r, c + 1), self.get(l, r + 1, c)].into_iter().flatten() {
                        legs.extend(corridor(a, centre(other)));
                    }
                    let Some(above) = self.get(l + 1, r, c) else { continue };
                    let (x, y) = (a.0.clamp(above.0.0 + 2, above.1.0 - 3), a.1.clamp(above.0.1 + 2, above.1.1 - 3));
                    if (room.0.0 + 2..room.1.0 - 2).contains(&x) && (room.0.1 + 2..room.1.1 - 2).contains(&y) {
                        fill_box(world, (x - 2, y - 2, room.1.2), (x + 2, y + 2, above.0.2), true);
                        fill_box(world, (x - 1, y - 1, room.1.2), (x + 1, y + 1, above.0.2), false);
                    }
                }
            }
        }
        legs
    }
}

/// The two legs of a corridor from `a` to `b` at `a`'s height, as the lines of voxels along
/// its middle: along x first, then along y. Each is walled 2 voxels out and cleared 1 voxel
/// out (3 x 3 inside), so it opens into the rooms it joins through their walls, and into any
/// corridor it crosses.
fn corridor(a: Pos3, b: Pos3) -> [(Pos3, Pos3); 2] {
    let (x0, x1) = (a.0.min(b.0), a.0.max(b.0));
    let (y0, y1) = (a.1.min(b.1), a.1.max(b.1));
    [((x0, a.1, a.2), (x1, a.1, a.2)), ((b.0, y0, a.2), (b.0, y1, a.2))]
}

/// Blocks a box's six faces, cut to the world.
fn shell(world: &mut VoxelGrid, lo: Pos3, hi: Pos3) {
    let hi = (hi.0.min(world.width() - 1), hi.1.min(world.height() - 1), hi.2.min(world.depth() - 1));
    for (flo, fhi) in [
        (lo, (hi.0, hi.1, lo.2)),
        ((lo.0, lo.1, hi.2), hi),
        (lo, (hi.0, lo.1, hi.2)),
        ((lo.0, hi.1, lo.2), hi),
        (lo, (lo.0, hi.1, hi.2)),
        ((hi.0, lo.1, lo.2), hi),
    ] {
        fill_box(world, flo, fhi, true);
    }
}

/// Open terrain with caves under a tall sky: ground two voxels thick everywhere, hills (round
/// bumps up to a quarter of the height, at most 40) about one per 60 x 60 columns, and through
/// each hill a cave: a tunnel 3 x 3 across it at its foot, along x or y.
pub(crate) fn terrain(world: &mut VoxelGrid, rng: &mut Rng) {
    let (w, h, d) = (world.width(), world.height(), world.depth());
    let ground = 2.min(d - 1);
    fill_box(world, (0, 0, 0), (w - 1, h - 1, ground.saturating_sub(1)), true);
    let hills = (w * h / 3600).max(1);
    let top = (d / 4).clamp(1, 40);
    for _ in 0..hills {
        let (cx, cy) = (rng.below(w), rng.below(h));
        let r = between(rng, 8, 24);
        let peak = between(rng, top / 2, top).max(1);
        for y in cy.saturating_sub(r)..(cy + r + 1).min(h) {
            for x in cx.saturating_sub(r)..(cx + r + 1).min(w) {
                let (dx, dy) = (x as f64 - cx as f64, y as f64 - cy as f64);
                let t = 1.0 - (dx * dx + dy * dy) / (r * r) as f64;
                if t > 0.0 {
                    let z = ground + (peak as f64 * t * t) as usize;
                    fill_box(world, (x, y, ground), (x, y, z.min(d - 1)), true);
                }
            }
        }
        // the cave, at the foot, through the hill
        if peak >= 6 {
            let (lo, hi) = if rng.below(2) == 0 {
                ((cx.saturating_sub(r + 1), cy.saturating_sub(1), ground), (cx + r + 1, cy + 1, ground + 2))
            } else {
                ((cx.saturating_sub(1), cy.saturating_sub(r + 1), ground), (cx + 1, cy + r + 1, ground + 2))
            };
            fill_box(world, lo, hi, false);
        }
    }
}

/// Industrial pipes and platforms: straight pipes (solid, 2 x 2 or 3 x 3 across) along each
/// axis through the air, about one per 2,000 columns a side's worth, and platforms (slabs one
/// voxel thick, 10 to 30 across) at random heights on four columns each.
pub(crate) fn plant(world: &mut VoxelGrid, rng: &mut Rng) {
    let (w, h, d) = (world.width(), world.height(), world.depth());
    let pipes = ((w * h + h * d + w * d) / 2000).max(3);
    for k in 0..pipes {
        let across = between(rng, 2, 3);
        let (x, y, z) = (rng.below(w), rng.below(h), rng.below(d));
        let span = |n: usize, at: usize, rng: &mut Rng| {
            let len = between(rng, n / 4, n).max(1);
            let start = at.saturating_sub(len / 2);
            (start, (start + len).min(n) - 1)
        };
        let (lo, hi) = match k % 3 {
            0 => {
                let (a, b) = span(w, x, rng);
                ((a, y, z), (b, y + across - 1, z + across - 1))
            }
            1 => {
                let (a, b) = span(h, y, rng);
                ((x, a, z), (x + across - 1, b, z + across - 1))
            }
            _ => {
                let (a, b) = span(d, z, rng);
                ((x, y, a), (x + across - 1, y + across - 1, b))
            }
        };
        fill_box(world, lo, hi, true);
    }
    let platforms = (w * h / 1500).max(1);
    for _ in 0..platforms {
        let (sx, sy) = (between(rng, 10, 30).min(w), between(rng, 10, 30).min(h));
        let (x0, y0, z) = (rng.below(w - sx + 1), rng.below(h - sy + 1), rng.below(d));
        fill_box(world, (x0, y0, z), (x0 + sx - 1, y0 + sy - 1, z), true);
        for (x, y) in [(x0, y0), (x0 + sx - 1, y0), (x0, y0 + sy - 1), (x0 + sx - 1, y0 + sy - 1)] {
            fill_box(world, (x, y, 0), (x, y, z), true);
        }
    }
}
