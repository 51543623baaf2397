//! `cubepath bench`: every problem of a scenario file timed, GPPC-style totals, each cost
//! checked, and optionally a picture.

use std::io::Write;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use clap::Args;

use super::args::SearchArgs;
use super::edits::Edits;
use super::failure::Failure::{self, BadInput};
use super::plot;
use super::problems::{Suite, load_suite, note_approximate_verdicts};
use super::progress::Progress;
use crate::engine::search::{Algorithm, Searcher};

#[derive(Args, Debug)]
pub struct BenchArgs {
    /// A Moving AI .map file, or a voxel world (.3dmap, or a MagicaVoxel .vox model).
    pub map: PathBuf,
    /// Its .scen (or .3dscen) file.
    pub scen: PathBuf,
    /// How many times to run each problem.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    pub repeat: u32,
    /// More algorithms to run on the same problems, each reported with its totals
    /// (comma-separated, e.g. jps,jps-block,jps-plus).
    #[arg(long, value_delimiter = ',')]
    pub also: Vec<Algorithm>,
    /// Before the scenario runs with the main algorithm: N seeded one-cell toggles (never a
    /// problem's endpoint), each followed by the preparation brought up to date (timed) and
    /// one search, then undone in reverse, each followed by the preparation again; the
    /// scenario then runs on the map as it was. 2D maps.
    #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u32).range(0..=1_000_000))]
    pub edits: u32,
    /// Draw search time and expansions against path length, for each algorithm run, as an
    /// SVG picture.
    #[arg(long)]
    pub plot: Option<PathBuf>,
    #[command(flatten)]
    pub search: SearchArgs,
}

/// One algorithm's bench run: the best time and the expansions of each problem, and totals.
struct BenchRun {
    algorithm: Algorithm,
    preprocess: Duration,
    kept: usize,
    /// Best time of the repeats and expansions, per problem.
    problems: Vec<(Duration, usize)>,
    total: Duration,
    expanded: u64,
    wrong: usize,
    /// What `--edits` took, with the main algorithm.
    edits: Option<Edits>,
}

pub(super) fn bench(a: &BenchArgs) -> Result<u8, Failure> {
    let mut suite = load_suite(&a.map, &a.scen, &a.search)?;
    // load_suite checked every problem against the main algorithm; the others here
    for &algorithm in &a.also {
        suite.check(algorithm).map_err(|f| match f {
            BadInput(e) => BadInput(format!("{algorithm}: {e}")),
            other => other,
        })?;
    }
    let algorithms: Vec<Algorithm> = std::iter::once(a.search.algorithm).chain(a.also.iter().copied()).collect();
    a.search.check_prep(&algorithms).map_err(BadInput)?;
    let mut runs = Vec::new();
    for (k, algorithm) in algorithms.into_iter().enumerate() {
        let edits = if k == 0 { a.edits as usize } else { 0 };
        runs.push(bench_run(suite.as_mut(), algorithm, a.repeat, edits)?);
    }
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    let main = &runs[0];
    writeln!(out, "index\tmicros\texpanded")?;
    for (k, (best, expanded)) in main.problems.iter().enumerate() {
        writeln!(out, "{k}\t{}\t{expanded}", best.as_micros())?;
    }
    // the other algorithms' totals first: the last lines stay the main algorithm's
    for run in runs.iter().skip(1).chain(std::iter::once(main)) {
        let searches = (suite.len() * a.repeat as usize) as f64;
        let worst = run.problems.iter().map(|p| p.0).max().unwrap_or_default();
        writeln!(out, "algorithm {}", run.algorithm)?;
        writeln!(out, "preprocess_ms {:.3}", run.preprocess.as_secs_f64() * 1000.0)?;
        writeln!(out, "preprocess_bytes {}", run.kept)?;
        writeln!(out, "search_mean_us {:.3}", run.total.as_secs_f64() * 1e6 / searches)?;
        writeln!(out, "search_worst_us {:.3}", worst.as_secs_f64() * 1e6)?;
    }
    writeln!(out, "expanded_per_second {:.0}", main.expanded as f64 / main.total.as_secs_f64().max(1e-9))?;
    write!(out, "problems {} repeat {} total_ms {:.3}", suite.len(), a.repeat, main.total.as_secs_f64() * 1000.0)?;
    if let Some(edits) = &main.edits {
        // the preparation from scratch beside the repairs
        write!(out, " {} prepare_ms {:.3}", edits.summary(a.edits as usize), main.preprocess.as_secs_f64() * 1000.0)?;
    }
    writeln!(out)?;
    out.flush()?;
    if let Some(path) = &a.plot {
        let name = a.map.file_name().map_or("map".into(), |n| n.to_string_lossy().into_owned());
        let lengths: Vec<f64> = (0..suite.len()).map(|k| suite.optimal(k)).collect();
        let series: Vec<plot::Series> = runs.iter().map(|r| plot::Series { algorithm: r.algorithm, problems: &r.problems }).collect();
        let svg = plot::draw(&name, &lengths, &series).map_err(|e| BadInput(format!("{}: cannot draw the plot: {e}", path.display())))?;
        crate::disk::write_atomically(path, &svg).map_err(|e| BadInput(format!("{}: cannot write the plot: {e}", path.display())))?;
    }
    note_approximate_verdicts(suite.as_ref());
    let wrong: usize = runs.iter().map(|r| r.wrong).sum();
    if wrong > 0 {
        eprintln!("cubepath: {wrong} problems got a wrong cost");
        return Ok(1);
    }
    Ok(0)
}

/// Runs every problem `repeat` times with `algorithm`, its preprocessing first and timed
/// apart, and `edits` toggles and their undoing between (none: 0); shows progress on stderr
/// when that is a terminal.
fn bench_run(suite: &mut dyn Suite, algorithm: Algorithm, repeat: u32, edits: usize) -> Result<BenchRun, Failure> {
    let mut searcher = Searcher::default();
    let t = Instant::now();
    suite.preprocess(&mut searcher, algorithm)?;
    let preprocess = t.elapsed();
    let kept = searcher.kept_bytes();
    let edits = if edits > 0 { Some(suite.edit_and_undo(&mut searcher, algorithm, edits)?) } else { None };
    let mut run = BenchRun {
        algorithm,
        preprocess,
        kept,
        edits,
        problems: Vec::with_capacity(suite.len()),
        total: Duration::ZERO,
        expanded: 0,
        wrong: 0,
    };
    let mut progress = Progress::new(algorithm, suite.len());
    for k in 0..suite.len() {
        let mut best = Duration::MAX;
        let mut last = None;
        for _ in 0..repeat {
            let t = Instant::now();
            let r = suite.search(&mut searcher, k, algorithm)?;
            let d = t.elapsed();
            run.total += d;
            best = best.min(d);
            last = Some(r);
        }
        let r = last.expect("repeat is at least 1");
        run.expanded += r.expanded as u64 * repeat as u64;
        if !r.cost.is_some_and(|c| suite.matches(k, c)) && suite.admissible(algorithm) {
            run.wrong += 1;
            let got = r.cost.map_or("no path".into(), |c| format!("{c:.8}"));
            eprintln!("WRONG COST: {algorithm} problem {k} (line {}): got {got}, the file says {}", suite.line(k), suite.stated(k));
        }
        run.problems.push((best, r.expanded));
        progress.tick(k + 1);
    }
    progress.finish();
    Ok(run)
}
