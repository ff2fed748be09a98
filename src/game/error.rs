//! Why a game file cannot be read or used.

use std::path::PathBuf;

use dynamo_core::Color;

use super::pgn::SyntaxError;
use crate::durable::FileError;

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
    #[error("{}: the file already exists; a new game never overwrites one", path.display())]
    Exists { path: PathBuf },
}

/// Why the text of a game file does not replay.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum RecordError {
    #[error(transparent)]
    Syntax(#[from] SyntaxError),
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

impl From<FileError> for GameError {
    fn from(e: FileError) -> GameError {
        GameError::Io {
            path: e.path,
            source: e.source,
        }
    }
}
