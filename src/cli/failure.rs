//! Why a headless command stopped early, and the exit statuses that say so.

/// Why a headless command stopped early.
pub(super) enum Failure {
    /// Bad input: the message for stderr; exit 2.
    BadInput(String),
    /// The reader of the output went away (`... | head`): end quietly.
    ClosedPipe,
}
pub(super) use Failure::BadInput;

impl From<std::io::Error> for Failure {
    fn from(e: std::io::Error) -> Self {
        if e.kind() == std::io::ErrorKind::BrokenPipe { Failure::ClosedPipe } else { BadInput(e.to_string()) }
    }
}

impl From<crate::engine::files::FileError> for Failure {
    fn from(e: crate::engine::files::FileError) -> Self {
        BadInput(e.to_string())
    }
}

impl From<crate::engine::search::SearchError> for Failure {
    fn from(e: crate::engine::search::SearchError) -> Self {
        BadInput(e.to_string())
    }
}

/// The exit status after the output's reader went away: as a process stopped by SIGPIPE.
pub(super) const CLOSED_PIPE: u8 = 141;
