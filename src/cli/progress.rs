//! A progress bar on stderr for long runs: indicatif's, hidden when stderr is not a terminal
//! (pipes, files, tests); nothing in the browser, where the command line does not run.

use crate::engine::search::Algorithm;

/// A progress bar on stderr for `scen` and `bench`: the algorithm, the problems done, the time
/// gone and the time left.
pub(super) struct Progress {
    #[cfg(not(target_arch = "wasm32"))]
    bar: indicatif::ProgressBar,
}

impl Progress {
    #[cfg(not(target_arch = "wasm32"))]
    pub(super) fn new(label: Algorithm, total: usize) -> Progress {
        let style = indicatif::ProgressStyle::with_template("{prefix:>10} [{bar:30}] {pos}/{len} ({percent} %), {elapsed} gone, eta {eta}")
            .expect("a valid template")
            .progress_chars("#> ");
        let bar = indicatif::ProgressBar::new(total as u64).with_style(style).with_prefix(label.name());
        Progress { bar }
    }

    #[cfg(target_arch = "wasm32")]
    pub(super) fn new(_label: Algorithm, _total: usize) -> Progress {
        Progress {}
    }

    /// `done` problems of the total are done.
    pub(super) fn tick(&mut self, done: usize) {
        #[cfg(not(target_arch = "wasm32"))]
        self.bar.set_position(done as u64);
        #[cfg(target_arch = "wasm32")]
        let _ = done;
    }

    /// The bar is cleared from the terminal.
    pub(super) fn finish(&self) {
        #[cfg(not(target_arch = "wasm32"))]
        self.bar.finish_and_clear();
    }
}
