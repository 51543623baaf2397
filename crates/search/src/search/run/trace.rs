//! Traces: every expansion of a step-by-step search, in order, as JSON, so a search can be
//! replayed or plotted elsewhere.

use std::io::{self, Write};

use crate::grid::Pos;
use crate::search::core::types::{CellInfo, SearchResult, Step};
use crate::search::plane::state::StepSearch;
use crate::search::solid::world_steps::WorldSteps;
use crate::world::Pos3;

impl StepSearch<'_> {
    /// Runs the search to its end (or to `limit` expansions), writing each expansion to `out`
    /// as it happens, and returns the result. The format, one JSON object:
    ///
    /// ```text
    /// {"format": "cubepath-trace 1", "algorithm": "astar", "start": [0, 0], "goal": [4, 2],
    ///  "expansions": [
    ///   {"cell": [0, 0], "g": 0, "h": 4.83, "f": 4.83, "parent": null, "pushed": [[1, 0], [0, 1]]},
    ///   ...],
    ///  "found": true, "stopped": false, "cost": 4.83, "expanded": 5}
    /// ```
    ///
    /// `cell` is (x, y); `g` the cost from the start when expanded, `h` the (weighted)
    /// estimate, `f` what the open list ordered by (g + h, h alone for greedy); `parent` the
    /// cell it was reached from (`null` for the start); `pushed` the cells the expansion put on
    /// the open list or reached more cheaply. The last expansion is the goal's (with nothing
    /// pushed) when a path was found. `cost` is `null` without a path; numbers are shortest
    /// round-trip decimals.
    ///
    /// ```
    /// use cubepath_search::{grid::Grid, search::{SearchOptions, Searcher}};
    /// let grid = Grid::new(3, 1).unwrap();
    /// let mut searcher = Searcher::default();
    /// let run = searcher.steps(&grid, (0, 0), (2, 0), &SearchOptions::default()).unwrap();
    /// let mut json = Vec::new();
    /// let result = run.write_trace(None, &mut json).unwrap();
    /// let json = String::from_utf8(json).unwrap();
    /// assert_eq!(result.expanded, 3);
    /// assert!(json.contains(r#"{"cell": [1, 0], "g": 1, "h": 1, "f": 2, "parent": [0, 0], "pushed": [[2, 0]]}"#));
    /// ```
    pub fn write_trace(self, limit: Option<usize>, out: &mut impl Write) -> io::Result<SearchResult> {
        let (algorithm, start, goal) = (self.options.algorithm.name(), self.grid.coords(self.start as usize), self.goal_pos);
        write_trace(self, algorithm, (start, goal), limit, out)
    }
}

impl WorldSteps<'_> {
    /// Runs the search to its end (or to `limit` expansions), writing each expansion to `out`
    /// as [`StepSearch::write_trace`] does, voxels written `[x, y, z]`.
    ///
    /// ```
    /// use cubepath_search::{search::{Searcher, VoxelOptions}, world::VoxelGrid};
    /// let world = VoxelGrid::new(3, 1, 1).unwrap();
    /// let mut searcher = Searcher::default();
    /// let run = searcher.steps_world(&world, (0, 0, 0), (2, 0, 0), &VoxelOptions::default()).unwrap();
    /// let mut json = Vec::new();
    /// run.write_trace(None, &mut json).unwrap();
    /// let json = String::from_utf8(json).unwrap();
    /// assert!(json.contains(r#"{"cell": [1, 0, 0], "g": 1, "h": 1, "f": 2, "parent": [0, 0, 0], "pushed": [[2, 0, 0]]}"#));
    /// ```
    pub fn write_trace(self, limit: Option<usize>, out: &mut impl Write) -> io::Result<SearchResult<Pos3>> {
        let (algorithm, ends) = (self.algorithm().name(), self.ends());
        write_trace(self, algorithm, ends, limit, out)
    }
}

/// A position written as a JSON array.
trait Json: Copy {
    fn json(self) -> String;
}

impl Json for Pos {
    fn json(self) -> String {
        format!("[{}, {}]", self.0, self.1)
    }
}

impl Json for Pos3 {
    fn json(self) -> String {
        format!("[{}, {}, {}]", self.0, self.1, self.2)
    }
}

/// What a trace reads of a search stepping along.
trait Traced {
    type P: Json;
    fn step(&mut self) -> Step<Self::P>;
    fn is_finished(&self) -> bool;
    fn expanded(&self) -> usize;
    fn current(&self) -> Option<Self::P>;
    fn info(&self, p: Self::P) -> Option<CellInfo<Self::P>>;
    fn last_pushed(&self) -> Vec<Self::P>;
    fn result(&self) -> SearchResult<Self::P>;
}

impl Traced for StepSearch<'_> {
    type P = Pos;
    fn step(&mut self) -> Step {
        StepSearch::step(self)
    }
    fn is_finished(&self) -> bool {
        StepSearch::is_finished(self)
    }
    fn expanded(&self) -> usize {
        StepSearch::expanded(self)
    }
    fn current(&self) -> Option<Pos> {
        StepSearch::current(self)
    }
    fn info(&self, p: Pos) -> Option<CellInfo> {
        StepSearch::info(self, p)
    }
    fn last_pushed(&self) -> Vec<Pos> {
        StepSearch::last_pushed(self).collect()
    }
    fn result(&self) -> SearchResult {
        StepSearch::result(self)
    }
}

impl Traced for WorldSteps<'_> {
    type P = Pos3;
    fn step(&mut self) -> Step<Pos3> {
        WorldSteps::step(self)
    }
    fn is_finished(&self) -> bool {
        WorldSteps::is_finished(self)
    }
    fn expanded(&self) -> usize {
        WorldSteps::expanded(self)
    }
    fn current(&self) -> Option<Pos3> {
        WorldSteps::current(self)
    }
    fn info(&self, p: Pos3) -> Option<CellInfo<Pos3>> {
        WorldSteps::info(self, p)
    }
    fn last_pushed(&self) -> Vec<Pos3> {
        WorldSteps::last_pushed(self)
    }
    fn result(&self) -> SearchResult<Pos3> {
        WorldSteps::result(self)
    }
}

/// Steps `run` to its end (or `limit` expansions) writing the trace; see
/// [`StepSearch::write_trace`] for the format.
fn write_trace<T: Traced>(
    mut run: T,
    algorithm: &str,
    (start, goal): (T::P, T::P),
    limit: Option<usize>,
    out: &mut impl Write,
) -> io::Result<SearchResult<T::P>> {
    write!(
        out,
        "{{\"format\": \"cubepath-trace 1\", \"algorithm\": \"{algorithm}\", \"start\": {}, \"goal\": {},\n \"expansions\": [",
        start.json(),
        goal.json()
    )?;
    let mut first = true;
    while !run.is_finished() && limit.is_none_or(|l| run.expanded() < l) {
        let step = run.step();
        let Some(p) = run.current().filter(|_| !matches!(step, Step::NoPath)) else { break };
        let info = run.info(p).expect("an expanded cell is known");
        let pushed: Vec<String> =
            if matches!(step, Step::Found) { Vec::new() } else { run.last_pushed().into_iter().map(Json::json).collect() };
        write!(
            out,
            "{}\n  {{\"cell\": {}, \"g\": {}, \"h\": {}, \"f\": {}, \"parent\": {}, \"pushed\": [{}]}}",
            if first { "" } else { "," },
            p.json(),
            info.g,
            info.h,
            info.f,
            info.parent.map_or("null".to_string(), Json::json),
            pushed.join(", ")
        )?;
        first = false;
    }
    let mut result = run.result();
    result.stopped = !run.is_finished();
    writeln!(
        out,
        "],\n \"found\": {}, \"stopped\": {}, \"cost\": {}, \"expanded\": {}}}",
        result.path.is_some(),
        result.stopped,
        result.cost.map_or("null".to_string(), |c| c.to_string()),
        result.expanded
    )?;
    Ok(result)
}
