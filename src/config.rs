//! Settings from `dynamo.toml` (see `config.example.toml`).
//!
//! Looked up in this order: `--config FILE`, `dynamo.toml` in the current
//! folder, the file named by `$DYNAMO_CONFIG`, else built-in defaults: the
//! tool works with no config at all.

use std::path::{Path, PathBuf};

use dynamo_core::Rules;
use serde::{Deserialize, Deserializer};

use crate::game::TimeControl;
pub use crate::mail::config::{MailConfig, Security};

/// The whole configuration. Unknown keys are an error that names the key.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Config {
    /// Where game files live (for `verify` and `games` without paths).
    pub games_dir: PathBuf,
    /// The rule set of new games: `nost`, optionally with overrides.
    #[serde(deserialize_with = "rules_value")]
    pub default_rules: Rules,
    /// The time control of new games: `10/50d`, `3d` or `none`.
    #[serde(deserialize_with = "time_control_value")]
    pub default_time_control: TimeControl,
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
            default_rules: Rules::NOST,
            default_time_control: TimeControl::None,
            require_identity: false,
            mail_after_move: false,
            mail: None,
        }
    }
}

/// Reads a value with its type's own parser, so that a bad value is
/// reported when the config is read, at its key and line.
fn parsed<'de, D, T>(d: D, key: &str) -> Result<T, D::Error>
where
    D: Deserializer<'de>,
    T: std::str::FromStr<Err: std::fmt::Display>,
{
    let text = String::deserialize(d)?;
    text.parse()
        .map_err(|e| serde::de::Error::custom(format!("{key}: {e}")))
}

fn rules_value<'de, D: Deserializer<'de>>(d: D) -> Result<Rules, D::Error> {
    parsed(d, "default_rules")
}

fn time_control_value<'de, D: Deserializer<'de>>(d: D) -> Result<TimeControl, D::Error> {
    parsed(d, "default_time_control")
}

/// Why the configuration could not be loaded.
#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    /// The file could not be read.
    #[error("config file {path}: {source}")]
    Read {
        /// The config file.
        path: PathBuf,
        /// What the system said.
        source: std::io::Error,
    },
    /// The file is not valid TOML, has an unknown key or a bad value.
    #[error("config file {path}: {message}")]
    Parse {
        /// The config file.
        path: PathBuf,
        /// What is wrong, with the key and line.
        message: String,
    },
}

impl Config {
    /// Loads the configuration: `explicit` (from `--config`) must exist;
    /// otherwise `dynamo.toml` in `cwd`, then `$DYNAMO_CONFIG`, then
    /// defaults.
    pub fn load(explicit: Option<&Path>, cwd: &Path) -> Result<Config, ConfigError> {
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
                Ok(config)
            }
            None => Ok(Config::default()),
        }
    }

    /// Parses config text; the error names the offending key and line.
    pub fn parse(text: &str) -> Result<Config, String> {
        // The [mail] table may hold a secret written by mistake: its
        // errors never quote the line.
        toml::from_str(text).map_err(|e| crate::mail::config::describe_toml_error(text, &e))
    }
}
