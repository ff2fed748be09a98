//! First moves shared out between threads, answers gathered in order.
//!
//! Each first move is worked on whole by one thread, with whatever state
//! `work` makes for it alone; so the answers, and any count they carry,
//! are the same whatever the number of threads and their timing.

use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use dynamo_core::{Move, Position};

/// `work` on each of `roots`, on up to `threads` threads; the results in
/// the order of `roots`.
pub fn each<T: Send>(
    roots: &[(Move, Position)],
    threads: usize,
    work: impl Fn(&Move, &Position) -> T + Sync,
) -> Vec<T> {
    let next = AtomicUsize::new(0);
    let slots: Vec<Mutex<Option<T>>> = roots.iter().map(|_| Mutex::new(None)).collect();
    std::thread::scope(|scope| {
        for _ in 0..threads.clamp(1, roots.len().max(1)) {
            scope.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some((m, after)) = roots.get(i) else {
                        break;
                    };
                    let result = work(m, after);
                    *slots[i].lock().unwrap_or_else(|e| e.into_inner()) = Some(result);
                }
            });
        }
    });
    slots
        .into_iter()
        .filter_map(|s| s.into_inner().unwrap_or_else(|e| e.into_inner()))
        .collect()
}
