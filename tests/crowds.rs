//! Many agents from the command line: `crowd` (agents on their own paths, on ticks) and `mapf`
//! (agents planned together), their summary lines, plan files and exit codes.

mod common;
use common::{cubepath, map, temp_file};

use cubepath_search::{
    files::{load_map, load_scen},
    mapf::{MapfPlan, Moves, check_plan},
};

#[test]
fn crowd_runs_headless_and_ends_with_one_summary_line() {
    let (code, out, err) = cubepath(&["crowd", "random:48x48:20", "--agents", "120", "--ticks", "300", "--edits", "2", "--seed", "9"]);
    assert_eq!(code, 0, "{err}");
    let last = out.lines().last().unwrap();
    let fields: Vec<&str> = last.split(' ').collect();
    let names: Vec<&str> = fields.iter().step_by(2).copied().collect();
    assert_eq!(
        names,
        [
            "agents",
            "ticks",
            "arrivals",
            "conflicts",
            "replans",
            "repair_expanded",
            "scratch_expanded",
            "tick_ms_mean",
            "tick_ms_max",
            "gave_up"
        ],
        "{last}"
    );
    let value = |name: &str| field(last, name);
    assert_eq!((value("agents"), value("ticks"), value("conflicts")), (120.0, 300.0, 0.0));
    assert!(value("arrivals") > 120.0 && value("replans") > 0.0, "{last}");
    assert!(value("scratch_expanded") > 0.0, "repairs are compared with A* from scratch: {last}");
    assert!(value("tick_ms_max") >= value("tick_ms_mean"));
    // gathering on a bundled map
    let (code, out, err) = cubepath(&["crowd", &map("arena.map"), "--agents", "40", "--ticks", "200", "--mode", "gather"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.lines().last().unwrap().starts_with("agents 40 ticks 200 arrivals "));
}

#[test]
fn crowd_refuses_bad_input_with_a_message() {
    for (args, message) in [
        (&["crowd", "random:10x10:0", "--agents", "101"][..], "101 agents do not fit: there is room for 100"),
        (&["crowd", "random:10x10:100", "--agents", "1"][..], "the map has no free cell"),
        (&["crowd", "random:10x10", "--agents", "1"][..], "is not a random board: expected random:WxH:PCT"),
        (&["crowd", "random:10x10:0", "--agents", "0"][..], "--agents 0 is out of range"),
        (&["crowd", "random:10x10:0", "--edits", "5000"][..], "--edits at most 1000"),
        (&["crowd", "random:10x10:0", "--mode", "gather", "--gather", "20,3"][..], "cell 20,3 is off the grid or blocked"),
        (&["crowd", "nowhere.map"][..], "nowhere.map"),
    ] {
        let (code, out, err) = cubepath(args);
        assert_eq!(code, 2, "{args:?}: {out}{err}");
        assert!(err.contains(message), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{err}");
    }
}

/// The summary line's value for `name`.
fn field(line: &str, name: &str) -> f64 {
    let fields: Vec<&str> = line.split(' ').collect();
    fields[fields.iter().position(|f| *f == name).unwrap_or_else(|| panic!("no {name} in {line}")) + 1].parse().unwrap()
}

/// A plan file read back: `agents N makespan M`, then each agent's `x,y` cells.
fn read_plan(text: &str) -> (usize, usize, MapfPlan) {
    let mut lines = text.lines();
    let head: Vec<&str> = lines.next().unwrap().split(' ').collect();
    assert_eq!((head[0], head[2]), ("agents", "makespan"));
    let paths = lines
        .map(|l| {
            l.split(' ')
                .map(|c| {
                    let (x, y) = c.split_once(',').unwrap();
                    (x.parse().unwrap(), y.parse().unwrap())
                })
                .collect()
        })
        .collect();
    (head[1].parse().unwrap(), head[3].parse().unwrap(), MapfPlan { paths })
}

#[test]
fn mapf_plans_the_benchmark_instance_and_writes_a_plan_that_keeps_the_rules() {
    let (m, s) = (map("mapf/random-32-32-20.map"), map("mapf/random-32-32-20-random-1.scen"));
    let plan_file = temp_file("plan.txt", b"");
    for (agents, diagonal, moves) in [("409", "never", Moves::Four), ("200", "no-corner-cutting", Moves::Eight)] {
        let (code, out, err) = cubepath(&["mapf", &m, &s, "--agents", agents, "--diagonal", diagonal, "--plan", &plan_file]);
        assert_eq!(code, 0, "{err}");
        let last = out.lines().last().unwrap();
        let names: Vec<&str> = last.split(' ').step_by(2).collect();
        assert_eq!(names, ["agents", "solved", "makespan", "sum_of_costs", "lower_bound", "time_ms"], "{last}");
        assert_eq!((field(last, "agents"), field(last, "solved")), (agents.parse().unwrap(), 1.0));
        let (n, makespan, plan) = read_plan(&std::fs::read_to_string(&plan_file).unwrap());
        let problems = &load_scen(s.as_ref()).unwrap()[..n];
        let starts: Vec<_> = problems.iter().map(|p| p.start).collect();
        let goals: Vec<_> = problems.iter().map(|p| p.goal).collect();
        check_plan(&load_map(m.as_ref()).unwrap(), &starts, &goals, &plan, moves).unwrap();
        assert_eq!(makespan as f64, field(last, "makespan"));
        assert_eq!(plan.sum_of_costs(&goals) as f64, field(last, "sum_of_costs"));
        assert!(field(last, "sum_of_costs") >= field(last, "lower_bound"));
    }
}

#[test]
fn mapf_refines_and_says_what_the_first_plan_cost() {
    let (m, s) = (map("mapf/random-32-32-10.map"), map("mapf/random-32-32-10-random-1.scen"));
    let (code, out, err) = cubepath(&["mapf", &m, &s, "--agents", "300", "--refine", "--time-limit", "0.5"]);
    assert_eq!(code, 0, "{err}");
    let first = out.lines().find(|l| l.starts_with("first plan: ")).unwrap();
    let last = out.lines().last().unwrap();
    assert!(field(last, "sum_of_costs") < field(first, "sum_of_costs"), "{out}");
    assert!(field(last, "time_ms") >= 500.0, "{last}");
}

#[test]
fn mapf_exits_1_without_a_plan_and_2_naming_bad_input() {
    let corridor = temp_file("corridor.map", b"type octile\nheight 1\nwidth 3\nmap\n...\n");
    let swap = temp_file("swap.scen", b"version 1\n0\tc.map\t3\t1\t0\t0\t2\t0\t2\n0\tc.map\t3\t1\t2\t0\t0\t0\t2\n");
    let (code, out, _) = cubepath(&["mapf", &corridor, &swap, "--agents", "2"]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("no plan exists"), "{out}");
    assert!(out.lines().last().unwrap().starts_with("agents 2 solved 0 "), "{out}");
    let blocked = temp_file("blocked.map", b"type octile\nheight 1\nwidth 3\nmap\n.@.\n");
    let same_start = temp_file("same.scen", b"version 1\n0\tc.map\t3\t1\t0\t0\t2\t0\t2\n0\tc.map\t3\t1\t0\t0\t1\t0\t1\n");
    let on_wall = temp_file("wall.scen", b"version 1\n0\tc.map\t3\t1\t1\t0\t2\t0\t1\n");
    for (args, message) in [
        (vec!["mapf", &corridor, &swap, "--agents", "3"], "swap.scen: --agents 3 but the scenario has 2 problems"),
        (vec!["mapf", &corridor, &same_start, "--agents", "2"], "same.scen:3: agents 0 and 1 both start on (0,0)"),
        (vec!["mapf", &blocked, &on_wall, "--agents", "1"], "wall.scen:2: agent 0's start (1,0) is blocked"),
        (vec!["mapf", &map("arena.map"), &swap, "--agents", "1"], "swap.scen:2: the problem is for a 3 x 1 map"),
        (vec!["mapf", &corridor, &swap, "--agents", "1", "--diagonal", "always"], "--diagonal always"),
    ] {
        let (code, out, err) = cubepath(&args);
        assert_eq!(code, 2, "{args:?}: {out}{err}");
        assert!(err.contains(message), "{args:?}: {err}");
        assert!(out.is_empty(), "{out}");
    }
}
