//! The `[mail]` table of the config: the SMTP server and the sender. The
//! mail layer owns these settings; the config file only reads them.

use std::path::PathBuf;

use serde::Deserialize;

/// How a connection to the SMTP server is secured.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Security {
    /// Plain connection upgraded with STARTTLS (usually port 587).
    Starttls,
    /// TLS from the first byte (usually port 465).
    Tls,
    /// No encryption: allowed only for a loopback host.
    None,
}

/// The `[mail]` table: exactly these keys.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MailConfig {
    /// The SMTP server's host name or address.
    pub host: String,
    /// Its port (587 for STARTTLS, 465 for TLS, as the server says).
    pub port: u16,
    /// How the connection is secured.
    pub security: Security,
    /// Login name; no login when absent.
    #[serde(default)]
    pub username: Option<String>,
    /// The name of the environment variable that holds the password. The
    /// password itself is never stored in a file.
    #[serde(default)]
    pub password_env: Option<String>,
    /// The sender, `Name <address>` or a bare address.
    pub from: String,
    /// Where notices wait when they cannot be sent.
    #[serde(default = "default_outbox")]
    pub outbox: PathBuf,
}

fn default_outbox() -> PathBuf {
    PathBuf::from("outbox")
}
