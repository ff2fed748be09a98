//! The game files on disk: one writer at a time, and a file that is always
//! either the old record or the new one.
//!
//! Every change goes through [`update`]: follow a symbolic link to the
//! real file, lock `FILE.lock` beside it, remove the temporary files of
//! killed writes, re-read and replay the file as it is now, apply the
//! change, check that the new text replays to the same game, and write it
//! atomically. A change computed from a copy read before the lock could
//! record a move for the wrong turn; one computed under it cannot.
//!
//! The lock is a separate file that is never replaced: a lock on the game
//! file itself would be lost on rename (see [`crate::durable::FileLock`]).
//! Whoever may write a game may lock it: a lock file another user created
//! is locked through a read-only handle.

use std::path::{Path, PathBuf};
use std::time::Duration;

use super::error::GameError;
use super::record::Game;
use crate::durable::{self, FileError, FileLock, LockError};

/// The largest game file read: 64 MiB, far above any real game (a game of
/// 10,000 moves is under 1 MiB) and still quick to replay, but a bound on
/// the memory a wrong file can take.
pub const MAX_FILE_BYTES: u64 = 64 << 20;

/// How long a change waits, unless told otherwise, for another process
/// that holds the game's lock.
pub const LOCK_WAIT: Duration = durable::LOCK_WAIT;

/// Reads a game file: a regular file of at most [`MAX_FILE_BYTES`].
pub(super) fn read(path: &Path) -> Result<Vec<u8>, GameError> {
    Ok(durable::read_regular(path, MAX_FILE_BYTES)?)
}

/// `games/x.pgn` → `games/x.pgn.lock`.
fn lock_path(path: &Path) -> PathBuf {
    let mut name = path.file_name().unwrap_or_default().to_os_string();
    name.push(".lock");
    path.with_file_name(name)
}

/// Takes the exclusive lock on the game file at `path`, waiting at most
/// `wait` for another writer, then removes what killed writers left.
fn lock(path: &Path, wait: Duration) -> Result<FileLock, GameError> {
    let lock = lock_path(path);
    let (held, clean) = FileLock::acquire_noting(&lock, wait).map_err(|e| match e {
        LockError::Busy { waited, .. } => GameError::Locked {
            path: path.to_path_buf(),
            lock: lock.clone(),
            waited,
        },
        other => GameError::from(FileError::from(other)),
    })?;
    // Waited for while its folder was renamed away (a section deleted):
    // the lock guards a file no longer at `path`, and what is at `path`
    // now, if anything, is another game, which the caller never read.
    if !held.is_at(&lock) {
        return Err(GameError::Removed {
            path: path.to_path_buf(),
        });
    }
    // Only a holder killed while it held the lock can have left one:
    // else the folder, perhaps of 10,000 games, is not listed.
    if !clean {
        durable::remove_stale_temps(path);
    }
    Ok(held)
}

/// Why [`update`] did not write: the file could not be used, or the
/// change refused.
#[derive(Debug, thiserror::Error)]
pub enum UpdateError<E> {
    /// The file is missing, unreadable, does not replay, is locked for
    /// longer than the wait, or could not be written.
    #[error(transparent)]
    Game(#[from] GameError),
    /// The change refused; nothing was written.
    #[error(transparent)]
    Refused(E),
}

/// One game's file, resolved once: the path as given (for messages), the
/// real file a symbolic link leads to (locked and written), and that
/// file's absolute path, the game's identity wherever a game is keyed
/// (the outbox's recording lock, a notice held back for its event, the
/// games of a `dynamo leave`). Every lock of a game derives from this one
/// resolution, so two names of one game are one game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameFile {
    given: PathBuf,
    real: PathBuf,
    key: PathBuf,
}

impl GameFile {
    /// A game file that exists: symbolic links followed to the real file.
    pub fn existing(path: &Path) -> Result<GameFile, GameError> {
        let real = durable::real_path(path).map_err(|e| match e.source.kind() {
            std::io::ErrorKind::NotFound => GameError::NotFound {
                path: path.to_path_buf(),
            },
            _ => e.into(),
        })?;
        let key = absolute(&real);
        Ok(GameFile {
            given: path.to_path_buf(),
            real,
            key,
        })
    }

    /// A game file by its name, whether or not it exists: a game about to
    /// be made (never written through a link, so the real file is the path
    /// itself), or one a caller reads without locking it.
    pub fn named(path: &Path) -> GameFile {
        GameFile {
            given: path.to_path_buf(),
            real: path.to_path_buf(),
            key: absolute(path),
        }
    }

    /// The path as it was given.
    pub fn given(&self) -> &Path {
        &self.given
    }

    /// The real file: what is locked, read and written.
    pub fn real(&self) -> &Path {
        &self.real
    }

    /// The absolute path of the real file: the game's identity.
    pub fn key(&self) -> &Path {
        &self.key
    }
}

/// The absolute path of a file, the same however it was named (the file
/// need not exist yet: then its folder is resolved and its name kept).
fn absolute(path: &Path) -> PathBuf {
    if let Ok(full) = std::fs::canonicalize(path) {
        return full;
    }
    let parent = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let parent = std::fs::canonicalize(&parent).unwrap_or(parent);
    match path.file_name() {
        Some(name) => parent.join(name),
        None => parent,
    }
}

/// Locks the game at `path`, waiting at most `wait` for another writer,
/// replays it as it is now on disk, applies `change` and writes the game
/// it returns atomically and durably. A symbolic link is written through:
/// the real file is locked and replaced, the link stays. The file is
/// untouched when anything fails or `change` refuses.
pub fn update<T, E>(
    path: &Path,
    wait: Duration,
    change: impl FnOnce(&Game) -> Result<(Game, T), E>,
) -> Result<(Game, T), UpdateError<E>> {
    update_file(&GameFile::existing(path)?, wait, change)
}

/// [`update`] of a game file already resolved.
pub fn update_file<T, E>(
    file: &GameFile,
    wait: Duration,
    change: impl FnOnce(&Game) -> Result<(Game, T), E>,
) -> Result<(Game, T), UpdateError<E>> {
    hold(file, wait)?.update(change)
}

/// A game whose lock is taken and kept until it is dropped: for a change
/// of many games that must be all or nothing (`tournament set`), each
/// game's lock taken, in a fixed order, before any of them is judged or
/// written. A process never takes a lock it holds again (a second `flock`
/// of the file would wait on the first), so a held game is changed only
/// through [`HeldGame::update`].
#[derive(Debug)]
pub struct HeldGame {
    file: GameFile,
    _lock: FileLock,
}

/// Takes the lock of the game `file` as [`update_file`] does and keeps it.
pub fn hold(file: &GameFile, wait: Duration) -> Result<HeldGame, GameError> {
    Ok(HeldGame {
        file: file.clone(),
        _lock: lock_file(file, wait)?,
    })
}

/// Takes the lock of the game `file`. A game gone before or while the
/// lock was waited for (its section deleted: the folder renamed away) is
/// `NotFound` or `Removed`, named as the caller named it.
fn lock_file(file: &GameFile, wait: Duration) -> Result<FileLock, GameError> {
    let real = file.real();
    let gone = |e: GameError| match e {
        GameError::Io { source, .. } if source.kind() == std::io::ErrorKind::NotFound => {
            GameError::NotFound {
                path: file.given().to_path_buf(),
            }
        }
        GameError::NotFound { .. } => GameError::NotFound {
            path: file.given().to_path_buf(),
        },
        GameError::Removed { .. } => GameError::Removed {
            path: file.given().to_path_buf(),
        },
        e => e,
    };
    // Refused before the lock too, so that no lock file is made beside a
    // FIFO or a file too large to read; the read says what is wrong.
    let meta =
        std::fs::metadata(real).map_err(|e| gone(GameError::from(FileError::new(real, e))))?;
    if !meta.is_file() || meta.len() > MAX_FILE_BYTES {
        read(real)?;
    }
    lock(real, wait).map_err(gone)
}

impl HeldGame {
    /// The game's file.
    pub fn file(&self) -> &GameFile {
        &self.file
    }

    /// The game as it is now: nobody else can change it.
    pub fn load(&self) -> Result<Game, GameError> {
        Game::load(self.file.real())
    }

    /// Replays the game, applies `change` and writes the game it returns,
    /// as [`update_file`] does, the lock kept.
    pub fn update<T, E>(
        &self,
        change: impl FnOnce(&Game) -> Result<(Game, T), E>,
    ) -> Result<(Game, T), UpdateError<E>> {
        let real = self.file.real();
        let game = Game::load(real)?;
        let (changed, extra) = change(&game).map_err(UpdateError::Refused)?;
        write(real, &changed)?;
        Ok((changed, extra))
    }
}

/// Locks the game `file` as [`update_file`] does and hands `look` the
/// game as it is now, writing nothing: for what is kept beside a game
/// and guarded by its lock (a player's conditional lines).
pub fn inspect_file<T>(
    file: &GameFile,
    wait: Duration,
    look: impl FnOnce(&Game) -> T,
) -> Result<T, GameError> {
    let _lock = lock_file(file, wait)?;
    Ok(look(&Game::load(file.real())?))
}

/// Writes a new game to `path`, creating its folder if needed, waiting at
/// most `wait` for another writer; an existing file, or a link, is never
/// overwritten.
pub fn create(path: &Path, wait: Duration, game: &Game) -> Result<(), GameError> {
    // A new tournament starts with no games folder yet.
    if let Some(folder) = path.parent().filter(|f| !f.as_os_str().is_empty()) {
        std::fs::create_dir_all(folder).map_err(|e| FileError::new(folder, e))?;
    }
    let _lock = lock(path, wait)?;
    match std::fs::symlink_metadata(path) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
        Err(e) => return Err(FileError::new(path, e).into()),
        Ok(_) => {
            return Err(GameError::Exists {
                path: path.to_path_buf(),
            });
        }
    }
    write(path, game)
}

/// Writes a new game into a folder that no other process knows yet (a
/// section being built, renamed into place whole): no lock is needed,
/// and the text passes the same replay check as every other write.
pub fn write_unshared(path: &Path, game: &Game) -> Result<(), GameError> {
    write(path, game)
}

/// Writes `game` over the file at `path` (the real file, lock held).
fn write(path: &Path, game: &Game) -> Result<(), GameError> {
    write_text(path, game, &game.to_text())
}

/// Writes `text`, which must replay to `game`, over the file at `path`.
fn write_text(path: &Path, game: &Game, text: &str) -> Result<(), GameError> {
    check_replays(path, game, text)?;
    Ok(durable::write_atomic(path, text.as_bytes())?)
}

/// The guard against every bug of writing or reading a record: the text
/// about to replace a file must replay, through the same loader that will
/// read it next time, to the same game, or nothing is written.
fn check_replays(path: &Path, game: &Game, text: &str) -> Result<(), GameError> {
    let problem = match Game::parse(text) {
        Err(e) => format!("does not replay: {e}"),
        Ok(again) => {
            let differs = if again.to_text() != text {
                "the text"
            } else if again.moves() != game.moves() {
                "the moves"
            } else if again.position() != game.position() {
                "the position"
            } else if again.ending() != game.ending() {
                "the ending"
            } else if again.draw_offer() != game.draw_offer() {
                "the draw offer"
            } else {
                return Ok(());
            };
            format!("replays to a game that differs in {differs}")
        }
    };
    Err(GameError::Unfaithful {
        path: path.to_path_buf(),
        problem,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{NewGame, Player, clock};

    fn game() -> Game {
        let start = clock::parse_time("2026-11-20T09:00:00Z").expect("time");
        let white = Player::parse("Alice <a@example.org>").expect("white");
        let black = Player::parse("Bob").expect("black");
        let game = Game::create(NewGame::new(white, black, start)).expect("plain names");
        let checked = game.check_move("e2e4", None).expect("legal");
        game.with_move(&checked, start).expect("recorded")
    }

    /// Every file in `folder`, sorted.
    fn names(folder: &Path) -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(folder)
            .expect("list")
            .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }

    #[test]
    fn a_write_that_would_not_replay_to_the_same_game_is_refused() {
        let tmp = tempfile::tempdir().expect("tempdir");
        let path = tmp.path().join("g.pgn");
        let game = game();
        create(&path, LOCK_WAIT, &game).expect("created");
        let before = std::fs::read(&path).expect("read");
        let good = game.to_text();
        // A text that does not replay, one that replays to another move,
        // and one whose own rendering differs (a blank line dropped).
        let broken = good.replace("e2e4", "e2e5");
        let other = good.replace("e2e4", "d2d4");
        let reworded = good.replacen("\n\n", "\n", 1);
        for bad in [&broken, &other, &reworded] {
            assert_ne!(bad, &good);
            let err = write_text(&path, &game, bad).expect_err("refused");
            assert!(
                matches!(&err, GameError::Unfaithful { path: p, .. } if p == &path),
                "{err}"
            );
            assert_eq!(std::fs::read(&path).expect("read"), before);
            assert_eq!(names(tmp.path()), ["g.pgn", "g.pgn.lock"]);
        }
        write_text(&path, &game, &good).expect("the true text is written");
    }
}
