//! What can go wrong between a game and a player's inbox.

use std::path::PathBuf;

use dynamo_net::smtp::SmtpError;
pub use dynamo_net::smtp::{Reply, Stage};

use crate::durable::FileError;
use crate::render::RenderError;

/// Why a notice could not be built, queued or delivered.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum MailError {
    /// The `[mail]` settings cannot work (or the password variable is
    /// unset).
    #[error("mail settings: {0}")]
    Config(String),
    /// An address in the game or the config is not usable.
    #[error("{who}: {address:?} is not a valid email address: {reason}")]
    Address {
        /// Whose address it is, in words.
        who: String,
        /// The address as written.
        address: String,
        /// What is wrong with it.
        reason: String,
    },
    /// Neither player has an email address.
    #[error("neither player has an email address in the game file")]
    NoRecipients,
    /// The board picture could not be drawn.
    #[error("drawing the board: {0}")]
    Render(#[from] RenderError),
    /// The MIME message or the outbox record could not be put together.
    #[error("building the message: {0}")]
    Build(String),
    /// The SMTP session failed: connecting, securing, logging in, or the
    /// server refused the envelope or the message.
    #[error(transparent)]
    Smtp(#[from] SmtpError),
    /// Another dynamo kept the outbox (or the game's recording lock) for
    /// longer than a session may take.
    #[error("outbox {}: still in use by another dynamo after {} s", path.display(), waited.as_secs())]
    Busy {
        /// The lock file.
        path: PathBuf,
        /// How long this one waited.
        waited: std::time::Duration,
    },
    /// The outbox could not be written or read.
    #[error("outbox {}: {source}", path.display())]
    Outbox {
        /// The file or folder the operation was on.
        path: PathBuf,
        /// What the system said.
        source: std::io::Error,
    },
}

impl MailError {
    /// Whether the failure is about the server or the settings as a
    /// whole (so later notices would fail the same way), rather than
    /// about one notice.
    pub fn is_server_wide(&self) -> bool {
        matches!(
            self,
            MailError::Config(_) | MailError::Outbox { .. } | MailError::Busy { .. }
        ) || matches!(self, MailError::Smtp(e) if e.is_server_wide())
    }

    /// Whether the server refused this message for good (a 5xx reply to
    /// its recipient or to the message): sending it again cannot help.
    pub fn is_permanent(&self) -> bool {
        matches!(self, MailError::Smtp(e) if e.is_permanent())
    }
}

impl From<FileError> for MailError {
    fn from(e: FileError) -> MailError {
        MailError::Outbox {
            path: e.path,
            source: e.source,
        }
    }
}
