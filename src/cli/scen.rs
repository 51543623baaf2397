//! `cubepath scen`: every problem of a scenario file, each judged against the file's length; a
//! search that does not promise least-cost paths (greedy, a weight over 1, any-angle, HPA*, a
//! `--heuristic` formula) is judged on finding a path, and its cost ratio to the file's length
//! is reported instead, with how many came out above it.

use std::io::Write;
use std::path::PathBuf;
use std::time::Instant;

use clap::Args;

use super::args::{HeuristicArg, SearchArgs};
use super::failure::Failure::{self, BadInput};
use super::problems::{load_suite, note_approximate_verdicts};
use super::progress::Progress;
use crate::engine::search::Searcher;

#[derive(Args, Debug)]
pub struct ScenArgs {
    /// A Moving AI .map file, or a voxel world (.3dmap, or a MagicaVoxel .vox model).
    pub map: PathBuf,
    /// Its .scen (or .3dscen) file.
    pub scen: PathBuf,
    #[command(flatten)]
    pub search: SearchArgs,
}

pub(super) fn scen(a: &ScenArgs) -> Result<u8, Failure> {
    let suite = load_suite(&a.map, &a.scen, &a.search)?;
    let algorithm = a.search.algorithm;
    a.search.check_prep(&[algorithm]).map_err(BadInput)?;
    let mut searcher = Searcher::default();
    // what searches keep between them made (or read) first, apart from the problems' times
    let t = Instant::now();
    suite.preprocess(&mut searcher, algorithm)?;
    if algorithm.prepares() {
        eprintln!("preparation: {:.3} ms, {} bytes", t.elapsed().as_secs_f64() * 1000.0, searcher.kept_bytes());
    }
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    let (mut passed, mut failed) = (0, 0);
    let optimal = suite.admissible(algorithm);
    let (mut ratios, mut above) = (Vec::new(), 0);
    let mut progress = Progress::new(algorithm, suite.len());
    for k in 0..suite.len() {
        progress.tick(k);
        let t = Instant::now();
        let r = suite.search(&mut searcher, k, algorithm).map_err(|e| BadInput(format!("{}:{}: {e}", a.scen.display(), suite.line(k))))?;
        let micros = t.elapsed().as_micros();
        let cost = r.cost.map_or("none".to_string(), |c| format!("{c:.8}"));
        if r.cost.is_some_and(|c| if optimal { suite.matches(k, c) } else { c.is_finite() }) {
            passed += 1;
        } else {
            failed += 1;
        }
        write!(out, "{k}\t{}\t{}\t{cost}\t{}\t{micros}", suite.endpoints(k), suite.stated(k), r.expanded)?;
        if optimal {
            writeln!(out)?;
        } else {
            // the ratio to the file's length (1 for a zero-length problem found at cost 0)
            let ratio = r.cost.map(|c| if suite.optimal(k) > 0.0 { c / suite.optimal(k) } else { 1.0 + c });
            ratios.extend(ratio);
            above += r.cost.is_some_and(|c| c > suite.optimal(k) && !suite.matches(k, c)) as usize;
            writeln!(out, "\t{}", ratio.map_or("none".into(), |q| format!("{q:.6}")))?;
        }
    }
    progress.finish();
    if optimal {
        note_approximate_verdicts(suite.as_ref());
    } else {
        let mean = ratios.iter().sum::<f64>() / ratios.len().max(1) as f64;
        let worst = ratios.iter().copied().fold(f64::NAN, f64::max);
        let what = match &a.search.heuristic {
            Some(HeuristicArg::Formula(f)) => format!("{algorithm} with the estimate {}", f.text()),
            _ => algorithm.to_string(),
        };
        writeln!(out, "{what} does not promise least-cost paths: cost ratio to the file's lengths mean {mean:.6}, worst {worst:.6}")?;
        writeln!(out, "{above} of {} came out above the file's length", suite.len())?;
    }
    writeln!(out, "{passed} passed, {failed} failed")?;
    out.flush()?;
    Ok(if failed == 0 { 0 } else { 1 })
}
