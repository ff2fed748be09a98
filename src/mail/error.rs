//! What can go wrong between a game and a player's inbox.

use std::path::PathBuf;

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
    /// The server could not be reached.
    #[error("cannot connect to the mail server {server}: {detail}")]
    Connect {
        /// `host:port`.
        server: String,
        /// What the connection attempt said.
        detail: String,
    },
    /// TLS could not be set up (no STARTTLS, untrusted certificate, …).
    #[error("secure connection to the mail server {server} failed: {detail}")]
    Tls {
        /// `host:port`.
        server: String,
        /// What the TLS layer said.
        detail: String,
    },
    /// The server refused the login.
    #[error("authentication failed at {server} for user {user:?}: {detail}")]
    Auth {
        /// `host:port`.
        server: String,
        /// The login name.
        user: String,
        /// The server's reply.
        detail: String,
    },
    /// The server refused the envelope sender.
    #[error("the mail server refused the sender {address}: {detail}")]
    SenderRejected {
        /// The envelope sender.
        address: String,
        /// The server's reply.
        detail: String,
    },
    /// The server refused one of the recipients.
    #[error("the mail server refused the recipient {address}: {detail}")]
    RecipientRejected {
        /// The refused recipient.
        address: String,
        /// The server's reply.
        detail: String,
    },
    /// The server refused the message itself.
    #[error("the mail server refused the message: {detail}")]
    MessageRejected {
        /// The server's reply.
        detail: String,
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
            MailError::Config(_)
                | MailError::Connect { .. }
                | MailError::Tls { .. }
                | MailError::Auth { .. }
                | MailError::SenderRejected { .. }
                | MailError::Outbox { .. }
        )
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
