//! The game files as the commands use them: reading one, and the locked
//! update and creation of [`dynamo::game::store`], with their failures
//! mapped to exit codes.

use std::path::Path;

use anyhow::Result;
use dynamo::game::{Game, store};

use crate::cli::failure;

/// Loads a game for reading; nothing is locked.
pub(crate) fn load(path: &Path) -> Result<Game> {
    Game::load(path).map_err(failure::game)
}

/// Locks the game, replays it as it is on disk and writes what `change`
/// returns; the error of a refused change is passed on as it is.
pub(crate) fn update<T>(
    path: &Path,
    change: impl FnOnce(&Game) -> Result<(Game, T)>,
) -> Result<(Game, T)> {
    store::update(path, change).map_err(|e| match e {
        store::UpdateError::Game(e) => failure::game(e),
        store::UpdateError::Refused(e) => e,
    })
}

/// Writes a new game; an existing file is never overwritten.
pub(crate) fn create(path: &Path, game: &Game) -> Result<()> {
    store::create(path, game).map_err(failure::game)
}
