//! How long a writer waits for a game's lock. Reading a game goes
//! through the command's catch-up (`cli/conditional/owed.rs`,
//! `CatchUp::load`), which may record the reply owed in it.

use std::time::Duration;

use anyhow::Result;
use dynamo::game::store;

use crate::exit::{Exit, Failure};

/// The variable that sets how many seconds a writer waits for another
/// process that holds a game's lock (default [`store::LOCK_WAIT`]).
const LOCK_WAIT_ENV: &str = "DYNAMO_LOCK_WAIT";

/// How long to wait for a game's lock: `$DYNAMO_LOCK_WAIT` seconds, else
/// the default. A value that is not a whole number of seconds is bad
/// input, not a reason to wait for ever or not at all.
pub(crate) fn lock_wait() -> Result<Duration> {
    let Some(value) = std::env::var_os(LOCK_WAIT_ENV) else {
        return Ok(store::LOCK_WAIT);
    };
    value
        .to_str()
        .and_then(|v| v.trim().parse::<u64>().ok())
        .map(Duration::from_secs)
        .ok_or_else(|| {
            Failure::new(
                Exit::Usage,
                format!(
                    "{LOCK_WAIT_ENV}: '{}' is not a whole number of seconds",
                    value.to_string_lossy()
                ),
            )
            .into()
        })
}
