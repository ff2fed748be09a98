//! `[archive]` in `dynamo.toml`: whether the games folder is a git
//! repository with one commit per event, who commits, where it is
//! shared and when, and whose sections this machine records.

use serde::Deserialize;

/// The `[archive]` table.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct ArchiveConfig {
    /// Every recorded event a commit in the games folder's repository
    /// (`dynamo archive init` makes it).
    pub git: bool,
    /// The commits' author, `Name <address>`; `None`: git's own identity
    /// (`user.name`, `user.email`).
    pub author: Option<String>,
    /// The remote `dynamo archive sync` fetches from and pushes to.
    pub remote: String,
    /// When the archive is shared: on `dynamo archive sync` only, or
    /// around every writing command too.
    pub sync: SyncWhen,
    /// This machine's director, by address: only sections (and loose
    /// games) of this director are written here without `--force`.
    pub director: Option<String>,
}

impl Default for ArchiveConfig {
    fn default() -> ArchiveConfig {
        ArchiveConfig {
            git: false,
            author: None,
            remote: "origin".to_string(),
            sync: SyncWhen::Manual,
            director: None,
        }
    }
}

/// When the archive is shared with its remote.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum SyncWhen {
    /// On `dynamo archive sync` only.
    Manual,
    /// Before and after every writing command, and each `inbox` run.
    AfterEachCommand,
}

impl SyncWhen {
    /// Its name in the config.
    pub fn name(self) -> &'static str {
        match self {
            SyncWhen::Manual => "manual",
            SyncWhen::AfterEachCommand => "after-each-command",
        }
    }
}
