//! The calling thread's CPU time, for the examples and benches that measure what the plugin
//! costs the main thread (big_world, the latency bench): included by path, not an example.

use bevy::platform::time::Instant;

/// The calling thread's CPU time in ms (where the platform has no such clock, the wall time:
/// then a thread that waits for a core counts as working).
pub fn thread_ms() -> f64 {
    #[cfg(unix)]
    {
        let mut t = libc::timespec { tv_sec: 0, tv_nsec: 0 };
        // SAFETY: clock_gettime writes the timespec it is given, which lives on this stack.
        if unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut t) } == 0 {
            return t.tv_sec as f64 * 1e3 + t.tv_nsec as f64 / 1e6;
        }
    }
    EPOCH.get_or_init(Instant::now).elapsed().as_secs_f64() * 1e3
}

static EPOCH: std::sync::OnceLock<Instant> = std::sync::OnceLock::new();
