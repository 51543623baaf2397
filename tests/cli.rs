//! The command line as a user runs it: output format and exit codes.

mod common;
use common::{cubepath, map, temp_file};
use std::process::Command;

#[test]
fn solve_prints_cost_expanded_and_path() {
    let arena = map("arena.map");
    // arena.map.scen line 4: 1,13 -> 4,12 costs 3.41421
    let (code, out, err) = cubepath(&["solve", &arena, "--from", "1,13", "--to", "4,12"]);
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3, "{out}");
    assert_eq!(lines[0], "cost 3.41421356");
    assert!(lines[1].starts_with("expanded "));
    let cells: Vec<&str> = lines[2].strip_prefix("path ").unwrap().split(' ').collect();
    assert_eq!(cells.first(), Some(&"1,13"));
    assert_eq!(cells.last(), Some(&"4,12"));
    for algo in ["astar", "dijkstra", "jps"] {
        let (code, out, _) = cubepath(&["solve", &arena, "--from", "1,13", "--to", "4,12", "--algorithm", algo]);
        assert_eq!(code, 0);
        assert!(out.starts_with("cost 3.41421356\n"), "{algo}: {out}");
    }
    let (code, out, _) = cubepath(&["solve", &arena, "--from", "1,13", "--to", "4,12", "--diagonal", "never"]);
    assert_eq!(code, 0);
    assert!(out.starts_with("cost 4.00000000\n"), "{out}");
}

#[test]
fn solve_exit_codes() {
    let walled = temp_file("walled.map", b"type octile\nheight 3\nwidth 3\nmap\n.@.\n.@.\n.@.\n");
    let (code, out, _) = cubepath(&["solve", &walled, "--from", "0,0", "--to", "2,2"]);
    assert_eq!(code, 1);
    assert!(out.starts_with("no path"));
    let cases: &[&[&str]] = &[
        &["--from", "1,0", "--to", "2,2"], // start blocked
        &["--from", "0,0", "--to", "3,0"], // off the grid
        &["--from", "0;0", "--to", "2,2"], // malformed coordinate
        &["--from", "0,0", "--to", "2,2", "--algorithm", "nope"],
        &["--from", "0,0", "--to", "2,2", "--weight", "0.5"],
        &["--from", "0,0", "--to", "2,2", "--hex", "--algorithm", "jps"],
    ];
    for args in cases {
        let mut all = vec!["solve", walled.as_str()];
        all.extend_from_slice(args);
        let (code, _, err) = cubepath(&all);
        assert_eq!(code, 2, "{args:?}");
        assert!(!err.trim().is_empty(), "{args:?}: no message");
    }
    let bad = temp_file("bad.map", b"type octile\nheight 2\nwidth 2\nmap\n..\n.x\n");
    let (code, _, err) = cubepath(&["solve", &bad, "--from", "0,0", "--to", "1,0"]);
    assert_eq!(code, 2);
    assert!(err.contains("bad.map:6:"), "{err}");
    let (code, _, err) = cubepath(&["solve", "/no/such/file.map", "--from", "0,0", "--to", "1,0"]);
    assert_eq!(code, 2);
    assert!(err.contains("cannot read"), "{err}");
}

#[test]
fn scen_runs_every_problem_and_counts() {
    let (code, out, err) = cubepath(&["scen", &map("arena.map"), &map("arena.map.scen"), "--algorithm", "jps"]);
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    let problems = std::fs::read_to_string(map("arena.map.scen")).unwrap().lines().filter(|l| l.split_whitespace().count() == 9).count();
    assert_eq!(lines.len(), problems + 1);
    assert_eq!(lines.last().unwrap(), &format!("{problems} passed, 0 failed"));
    let first: Vec<&str> = lines[0].split('\t').collect();
    assert_eq!(first.len(), 9);
    assert_eq!(&first[..7], &["0", "1", "11", "1", "12", "1", "1.00000000"][..7]);
    // searches that do not promise least-cost paths (greedy, an inadmissible weight, HPA*) pass
    // a problem when they find a path, and give their cost ratio to the file's length
    for args in [&["--algorithm", "greedy"][..], &["--weight", "3"], &["--algorithm", "hpa"]] {
        let (code, out, err) = cubepath(&[&["scen", &map("arena.map"), &map("arena.map.scen")][..], args].concat());
        assert_eq!(code, 0, "{args:?}: {err}");
        assert_eq!(summary(&out), (problems, 0), "{args:?}");
        let lines: Vec<&str> = out.lines().collect();
        let mut ratios = Vec::new();
        for line in &lines[..problems] {
            let f: Vec<&str> = line.split('\t').collect();
            let (stated, cost, ratio): (f64, f64, f64) = (f[5].parse().unwrap(), f[6].parse().unwrap(), f[9].parse().unwrap());
            assert!((ratio - cost / stated).abs() < 1e-5 && ratio > 1.0 - 1e-5, "{args:?}: {line}");
            ratios.push(ratio);
        }
        // greedy and the weight stray from the optimum on arena (HPA* may meet it throughout)
        assert!(args[1] == "hpa" || ratios.iter().any(|&r| r > 1.0 + 1e-6), "{args:?}: every path optimal on arena");
        let said = lines[problems];
        let worst = ratios.iter().copied().fold(1.0, f64::max);
        assert!(said.contains("does not promise least-cost paths") && said.ends_with(&format!("worst {worst:.6}")), "{said}");
    }
    let bad = temp_file("bad.scen", b"version 1\n0\tarena.map\t49\t49\t1\tx\t1\t12\t1\n");
    let (code, _, err) = cubepath(&["scen", &map("arena.map"), &bad]);
    assert_eq!(code, 2);
    assert!(err.contains("bad.scen:2:"), "{err}");
}

/// The closing `N passed, N failed` line's two numbers.
fn summary(out: &str) -> (usize, usize) {
    let last = out.lines().last().unwrap();
    let words: Vec<&str> = last.split(' ').collect();
    assert_eq!((words.len(), words[1], words[3]), (4, "passed,", "failed"), "{last}");
    (words[0].parse().unwrap(), words[2].parse().unwrap())
}

const SMALL_MAP: &[u8] = b"type octile\nheight 3\nwidth 4\nmap\n....\n.@..\n....\n";

#[test]
fn scen_checks_each_length_to_the_precision_the_file_states() {
    let m = temp_file("small.map", SMALL_MAP);
    // 0,0 -> 3,0 costs 3; 0,0 -> 3,2 costs 3 + sqrt 2 round the block (4.41421)
    let good = temp_file("good.scen", b"version 1\n0\ts.map\t4\t3\t0\t0\t3\t0\t3\n0\ts.map\t4\t3\t0\t0\t3\t2\t4.41421\n");
    let (code, out, err) = cubepath(&["scen", &m, &good]);
    assert_eq!((code, summary(&out)), (0, (2, 0)), "{out}{err}");
    // one unit of the sixth significant digit off, in either direction: a failure
    for (k, wrong) in ["3.00001", "2.99999", "4.41422", "4.4142"].iter().enumerate() {
        let line = if k < 2 { format!("0\ts.map\t4\t3\t0\t0\t3\t0\t{wrong}") } else { format!("0\ts.map\t4\t3\t0\t0\t3\t2\t{wrong}") };
        let f = temp_file(&format!("off{k}.scen"), format!("version 1\n{line}\n").as_bytes());
        let (code, out, _) = cubepath(&["scen", &m, &f]);
        assert_eq!((code, summary(&out)), (1, (0, 1)), "{wrong}");
        let (code, _, err) = cubepath(&["bench", &m, &f]);
        assert_eq!(code, 1, "bench {wrong}");
        assert!(err.contains("WRONG COST"), "{err}");
    }
}

/// A current-format file as the benchmark publishes it: 8 decimals, not summed exactly (the
/// engine's tests measure how far off). Every problem passes `scen` with A* and JPS and
/// `bench` with JPS+; a length moved by 1e-4 on one line fails that problem alone.
#[test]
fn scen_and_bench_pass_a_current_format_file_and_catch_a_moved_length() {
    let (m, scen) = (map("8room_000.map"), map("8room_000.map.scen"));
    let text = std::fs::read_to_string(&scen).unwrap();
    let problems = text.lines().filter(|l| l.split_whitespace().count() == 9).count();
    assert_eq!(problems, 2140);
    for algorithm in ["astar", "jps"] {
        let (code, out, err) = cubepath(&["scen", &m, &scen, "--algorithm", algorithm]);
        assert_eq!((code, summary(&out)), (0, (problems, 0)), "{algorithm}: {err}");
        assert!(!err.contains("approximate"), "{err}");
    }
    let (code, _, err) = cubepath(&["bench", &m, &scen, "--algorithm", "jps-plus"]);
    assert_eq!(code, 0, "{err}");
    // problem 1000 (line 1002), its length moved by 1e-4
    let mut lines: Vec<String> = text.lines().map(String::from).collect();
    let mut fields: Vec<String> = lines[1001].split('\t').map(String::from).collect();
    let moved = fields[8].parse::<f64>().unwrap() + 1e-4;
    fields[8] = format!("{moved:.8}");
    lines[1001] = fields.join("\t");
    let f = temp_file("8room_moved.scen", (lines.join("\n") + "\n").as_bytes());
    let (code, out, _) = cubepath(&["scen", &m, &f, "--algorithm", "jps"]);
    assert_eq!((code, summary(&out)), (1, (problems - 1, 1)));
    let row: Vec<&str> = out.lines().nth(1000).unwrap().split('\t').collect();
    assert_eq!(row[5], fields[8], "the failing problem is the moved one");
    let (code, _, err) = cubepath(&["bench", &m, &f, "--algorithm", "jps"]);
    assert_eq!(code, 1);
    assert!(err.contains("WRONG COST: jps problem 1000 (line 1002)") && err.contains("1 problems got a wrong cost"), "{err}");
}

#[test]
fn scen_says_which_verdicts_are_only_approximate() {
    let m = temp_file("line.map", b"type octile\nheight 1\nwidth 4\nmap\n....\n");
    // 3 to 8 decimals: exact; 3 stated to 6 digits: exact; 3000.00 would be a 6-digit length
    // on a long path: its verdict is approximate (the file states only 1e-2)
    let f = temp_file("lens.scen", b"version 1\n0\tl.map\t4\t1\t0\t0\t3\t0\t3.00000000\n0\tl.map\t4\t1\t0\t0\t3\t0\t3\n");
    let (code, _, err) = cubepath(&["scen", &m, &f]);
    assert_eq!(code, 0);
    assert!(!err.contains("approximate"), "{err}");
    let f = temp_file("long.scen", b"version 1\n0\tl.map\t4\t1\t0\t0\t3\t0\t3\n0\tl.map\t4\t1\t0\t0\t3\t0\t3000.00\n");
    let (code, out, err) = cubepath(&["scen", &m, &f]);
    assert_eq!((code, summary(&out)), (1, (1, 1)));
    assert!(err.contains("note: 1 of 2 verdicts are only approximate"), "{err}");
}

#[test]
fn malformed_scenarios_exit_2_naming_the_line_before_any_output() {
    let m = temp_file("small2.map", SMALL_MAP);
    let good = "0\ts.map\t4\t3\t0\t0\t3\t0\t3";
    let cases: &[(&str, &str, &str)] = &[
        ("0\ts.map\t4\t3\t0\t0\t3", ":3:", "9 fields"),
        ("9999999999\ts.map\t4\t3\t0\t0\t3\t0\t3", ":3:", "bucket"),
        ("0\ts.map\t4\t3\t0\t0\t4\t0\t3", ":3:", "outside"),
        ("0\ts.map\t4\t3\t0\t0\t1\t1\t3", ":3:", "blocked"),
        ("0\ts.map\t5\t3\t0\t0\t1\t0\t1", ":3:", "5 x 3"),
    ];
    for (k, (line, place, what)) in cases.iter().enumerate() {
        let f = temp_file(&format!("bad{k}.scen"), format!("version 1\n{good}\n{line}\n").as_bytes());
        let (code, out, err) = cubepath(&["scen", &m, &f]);
        assert_eq!(code, 2, "{line}: {err}");
        assert!(out.is_empty(), "{line}: no partial output, got {out}");
        assert!(err.contains(place) && err.contains(what), "{line}: {err}");
        assert_eq!(err.trim().lines().count(), 1, "{err}");
    }
    // the mismatch names both sizes
    let f = temp_file("size.scen", b"version 1\n0\ts.map\t5\t3\t0\t0\t1\t0\t1\n");
    let (_, _, err) = cubepath(&["scen", &m, &f]);
    assert!(err.contains("5 x 3") && err.contains("4 x 3"), "{err}");
    // 70,000 decimals: read, checked, printed, no panic
    let long = format!("version 1\n0\ts.map\t4\t3\t0\t0\t3\t0\t3.{}\n", "0".repeat(70_000));
    let f = temp_file("long.scen", long.as_bytes());
    let (code, out, err) = cubepath(&["scen", &m, &f]);
    assert_eq!((code, summary(&out)), (0, (1, 0)), "{err}");
}

#[test]
fn a_closed_pipe_ends_the_run_quietly() {
    use std::io::Read;
    use std::process::Stdio;
    let mut child = Command::new(env!("CARGO_BIN_EXE_cubepath"))
        .args(["scen", &map("64room_000.map"), &map("64room_000.map.scen")])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = [0u8; 64];
    child.stdout.as_mut().unwrap().read_exact(&mut first).unwrap();
    drop(child.stdout.take()); // the reader goes away, as `| head` does
    let mut err = String::new();
    child.stderr.as_mut().unwrap().read_to_string(&mut err).unwrap();
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(141), "{err}");
    assert!(err.is_empty(), "no message: {err}");
}

#[test]
fn the_game_without_a_display_says_so_in_one_line() {
    let out = Command::new(env!("CARGO_BIN_EXE_cubepath"))
        .args(["--rows", "5"])
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert_eq!(err.trim().lines().count(), 1, "one line, no backtrace: {err}");
    assert!(err.contains("DISPLAY") && err.contains("xvfb-run") && err.contains("solve"), "{err}");
}

#[test]
fn bench_reports_totals() {
    let (code, out, err) = cubepath(&["bench", &map("arena.map"), &map("arena.map.scen"), "--repeat", "2"]);
    assert_eq!(code, 0, "{err}");
    let last = out.lines().last().unwrap();
    assert!(last.starts_with("problems 160 repeat 2 total_ms "), "{last}");
    // GPPC-style totals before it: preprocessing apart from the searches, mean and worst
    let value = |out: &str, key: &str| -> f64 {
        let line = out.lines().find(|l| l.starts_with(&format!("{key} "))).unwrap_or_else(|| panic!("no {key} in {out}"));
        line[key.len() + 1..].parse().unwrap()
    };
    let total_ms: f64 = last.rsplit(' ').next().unwrap().parse().unwrap();
    let (mean, worst) = (value(&out, "search_mean_us"), value(&out, "search_worst_us"));
    assert!((mean * 320.0 / 1000.0 - total_ms).abs() < 0.01 * total_ms.max(0.1), "mean {mean} us x 320 vs {total_ms} ms");
    assert!(worst >= mean * 0.5 && worst > 0.0, "worst {worst} mean {mean}");
    assert!(out.contains("algorithm astar\n"));
    let (code, plus, err) = cubepath(&["bench", &map("arena.map"), &map("arena.map.scen"), "--algorithm", "jps-plus"]);
    assert_eq!(code, 0, "{err}");
    assert!(plus.contains("algorithm jps-plus\n"));
    // the jump table: 16 bytes for each of the 51 x 51 padded cells, beside the components
    assert!(value(&plus, "preprocess_bytes") >= (51 * 51 * 16) as f64, "{plus}");
    assert!(value(&plus, "preprocess_ms") > 0.0);
}

#[test]
fn bench_edits_the_map_keeps_the_preparation_and_puts_the_map_back() {
    // 40 toggles and their undoing with the subgoal graph kept through them; then the 160
    // problems on the map as it was, each checked against the file (exit 1 on a wrong cost)
    let (code, out, err) = cubepath(&["bench", &map("arena.map"), &map("arena.map.scen"), "--algorithm", "subgoal", "--edits", "40"]);
    assert_eq!(code, 0, "{err}");
    let line = out.lines().last().unwrap();
    assert!(line.starts_with("problems 160 repeat 1 total_ms ") && line.contains(" edits 40 repair_ms_median "), "{out}");
    let field = |key: &str| -> f64 {
        let mut words = line.split(' ');
        words.find(|w| *w == key).and_then(|_| words.next()).unwrap_or_else(|| panic!("no {key} in {line}")).parse().unwrap()
    };
    assert!(field("repair_ms_max") >= field("repair_ms_median") && field("repair_ms_median") > 0.0, "{line}");
    assert!(field("search_us_mean") > 0.0 && field("prepare_ms") > 0.0, "{line}");
    assert!(field("refreshes") >= 0.0 && field("refresh_ms_median") >= 0.0, "{line}");
    // worlds have no such edits
    let w = temp_file("edit.3dmap", b"voxel 4 4 2\n");
    let scen = temp_file("edit.3dscen", b"version 1\nedit.3dmap\n0 0 0 3 3 0 4.24264069 1.0\n");
    let (code, _, err) = cubepath(&["bench", &w, &scen, "--edits", "3"]);
    assert_eq!(code, 2);
    assert!(err.contains("--edits is for 2D maps"), "{err}");
}

#[test]
fn bench_runs_more_algorithms_and_draws_them() {
    let svg = std::env::temp_dir().join(format!("cubepath-bench-{}.svg", std::process::id()));
    let svg_arg = svg.display().to_string();
    let (code, out, err) = cubepath(&["bench", &map("arena.map"), &map("arena.map.scen"), "--also", "jps,jps-plus", "--plot", &svg_arg]);
    assert_eq!(code, 0, "{err}");
    let blocks: Vec<&str> = out.lines().filter(|l| l.starts_with("algorithm ")).collect();
    assert_eq!(blocks, ["algorithm jps", "algorithm jps-plus", "algorithm astar"], "the main algorithm's totals last");
    assert!(out.lines().last().unwrap().starts_with("problems 160 repeat 1 total_ms "));
    let picture = std::fs::read_to_string(&svg).unwrap();
    assert!(picture.starts_with("<svg") && picture.trim_end().ends_with("</svg>"));
    // a point per problem, algorithm and panel, and a legend dot per algorithm and panel
    assert_eq!(picture.matches("<circle").count(), 160 * 3 * 2 + 3 * 2);
    let texts: Vec<&str> =
        picture.split("<text").skip(1).filter_map(|t| Some(t.split_once('>')?.1.split_once("</text>")?.0.trim())).collect();
    for t in ["astar", "jps", "jps-plus", "160 problems of arena.map", "optimal path length", "search time (µs, log)"] {
        assert!(texts.contains(&t), "{t:?} not among {texts:?}");
    }
    std::fs::remove_file(&svg).unwrap();
    // an algorithm that cannot run on the map is bad input
    let mud = temp_file("mud.map", b"type octile\nheight 1\nwidth 3\nmap\n.3.\n");
    let scen = temp_file("mud.scen", b"version 1\n0\tmud.map\t3\t1\t0\t0\t2\t0\t4\n");
    let (code, _, err) = cubepath(&["bench", &mud, &scen, "--also", "jps"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("jps") && err.contains(":2:"), "{err}");
}

#[test]
fn absurd_play_options_exit_2_with_a_message() {
    // each message names the option and what it may be
    let cases: [(&[&str], &[&str]); 7] = [
        (&["--rows", "0"], &["--rows", "1..=1024"]),
        (&["--cols", "100000"], &["--cols", "100000", "1..=1024"]),
        (&["--barriers", "150"], &["--barriers", "percentage from 0 to 100"]),
        (&["--rows", "5", "--start", "9,9"], &["--start 9,9", "off the board", "5 rows (y 0..4)"]),
        (&["--map", "/no/such.map"], &["/no/such.map", "cannot read"]),
        (&["--screenshot", "out.jpg"], &["--screenshot", ".png"]),
        (&["--crowd", "march"], &["--crowd", "march", "wander, gather, command"]),
    ];
    for (args, words) in cases {
        let (code, _, err) = cubepath(args);
        assert_eq!(code, 2, "{args:?}: {err}");
        for word in words {
            assert!(err.contains(word), "{args:?}: the message does not say '{word}': {err}");
        }
    }
}

#[test]
fn any_angle_smooth_and_limits() {
    // an open 10 x 4 field with one block off the corner-to-corner line (a block at 4,2 would
    // be on it: the line crosses that cell's square)
    let field = temp_file("field.map", b"type octile\nheight 4\nwidth 10\nmap\n..@.......\n..........\n..........\n..........\n");
    for algo in ["theta", "lazy-theta"] {
        let (code, out, err) = cubepath(&["solve", &field, "--from", "0,3", "--to", "9,0", "--algorithm", algo]);
        assert_eq!(code, 0, "{err}");
        let lines: Vec<&str> = out.lines().collect();
        // one segment from corner to corner
        assert_eq!(lines[2], "path 0,3 9,0", "{algo}");
        assert_eq!(lines[0], format!("cost {:.8}", 90f64.sqrt()), "{algo}");
        assert!(err.contains("do not guarantee"), "{algo}: {err}");
    }
    // A* with --smooth: the staircase pulled into the same straight segment
    let (code, out, _) = cubepath(&["solve", &field, "--from", "0,3", "--to", "9,0", "--smooth"]);
    assert_eq!(code, 0);
    assert!(out.starts_with(&format!("cost {:.8}\n", 90f64.sqrt())) && out.ends_with("path 0,3 9,0\n"), "{out}");
    // --smooth is refused where line of sight means nothing
    let (code, _, err) = cubepath(&["solve", &field, "--from", "0,3", "--to", "9,0", "--smooth", "--hex"]);
    assert_eq!(code, 2);
    assert!(err.contains("--smooth") && err.contains("any-angle"), "{err}");
    // bidirectional A* and IDA* agree with A*; a small limit stops IDA*
    for algo in ["astar-bidir", "ida"] {
        let (code, out, _) = cubepath(&["solve", &field, "--from", "0,3", "--to", "9,0", "--algorithm", algo]);
        assert_eq!(code, 0);
        assert!(out.starts_with("cost 10.24264069\n"), "{algo}: {out}");
    }
    let (code, out, err) = cubepath(&["solve", &field, "--from", "0,3", "--to", "9,0", "--algorithm", "ida", "--limit", "5"]);
    assert_eq!(code, 1);
    assert_eq!(out, "stopped\nexpanded 5\n");
    assert!(err.contains("limit"), "{err}");
}

#[test]
fn trace_writes_every_expansion_or_nothing() {
    let arena = map("arena.map");
    let dir = std::env::temp_dir().join(format!("cubepath-trace-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("t.json");
    let (code, out, err) = cubepath(&["solve", &arena, "--from", "1,13", "--to", "40,30", "--trace", file.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    let expanded: usize = out.lines().nth(1).unwrap().strip_prefix("expanded ").unwrap().parse().unwrap();
    let json = std::fs::read_to_string(&file).unwrap();
    assert!(
        json.starts_with("{\"format\": \"cubepath-trace 1\", \"algorithm\": \"astar\", \"start\": [1, 13], \"goal\": [40, 30],"),
        "{json:.200}"
    );
    assert_eq!(json.matches("{\"cell\": ").count(), expanded);
    assert!(json.contains("\"parent\": null") && json.trim_end().ends_with(&format!("\"expanded\": {expanded}}}")));
    let cost = out.lines().next().unwrap().strip_prefix("cost ").unwrap().parse::<f64>().unwrap();
    let traced: f64 = json.rsplit("\"cost\": ").next().unwrap().split(',').next().unwrap().parse().unwrap();
    assert!((cost - traced).abs() < 1e-8);
    // the last expansion is the goal's
    let last = json.rsplit("{\"cell\": ").next().unwrap();
    assert!(last.starts_with("[40, 30]") && last.contains("\"pushed\": []"), "{last:.100}");
    // brackets balance: one JSON value
    assert_eq!(json.matches('[').count(), json.matches(']').count());
    assert_eq!(json.matches('{').count(), json.matches('}').count());
    // a place that cannot be written: a message naming it, no file, no temporary left behind
    let bad = file.join("under-a-file.json"); // its folder is a file
    let (code, _, err) = cubepath(&["solve", &arena, "--from", "1,13", "--to", "40,30", "--trace", bad.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(err.contains("could not write the trace") && err.contains("under-a-file.json"), "{err}");
    // an algorithm that runs whole cannot be traced
    let (code, _, err) =
        cubepath(&["solve", &arena, "--from", "1,13", "--to", "40,30", "--algorithm", "ida", "--trace", file.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(err.contains("--trace") && err.contains("step by step"), "{err}");
    let leftovers: Vec<_> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().file_name()).collect();
    assert_eq!(leftovers, vec![std::ffi::OsString::from("t.json")]);
}

/// A 7 x 1 x 4 world: a wall at x = 3 two voxels high, a block on each side of it to climb.
const WALLED_WORLD: &[u8] = b"voxel 7 1 4\n3 0 0\n3 0 1\n2 0 0\n4 0 0\n";

#[test]
fn solve_scen_and_bench_on_a_voxel_world() {
    let w = temp_file("walled.3dmap", WALLED_WORLD);
    // walking: up the block, onto the wall, down the far block: 2 straight steps and 4 climbs
    let (code, out, err) = cubepath(&["solve", &w, "--from", "0,0,0", "--to", "6,0,0", "--moves", "walk"]);
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], format!("cost {:.8}", 2.0 + 4.0 * 2f64.sqrt()));
    assert_eq!(lines[2], "path 0,0,0 1,0,0 2,0,1 3,0,2 4,0,1 5,0,0 6,0,0");
    // the same walk traced, voxel by voxel
    let trace = std::env::temp_dir().join(format!("cubepath-walk-{}.json", std::process::id()));
    let (code, _, err) =
        cubepath(&["solve", &w, "--from", "0,0,0", "--to", "6,0,0", "--moves", "walk", "--trace", &trace.display().to_string()]);
    assert_eq!(code, 0, "{err}");
    let json = std::fs::read_to_string(&trace).unwrap();
    assert!(json.contains("\"cell\": [2, 0, 1]") && json.contains("\"found\": true"), "{json}");
    // flying (fly26 by default) goes over in the air
    let (code, out, _) = cubepath(&["solve", &w, "--from", "0,0,0", "--to", "6,0,0"]);
    assert_eq!(code, 0);
    assert!(out.lines().nth(2).unwrap().contains(",2 "), "{out}");
    // 3D JPS's bench counts what it prepared ahead in preprocess_bytes: with the components (as
    // runs of free voxels, a few KB) and the bit rows (about 3 bits a voxel), the straight-jump
    // table (12 bytes a voxel)
    let open = temp_file("open.3dmap", b"voxel 64 64 8\n10 10 0\n10 10 1\n");
    let (code, out, err) = cubepath(&["solve", &open, "--from", "0,0,0", "--to", "63,40,7"]);
    assert_eq!(code, 0, "{err}");
    let fly = out.lines().next().unwrap().strip_prefix("cost ").unwrap().to_string();
    let flying = temp_file("flying.3dscen", format!("version 1\nopen.3dmap\n0 0 0 63 40 7 {fly} 1.0\n").as_bytes());
    let (code, out, err) = cubepath(&["bench", &open, &flying, "--algorithm", "jps"]);
    assert_eq!(code, 0, "{err}");
    let bytes: usize = out.lines().find_map(|l| l.strip_prefix("preprocess_bytes ")).unwrap().parse().unwrap();
    assert!(bytes > 12 * 64 * 64 * 8 && bytes < (4 + 12) * 64 * 64 * 8, "{out}");
    // a scenario: the walk's length right, then moved by 1e-4
    let length = format!("{:.8}", 2.0 + 4.0 * 2f64.sqrt());
    let good = temp_file("walled.3dscen", format!("version 1\nwalled.3dmap\n0 0 0 6 0 0 {length} 1.0\n").as_bytes());
    let (code, out, err) = cubepath(&["scen", &w, &good, "--moves", "walk"]);
    assert_eq!((code, summary(&out)), (0, (1, 0)), "{out}{err}");
    assert_eq!(out.lines().next().unwrap().split('\t').collect::<Vec<_>>()[..8], ["0", "0", "0", "0", "6", "0", "0", length.as_str()]);
    let moved = format!("{:.8}", 2.0 + 4.0 * 2f64.sqrt() + 1e-4);
    let bad = temp_file("moved.3dscen", format!("version 1\nwalled.3dmap\n0 0 0 6 0 0 {moved} 1.0\n").as_bytes());
    let (code, out, _) = cubepath(&["scen", &w, &bad, "--moves", "walk"]);
    assert_eq!((code, summary(&out)), (1, (0, 1)));
    let (code, out, err) = cubepath(&["bench", &w, &good, "--moves", "walk", "--also", "dijkstra,astar-bidir"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.lines().last().unwrap().starts_with("problems 1 repeat 1 total_ms "), "{out}");
    let (code, _, err) = cubepath(&["bench", &w, &bad, "--moves", "walk"]);
    assert_eq!(code, 1);
    assert!(err.contains("WRONG COST: astar problem 0 (line 3)"), "{err}");
}

#[test]
fn bad_voxel_input_exits_2_naming_what_and_where() {
    let w = temp_file("bad-walled.3dmap", WALLED_WORLD);
    let cases: [(&[&str], &str); 8] = [
        (&["--from", "0,0", "--to", "6,0,0"], "voxels X,Y,Z"),
        (&["--from", "0,0,0", "--to", "7,0,0"], "goal: voxel 7,0,0 is off the world (7 x 1 x 4"),
        (&["--from", "3,0,0", "--to", "6,0,0"], "start voxel 3,0,0 is blocked"),
        (&["--from", "0,0,2", "--to", "6,0,0", "--moves", "walk"], "start voxel 0,0,2 cannot be stood on"),
        (&["--from", "0,0,0", "--to", "6,0,0", "--algorithm", "theta"], "does not run on voxel worlds"),
        (&["--from", "0,0,0", "--to", "6,0,0", "--algorithm", "jps", "--moves", "fly6"], "and jps with fly26"),
        (&["--from", "0,0,0", "--to", "6,0,0", "--hex"], "a voxel world takes --moves"),
        (&["--from", "0,0,0", "--to", "6,0,0", "--moves", "fly27"], "fly6, fly18, fly26, walk"),
    ];
    for (args, what) in cases {
        let mut all = vec!["solve", w.as_str()];
        all.extend_from_slice(args);
        let (code, out, err) = cubepath(&all);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(out.is_empty() && err.contains(what), "{args:?}: {err}");
    }
    // JPS runs with fly26, and agrees with A*
    let (code, jps, err) = cubepath(&["solve", w.as_str(), "--from", "0,0,0", "--to", "6,0,0", "--algorithm", "jps"]);
    assert_eq!(code, 0, "{err}");
    let (_, astar, _) = cubepath(&["solve", w.as_str(), "--from", "0,0,0", "--to", "6,0,0"]);
    assert_eq!(jps.lines().next(), astar.lines().next());
    let broken = temp_file("broken.3dmap", b"voxel 7 1 4\n3 0 0\n3 0\n");
    let (code, _, err) = cubepath(&["solve", &broken, "--from", "0,0,0", "--to", "6,0,0"]);
    assert_eq!(code, 2);
    assert!(err.contains("broken.3dmap:3:"), "{err}");
    let (code, _, err) = cubepath(&["solve", &map("arena.map"), "--from", "1,13", "--to", "4,12", "--moves", "walk"]);
    assert_eq!(code, 2);
    assert!(err.contains("--moves is for voxel worlds"), "{err}");
}

#[test]
fn world_writes_a_seeded_world_that_solve_reads() {
    let dir = std::env::temp_dir().join(format!("cubepath-world-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out = dir.join("tower.3dmap").display().to_string();
    let (code, said, err) = cubepath(&["world", "--kind", "building", "--size", "20x20x12", "--seed", "3", "--out", &out]);
    assert_eq!(code, 0, "{err}");
    assert!(said.starts_with("building 20 x 20 x 12, seed 3: "), "{said}");
    // the same seed writes the same file
    let first = std::fs::read(&out).unwrap();
    cubepath(&["world", "--kind", "building", "--size", "20x20x12", "--seed", "3", "--out", &out]);
    assert_eq!(std::fs::read(&out).unwrap(), first);
    // a walker gets from the ground floor to the top floor (z = 8) of the building
    let (code, text, err) = cubepath(&["solve", &out, "--from", "0,0,0", "--to", "0,0,8", "--moves", "walk"]);
    assert_eq!(code, 0, "{err}");
    assert!(text.lines().nth(2).unwrap().split(' ').any(|v| v.ends_with(",4")), "passes floor 1: {text}");
    for (args, what) in [
        (&["--size", "20x20"][..], "WxHxD"),
        (&["--size", "2000x1x1"], "2000 x 1 x 1"),
        (&["--kind", "towers"], "blocks, building, caves, islands"),
    ] {
        let mut all = vec!["world", "--out", out.as_str()];
        all.extend_from_slice(args);
        let (code, _, err) = cubepath(&all);
        assert_eq!(code, 2, "{args:?}");
        assert!(err.contains(what), "{args:?}: {err}");
    }
}

/// MagicaVoxel models: a world written as `.vox` searches as its `.3dmap` does; a file of
/// several models, a cut file and a world too large for MagicaVoxel exit 2 naming the file.
#[test]
fn vox_worlds_are_written_read_and_refused_with_the_byte() {
    let dir = std::env::temp_dir().join(format!("cubepath-vox-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let [vox, text] = ["tower.vox", "tower.3dmap"].map(|n| dir.join(n).display().to_string());
    for out in [&vox, &text] {
        let (code, _, err) = cubepath(&["world", "--kind", "building", "--size", "20x20x12", "--seed", "3", "--out", out]);
        assert_eq!(code, 0, "{err}");
    }
    let bytes = std::fs::read(&vox).unwrap();
    assert_eq!(&bytes[..4], b"VOX ");
    let solve = |w: &str| cubepath(&["solve", w, "--from", "0,0,0", "--to", "0,0,8", "--moves", "walk"]);
    let (code, from_vox, err) = solve(&vox);
    assert_eq!(code, 0, "{err}");
    assert_eq!(from_vox, solve(&text).1);
    let (code, out, err) = solve(&map("vox/axes.vox"));
    assert_eq!(code, 2);
    assert!(out.is_empty() && err.contains("axes.vox: byte ") && err.contains("a second model"), "{err}");
    let cut = temp_file("cut.vox", &bytes[..100]);
    let (code, _, err) = solve(&cut);
    assert_eq!(code, 2);
    assert!(err.contains("cut.vox: byte 8: chunk 'MAIN'"), "{err}");
    let (code, _, err) = cubepath(&["world", "--size", "300x2x2", "--out", &vox]);
    assert_eq!(code, 2);
    assert!(err.contains("tower.vox: MagicaVoxel takes at most 256 voxels a side"), "{err}");
    assert_eq!(std::fs::read(&vox).unwrap(), bytes, "the file is kept");
}

#[test]
fn maze_writes_a_seeded_board_that_solve_reads() {
    let dir = std::env::temp_dir().join(format!("cubepath-maze-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out = dir.join("prim.map").display().to_string();
    let (code, said, err) = cubepath(&["maze", "--kind", "prim", "--size", "41x31", "--seed", "4", "--out", &out]);
    assert_eq!(code, 0, "{err}");
    assert!(said.starts_with("prim 41 x 31, seed 4: "), "{said}");
    let first = std::fs::read(&out).unwrap();
    cubepath(&["maze", "--kind", "prim", "--size", "41x31", "--seed", "4", "--out", &out]);
    assert_eq!(std::fs::read(&out).unwrap(), first, "the same seed, the same board");
    // corner to corner through the maze (rooms sit on even cells), no diagonals in a maze
    let (code, text, err) = cubepath(&["solve", &out, "--from", "0,0", "--to", "40,30", "--diagonal", "never"]);
    assert_eq!(code, 0, "{err}");
    assert!(text.starts_with("cost "), "{text}");
    for (args, what) in
        [(&["--size", "41"][..], "WxH"), (&["--size", "5000x5"], "5000 x 5"), (&["--kind", "spiral"], "division, prim, backtracker")]
    {
        let mut all = vec!["maze", "--out", out.as_str()];
        all.extend_from_slice(args);
        let (code, _, err) = cubepath(&all);
        assert_eq!(code, 2, "{args:?}");
        assert!(err.contains(what), "{args:?}: {err}");
    }
}

#[test]
fn link_prints_a_code_that_every_map_argument_takes() {
    let (code, out, err) = cubepath(&["link", &map("arena.map")]);
    assert_eq!(code, 0, "{err}");
    let board = format!("board:{}", out.trim());
    assert!(board.starts_with("board:2.49x49.b."), "{board}");
    // solve and scen on the code answer as on the file
    let file = cubepath(&["solve", &map("arena.map"), "--from", "1,13", "--to", "40,30"]);
    let linked = cubepath(&["solve", &board, "--from", "1,13", "--to", "40,30"]);
    assert_eq!((linked.0, &linked.1), (0, &file.1));
    let (code, out, _) = cubepath(&["scen", &board, &map("arena.map.scen")]);
    assert_eq!(code, 0);
    assert!(out.ends_with(" passed, 0 failed\n"), "{out}");
    // terrain survives the trip
    let (code, out, _) = cubepath(&["link", &map("field.map")]);
    assert_eq!(code, 0);
    assert!(out.starts_with("2.24x24.t."), "{out}");
    // a code cut short: exit 2 with the reason, nothing on stdout
    let cut = &board[..board.len() - 3];
    let (code, out, err) = cubepath(&["solve", cut, "--from", "1,13", "--to", "40,30"]);
    assert_eq!(code, 2);
    assert!(out.is_empty() && err.contains("board code") && err.contains("checksum"), "{err}");
}

#[test]
fn prep_writes_a_preparation_that_solve_scen_and_bench_read() {
    let lak = map("lak304d.map");
    let scen = map("lak304d.map.scen");
    let file = temp_file("lak304d.prep", b"");
    let (code, out, err) = cubepath(&["prep", &lak, "--out", &file]);
    assert_eq!(code, 0, "{err}");
    let last = out.lines().last().unwrap();
    assert!(last.starts_with("prepared in ") && last.contains(" bytes written to "), "{out}");
    assert!(out.starts_with("method subgoal-graph\nlandmarks 0\nsubgoals 1500\n"), "{out}");
    let written = std::fs::metadata(&file).unwrap().len();
    assert!(last.contains(&format!(", {written} bytes")), "{last} vs {written}");
    // the same answer as A*, with the file and without it
    let ends = ["--from", "55,12", "--to", "116,182"]; // the scenario's last problem
    let (_, astar, _) = cubepath(&["solve", &lak, ends[0], ends[1], ends[2], ends[3]]);
    for extra in [&[][..], &["--prep", &file][..]] {
        let mut args = vec!["solve", &lak, ends[0], ends[1], ends[2], ends[3], "--algorithm", "subgoal"];
        args.extend_from_slice(extra);
        let (code, out, err) = cubepath(&args);
        assert_eq!(code, 0, "{err}");
        assert_eq!(out.lines().next(), astar.lines().next(), "{extra:?}");
    }
    let (code, out, err) = cubepath(&["scen", &lak, &scen, "--algorithm", "subgoal", "--prep", &file]);
    assert_eq!(code, 0, "{err}");
    assert!(out.ends_with("773 passed, 0 failed\n"), "{out}");
    assert!(err.contains("preparation: "), "{err}");
    let (code, out, err) = cubepath(&["bench", &lak, &scen, "--also", "subgoal", "--prep", &file]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("algorithm subgoal\npreprocess_ms "), "{out}");
}

/// random512-10 (scattered obstacles): prepared as JPS+'s jump distances, a file of the header
/// alone, and every problem of its scenario answered at its stated length with the file.
#[test]
fn prep_keeps_jump_distances_for_a_map_of_scattered_obstacles() {
    let (random, scen) = (map("random512-10.map"), map("random512-10.map.scen"));
    let file = temp_file("random512-10.prep", b"");
    let (code, out, err) = cubepath(&["prep", &random, "--out", &file]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("method jump-table\nlandmarks 8\n") && out.contains("\nedges 0\nshortcuts 0\n"), "{out}");
    assert_eq!(std::fs::metadata(&file).unwrap().len(), 54);
    let (code, out, err) = cubepath(&["scen", &random, &scen, "--algorithm", "subgoal", "--prep", &file]);
    assert_eq!(code, 0, "{err}");
    assert!(out.ends_with("120 passed, 0 failed\n"), "{out}");
}

#[test]
fn a_preparation_for_another_map_or_algorithm_is_refused() {
    let lak = map("lak304d.map");
    let arena = map("arena.map");
    let file = temp_file("arena.prep", b"");
    assert_eq!(cubepath(&["prep", &arena, "--out", &file]).0, 0);
    let (code, out, err) = cubepath(&["solve", &lak, "--from", "55,12", "--to", "116,182", "--algorithm", "subgoal", "--prep", &file]);
    assert_eq!((code, out.as_str()), (2, ""));
    assert!(err.contains(&file) && err.contains("is for a 49 x 49 map"), "{err}");
    let (code, _, err) = cubepath(&["solve", &arena, "--from", "1,13", "--to", "4,12", "--prep", &file]);
    assert_eq!(code, 2);
    assert!(err.contains("--prep FILE is for --algorithm subgoal"), "{err}");
    let damaged = temp_file("damaged.prep", b"cubepath-prep\n\x02\x00");
    let (code, _, err) = cubepath(&["solve", &arena, "--from", "1,13", "--to", "4,12", "--algorithm", "subgoal", "--prep", &damaged]);
    assert_eq!(code, 2);
    assert!(err.contains("byte 14"), "{err}");
    let (code, _, err) = cubepath(&["prep", &map("field.map"), "--out", &file]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("field.map: subgoal graphs need uniform costs"), "{err}");
}

/// The cells of `solve`'s `path X,Y X,Y ...` line.
fn path_cells(out: &str) -> Vec<(usize, usize)> {
    let line = out.lines().find_map(|l| l.strip_prefix("path ")).expect("a path line");
    line.split(' ')
        .map(|c| {
            let (x, y) = c.split_once(',').unwrap();
            (x.parse().unwrap(), y.parse().unwrap())
        })
        .collect()
}

#[test]
fn hpa_solves_with_the_boards_moves_and_benches_with_its_build_apart() {
    // 64room_000.map.scen's last problem: 496,505 -> 48,17, 813.879 long; clusters of 16
    let room = map("64room_000.map");
    let (code, out, err) = cubepath(&["solve", &room, "--from", "496,505", "--to", "48,17", "--algorithm", "hpa"]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("do not guarantee the shortest path"), "{err}");
    let lines: Vec<&str> = out.lines().collect();
    let said: f64 = lines[0].strip_prefix("cost ").unwrap().parse().unwrap();
    let grid = cubepath_search::files::read_map("64room_000.map", &std::fs::read(&room).unwrap()).unwrap();
    let cells = path_cells(&out);
    assert_eq!((cells[0], *cells.last().unwrap()), ((496, 505), (48, 17)));
    // each step one of the benchmark's moves: to one of the 8 cells around, both corner cells
    // of a diagonal open, written here from the rules
    let open = |(x, y): (usize, usize)| grid.is_passable(x, y);
    let mut walked = 0.0;
    for s in cells.windows(2) {
        let (a, b) = (s[0], s[1]);
        let (dx, dy) = (b.0.abs_diff(a.0), b.1.abs_diff(a.1));
        assert!(open(b) && dx <= 1 && dy <= 1 && dx + dy > 0, "{a:?} -> {b:?}");
        if dx + dy == 2 {
            assert!(open((b.0, a.1)) && open((a.0, b.1)), "{a:?} -> {b:?} cuts a corner");
        }
        walked += if dx + dy == 2 { 2f64.sqrt() } else { 1.0 };
    }
    assert!((walked - said).abs() < 1e-6, "said {said}, walked {walked}");
    assert!((813.879 - 1e-3..=813.879 * 1.10).contains(&said), "{said} against the published 813.879");
    let (code, out, err) = cubepath(&["bench", &room, &format!("{room}.scen"), "--algorithm", "hpa"]);
    assert_eq!(code, 0, "{err}");
    let value = |key: &str| -> f64 { out.lines().find_map(|l| l.strip_prefix(&format!("{key} "))).unwrap().parse().unwrap() };
    assert!(out.contains("algorithm hpa\n"), "{out}");
    assert!(value("preprocess_ms") > 0.0 && value("preprocess_bytes") > 10_000.0, "{out}");
}

#[test]
fn solve_moves_a_unit_bigger_than_a_cell_round_the_narrow_gap() {
    // a wall down column 4 with a gap one cell wide (row 1) and one two wide (rows 4 and 5)
    let rows = ["....@.....", "..........", "....@.....", "....@.....", "..........", ".........."];
    let file = temp_file("gaps.map", format!("type octile\nheight 6\nwidth 10\nmap\n{}\n", rows.join("\n")).as_bytes());
    let (code, one, err) = cubepath(&["solve", &file, "--from", "0,0", "--to", "8,0"]);
    assert_eq!(code, 0, "{err}");
    assert!(one.contains(" 4,1 "), "one cell through the narrow gap: {one}");
    let (code, two, err) = cubepath(&["solve", &file, "--from", "0,0", "--to", "8,0", "--unit", "2"]);
    assert_eq!(code, 0, "{err}");
    let cells = path_cells(&two);
    let open = |x: usize, y: usize| rows.get(y).and_then(|r| r.as_bytes().get(x)) == Some(&b'.');
    for s in cells.windows(2) {
        let (a, b) = (s[0], s[1]);
        // the box both squares span open
        for y in a.1.min(b.1)..=a.1.max(b.1) + 1 {
            for x in a.0.min(b.0)..=a.0.max(b.0) + 1 {
                assert!(open(x, y), "{a:?} -> {b:?} overlaps {x},{y}");
            }
        }
    }
    assert!(cells.contains(&(4, 4)) || cells.contains(&(3, 4)), "the wide gap: {two}");
    for bad in ["0", "65"] {
        let (code, _, err) = cubepath(&["solve", &file, "--from", "0,0", "--to", "8,0", "--unit", bad]);
        assert_eq!(code, 2);
        assert!(err.contains("units are 1 to 64 cells a side"), "{err}");
    }
}

#[test]
fn a_heuristic_formula_runs_in_solve_scen_and_bench() {
    let arena = map("arena.map");
    let scen = map("arena.map.scen");
    // the octile distance written out answers as the named heuristic (arena.map.scen line 4)
    let octile = "max(abs(dx), abs(dy)) + (sqrt2 - 1) * min(abs(dx), abs(dy))";
    let (code, out, err) = cubepath(&["solve", &arena, "--from", "1,13", "--to", "4,12", "--heuristic", octile]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("cost 3.41421356\n"), "{out}");
    // an overestimate: every problem finds a path, some dearer than the file's lengths
    let (code, out, err) = cubepath(&["scen", &arena, &scen, "--heuristic", "3 * max(abs(dx), abs(dy))"]);
    assert_eq!(code, 0, "{err}");
    let above = out.lines().find(|l| l.ends_with("came out above the file's length")).expect(&out);
    let n: usize = above.split(' ').next().unwrap().parse().unwrap();
    assert!(n > 0 && above.contains(" of 160 "), "{above}");
    assert!(out.contains("with the estimate 3 * max(abs(dx), abs(dy)) does not promise"), "{out}");
    let (_, out, _) = cubepath(&["scen", &arena, &scen, "--heuristic", octile]);
    assert!(out.contains("\n0 of 160 came out above the file's length\n"), "{out}");
    let (code, out, err) = cubepath(&["bench", &arena, &scen, "--heuristic", "hypot(dx, dy)"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("problems 160"), "{out}");
    // bad formulas and bad values name where
    let (code, _, err) = cubepath(&["solve", &arena, "--from", "1,13", "--to", "4,12", "--heuristic", "abs(dx) +"]);
    assert_eq!(code, 2);
    assert!(err.contains("column 10: expected a number, a name or '(' after '+'"), "{err}");
    let (code, _, err) = cubepath(&["solve", &arena, "--from", "3,3", "--to", "40,40", "--heuristic", "sqrt(dx)"]);
    assert_eq!(code, 2);
    assert!(err.contains("the estimate at 41,3 is NaN"), "{err}");
    let (code, _, err) = cubepath(&["scen", &arena, &scen, "--heuristic", "dx", "--algorithm", "dijkstra"]);
    assert_eq!(code, 2);
    assert!(err.contains("dijkstra takes no given estimate"), "{err}");
    // on a voxel world: the straight-line distance, as A* with fly-26 ranks by nothing smaller
    let world = temp_file("formula.3dmap", b"voxel 8 8 4\n3 3 0\n3 3 1\n4 4 2\n");
    let (code, named, err) = cubepath(&["solve", &world, "--from", "0,0,0", "--to", "7,7,3"]);
    assert_eq!(code, 0, "{err}");
    let (code, given, err) = cubepath(&["solve", &world, "--from", "0,0,0", "--to", "7,7,3", "--heuristic", "sqrt(dx^2 + dy^2 + dz^2)"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(given.lines().next(), named.lines().next());
}

#[test]
fn a_trace_named_for_posthoc_is_written_in_its_format() {
    let arena = map("arena.map");
    let dir = std::env::temp_dir().join(format!("cubepath-posthoc-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for (name, algorithm) in [("a.trace.json", "astar"), ("s.trace.yaml", "subgoal")] {
        let path = dir.join(name).display().to_string();
        let (code, out, err) = cubepath(&["solve", &arena, "--from", "1,13", "--to", "4,12", "--algorithm", algorithm, "--trace", &path]);
        assert_eq!(code, 0, "{err}");
        assert!(out.starts_with("cost 3.41421356\n"), "{out}");
        let trace = std::fs::read_to_string(&path).unwrap();
        assert!(trace.starts_with("{\"version\": \"1.4.0\","), "{trace}");
        assert!(trace.contains(r#"{"type": "source", "id": 638, "x": 1, "y": 13}"#), "{trace}");
        assert!(trace.trim_end().ends_with("]}") && trace.contains(r#""type": "end", "id": 592, "x": 4, "y": 12"#), "{trace}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
