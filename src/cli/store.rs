//! The game files as the commands use them: reading one, with its
//! failures mapped to exit codes, and how long a writer waits for a
//! game's lock.

use std::path::Path;
use std::sync::OnceLock;
use std::time::Duration;

use anyhow::Result;
use dynamo::game::{Game, store};

use crate::cli::failure;
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

/// What runs before a game is read: the catch-up of conditional replies
/// owed (`cli/conditional/owed.rs`), set by it, as it records through
/// the commands' recording, which reads this module.
static BEFORE_READING: OnceLock<fn(&Path)> = OnceLock::new();

/// Sets what runs before a game is read (once a run).
pub(crate) fn before_reading(hook: fn(&Path)) {
    let _ = BEFORE_READING.set(hook);
}

/// Loads a game for reading; nothing is locked.
pub(crate) fn load(path: &Path) -> Result<Game> {
    if let Some(hook) = BEFORE_READING.get() {
        hook(path);
    }
    Game::load(path).map_err(failure::game)
}
