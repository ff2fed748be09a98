//! `dynamo history FILE`.

use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::Result;
use dynamo::game::clock::format_time;

use crate::cli::support::{config_file, store};
use crate::exit::{Exit, Failure};

/// List a game's events as the club's record on git holds them, oldest
/// first: the time committed, the director, the event, the commit.
#[derive(clap::Args, Debug)]
pub(crate) struct Args {
    /// The game file, in the games folder.
    file: PathBuf,
}

pub(crate) fn execute(args: Args, path: Option<&Path>, out: &mut impl Write) -> Result<Exit> {
    let config = config_file::load(path)?;
    let Some(archive) = config.archive(store::lock_wait()?) else {
        return Err(Failure::new(
            Exit::Usage,
            "the archive is off: `dynamo history` reads the record on git ([archive] git = true)",
        )
        .into());
    };
    let Some(rel) = archive.relative(&args.file) else {
        return Err(Failure::new(
            Exit::Usage,
            format!(
                "{}: not in the games folder {}, so not in the archive",
                args.file.display(),
                config.games_dir.display()
            ),
        )
        .into());
    };
    let entries = archive
        .history(&rel)
        .map_err(|e| Failure::new(Exit::Io, e.to_string()))?;
    for e in entries {
        writeln!(
            out,
            "{}  {}  {}  {}",
            format_time(e.at),
            e.director,
            e.event,
            e.commit
        )?;
    }
    Ok(Exit::Ok)
}
