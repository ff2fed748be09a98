//! The game files on disk: one writer at a time, and a file that is always
//! either the old record or the new one.
//!
//! Every change goes through [`update`]: lock `FILE.lock`, re-read and
//! replay the file as it is now, apply the change, write the result
//! atomically. A change computed from a copy read before the lock could
//! record a move for the wrong turn; one computed under it cannot.
//!
//! The lock is a separate file that is never replaced: a lock on the game
//! file itself would be lost on rename (see [`crate::durable::FileLock`]).

use std::path::{Path, PathBuf};

use super::error::GameError;
use super::record::Game;
use crate::durable::{self, FileError, FileLock};

/// `games/x.pgn` → `games/x.pgn.lock`.
fn lock_path(path: &Path) -> PathBuf {
    let mut name = path.file_name().unwrap_or_default().to_os_string();
    name.push(".lock");
    path.with_file_name(name)
}

/// Waits for and takes the exclusive lock on the game file at `path`.
fn lock(path: &Path) -> Result<FileLock, GameError> {
    Ok(FileLock::acquire(&lock_path(path))?)
}

/// Why [`update`] did not write: the file could not be used, or the
/// change refused.
#[derive(Debug, thiserror::Error)]
pub enum UpdateError<E> {
    /// The file is missing, unreadable, does not replay, or could not be
    /// written.
    #[error(transparent)]
    Game(#[from] GameError),
    /// The change refused; nothing was written.
    #[error(transparent)]
    Refused(E),
}

/// Locks the game at `path`, replays it as it is now on disk, applies
/// `change` and writes the game it returns atomically and durably. The
/// file is untouched when anything fails or `change` refuses.
pub fn update<T, E>(
    path: &Path,
    change: impl FnOnce(&Game) -> Result<(Game, T), E>,
) -> Result<(Game, T), UpdateError<E>> {
    if !path.exists() {
        return Err(GameError::NotFound {
            path: path.to_path_buf(),
        }
        .into());
    }
    let _lock = lock(path)?;
    let game = Game::load(path)?;
    let (changed, extra) = change(&game).map_err(UpdateError::Refused)?;
    durable::write_atomic(path, changed.to_text().as_bytes()).map_err(GameError::from)?;
    Ok((changed, extra))
}

/// Writes a new game to `path`, creating its folder if needed; an
/// existing file is never overwritten.
pub fn create(path: &Path, game: &Game) -> Result<(), GameError> {
    // A new tournament starts with no games folder yet.
    if let Some(folder) = path.parent().filter(|f| !f.as_os_str().is_empty()) {
        std::fs::create_dir_all(folder).map_err(|e| FileError::new(folder, e))?;
    }
    let _lock = lock(path)?;
    if path.exists() {
        return Err(GameError::Exists {
            path: path.to_path_buf(),
        });
    }
    durable::write_atomic(path, game.to_text().as_bytes())?;
    Ok(())
}
