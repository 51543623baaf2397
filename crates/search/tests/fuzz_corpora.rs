//! The fuzz targets' kept corpora (`tests/fuzz/corpus/<target>`: the inputs cargo fuzz found
//! that reach new code, minimised) and the named crashes they found (`tests/fuzz/crashes`),
//! replayed through the same properties the fuzzers check (`tests/fuzz/props.rs`): seconds,
//! where the campaigns took minutes.

use std::path::Path;

#[path = "../../../tests/fuzz/props.rs"]
mod props;

/// Every file in `tests/fuzz/<folder>/<target>`, through `check`; how many there were.
fn replay(folder: &str, target: &str, check: Check) -> usize {
    let dir = Path::new(&std::env::var("CARGO_MANIFEST_DIR").expect("run by cargo")).join("../../tests/fuzz").join(folder).join(target);
    let mut n = 0;
    for entry in std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
        let path = entry.unwrap().path();
        let bytes = std::fs::read(&path).unwrap();
        let outcome = std::panic::catch_unwind(|| check(&bytes));
        assert!(outcome.is_ok(), "{} breaks a property of {target}", path.display());
        n += 1;
    }
    n
}

/// A reader's properties, checked on one input (panics when one breaks).
type Check = fn(&[u8]);

const TARGETS: [(&str, Check); 7] = [
    ("map", props::map),
    ("scen", props::scen),
    ("map3d", props::map3d),
    ("scen3d", props::scen3d),
    ("vox", props::vox),
    ("board_code", props::board_code),
    ("prep", props::prep),
];

#[test]
fn every_kept_corpus_keeps_its_readers_properties() {
    for (target, check) in TARGETS {
        let n = replay("corpus", target, check);
        assert!(n >= 5, "{target}: only {n} inputs kept");
    }
}

/// Each input a campaign crashed on, kept under a name that says what it was, now keeps every
/// property (the readers refuse it with a message, or read and write it back).
#[test]
fn every_crash_the_fuzzers_found_keeps_its_readers_properties() {
    let mut replayed = 0;
    for (target, check) in TARGETS {
        if Path::new(&std::env::var("CARGO_MANIFEST_DIR").expect("run by cargo")).join("../../tests/fuzz/crashes").join(target).is_dir() {
            replayed += replay("crashes", target, check);
        }
    }
    assert!(replayed >= 1, "the crashes found are kept");
}

/// The prep campaign's find, in the format's version 2: one byte of a preparation moved an
/// edge of the subgoal graph (from subgoal 7 to subgoal 1), and with its checksum made right
/// the reader accepted it, and the subgoal search then answered 10.83 where A* finds 9.41.
/// Version 3 holds no edges (they are found again from the map), so no file can move one; the
/// old file is refused as another version.
#[test]
fn a_preparation_with_a_subgoal_graph_edge_moved_is_refused() {
    let body = std::fs::read(
        Path::new(&std::env::var("CARGO_MANIFEST_DIR").expect("run by cargo")).join("../../tests/fuzz/crashes/prep/base-edge-moved-sealed"),
    )
    .unwrap();
    let mut sealed = body.clone();
    sealed.extend_from_slice(&props::fnv1a(&body).to_le_bytes());
    let error = cubepath_search::search::Prepared::from_bytes(&sealed, &props::prep_map()).err().expect("refused");
    assert_eq!(error, cubepath_search::search::PrepError::Version(2));
}
