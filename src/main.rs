//! cubepath: with no command it plays the game; `solve`, `scen` and `bench` run headless.

use std::process::ExitCode;

use clap::Parser;
use cubepath::cli::{Cli, run};

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Some(command) => run(command),
        None => cubepath::game::run(&cli.play),
    }
}
