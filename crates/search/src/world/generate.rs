//! Seeded voxel worlds to play on and to measure with ([`generate_world`]): random blocks, a
//! building of floors with rooms and stairs, caves of smoothed noise, and floating islands.

use crate::rng::Rng;
use crate::world::Pos3;
use crate::world::scale;
use crate::world::voxel::{VoxelGrid, WorldError};

/// The kinds of world [`generate_world`] makes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum WorldKind {
    /// Each voxel blocked with probability 0.2.
    #[default]
    Blocks,
    /// Floors every 4 levels (3 voxels of air, then a slab), each floor split into rooms by
    /// walls with doorways, and a straight stair of 4 steps from each floor to the next.
    Building,
    /// Noise smoothed by a cellular automaton (a voxel is blocked when most of its 26
    /// neighbours are; outside counts as blocked): connected caverns.
    Caves,
    /// Open air with floating lumps of rock (ellipsoids), for flyers.
    Islands,
    /// At a game level's scale (see [`WorldKind::AT_SCALE`]): rooms and corridors at several
    /// storeys (at most eight, at least 16 voxels apart), floating in open air; shafts join them.
    Storeys,
    /// At a game level's scale: open terrain under a tall sky, hills with caves through them.
    Terrain,
    /// At a game level's scale: industrial pipes along the three axes, and platforms on columns.
    Plant,
}

impl WorldKind {
    /// Every kind, in the order the command line and the panel list them.
    pub const ALL: [WorldKind; 4] = [WorldKind::Blocks, WorldKind::Building, WorldKind::Caves, WorldKind::Islands];

    /// The kinds made for worlds the size of real game levels (hundreds of voxels a side, under
    /// 1 % solid), built in time that follows what is solid, not the volume: for the command
    /// line and the benchmarks (the game's world panel offers [`WorldKind::ALL`]).
    pub const AT_SCALE: [WorldKind; 3] = [WorldKind::Storeys, WorldKind::Terrain, WorldKind::Plant];
}

named!(WorldKind, "world kind",
    WorldKind::Blocks => "blocks",
    WorldKind::Building => "building",
    WorldKind::Caves => "caves",
    WorldKind::Islands => "islands",
    WorldKind::Storeys => "storeys",
    WorldKind::Terrain => "terrain",
    WorldKind::Plant => "plant",
);

/// The floor-to-floor height of a building: 3 voxels of air and a slab.
pub const STOREY: usize = 4;

/// A world of `kind`, `width x height x depth`, the same for the same seed.
///
/// ```
/// use cubepath_search::{search::{Searcher, VoxelOptions}, world::{VoxelMoves, WorldKind, generate_world}};
/// let world = generate_world(WorldKind::Building, (24, 24, 12), 7).unwrap();
/// // a walker gets from the ground floor to the top floor by the stairs
/// let walk = VoxelOptions { moves: VoxelMoves::Walk, ..Default::default() };
/// let r = Searcher::default().search_world(&world, (1, 1, 0), (1, 1, 8), &walk).unwrap();
/// assert!(r.path.unwrap().len() > 8);
/// assert_eq!(generate_world(WorldKind::Caves, (9, 9, 9), 3).unwrap(), generate_world(WorldKind::Caves, (9, 9, 9), 3).unwrap());
/// ```
pub fn generate_world(kind: WorldKind, (width, height, depth): (usize, usize, usize), seed: u64) -> Result<VoxelGrid, WorldError> {
    let mut world = VoxelGrid::new(width, height, depth)?;
    let mut rng = Rng::new(seed);
    match kind {
        WorldKind::Blocks => each(&mut world, |_, w| w.1 < 0.2, &mut rng),
        WorldKind::Building => building(&mut world, &mut rng),
        WorldKind::Caves => caves(&mut world, &mut rng),
        WorldKind::Islands => islands(&mut world, &mut rng),
        WorldKind::Storeys => scale::storeys(&mut world, &mut rng),
        WorldKind::Terrain => scale::terrain(&mut world, &mut rng),
        WorldKind::Plant => scale::plant(&mut world, &mut rng),
    }
    Ok(world)
}

/// Blocks every voxel for which `blocked(voxel, (voxel, a fresh random unit))` holds.
fn each(world: &mut VoxelGrid, blocked: impl Fn(Pos3, (Pos3, f64)) -> bool, rng: &mut Rng) {
    for i in 0..world.len() {
        let p = world.pos(i);
        if blocked(p, (p, rng.unit())) {
            world.set_blocked(p, true).expect("inside");
        }
    }
}

/// Floors, rooms and stairs: see [`WorldKind::Building`]. Floor `k` stands at z = 4k; its
/// slab (the floor above's ground) is at z = 4k + 3. Rooms are about 8 voxels across, walls 3
/// high with a doorway of 2 in every wall segment; the stair from floor k climbs along +x from a
/// random spot, its steps blocked up to z = 4k + i, with the slab opened over the first three.
fn building(world: &mut VoxelGrid, rng: &mut Rng) {
    let (w, h, d) = (world.width(), world.height(), world.depth());
    let floors = d.div_ceil(STOREY);
    let room = 8;
    for k in 0..floors {
        let base = k * STOREY;
        let slab = base + STOREY - 1;
        if slab < d && k + 1 < floors {
            for y in 0..h {
                for x in 0..w {
                    world.set_blocked((x, y, slab), true).expect("inside");
                }
            }
        }
        // walls on lines every 8 voxels, with doorways
        for z in base..(base + STOREY - 1).min(d) {
            for y in 0..h {
                for x in 0..w {
                    let on_wall = (x % room == room - 1 && x + 1 < w) || (y % room == room - 1 && y + 1 < h);
                    let (along, size) = if x % room == room - 1 { (y, h) } else { (x, w) };
                    if on_wall && !doorway(along, size, room) {
                        world.set_blocked((x, y, z), true).expect("inside");
                    }
                }
            }
        }
    }
    // the stairs once every floor stands, each on another row than the one below it, so its
    // landing is not over the lower stair's opening
    let mut last_row = None;
    for k in 0..floors.saturating_sub(1) {
        if (k + 1) * STOREY > d || w < 6 {
            break;
        }
        // a row inside a room, with room rows on both sides to step onto its landings from
        let mut row = rng.below(h);
        for _ in 0..h {
            if (1..room - 2).contains(&(row % room)) && row + 1 < h && Some(row) != last_row {
                break;
            }
            row = (row + 1) % h;
        }
        stair(world, k * STOREY, row, rng);
        last_row = Some(row);
    }
}

/// Whether `along`, a coordinate along a wall of a world `size` wide there, is in the wall
/// segment's doorway: two voxels in from the segment's start, or its first voxel where the
/// segment (cut short by the world's edge) is shorter than 4.
fn doorway(along: usize, size: usize, room: usize) -> bool {
    let start = along - along % room;
    let segment = (size - start).min(room - 1);
    if segment >= 4 { (2..4).contains(&(along % room)) } else { along.is_multiple_of(room) }
}

/// A stair of 4 steps along +x on row `y0` from floor `base` to the next, at a random column.
fn stair(world: &mut VoxelGrid, base: usize, y0: usize, rng: &mut Rng) {
    let w = world.width();
    // the stair and its landings span x0 - 1 ..= x0 + 4, inside one room (no wall line x % 8 == 7)
    let x0 = 1 + 8 * rng.below((w - 6) / 8 + 1);
    for i in 0..STOREY {
        let x = (x0 + i).min(w - 1);
        // the step's column, and the air above it cleared up to the next floor (so the slab is
        // open above the first three steps)
        for z in base..base + 2 * STOREY - 1 {
            if z < world.depth() {
                world.set_blocked((x, y0, z), z <= base + i).expect("inside");
            }
        }
    }
    // the landing before the first step and after the last
    for x in [x0 - 1, (x0 + STOREY).min(w - 1)] {
        let z = if x < x0 { base } else { base + STOREY };
        if z < world.depth() {
            world.set_blocked((x, y0, z), false).expect("inside");
        }
    }
}

/// Noise at 45 %, smoothed four times: blocked where at least 14 of the 26 neighbours are.
fn caves(world: &mut VoxelGrid, rng: &mut Rng) {
    each(world, |_, w| w.1 < 0.45, rng);
    for _ in 0..4 {
        let before = world.clone();
        for i in 0..world.len() {
            let p = world.pos(i);
            let mut blocked = 0;
            for dz in -1..=1isize {
                for dy in -1..=1isize {
                    for dx in -1..=1isize {
                        let q = (p.0.wrapping_add_signed(dx), p.1.wrapping_add_signed(dy), p.2.wrapping_add_signed(dz));
                        blocked += usize::from((dx, dy, dz) != (0, 0, 0) && before.is_blocked(q));
                    }
                }
            }
            world.set_blocked(p, blocked >= 14).expect("inside");
        }
    }
}

/// About one island per 4,000 voxels: an ellipsoid of rock, flat-bottomed, somewhere in the air.
fn islands(world: &mut VoxelGrid, rng: &mut Rng) {
    let (w, h, d) = (world.width() as f64, world.height() as f64, world.depth() as f64);
    let count = (world.len() / 4000).max(1);
    for _ in 0..count {
        let c = (rng.unit() * w, rng.unit() * h, rng.unit() * d);
        let r = (2.0 + rng.unit() * 6.0, 2.0 + rng.unit() * 6.0, 1.0 + rng.unit() * 2.0);
        for i in 0..world.len() {
            let p = world.pos(i);
            let (x, y, z) = ((p.0 as f64 - c.0) / r.0, (p.1 as f64 - c.1) / r.1, (p.2 as f64 - c.2) / r.2);
            if x * x + y * y + z * z <= 1.0 && p.2 as f64 >= c.2 - 0.5 * r.2 {
                world.set_blocked(p, true).expect("inside");
            }
        }
    }
}
