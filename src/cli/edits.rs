//! `cubepath bench --edits N`: the map edited while its preparation is kept. N seeded one-cell
//! toggles (a wall put on open ground, or an impassable cell opened to floor; never a problem's
//! start or goal), each followed by the algorithm's preparation brought up to date (timed: the
//! repair, or a preparation from scratch where the algorithm has no repair) and one search;
//! then the same toggles undone in reverse, each followed by the preparation again, so that
//! the scenario then runs on the map as it was, with what the searcher kept through the edits.
//! A subgoal graph worn by its repairs is prepared again after the repair that wore it
//! (`Searcher::refresh_prepared`, as the plugin does off the frame): timed apart.

use std::collections::HashSet;
use std::time::{Duration, Instant};

use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

use crate::engine::{
    files::Problem,
    grid::{Cell, Grid, Pos},
    search::{SearchOptions, Searcher},
};

/// The seed of the cells toggled: the same cells on every run.
pub(super) const EDIT_SEED: u64 = 61;

/// What the edits took: each preparation after an edit or an undo, and each search between.
#[derive(Debug, Default)]
pub(super) struct Edits {
    pub repairs: Vec<Duration>,
    pub searches: Vec<Duration>,
    /// Each preparation of a worn subgoal graph again.
    pub refreshes: Vec<Duration>,
}

impl Edits {
    /// The summary line: `edits N repair_ms_median X repair_ms_max Y search_us_mean Z
    /// refreshes R refresh_ms_median Q`.
    pub(super) fn summary(&self, n: usize) -> String {
        let mut sorted = self.repairs.clone();
        sorted.sort();
        let mut refreshes = self.refreshes.clone();
        refreshes.sort();
        let ms = |d: Option<&Duration>| d.map_or(0.0, |d| d.as_secs_f64() * 1000.0);
        let mean = self.searches.iter().sum::<Duration>().as_secs_f64() * 1e6 / self.searches.len().max(1) as f64;
        format!(
            "edits {n} repair_ms_median {:.3} repair_ms_max {:.3} search_us_mean {mean:.3} refreshes {} refresh_ms_median {:.3}",
            ms(sorted.get(sorted.len() / 2)),
            ms(sorted.last()),
            refreshes.len(),
            ms(refreshes.get(refreshes.len() / 2))
        )
    }

    /// The preparation brought up to date after an edit (timed), then prepared again when its
    /// repairs have worn it (timed apart).
    fn repair(&mut self, grid: &Grid, options: &SearchOptions, searcher: &mut Searcher) {
        self.repairs.push(timed(|| searcher.preprocess(grid, options)));
        let t = Instant::now();
        if searcher.refresh_prepared(grid) {
            self.refreshes.push(t.elapsed());
        }
    }
}

/// Toggles `n` seeded cells of `grid` one by one and then undoes them in reverse (see the
/// module's docs), `searcher` preparing for `options` after each and searching problem
/// `i % problems.len()` after each toggle. The grid is as it was when this returns. Errors
/// when the map has no cell to toggle.
pub(super) fn edit_and_undo(
    grid: &mut Grid,
    problems: &[Problem],
    options: &SearchOptions,
    searcher: &mut Searcher,
    n: usize,
) -> Result<Edits, String> {
    let ends: HashSet<Pos> = problems.iter().flat_map(|p| [p.start, p.goal]).collect();
    let cells = grid.width() * grid.height();
    if cells <= ends.len() {
        return Err("--edits: every cell of the map is a problem's start or goal".into());
    }
    let mut rng = StdRng::seed_from_u64(EDIT_SEED);
    let mut done: Vec<(Pos, Cell)> = Vec::with_capacity(n);
    let mut edits = Edits::default();
    while done.len() < n {
        let i = rng.random_range(0..cells);
        let p = (i % grid.width(), i / grid.width());
        let Some(was) = grid.get(p.0, p.1).filter(|_| !ends.contains(&p)) else { continue };
        let now = if was.is_passable() { Cell::Blocked } else { Cell::FLOOR };
        grid.set(p.0, p.1, now).map_err(|e| e.to_string())?;
        done.push((p, was));
        edits.repair(grid, options, searcher);
        if let Some(k) = problems.get(done.len() % problems.len().max(1)) {
            edits.searches.push(timed(|| drop(searcher.search(grid, k.start, k.goal, options))));
        }
    }
    for &(p, was) in done.iter().rev() {
        grid.set(p.0, p.1, was).map_err(|e| e.to_string())?;
        edits.repair(grid, options, searcher);
    }
    Ok(edits)
}

fn timed(f: impl FnOnce()) -> Duration {
    let t = Instant::now();
    f();
    t.elapsed()
}
