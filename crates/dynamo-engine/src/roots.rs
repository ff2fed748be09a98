//! First moves shared out between threads, answers gathered in order.
//!
//! Each first move is worked on whole by one thread, with state that
//! thread starts afresh for it; so the answers, and any count they carry,
//! are the same whatever the number of threads and their timing. A limit
//! (time, nodes) may stop the work: a first move stopped part way, or
//! never begun, has no answer, and the ones finished keep theirs whole.

use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use dynamo_core::{Move, Position};

use crate::limits::{Cut, Limits, SearchClock};

/// A solve's shared stop and counts: made by the caller, read by the
/// threads (to stop) and by the caller while they work (for progress).
#[derive(Debug)]
pub struct Watch {
    clock: SearchClock,
    first_moves: AtomicUsize,
    done: AtomicUsize,
}

impl Watch {
    /// Starts the clock for `limits` (their depth is not read).
    pub fn new(limits: &Limits) -> Watch {
        Watch {
            clock: SearchClock::start(limits),
            first_moves: AtomicUsize::new(0),
            done: AtomicUsize::new(0),
        }
    }

    /// The shared stop and node count.
    pub fn clock(&self) -> &SearchClock {
        &self.clock
    }

    /// First moves searched to the end so far, and how many there are.
    pub fn first_moves(&self) -> (usize, usize) {
        (
            self.done.load(Ordering::Relaxed),
            self.first_moves.load(Ordering::Relaxed),
        )
    }

    /// Nodes searched so far (every thread's, shared every 1024).
    pub fn nodes(&self) -> u64 {
        self.clock.nodes()
    }

    /// Time since the start.
    pub fn elapsed(&self) -> Duration {
        self.clock.elapsed()
    }

    /// The limit that stopped the search, if one did.
    pub fn cut(&self) -> Option<Cut> {
        self.clock.cut()
    }
}

/// How far a solve went over its first moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Reach {
    /// The legal first moves.
    pub first_moves: usize,
    /// The first moves searched to the end: all of them, unless a limit
    /// stopped the search.
    pub searched: usize,
    /// The limit that stopped the search before it finished, if one did
    /// (one reached after the last first move was done stopped nothing).
    pub cut: Option<Cut>,
}

/// The threads worth starting for `roots` when `asked` for: at least one,
/// and no more than there are first moves.
pub fn threads(asked: usize, roots: &[(Move, Position)]) -> usize {
    asked.clamp(1, roots.len().max(1))
}

/// `work` on each of `roots`, one thread for each of `states` (at most one
/// a root), each thread working with its own state; the results in the
/// order of `roots`, leaving out the first moves a limit stopped or left
/// unsearched (`work` returns `None` when it saw the stop), and how far
/// the work went.
pub fn each<S: Send, T: Send>(
    roots: &[(Move, Position)],
    states: Vec<S>,
    watch: &Watch,
    work: impl Fn(&mut S, &Move, &Position) -> Option<T> + Sync,
) -> (Vec<T>, Reach) {
    watch.first_moves.store(roots.len(), Ordering::Relaxed);
    let next = AtomicUsize::new(0);
    let slots: Vec<Mutex<Option<T>>> = roots.iter().map(|_| Mutex::new(None)).collect();
    std::thread::scope(|scope| {
        for mut state in states.into_iter().take(roots.len()) {
            let (next, slots, work) = (&next, &slots, &work);
            scope.spawn(move || {
                while !watch.clock.stopped() {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some((m, after)) = roots.get(i) else {
                        break;
                    };
                    let Some(result) = work(&mut state, m, after) else {
                        break;
                    };
                    *slots[i].lock().unwrap_or_else(|e| e.into_inner()) = Some(result);
                    watch.done.fetch_add(1, Ordering::Relaxed);
                }
            });
        }
    });
    let results: Vec<T> = slots
        .into_iter()
        .filter_map(|s| s.into_inner().unwrap_or_else(|e| e.into_inner()))
        .collect();
    let reach = Reach {
        first_moves: roots.len(),
        searched: results.len(),
        cut: watch.cut().filter(|_| results.len() < roots.len()),
    };
    (results, reach)
}
