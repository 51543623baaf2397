//! `cubepath world`: a seeded voxel world written as a `.3dmap`, or as a MagicaVoxel `.vox` to
//! edit there, to solve, run scenarios on or share (no published voxel world ships with
//! cubepath).

use std::path::PathBuf;

use clap::Args;

use super::args::parse_sides;
use super::failure::Failure::{self, BadInput};
use crate::engine::{
    files::write_world,
    world::{WorldKind, generate_world},
};

#[derive(Args, Debug)]
pub struct WorldArgs {
    /// blocks, building, caves or islands; at a game level's scale (hundreds of voxels a side,
    /// almost all air): storeys, terrain or plant.
    #[arg(long, default_value = "building")]
    pub kind: WorldKind,
    /// Width x height x depth in voxels, e.g. 64x64x16 (each 1 to 1024, z up).
    #[arg(long, default_value = "32x32x12", value_parser = parse_size)]
    pub size: (usize, usize, usize),
    /// The seed: the same seed makes the same world.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// The file to write: a .3dmap, or a .vox (MagicaVoxel's format, at most 256 voxels a side).
    #[arg(long)]
    pub out: PathBuf,
}

/// Parses `WxHxD`.
fn parse_size(s: &str) -> Result<(usize, usize, usize), String> {
    let [w, h, d] = parse_sides::<3>(s, "WxHxD, e.g. 64x64x16")?;
    Ok((w, h, d))
}

pub(super) fn world(a: &WorldArgs) -> Result<u8, Failure> {
    let world = generate_world(a.kind, a.size, a.seed).map_err(|e| BadInput(e.to_string()))?;
    let name = a.out.display().to_string();
    let bytes = write_world(&world, &name).map_err(|e| BadInput(format!("{name}: {e}")))?;
    crate::disk::write_atomically(&a.out, bytes).map_err(|e| BadInput(format!("could not write {}: {e}", a.out.display())))?;
    let (w, h, d) = a.size;
    println!(
        "{} {w} x {h} x {d}, seed {}: {} of {} voxels blocked, written to {}",
        a.kind,
        a.seed,
        world.blocked_count(),
        world.len(),
        a.out.display()
    );
    Ok(0)
}
