//! The configuration, for the commands that use one.

use std::path::Path;

use anyhow::{Context, Result};
use dynamo::config::{Config, Loaded, Places};

use crate::exit::{Exit, Failure};

/// Reads `--config`, else the file found from the current folder and the
/// environment, else the defaults; a config that does not parse is bad
/// usage.
pub(crate) fn load(path: Option<&Path>) -> Result<Config> {
    Ok(locate(path)?.config)
}

/// As [`load`], saying which file it read.
pub(crate) fn locate(path: Option<&Path>) -> Result<Loaded> {
    let cwd = std::env::current_dir().context("finding the current folder")?;
    Config::locate(path, &cwd, &Places::from_env())
        .map_err(|e| Failure::new(Exit::Usage, e.to_string()).into())
}
