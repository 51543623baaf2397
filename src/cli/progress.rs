//! A progress bar on stderr for long runs.

use std::time::Instant;

use crate::search::Algorithm;

/// A progress line on stderr for long runs, only when stderr is a terminal (never in pipes,
/// files or tests).
pub(super) struct Progress {
    label: Algorithm,
    total: usize,
    shown: Option<Instant>,
}

impl Progress {
    pub(super) fn new(label: Algorithm, total: usize) -> Progress {
        use std::io::IsTerminal;
        Progress { label, total, shown: std::io::stderr().is_terminal().then(Instant::now) }
    }

    pub(super) fn tick(&mut self, done: usize) {
        if let Some(at) = self.shown
            && (at.elapsed().as_millis() >= 100 || done == self.total)
        {
            let width = 30;
            let filled = done * width / self.total.max(1);
            eprint!("\r{:>10} [{}{}] {done}/{}", self.label.name(), "#".repeat(filled), " ".repeat(width - filled), self.total);
            self.shown = Some(Instant::now());
        }
    }

    pub(super) fn finish(&self) {
        if self.shown.is_some() {
            eprint!("\r{}\r", " ".repeat(60));
        }
    }
}
