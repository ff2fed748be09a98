//! When a search stops: a depth, a time, a node count, or a flag.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// The depth searched when no limit is given at all.
pub const DEFAULT_DEPTH: u32 = 6;
/// The deepest iteration there is.
pub const MAX_DEPTH: u32 = 64;

/// The limits of one search; any one reached stops it.
#[derive(Debug, Clone, Default)]
pub struct Limits {
    /// The last depth to complete.
    pub depth: Option<u32>,
    /// How long to search.
    pub time: Option<Duration>,
    /// How many nodes to search, about (checked every 1024).
    pub nodes: Option<u64>,
}

impl Limits {
    /// The depth to stop at: the one given, [`DEFAULT_DEPTH`] when no
    /// limit is given, else [`MAX_DEPTH`].
    pub fn max_depth(&self) -> u32 {
        match (self.depth, self.time, self.nodes) {
            (Some(d), _, _) => d.clamp(1, MAX_DEPTH),
            (None, None, None) => DEFAULT_DEPTH,
            _ => MAX_DEPTH,
        }
    }
}

/// The shared stop: set by the time or node limit, or by the main thread
/// when it is done, read by every thread.
#[derive(Debug, Clone)]
pub struct Clock {
    start: Instant,
    time: Option<Duration>,
    nodes: Option<u64>,
    stop: Arc<AtomicBool>,
}

impl Clock {
    /// Starts the clock for `limits`.
    pub fn start(limits: &Limits) -> Clock {
        Clock {
            start: Instant::now(),
            time: limits.time,
            nodes: limits.nodes,
            stop: Arc::new(AtomicBool::new(false)),
        }
    }

    /// Whether to stop, counting `nodes` searched by this thread.
    pub fn should_stop(&self, nodes: u64) -> bool {
        if self.stop.load(Ordering::Relaxed) {
            return true;
        }
        let over = self.nodes.is_some_and(|n| nodes >= n)
            || self.time.is_some_and(|t| self.start.elapsed() >= t);
        if over {
            self.stop();
        }
        over
    }

    /// Stops every thread.
    pub fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    /// Whether the search has been stopped.
    pub fn stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    /// Time since the start.
    pub fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }
}
