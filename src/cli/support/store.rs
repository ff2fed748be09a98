//! How long a writer waits for a game's lock, as the command line reads
//! it. Reading a game goes through the command's catch-up
//! ([`dynamo::services::CatchUp::load`]), which may record the reply owed
//! in it.

use std::time::Duration;

use anyhow::Result;
use dynamo::services::{self, LockWaitError};

use crate::exit::{Exit, Failure};

/// How long to wait for a game's lock: `$DYNAMO_LOCK_WAIT` seconds, else
/// the default ([`services::lock_wait`]). A value that is not a whole
/// number of seconds is bad input (2).
pub(crate) fn lock_wait() -> Result<Duration> {
    services::lock_wait().map_err(|e| lock_wait_failure(&e))
}

/// `$DYNAMO_LOCK_WAIT` that does not read: bad input (2).
pub(crate) fn lock_wait_failure(e: &LockWaitError) -> anyhow::Error {
    Failure::new(Exit::Usage, e.to_string()).into()
}
