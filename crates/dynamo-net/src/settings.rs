//! What the `[mail]` and `[inbox]` tables say alike of their connection:
//! how it is secured, and how long one step of it may take.

use std::time::Duration;

use serde::{Deserialize, Deserializer};

/// How a connection to the SMTP server (or the IMAP server of
/// `[inbox]`) is secured.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Security {
    /// Plain connection upgraded with STARTTLS (usually port 587; IMAP
    /// 143).
    Starttls,
    /// TLS from the first byte (usually port 465; IMAP 993).
    Tls,
    /// No encryption: allowed only for a loopback host.
    None,
}

/// The longest `timeout_seconds` accepted: an hour.
pub const MAX_TIMEOUT_SECONDS: u64 = 3600;

/// `timeout_seconds`: 1 to [`MAX_TIMEOUT_SECONDS`] seconds.
pub fn timeout_value<'de, D: Deserializer<'de>>(d: D) -> Result<Duration, D::Error> {
    let seconds = u64::deserialize(d)?;
    if !(1..=MAX_TIMEOUT_SECONDS).contains(&seconds) {
        return Err(serde::de::Error::custom(format!(
            "timeout_seconds must be from 1 to {MAX_TIMEOUT_SECONDS}, not {seconds}"
        )));
    }
    Ok(Duration::from_secs(seconds))
}
