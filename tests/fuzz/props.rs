//! What every reader must do with any bytes, shared by the fuzz targets (`fuzz_targets/`) and
//! the engine's replay of the kept corpora (`crates/search/tests/fuzz_corpora.rs`): never
//! panic, refuse with an error that names the file, and whatever it accepts write back and read
//! again to the same thing. Each function panics when a property breaks.

use cubepath_search as search;

/// A `.map`: a grid written back reads as the same grid.
pub fn map(data: &[u8]) {
    match search::files::read_map("fuzz.map", data) {
        Ok(grid) => {
            let again = search::files::read_map("again.map", search::files::write_map(&grid).as_bytes()).expect("a written map reads back");
            assert!(again == grid, "a written map reads back as another grid");
        }
        Err(e) => assert_eq!(e.file, "fuzz.map"),
    }
}

/// The optimal length as text that reads back as exactly `optimal`: the file's own words
/// when they do (they set the tolerance), else Rust's shortest exact form.
fn stated(stated: &str, optimal: f64) -> String {
    if stated.parse::<f64>().ok() == Some(optimal) { stated.to_string() } else { format!("{optimal}") }
}

/// A `.scen`: its problems written back as a scenario read as the same problems.
pub fn scen(data: &[u8]) {
    match search::files::read_scen("fuzz.scen", data) {
        Ok(problems) => {
            assert!(!problems.is_empty());
            let mut out = String::from("version 1\n");
            for p in &problems {
                assert!(p.optimal.is_finite() && p.optimal >= 0.0 && p.tolerance >= 0.0);
                assert!(p.start.0 < p.width && p.start.1 < p.height && p.goal.0 < p.width && p.goal.1 < p.height);
                let s = stated(&p.stated, p.optimal);
                out += &format!(
                    "{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{s}\n",
                    p.bucket, p.map, p.width, p.height, p.start.0, p.start.1, p.goal.0, p.goal.1
                );
            }
            let again = search::files::read_scen("again.scen", out.as_bytes()).expect("a written scenario reads back");
            assert_eq!(again.len(), problems.len());
            for (a, p) in again.iter().zip(&problems) {
                assert_eq!((a.bucket, &a.map, a.width, a.height, a.start, a.goal), (p.bucket, &p.map, p.width, p.height, p.start, p.goal));
                assert_eq!(a.optimal.to_bits(), p.optimal.to_bits());
            }
        }
        Err(e) => assert_eq!(e.file, "fuzz.scen"),
    }
}

/// A `.3dmap`: a world written back reads as the same world.
pub fn map3d(data: &[u8]) {
    match search::files::read_3dmap("fuzz.3dmap", data) {
        Ok(world) => {
            let again = search::files::read_3dmap("again.3dmap", search::files::write_3dmap(&world).as_bytes())
                .expect("a written world reads back");
            assert!(again == world, "a written world reads back as another world");
        }
        Err(e) => assert_eq!(e.file, "fuzz.3dmap"),
    }
}

/// A `.3dscen`: its map and problems written back read as the same.
pub fn scen3d(data: &[u8]) {
    match search::files::read_3dscen("fuzz.3dscen", data) {
        Ok(scenario) => {
            let mut out = format!("version 1\n{}\n", scenario.map);
            for p in &scenario.problems {
                assert!(p.optimal.is_finite() && p.ratio.is_finite());
                let (s, g) = (p.start, p.goal);
                out += &format!("{} {} {} {} {} {} {} {}\n", s.0, s.1, s.2, g.0, g.1, g.2, stated(&p.stated, p.optimal), p.ratio);
            }
            let again = search::files::read_3dscen("again.3dscen", out.as_bytes()).expect("a written scenario reads back");
            assert_eq!(again.map, scenario.map);
            assert_eq!(again.problems.len(), scenario.problems.len());
            for (a, p) in again.problems.iter().zip(&scenario.problems) {
                assert_eq!((a.start, a.goal), (p.start, p.goal));
                assert_eq!((a.optimal.to_bits(), a.ratio.to_bits()), (p.optimal.to_bits(), p.ratio.to_bits()));
            }
        }
        Err(e) => assert_eq!(e.file, "fuzz.3dscen"),
    }
}

/// A MagicaVoxel `.vox`: a world written back (as `.vox`) reads as the same world, and every
/// error names a byte.
pub fn vox(data: &[u8]) {
    match search::files::read_vox("fuzz.vox", data) {
        Ok(world) => {
            let bytes = search::files::write_vox(&world).expect("a world read from .vox fits in .vox");
            let again = search::files::read_vox("again.vox", &bytes).expect("a written .vox reads back");
            assert!(again == world, "a written .vox reads back as another world");
        }
        Err(e) => {
            assert_eq!(e.file, "fuzz.vox");
            let said = e.to_string();
            assert!(
                said.starts_with("fuzz.vox: byte ") || said.starts_with("fuzz.vox: not a MagicaVoxel") || said.contains("no model"),
                "{said}"
            );
        }
    }
}

/// A board code (the link's `b=`): a board read from it gives back a code that reads as the
/// same board. Any bytes are tried as text (lossily).
pub fn board_code(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    if let Ok(grid) = search::files::read_board_code(&text) {
        let again = search::files::read_board_code(&search::files::board_code(&grid)).expect("a written code reads back");
        assert!(again == grid, "a board code reads back as another board");
    }
}

/// The one map every `prep` input is read against: 12 x 9 rooms with doors, so its subgoal
/// graph has subgoals, edges and shortcuts to get wrong.
pub fn prep_map() -> search::grid::Grid {
    let rows = [
        "....@.......",
        "....@..@@...",
        "..........@.",
        "@@.@@@.@..@.",
        "....@..@....",
        "....@..@@@.@",
        "..@.........",
        "..@..@@.@...",
        ".....@......",
    ];
    let text = format!("type octile\nheight 9\nwidth 12\nmap\n{}\n", rows.join("\n"));
    search::files::read_map("prep.map", text.as_bytes()).expect("the fixed map reads")
}

/// FNV-1a over `bytes`, as the preparation format's checksum (written here from its definition).
pub fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &b| (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3))
}

/// A subgoal preparation (`Prepared::from_bytes`), tried as given and with a right checksum
/// put after it (so that mutations reach the checks behind the checksum): never a panic, and
/// what is accepted writes back to the same bytes. As given (a damaged file, whose checksum no
/// longer matches), what is accepted also answers every search of the map at the cost a fresh
/// A* finds. Sealed (a forged file), no answer is ever cheaper than A*'s: the format holds no
/// edge and no cost, only the order of contraction and which shortcuts it kept, so a forgery
/// can leave a shortcut out (a longer answer, or none) but not make a way the map lacks.
pub fn prep(data: &[u8]) {
    let grid = prep_map();
    let mut sealed = data.to_vec();
    sealed.extend_from_slice(&fnv1a(data).to_le_bytes());
    for (bytes, damaged) in [(data, true), (&sealed[..], false)] {
        let Ok(prepared) = search::search::Prepared::from_bytes(bytes, &grid) else { continue };
        assert!(prepared.to_bytes() == bytes, "an accepted preparation writes back to other bytes");
        let mut kept = search::search::Searcher::default();
        kept.keep_prepared(prepared);
        let subgoal = search::search::SearchOptions { algorithm: search::search::Algorithm::Subgoal, ..Default::default() };
        let free: Vec<(usize, usize)> = grid.cells().filter(|(_, c)| c.is_passable()).map(|(p, _)| p).collect();
        for (k, &a) in free.iter().enumerate().step_by(7) {
            let b = free[(k * 31 + 5) % free.len()];
            let want = search::search::find_path(&grid, a, b, &Default::default()).expect("open cells").cost;
            let got = kept.search(&grid, a, b, &subgoal).expect("a plain board").cost;
            let fits = match (got, want) {
                (Some(g), Some(w)) if damaged => (g - w).abs() < 1e-9,
                (Some(g), Some(w)) => g > w - 1e-9,
                (None, Some(_)) => !damaged,
                (g, w) => g == w,
            };
            assert!(fits, "{a:?} -> {b:?}: an accepted preparation answers {got:?}, A* {want:?}");
        }
    }
}
