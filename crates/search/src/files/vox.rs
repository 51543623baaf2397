//! MagicaVoxel `.vox` models as voxel worlds (read only): the model's voxels blocked, the rest
//! of its box free, z up as in cubepath and in MagicaVoxel.
//!
//! The format, as MagicaVoxel's author describes it (ephtracy/voxel-model,
//! `MagicaVoxel-file-format-vox.txt`): the four bytes `VOX `, a version (150, or 200 from
//! MagicaVoxel 0.99 on), then a `MAIN` chunk whose children are the other chunks. A chunk is
//! an id of four bytes, the length of its content and the length of its children (each a
//! little-endian 32-bit integer), then the content and the children. A model is a `SIZE`
//! chunk (x, y, z) and the `XYZI` chunk after it (a count, then x, y, z and a colour index, one
//! byte each). Every other chunk (palette, materials, the scene graph, layers, cameras) is
//! skipped: a world has no colours. A file of several models is refused rather than read in
//! part (where the scene graph places each is not read), and so is anything truncated or
//! outside its model's box; every error names the file and the byte where it was found.

use std::path::Path;

use crate::files::map::{FileError, err};
use crate::files::map3d::{load_3dmap, read_3dmap, write_3dmap};
use crate::world::voxel::VoxelGrid;

/// A chunk: its id, and where its content and its children lie (the next chunk begins where
/// they end).
struct Chunk {
    id: [u8; 4],
    content: std::ops::Range<usize>,
    children: std::ops::Range<usize>,
}

/// Reads a MagicaVoxel `.vox` file's bytes as a world of its one model; `file` names it in
/// errors.
///
/// ```
/// use cubepath_search::files::read_vox;
/// // a 3 x 2 x 2 model with two voxels
/// let mut bytes = b"VOX ".to_vec();
/// bytes.extend(150u32.to_le_bytes());
/// bytes.extend(b"MAIN");
/// bytes.extend([0u32.to_le_bytes(), 48u32.to_le_bytes()].concat());
/// bytes.extend(b"SIZE");
/// bytes.extend([12u32, 0, 3, 2, 2].map(u32::to_le_bytes).concat());
/// bytes.extend(b"XYZI");
/// bytes.extend([12u32, 0, 2].map(u32::to_le_bytes).concat());
/// bytes.extend([1, 0, 0, 7, 2, 1, 1, 7]);
/// let world = read_vox("two.vox", &bytes).unwrap();
/// assert_eq!((world.width(), world.height(), world.depth()), (3, 2, 2));
/// assert!(world.is_blocked((1, 0, 0)) && world.is_blocked((2, 1, 1)) && world.is_free((0, 0, 0)));
/// assert!(read_vox("cut.vox", &bytes[..60]).is_err());
/// ```
pub fn read_vox(file: &str, bytes: &[u8]) -> Result<VoxelGrid, FileError> {
    let fail = |at: usize, message: String| err(file, 0, format!("byte {at}: {message}"));
    if bytes.len() < 8 || &bytes[..4] != b"VOX " {
        return Err(err(file, 0, "not a MagicaVoxel file: it does not begin with 'VOX ' and a version"));
    }
    let main = chunk(bytes, 8).map_err(|m| fail(8, m))?;
    if &main.id != b"MAIN" {
        return Err(fail(8, format!("the first chunk must be 'MAIN', not '{}'", name(main.id))));
    }
    if main.children.end != bytes.len() {
        return Err(fail(main.children.end, format!("{} bytes after the MAIN chunk", bytes.len() - main.children.end)));
    }
    let mut world: Option<(VoxelGrid, usize, bool)> = None;
    let mut at = main.children.start;
    while at < main.children.end {
        let c = chunk(bytes, at).map_err(|m| fail(at, m))?;
        let content = &bytes[c.content.clone()];
        match &c.id {
            b"SIZE" => {
                if let Some((_, first, _)) = world {
                    return Err(fail(
                        at,
                        format!(
                            "a second model (the first's SIZE is at byte {first}): cubepath reads a file of one model; merge them in MagicaVoxel first"
                        ),
                    ));
                }
                let grid = model(content).map_err(|m| fail(at, m))?;
                world = Some((grid, at, false));
            }
            b"XYZI" => {
                let Some((grid, _, filled)) = &mut world else { return Err(fail(at, "voxels (XYZI) before the model's SIZE".into())) };
                if *filled {
                    return Err(fail(at, "a second XYZI for one model".into()));
                }
                fill(grid, content).map_err(|(k, m)| fail(c.content.start + k, m))?;
                *filled = true;
            }
            b"PACK" => {
                if let Some(n @ 2..) = word(content, 0) {
                    return Err(fail(at, format!("{n} models: cubepath reads a file of one model; merge them in MagicaVoxel first")));
                }
            }
            _ => {}
        }
        at = c.children.end;
    }
    match world {
        Some((grid, _, true)) => Ok(grid),
        Some((_, size, false)) => Err(fail(size, "a model's SIZE without its voxels (XYZI)".into())),
        None => Err(err(file, 0, "no model in the file (no SIZE and XYZI chunks)")),
    }
}

/// The empty world a SIZE chunk's content gives, or what is wrong with it.
fn model(content: &[u8]) -> Result<VoxelGrid, String> {
    let size = |k: usize| word(content, 4 * k).map(|v| v as usize).ok_or_else(|| "SIZE needs three sizes, x, y and z".to_string());
    let sides = [size(0)?, size(1)?, size(2)?];
    if sides.iter().any(|&s| s > VOX_MOST_SIDE) {
        // a voxel's coordinates are bytes: no model MagicaVoxel makes is larger
        return Err(format!(
            "a model of {} x {} x {}: MagicaVoxel models are at most {VOX_MOST_SIDE} a side",
            sides[0], sides[1], sides[2]
        ));
    }
    VoxelGrid::new(sides[0], sides[1], sides[2]).map_err(|e| e.to_string())
}

/// The largest `.vox` file read (a model of 256^3 voxels, all listed, takes 64 MiB).
const VOX_MOST_BYTES: u64 = 128 << 20;

/// Reads the `.vox` file at `path`; errors name the path. A file over 128 MiB is refused
/// unread.
pub fn load_vox(path: &Path) -> Result<VoxelGrid, FileError> {
    let name = path.display().to_string();
    let cannot = |e: std::io::Error| err(&name, 0, format!("cannot read: {e}"));
    let size = std::fs::metadata(path).map_err(cannot)?.len();
    if size > VOX_MOST_BYTES {
        return Err(err(&name, 0, format!("{size} bytes: larger than any model MagicaVoxel makes (at most {VOX_MOST_BYTES} read)")));
    }
    let bytes = std::fs::read(path).map_err(cannot)?;
    read_vox(&name, &bytes)
}

/// Whether `name` names a voxel world file: a `.3dmap` or a MagicaVoxel `.vox` (in any case).
///
/// ```
/// use cubepath_search::files::is_world_file;
/// assert!(is_world_file("castle.VOX") && is_world_file("w.3dmap") && !is_world_file("w.map"));
/// ```
pub fn is_world_file(name: impl AsRef<Path>) -> bool {
    is_vox_file(&name) || name.as_ref().extension().is_some_and(|e| e.eq_ignore_ascii_case("3dmap"))
}

/// Whether `name` names a MagicaVoxel `.vox` file (in any case).
pub fn is_vox_file(name: impl AsRef<Path>) -> bool {
    name.as_ref().extension().is_some_and(|e| e.eq_ignore_ascii_case("vox"))
}

/// Reads a world file's bytes by its name: MagicaVoxel's format for a `.vox`, `.3dmap`
/// otherwise.
pub fn read_world(file: &str, bytes: &[u8]) -> Result<VoxelGrid, FileError> {
    if is_vox_file(file) { read_vox(file, bytes) } else { read_3dmap(file, bytes) }
}

/// A world as the file `name` holds it: MagicaVoxel's format for a `.vox` (an error when a
/// side is over [`VOX_MOST_SIDE`]), `.3dmap` otherwise.
pub fn write_world(world: &VoxelGrid, name: &str) -> Result<Vec<u8>, String> {
    if is_vox_file(name) { write_vox(world) } else { Ok(write_3dmap(world).into_bytes()) }
}

/// Reads the world file at `path` by its name, as [`read_world`] (a `.3dmap` line by line).
pub fn load_world(path: &Path) -> Result<VoxelGrid, FileError> {
    if is_vox_file(path) { load_vox(path) } else { load_3dmap(path) }
}

/// The largest side MagicaVoxel takes (a voxel's coordinates are one byte each).
pub const VOX_MOST_SIDE: usize = 256;

/// Writes a world as a MagicaVoxel `.vox` file (version 150, one model: its blocked voxels,
/// all of colour 1), to edit in MagicaVoxel and open again; an error when a side is over
/// [`VOX_MOST_SIDE`].
///
/// ```
/// use cubepath_search::{world::VoxelGrid, files::{read_vox, write_vox}};
/// let mut world = VoxelGrid::new(4, 3, 2).unwrap();
/// world.set_blocked((3, 2, 1), true).unwrap();
/// assert_eq!(read_vox("w.vox", &write_vox(&world).unwrap()).unwrap(), world);
/// assert!(write_vox(&VoxelGrid::new(300, 1, 1).unwrap()).is_err());
/// ```
pub fn write_vox(world: &VoxelGrid) -> Result<Vec<u8>, String> {
    let sides = [world.width(), world.height(), world.depth()];
    if sides.iter().any(|&s| s > VOX_MOST_SIDE) {
        return Err(format!(
            "MagicaVoxel takes at most {VOX_MOST_SIDE} voxels a side; this world is {} x {} x {}",
            sides[0], sides[1], sides[2]
        ));
    }
    let blocked: Vec<usize> = (0..world.len()).filter(|&i| world.bit(i)).collect();
    let le = |v: usize| (v as u32).to_le_bytes();
    let mut out = b"VOX ".to_vec();
    out.extend(le(150));
    out.extend(b"MAIN");
    out.extend(le(0));
    out.extend(le(24 + 12 + 4 + 4 * blocked.len()));
    out.extend(b"SIZE");
    out.extend([le(12), le(0), le(sides[0]), le(sides[1]), le(sides[2])].concat());
    out.extend(b"XYZI");
    out.extend([le(4 + 4 * blocked.len()), le(0), le(blocked.len())].concat());
    for i in blocked {
        let (x, y, z) = world.pos(i);
        out.extend([x as u8, y as u8, z as u8, 1]);
    }
    Ok(out)
}

/// The chunk at `at`, its lengths checked against the end of `bytes`.
fn chunk(bytes: &[u8], at: usize) -> Result<Chunk, String> {
    let (Some(n), Some(m)) = (word(bytes, at + 4), word(bytes, at + 8)) else {
        return Err(format!("a chunk header needs 12 bytes, {} are left", bytes.len().saturating_sub(at)));
    };
    let id: [u8; 4] = bytes[at..at + 4].try_into().expect("four bytes");
    let start = at + 12;
    let left = bytes.len() - start;
    if n as u64 + m as u64 > left as u64 {
        return Err(format!("chunk '{}' says it holds {} bytes, but {left} are left", name(id), n as u64 + m as u64));
    }
    let content = start..start + n as usize;
    Ok(Chunk { id, content: content.clone(), children: content.end..content.end + m as usize })
}

/// The voxels of an XYZI chunk's content blocked in `grid`; an error gives the byte (from the
/// content's start) and what is wrong.
fn fill(grid: &mut VoxelGrid, content: &[u8]) -> Result<(), (usize, String)> {
    let n = word(content, 0).ok_or((0, "XYZI needs a count of voxels".to_string()))? as usize;
    let voxels = content.get(4..).unwrap_or_default();
    if voxels.len() / 4 < n {
        return Err((0, format!("XYZI says it lists {n} voxels, but holds {}", voxels.len() / 4)));
    }
    for (k, v) in voxels.chunks_exact(4).take(n).enumerate() {
        let p = (v[0] as usize, v[1] as usize, v[2] as usize);
        grid.set_blocked(p, true).map_err(|e| (4 + 4 * k, format!("voxel {} of the model: {e}", k + 1)))?;
    }
    Ok(())
}

/// The little-endian 32-bit integer at `at`, if the bytes hold one.
fn word(bytes: &[u8], at: usize) -> Option<u32> {
    bytes.get(at..at.checked_add(4)?).map(|b| u32::from_le_bytes(b.try_into().expect("four bytes")))
}

/// A chunk id as text, for messages.
fn name(id: [u8; 4]) -> String {
    id.iter().map(|&b| if b.is_ascii_graphic() || b == b' ' { b as char } else { '?' }).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::world::Pos3;

    /// Files written by others: dot_vox's test models (MIT licence, see
    /// `assets/maps/vox/README.md`), with the voxels its documentation says they hold.
    #[test]
    fn dot_vox_placeholder_is_its_documented_model() {
        let bytes = include_bytes!("../../../../assets/maps/vox/placeholder.vox");
        let world = read_vox("placeholder.vox", bytes).unwrap();
        assert_eq!((world.width(), world.height(), world.depth()), (2, 2, 2));
        let blocked: Vec<_> = (0..world.len()).map(|i| world.pos(i)).filter(|&p| world.is_blocked(p)).collect();
        let mut expected = vec![(0, 0, 0), (0, 1, 1), (1, 0, 1), (1, 1, 0)];
        expected.sort_by_key(|p| (p.2, p.1, p.0));
        assert_eq!(blocked, expected);
    }

    /// A file of several models (dot_vox's axes, four models placed by a scene graph) is
    /// refused, naming the second model's byte.
    #[test]
    fn several_models_are_refused() {
        let bytes = include_bytes!("../../../../assets/maps/vox/axes.vox");
        let e = read_vox("axes.vox", bytes).unwrap_err().to_string();
        assert!(e.starts_with("axes.vox: byte ") && e.contains("a second model"), "{e}");
    }

    /// Worlds written and read back are the same world, on all four kinds of generated world.
    #[test]
    fn written_worlds_read_back_the_same() {
        use crate::world::generate::{WorldKind, generate_world};
        for (k, kind) in [WorldKind::Blocks, WorldKind::Building, WorldKind::Caves, WorldKind::Islands].into_iter().enumerate() {
            let world = generate_world(kind, (13 + k, 256, 9), k as u64).unwrap();
            assert_eq!(read_vox("w.vox", &write_vox(&world).unwrap()).unwrap(), world, "{kind}");
        }
    }

    /// Every cut of a real file is refused with a message naming a byte, never read in part.
    #[test]
    fn a_cut_file_is_an_error_naming_a_byte() {
        let bytes = include_bytes!("../../../../assets/maps/vox/placeholder.vox");
        for end in (0..bytes.len()).step_by(7) {
            let e = read_vox("cut.vox", &bytes[..end]).expect_err("a cut file");
            assert!(e.to_string().starts_with("cut.vox: "), "{e}");
        }
    }

    /// A `.vox` file made by hand, byte by byte as the format's text describes it (not by
    /// [`write_vox`]): `VOX `, version 150, and a MAIN chunk holding `children`, each an id and
    /// its content.
    fn by_hand(children: &[(&[u8; 4], Vec<u8>)]) -> Vec<u8> {
        let mut inner = Vec::new();
        for (id, content) in children {
            inner.extend(*id);
            inner.extend((content.len() as u32).to_le_bytes());
            inner.extend(0u32.to_le_bytes());
            inner.extend(content);
        }
        let mut out = b"VOX ".to_vec();
        out.extend(150u32.to_le_bytes());
        out.extend(b"MAIN");
        out.extend(0u32.to_le_bytes());
        out.extend((inner.len() as u32).to_le_bytes());
        out.extend(inner);
        out
    }

    fn words(v: &[u32]) -> Vec<u8> {
        v.iter().flat_map(|w| w.to_le_bytes()).collect()
    }

    /// x, y and z in the file are x, y and z in the world: a 4 x 3 x 2 model (every side
    /// different) with voxels that no swap of axes maps onto themselves.
    #[test]
    fn the_axes_are_read_in_order_on_a_model_of_three_different_sides() {
        let voxels = [(3u8, 0u8, 0u8), (0, 2, 0), (0, 0, 1), (1, 2, 1)];
        let mut xyzi = words(&[voxels.len() as u32]);
        for (x, y, z) in voxels {
            xyzi.extend([x, y, z, 9]);
        }
        let world = read_vox("axes.vox", &by_hand(&[(b"SIZE", words(&[4, 3, 2])), (b"XYZI", xyzi)])).unwrap();
        assert_eq!((world.width(), world.height(), world.depth()), (4, 3, 2));
        let blocked: Vec<Pos3> = (0..world.len()).map(|i| world.pos(i)).filter(|&p| world.is_blocked(p)).collect();
        let mut want: Vec<Pos3> = voxels.iter().map(|&(x, y, z)| (x as usize, y as usize, z as usize)).collect();
        want.sort_by_key(|p| (p.2, p.1, p.0));
        assert_eq!(blocked, want);
    }

    /// Malformed files refused with the byte where the fault is: bytes after MAIN, an XYZI
    /// shorter than its count, a SIZE without its XYZI.
    #[test]
    fn malformed_vox_files_name_the_byte() {
        let size = (b"SIZE", words(&[2, 2, 2]));
        let good = by_hand(&[size.clone(), (b"XYZI", [words(&[1]), vec![1, 1, 1, 1]].concat())]);
        let read = read_vox("good.vox", &good).unwrap();
        assert_eq!((read.width(), read.height(), read.depth(), read.blocked_count()), (2, 2, 2, 1));
        assert!(read.is_blocked((1, 1, 1)));
        // trailing bytes: MAIN ends at the good file's end
        let mut trailing = good.clone();
        trailing.extend([0, 0, 0]);
        let e = read_vox("t.vox", &trailing).unwrap_err().to_string();
        assert_eq!(e, format!("t.vox: byte {}: 3 bytes after the MAIN chunk", good.len()));
        // an XYZI chunk that says 3 voxels and holds 1: its content starts after MAIN (20
        // bytes), SIZE (12 + 12) and its own header (12)
        let short = by_hand(&[size.clone(), (b"XYZI", [words(&[3]), vec![1, 1, 1, 1]].concat())]);
        let e = read_vox("s.vox", &short).unwrap_err().to_string();
        assert_eq!(e, "s.vox: byte 56: XYZI says it lists 3 voxels, but holds 1");
        // a SIZE with no XYZI after it: named at the SIZE's byte (20, after the header and MAIN's)
        let alone = by_hand(&[size.clone(), (b"RGBA", vec![0; 8])]);
        let e = read_vox("a.vox", &alone).unwrap_err().to_string();
        assert_eq!(e, "a.vox: byte 20: a model's SIZE without its voxels (XYZI)");
        // found by the vox fuzz target (tests/fuzz/crashes/vox): a SIZE of 2 x 770 x 2 was read
        // as a world no .vox can hold (a voxel's coordinates are bytes), so it could not be saved
        let wide = by_hand(&[(b"SIZE", words(&[2, 770, 2])), (b"XYZI", [words(&[1]), vec![1, 1, 1, 1]].concat())]);
        let e = read_vox("w.vox", &wide).unwrap_err().to_string();
        assert_eq!(e, "w.vox: byte 20: a model of 2 x 770 x 2: MagicaVoxel models are at most 256 a side");
        let most = by_hand(&[(b"SIZE", words(&[256, 1, 256])), (b"XYZI", [words(&[1]), vec![255, 0, 255, 1]].concat())]);
        assert!(read_vox("most.vox", &most).unwrap().is_blocked((255, 0, 255)));
    }
}
