//! `dynamo archive`: the club's record on git (`[archive]` in the
//! config): `init` makes the games folder its repository; `history`
//! (`dynamo history FILE`, a command of its own) reads a game's commits. The work is the
//! library's (`dynamo::archive`); these files parse, call and print.

use std::io::{self, Write};
use std::path::Path;

use anyhow::{Context, Result};
use clap::Subcommand;

use crate::cli::support::printer::Printer;
use crate::exit::Exit;

pub(crate) mod history;
mod init;

/// What `dynamo archive` does.
#[derive(Subcommand, Debug)]
pub(crate) enum Command {
    Init(init::Args),
}

/// Runs an archive command. `config_path` is `--config`.
pub(crate) fn execute(
    command: Command,
    config_path: Option<&Path>,
    printer: &Printer,
) -> Result<Exit> {
    printer.text_only("archive", "it says what it did, a line each")?;
    let mut out = io::stdout().lock();
    let exit = match command {
        Command::Init(args) => init::execute(args, config_path, &mut out)?,
    };
    out.flush().context("writing to standard output")?;
    Ok(exit)
}

/// Runs `dynamo history FILE`.
pub(crate) fn history(
    args: history::Args,
    config_path: Option<&Path>,
    printer: &Printer,
) -> Result<Exit> {
    printer.text_only("history", "a line an event")?;
    let mut out = io::stdout().lock();
    let exit = history::execute(args, config_path, &mut out)?;
    out.flush().context("writing to standard output")?;
    Ok(exit)
}
