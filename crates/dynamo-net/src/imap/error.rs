//! What can go wrong between `dynamo` and the IMAP mailbox, and whether
//! trying again later may help ([`ImapError::is_temporary`]).
//!
//! No error ever holds the password: commands are never quoted, and the
//! server's words about a login have it blanked out in case it echoes it.

use std::fmt;

/// What the client was doing when something went wrong.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum ImapStep {
    /// Reaching the server.
    Connect,
    /// Waiting for its greeting.
    Greeting,
    /// Asking what it offers.
    Capability,
    /// Setting up TLS (implicit or after STARTTLS).
    Tls,
    /// Logging in.
    Login,
    /// Opening the mailbox.
    Select,
    /// Looking for messages not yet handled.
    Search,
    /// Reading a message.
    Fetch,
    /// Marking a message handled.
    Store,
    /// Waiting for new mail.
    Idle,
    /// Saying goodbye.
    Logout,
}

impl fmt::Display for ImapStep {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ImapStep::Connect => "connecting",
            ImapStep::Greeting => "waiting for the greeting",
            ImapStep::Capability => "asking for its capabilities",
            ImapStep::Tls => "setting up TLS",
            ImapStep::Login => "logging in",
            ImapStep::Select => "opening the mailbox",
            ImapStep::Search => "searching the mailbox",
            ImapStep::Fetch => "reading a message",
            ImapStep::Store => "marking a message handled",
            ImapStep::Idle => "waiting for new mail (IDLE)",
            ImapStep::Logout => "logging out",
        })
    }
}

/// Why the mailbox could not be read or a message marked.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ImapError {
    /// The `[inbox]` settings cannot work (or the password variable is
    /// unset, or the extra certificates cannot be read).
    #[error("inbox settings: {0}")]
    Config(String),
    /// The server could not be reached, or turned the connection away.
    #[error("cannot connect to the IMAP server {server}: {detail}")]
    Connect {
        /// `host:port`.
        server: String,
        /// What the attempt said.
        detail: String,
    },
    /// TLS failed: no STARTTLS, an untrusted certificate, a broken
    /// handshake.
    #[error("secure connection to the IMAP server {server} failed: {detail}")]
    Tls {
        /// `host:port`.
        server: String,
        /// What the TLS layer said.
        detail: String,
    },
    /// The server refused the login.
    #[error("the IMAP server {server} refused the login of {user:?}: {detail}")]
    Login {
        /// `host:port`.
        server: String,
        /// The login name.
        user: String,
        /// The server's words, the password blanked out.
        detail: String,
        /// Whether the server said it is only for now (`[UNAVAILABLE]`).
        temporary: bool,
    },
    /// The mailbox cannot serve as the inbox: missing, read-only, or
    /// unable to keep the keyword that marks a message handled.
    #[error("mailbox {mailbox:?} at the IMAP server {server}: {detail}")]
    Mailbox {
        /// `host:port`.
        server: String,
        /// The mailbox's name.
        mailbox: String,
        /// What is wrong.
        detail: String,
    },
    /// A step did not finish within `[inbox] timeout_seconds`.
    #[error(
        "the IMAP server {server} did not answer within {seconds} s (timeout_seconds) while {step}"
    )]
    Timeout {
        /// `host:port`.
        server: String,
        /// Where the client was.
        step: ImapStep,
        /// The limit.
        seconds: u64,
    },
    /// The connection broke (closed, reset, or the server said BYE).
    #[error("the connection to the IMAP server {server} broke while {step}: {detail}")]
    Broken {
        /// `host:port`.
        server: String,
        /// Where the client was.
        step: ImapStep,
        /// What happened.
        detail: String,
    },
    /// The server answered a command with NO or BAD.
    #[error("the IMAP server {server} refused {step}: {detail}")]
    Refused {
        /// `host:port`.
        server: String,
        /// The refused step.
        step: ImapStep,
        /// The server's words.
        detail: String,
        /// Whether it was a NO that may pass (not BAD, not a lasting
        /// reason such as `[NOPERM]`).
        temporary: bool,
    },
    /// The server sent what is not IMAP, or more than this client reads
    /// (a line or a literal over its limit).
    #[error(
        "the IMAP server {server} sent something this client cannot read while {step}: {detail}"
    )]
    Protocol {
        /// `host:port`.
        server: String,
        /// Where the client was.
        step: ImapStep,
        /// What was wrong with it.
        detail: String,
    },
    /// No message has this UID in the mailbox as this session knows it:
    /// expunged, never there, or come after the last
    /// [`Imap::waiting`](super::Imap::waiting).
    #[error("message UID {uid} is not in the mailbox (any more)")]
    Gone {
        /// The UID asked for.
        uid: u32,
    },
}

impl ImapError {
    /// Whether trying again later may succeed (server down, slow or
    /// busy, connection lost), as opposed to a refusal that will be the
    /// same next time (bad settings, wrong password, missing mailbox,
    /// a server this client cannot talk to).
    pub fn is_temporary(&self) -> bool {
        match self {
            ImapError::Connect { .. } | ImapError::Timeout { .. } | ImapError::Broken { .. } => {
                true
            }
            ImapError::Login { temporary, .. } | ImapError::Refused { temporary, .. } => *temporary,
            ImapError::Config(_)
            | ImapError::Tls { .. }
            | ImapError::Mailbox { .. }
            | ImapError::Protocol { .. }
            | ImapError::Gone { .. } => false,
        }
    }
}

/// The server's words made safe to show: control characters (a terminal
/// escape, say) replaced, at most 300 characters.
pub(super) fn shown(text: &str) -> String {
    const MAX: usize = 300;
    let mut out: String = text
        .chars()
        .take(MAX)
        .map(|c| if c.is_control() { '?' } else { c })
        .collect();
    if text.chars().count() > MAX {
        out.push('…');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn server_words_lose_control_characters_and_length() {
        assert_eq!(shown("fine \u{1b}[31mred"), "fine ?[31mred");
        let long = "x".repeat(1000);
        assert_eq!(shown(&long).chars().count(), 301);
    }

    #[test]
    fn only_passing_troubles_are_temporary() {
        let server = "h:1".to_string();
        assert!(
            ImapError::Broken {
                server: server.clone(),
                step: ImapStep::Idle,
                detail: String::new()
            }
            .is_temporary()
        );
        assert!(
            !ImapError::Login {
                server,
                user: "u".to_string(),
                detail: String::new(),
                temporary: false
            }
            .is_temporary()
        );
        assert!(!ImapError::Gone { uid: 1 }.is_temporary());
    }
}
