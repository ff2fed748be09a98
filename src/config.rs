//! Settings from `dynamo.toml` (see `config.example.toml`).
//!
//! Looked up in this order, as other tools do: `--config FILE`, the file
//! named by `$DYNAMO_CONFIG`, `dynamo.toml` in the current folder, the
//! per-user `$XDG_CONFIG_HOME/dynamo/config.toml` (else
//! `~/.config/dynamo/config.toml`), else built-in defaults: the tool works
//! with no config at all. Relative paths in a file are taken from that
//! file's folder, so a config means the same wherever `dynamo` runs.

use std::fmt;
use std::path::{Path, PathBuf};
use std::time::Duration;

use dynamo_core::Rules;
use serde::{Deserialize, Deserializer};

use crate::archive::Archive;
pub use crate::archive::ArchiveConfig;
use crate::game::{Language, TimeControl};
pub use crate::inbox::inbox_config::InboxConfig;
pub use crate::mail::mail_config::MailConfig;
use crate::recorder::RecorderSettings;
use crate::recorder::conditional::Store;
pub use crate::site::SiteConfig;
use crate::site::{Apart, Kept, SiteDir, SiteError};
pub use dynamo_net::host::{host_and_port, reachable};
pub use dynamo_net::{Security, is_plausible_variable_name};

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
    /// The days of leave each player may take in a calendar year (`dynamo
    /// leave`), counted once per day across their games; 0 to 366.
    #[serde(deserialize_with = "leave_days_value")]
    pub leave_days_per_year: u32,
    /// Where players' conditional lines are kept, one file per game and
    /// player (docs/players.md, "Conditional moves").
    pub conditional_dir: PathBuf,
    /// Outgoing mail; `None` when the config has no `[mail]` table.
    pub mail: Option<MailConfig>,
    /// The IMAP mailbox of players' replies; `None` when the config has
    /// no `[inbox]` table.
    pub inbox: Option<InboxConfig>,
    /// The web pages; `None` when the config has no `[site]` table.
    pub site: Option<SiteConfig>,
    /// The club's record on git; `None` when the config has no
    /// `[archive]` table (no archive).
    pub archive: Option<ArchiveConfig>,
    /// The file these settings were read from; `None` for the defaults
    /// and for text parsed alone. Not a key of the file.
    #[serde(skip)]
    pub file: Option<PathBuf>,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            games_dir: PathBuf::from("games"),
            default_rules: Rules::NOST,
            default_time_control: TimeControl::None,
            require_identity: false,
            mail_after_move: false,
            leave_days_per_year: DEFAULT_LEAVE_DAYS,
            conditional_dir: PathBuf::from("conditional"),
            mail: None,
            inbox: None,
            site: None,
            archive: None,
            file: None,
        }
    }
}

impl Config {
    /// The language of a new game's player whom neither the command nor
    /// the players file gives one: `[mail] language`, English without it.
    pub fn default_language(&self) -> Language {
        self.mail.as_ref().map(|m| m.language).unwrap_or_default()
    }

    /// The recorder's settings for a run that waits `lock_wait` for a
    /// game's lock: `require_identity` and the players' conditional lines
    /// (`conditional_dir`), as every command that records uses them.
    pub fn recorder(&self, lock_wait: Duration) -> RecorderSettings {
        RecorderSettings {
            lock_wait,
            require_identity: self.require_identity,
            conditionals: Some(Store::new(&self.conditional_dir)),
            archive: self.archive(lock_wait),
        }
    }

    /// The archive in the games folder, with `[archive] git = true`; its
    /// lock waited for at most `lock_wait`.
    pub fn archive(&self, lock_wait: Duration) -> Option<Archive> {
        let table = self.archive.as_ref().filter(|a| a.git)?;
        Some(Archive::new(
            &self.games_dir,
            table.author.as_deref(),
            lock_wait,
        ))
    }

    /// The private state the archive must never take, wherever the config
    /// puts it: the conditional lines, the outbox, the inbox's state, the
    /// key, the config itself.
    pub fn private_paths(&self) -> Vec<PathBuf> {
        let mut paths = vec![self.conditional_dir.clone()];
        if let Some(mail) = &self.mail {
            paths.extend([
                mail.outbox.clone(),
                mail.inbox_state.clone(),
                mail.key_file.clone(),
            ]);
        }
        paths.extend(self.file.clone());
        paths
    }
}

/// The yearly leave of ICCF's rules, at their lower end.
pub const DEFAULT_LEAVE_DAYS: u32 = 30;

/// More than every day of a year would be no limit at all: a typing
/// slip, most likely.
fn leave_days_value<'de, D: Deserializer<'de>>(d: D) -> Result<u32, D::Error> {
    let days = i64::deserialize(d)?;
    u32::try_from(days)
        .ok()
        .filter(|&n| n <= 366)
        .ok_or_else(|| {
            serde::de::Error::custom(format!(
                "leave_days_per_year must be from 0 to 366, not {days}"
            ))
        })
}

/// Reads a value with its type's own parser, so that a bad value is
/// reported when the config is read, at its key and line.
fn parsed<'de, D, T>(d: D, key: &str) -> Result<T, D::Error>
where
    D: Deserializer<'de>,
    T: std::str::FromStr<Err: fmt::Display>,
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
    /// The path names neither a regular file nor the null device: a
    /// FIFO (whose reading may wait for ever), a socket, a folder or
    /// another device. Refused unread.
    #[error(
        "config file {path}: a {kind}, not a regular file: give a config file, or /dev/null \
         for the built-in defaults"
    )]
    NotAFile {
        /// The config path.
        path: PathBuf,
        /// What it is instead: `FIFO`, `folder`, …
        kind: &'static str,
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

/// Where the configuration was found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ConfigSource {
    /// `--config FILE`.
    Flag(PathBuf),
    /// The file named by `$DYNAMO_CONFIG`.
    Env(PathBuf),
    /// `dynamo.toml` in the current folder.
    Local(PathBuf),
    /// The per-user file.
    User(PathBuf),
    /// No file: the built-in defaults.
    Defaults,
}

impl ConfigSource {
    /// The file, unless the defaults are in use.
    pub fn path(&self) -> Option<&Path> {
        match self {
            ConfigSource::Flag(p)
            | ConfigSource::Env(p)
            | ConfigSource::Local(p)
            | ConfigSource::User(p) => Some(p),
            ConfigSource::Defaults => None,
        }
    }
}

impl fmt::Display for ConfigSource {
    /// `dynamo.toml (in the current folder)`, or `none (built-in defaults)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (path, why) = match self {
            ConfigSource::Flag(p) => (p, "from --config"),
            ConfigSource::Env(p) => (p, "from $DYNAMO_CONFIG"),
            ConfigSource::Local(p) => (p, "in the current folder"),
            ConfigSource::User(p) => (p, "the per-user config"),
            ConfigSource::Defaults => return f.write_str("none (built-in defaults)"),
        };
        write!(f, "{} ({why})", path.display())
    }
}

/// What the environment says about where a config may be: the variables
/// read once, so that the lookup itself is a plain function.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Places {
    /// `$DYNAMO_CONFIG`, when set and not empty.
    pub dynamo_config: Option<PathBuf>,
    /// `$XDG_CONFIG_HOME`, when set to an absolute path (the XDG rule:
    /// a relative one is ignored).
    pub xdg_config_home: Option<PathBuf>,
    /// `$HOME`, when set and not empty.
    pub home: Option<PathBuf>,
}

impl Places {
    /// Reads the variables of this process.
    pub fn from_env() -> Places {
        let var = |name: &str| {
            std::env::var_os(name)
                .filter(|v| !v.is_empty())
                .map(PathBuf::from)
        };
        Places {
            dynamo_config: var("DYNAMO_CONFIG"),
            xdg_config_home: var("XDG_CONFIG_HOME").filter(|p| p.is_absolute()),
            home: var("HOME"),
        }
    }

    /// `$XDG_CONFIG_HOME/dynamo/config.toml`, else
    /// `$HOME/.config/dynamo/config.toml`.
    pub fn user_file(&self) -> Option<PathBuf> {
        let base = match (&self.xdg_config_home, &self.home) {
            (Some(xdg), _) => xdg.clone(),
            (None, Some(home)) => home.join(".config"),
            (None, None) => return None,
        };
        Some(base.join("dynamo").join("config.toml"))
    }
}

impl ConfigSource {
    /// The first of: `explicit` (`--config`), `$DYNAMO_CONFIG`, an existing
    /// `dynamo.toml` in `cwd`, an existing per-user file, the defaults.
    /// The first two need not exist: reading them says so.
    pub fn find(explicit: Option<&Path>, cwd: &Path, places: &Places) -> ConfigSource {
        if let Some(path) = explicit {
            return ConfigSource::Flag(path.to_path_buf());
        }
        if let Some(path) = &places.dynamo_config {
            return ConfigSource::Env(path.clone());
        }
        let local = cwd.join("dynamo.toml");
        if local.is_file() {
            return ConfigSource::Local(local);
        }
        match places.user_file() {
            Some(user) if user.is_file() => ConfigSource::User(user),
            _ => ConfigSource::Defaults,
        }
    }
}

/// A config and the file it came from.
#[derive(Debug, Clone, PartialEq)]
pub struct Loaded {
    /// The settings, relative paths already taken from the file's folder.
    pub config: Config,
    /// Where they came from.
    pub source: ConfigSource,
}

impl Config {
    /// Finds the configuration (see [`ConfigSource::find`]) and reads it.
    pub fn load(explicit: Option<&Path>, cwd: &Path) -> Result<Config, ConfigError> {
        Ok(Config::locate(explicit, cwd, &Places::from_env())?.config)
    }

    /// Finds the configuration among `places` and reads it, saying which
    /// file it came from.
    pub fn locate(
        explicit: Option<&Path>,
        cwd: &Path,
        places: &Places,
    ) -> Result<Loaded, ConfigError> {
        let source = ConfigSource::find(explicit, cwd, places);
        let config = match source.path() {
            Some(path) => Config::read(path, cwd)?,
            None => Config::default(),
        };
        Ok(Loaded { config, source })
    }

    /// Reads the file at `path`; its relative paths are made relative to
    /// its folder. A file in `cwd` keeps them as written, so that what
    /// `dynamo` prints stays short. The null device (`--config
    /// /dev/null`, the usual "no config") is the built-in defaults, their
    /// relative paths taken from `cwd`: it has no folder of its own, and
    /// `/dev` is no place for games. Anything else that is not a regular
    /// file is refused unread (see [`ConfigError::NotAFile`]).
    pub fn read(path: &Path, cwd: &Path) -> Result<Config, ConfigError> {
        let read_error = |source| ConfigError::Read {
            path: path.to_path_buf(),
            source,
        };
        let meta = std::fs::metadata(path).map_err(read_error)?;
        if !meta.is_file() {
            return match special_kind(&meta) {
                None => Ok(Config::default()),
                Some(kind) => Err(ConfigError::NotAFile {
                    path: path.to_path_buf(),
                    kind,
                }),
            };
        }
        let text = std::fs::read_to_string(path).map_err(|source| ConfigError::Read {
            path: path.to_path_buf(),
            source,
        })?;
        let mut config = Config::parse(&text).map_err(|message| ConfigError::Parse {
            path: path.to_path_buf(),
            message,
        })?;
        let folder = path.parent().unwrap_or(Path::new(""));
        if folder != cwd {
            config.rebase(folder);
        }
        config.file = Some(path.to_path_buf());
        Ok(config)
    }

    /// `dir` as the folder of the web pages, if it stands apart from the
    /// club's files: the one table of what it must keep apart from (see
    /// [`SiteDir::new`]). The site folder may not be, hold or lie inside
    /// the config's folder, whose files a web server must never reach;
    /// the config and key files it may not be or hold.
    pub fn site_dir(&self, dir: &Path) -> Result<SiteDir, SiteError> {
        let mut kept = vec![Kept::new(
            "conditional-lines folder",
            &self.conditional_dir,
            Apart::Wholly,
        )];
        if let Some(mail) = &self.mail {
            kept.push(Kept::new("outbox", &mail.outbox, Apart::Wholly));
            kept.push(Kept::new(
                "inbox state folder",
                &mail.inbox_state,
                Apart::Wholly,
            ));
            kept.push(Kept::new("key file", &mail.key_file, Apart::Above));
        }
        if let Some(file) = &self.file {
            // A config found in the current folder names it `.` here.
            let folder = match file.parent() {
                Some(f) if !f.as_os_str().is_empty() => f,
                _ => Path::new("."),
            };
            kept.push(Kept::new("config file", file, Apart::Above));
            kept.push(Kept::new("config's folder", folder, Apart::Wholly));
        }
        SiteDir::new(dir, &self.games_dir, &kept)
    }

    /// Takes every relative path from `folder`.
    fn rebase(&mut self, folder: &Path) {
        let from = |p: &Path| folder.join(p);
        self.games_dir = from(&self.games_dir);
        self.conditional_dir = from(&self.conditional_dir);
        if let Some(mail) = &mut self.mail {
            mail.outbox = from(&mail.outbox);
            mail.inbox_state = from(&mail.inbox_state);
            mail.key_file = from(&mail.key_file);
        }
        if let Some(dir) = self.site.as_mut().and_then(|s| s.dir.as_mut()) {
            *dir = from(dir);
        }
    }

    /// Parses config text; the error names the offending key and line.
    pub fn parse(text: &str) -> Result<Config, String> {
        // The [mail] and [inbox] tables may hold a secret written by
        // mistake: their errors never quote the line.
        toml::from_str(text).map_err(|e| {
            crate::mail::mail_config::describe_toml_error(text, &e, &["mail", "inbox"])
        })
    }
}

/// What a config path that is not a regular file is, in a refusal's
/// words; `None` for the null device, read as no config at all.
fn special_kind(meta: &std::fs::Metadata) -> Option<&'static str> {
    use std::os::unix::fs::{FileTypeExt, MetadataExt};
    let kind = meta.file_type();
    if kind.is_char_device() {
        // The null device by its device number, whatever its name.
        let null = std::fs::metadata("/dev/null")
            .is_ok_and(|n| n.file_type().is_char_device() && n.rdev() == meta.rdev());
        return (!null).then_some("character device");
    }
    Some(if kind.is_fifo() {
        "FIFO"
    } else if kind.is_socket() {
        "socket"
    } else if kind.is_dir() {
        "folder"
    } else if kind.is_block_device() {
        "block device"
    } else {
        "special file"
    })
}
