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
    /// The server refused the recipient.
    #[error("the mail server refused the recipient {address}: {detail}")]
    RecipientRejected {
        /// The refused recipient.
        address: String,
        /// The reply code: 5xx is for good, 4xx for now.
        code: u16,
        /// The server's reply.
        detail: String,
    },
    /// The server refused the message itself (its reply to DATA or to the
    /// message).
    #[error("the mail server refused the message: {detail}")]
    MessageRejected {
        /// The reply code: 5xx is for good, 4xx for now.
        code: u16,
        /// The server's reply.
        detail: String,
    },
    /// The session did not finish within `[mail] timeout_seconds`.
    #[error(
        "the mail server {server} did not finish within {seconds} s (timeout_seconds): stopped while {stage}"
    )]
    Timeout {
        /// `host:port`.
        server: String,
        /// Where the session was when time ran out.
        stage: Stage,
        /// The limit.
        seconds: u64,
    },
    /// The connection failed in the middle of the session.
    #[error("the connection to the mail server {server} failed while {stage}: {detail}")]
    Broken {
        /// `host:port`.
        server: String,
        /// Where the session was.
        stage: Stage,
        /// What happened.
        detail: String,
    },
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
            MailError::Config(_)
                | MailError::Connect { .. }
                | MailError::Tls { .. }
                | MailError::Auth { .. }
                | MailError::SenderRejected { .. }
                | MailError::Outbox { .. }
                | MailError::Timeout { .. }
                | MailError::Broken { .. }
                | MailError::Busy { .. }
        )
    }

    /// Whether the server refused this message for good (a 5xx reply to
    /// its recipient or to the message): sending it again cannot help.
    pub fn is_permanent(&self) -> bool {
        match self {
            MailError::RecipientRejected { code, .. } | MailError::MessageRejected { code, .. } => {
                (500..600).contains(code)
            }
            _ => false,
        }
    }
}

/// Where an SMTP session was when it failed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Stage {
    /// Looking up the server and opening the connection.
    Connect,
    /// Waiting for the server's first words.
    Greeting,
    /// EHLO.
    Hello,
    /// The TLS handshake (STARTTLS or implicit).
    Tls,
    /// AUTH.
    Login,
    /// MAIL FROM, RCPT TO, DATA.
    Envelope,
    /// Writing the message.
    Message,
    /// Waiting for the server's reply to the message.
    Reply,
    /// QUIT, after delivery.
    Quit,
}

impl std::fmt::Display for Stage {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Stage::Connect => "connecting",
            Stage::Greeting => "waiting for the server's greeting",
            Stage::Hello => "saying hello (EHLO)",
            Stage::Tls => "securing the connection (TLS)",
            Stage::Login => "logging in",
            Stage::Envelope => "sending the envelope (sender and recipient)",
            Stage::Message => "sending the message",
            Stage::Reply => {
                "waiting for the server's reply to the message (it may or may not have \
                 been accepted; the notice stays queued)"
            }
            Stage::Quit => "saying goodbye (QUIT)",
        })
    }
}

/// A server's reply: its code and the text of each line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reply {
    /// The three-digit code.
    pub code: u16,
    /// Each line's text after the code.
    pub lines: Vec<String>,
}

impl std::fmt::Display for Reply {
    /// `550 5.1.1 No such user here`, lines joined with ` / `.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let text: Vec<String> = self
            .lines
            .iter()
            .map(|l| super::text::one_line(l))
            .filter(|l| !l.is_empty())
            .collect();
        if text.is_empty() {
            write!(f, "{}", self.code)
        } else {
            write!(f, "{} {}", self.code, text.join(" / "))
        }
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
