//! The `[inbox]` table of the config: the IMAP mailbox where players'
//! replies arrive (`dynamo inbox --imap`). The inbox owns these settings;
//! the config file only reads them.
//!
//! As with `[mail]`, what can be checked without the environment is
//! checked when the file is read (types, ranges, unknown keys); the host,
//! the password's variable and the trusted certificates are checked when
//! a connection is made (`imap::Account::from_env`), so that a command
//! that does not read mail never fails for them.

use std::time::Duration;

use serde::{Deserialize, Deserializer};

pub use dynamo_net::imap::CA_FILE_ENV;
use dynamo_net::{Security, timeout_value};

/// The longest `idle_minutes` accepted: RFC 2177 asks a client to renew
/// its IDLE within 29 minutes, before the server may log it out.
pub const MAX_IDLE_MINUTES: u64 = 29;

/// The `[inbox]` table, with every default filled in.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(from = "Table")]
pub struct InboxConfig {
    /// The IMAP server's host name or address.
    pub host: String,
    /// Its port: by default 993 for `tls`, else 143.
    pub port: u16,
    /// How the connection is secured; `none` only for a loopback host.
    pub security: Security,
    /// The login name.
    pub username: String,
    /// The NAME of the environment variable that holds the password; the
    /// password itself is never stored in a file.
    pub password_env: String,
    /// The mailbox replies arrive in (default `INBOX`).
    pub mailbox: String,
    /// The longest one step may take (connecting, logging in, one
    /// command), in seconds (`timeout_seconds`, 1 to 3600, default 60).
    pub timeout: Duration,
    /// How long `--watch` waits in one IDLE before renewing it
    /// (`idle_minutes`, 1 to 29, default 25): shorter where a router
    /// drops quiet connections sooner.
    pub idle: Duration,
}

impl InboxConfig {
    /// The settings with only the required keys given; every other key at
    /// its default.
    pub fn new(host: &str, security: Security, username: &str, password_env: &str) -> InboxConfig {
        InboxConfig {
            host: host.to_string(),
            port: default_port(security),
            security,
            username: username.to_string(),
            password_env: password_env.to_string(),
            mailbox: default_mailbox(),
            timeout: default_timeout(),
            idle: default_idle(),
        }
    }
}

/// The table as written: exactly these keys.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Table {
    host: String,
    #[serde(default)]
    port: Option<u16>,
    security: Security,
    username: String,
    password_env: String,
    #[serde(default = "default_mailbox")]
    mailbox: String,
    #[serde(default = "default_timeout", deserialize_with = "timeout_value")]
    timeout_seconds: Duration,
    #[serde(default = "default_idle", deserialize_with = "idle_value")]
    idle_minutes: Duration,
}

impl From<Table> for InboxConfig {
    fn from(t: Table) -> InboxConfig {
        InboxConfig {
            port: t.port.unwrap_or(default_port(t.security)),
            host: t.host,
            security: t.security,
            username: t.username,
            password_env: t.password_env,
            mailbox: t.mailbox,
            timeout: t.timeout_seconds,
            idle: t.idle_minutes,
        }
    }
}

/// IMAP's own ports: 993 for TLS from the first byte, 143 for plain or
/// STARTTLS.
pub fn default_port(security: Security) -> u16 {
    match security {
        Security::Tls => 993,
        Security::Starttls | Security::None => 143,
    }
}

fn default_mailbox() -> String {
    "INBOX".to_string()
}

fn default_timeout() -> Duration {
    Duration::from_secs(60)
}

fn default_idle() -> Duration {
    Duration::from_secs(25 * 60)
}

fn idle_value<'de, D: Deserializer<'de>>(d: D) -> Result<Duration, D::Error> {
    let minutes = u64::deserialize(d)?;
    if !(1..=MAX_IDLE_MINUTES).contains(&minutes) {
        return Err(serde::de::Error::custom(format!(
            "idle_minutes must be from 1 to {MAX_IDLE_MINUTES}, not {minutes}"
        )));
    }
    Ok(Duration::from_secs(minutes * 60))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, Deserialize)]
    #[serde(deny_unknown_fields)]
    struct File {
        inbox: InboxConfig,
    }

    fn read(body: &str) -> Result<InboxConfig, String> {
        let text = format!(
            "[inbox]\nhost = \"imap.example.org\"\nusername = \"director\"\n\
             password_env = \"DYNAMO_IMAP_PASSWORD\"\n{body}"
        );
        toml::from_str::<File>(&text)
            .map(|f| f.inbox)
            .map_err(|e| e.to_string())
    }

    #[test]
    fn defaults_follow_the_security() {
        let tls = read("security = \"tls\"\n").expect("valid");
        assert_eq!(
            tls,
            InboxConfig::new(
                "imap.example.org",
                Security::Tls,
                "director",
                "DYNAMO_IMAP_PASSWORD"
            )
        );
        assert_eq!(tls.port, 993);
        assert_eq!(tls.mailbox, "INBOX");
        assert_eq!(tls.timeout, Duration::from_secs(60));
        assert_eq!(tls.idle, Duration::from_secs(25 * 60));
        assert_eq!(read("security = \"starttls\"\n").expect("valid").port, 143);
        assert_eq!(read("security = \"none\"\n").expect("valid").port, 143);
        let set = read(
            "security = \"tls\"\nport = 10993\nmailbox = \"Moves\"\ntimeout_seconds = 5\n\
             idle_minutes = 9\n",
        )
        .expect("valid");
        assert_eq!(
            (set.port, set.mailbox.as_str(), set.timeout, set.idle),
            (
                10993,
                "Moves",
                Duration::from_secs(5),
                Duration::from_secs(540)
            )
        );
    }

    #[test]
    fn unknown_keys_and_bad_values_are_named() {
        let unknown = read("security = \"tls\"\npassword = \"x\"\n").expect_err("unknown key");
        assert!(unknown.contains("password"), "{unknown}");
        for (body, named) in [
            ("security = \"ssl\"\n", "security"),
            ("security = \"tls\"\nidle_minutes = 30\n", "idle_minutes"),
            ("security = \"tls\"\nidle_minutes = 0\n", "idle_minutes"),
            (
                "security = \"tls\"\ntimeout_seconds = 0\n",
                "timeout_seconds",
            ),
            ("security = \"tls\"\nport = 70000\n", "port"),
            ("", "security"),
        ] {
            let e = read(body).expect_err(body);
            assert!(e.contains(named), "{body}: {e}");
        }
    }
}
