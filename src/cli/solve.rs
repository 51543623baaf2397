//! `cubepath solve`: one path on a map, with its cost, expansions and cells.

use std::io::Write;
use std::path::{Path, PathBuf};

use clap::Args;

use super::args::{At, SearchArgs, is_world, open_map, parse_at};
use super::failure::Failure::{self, BadInput};
use crate::engine::{
    files::load_world,
    grid::{Clearance, Grid, MAX_UNIT, Pos, polyline_length, string_pull},
    search::{Algorithm, SearchOptions, SearchResult, Searcher, validate},
};

#[derive(Args, Debug)]
pub struct SolveArgs {
    /// A Moving AI .map file, or a voxel world (.3dmap, or a MagicaVoxel .vox model).
    pub map: PathBuf,
    /// Start cell X,Y (a voxel X,Y,Z on a world).
    #[arg(long, value_parser = parse_at)]
    pub from: At,
    /// Goal cell X,Y (a voxel X,Y,Z on a world).
    #[arg(long, value_parser = parse_at)]
    pub to: At,
    /// String-pull the path: print its turning points, each in line of sight of the one
    /// before, and their Euclidean length as the cost (square cells without corner cutting).
    #[arg(long)]
    pub smooth: bool,
    /// Write every expansion in order (cell, g, h, f, parent, cells pushed) to this JSON file
    /// (format: the engine's `StepSearch::write_trace`); the algorithm must run step by step.
    /// Named `*.trace.json` or `*.trace.yaml`, the file is a Posthoc search trace instead
    /// (ShortestPathLab's visualiser, version 1.4.0: `Recording::write_posthoc`), for every
    /// algorithm that can be recorded (HPA* and the subgoal graph too).
    #[arg(long)]
    pub trace: Option<PathBuf>,
    /// A unit this many cells a side (1 to 64, square cells): --from, --to and the path's
    /// cells are its top-left cell, and none of its cells ever overlaps a wall.
    #[arg(long, default_value_t = 1)]
    pub unit: usize,
    #[command(flatten)]
    pub search: SearchArgs,
}

pub(super) fn solve(a: &SolveArgs) -> Result<u8, Failure> {
    if is_world(&a.map) {
        return solve_world(a);
    }
    let (At::Cell(from), At::Cell(to)) = (a.from, a.to) else {
        return Err(BadInput("--from and --to are cells X,Y on a 2D map (voxels X,Y,Z are for .3dmap and .vox worlds)".into()));
    };
    let mut grid = open_map(&a.map)?;
    let options = a.search.flat_options().map_err(BadInput)?;
    if a.unit != 1 {
        if options.topology == crate::engine::grid::Topology::Hex || !(1..=MAX_UNIT).contains(&a.unit) {
            return Err(BadInput(format!("--unit {}: units are 1 to {MAX_UNIT} cells a side, on square cells", a.unit)));
        }
        grid = Clearance::new(&grid).unit_grid(&grid, a.unit).expect("a size in range, values for this grid");
    }
    if a.smooth {
        // string pulling sees through cells as any-angle search does: the same conditions
        validate(&grid, from, to, &SearchOptions { algorithm: Algorithm::Theta, ..options })
            .map_err(|e| BadInput(format!("--smooth: {e}")))?;
    }
    let mut searcher = Searcher::default();
    a.search.check_prep(&[options.algorithm]).map_err(BadInput)?;
    a.search.keep_prepared(&mut searcher, &grid, options.algorithm).map_err(BadInput)?;
    let r = match (&a.trace, a.search.estimate()) {
        (Some(_), Some(_)) => return Err(BadInput("--trace and a --heuristic formula: trace a named heuristic's search".into())),
        (Some(path), None) => trace(&mut searcher, &grid, (from, to), &options, path)?,
        (None, Some(estimate)) => searcher.search_estimated(&grid, from, to, &options, &estimate)?,
        (None, None) => searcher.search(&grid, from, to, &options)?,
    };
    let r = match r.path.as_ref().filter(|_| a.smooth) {
        Some(path) => {
            let pulled = string_pull(&grid, path);
            SearchResult { cost: Some(polyline_length(&pulled)), path: Some(pulled), ..r }
        }
        None => r,
    };
    print_result(r, |(x, y)| format!("{x},{y}"))
}

/// `solve` on a voxel world: the same output, voxels written `X,Y,Z`.
fn solve_world(a: &SolveArgs) -> Result<u8, Failure> {
    let (At::Voxel(from), At::Voxel(to)) = (a.from, a.to) else {
        return Err(BadInput("--from and --to are voxels X,Y,Z on a .3dmap or .vox world".into()));
    };
    if a.smooth {
        return Err(BadInput("--smooth is for 2D maps".into()));
    }
    let world = load_world(&a.map)?;
    let options = a.search.world_options().map_err(BadInput)?;
    let mut searcher = Searcher::default();
    let r = match &a.trace {
        Some(_) if a.search.world_estimate().is_some() => {
            return Err(BadInput("--trace and a --heuristic formula: trace a named heuristic's search".into()));
        }
        Some(path) => {
            let mut json = Vec::new();
            let result = if is_posthoc(path) {
                let recording = searcher.record(&world, from, to, &options, options.limit.unwrap_or(usize::MAX));
                let recording = recording.map_err(|e| BadInput(format!("--trace: {e}")))?;
                recording.write_posthoc(to, (world.width(), world.height(), world.depth()), &mut json)?;
                recording.result
            } else {
                let run = searcher.steps_world(&world, from, to, &options).map_err(|e| BadInput(format!("--trace: {e}")))?;
                run.write_trace(options.limit, &mut json)?
            };
            crate::disk::write_atomically(path, json)
                .map_err(|e| BadInput(format!("could not write the trace {}: {e}", path.display())))?;
            result
        }
        None => match a.search.world_estimate() {
            Some(estimate) => searcher.search_world_estimated(&world, from, to, &options, &estimate)?,
            None => searcher.search_world(&world, from, to, &options)?,
        },
    };
    print_result(r, |(x, y, z)| format!("{x},{y},{z}"))
}

/// Prints `cost C`, `expanded N` and `path ...` (or `no path`, or `stopped`); exit 0 with a
/// path, 1 without.
fn print_result<P: Copy>(r: SearchResult<P>, name: impl Fn(P) -> String) -> Result<u8, Failure> {
    let mut out = std::io::stdout().lock();
    match (r.cost, r.path) {
        (Some(cost), Some(path)) => {
            writeln!(out, "cost {cost:.8}")?;
            writeln!(out, "expanded {}", r.expanded)?;
            let cells: Vec<String> = path.into_iter().map(name).collect();
            writeln!(out, "path {}", cells.join(" "))?;
            if !r.admissible {
                eprintln!("note: these settings do not guarantee the shortest path");
            }
            Ok(0)
        }
        _ if r.stopped => {
            writeln!(out, "stopped")?;
            writeln!(out, "expanded {}", r.expanded)?;
            eprintln!("note: the search stopped at its limit of {} expansions without an answer", r.expanded);
            Ok(1)
        }
        _ => {
            writeln!(out, "no path")?;
            writeln!(out, "expanded {}", r.expanded)?;
            Ok(1)
        }
    }
}

/// Runs the search step by step, writing its trace to a temporary file renamed to `path` once
/// complete: a failure never leaves a partial trace behind.
fn trace(
    searcher: &mut Searcher,
    grid: &Grid,
    (from, to): (Pos, Pos),
    options: &SearchOptions,
    path: &Path,
) -> Result<SearchResult, Failure> {
    let mut json = Vec::new();
    let result = if is_posthoc(path) {
        let recording = searcher.record(grid, from, to, options, options.limit.unwrap_or(usize::MAX));
        let recording = recording.map_err(|e| BadInput(format!("--trace: {e}")))?;
        recording.write_posthoc(to, (grid.width(), grid.height(), 1), &mut json)?;
        recording.result
    } else {
        let run = searcher.steps(grid, from, to, options).map_err(|e| BadInput(format!("--trace: {e}")))?;
        run.write_trace(options.limit, &mut json)?
    };
    crate::disk::write_atomically(path, json).map_err(|e| BadInput(format!("could not write the trace {}: {e}", path.display())))?;
    Ok(result)
}

/// Whether a trace file is for Posthoc (ShortestPathLab's visualiser): named `*.trace.json`,
/// `*.trace.yaml` or `*.trace.yml`, as that tool asks; any other name gets cubepath's own.
pub fn is_posthoc(path: &Path) -> bool {
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("").to_ascii_lowercase();
    [".trace.json", ".trace.yaml", ".trace.yml"].iter().any(|end| name.ends_with(end))
}
