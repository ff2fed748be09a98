//! The `[mail]` table of the config: the SMTP server, the sender, how long
//! a session may take and when reminders go out. The mail layer owns these
//! settings; the config file only reads them.
//!
//! The table is where a password would be written by mistake, so a TOML
//! error inside it is described without the line it is on
//! ([`describe_toml_error`]).

use std::path::PathBuf;
use std::time::Duration;

use serde::{Deserialize, Deserializer};

use crate::durable::Flush;
use crate::game::Language;
use dynamo_net::{Security, timeout_value};

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
    /// Where players' replies go (the `Reply-To` header); `from` when
    /// absent.
    #[serde(default)]
    pub reply_to: Option<String>,
    /// Where notices wait when they cannot be sent.
    #[serde(default = "default_outbox")]
    pub outbox: PathBuf,
    /// The longest one SMTP session may take, connecting to the server's
    /// reply to the message, in seconds (1 to 3600).
    #[serde(
        default = "default_timeout",
        deserialize_with = "timeout_value",
        rename = "timeout_seconds"
    )]
    pub timeout: Duration,
    /// How many days before a deadline `dynamo remind` mails the player to
    /// move, e.g. `[7, 2]`; none by default.
    #[serde(default, deserialize_with = "remind_value")]
    pub remind_days: Vec<u32>,
    /// The NAME of the environment variable that holds the secret of the
    /// reply tokens; without it, a key file beside the config holds one
    /// (see [`super::secret`]). The secret itself is never in a file of
    /// the config.
    #[serde(default)]
    pub secret_env: Option<String>,
    /// Whether the `Reply-To` of a notice carries the reply token as a
    /// sub-address (`moves+TOKEN@example.org`): only for a mail server
    /// that delivers sub-addresses, or replies would bounce.
    #[serde(default)]
    pub reply_subaddress: bool,
    /// Where `dynamo inbox` keeps what it knows of the mail it read: which
    /// messages are handled, those set aside, the replies sent per sender.
    #[serde(default = "default_inbox_state")]
    pub inbox_state: PathBuf,
    /// How `dynamo inbox` makes each batch's writes durable:
    /// `filesystem` (one `syncfs` of the disk, the default) or `files`
    /// (`fsync` of each file and folder written); see [`Flush`].
    #[serde(default)]
    pub inbox_flush: Flush,
    /// The most replies `dynamo inbox` sends one address in an hour (0 to
    /// 100; default 5), so that two robots cannot answer each other for
    /// ever.
    #[serde(
        default = "default_replies_per_hour",
        deserialize_with = "replies_value"
    )]
    pub replies_per_hour: u32,
    /// The language of a new game's player whom neither the command
    /// (`--white-lang`, `--black-lang`, `--lang`) nor the players file
    /// gives one: `en` (the default), `it`, `fr`, `de` or `es`. Written
    /// into the game's header when the game is made, so a later change
    /// of this key leaves the games already made as they are.
    #[serde(default)]
    pub language: Language,
    /// The key file of the reply tokens when `secret_env` is not set:
    /// `dynamo.key` beside the config file. Not a key of the table.
    #[serde(skip, default = "default_key_file")]
    pub key_file: PathBuf,
}

impl MailConfig {
    /// The settings with only the required keys given; every other key at
    /// its default.
    pub fn new(host: &str, port: u16, security: Security, from: &str) -> MailConfig {
        MailConfig {
            host: host.to_string(),
            port,
            security,
            username: None,
            password_env: None,
            from: from.to_string(),
            reply_to: None,
            outbox: default_outbox(),
            timeout: default_timeout(),
            remind_days: Vec::new(),
            secret_env: None,
            reply_subaddress: false,
            inbox_state: default_inbox_state(),
            inbox_flush: Flush::default(),
            replies_per_hour: default_replies_per_hour(),
            language: Language::English,
            key_file: default_key_file(),
        }
    }
}

/// The key file's name, beside the config file.
pub const KEY_FILE: &str = "dynamo.key";

/// The most replies per sender and hour a config may allow.
pub const MAX_REPLIES_PER_HOUR: u32 = 100;

fn default_inbox_state() -> PathBuf {
    PathBuf::from("inbox")
}

fn default_replies_per_hour() -> u32 {
    5
}

fn default_key_file() -> PathBuf {
    PathBuf::from(KEY_FILE)
}

fn replies_value<'de, D: Deserializer<'de>>(d: D) -> Result<u32, D::Error> {
    let n = u32::deserialize(d)?;
    if n > MAX_REPLIES_PER_HOUR {
        return Err(serde::de::Error::custom(format!(
            "replies_per_hour must be from 0 to {MAX_REPLIES_PER_HOUR}, not {n}"
        )));
    }
    Ok(n)
}

fn default_outbox() -> PathBuf {
    PathBuf::from("outbox")
}

fn default_timeout() -> Duration {
    Duration::from_secs(60)
}

fn remind_value<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<u32>, D::Error> {
    let mut days = Vec::<u32>::deserialize(d)?;
    if let Some(bad) = days.iter().find(|&&n| !(1..=365).contains(&n)) {
        return Err(serde::de::Error::custom(format!(
            "remind_days: each must be a number of days from 1 to 365, not {bad}"
        )));
    }
    days.sort_unstable_by(|a, b| b.cmp(a));
    days.dedup();
    Ok(days)
}

/// A TOML error of the config file in words. An error inside one of
/// `tables` (those with login settings: the config names `mail` and
/// `inbox`), or on a key of one written with dots (`mail.…`), gives its
/// line and column and what is wrong, but never the text of the line nor
/// any quoted value: that line may hold a password. Errors elsewhere read
/// as the TOML parser wrote them.
pub fn describe_toml_error(text: &str, error: &toml::de::Error, tables: &[&str]) -> String {
    let Some(span) = error.span() else {
        return error.to_string().trim_end().to_string();
    };
    let start = span.start.min(text.len());
    let Some(table) = tables.iter().find(|t| in_table(text, start, t)) else {
        return error.to_string().trim_end().to_string();
    };
    let before = &text[..start];
    let line = before.matches('\n').count() + 1;
    let column = before
        .rsplit('\n')
        .next()
        .map_or(1, |l| l.chars().count() + 1);
    format!(
        "in [{table}], line {line}, column {column}: {} (the line is not shown: it may hold a secret)",
        without_quoted_values(error.message().trim_end())
    )
}

/// Whether byte `at` of the config text is inside the table `table` or on
/// a line whose key starts with its name.
fn in_table(text: &str, at: usize, table: &str) -> bool {
    let line_start = text[..at].rfind('\n').map_or(0, |i| i + 1);
    let this_line = text[line_start..].lines().next().unwrap_or("").trim_start();
    if this_line.starts_with(table) || this_line.trim_start_matches('[').starts_with(table) {
        return true;
    }
    let header = text[..line_start]
        .lines()
        .rev()
        .map(str::trim)
        .find(|l| l.starts_with('['));
    header.is_some_and(|h| {
        let name = h.trim_start_matches('[').trim_start();
        name.strip_prefix(table)
            .is_some_and(|rest| !rest.starts_with('_'))
    })
}

/// The message with every `"…"` and `'…'` replaced by `"…"`: serde quotes
/// the value it could not use (`invalid type: string "hunter2"`).
fn without_quoted_values(message: &str) -> String {
    let mut out = String::with_capacity(message.len());
    let mut quote = None;
    for c in message.chars() {
        match quote {
            Some(q) if c == q => {
                out.push('…');
                out.push(c);
                quote = None;
            }
            Some(_) => {}
            None if c == '"' || c == '\'' => {
                out.push(c);
                quote = Some(c);
            }
            None => out.push(c),
        }
    }
    if quote.is_some() {
        out.push('…');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, Deserialize)]
    #[allow(dead_code)]
    struct File {
        #[serde(default)]
        games_dir: Option<String>,
        #[serde(default)]
        mail: Option<MailConfig>,
    }

    fn error_of(text: &str) -> String {
        let e = toml::from_str::<File>(text).expect_err("an error");
        describe_toml_error(text, &e, &["mail"])
    }

    #[test]
    fn a_password_in_the_mail_table_is_not_echoed() {
        let text = "games_dir = \"g\"\n[mail]\nhost = \"h\"\nport = 25\nsecurity = \"none\"\n\
                    from = \"a@b.c\"\npassword = \"hunter2-secret\"\n";
        let message = error_of(text);
        assert!(!message.contains("hunter2"), "{message}");
        assert!(message.contains("line 7"), "{message}");
        assert!(message.contains("password"), "{message}");
    }

    #[test]
    fn a_value_of_the_wrong_type_is_not_echoed() {
        let text = "[mail]\nhost = \"h\"\nport = \"hunter2-secret\"\nsecurity = \"none\"\nfrom = \"a@b.c\"\n";
        let message = error_of(text);
        assert!(!message.contains("hunter2"), "{message}");
        assert!(message.contains("line 3"), "{message}");
        let dotted = "mail.password = \"hunter2-secret\"\n";
        assert!(!error_of(dotted).contains("hunter2"));
    }

    #[test]
    fn errors_elsewhere_keep_the_parsers_words() {
        let message = error_of("games_dir = 3\n");
        assert!(message.contains("games_dir"), "{message}");
    }

    #[test]
    fn timeout_and_reminders_are_checked() {
        let base = "[mail]\nhost = \"h\"\nport = 25\nsecurity = \"none\"\nfrom = \"a@b.c\"\n";
        let ok: File = toml::from_str(&format!(
            "{base}timeout_seconds = 5\nremind_days = [2, 7, 2]\n"
        ))
        .expect("valid");
        let mail = ok.mail.expect("mail");
        assert_eq!(mail.timeout, Duration::from_secs(5));
        assert_eq!(mail.remind_days, [7, 2]);
        assert!(toml::from_str::<File>(&format!("{base}timeout_seconds = 0\n")).is_err());
        assert!(toml::from_str::<File>(&format!("{base}remind_days = [0]\n")).is_err());
    }
}
