//! Why a connection failed, in the few kinds its callers tell apart: the
//! SMTP client and the IMAP client each turn it into their own error,
//! naming the server and the stage.

use std::io;

/// Why the connection failed.
#[derive(Debug, thiserror::Error)]
pub(crate) enum WireError {
    /// The deadline passed.
    #[error("timed out")]
    Timeout,
    /// The server closed the connection.
    #[error("the server closed the connection")]
    Closed,
    /// The system said no.
    #[error("{0}")]
    Io(io::Error),
    /// TLS failed (handshake, certificate, or a broken record).
    #[error("{0}")]
    Tls(String),
}

/// A socket's error in these kinds: a socket timeout is the deadline's
/// (the timeout is always the time left), an early end is a close.
pub(super) fn io_error(e: io::Error) -> WireError {
    match e.kind() {
        io::ErrorKind::WouldBlock | io::ErrorKind::TimedOut => WireError::Timeout,
        io::ErrorKind::UnexpectedEof => WireError::Closed,
        _ => WireError::Io(e),
    }
}
