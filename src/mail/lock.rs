//! Locks of the outbox that are waited for only so long. Every holder
//! keeps one for a bounded time (at most one SMTP session, or one update
//! of a game file), so a waiter that runs out of patience is facing a
//! stuck process, and says so instead of hanging.
//!
//! A lock file is never removed or replaced (as [`crate::durable::FileLock`]
//! explains); closing it, at drop or at the process's death, releases it.

use std::fs::{File, OpenOptions, TryLockError};
use std::path::Path;
use std::time::{Duration, Instant};

use super::error::MailError;
use crate::durable::FileError;

/// How often a waiter tries again.
const POLL: Duration = Duration::from_millis(15);

/// An exclusive lock, held until dropped.
#[derive(Debug)]
pub struct Held {
    _file: File,
}

fn open(path: &Path) -> Result<File, MailError> {
    Ok(OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(path)
        .map_err(|e| FileError::new(path, e))?)
}

/// Takes the lock on `path` if nobody holds it.
pub(super) fn try_acquire(path: &Path) -> Result<Option<Held>, MailError> {
    let file = open(path)?;
    match file.try_lock() {
        Ok(()) => Ok(Some(Held { _file: file })),
        Err(TryLockError::WouldBlock) => Ok(None),
        Err(TryLockError::Error(e)) => Err(FileError::new(path, e).into()),
    }
}

/// Takes the lock on `path`, waiting at most `patience`.
pub(super) fn acquire(path: &Path, patience: Duration) -> Result<Held, MailError> {
    let start = Instant::now();
    loop {
        if let Some(held) = try_acquire(path)? {
            return Ok(held);
        }
        if start.elapsed() >= patience {
            return Err(MailError::Busy {
                path: path.to_path_buf(),
                waited: start.elapsed(),
            });
        }
        std::thread::sleep(POLL);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_held_lock_makes_others_wait_then_give_up() {
        let tmp = tempfile::tempdir().expect("tempdir");
        let path = tmp.path().join(".lock");
        let first = acquire(&path, Duration::ZERO).expect("free");
        assert!(try_acquire(&path).expect("tries").is_none());
        let err = acquire(&path, Duration::from_millis(50)).expect_err("busy");
        assert!(matches!(err, MailError::Busy { .. }), "{err:?}");
        drop(first);
        assert!(try_acquire(&path).expect("tries").is_some());
    }
}
