//! A long solve's progress on a terminal: one line on standard error,
//! rewritten each second once the search has run for a second, and wiped
//! when it ends. Nothing when standard error is not a terminal, so that
//! scripts and pipes see what they saw before.

use std::io::{IsTerminal, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use dynamo_engine::Watch;

/// How long a search runs before its progress is shown, and how often it
/// is shown again.
const EVERY: Duration = Duration::from_secs(1);

/// How often the progress thread looks whether the search has ended.
const GLANCE: Duration = Duration::from_millis(50);

/// Runs `search`, showing `watch`'s progress of `what` (`mate in 8`) on a
/// terminal while it runs.
pub(crate) fn shown<T>(watch: &Watch, what: &str, search: impl FnOnce() -> T) -> T {
    if !std::io::stderr().is_terminal() {
        return search();
    }
    let done = AtomicBool::new(false);
    std::thread::scope(|scope| {
        scope.spawn(|| show(watch, what, &done));
        let result = search();
        done.store(true, Ordering::Relaxed);
        result
    })
}

fn show(watch: &Watch, what: &str, done: &AtomicBool) {
    let mut next = EVERY;
    let mut shown = false;
    while !done.load(Ordering::Relaxed) {
        std::thread::sleep(GLANCE);
        if watch.elapsed() < next {
            continue;
        }
        next += EVERY;
        shown = true;
        // A terminal that went away only loses the progress line.
        let _ = write!(std::io::stderr(), "\r{}\x1b[K", line(watch, what));
    }
    if shown {
        let _ = write!(std::io::stderr(), "\r\x1b[K");
    }
}

/// `mate in 8: 12 of 35 first moves, 1234567 nodes, 3 s`.
fn line(watch: &Watch, what: &str) -> String {
    let (done, all) = watch.first_moves();
    format!(
        "{what}: {done} of {all} first moves, {} nodes, {} s",
        watch.nodes(),
        watch.elapsed().as_secs()
    )
}
