//! Crafted files, as a new user might feed them: each reader defect once found, and the
//! scenario check to the precision the file states.

use cubepath_search::{
    files::{read_map, read_scen},
    grid::Cell,
};

const MAP: &str = "type octile\nheight 2\nwidth 3\nmap\n.@.\n...\n";

fn scen(lines: &[&str]) -> Vec<u8> {
    format!("version 1\n{}\n", lines.join("\n")).into_bytes()
}

#[test]
fn a_truncated_problem_line_is_an_error_naming_its_line() {
    let bytes = scen(&["0\tm.map\t3\t2\t0\t0\t2\t1\t2.41421", "0\tm.map\t3\t2\t0\t0\t2"]);
    let e = read_scen("cut.scen", &bytes).unwrap_err();
    assert_eq!(e.line, 3, "{e}");
    assert!(e.to_string().starts_with("cut.scen:3:"), "{e}");
    // a line of notes at the end is no problem line either
    let e = read_scen("notes.scen", &scen(&["0\tm.map\t3\t2\t0\t0\t2\t1\t2.41421", "made by hand"])).unwrap_err();
    assert_eq!(e.line, 3);
    // blank lines are fine
    assert_eq!(read_scen("blank.scen", &scen(&["0\tm.map\t3\t2\t0\t0\t2\t1\t2.41421", "", "  "])).unwrap().len(), 1);
}

#[test]
fn a_bucket_too_large_is_an_error_not_cut_short() {
    let e = read_scen("big.scen", &scen(&["4294967296\tm.map\t3\t2\t0\t0\t2\t1\t2.41421"])).unwrap_err();
    assert_eq!(e.line, 2);
    assert!(e.message.contains("bucket"), "{e}");
    assert_eq!(read_scen("ok.scen", &scen(&["4294967295\tm.map\t3\t2\t0\t0\t2\t1\t2.41421"])).unwrap()[0].bucket, u32::MAX);
}

#[test]
fn cells_outside_the_stated_map_are_errors_naming_the_line() {
    for line in ["0\tm.map\t3\t2\t3\t0\t2\t1\t2", "0\tm.map\t3\t2\t0\t0\t2\t2\t2", "0\tm.map\t3\t2\t0\t0\t99999999999999999999\t0\t1"] {
        let e = read_scen("off.scen", &scen(&["0\tm.map\t3\t2\t0\t0\t2\t1\t2.41421", line])).unwrap_err();
        assert_eq!(e.line, 3, "{line}: {e}");
    }
}

#[test]
fn seventy_thousand_decimals_read_without_a_panic() {
    let long = format!("0\tm.map\t3\t2\t0\t0\t1\t0\t1.{}", "0".repeat(70_000));
    let p = &read_scen("long.scen", &scen(&[&long])).unwrap()[0];
    assert!(p.matches(1.0));
    assert!(!p.matches(1.000001));
}

#[test]
fn the_check_is_as_exact_as_the_file_states() {
    // Old files print 6 significant digits and drop trailing zeros: `1` means 1.00000.
    let p = &read_scen("s.scen", &scen(&["0\tm.map\t3\t2\t0\t0\t1\t0\t1"])).unwrap()[0];
    assert!(p.matches(1.0));
    assert!(!p.matches(std::f64::consts::SQRT_2), "a diagonal is not a straight step");
    assert!(!p.matches(1.00001), "one unit of the sixth significant digit off");
    // `420.6` means 420.600
    let p = &read_scen("s.scen", &scen(&["0\tm.map\t3\t2\t0\t0\t1\t0\t420.6"])).unwrap()[0];
    assert!(p.matches(420.6) && p.matches(420.6004));
    assert!(!p.matches(420.601) && !p.matches(420.599) && !p.matches(420.65));
    // 8 decimals state 8 decimals, and the current generator's summing error on top (2e-9 of
    // the length: 6.8e-9 here)
    let p = &read_scen("s.scen", &scen(&["0\tm.map\t3\t2\t0\t0\t1\t0\t3.41421356"])).unwrap()[0];
    assert!(p.matches(2.0 + std::f64::consts::SQRT_2));
    assert!(!p.matches(3.4142136) && !p.matches(3.4142135));
}

#[test]
fn current_files_are_judged_as_their_generator_summed() {
    use std::f64::consts::SQRT_2;
    // lengths from the benchmark's current files with the exact a + b sqrt 2 of their paths
    for (written, a, b) in [("307.04877319", 143.0, 116.0), ("745.79098053", 289.0, 323.0), ("835.31074981", 486.0, 247.0)] {
        let exact = a + b * SQRT_2;
        assert!((written.parse::<f64>().unwrap() - exact).abs() > 4e-8, "{written}: off by more than its stated digits");
        let p = &read_scen("s.scen", &scen(&[&format!("0\tm.map\t3\t2\t0\t0\t1\t0\t{written}")])).unwrap()[0];
        assert!(p.matches(exact), "{written} against {exact:.10}");
        assert!(p.exact_verdict());
        // a length moved by 1e-4, and costs that trade straight steps for diagonals the
        // closest ways there are (239 - 169 sqrt 2 = 0.0021, 577 - 408 sqrt 2 = 0.00087,
        // 3363 - 2378 sqrt 2 = 0.00015): all refused
        for gap in [1e-4, 239.0 - 169.0 * SQRT_2, 577.0 - 408.0 * SQRT_2, 3363.0 - 2378.0 * SQRT_2] {
            assert!(!p.matches(exact + gap) && !p.matches(exact - gap), "{written} {gap}");
        }
    }
    // past about 11,000 an 8-decimal verdict is only approximate, and says so
    let p = &read_scen("s.scen", &scen(&["0\tm.map\t3\t2\t0\t0\t1\t0\t20000.00000000"])).unwrap()[0];
    assert!(!p.exact_verdict());
    let p = &read_scen("s.scen", &scen(&["0\tm.map\t3\t2\t0\t0\t1\t0\t10000.00000000"])).unwrap()[0];
    assert!(p.exact_verdict());
}

#[test]
fn a_row_shorter_or_longer_than_the_width_is_an_error_naming_its_line() {
    for (rows, line) in [(".@.\n..\n", 6), ("..\n...\n", 5), (".@.\n....\n", 6), (".@.\n\n", 6)] {
        let e = read_map("rows.map", format!("type octile\nheight 2\nwidth 3\nmap\n{rows}").as_bytes()).unwrap_err();
        assert_eq!(e.line, line, "{rows:?}: {e}");
        assert!(e.message.contains("width 3"), "{rows:?}: {e}");
    }
}

#[test]
fn a_byte_order_mark_and_trailing_spaces_are_accepted() {
    let with_bom = [b"\xEF\xBB\xBF".as_slice(), MAP.as_bytes()].concat();
    let grid = read_map("bom.map", &with_bom).unwrap();
    assert_eq!(grid.get(1, 0), Some(Cell::Blocked));
    let spaced = "type octile\nheight 2\nwidth 3\nmap\n.@.  \n...\t\n";
    assert_eq!(read_map("spaced.map", spaced.as_bytes()).unwrap(), grid);
    let bom_scen = [b"\xEF\xBB\xBF".as_slice(), &scen(&["0\tm.map\t3\t2\t0\t0\t2\t1\t2.41421"])].concat();
    assert_eq!(read_scen("bom.scen", &bom_scen).unwrap().len(), 1);
}

#[test]
fn duplicate_header_keys_and_other_types_are_refused() {
    let e = read_map("dup.map", b"type octile\nheight 2\nheight 3\nwidth 3\nmap\n.@.\n...\n").unwrap_err();
    assert_eq!(e.line, 3);
    assert!(e.message.contains("twice"), "{e}");
    let e = read_map("dup.map", b"type octile\ntype octile\nheight 2\nwidth 3\nmap\n.@.\n...\n").unwrap_err();
    assert_eq!(e.line, 2);
    let e = read_map("hex.map", b"type hex\nheight 2\nwidth 3\nmap\n.@.\n...\n").unwrap_err();
    assert_eq!(e.line, 1);
    assert!(e.message.contains("octile"), "{e}");
}

#[test]
fn many_newlines_read_line_by_line() {
    use std::io::Read;
    // Ten million newlines before the header and after the map, from a reader that never holds
    // them: the reader keeps one line at a time (measured with /usr/bin/time on a file of 10^8
    // newlines: 1.9 MB resident, where the old reader took 1.66 GB).
    let newlines = |n| std::io::repeat(b'\n').take(n);
    let stream = newlines(10_000_000).chain(MAP.as_bytes()).chain(newlines(10_000_000));
    let grid = cubepath_search::files::read_map_from("tall.map", std::io::BufReader::new(stream)).unwrap();
    assert_eq!((grid.width(), grid.height()), (3, 2));
    // an error past them still names its line
    let stream = newlines(10_000_000).chain(MAP.as_bytes()).chain(newlines(10_000_000)).chain(&b"x\n"[..]);
    let e = cubepath_search::files::read_map_from("tall.map", std::io::BufReader::new(stream)).unwrap_err();
    assert_eq!(e.line, 20_000_007);
    // one endless line is cut off at a bound, not read whole
    let stream = std::io::repeat(b'.').take(50_000_000);
    let e = cubepath_search::files::read_map_from("long.map", std::io::BufReader::new(stream)).unwrap_err();
    assert_eq!(e.line, 1);
    assert!(e.message.contains("longer"), "{e}");
}
