//! Moving AI's voxel benchmark files (Brewer and Sturtevant 2018, as HOG2's `VoxelGrid` reads
//! them): `.3dmap` worlds (read and write) and `.3dscen` problem lists (read).
//!
//! `.3dmap`: a header `voxel W H D` (the voxels listed are blocked) or `rev_voxel W H D` (the
//! voxels listed are free, all others blocked), then one `x y z` a line. `.3dscen`: a line
//! `version 1` or `version 2`, a line naming the map file, then one problem a line:
//! `sx sy sz gx gy gz cost ratio` (version 2 adds a ninth field). As the 2D readers: line by
//! line, every error naming the file and line, nothing returned from a malformed file, blank
//! lines skipped, CRLF and a byte-order mark accepted, lines bounded.

use std::io::BufRead;
use std::path::Path;

use crate::files::map::{FileError, LINE_LIMIT, LineReader, err, short, stated_tolerance};
use crate::world::Pos3;
use crate::world::voxel::VoxelGrid;

/// Reads a `.3dmap` file's bytes; `file` names it in errors.
///
/// ```
/// use cubepath_search::files::read_3dmap;
/// let world = read_3dmap("w.3dmap", b"voxel 3 2 2\n1 0 0\n2 1 1\n").unwrap();
/// assert!(world.is_blocked((1, 0, 0)) && world.is_free((0, 0, 0)));
/// let holes = read_3dmap("r.3dmap", b"rev_voxel 2 1 1\n0 0 0\n").unwrap();
/// assert!(holes.is_free((0, 0, 0)) && holes.is_blocked((1, 0, 0)));
/// assert!(read_3dmap("bad.3dmap", b"voxel 3 2 2\n3 0 0\n").is_err());
/// ```
pub fn read_3dmap(file: &str, bytes: &[u8]) -> Result<VoxelGrid, FileError> {
    read_3dmap_from(file, bytes)
}

/// Reads a `.3dmap` file line by line from `reader` (see [`read_3dmap`]): memory follows the
/// world, whatever the file holds.
pub fn read_3dmap_from(file: &str, reader: impl BufRead) -> Result<VoxelGrid, FileError> {
    let mut lines = LineReader::new(file, reader);
    let mut world: Option<(VoxelGrid, bool)> = None;
    while let Some(line) = lines.next_line(LINE_LIMIT) {
        let (n, line) = line?;
        let fields: Vec<&str> = line.split_whitespace().take(5).collect();
        if fields.is_empty() {
            continue;
        }
        let Some((world, listed_blocked)) = &mut world else {
            world = Some(header(file, n, &fields)?);
            continue;
        };
        if fields.len() != 3 {
            return Err(err(file, n, format!("a voxel line needs 3 whole numbers x y z, this one has {} fields", fields.len().min(4))));
        }
        let p = coords(file, n, &fields)?;
        world.check(p).map_err(|e| err(file, n, e.to_string()))?;
        world.set_blocked(p, *listed_blocked).expect("checked inside");
    }
    world.map(|(w, _)| w).ok_or_else(|| err(file, 0, "empty file: expected a header 'voxel W H D' or 'rev_voxel W H D'"))
}

/// The header: the world, all free (`voxel`: listed voxels get blocked) or all blocked
/// (`rev_voxel`: listed voxels get freed).
fn header(file: &str, n: usize, fields: &[&str]) -> Result<(VoxelGrid, bool), FileError> {
    let listed_blocked = match fields[0] {
        "voxel" => true,
        "rev_voxel" => false,
        other => return Err(err(file, n, format!("the header must be 'voxel W H D' or 'rev_voxel W H D', not '{}'", short(other)))),
    };
    if fields.len() != 4 {
        return Err(err(file, n, "the header needs three sizes: width, height and depth"));
    }
    let (w, h, d) = coords(file, n, &fields[1..])?;
    let mut world = VoxelGrid::new(w, h, d).map_err(|e| err(file, n, e.to_string()))?;
    if !listed_blocked {
        world.fill(true);
    }
    Ok((world, listed_blocked))
}

/// Three whole numbers.
fn coords(file: &str, n: usize, fields: &[&str]) -> Result<Pos3, FileError> {
    let num = |k: usize| -> Result<usize, FileError> {
        fields[k].parse().map_err(|_| err(file, n, format!("'{}' is not a whole number", short(fields[k]))))
    };
    Ok((num(0)?, num(1)?, num(2)?))
}

/// Reads the `.3dmap` file at `path`, line by line; errors name the path (and the line).
pub fn load_3dmap(path: &Path) -> Result<VoxelGrid, FileError> {
    let name = path.display().to_string();
    let file = std::fs::File::open(path).map_err(|e| err(&name, 0, format!("cannot read: {e}")))?;
    read_3dmap_from(&name, std::io::BufReader::new(file))
}

/// Writes a world in `.3dmap` format: `voxel W H D` and its blocked voxels, or `rev_voxel` and
/// its free ones, whichever is shorter.
pub fn write_3dmap(world: &VoxelGrid) -> String {
    let blocked = world.blocked_count();
    let list_free = blocked * 2 > world.len();
    let kind = if list_free { "rev_voxel" } else { "voxel" };
    let mut out = format!("{kind} {} {} {}\n", world.width(), world.height(), world.depth());
    for i in 0..world.len() {
        let p = world.pos(i);
        if world.is_blocked(p) != list_free {
            out.push_str(&format!("{} {} {}\n", p.0, p.1, p.2));
        }
    }
    out
}

/// One problem of a `.3dscen` file.
#[derive(Clone, Debug, PartialEq)]
pub struct Problem3 {
    /// 1-based line in the file.
    pub line: usize,
    /// Start voxel.
    pub start: Pos3,
    /// Goal voxel.
    pub goal: Pos3,
    /// The optimal length the file gives.
    pub optimal: f64,
    /// The optimal length as the file writes it (at most 40 characters kept).
    pub stated: String,
    /// How far a cost may be from `optimal` and match (see [`stated_tolerance`]).
    pub tolerance: f64,
    /// The file's ratio field (the optimal length over the straight-line distance).
    pub ratio: f64,
}

impl Problem3 {
    /// Whether `cost` is the file's optimal length to the precision the file states. (Unlike
    /// 2D costs, sums of 1, sqrt 2 and sqrt 3 steps can lie very close together, so this is a
    /// check of the stated digits, not a proof that no other path cost matches.)
    pub fn matches(&self, cost: f64) -> bool {
        (cost - self.optimal).abs() <= self.tolerance
    }
}

/// A `.3dscen` file: the map it names and its problems.
#[derive(Clone, Debug, PartialEq)]
pub struct Scenario3 {
    /// The map file named on the second line.
    pub map: String,
    /// The problems.
    pub problems: Vec<Problem3>,
}

/// Reads a `.3dscen` file's bytes; `file` names it in errors.
///
/// ```
/// use cubepath_search::files::read_3dscen;
/// let s = read_3dscen("w.3dscen", b"version 1\nw.3dmap\n0 0 0 2 1 1 2.44948974 1.0\n").unwrap();
/// assert_eq!((s.map.as_str(), s.problems[0].goal), ("w.3dmap", (2, 1, 1)));
/// assert!(s.problems[0].matches(2f64.sqrt() + 1.0 + 1e-9) == false);
/// assert!(read_3dscen("cut.3dscen", b"version 1\nw.3dmap\n0 0 0 2 1\n").is_err());
/// ```
pub fn read_3dscen(file: &str, bytes: &[u8]) -> Result<Scenario3, FileError> {
    read_3dscen_from(file, bytes)
}

/// Reads a `.3dscen` file line by line from `reader` (see [`read_3dscen`]).
pub fn read_3dscen_from(file: &str, reader: impl BufRead) -> Result<Scenario3, FileError> {
    let mut lines = LineReader::new(file, reader);
    let (mut version, mut map, mut problems) = (None, None, Vec::new());
    while let Some(line) = lines.next_line(LINE_LIMIT) {
        let (n, line) = line?;
        let fields: Vec<&str> = line.split_whitespace().take(10).collect();
        if fields.is_empty() {
            continue;
        }
        match (version, &map) {
            (None, _) => {
                version = Some(match fields[..] {
                    ["version", "1"] | ["version", "1.0"] => 8,
                    ["version", "2"] | ["version", "2.0"] => 9,
                    _ => return Err(err(file, n, format!("the first line must be 'version 1' or 'version 2', not '{}'", short(line)))),
                });
            }
            (Some(_), None) => {
                if fields.len() != 1 {
                    return Err(err(file, n, "the second line must name the map file"));
                }
                map = Some(short(fields[0]));
            }
            (Some(count), Some(_)) => problems.push(problem(file, n, &fields, count)?),
        }
    }
    let map = map.ok_or_else(|| err(file, 0, "no map named (expected 'version 1' and a map file's name)"))?;
    if problems.is_empty() {
        return Err(err(file, 0, "no problems found"));
    }
    Ok(Scenario3 { map, problems })
}

fn problem(file: &str, n: usize, fields: &[&str], count: usize) -> Result<Problem3, FileError> {
    if fields.len() != count {
        let has = if fields.len() > count { format!("more than {count}") } else { fields.len().to_string() };
        return Err(err(file, n, format!("a problem line needs {count} fields, this one has {has}")));
    }
    let number = |k: usize, what: &str| -> Result<f64, FileError> {
        fields[k]
            .parse::<f64>()
            .ok()
            .filter(|v| v.is_finite() && *v >= 0.0)
            .ok_or_else(|| err(file, n, format!("{what} '{}' is not a number", short(fields[k]))))
    };
    let optimal = number(6, "optimal length")?;
    Ok(Problem3 {
        line: n,
        start: coords(file, n, &fields[0..3])?,
        goal: coords(file, n, &fields[3..6])?,
        optimal,
        stated: short(fields[6]),
        tolerance: stated_tolerance(fields[6], optimal),
        ratio: number(7, "ratio")?,
    })
}

/// Reads the `.3dscen` file at `path`, line by line; errors name the path and line.
pub fn load_3dscen(path: &Path) -> Result<Scenario3, FileError> {
    let name = path.display().to_string();
    let file = std::fs::File::open(path).map_err(|e| err(&name, 0, format!("cannot read: {e}")))?;
    read_3dscen_from(&name, std::io::BufReader::new(file))
}
