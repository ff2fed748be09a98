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
    Tls(TlsFault),
}

/// Why TLS failed, in the kinds a person can act on; each client says
/// it with the setting that fixes it ([`TlsFault::explain`]), never in
/// the TLS library's debug text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TlsFault {
    /// No authority this machine trusts signed the certificate (an
    /// unknown issuer, a bad or unsupported signature).
    Untrusted,
    /// The certificate is for another name.
    WrongName,
    /// The certificate has expired.
    Expired,
    /// The certificate is not valid yet.
    NotYetValid,
    /// The certificate was revoked.
    Revoked,
    /// What came back is not TLS: a plain-text port, or another protocol.
    NotTls,
    /// The server ended the handshake with this alert.
    Refused(String),
    /// Anything else, in the TLS library's words.
    Other(String),
}

impl TlsFault {
    /// The kind of `e`.
    pub(crate) fn of(e: &rustls::Error) -> TlsFault {
        use rustls::CertificateError as C;
        match e {
            rustls::Error::InvalidCertificate(c) => match c {
                C::NotValidForName | C::NotValidForNameContext { .. } => TlsFault::WrongName,
                C::Expired | C::ExpiredContext { .. } => TlsFault::Expired,
                C::NotValidYet | C::NotValidYetContext { .. } => TlsFault::NotYetValid,
                C::Revoked => TlsFault::Revoked,
                C::UnknownIssuer
                | C::BadSignature
                | C::UnsupportedSignatureAlgorithmContext { .. }
                | C::UnsupportedSignatureAlgorithmForPublicKeyContext { .. }
                | C::BadEncoding
                | C::InvalidPurpose
                | C::InvalidPurposeContext { .. } => TlsFault::Untrusted,
                other => TlsFault::Other(format!("the server's certificate: {other}")),
            },
            rustls::Error::InvalidMessage(_) | rustls::Error::InappropriateMessage { .. } => {
                TlsFault::NotTls
            }
            rustls::Error::AlertReceived(alert) => TlsFault::Refused(format!("{alert:?}")),
            other => TlsFault::Other(other.to_string()),
        }
    }

    /// The fault in words with what fixes it: `ca_env` names the variable
    /// of trusted authorities, `table` the config's table (`[mail]`).
    pub fn explain(&self, ca_env: &str, table: &str) -> String {
        match self {
            TlsFault::Untrusted => format!(
                "the server's certificate is not trusted (no authority this machine trusts \
                 signed it); if it is signed by an authority of your own, set {ca_env} to \
                 that authority's certificate (a PEM file)"
            ),
            TlsFault::WrongName => format!(
                "the server's certificate is for another name; set host in {table} to the \
                 name on the certificate"
            ),
            TlsFault::Expired => "the server's certificate has expired (or this machine's \
                 clock is wrong); its administrator must renew it"
                .to_string(),
            TlsFault::NotYetValid => "the server's certificate is not valid yet; check this \
                 machine's clock"
                .to_string(),
            TlsFault::Revoked => "the server's certificate was revoked".to_string(),
            TlsFault::NotTls => format!(
                "the server does not speak TLS there; check security and port in {table} \
                 (\"tls\" is a port of TLS from the first byte, \"starttls\" a plain port)"
            ),
            TlsFault::Refused(alert) => format!(
                "the server refused the secure connection (TLS alert {alert}); check \
                 security and port in {table}"
            ),
            TlsFault::Other(detail) => detail.clone(),
        }
    }
}

/// The fault in words, without the settings (see [`TlsFault::explain`]).
impl std::fmt::Display for TlsFault {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.explain("the trusted authorities' variable", "the config"))
    }
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
