//! Any bytes: a grid that writes and reads back the same, or an error naming the file; the
//! scenario reader never panics either.
#![no_main]

use cubepath_search as search;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    match search::read_map("fuzz.map", data) {
        Ok(grid) => {
            let again = search::read_map("again.map", search::write_map(&grid).as_bytes()).expect("a written map reads back");
            assert!(again == grid);
        }
        Err(e) => assert_eq!(e.file, "fuzz.map"),
    }
    let _ = search::read_scen("fuzz.scen", data);
});
