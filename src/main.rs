//! cubepath: with no command it plays the game; `solve`, `scen` and `bench` run headless.
//! In the browser the play options come from the page's URL.

use std::process::ExitCode;

#[cfg(not(target_arch = "wasm32"))]
fn main() -> ExitCode {
    use clap::Parser;
    let cli = cubepath::cli::Cli::parse();
    match cli.command {
        Some(command) => cubepath::cli::run(command),
        None => cubepath::cli::play(&cli.play),
    }
}

#[cfg(target_arch = "wasm32")]
fn main() -> ExitCode {
    let query = web_sys::window().and_then(|w| w.location().search().ok()).unwrap_or_default();
    let play = cubepath::cli::PlayArgs::from_query(&query).unwrap_or_else(|e| {
        web_sys::console::error_1(&format!("cubepath: {e}; starting with the defaults").into());
        Default::default()
    });
    cubepath::cli::play(&play)
}
