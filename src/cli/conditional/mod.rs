//! `dynamo conditional add|list|cancel`: a player's conditional lines,
//! given, listed and cancelled by the director (docs/director.md, "Conditional
//! moves"); by mail, the inbox reads them from a player's reply.

use std::io::{self, Write};
use std::path::Path;

use crate::cli::support::config_file;
use crate::cli::support::printer::Printer;
use crate::exit::Exit;
use anyhow::{Context, Result};
use clap::Subcommand;

mod add;
mod cancel;
mod given;
mod list;

/// A player's conditional moves: lines of play starting with the
/// opponent's next move, whose replies are recorded the moment the
/// opponent's move is.
#[derive(Subcommand, Debug)]
pub(crate) enum Command {
    Add(add::Args),
    List(list::Args),
    Cancel(cancel::Args),
}

/// Runs a conditional command. `config_path` is `--config`.
pub(crate) fn execute(
    command: Command,
    config_path: Option<&Path>,
    printer: &Printer,
) -> Result<Exit> {
    match &command {
        Command::Add(_) => printer.text_only("conditional add", "it prints the lines kept")?,
        Command::Cancel(_) => {
            printer.text_only("conditional cancel", "it prints the lines cancelled")?
        }
        Command::List(_) => {}
    }
    let config = config_file::load(config_path)?;
    let mut out = io::stdout().lock();
    let exit = match command {
        Command::Add(args) => add::execute(args, &config, printer, &mut out)?,
        Command::List(args) => list::execute(args, &config, printer, &mut out)?,
        Command::Cancel(args) => cancel::execute(args, &config, printer, &mut out)?,
    };
    out.flush().context("writing to standard output")?;
    Ok(exit)
}
