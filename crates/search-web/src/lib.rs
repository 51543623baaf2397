//! cubepath's search engine in the browser, without Bevy: a [`Board`] is a Moving AI `.map`
//! read once; [`Board::solve`] runs one search and [`Board::scenario`] checks a `.scen` file's
//! problems against their stated optimal lengths.
//!
//! Built for `wasm32-unknown-unknown` and wrapped by `wasm-bindgen` (`web/build.sh` writes
//! `web/dist/engine/`); from JavaScript:
//!
//! ```js
//! import init, { Board } from "./engine/cubepath_search_web.js";
//! await init();
//! const board = new Board("arena.map", mapText);      // throws the reader's message
//! const cost = board.solve(1, 2, 40, 30, "jps-plus");  // NaN when there is no path
//! console.log(cost, board.expanded);
//! ```
//!
//! The same functions run natively, which is how they are tested.
#![deny(missing_docs)]

use cubepath_search::{
    files::{read_map, read_scen},
    grid::Grid,
    search::{Algorithm, SearchOptions, Searcher},
};
use wasm_bindgen::prelude::*;

/// A map read from `.map` text, with the search buffers reused from one search to the next.
#[wasm_bindgen]
pub struct Board {
    grid: Grid,
    searcher: Searcher,
    expanded: usize,
}

/// What [`Board::scenario`] found.
#[wasm_bindgen]
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ScenarioReport {
    /// Problems whose cost matched the stated optimal length.
    pub passed: usize,
    /// Problems whose cost did not (or that found no path).
    pub failed: usize,
    /// Nodes expanded over all problems.
    pub expanded: usize,
}

#[wasm_bindgen]
impl Board {
    /// Reads a Moving AI `.map` file's text; `name` names it in error messages.
    ///
    /// Errors: the reader's message with the file name and line (a malformed header, a row of
    /// the wrong length, an unknown character).
    #[wasm_bindgen(constructor)]
    pub fn new(name: &str, text: &str) -> Result<Board, String> {
        let grid = read_map(name, text.as_bytes()).map_err(|e| e.to_string())?;
        Ok(Board { grid, searcher: Searcher::default(), expanded: 0 })
    }

    /// Columns.
    #[wasm_bindgen(getter)]
    pub fn width(&self) -> usize {
        self.grid.width()
    }

    /// Rows.
    #[wasm_bindgen(getter)]
    pub fn height(&self) -> usize {
        self.grid.height()
    }

    /// One byte a cell, row by row: 1 where the cell is blocked, 0 where it can be walked
    /// (what other libraries' grids are built from).
    pub fn blocked_cells(&self) -> Vec<u8> {
        let (w, h) = (self.grid.width(), self.grid.height());
        let mut out = Vec::with_capacity(w * h);
        for y in 0..h {
            for x in 0..w {
                out.push(u8::from(!self.grid.is_passable(x, y)));
            }
        }
        out
    }

    /// The cost of a least-cost path from (`sx`, `sy`) to (`gx`, `gy`) under the benchmark's
    /// rules (8 neighbours, no corner cutting, diagonals cost the square root of 2), or NaN
    /// when there is none. `algorithm` is a name the command line takes (`astar`, `jps`,
    /// `jps-block`, `jps-plus`, ...). [`Board::expanded`] then tells the search's expansions.
    ///
    /// Errors: an unknown algorithm, a cell off the map or blocked.
    pub fn solve(&mut self, sx: usize, sy: usize, gx: usize, gy: usize, algorithm: &str) -> Result<f64, String> {
        let options = SearchOptions { algorithm: algorithm.parse::<Algorithm>()?, ..SearchOptions::default() };
        let result = self.searcher.search(&self.grid, (sx, sy), (gx, gy), &options).map_err(|e| e.to_string())?;
        self.expanded = result.expanded;
        Ok(result.cost.unwrap_or(f64::NAN))
    }

    /// Expansions of the last [`Board::solve`].
    #[wasm_bindgen(getter)]
    pub fn expanded(&self) -> usize {
        self.expanded
    }

    /// Runs every problem of a `.scen` file's text with `algorithm` and counts the costs that
    /// match the stated optimal lengths, judged as `scen` judges them (`Problem::matches`).
    ///
    /// Errors: the scenario reader's message, an unknown algorithm, a problem off this map.
    pub fn scenario(&mut self, name: &str, text: &str, algorithm: &str) -> Result<ScenarioReport, String> {
        let problems = read_scen(name, text.as_bytes()).map_err(|e| e.to_string())?;
        let mut report = ScenarioReport { passed: 0, failed: 0, expanded: 0 };
        for problem in &problems {
            let (sx, sy) = problem.start;
            let (gx, gy) = problem.goal;
            let cost = self.solve(sx, sy, gx, gy, algorithm).map_err(|e| format!("{name} line {}: {e}", problem.line))?;
            report.expanded += self.expanded;
            if problem.matches(cost) {
                report.passed += 1;
            } else {
                report.failed += 1;
            }
        }
        Ok(report)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const MAP: &str = "type octile\nheight 3\nwidth 4\nmap\n..@.\n..@.\n....\n";

    #[test]
    fn solves_round_the_wall() {
        let mut board = Board::new("t.map", MAP).unwrap();
        assert_eq!((board.width(), board.height()), (4, 3));
        assert_eq!(board.blocked_cells(), [0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 0, 0]);
        // (1,0) -> (3,0): every diagonal round the wall's end would cut its corner, so six
        // straight steps (down, down, right, right, up, up)
        for algorithm in ["astar", "jps", "jps-block", "jps-plus"] {
            let cost = board.solve(1, 0, 3, 0, algorithm).unwrap();
            assert_eq!(cost, 6.0, "{algorithm}");
            assert!(board.expanded() > 0);
        }
    }

    #[test]
    fn no_path_is_nan_and_bad_input_is_a_message() {
        let mut board = Board::new("t.map", "type octile\nheight 1\nwidth 3\nmap\n.@.\n").unwrap();
        assert!(board.solve(0, 0, 2, 0, "astar").unwrap().is_nan());
        assert!(board.solve(1, 0, 2, 0, "astar").unwrap_err().contains("blocked"));
        assert_eq!(
            board.solve(0, 0, 9, 0, "astar").unwrap_err(),
            "goal: cell 9,0 is off the grid (3 wide, 1 high; x is the column 0..2, y the row 0..0)"
        );
        assert!(board.solve(0, 0, 2, 0, "fastest").unwrap_err().contains("unknown algorithm"));
        assert!(Board::new("bad.map", "type octile\nheight 2\nwidth 3\nmap\n...\n").err().unwrap().contains("bad.map"));
    }

    #[test]
    fn scenario_counts_matches() {
        let mut board = Board::new("t.map", MAP).unwrap();
        let scen = "version 1\n0\tt.map\t4\t3\t1\t0\t3\t0\t6\n0\tt.map\t4\t3\t0\t0\t1\t1\t1\n";
        let report = board.scenario("t.scen", scen, "astar").unwrap();
        assert_eq!((report.passed, report.failed), (1, 1));
        let e = board.scenario("t.scen", "version 1\n0\tt.map\t4\t3\t1\t0\t30\t0\t4\n", "astar").unwrap_err();
        assert_eq!(e, "t.scen:2: goal 30,0 lies outside the 4 x 3 map the line states");
    }

    /// A current-format file as published (8 decimals summed with a small error by the
    /// benchmark's generator): the browser's check passes every problem, as `scen` does.
    #[test]
    fn a_current_format_scenario_passes() {
        let dir = format!("{}/../../assets/maps/mapf/", std::env::var("CARGO_MANIFEST_DIR").expect("run by cargo"));
        let map = std::fs::read_to_string(format!("{dir}random-32-32-10.map")).unwrap();
        let scen = std::fs::read_to_string(format!("{dir}random-32-32-10-random-1.scen")).unwrap();
        let mut board = Board::new("random-32-32-10.map", &map).unwrap();
        for algorithm in ["astar", "jps-plus"] {
            let report = board.scenario("random-32-32-10-random-1.scen", &scen, algorithm).unwrap();
            assert_eq!((report.passed, report.failed), (461, 0), "{algorithm}");
        }
    }
}
