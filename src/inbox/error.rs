//! What can stop the inbox from handling a message, and whether trying
//! again later can help.

use std::path::PathBuf;
use std::time::Duration;

use crate::durable::FileError;
use crate::game::GameError;
use crate::mail::MailError;

/// Why a message could not be handled; it stays waiting (or, read from a
/// pipe, is left to the mail system to deliver again).
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum InboxError {
    /// A game file could not be read, locked or written.
    #[error(transparent)]
    Game(#[from] GameError),
    /// The outbox could not take an answer or a notice, or one could not
    /// be built.
    #[error(transparent)]
    Mail(#[from] MailError),
    /// The inbox's own files could not be read or written.
    #[error("inbox state {}: {}", .0.path.display(), .0.source)]
    State(#[from] FileError),
    /// Another `dynamo inbox` kept the inbox for the whole wait.
    #[error("inbox state {}: still in use by another dynamo inbox after {} s", path.display(), waited.as_secs())]
    Busy { path: PathBuf, waited: Duration },
    /// The mailbox (a Maildir, an IMAP server) failed.
    #[error("{what}")]
    Source {
        /// What failed, in words.
        what: String,
        /// Whether trying again later may succeed (a server down, a
        /// timeout), rather than the settings being wrong.
        temporary: bool,
    },
}

impl InboxError {
    /// Whether the failure may pass by itself: a lock held by another
    /// process, a disk or server that failed. A message read from a pipe
    /// is then refused with EX_TEMPFAIL (75), so that the mail system
    /// delivers it again later.
    pub fn is_temporary(&self) -> bool {
        match self {
            InboxError::Busy { .. } | InboxError::State(_) => true,
            InboxError::Game(e) => matches!(
                e,
                GameError::Locked { .. }
                    | GameError::Io { .. }
                    | GameError::NotFound { .. }
                    | GameError::Deleting { .. }
            ),
            InboxError::Mail(e) => matches!(e, MailError::Busy { .. } | MailError::Outbox { .. }),
            InboxError::Source { temporary, .. } => *temporary,
        }
    }
}
