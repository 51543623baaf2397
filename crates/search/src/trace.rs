//! Traces: every expansion of a step-by-step search, in order, as JSON, so a search can be
//! replayed or plotted elsewhere.

use std::io::{self, Write};

use crate::state::StepSearch;
use crate::types::{Pos, SearchResult, Step};

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
    /// use cubepath_search::{Grid, SearchOptions, Searcher};
    /// let grid = Grid::new(3, 1).unwrap();
    /// let mut searcher = Searcher::default();
    /// let run = searcher.steps(&grid, (0, 0), (2, 0), &SearchOptions::default()).unwrap();
    /// let mut json = Vec::new();
    /// let result = run.write_trace(None, &mut json).unwrap();
    /// let json = String::from_utf8(json).unwrap();
    /// assert_eq!(result.expanded, 3);
    /// assert!(json.contains(r#"{"cell": [1, 0], "g": 1, "h": 1, "f": 2, "parent": [0, 0], "pushed": [[2, 0]]}"#));
    /// ```
    pub fn write_trace(mut self, limit: Option<usize>, out: &mut impl Write) -> io::Result<SearchResult> {
        let cell = |p: Pos| format!("[{}, {}]", p.0, p.1);
        write!(
            out,
            "{{\"format\": \"cubepath-trace 1\", \"algorithm\": \"{}\", \"start\": {}, \"goal\": {},\n \"expansions\": [",
            self.options.algorithm,
            cell(self.grid.coords(self.start as usize)),
            cell(self.goal_pos)
        )?;
        let mut first = true;
        while !self.is_finished() && limit.is_none_or(|l| self.expanded() < l) {
            let step = self.step();
            let Some(p) = self.current().filter(|_| !matches!(step, Step::NoPath)) else { break };
            let info = self.info(p).expect("an expanded cell is known");
            let pushed: Vec<String> = if step == Step::Found { Vec::new() } else { self.last_pushed().map(cell).collect() };
            write!(
                out,
                "{}\n  {{\"cell\": {}, \"g\": {}, \"h\": {}, \"f\": {}, \"parent\": {}, \"pushed\": [{}]}}",
                if first { "" } else { "," },
                cell(p),
                info.g,
                info.h,
                info.f,
                info.parent.map_or("null".to_string(), cell),
                pushed.join(", ")
            )?;
            first = false;
        }
        let mut result = self.result();
        result.stopped = !self.is_finished();
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
}
