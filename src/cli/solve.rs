//! `cubepath solve`: one path on a map, with its cost, expansions and cells.

use std::io::Write;
use std::path::{Path, PathBuf};

use clap::Args;

use super::args::{SearchArgs, parse_cell};
use super::failure::Failure::{self, BadInput};
use crate::game::logic::files;
use crate::search::{Algorithm, Grid, SearchOptions, SearchResult, Searcher, load_map, polyline_length, string_pull, validate};

#[derive(Args, Debug)]
pub struct SolveArgs {
    /// A Moving AI .map file.
    pub map: PathBuf,
    /// Start cell X,Y.
    #[arg(long, value_parser = parse_cell)]
    pub from: (usize, usize),
    /// Goal cell X,Y.
    #[arg(long, value_parser = parse_cell)]
    pub to: (usize, usize),
    /// String-pull the path: print its turning points, each in line of sight of the one
    /// before, and their Euclidean length as the cost (square cells without corner cutting).
    #[arg(long)]
    pub smooth: bool,
    /// Write every expansion in order (cell, g, h, f, parent, cells pushed) to this JSON file
    /// (format: the engine's `StepSearch::write_trace`); the algorithm must run step by step.
    #[arg(long)]
    pub trace: Option<PathBuf>,
    #[command(flatten)]
    pub search: SearchArgs,
}

pub(super) fn solve(a: &SolveArgs) -> Result<u8, Failure> {
    let grid = load_map(&a.map)?;
    let options = a.search.options();
    if a.smooth {
        // string pulling sees through cells as any-angle search does: the same conditions
        validate(&grid, a.from, a.to, &SearchOptions { algorithm: Algorithm::Theta, ..options })
            .map_err(|e| BadInput(format!("--smooth: {e}")))?;
    }
    let mut searcher = Searcher::default();
    let r = match &a.trace {
        Some(path) => trace(&mut searcher, &grid, a, &options, path)?,
        None => searcher.search(&grid, a.from, a.to, &options)?,
    };
    let mut out = std::io::stdout().lock();
    match (r.cost, r.path) {
        (Some(cost), Some(path)) => {
            let (path, cost) = if a.smooth {
                let pulled = string_pull(&grid, &path);
                let length = polyline_length(&pulled);
                (pulled, length)
            } else {
                (path, cost)
            };
            writeln!(out, "cost {cost:.8}")?;
            writeln!(out, "expanded {}", r.expanded)?;
            let cells: Vec<String> = path.iter().map(|(x, y)| format!("{x},{y}")).collect();
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
fn trace(searcher: &mut Searcher, grid: &Grid, a: &SolveArgs, options: &SearchOptions, path: &Path) -> Result<SearchResult, Failure> {
    let run = searcher.steps(grid, a.from, a.to, options).map_err(|e| BadInput(format!("--trace: {e}")))?;
    let mut json = Vec::new();
    let result = run.write_trace(options.limit, &mut json)?;
    files::write_atomically(path, json).map_err(|e| BadInput(format!("could not write the trace {}: {e}", path.display())))?;
    Ok(result)
}
