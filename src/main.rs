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
    let location = web_sys::window().map(|w| w.location());
    let query = location.as_ref().and_then(|l| l.search().ok()).unwrap_or_default();
    // a shared board: #b=CODE&start=..., read with the query's names
    let fragment = location.and_then(|l| l.hash().ok()).unwrap_or_default();
    let query = match fragment.strip_prefix('#') {
        Some(f) if f.starts_with("b=") => format!("{query}&{f}"),
        _ => query,
    };
    let play = cubepath::cli::PlayArgs::from_query(&query).unwrap_or_else(|e| {
        web_sys::console::error_1(&format!("cubepath: {e}; starting with the defaults").into());
        Default::default()
    });
    cubepath::cli::play(&play)
}
