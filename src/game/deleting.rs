//! A folder's deletion written down before it is made (`tournament
//! delete`): once the deletion has been decided under every game's lock
//! and its letters may be queued, no game of the folder may change any
//! more, or a run stopped before the folder is set aside could leave
//! players told their section is cancelled while play goes on in it.
//! Until the folder is set aside (by that run, or by running it again),
//! the recorder refuses every change of its games ([`is_marked`]), and a
//! mailed reply waits in the inbox.

use std::path::{Path, PathBuf};

use crate::durable::{self, FileError};

/// The mark's name in the games' folder; hidden, so that no reader of a
/// games folder takes it for a game.
pub const DELETING_FILE: &str = ".dynamo-deleting";

/// Writes the mark in the folder `dir`, durably.
pub fn mark(dir: &Path) -> Result<(), FileError> {
    durable::write_atomic(&dir.join(DELETING_FILE), b"deletion decided\n")
}

/// Whether the folder of the game file at `real` (its real path) is
/// being deleted.
pub fn is_marked(real: &Path) -> bool {
    mark_of(real).is_some_and(|mark| mark.symlink_metadata().is_ok())
}

/// Where the mark of the game file at `real`'s folder would be.
fn mark_of(real: &Path) -> Option<PathBuf> {
    real.parent().map(|dir| dir.join(DELETING_FILE))
}
