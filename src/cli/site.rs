//! `dynamo site DIR [--check]`.

use std::io::{self, Write};
use std::path::{Path, PathBuf};

use anyhow::Result;
use dynamo::site::{self, Difference, Settings, SiteError};

use crate::cli::support::catch_up;
use crate::cli::support::config_file;
use crate::cli::support::printer::Printer;
use crate::exit::{Exit, Failure};

/// Write the club's web pages into DIR: an index, each section's
/// crosstable and rounds, every game to step through (with its PGN), each
/// player's games, and an Atom feed of results. Only files that change
/// are written, each atomically; the same games give the same bytes.
/// With --check, write nothing and list how DIR differs (exit 0: the
/// same; 1: it differs).
#[derive(clap::Args, Debug)]
pub(crate) struct Args {
    /// The folder of the pages (made if missing).
    #[arg(value_name = "DIR")]
    dir: PathBuf,
    /// Compare DIR with what would be written: each file `missing`,
    /// `changed` or `extra`, one a line; exit 1 when any differs.
    #[arg(long)]
    check: bool,
}

pub(crate) fn execute(args: Args, config_path: Option<&Path>, printer: &Printer) -> Result<Exit> {
    printer.text_only(
        "site",
        "it writes web pages and prints what changed, in words",
    )?;
    let config = config_file::load(config_path)?;
    crate::cli::tournament::pending::warn_pending(&config.games_dir);
    let games = &config.games_dir;
    let settings = Settings {
        delay_moves: config.site.as_ref().map_or(0, |s| s.delay_moves),
    };
    let catch_up = catch_up::from_config(&config, printer).read_only(args.check);
    // Before anything is read or written: a site folder over the club's
    // files would have its pages written over them.
    let site = config.site_dir(&args.dir).map_err(input)?;
    catch_up.before_reading_folder(games);
    let mut out = io::stdout().lock();
    if args.check {
        let differences = site::check(&site, &settings).map_err(input)?;
        for d in &differences {
            let (word, path) = match d {
                Difference::Missing(p) => ("missing", p),
                Difference::Changed(p) => ("changed", p),
                Difference::Extra(p) => ("extra", p),
                Difference::Link(p) => ("link", p),
            };
            writeln!(out, "{word} {path}")?;
        }
        return Ok(if differences.is_empty() {
            Exit::Ok
        } else {
            Exit::Rejected
        });
    }
    let done = site::rebuild(&site, &settings).map_err(input)?;
    writeln!(
        out,
        "{}: {} files, {} written, {} removed, {} games, {} sections, {} players",
        args.dir.display(),
        done.files,
        done.written.len(),
        done.removed.len(),
        done.games,
        done.sections,
        done.players
    )?;
    for link in &done.links {
        eprintln!(
            "warning: {}: a symbolic link: left alone, nothing written through it",
            args.dir.join(link).display()
        );
    }
    for file in &done.foreign {
        eprintln!(
            "warning: {}: not a file the site wrote: left in place",
            args.dir.join(file).display()
        );
    }
    if let Some(e) = done.cache {
        // The pages are right; only the next update is slower.
        eprintln!("warning: the pages' cache was not written: {e}");
    }
    Ok(Exit::Ok)
}

/// A games folder the pages cannot be built from is bad input; a folder
/// that cannot be read or written is an I/O failure.
fn input(e: SiteError) -> anyhow::Error {
    match e {
        SiteError::Game { .. } | SiteError::Section { .. } => Failure::new(
            Exit::Usage,
            format!("{e}\nthe pages need every game; `dynamo verify` checks them all"),
        )
        .into(),
        SiteError::NotApart { .. } => Failure::new(Exit::Usage, e.to_string()).into(),
        other => other.into(),
    }
}
