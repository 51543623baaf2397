//! The subgoal graph on Moving AI files against JPS+: per map its preparation (time, subgoals,
//! edges, shortcuts, bytes) and the total query time over every problem of its scenario for
//! JPS+ and the subgoal graph, each answer checked against the file's stated length.
//!
//!     cargo run --release -p cubepath-search --example prepared -- MAP...   (MAP.scen beside each)
use cubepath_search::files::{load_map, load_scen};
use cubepath_search::search::*;
use std::path::Path;
use std::time::Instant;

fn main() {
    // SUBGOAL_ONLY=1 races the subgoal graph against itself (for profiling it alone)
    let subgoal_only = std::env::var_os("SUBGOAL_ONLY").is_some();
    for map in std::env::args().skip(1) {
        let grid = load_map(Path::new(&map)).unwrap_or_else(|e| panic!("{map}: {e}"));
        let problems = load_scen(Path::new(&format!("{map}.scen"))).unwrap_or_else(|e| panic!("{map}.scen: {e}"));
        let t = Instant::now();
        let prepared = prepare(&grid).expect("a plain board");
        let prep = t.elapsed().as_secs_f64() * 1e3;
        let file = prepared.to_bytes();
        let t = Instant::now();
        let read = Prepared::from_bytes(&file, &grid).expect("its own file reads back");
        let reading = t.elapsed().as_secs_f64() * 1e3;
        assert!(read.to_bytes() == file, "{map}: the file read back writes other bytes");
        let cells = (grid.width() * grid.height()) as f64;
        let mut s = Searcher::default();
        let options = SearchOptions { algorithm: Algorithm::JpsPlus, ..Default::default() };
        s.search(&grid, problems[0].start, problems[0].goal, &options).unwrap();
        let mut times = [0.0f64; 2];
        let mut expanded = 0;
        let passes: usize = std::env::var("PASSES").ok().and_then(|p| p.parse().ok()).unwrap_or(3);
        for _ in 0..passes {
            // each column over every problem in turn, as `cubepath bench` runs an algorithm
            let mut run = [0.0f64; 2];
            for (k, name) in ["jps+", "subgoal"].into_iter().enumerate() {
                for p in &problems {
                    let t = Instant::now();
                    let r = if k == 0 && !subgoal_only {
                        s.search(&grid, p.start, p.goal, &options).unwrap()
                    } else {
                        prepared.search(&grid, p.start, p.goal, &mut s).unwrap()
                    };
                    run[k] += t.elapsed().as_secs_f64();
                    if k == 1 {
                        expanded += r.expanded;
                    }
                    assert!(p.matches(r.cost.unwrap_or(f64::NAN)), "{map}: {name} {:?} -> {:?}: {:?}", p.start, p.goal, r.cost);
                }
            }
            for k in 0..2 {
                times[k] = if times[k] == 0.0 { run[k] } else { times[k].min(run[k]) };
            }
        }
        println!(
            "{map}: {} problems; prep {prep:.0} ms, {} subgoals, {} edges, {} shortcuts, {} bytes; file {} bytes ({:.2} a cell), read in {reading:.0} ms; jps+ {:.2} ms, subgoal {:.2} ms ({:.1}x), {:.1} expanded per query",
            problems.len(),
            prepared.subgoals(),
            prepared.edges(),
            prepared.shortcuts(),
            prepared.bytes(),
            file.len(),
            file.len() as f64 / cells,
            times[0] * 1e3,
            times[1] * 1e3,
            times[0] / times[1],
            expanded as f64 / passes as f64 / problems.len() as f64
        );
    }
}
