//! A map and its scenario for `scen` and `bench`: every problem checked before anything runs,
//! and a note on the verdicts the file's digits cannot make exact.

use std::path::Path;

use super::failure::Failure::{self, BadInput};
use crate::search::{Grid, Problem, SearchOptions, load_map, load_scen, validate};

/// The map and its scenario, every problem checked against the map before anything runs:
/// sizes that agree, start and goal on floor. Errors name the file and line.
pub(super) fn load_problems(map: &Path, scen: &Path, options: &SearchOptions) -> Result<(Grid, Vec<Problem>), Failure> {
    let grid = load_map(map)?;
    let problems = load_scen(scen)?;
    for p in &problems {
        if (p.width, p.height) != (grid.width(), grid.height()) {
            return Err(BadInput(format!(
                "{}:{}: the problem is for a {} x {} map, {} is {} x {}",
                scen.display(),
                p.line,
                p.width,
                p.height,
                map.display(),
                grid.width(),
                grid.height()
            )));
        }
        validate(&grid, p.start, p.goal, options).map_err(|e| BadInput(format!("{}:{}: {e}", scen.display(), p.line)))?;
    }
    Ok((grid, problems))
}

/// Says on stderr how many lengths are too long, for the digits their file states, for a
/// verdict to be exact (see `cubepath_search::stated_tolerance`).
pub(super) fn note_approximate_verdicts(problems: &[Problem]) {
    let approximate = problems.iter().filter(|p| !p.exact_verdict()).count();
    if approximate > 0 {
        eprintln!(
            "note: {approximate} of {} lengths are too long for the digits the file states to tell every other path cost apart: their verdicts are only approximate",
            problems.len()
        );
    }
}
