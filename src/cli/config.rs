//! The configuration, for the commands that use one.

use std::path::Path;

use anyhow::{Context, Result};
use dynamo::config::Config;

use crate::exit::{Exit, Failure};

/// Reads `--config`, else the file found from the current folder, else
/// the defaults; a config that does not parse is bad usage.
pub(crate) fn load(path: Option<&Path>) -> Result<Config> {
    let cwd = std::env::current_dir().context("finding the current folder")?;
    Config::load(path, &cwd).map_err(|e| Failure::new(Exit::Usage, e.to_string()).into())
}
