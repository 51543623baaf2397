//! Posthoc search traces (`Recording::write_posthoc`) checked against the format's published
//! schema (posthoc-app's `client/src/language/schema.ts` and `protocol/Trace-v140.ts`: an
//! object with `version` "1.4.0", `views` whose `main` is a list of components each naming
//! its `$`, and `events`, a list of objects with an `id`, a string `type` and an optional
//! `pId`), with the standard search event types only, each parent an earlier event's id, and
//! the same story as cubepath's own trace of the same search: the same expansions in the same
//! order, the same g and h.

use cubepath_search::{files, files::read_posthoc, grid::*, search::*, world::*};
use serde_json::Value;

mod common;
use common::seeded_grid;

const TYPES: [&str; 7] = ["source", "destination", "generating", "updating", "expanding", "closing", "end"];

/// The schema's checks, and the rules of a search's events, on a written trace; its events.
fn checked(text: &str) -> Vec<Value> {
    let trace: Value = serde_json::from_str(text).expect("the trace is JSON (and so YAML 1.2)");
    assert_eq!(trace["version"], "1.4.0");
    let main = trace["views"]["main"].as_array().expect("views.main is a list");
    assert!(!main.is_empty() && main.iter().all(|c| c["$"].is_string()), "{main:?}");
    for key in ["x", "y"] {
        assert!(trace["pivot"][key].as_str().is_some_and(|s| s.starts_with("${{") && s.ends_with("}}")));
    }
    let events = trace["events"].as_array().expect("events is a list").clone();
    let mut seen = std::collections::HashSet::new();
    for (k, e) in events.iter().enumerate() {
        let kind = e["type"].as_str().expect("a type");
        assert!(TYPES.contains(&kind), "event {k}: {kind}");
        let id = e["id"].as_u64().expect("a numeric id");
        assert!(e["x"].is_u64() && e["y"].is_u64(), "event {k}: {e}");
        if let (Some(g), Some(h), Some(f)) = (e["g"].as_f64(), e["h"].as_f64(), e["f"].as_f64()) {
            assert!(g >= 0.0 && h >= 0.0 && ((f - (g + h)).abs() < 1e-9 || (f - h).abs() < 1e-9), "event {k}: {e}");
        }
        match &e["pId"] {
            Value::Null => {}
            p => assert!(p.as_u64().is_some_and(|p| seen.contains(&p)), "event {k}: parent {p} is no earlier event's"),
        }
        seen.insert(id);
    }
    events
}

fn at(e: &Value) -> Pos {
    (e["x"].as_u64().unwrap() as usize, e["y"].as_u64().unwrap() as usize)
}

#[test]
fn a_board_search_traced_for_posthoc_passes_the_schema_and_tells_the_same_story() {
    for (seed, algorithm) in [(1, Algorithm::AStar), (2, Algorithm::Greedy), (3, Algorithm::Jps), (4, Algorithm::Dijkstra)] {
        let (start, goal) = ((0, 0), (29, 19));
        let options = SearchOptions { algorithm, ..Default::default() };
        // the first grid from `seed` on with a way from corner to corner
        let grid = (seed..)
            .map(|s| {
                let mut grid = seeded_grid(30, 20, 0.25, s);
                grid.set(0, 0, Cell::FLOOR).unwrap();
                grid.set(29, 19, Cell::FLOOR).unwrap();
                grid
            })
            .find(|g| Searcher::default().search(g, start, goal, &SearchOptions::default()).unwrap().path.is_some())
            .unwrap();
        let recording = Searcher::default().record(&grid, start, goal, &options, usize::MAX).unwrap();
        let mut text = Vec::new();
        recording.write_posthoc(goal, (30, 20, 1), &mut text).unwrap();
        let text = String::from_utf8(text).unwrap();
        let events = checked(&text);
        // read back by cubepath's own reader: the same events
        let read = read_posthoc("own.trace.json", &text).unwrap();
        assert_eq!(read.len(), events.len());
        for (r, e) in read.iter().zip(&events) {
            // (serde_json reads the last digit of a long decimal loosely: within a few ulps)
            let near = |a: Option<f64>, b: Option<f64>| {
                a.zip(b).map_or(a.is_none() && b.is_none(), |(a, b)| (a - b).abs() <= 1e-12 * a.abs().max(1.0))
            };
            assert!(r.kind == e["type"].as_str().unwrap() && r.x == e["x"].as_f64() && near(r.g, e["g"].as_f64()), "{r:?} {e}");
        }
        let kinds: Vec<&str> = events.iter().map(|e| e["type"].as_str().unwrap()).collect();
        assert_eq!(&kinds[..3], ["source", "destination", "generating"]);
        assert_eq!((at(&events[0]), at(&events[1])), (start, goal));
        // the expansions, as cubepath's own trace tells them
        let mut own = Vec::new();
        Searcher::default().steps(&grid, start, goal, &options).unwrap().write_trace(None, &mut own).unwrap();
        let own: Value = serde_json::from_slice(&own).unwrap();
        let own: Vec<(Pos, f64, f64)> = own["expansions"]
            .as_array()
            .unwrap()
            .iter()
            .map(|e| {
                (
                    (e["cell"][0].as_u64().unwrap() as usize, e["cell"][1].as_u64().unwrap() as usize),
                    e["g"].as_f64().unwrap(),
                    e["h"].as_f64().unwrap(),
                )
            })
            .collect();
        let expanding: Vec<(Pos, f64, f64)> = events
            .iter()
            .filter(|e| e["type"] == "expanding")
            .map(|e| (at(e), e["g"].as_f64().unwrap(), e["h"].as_f64().unwrap()))
            .collect();
        assert_eq!(expanding, own, "{algorithm:?}");
        assert!(expanding.len() > 10);
        // every expansion is closed after it, and the end is the goal, reached by the path
        assert_eq!(kinds.iter().filter(|k| **k == "closing").count(), expanding.len());
        let found = recording.result.path.is_some();
        assert_eq!(kinds.last() == Some(&"end"), found, "{algorithm:?}");
        if let Some(path) = &recording.result.path {
            let end = events.last().unwrap();
            assert_eq!(at(end), goal);
            assert_eq!((end["pId"].as_u64().unwrap() as usize % 30, end["pId"].as_u64().unwrap() as usize / 30), path[path.len() - 2]);
            assert!((end["g"].as_f64().unwrap() - recording.result.cost.unwrap()).abs() < 1e-9);
        }
    }
}

#[test]
fn a_world_search_traced_for_posthoc_lays_its_levels_side_by_side() {
    let mut world = VoxelGrid::new(6, 5, 3).unwrap();
    world.set_blocked((2, 2, 0), true).unwrap();
    world.set_blocked((2, 2, 1), true).unwrap();
    let (start, goal) = ((0, 0, 0), (5, 4, 2));
    let recording = Searcher::default().record(&world, start, goal, &VoxelOptions::default(), usize::MAX).unwrap();
    let mut text = Vec::new();
    recording.write_posthoc(goal, (6, 5, 3), &mut text).unwrap();
    let text = String::from_utf8(text).unwrap();
    let events = checked(&text);
    assert!(text.contains(r#""x": "${{ $.x + $.z * 7 }}""#), "{text}");
    assert!(events.iter().all(|e| e["z"].is_u64()));
    let end = events.last().unwrap();
    assert_eq!((end["type"].as_str(), end["id"].as_u64()), (Some("end"), Some((2 * 5 + 4) * 6 + 5)));
    let expanding = events.iter().filter(|e| e["type"] == "expanding").count();
    assert_eq!(expanding, recording.expansions.len());
}

/// The traces other planners wrote (`assets/traces/README.md`).
fn other_planners(name: &str) -> String {
    std::fs::read_to_string(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../assets/traces").join(name)).unwrap()
}

/// Warthog's A* on arena.map, as Warthog writes it: every event read, and the path its parents
/// chain from the end to the source is legal under the rules and as long as the scenario file
/// says (62.1543), by a cost summed here from the rules, not by the engine.
#[test]
fn a_trace_warthog_wrote_is_read_and_its_path_is_the_published_length() {
    let events = read_posthoc("warthog-arena-astar.trace.json", &other_planners("warthog-arena-astar.trace.json")).unwrap();
    assert_eq!(events.len(), 311);
    assert_eq!(events.iter().filter(|e| e.kind == "expanding").count(), 46);
    assert_eq!((events[0].kind.as_str(), events[0].x, events[0].y), ("source", Some(1.0), Some(7.0)));
    let end = events.last().unwrap();
    assert_eq!((end.kind.as_str(), end.x, end.y, end.g), ("end", Some(47.0), Some(46.0), Some(62.1543)));
    // the latest event of each id, as Posthoc resolves parents
    let mut path = vec![(47usize, 46usize)];
    let mut parent = end.parent.clone();
    while let Some(p) = parent {
        let Some(e) = events.iter().rev().find(|e| e.id == p) else { break };
        path.push((e.x.unwrap() as usize, e.y.unwrap() as usize));
        parent = e.parent.clone();
    }
    path.reverse();
    assert_eq!(path[0], (1, 7));
    let grid = files::read_map(
        "arena.map",
        &std::fs::read(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../assets/maps/arena.map")).unwrap(),
    )
    .unwrap();
    let mut cost = 0.0;
    for w in path.windows(2) {
        let (dx, dy) = (w[0].0.abs_diff(w[1].0), w[0].1.abs_diff(w[1].1));
        assert!(dx <= 1 && dy <= 1 && dx + dy > 0 && grid.is_passable(w[1].0, w[1].1), "{w:?}");
        // no corner cut: both cells beside a diagonal free
        assert!(dx + dy == 1 || (grid.is_passable(w[0].0, w[1].1) && grid.is_passable(w[1].0, w[0].1)), "{w:?}");
        cost += if dx + dy == 2 { std::f64::consts::SQRT_2 } else { 1.0 };
    }
    assert!((cost - 62.1543).abs() < 1e-4, "{cost}");
}

/// The format's own 1.4.0 example (block-style YAML, `pId:` with nothing after it).
#[test]
fn the_formats_own_yaml_example_is_read() {
    let events = read_posthoc("astar.trace.yaml", &other_planners("posthoc-astar-excerpt.trace.yaml")).unwrap();
    assert_eq!(events.len(), 40);
    assert_eq!((events[0].kind.as_str(), events[0].id.as_str(), events[0].x, events[0].y), ("source", "1736", Some(8.0), Some(15.0)));
    assert_eq!(
        (events[2].kind.as_str(), events[2].parent.as_deref(), events[2].g, events[2].f),
        ("generating", None, Some(0.0), Some(0.000300711))
    );
    assert_eq!((events[4].parent.as_deref(), events[4].g, events[4].x, events[4].y), (Some("1736"), Some(1.0e-05), Some(8.0), Some(14.0)));
    assert_eq!(events[4].line, 40);
    // a cut file, a bad number, a list without events: errors naming the line
    let cut = "events:\n  - { type: source, id: 1, x: 2\n";
    assert!(read_posthoc("cut.trace.yaml", cut).unwrap_err().to_string().starts_with("cut.trace.yaml:2:"));
    let bad = "events:\n  - type: source\n    x: two\n";
    let e = read_posthoc("bad.trace.yaml", bad).unwrap_err().to_string();
    assert!(e.starts_with("bad.trace.yaml:2:") && e.contains("'two', not a number"), "{e}");
    assert!(read_posthoc("none.trace.yaml", "version: 1.4.0\n").unwrap_err().to_string().contains("no events"));
    assert!(read_posthoc("deep.trace.json", &"[".repeat(100)).is_err());
    assert!(read_posthoc("deep.trace.json", &format!("{{\"events\": {}", "[".repeat(100))).unwrap_err().to_string().contains("64 deep"));
}

fn traced(algorithm: Algorithm) -> (Recording, Vec<Value>) {
    let (start, goal) = ((0, 0), (29, 19));
    let grid = (1..)
        .map(|s| {
            let mut g = seeded_grid(30, 20, 0.25, s);
            g.set(0, 0, Cell::FLOOR).unwrap();
            g.set(29, 19, Cell::FLOOR).unwrap();
            g
        })
        .find(|g| Searcher::default().search(g, start, goal, &SearchOptions::default()).unwrap().path.is_some())
        .unwrap();
    let rec = Searcher::default().record(&grid, start, goal, &SearchOptions { algorithm, ..Default::default() }, usize::MAX).unwrap();
    let mut out = Vec::new();
    rec.write_posthoc(goal, (30, 20, 1), &mut out).unwrap();
    let events = checked(&String::from_utf8(out).unwrap());
    (rec, events)
}

/// Generating events are the search's pushes and updating its improvements, counted as it
/// counts them; greedy's f is its h.
#[test]
fn a_traces_events_are_counted_as_the_search_counts() {
    let (rec, events) = traced(Algorithm::AStar);
    let count = |k: &str| events.iter().filter(|e| e["type"] == k).count();
    // the start's own generating event is its push
    assert_eq!((count("generating"), count("updating")), (rec.result.pushed, rec.result.improved));
    assert!(rec.result.improved > 0);
    let (_, events) = traced(Algorithm::Greedy);
    let with_f: Vec<&Value> = events.iter().filter(|e| e["f"].is_number()).collect();
    assert!(with_f.iter().all(|e| e["f"].as_f64() == e["h"].as_f64()), "greedy orders by h");
    assert!(with_f.iter().filter(|e| e["g"].as_f64().unwrap() > 0.0).count() > 10);
}

/// What the reader makes of YAML nulls, lines, a wide dash, JSON escapes and nesting.
#[test]
fn the_reader_reads_nulls_lines_and_escapes() {
    let e = read_posthoc("a.yaml", "events:\n  - type: source\n    id: 1\n    g:\n    pId:\n").unwrap();
    assert_eq!((e[0].g, e[0].parent.clone()), (None, None));
    let json = "{\"events\": [\n  {\n    \"type\": \"source\",\n    \"id\": 1\n  },\n  {\"type\": \"end\", \"id\": 2}\n]}";
    let e = read_posthoc("a.json", json).unwrap();
    assert_eq!((e[0].line, e[1].line), (2, 6));
    let e = read_posthoc("f.yaml", "events:\n  - { type: source, id: 1 }\n  - { type: end, id: 2 }\n").unwrap();
    assert_eq!((e[0].line, e[1].line), (2, 3));
    let e = read_posthoc("w.yaml", "events:\n  -   type: source\n      id: 1\n      x: 4\n").unwrap();
    assert_eq!((e[0].kind.as_str(), e[0].id.as_str(), e[0].x), ("source", "1", Some(4.0)));
    let e = read_posthoc("e.json", "{\"events\": [{\"type\": \"a\\rb\\tc\\u0041\", \"id\": 1}]}").unwrap();
    assert_eq!(e[0].kind, "a\rb\tcA");
    let nest = |n: usize| format!("{{\"events\": {}{}}}", "[".repeat(n), "]".repeat(n));
    let at = |n: usize| read_posthoc("d.json", &nest(n)).err().map(|e| e.to_string()).unwrap_or_default();
    assert!(!at(63).contains("64 deep") && at(64).contains("64 deep"), "{} / {}", at(63), at(64));
}
