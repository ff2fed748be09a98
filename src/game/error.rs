//! Why a game file cannot be read or used.

use std::path::PathBuf;

use dynamo_core::Color;

use super::pgn::PgnSyntaxError;
use crate::durable::{FileError, ReadError};

/// Why a game file cannot be used.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum GameError {
    #[error("{}: no such game file", path.display())]
    NotFound { path: PathBuf },
    #[error("{}: {source}", path.display())]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{}: {error}", path.display())]
    Invalid { path: PathBuf, error: RecordError },
    /// The game's file, or its folder, was moved away (a section
    /// deleted) while this waited for its lock: nothing was done to it.
    #[error("{}: the game was moved away while this waited for its lock; nothing was written", path.display())]
    Removed { path: PathBuf },
    /// The game's folder is being deleted (a `tournament delete` decided
    /// it and has not yet set the folder aside): nothing was written.
    #[error("{}: its section is being deleted (a `tournament delete` stopped before it finished); nothing was written: running that command again finishes it", path.display())]
    Deleting { path: PathBuf },
    /// A correction of the game's folder written down before it was
    /// made, which does not read.
    #[error("{}: a pending correction that cannot be read: {problem}", path.display())]
    Pending { path: PathBuf, problem: String },
    #[error("{}: the file already exists; a new game never overwrites one", path.display())]
    Exists { path: PathBuf },
    /// A FIFO, a device, a folder: only regular files are read as games.
    #[error("{}: {kind}, not a regular file; a game file must be one", path.display())]
    NotRegular { path: PathBuf, kind: &'static str },
    #[error("{}: {size} bytes, over the limit of {limit} bytes for a game file", path.display())]
    TooLarge {
        path: PathBuf,
        size: u64,
        limit: u64,
    },
    /// Another process held the game's lock for the whole wait.
    #[error("{}: the game is locked by another process ({}); gave up after {} s", path.display(), lock.display(), waited.as_secs())]
    Locked {
        path: PathBuf,
        lock: PathBuf,
        waited: std::time::Duration,
    },
    /// The text about to be written does not replay to the game it was
    /// made from: a bug, caught before the file was replaced.
    #[error("{}: not written, the file is unchanged: the new text {problem}; this is a bug in dynamo, please report it", path.display())]
    Unfaithful { path: PathBuf, problem: String },
}

/// Why the text of a game file does not replay.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum RecordError {
    #[error(transparent)]
    Syntax(#[from] PgnSyntaxError),
    #[error("missing tag [{0} \"…\"]")]
    MissingTag(&'static str),
    #[error("line {line}: tag {tag}: {message}")]
    Tag {
        line: usize,
        tag: String,
        message: String,
    },
    #[error("line {line}: move {number} by {} ({text}): {reason}", .color.title())]
    Move {
        line: usize,
        number: u32,
        color: Color,
        text: String,
        reason: String,
    },
    #[error("line {line}: {message}")]
    Result { line: usize, message: String },
    #[error("line {line}: {message}")]
    Event { line: usize, message: String },
}

impl RecordError {
    /// The line (from 1) the trouble is on, when there is one.
    pub fn line(&self) -> Option<usize> {
        match self {
            RecordError::Syntax(e) => Some(e.line),
            RecordError::MissingTag(_) => None,
            RecordError::Tag { line, .. }
            | RecordError::Move { line, .. }
            | RecordError::Result { line, .. }
            | RecordError::Event { line, .. } => Some(*line),
        }
    }
}

impl From<ReadError> for GameError {
    fn from(e: ReadError) -> GameError {
        match e {
            ReadError::File(e) if e.source.kind() == std::io::ErrorKind::NotFound => {
                GameError::NotFound { path: e.path }
            }
            ReadError::File(e) => e.into(),
            ReadError::NotRegular { path, kind } => GameError::NotRegular { path, kind },
            ReadError::TooLarge { path, size, limit } => GameError::TooLarge { path, size, limit },
        }
    }
}

impl From<FileError> for GameError {
    fn from(e: FileError) -> GameError {
        GameError::Io {
            path: e.path,
            source: e.source,
        }
    }
}
