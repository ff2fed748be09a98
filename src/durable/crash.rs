//! Test-only crash points: `DYNAMO_CRASH_AT=POINT` (or `POINT:N`, the
//! N-th time the point is reached, counting from 1) stops the process at
//! once, as `kill -9` would, when a debug build reaches that point. The
//! tests use it to stop a run between two steps of a batch that random
//! kills rarely hit (docs/reference.md, "Tests"). A release build never
//! reads the variable.

/// The variable naming the point to stop at.
pub const CRASH_AT_ENV: &str = "DYNAMO_CRASH_AT";

/// Stops the process here if `DYNAMO_CRASH_AT` names `point` (and this is
/// the time it asks for); does nothing in a release build.
#[cfg(debug_assertions)]
pub fn crash_point(point: &str) {
    use std::sync::atomic::{AtomicU64, Ordering};
    static REACHED: AtomicU64 = AtomicU64::new(0);
    let Ok(wanted) = std::env::var(CRASH_AT_ENV) else {
        return;
    };
    let (name, nth) = match wanted.split_once(':') {
        Some((name, n)) => (name, n.parse::<u64>().unwrap_or(1)),
        None => (wanted.as_str(), 1),
    };
    if name == point && REACHED.fetch_add(1, Ordering::SeqCst) + 1 == nth {
        // No destructors, no buffers flushed: what a kill leaves.
        std::process::abort();
    }
}

/// Stops the process here if `DYNAMO_CRASH_AT` names `point` (and this is
/// the time it asks for); does nothing in a release build.
#[cfg(not(debug_assertions))]
#[inline(always)]
pub fn crash_point(_point: &str) {}
