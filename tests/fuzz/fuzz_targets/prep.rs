//! Any bytes through the subgoal preparation reader: see `props.rs` for what must hold.
#![no_main]

#[path = "../props.rs"]
#[allow(dead_code)] // each target uses one of the readers' checks
mod props;

libfuzzer_sys::fuzz_target!(|data: &[u8]| props::prep(data));
