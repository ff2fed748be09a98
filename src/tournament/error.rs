//! Why a section cannot be created or read.

use std::path::PathBuf;

use super::players::PlayersError;
use crate::durable::{FileError, ReadError};
use crate::game::{BadValue, GameError};

/// Why a section cannot be created or read.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum SectionError {
    /// The section's name cannot be a folder of the games folder.
    #[error("section name {}: {why}", dynamo_core::quoted(name))]
    Name { name: String, why: &'static str },
    /// The players file names no good list of players.
    #[error("{}: {error}", path.display())]
    Players { path: PathBuf, error: PlayersError },
    /// A setting that a game file cannot hold (the event's name).
    #[error(transparent)]
    Value(#[from] BadValue),
    /// A section, or something else, already has the folder's name.
    #[error("{}: already exists; a new section never overwrites one", path.display())]
    Exists { path: PathBuf },
    /// A section file that does not read, or says something impossible.
    #[error("{}: {why}", path.display())]
    Invalid { path: PathBuf, why: String },
    /// A file could not be read or written.
    #[error(transparent)]
    File(#[from] FileError),
    /// A game file could not be written or read.
    #[error(transparent)]
    Game(#[from] GameError),
    /// A file that is not a regular one, or too large, where one was read.
    #[error(transparent)]
    Read(#[from] ReadError),
}

impl SectionError {
    /// Whether the trouble is in what the user gave (a name, a file, a
    /// setting) rather than in what the disk did.
    pub fn is_input(&self) -> bool {
        match self {
            SectionError::Name { .. }
            | SectionError::Players { .. }
            | SectionError::Value(_)
            | SectionError::Exists { .. }
            | SectionError::Invalid { .. } => true,
            SectionError::Read(ReadError::File(e)) => {
                e.source.kind() == std::io::ErrorKind::NotFound
            }
            SectionError::Read(_) => true,
            SectionError::Game(e) => matches!(
                e,
                GameError::NotFound { .. }
                    | GameError::Invalid { .. }
                    | GameError::Exists { .. }
                    | GameError::NotRegular { .. }
                    | GameError::TooLarge { .. }
            ),
            SectionError::File(_) => false,
        }
    }
}
