//! The commands about `dynamo` itself rather than a game: shell
//! completions, manual pages, and the configuration in use.

use std::io::{self, Write};
use std::path::Path;

use anyhow::{Context, Result};
use clap::Subcommand;

use crate::cli::support::printer::Printer;
use crate::exit::Exit;

mod completions;
mod config;
mod config_check;
mod man;

#[derive(Subcommand, Debug)]
pub(crate) enum Command {
    Completions(completions::Args),
    Man(man::Args),
    Config(config::Args),
}

/// Runs a command about `dynamo`. `cli` is the whole command line's
/// definition, which completions and manual pages describe; `config_path`
/// is `--config`.
pub(crate) fn execute(
    command: Command,
    cli: clap::Command,
    config_path: Option<&Path>,
    printer: &Printer,
) -> Result<Exit> {
    // A completion script or a manual page is a file of its own format.
    match &command {
        Command::Completions(_) => printer.text_only("completions", "it prints a shell script")?,
        Command::Man(_) => printer.text_only("man", "it prints roff")?,
        Command::Config(_) => {}
    }
    let mut out = io::stdout().lock();
    let exit = match command {
        Command::Completions(args) => completions::execute(args, cli, &mut out)?,
        Command::Man(args) => man::execute(args, cli, &mut out)?,
        Command::Config(args) => config::execute(args, config_path, printer, &mut out)?,
    };
    out.flush().context("writing to standard output")?;
    Ok(exit)
}
