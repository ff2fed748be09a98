//! `dynamo archive init`.

use std::io::Write;
use std::path::Path;

use anyhow::Result;
use dynamo::archive::Archive;

use crate::cli::support::{config_file, store};
use crate::exit::{Exit, Failure};

/// Make the games folder a git repository, the club's record: a
/// `.gitignore` for locks, temporary files and private state, and every
/// file there committed as the record's start. Each recorded event is
/// then one commit, with `[archive] git = true` in the config.
#[derive(clap::Args, Debug)]
pub(crate) struct Args {}

pub(crate) fn execute(_args: Args, path: Option<&Path>, out: &mut impl Write) -> Result<Exit> {
    // Not `load`: it would recover into the archive this makes.
    let config = config_file::locate(path)?.config;
    let table = config.archive.clone().unwrap_or_default();
    let (_, said) = Archive::init(
        &config.games_dir,
        table.author.as_deref(),
        &config.private_paths(),
        store::lock_wait()?,
    )
    .map_err(|e| Failure::new(Exit::Io, e.to_string()))?;
    for line in said {
        writeln!(out, "{line}")?;
    }
    if !table.git {
        writeln!(
            out,
            "the archive is off in the config: set `git = true` in its [archive] table to commit each event"
        )?;
    }
    Ok(Exit::Ok)
}
