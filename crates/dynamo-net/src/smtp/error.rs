//! What can go wrong in an SMTP session, and where it was.

/// Why the session failed, naming the server and the stage.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum SmtpError {
    /// The settings cannot work (or the password variable is unset).
    #[error("mail settings: {0}")]
    Config(String),
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
}

impl SmtpError {
    /// Whether the failure is about the server or the settings as a
    /// whole (so later messages would fail the same way), rather than
    /// about one message.
    pub fn is_server_wide(&self) -> bool {
        !matches!(
            self,
            SmtpError::RecipientRejected { .. } | SmtpError::MessageRejected { .. }
        )
    }

    /// Whether the server refused this message for good (a 5xx reply to
    /// its recipient or to the message): sending it again cannot help.
    pub fn is_permanent(&self) -> bool {
        match self {
            SmtpError::RecipientRejected { code, .. } | SmtpError::MessageRejected { code, .. } => {
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
            .map(|l| {
                // One line: the server's control characters become spaces.
                l.split(|c: char| c.is_control() || c.is_whitespace())
                    .filter(|w| !w.is_empty())
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .filter(|l| !l.is_empty())
            .collect();
        if text.is_empty() {
            write!(f, "{}", self.code)
        } else {
            write!(f, "{} {}", self.code, text.join(" / "))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_reply_is_one_line_per_line_of_the_server() {
        let reply = Reply {
            code: 550,
            lines: vec!["5.1.1  No such\r\nuser".to_string(), String::new()],
        };
        assert_eq!(reply.to_string(), "550 5.1.1 No such user");
        let bare = Reply {
            code: 250,
            lines: vec![],
        };
        assert_eq!(bare.to_string(), "250");
    }
}
