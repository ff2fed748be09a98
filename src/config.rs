//! Settings from `dynamo.toml` (see `config.example.toml`).
//!
//! Looked up in this order: `--config FILE`, `dynamo.toml` in the current
//! folder, the file named by `$DYNAMO_CONFIG`, else built-in defaults: the
//! tool works with no config at all.

use std::path::{Path, PathBuf};

use serde::Deserialize;

/// The whole configuration. Unknown keys are an error that names the key.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Config {
    /// Where game files live (for `verify` and `games` without paths).
    pub games_dir: PathBuf,
    /// The rule set of new games (docs/RULES.md §11 syntax).
    pub default_rules: String,
    /// The time control of new games: `10/50d`, `3d` or `none`.
    pub default_time_control: String,
    /// Whether `dynamo move` needs `--by` or `--from`.
    pub require_identity: bool,
    /// Whether `dynamo move` mails the new position after recording it.
    pub mail_after_move: bool,
    /// Outgoing mail; `None` when the config has no `[mail]` table.
    pub mail: Option<MailConfig>,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            games_dir: PathBuf::from("games"),
            default_rules: "nost".to_string(),
            default_time_control: "none".to_string(),
            require_identity: false,
            mail_after_move: false,
            mail: None,
        }
    }
}

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
    pub host: String,
    pub port: u16,
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

/// Why the configuration could not be loaded.
#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    #[error("config file {path}: {source}")]
    Read {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("config file {path}: {message}")]
    Parse { path: PathBuf, message: String },
}

/// Where the configuration came from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Source {
    File(PathBuf),
    Defaults,
}

impl Config {
    /// Loads the configuration: `explicit` (from `--config`) must exist;
    /// otherwise `dynamo.toml` in `cwd`, then `$DYNAMO_CONFIG`, then
    /// defaults.
    pub fn load(explicit: Option<&Path>, cwd: &Path) -> Result<(Config, Source), ConfigError> {
        let path = match explicit {
            Some(p) => Some(p.to_path_buf()),
            None => {
                let local = cwd.join("dynamo.toml");
                if local.exists() {
                    Some(local)
                } else {
                    std::env::var_os("DYNAMO_CONFIG")
                        .filter(|v| !v.is_empty())
                        .map(PathBuf::from)
                }
            }
        };
        match path {
            Some(path) => {
                let text = std::fs::read_to_string(&path).map_err(|source| ConfigError::Read {
                    path: path.clone(),
                    source,
                })?;
                let config = Config::parse(&text).map_err(|message| ConfigError::Parse {
                    path: path.clone(),
                    message,
                })?;
                Ok((config, Source::File(path)))
            }
            None => Ok((Config::default(), Source::Defaults)),
        }
    }

    /// Parses config text; the error names the offending key and line.
    pub fn parse(text: &str) -> Result<Config, String> {
        toml::from_str(text).map_err(|e| e.to_string().trim_end().to_string())
    }
}
