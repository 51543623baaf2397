//! A map and its scenario for `scen` and `bench`, 2D (`.map`, `.scen`) or a voxel world
//! (`.3dmap`, `.3dscen`), behind one [`Suite`]: every problem checked before anything runs,
//! each answer judged against the file, and a note on the verdicts the file's digits cannot make
//! exact.

use std::path::{Path, PathBuf};

use super::args::{SearchArgs, is_world, open_map};
use super::edits::{Edits, edit_and_undo};
use super::failure::Failure::{self, BadInput};
use crate::engine::{
    files::{Problem, Scenario3, load_3dscen, load_scen, load_world},
    grid::Grid,
    search::{Algorithm, Estimate, SearchError, SearchOptions, Searcher, VoxelOptions, validate, validate_world},
    world::{Pos3, VoxelGrid},
};

/// What one search of a problem gave.
pub(super) struct Answer {
    pub cost: Option<f64>,
    pub expanded: usize,
}

/// A map and its problems, searched with one set of options but any algorithm.
pub(super) trait Suite {
    /// How many problems.
    fn len(&self) -> usize;
    /// Problem `k`'s line in the file.
    fn line(&self, k: usize) -> usize;
    /// Problem `k`'s length as the file writes it.
    fn stated(&self, k: usize) -> &str;
    /// Problem `k`'s length.
    fn optimal(&self, k: usize) -> f64;
    /// Problem `k`'s start and goal, tab-separated, as `scen` prints them.
    fn endpoints(&self, k: usize) -> String;
    /// Whether `cost` matches problem `k`'s length as the file was made.
    fn matches(&self, k: usize, cost: f64) -> bool;
    /// Whether that verdict tells every other path cost apart.
    fn exact(&self, k: usize) -> bool;
    /// Whether `algorithm` with these options promises least-cost paths.
    fn admissible(&self, algorithm: Algorithm) -> bool;
    /// Checks every problem with `algorithm` before anything runs.
    fn check(&self, algorithm: Algorithm) -> Result<(), Failure>;
    /// Computes ahead what `algorithm`'s searches keep (see `Searcher::preprocess`).
    fn preprocess(&self, searcher: &mut Searcher, algorithm: Algorithm) -> Result<(), Failure>;
    /// Searches problem `k` with `algorithm`.
    fn search(&self, searcher: &mut Searcher, k: usize, algorithm: Algorithm) -> Result<Answer, SearchError>;
    /// `bench --edits n`: toggles `n` cells and undoes them, `searcher` keeping `algorithm`'s
    /// preparation up to date ([`edit_and_undo`]); the map is as it was after. 2D maps only.
    fn edit_and_undo(&mut self, searcher: &mut Searcher, algorithm: Algorithm, n: usize) -> Result<Edits, Failure>;
}

/// The map (or world) and scenario named, by the map's extension, every problem checked with
/// the main algorithm.
pub(super) fn load_suite(map: &Path, scen: &Path, search: &SearchArgs) -> Result<Box<dyn Suite>, Failure> {
    let suite: Box<dyn Suite> = if is_world(map) {
        let options = search.world_options().map_err(BadInput)?;
        let estimate = search.world_estimate();
        Box::new(World { world: load_world(map)?, scenario: load_3dscen(scen)?, options, scen: scen.to_path_buf(), estimate })
    } else {
        let options = search.flat_options().map_err(BadInput)?;
        let estimate = search.estimate();
        let flat =
            Flat { grid: open_map(map)?, problems: load_scen(scen)?, options, scen: scen.to_path_buf(), search: search.clone(), estimate };
        flat.check_sizes(map)?;
        Box::new(flat)
    };
    suite.check(search.algorithm)?;
    Ok(suite)
}

/// A 2D map and its `.scen` problems.
struct Flat {
    grid: Grid,
    problems: Vec<Problem>,
    options: SearchOptions,
    scen: PathBuf,
    /// The command's search settings (for `--prep`).
    search: SearchArgs,
    /// A `--heuristic` formula's estimate, in place of the options' heuristic.
    estimate: Option<Estimate>,
}

impl Flat {
    /// Every problem is for a map of this size.
    fn check_sizes(&self, map: &Path) -> Result<(), Failure> {
        let (w, h) = (self.grid.width(), self.grid.height());
        match self.problems.iter().find(|p| (p.width, p.height) != (w, h)) {
            Some(p) => Err(BadInput(format!(
                "{}:{}: the problem is for a {} x {} map, {} is {w} x {h}",
                self.scen.display(),
                p.line,
                p.width,
                p.height,
                map.display()
            ))),
            None => Ok(()),
        }
    }

    fn with(&self, algorithm: Algorithm) -> SearchOptions {
        SearchOptions { algorithm, ..self.options }
    }
}

impl Suite for Flat {
    fn len(&self) -> usize {
        self.problems.len()
    }
    fn line(&self, k: usize) -> usize {
        self.problems[k].line
    }
    fn stated(&self, k: usize) -> &str {
        &self.problems[k].stated
    }
    fn optimal(&self, k: usize) -> f64 {
        self.problems[k].optimal
    }
    fn endpoints(&self, k: usize) -> String {
        let p = &self.problems[k];
        format!("{}\t{}\t{}\t{}", p.start.0, p.start.1, p.goal.0, p.goal.1)
    }
    fn matches(&self, k: usize, cost: f64) -> bool {
        self.problems[k].matches(cost)
    }
    fn exact(&self, k: usize) -> bool {
        self.problems[k].exact_verdict()
    }
    fn admissible(&self, algorithm: Algorithm) -> bool {
        self.estimate.is_none() && self.with(algorithm).is_admissible()
    }
    fn check(&self, algorithm: Algorithm) -> Result<(), Failure> {
        let o = self.with(algorithm);
        if self.estimate.is_some() && !algorithm.takes_estimate() {
            return Err(BadInput(format!("--heuristic FORMULA: {}", SearchError::TakesNoEstimate(algorithm))));
        }
        for p in &self.problems {
            validate(&self.grid, p.start, p.goal, &o).map_err(|e| BadInput(format!("{}:{}: {e}", self.scen.display(), p.line)))?;
        }
        Ok(())
    }
    fn preprocess(&self, searcher: &mut Searcher, algorithm: Algorithm) -> Result<(), Failure> {
        self.search.keep_prepared(searcher, &self.grid, algorithm).map_err(BadInput)?;
        searcher.preprocess(&self.grid, &self.with(algorithm));
        Ok(())
    }
    fn edit_and_undo(&mut self, searcher: &mut Searcher, algorithm: Algorithm, n: usize) -> Result<Edits, Failure> {
        let options = self.with(algorithm);
        edit_and_undo(&mut self.grid, &self.problems, &options, searcher, n).map_err(BadInput)
    }
    fn search(&self, searcher: &mut Searcher, k: usize, algorithm: Algorithm) -> Result<Answer, SearchError> {
        let p = &self.problems[k];
        let r = match &self.estimate {
            Some(e) => searcher.search_estimated(&self.grid, p.start, p.goal, &self.with(algorithm), e)?,
            None => searcher.search(&self.grid, p.start, p.goal, &self.with(algorithm))?,
        };
        Ok(Answer { cost: r.cost, expanded: r.expanded })
    }
}

/// A voxel world and its `.3dscen` problems.
struct World {
    world: VoxelGrid,
    scenario: Scenario3,
    options: VoxelOptions,
    scen: PathBuf,
    /// A `--heuristic` formula's estimate, in place of the moves' own.
    estimate: Option<Estimate<Pos3>>,
}

impl World {
    fn with(&self, algorithm: Algorithm) -> VoxelOptions {
        VoxelOptions { algorithm, ..self.options }
    }
}

impl Suite for World {
    fn len(&self) -> usize {
        self.scenario.problems.len()
    }
    fn line(&self, k: usize) -> usize {
        self.scenario.problems[k].line
    }
    fn stated(&self, k: usize) -> &str {
        &self.scenario.problems[k].stated
    }
    fn optimal(&self, k: usize) -> f64 {
        self.scenario.problems[k].optimal
    }
    fn endpoints(&self, k: usize) -> String {
        let p = &self.scenario.problems[k];
        format!("{}\t{}\t{}\t{}\t{}\t{}", p.start.0, p.start.1, p.start.2, p.goal.0, p.goal.1, p.goal.2)
    }
    fn matches(&self, k: usize, cost: f64) -> bool {
        self.scenario.problems[k].matches(cost)
    }
    /// Sums of 1, sqrt 2 and sqrt 3 steps can lie closer together than any stated digit: no
    /// 3D verdict is claimed exact.
    fn exact(&self, _k: usize) -> bool {
        false
    }
    fn admissible(&self, algorithm: Algorithm) -> bool {
        self.estimate.is_none() && self.with(algorithm).is_admissible()
    }
    fn check(&self, algorithm: Algorithm) -> Result<(), Failure> {
        let o = self.with(algorithm);
        if self.estimate.is_some() && (!algorithm.takes_estimate() || algorithm == Algorithm::Jps) {
            return Err(BadInput(format!("--heuristic FORMULA: {}", SearchError::TakesNoEstimate(algorithm))));
        }
        for p in &self.scenario.problems {
            validate_world(&self.world, p.start, p.goal, &o).map_err(|e| BadInput(format!("{}:{}: {e}", self.scen.display(), p.line)))?;
        }
        Ok(())
    }
    fn preprocess(&self, searcher: &mut Searcher, algorithm: Algorithm) -> Result<(), Failure> {
        // the components, and 3D JPS's rows and its straight-jump table whole (its searches
        // would fill the table's lines as they went, inside the timed span)
        searcher.preprocess_world(&self.world, &self.with(algorithm));
        // the per-voxel records are made by a first search: made here, outside the timed
        // searches, as a board's preparation is
        if let Some(p) = self.scenario.problems.first() {
            let _ = searcher.search_world(&self.world, p.start, p.goal, &self.with(algorithm));
        }
        Ok(())
    }
    fn edit_and_undo(&mut self, _: &mut Searcher, _: Algorithm, _: usize) -> Result<Edits, Failure> {
        Err(BadInput("--edits is for 2D maps (.map): a voxel world's preparations are made again after an edit".into()))
    }
    fn search(&self, searcher: &mut Searcher, k: usize, algorithm: Algorithm) -> Result<Answer, SearchError> {
        let p = &self.scenario.problems[k];
        let r = match &self.estimate {
            Some(e) => searcher.search_world_estimated(&self.world, p.start, p.goal, &self.with(algorithm), e)?,
            None => searcher.search_world(&self.world, p.start, p.goal, &self.with(algorithm))?,
        };
        Ok(Answer { cost: r.cost, expanded: r.expanded })
    }
}

/// Says on stderr how many lengths are too long, for the digits their file states, for a
/// verdict to be exact (see `cubepath_search::files::stated_tolerance`).
pub(super) fn note_approximate_verdicts(suite: &dyn Suite) {
    let approximate = (0..suite.len()).filter(|&k| !suite.exact(k)).count();
    if approximate > 0 {
        eprintln!(
            "note: {approximate} of {} verdicts are only approximate: the digits the file states cannot tell every other path cost apart from those lengths",
            suite.len()
        );
    }
}
