//! When a session must be over: for the whole session in SMTP, for each
//! command in IMAP. A socket timeout bounds a single read, so a server
//! that sends one byte every few seconds never trips it; a `Deadline`
//! bounds them all (see `wire.rs`).

use std::time::{Duration, Instant};

use super::error::WireError;

/// When a session must be over.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Deadline {
    end: Instant,
    limit: Duration,
}

impl Deadline {
    /// `limit` from now.
    pub(crate) fn after(limit: Duration) -> Deadline {
        Deadline {
            end: Instant::now() + limit,
            limit,
        }
    }

    /// The whole time allowed.
    pub(crate) fn limit(&self) -> Duration {
        self.limit
    }

    /// The time left, or `Err(Timeout)` when none is.
    pub(crate) fn left(&self) -> Result<Duration, WireError> {
        let left = self.end.saturating_duration_since(Instant::now());
        if left.is_zero() {
            Err(WireError::Timeout)
        } else {
            Ok(left)
        }
    }

    /// An earlier deadline: at most `cap` from now.
    pub(crate) fn capped(&self, cap: Duration) -> Deadline {
        Deadline {
            end: self.end.min(Instant::now() + cap),
            limit: self.limit,
        }
    }
}
