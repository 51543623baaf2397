//! The page's query string and links, replayed from the fuzz target's kept corpus
//! (`tests/fuzz/corpus/query`: the inputs libFuzzer found that reach new code in the reader)
//! and its named finds (`tests/fuzz/crashes/query`), through the same properties the fuzzer
//! checks (`tests/fuzz/game/props.rs`): seconds, where the campaign took minutes.

mod common;

use std::path::Path;

#[path = "fuzz/game/props.rs"]
mod props;

/// Every file in `tests/fuzz/<folder>/query` through the properties; how many there were.
fn replay(folder: &str) -> usize {
    let dir = Path::new(&std::env::var("CARGO_MANIFEST_DIR").expect("run by cargo")).join("tests/fuzz").join(folder).join("query");
    let mut n = 0;
    for entry in std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
        let path = entry.unwrap().path();
        let bytes = std::fs::read(&path).unwrap();
        let outcome = std::panic::catch_unwind(|| props::query(&bytes));
        assert!(outcome.is_ok(), "{} breaks a property of the query reader", path.display());
        n += 1;
    }
    n
}

#[test]
fn every_kept_query_keeps_the_readers_properties() {
    let n = replay("corpus");
    assert!(n >= 5, "the kept corpus holds {n} inputs: the hand-written seeds alone are five");
}
