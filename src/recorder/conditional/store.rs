//! Where a player's conditional lines are kept: one small JSON file per
//! game and player in the director's folder for them (`conditional_dir`,
//! beside the inbox's state), never in the game file or the site. Read
//! and written only under the game's lock, each write atomic and durable
//! ([`crate::durable`]).

use std::collections::HashSet;
use std::io;
use std::path::{Path, PathBuf};

use dynamo_core::Color;
use serde::{Deserialize, Serialize};

use super::line::{MAX_LINES, MAX_PLIES, Moves};
use crate::durable::{self, FileError, ReadError};
use crate::game::{Event, Game};
use crate::id;

/// The largest store file read: far above [`MAX_LINES`] lines of
/// [`MAX_PLIES`] moves.
const MAX_FILE_BYTES: u64 = 1 << 20;

/// A player's lines in one game, as kept.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Stored {
    /// The game's event the lines start after (its place, `seq`), and
    /// its key, which proves it is still that event.
    pub seq: u32,
    pub key: String,
    /// How many moves the game had then: the lines' first move is the
    /// next one.
    pub ply: u32,
    /// The lines, each in canonical notation, the opponent's move first.
    pub lines: Vec<Moves>,
    /// Why the lines ended, once they have: kept so that the director and
    /// the player can be told; ended lines are never played.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ended: Option<String>,
}

impl Stored {
    /// `lines` standing after `event`.
    pub fn after(event: &Event, lines: Vec<Moves>) -> Stored {
        Stored {
            seq: event.seq,
            key: event.key(),
            ply: event.ply,
            lines,
            ended: None,
        }
    }
}

/// The games with standing lines ([`Store::live_games`]).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct LiveGames {
    names: HashSet<String>,
}

impl LiveGames {
    /// Whether no game has standing lines.
    pub fn is_empty(&self) -> bool {
        self.names.is_empty()
    }

    /// Whether the game with id `game_id` may have standing lines.
    pub fn has(&self, game_id: &str) -> bool {
        self.names.contains(&file_stem(game_id))
    }
}

/// The start of the name of a game's store files.
fn file_stem(game_id: &str) -> String {
    id::sanitize(game_id, "-.")
}

/// The folder of every game's lines.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Store {
    dir: PathBuf,
}

impl Store {
    /// The lines kept in `dir` (made on first use).
    pub fn new(dir: &Path) -> Store {
        Store {
            dir: dir.to_path_buf(),
        }
    }

    /// The folder.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The games whose lines still stand, by the names of their files:
    /// read once, so that a command opening many games asks of each at
    /// the cost of a set lookup, and a command with no store folder at
    /// the cost of one failed read of it. A file that does not read is
    /// counted as standing, so that the catch-up reports it.
    pub fn live_games(&self) -> LiveGames {
        let mut names = HashSet::new();
        let Ok(entries) = std::fs::read_dir(&self.dir) else {
            return LiveGames { names };
        };
        for entry in entries.flatten() {
            let file_name = entry.file_name();
            let Some(name) = file_name.to_str() else {
                continue;
            };
            let Some(game) = name
                .strip_suffix(".white.json")
                .or_else(|| name.strip_suffix(".black.json"))
            else {
                continue;
            };
            let ended = durable::read_regular(&entry.path(), MAX_FILE_BYTES)
                .ok()
                .and_then(|bytes| serde_json::from_slice::<Stored>(&bytes).ok())
                .is_some_and(|stored| stored.ended.is_some());
            if !ended {
                names.insert(game.to_string());
            }
        }
        LiveGames { names }
    }

    /// The file of the lines of `side` in `game`: named by the game's
    /// id, which stays the same whatever the file is called.
    fn path(&self, game: &Game, side: Color) -> PathBuf {
        let name = file_stem(&game.game_id());
        let side = match side {
            Color::White => "white",
            Color::Black => "black",
        };
        self.dir.join(format!("{name}.{side}.json"))
    }

    /// The lines of `side` in `game`, if any were given.
    pub fn load(&self, game: &Game, side: Color) -> Result<Option<Stored>, FileError> {
        let path = self.path(game, side);
        let bytes = match durable::read_regular(&path, MAX_FILE_BYTES) {
            Ok(bytes) => bytes,
            Err(ReadError::File(e)) if e.source.kind() == io::ErrorKind::NotFound => {
                return Ok(None);
            }
            Err(ReadError::File(e)) => return Err(e),
            Err(other) => return Err(FileError::new(&path, io::Error::other(other.to_string()))),
        };
        let stored: Stored = serde_json::from_slice(&bytes)
            .map_err(|e| FileError::new(&path, io::Error::new(io::ErrorKind::InvalidData, e)))?;
        if stored.lines.len() > MAX_LINES || stored.lines.iter().any(|l| l.len() > MAX_PLIES) {
            let why = "more lines or longer lines than are kept";
            return Err(FileError::new(
                &path,
                io::Error::new(io::ErrorKind::InvalidData, why),
            ));
        }
        Ok(Some(stored))
    }

    /// Keeps `stored` as the lines of `side` in `game`; call it under the
    /// game's lock.
    pub fn save(&self, game: &Game, side: Color, stored: &Stored) -> Result<(), FileError> {
        durable::make_private_dirs(&self.dir)?;
        let path = self.path(game, side);
        durable::remove_stale_temps(&path);
        let mut text = serde_json::to_string_pretty(stored)
            .map_err(|e| FileError::new(&path, io::Error::other(e)))?;
        text.push('\n');
        durable::write_private(&path, text.as_bytes())
    }

    /// Forgets the lines of `side` in `game`; call it under the game's
    /// lock.
    pub fn remove(&self, game: &Game, side: Color) -> Result<(), FileError> {
        let path = self.path(game, side);
        match std::fs::symlink_metadata(&path) {
            Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(()),
            _ => durable::remove(&path),
        }
    }
}
