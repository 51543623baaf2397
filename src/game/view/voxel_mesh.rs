//! A voxel world's chunk meshes: the faces of its blocked voxels that show, coloured by level,
//! those side by side on one level merged into one quad (greedy meshing). Made from the voxels
//! alone, so the view can draw them and the benchmark count them.

use bevy::asset::RenderAssetUsages;
use bevy::mesh::Indices;
use bevy::prelude::*;
use bevy::render::render_resource::PrimitiveTopology;

use crate::engine::world::VoxelGrid;
use crate::game::logic::world::voxel_centre;

/// The side of a chunk of columns drawn as one mesh.
pub const CHUNK: usize = 16;

/// The colour of a voxel's faces: dark low down, light high up, so the levels read apart.
fn level_colour(z: usize, depth: usize) -> [f32; 4] {
    let t = z as f32 / (depth.max(2) - 1) as f32;
    let low = [0.30, 0.34, 0.46];
    let high = [0.80, 0.70, 0.52];
    let shade = if z.is_multiple_of(2) { 1.0 } else { 0.92 };
    [0, 1, 2].map(|i| (low[i] + (high[i] - low[i]) * t) * shade).into_iter().chain([1.0]).collect::<Vec<_>>().try_into().expect("four")
}

/// The six faces in the game's space (y up): the outward normal, two axes spanning the face
/// with `u x v = n`, and the voxel neighbour across it (voxel coordinates, z up).
const FACES: [([f32; 3], [f32; 3], [f32; 3], [i64; 3]); 6] = [
    ([1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0], [1, 0, 0]),
    ([-1.0, 0.0, 0.0], [0.0, 0.0, 1.0], [0.0, 1.0, 0.0], [-1, 0, 0]),
    ([0.0, 1.0, 0.0], [0.0, 0.0, 1.0], [1.0, 0.0, 0.0], [0, 0, 1]),
    ([0.0, -1.0, 0.0], [1.0, 0.0, 0.0], [0.0, 0.0, 1.0], [0, 0, -1]),
    ([0.0, 0.0, 1.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0, 1, 0]),
    ([0.0, 0.0, -1.0], [0.0, 1.0, 0.0], [1.0, 0.0, 0.0], [0, -1, 0]),
];

/// The mesh of one chunk's blocked voxels up to level `top`: a face wherever the voxel across
/// it is free, hidden above the slice, or outside the world's sides (none on the ground).
/// Faces that show side by side on one level are drawn as one quad (greedy meshing): the
/// floors' and ceilings' across the level, the walls' along it (not up it: each level has its
/// colour). A game level's walls and floors, hundreds of voxels long, are then tens of quads,
/// not thousands of faces.
pub fn chunk_mesh(world: &VoxelGrid, top: usize, (cx, cy): (usize, usize)) -> Option<Mesh> {
    let (mut pos, mut nor, mut col, mut idx) = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    let (w, h) = (world.width(), world.height());
    let (nx, ny) = ((cx + CHUNK).min(w) - cx, (cy + CHUNK).min(h) - cy);
    let mut shows = [[false; CHUNK]; CHUNK];
    for z in 0..=top.min(world.depth() - 1) {
        // a level of the chunk with nothing blocked shows no face (most of a game level's air)
        if !(cy..cy + ny).any(|y| (cx..cx + nx).any(|x| world.is_blocked((x, y, z)))) {
            continue;
        }
        let colour = level_colour(z, world.depth());
        for (n, u, v, across) in FACES {
            let mut any = false;
            for (ly, row) in shows.iter_mut().enumerate().take(ny) {
                for (lx, face) in row.iter_mut().enumerate().take(nx) {
                    let (x, y) = (cx + lx, cy + ly);
                    let q = [x as i64 + across[0], y as i64 + across[1], z as i64 + across[2]];
                    *face = world.is_blocked((x, y, z))
                        && if q[2] < 0 {
                            false
                        } else if q[0] < 0 || q[1] < 0 || q[0] >= w as i64 || q[1] >= h as i64 || q[2] > top as i64 {
                            true
                        } else {
                            world.is_free((q[0] as usize, q[1] as usize, q[2] as usize))
                        };
                    any |= *face;
                }
            }
            if !any {
                continue;
            }
            // floors and ceilings merge across x and y; a wall facing along x merges along y,
            // one facing along y along x
            let (n, u, v) = (Vec3::from(n), Vec3::from(u), Vec3::from(v));
            for (lx, ly, wx, hy) in merge_faces(&mut shows, (nx, ny), (across[0] == 0, across[1] == 0)) {
                let (first, last) = ((cx + lx, cy + ly, z), (cx + lx + wx - 1, cy + ly + hy - 1, z));
                let c = (voxel_centre(world, first) + voxel_centre(world, last)) / 2.0;
                // the quad's size along the game's axes (x, up, and y as the game's z)
                let size = Vec3::new(wx as f32, 1.0, hy as f32);
                let base = pos.len() as u32;
                for (a, b) in [(-0.5, -0.5), (0.5, -0.5), (0.5, 0.5), (-0.5, 0.5)] {
                    pos.push((c + n * 0.5 + (u * a + v * b) * size).to_array());
                    nor.push(n.to_array());
                    col.push(colour);
                }
                idx.extend([base, base + 1, base + 2, base, base + 2, base + 3]);
            }
        }
    }
    (!idx.is_empty()).then(|| {
        Mesh::new(PrimitiveTopology::TriangleList, RenderAssetUsages::default())
            .with_inserted_attribute(Mesh::ATTRIBUTE_POSITION, pos)
            .with_inserted_attribute(Mesh::ATTRIBUTE_NORMAL, nor)
            .with_inserted_attribute(Mesh::ATTRIBUTE_COLOR, col)
            .with_inserted_indices(Indices::U32(idx))
    })
}

/// The faces marked in `shows` (the first `nx` x `ny` of it; cleared as they are taken) as
/// rectangles `(x, y, width, height)`, each grown along x first where `along.0`, then along y
/// where `along.1` (greedy meshing).
fn merge_faces(shows: &mut [[bool; CHUNK]; CHUNK], (nx, ny): (usize, usize), along: (bool, bool)) -> Vec<(usize, usize, usize, usize)> {
    let mut out = Vec::new();
    for ly in 0..ny {
        for lx in 0..nx {
            if !shows[ly][lx] {
                continue;
            }
            let mut wx = 1;
            while along.0 && lx + wx < nx && shows[ly][lx + wx] {
                wx += 1;
            }
            let mut hy = 1;
            while along.1 && ly + hy < ny && (lx..lx + wx).all(|x| shows[ly + hy][x]) {
                hy += 1;
            }
            for row in &mut shows[ly..ly + hy] {
                row[lx..lx + wx].fill(false);
            }
            out.push((lx, ly, wx, hy));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use bevy::mesh::VertexAttributeValues;

    /// The merged quads cover the faces that show, each exactly once and nothing else: on
    /// random worlds (dense and sparse, chunks cut by the world's edge, slices), every face of a
    /// blocked voxel whose neighbour across is free (or outside the sides, or above the slice;
    /// never the ground) lies in one quad facing its way, and the quads' area is their number.
    #[test]
    fn merged_quads_cover_exactly_the_faces_that_show() {
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let mut merged = 0;
        for round in 0..30 {
            let (w, h, d) = (1 + next() as usize % 40, 1 + next() as usize % 40, 1 + next() as usize % 6);
            let mut world = VoxelGrid::new(w, h, d).unwrap();
            let density = [3, 30, 90][round % 3];
            for i in 0..world.len() {
                if next() % 100 < density {
                    world.set_blocked(world.pos(i), true).unwrap();
                }
            }
            let top = next() as usize % d;
            // the quads: normal, centre and half-size along each game axis
            let mut quads = Vec::new();
            for cy in (0..h).step_by(CHUNK) {
                for cx in (0..w).step_by(CHUNK) {
                    let Some(mesh) = chunk_mesh(&world, top, (cx, cy)) else { continue };
                    let Some(VertexAttributeValues::Float32x3(p)) = mesh.attribute(Mesh::ATTRIBUTE_POSITION) else { panic!("positions") };
                    let Some(VertexAttributeValues::Float32x3(n)) = mesh.attribute(Mesh::ATTRIBUTE_NORMAL) else { panic!("normals") };
                    for (k, corners) in p.chunks(4).enumerate() {
                        let lo = corners.iter().fold(Vec3::splat(f32::MAX), |a, &c| a.min(Vec3::from(c)));
                        let hi = corners.iter().fold(Vec3::splat(f32::MIN), |a, &c| a.max(Vec3::from(c)));
                        quads.push((Vec3::from(n[4 * k]), lo, hi));
                    }
                }
            }
            let mut faces = 0;
            for z in 0..=top {
                for y in 0..h {
                    for x in 0..w {
                        if !world.is_blocked((x, y, z)) {
                            continue;
                        }
                        for (n, _, _, across) in FACES {
                            let q = [x as i64 + across[0], y as i64 + across[1], z as i64 + across[2]];
                            let inside = q[0] >= 0 && q[1] >= 0 && q[0] < w as i64 && q[1] < h as i64 && q[2] <= top as i64;
                            let shows = q[2] >= 0 && (!inside || world.is_free((q[0] as usize, q[1] as usize, q[2] as usize)));
                            if !shows {
                                continue;
                            }
                            faces += 1;
                            let (n, at) = (Vec3::from(n), voxel_centre(&world, (x, y, z)) + Vec3::from(n) * 0.5);
                            let holding = quads
                                .iter()
                                .filter(|(m, lo, hi)| *m == n && at.cmpge(*lo - 1e-3).all() && at.cmple(*hi + 1e-3).all())
                                .count();
                            assert_eq!(holding, 1, "{w} x {h} x {d} up to {top}: face {n} of {:?}", (x, y, z));
                        }
                    }
                }
            }
            let area: f32 = quads.iter().map(|(n, lo, hi)| ((*hi - *lo) + n.abs()).to_array().iter().product::<f32>()).sum();
            assert!((area - faces as f32).abs() < 1e-2, "{w} x {h} x {d}: {area} of quads for {faces} faces");
            merged += faces - quads.len();
        }
        assert!(merged > 1000, "faces were merged: {merged} fewer quads than faces");
    }
}
