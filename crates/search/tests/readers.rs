//! Property tests of the map and scenario readers: random bytes and mutated valid files give
//! a grid or an error naming a line, never a panic.

use cubepath_search::{
    files::{read_map, read_scen, write_map},
    grid::{Cell, Grid},
};
use proptest::prelude::*;

const VALID: &str = "type octile\nheight 4\nwidth 5\nmap\n..@..\nT.S.W\n.3.9.\n@@@@.\n";

fn mutate(base: &[u8], edits: &[(usize, u8, u8)]) -> Vec<u8> {
    let mut v = base.to_vec();
    for &(pos, kind, byte) in edits {
        if v.is_empty() {
            v.push(byte);
            continue;
        }
        let i = pos % v.len();
        match kind % 3 {
            0 => v[i] = byte,
            1 => {
                v.remove(i);
            }
            _ => v.insert(i, byte),
        }
    }
    v
}

fn check_map(bytes: &[u8]) {
    match read_map("fuzz.map", bytes) {
        Ok(grid) => {
            // a grid read back is written and read again unchanged
            assert_eq!(read_map("again.map", write_map(&grid).as_bytes()).unwrap(), grid);
        }
        Err(e) => {
            assert_eq!(e.file, "fuzz.map");
            assert!(!e.message.is_empty());
            let lines = bytes.split(|&b| b == b'\n').count();
            assert!(e.line <= lines, "line {} of {lines}", e.line);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    #[test]
    fn random_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..300)) {
        check_map(&bytes);
        let _ = read_scen("fuzz.scen", &bytes);
    }

    #[test]
    fn mutated_maps_never_panic(edits in proptest::collection::vec((any::<usize>(), any::<u8>(), any::<u8>()), 1..6)) {
        check_map(&mutate(VALID.as_bytes(), &edits));
    }

    #[test]
    fn mutated_header_numbers_are_checked(h in any::<u64>(), w in any::<u64>()) {
        let text = format!("type octile\nheight {h}\nwidth {w}\nmap\n");
        // huge sizes are refused from the header, before anything is allocated
        let e = read_map("big.map", text.as_bytes()).unwrap_err();
        prop_assert!(e.line >= 2);
    }

    #[test]
    fn mutated_scen_never_panics(edits in proptest::collection::vec((any::<usize>(), any::<u8>(), any::<u8>()), 1..6)) {
        let base = b"version 1\n0\tm.map\t5\t4\t0\t0\t4\t3\t5.24264\n1\tm.map\t5\t4\t1\t0\t3\t2\t2.82843\n";
        let bytes = mutate(base, &edits);
        if let Ok(problems) = read_scen("fuzz.scen", &bytes) {
            // Read back against the text itself: every line that is neither blank nor the
            // version line is a problem, and each problem's numbers are its line's words.
            let text = String::from_utf8_lossy(&bytes);
            let text = text.trim_start_matches('\u{feff}');
            let lines: Vec<&str> = text.split('\n').collect();
            let expected = lines
                .iter()
                .enumerate()
                .filter(|(k, l)| !(l.trim().is_empty() || (*k == 0 && l.split_whitespace().next() == Some("version"))))
                .count();
            prop_assert_eq!(problems.len(), expected);
            for p in problems {
                let words: Vec<&str> = lines[p.line - 1].split_whitespace().collect();
                prop_assert_eq!(words.len(), 9);
                let n = |k: usize| words[k].parse::<usize>().unwrap();
                prop_assert_eq!((p.width, p.height, p.start, p.goal), (n(2), n(3), (n(4), n(5)), (n(6), n(7))));
                prop_assert!(p.start.0 < p.width && p.goal.1 < p.height);
                prop_assert_eq!(p.optimal, words[8].parse::<f64>().unwrap());
            }
        }
    }

    #[test]
    fn written_maps_read_back(cells in proptest::collection::vec(0u8..12, 1..200), w in 1usize..20) {
        let h = cells.len().div_ceil(w);
        let mut grid = Grid::new(w, h).unwrap();
        for (i, &c) in cells.iter().enumerate() {
            let cell = match c {
                0 => Cell::Blocked,
                10 => Cell::Swamp,
                11 => Cell::Water,
                k => Cell::Ground(k),
            };
            grid.set(i % w, i / w, cell).unwrap();
        }
        prop_assert_eq!(read_map("w.map", write_map(&grid).as_bytes()).unwrap(), grid);
    }
}
