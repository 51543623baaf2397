//! `cubepath prep`: a map prepared once for `--algorithm subgoal` (its subgoal graph, contracted,
//! or on a map of scattered obstacles JPS+'s jump distances), written to a file that `solve`,
//! `scen` and `bench` read with `--prep`.

use std::io::Write;
use std::path::PathBuf;
use std::time::Instant;

use clap::Args;

use super::args::open_map;
use super::failure::Failure::{self, BadInput};
use crate::engine::search::prepare;

#[derive(Args, Debug)]
pub struct PrepArgs {
    /// A Moving AI .map file (square cells, no terrain), or board:CODE.
    pub map: PathBuf,
    /// Where to write the preparation.
    #[arg(long)]
    pub out: PathBuf,
}

pub(super) fn prep(a: &PrepArgs) -> Result<u8, Failure> {
    let grid = open_map(&a.map)?;
    let t = Instant::now();
    let prepared = prepare(&grid).map_err(|e| BadInput(format!("{}: {e}", a.map.display())))?;
    let took = t.elapsed();
    let bytes = prepared.to_bytes();
    crate::disk::write_atomically(&a.out, &bytes).map_err(|e| BadInput(format!("could not write {}: {e}", a.out.display())))?;
    let mut out = std::io::stdout().lock();
    // a map whose subgoal graph has too many cycles or reaches to pay keeps JPS+'s jump distances instead
    writeln!(out, "method {}", if prepared.uses_jump_table() { "jump-table" } else { "subgoal-graph" })?;
    writeln!(out, "landmarks {}", prepared.landmarks())?;
    writeln!(out, "subgoals {}", prepared.subgoals())?;
    writeln!(out, "edges {}", prepared.edges())?;
    writeln!(out, "shortcuts {}", prepared.shortcuts())?;
    writeln!(out, "memory_bytes {}", prepared.bytes())?;
    writeln!(out, "prepared in {:.3} ms, {} bytes written to {}", took.as_secs_f64() * 1000.0, bytes.len(), a.out.display())?;
    Ok(0)
}
