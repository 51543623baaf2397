//! `cubepath scen`: every problem of a scenario file, each judged against the file's length.

use std::io::Write;
use std::path::PathBuf;
use std::time::Instant;

use clap::Args;

use super::args::SearchArgs;
use super::failure::Failure::{self, BadInput};
use super::problems::{load_problems, note_approximate_verdicts};
use super::progress::Progress;
use crate::search::Searcher;

#[derive(Args, Debug)]
pub struct ScenArgs {
    /// A Moving AI .map file.
    pub map: PathBuf,
    /// Its .scen file.
    pub scen: PathBuf,
    #[command(flatten)]
    pub search: SearchArgs,
}

pub(super) fn scen(a: &ScenArgs) -> Result<u8, Failure> {
    let options = a.search.options();
    let (grid, problems) = load_problems(&a.map, &a.scen, &options)?;
    let mut searcher = Searcher::default();
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    let (mut passed, mut failed) = (0, 0);
    let mut progress = Progress::new(options.algorithm, problems.len());
    for (k, p) in problems.iter().enumerate() {
        progress.tick(k);
        let t = Instant::now();
        let r = searcher.search(&grid, p.start, p.goal, &options).map_err(|e| BadInput(format!("{}:{}: {e}", a.scen.display(), p.line)))?;
        let micros = t.elapsed().as_micros();
        let cost = r.cost.map_or("none".to_string(), |c| format!("{c:.8}"));
        if r.cost.is_some_and(|c| p.matches(c)) {
            passed += 1;
        } else {
            failed += 1;
        }
        writeln!(out, "{k}\t{}\t{}\t{}\t{}\t{}\t{cost}\t{}\t{micros}", p.start.0, p.start.1, p.goal.0, p.goal.1, p.stated, r.expanded)?;
    }
    progress.finish();
    note_approximate_verdicts(&problems);
    writeln!(out, "{passed} passed, {failed} failed")?;
    out.flush()?;
    Ok(if failed == 0 { 0 } else { 1 })
}
