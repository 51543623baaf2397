//! `cubepath link`: a map's board as a code for a link (`board:CODE` wherever a command takes a
//! map), and its length.

use std::path::PathBuf;

use clap::Args;

use super::args::open_map;
use super::failure::Failure;
use crate::engine::files::board_code;

#[derive(Args, Debug)]
pub struct LinkArgs {
    /// A Moving AI .map file (or a board:CODE, to check one).
    pub map: PathBuf,
}

/// Prints the code on one line.
pub(super) fn link(a: &LinkArgs) -> Result<u8, Failure> {
    let code = board_code(&open_map(&a.map)?);
    println!("{code}");
    eprintln!("{} characters; open it with board:CODE where a command takes a map", code.len());
    Ok(0)
}
