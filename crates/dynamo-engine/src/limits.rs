//! When a search stops: a depth, a time, a node count, or a flag; and
//! the node count its threads share.

use std::sync::Arc;
use std::sync::atomic::{AtomicU8, AtomicU64, Ordering};
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

/// A limit that stopped a search before it finished.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cut {
    /// The time given ran out.
    Time,
    /// The nodes given were searched.
    Nodes,
}

impl Cut {
    /// `time` or `nodes`: the name of the option that set the limit.
    pub fn as_str(self) -> &'static str {
        match self {
            Cut::Time => "time",
            Cut::Nodes => "nodes",
        }
    }
}

/// Why the shared stop is set: 0 while the search goes on.
const GOING: u8 = 0;
const BY_TIME: u8 = 1;
const BY_NODES: u8 = 2;
const TOLD: u8 = 3;

/// The shared stop and node count: set by the time or node limit, or by
/// the main thread when it is done, read by every thread.
#[derive(Debug, Clone)]
pub struct SearchClock {
    start: Instant,
    time: Option<Duration>,
    nodes: Option<u64>,
    counted: Arc<AtomicU64>,
    stop: Arc<AtomicU8>,
}

impl SearchClock {
    /// Starts the clock for `limits`.
    pub fn start(limits: &Limits) -> SearchClock {
        SearchClock {
            start: Instant::now(),
            time: limits.time,
            nodes: limits.nodes,
            counted: Arc::new(AtomicU64::new(0)),
            stop: Arc::new(AtomicU8::new(GOING)),
        }
    }

    /// Whether to stop, counting `nodes` searched by every thread.
    pub fn should_stop(&self, nodes: u64) -> bool {
        if self.stopped() {
            return true;
        }
        let why = if self.nodes.is_some_and(|n| nodes >= n) {
            BY_NODES
        } else if self.time.is_some_and(|t| self.start.elapsed() >= t) {
            BY_TIME
        } else {
            return false;
        };
        self.halt(why);
        true
    }

    /// Stops every thread.
    pub fn stop(&self) {
        self.halt(TOLD);
    }

    /// The first reason to stop stands.
    fn halt(&self, why: u8) {
        let _ = self
            .stop
            .compare_exchange(GOING, why, Ordering::Relaxed, Ordering::Relaxed);
    }

    /// Whether the search has been stopped.
    pub fn stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed) != GOING
    }

    /// The limit that stopped the search, if one did.
    pub fn cut(&self) -> Option<Cut> {
        match self.stop.load(Ordering::Relaxed) {
            BY_TIME => Some(Cut::Time),
            BY_NODES => Some(Cut::Nodes),
            _ => None,
        }
    }

    /// Nodes every thread has shared so far.
    pub fn nodes(&self) -> u64 {
        self.counted.load(Ordering::Relaxed)
    }

    /// Time since the start.
    pub fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }
}

/// One thread's count of the nodes it searches, shared with the
/// [`SearchClock`] every 1024 nodes (and at the node limit), when the clock is
/// read: threads share one count without touching it at every node. A
/// meter without a clock only counts.
#[derive(Debug, Default)]
pub struct Meter<'a> {
    clock: Option<&'a SearchClock>,
    counted: u64,
    unflushed: u64,
    stopped: bool,
}

impl<'a> Meter<'a> {
    /// A thread's meter on `clock`.
    pub fn new(clock: &'a SearchClock) -> Meter<'a> {
        Meter {
            clock: Some(clock),
            ..Meter::default()
        }
    }

    /// Counts a node: `false` once the search must stop.
    pub fn visit(&mut self) -> bool {
        self.counted += 1;
        let Some(clock) = self.clock else {
            return true;
        };
        self.unflushed += 1;
        let over_nodes = clock
            .nodes
            .is_some_and(|n| clock.nodes() + self.unflushed > n);
        if self.unflushed >= 1024 || over_nodes {
            let total = clock.counted.fetch_add(self.unflushed, Ordering::Relaxed) + self.unflushed;
            self.unflushed = 0;
            if clock.should_stop(total) {
                self.stopped = true;
            }
        }
        !self.stopped
    }

    /// Whether this thread has seen the stop.
    pub fn stopped(&self) -> bool {
        self.stopped
    }

    /// Nodes this meter counted.
    pub fn counted(&self) -> u64 {
        self.counted
    }

    /// Nodes searched so far, every thread's shared ones and this one's.
    pub fn total(&self) -> u64 {
        self.clock
            .map_or(self.counted, |c| c.nodes() + self.unflushed)
    }

    /// Shares what is left of the count, when the thread is done.
    pub fn flush(&mut self) {
        if let Some(clock) = self.clock {
            let left = std::mem::take(&mut self.unflushed);
            clock.counted.fetch_add(left, Ordering::Relaxed);
        }
    }
}
