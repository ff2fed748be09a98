//! Locks of the outbox that are waited for only so long. Every holder
//! keeps one for a bounded time (at most one SMTP session, or one update
//! of a game file), so a waiter that runs out of patience is facing a
//! stuck process, and says so instead of hanging.
//!
//! They are [`crate::durable::FileLock`]s, with the outbox's error.

use std::path::Path;
use std::time::Duration;

use super::error::MailError;
use crate::durable::{FileError, FileLock, LockError};

/// An exclusive lock, held until dropped.
pub type Held = FileLock;

/// The outbox's words for a lock that stayed busy.
fn to_mail(e: LockError) -> MailError {
    match e {
        LockError::Busy { path, waited } => MailError::Busy { path, waited },
        other => FileError::from(other).into(),
    }
}

/// Takes the lock on `path` if nobody holds it.
pub(super) fn try_acquire(path: &Path) -> Result<Option<Held>, MailError> {
    match FileLock::acquire_within(path, Duration::ZERO) {
        Ok(held) => Ok(Some(held)),
        Err(LockError::Busy { .. }) => Ok(None),
        Err(e) => Err(to_mail(e)),
    }
}

/// Takes the lock on `path`, waiting at most `patience`.
pub(super) fn acquire(path: &Path, patience: Duration) -> Result<Held, MailError> {
    FileLock::acquire_within(path, patience).map_err(to_mail)
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
