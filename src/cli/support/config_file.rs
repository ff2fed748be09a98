//! The configuration, for the commands that use one, and what every
//! such command does first with the archive on: the record made whole
//! (`Archive::recover`).

use std::path::Path;

use anyhow::{Context, Result};
use dynamo::archive::ArchiveError;
use dynamo::config::{Config, Loaded, Places};

use crate::cli::support::store;
use crate::exit::{Exit, Failure};

/// Reads `--config`, else the file found from the current folder and the
/// environment, else the defaults; a config that does not parse is bad
/// usage. With `[archive] git = true`, what a stopped run wrote and did
/// not commit, or a hand edited, is committed before anything else.
pub(crate) fn load(path: Option<&Path>) -> Result<Config> {
    let config = locate(path)?.config;
    recover(&config)?;
    Ok(config)
}

/// Commits what the archive lacks (see `Archive::recover`), saying so on
/// standard error; a file that does not replay is said and left.
fn recover(config: &Config) -> Result<()> {
    let Some(archive) = config.archive(store::lock_wait()?) else {
        return Ok(());
    };
    let done = archive.recover().map_err(|e| {
        let exit = match e {
            ArchiveError::NotARepository { .. } | ArchiveError::OldGit { .. } => Exit::Usage,
            _ => Exit::Io,
        };
        Failure::new(exit, e.to_string())
    })?;
    for line in done.lines() {
        eprintln!("dynamo: {line}");
    }
    Ok(())
}

/// As [`load`], saying which file it read.
pub(crate) fn locate(path: Option<&Path>) -> Result<Loaded> {
    let cwd = std::env::current_dir().context("finding the current folder")?;
    Config::locate(path, &cwd, &Places::from_env())
        .map_err(|e| Failure::new(Exit::Usage, e.to_string()).into())
}
