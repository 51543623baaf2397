//! Any bytes as the page's query string: see `props.rs` for what must hold.
#![no_main]

#[path = "../props.rs"]
mod props;

libfuzzer_sys::fuzz_target!(|data: &[u8]| props::query(data));
