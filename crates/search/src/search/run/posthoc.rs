//! A recorded search written as a Posthoc search trace (ShortestPathLab's visualiser: format
//! version 1.4.0), which that tool replays on the map it is laid over; and the positions it
//! writes.

use std::collections::HashMap;
use std::hash::Hash;
use std::io::{self, Write};

use crate::grid::Pos;
use crate::search::core::options::Algorithm;
use crate::search::run::record::Recording;
use crate::world::Pos3;

/// A cell or a voxel as a trace writes it.
pub trait TracePos: Copy + Eq + Hash {
    /// x, y and (for a voxel) z.
    fn coords(self) -> (usize, usize, Option<usize>);
}

impl TracePos for Pos {
    fn coords(self) -> (usize, usize, Option<usize>) {
        (self.0, self.1, None)
    }
}

impl TracePos for Pos3 {
    fn coords(self) -> (usize, usize, Option<usize>) {
        (self.0, self.1, Some(self.2))
    }
}

impl<P: TracePos> Recording<P> {
    /// Writes the recording as a Posthoc search trace to `out`: one JSON document (YAML 1.2
    /// reads it too, so Posthoc opens it named `*.trace.json` or `*.trace.yaml`) with
    /// `version: 1.4.0`, a `views.main` that draws each event's cell as a unit square coloured
    /// by its type (on a voxel world, each level `width + 1` to the right of the one below, so
    /// the levels lie side by side), a `pivot` for the path to the root, and the events:
    ///
    /// - `source` (the start) and `destination` (the goal);
    /// - `generating` the start, with `g` 0;
    /// - for each expansion, `expanding` the node, then `generating` each node it put on the
    ///   open list first and `updating` each it reached more cheaply (each with `pId`, the
    ///   expanded node), then `closing` it;
    /// - `end`, on the goal with its parent, when the search found a path (from the start,
    ///   when a graph search joined the two directly).
    ///
    /// Each event carries `id` (the node's index: `y * width + x`, and on a world
    /// `(z * height + y) * width + x`), `x`, `y` (and `z`), and where the recording knows them
    /// `g`, `h` and `f` (`f` = `g + h`, or `h` for greedy best-first, as the open list ordered)
    /// and `pId`. The map itself is not in the trace: Posthoc lays the trace over a `.map`
    /// opened beside it (`cubepath` writes one with "Save").
    ///
    /// ```
    /// use cubepath_search::{grid::Grid, search::{SearchOptions, Searcher}};
    /// let grid = Grid::new(3, 1).unwrap();
    /// let recording = Searcher::default().record(&grid, (0, 0), (2, 0), &SearchOptions::default(), 100).unwrap();
    /// let mut trace = Vec::new();
    /// recording.write_posthoc((2, 0), (3, 1, 1), &mut trace).unwrap();
    /// let trace = String::from_utf8(trace).unwrap();
    /// assert!(trace.starts_with("{\"version\": \"1.4.0\""));
    /// assert!(trace.contains(r#"{"type": "generating", "id": 1, "x": 1, "y": 0, "g": 1, "h": 1, "f": 2, "pId": 0}"#));
    /// assert!(trace.contains(r#"{"type": "end", "id": 2, "x": 2, "y": 0, "g": 2, "h": 0, "f": 2, "pId": 1}"#));
    /// ```
    pub fn write_posthoc(&self, goal: P, (width, height, _depth): (usize, usize, usize), out: &mut impl Write) -> io::Result<()> {
        let events = Events { width, height, greedy: self.answered_by == Algorithm::Greedy };
        let x_of = if goal.coords().2.is_some() { format!("$.x + $.z * {}", width + 1) } else { "$.x".to_string() };
        writeln!(out, "{{\"version\": \"1.4.0\",")?;
        writeln!(
            out,
            " \"views\": {{\"main\": [{{\"$\": \"rect\", \"width\": 1, \"height\": 1, \"x\": \"${{{{ {x_of} }}}}\", \"y\": \"${{{{ $.y }}}}\", \"fill\": \"${{{{ color[$.type] }}}}\"}}]}},"
        )?;
        writeln!(out, " \"pivot\": {{\"x\": \"${{{{ {x_of} + 0.5 }}}}\", \"y\": \"${{{{ $.y + 0.5 }}}}\", \"scale\": 1}},")?;
        writeln!(out, " \"events\": [")?;
        let lines = events.of(self, goal);
        for (k, e) in lines.iter().enumerate() {
            let comma = if k + 1 < lines.len() { "," } else { "" };
            writeln!(out, "  {e}{comma}")?;
        }
        writeln!(out, " ]}}")
    }
}

/// How a trace names its nodes and weighs their estimates.
struct Events {
    width: usize,
    height: usize,
    greedy: bool,
}

impl Events {
    fn id<P: TracePos>(&self, p: P) -> usize {
        let (x, y, z) = p.coords();
        (z.unwrap_or(0) * self.height + y) * self.width + x
    }

    /// One event: its type, node, g and h where known, and parent (`Some(None)`: none).
    fn event<P: TracePos>(&self, kind: &str, p: P, known: Option<(f64, f64)>, parent: Option<Option<P>>) -> String {
        let (x, y, z) = p.coords();
        let mut e = format!("{{\"type\": \"{kind}\", \"id\": {}, \"x\": {x}, \"y\": {y}", self.id(p));
        if let Some(z) = z {
            e.push_str(&format!(", \"z\": {z}"));
        }
        if let Some((g, h)) = known {
            let f = if self.greedy { h } else { g + h };
            e.push_str(&format!(", \"g\": {g}, \"h\": {h}, \"f\": {f}"));
        }
        match parent {
            Some(Some(q)) => e.push_str(&format!(", \"pId\": {}", self.id(q))),
            Some(None) => e.push_str(", \"pId\": null"),
            None => {}
        }
        e.push('}');
        e
    }

    /// The recording's events, in order (none for a search refused before it began: its ends
    /// are not known as nodes).
    fn of<P: TracePos>(&self, recording: &Recording<P>, goal: P) -> Vec<String> {
        let Some(start) = &recording.start else { return Vec::new() };
        let mut events = vec![
            self.event("source", start.at, None, None),
            self.event("destination", goal, None, None),
            self.event("generating", start.at, Some((start.g, start.h)), Some(None)),
        ];
        // what each node was last pushed with: its g, h and parent when it is expanded
        let mut last: HashMap<P, (f64, f64, Option<P>)> = HashMap::from([(start.at, (start.g, start.h, None))]);
        for e in &recording.expansions {
            let (g, h, parent) = last.get(&e.at).copied().unwrap_or((f64::NAN, f64::NAN, None));
            let known = Some((g, h)).filter(|(g, _)| g.is_finite());
            events.push(self.event("expanding", e.at, known, Some(parent)));
            for p in &e.pushed {
                let kind = if last.contains_key(&p.at) { "updating" } else { "generating" };
                last.insert(p.at, (p.g, p.h, p.parent));
                events.push(self.event(kind, p.at, Some((p.g, p.h)), Some(p.parent)));
            }
            events.push(self.event("closing", e.at, known, Some(parent)));
        }
        match (recording.result.cost, last.get(&goal)) {
            (Some(_), Some(&(g, h, parent))) => events.push(self.event("end", goal, Some((g, h)), Some(parent))),
            // a graph search that joined the start to the goal directly (the subgoal graph's
            // query, the two in sight of each other): the end is reached from the start
            (Some(cost), None) => events.push(self.event("end", goal, Some((cost, 0.0)), Some(Some(start.at)))),
            (None, _) => {}
        }
        events
    }
}
