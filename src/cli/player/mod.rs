//! `dynamo player`: what the director does to one player across the
//! whole games folder. Each command reads the configuration first.

use std::io::{self, Write};
use std::path::Path;

use anyhow::{Context, Result};
use clap::Subcommand;

use crate::cli::support::catch_up;
use crate::cli::support::config_file;
use crate::cli::support::printer::Printer;
use crate::exit::Exit;

pub(crate) mod set;

#[derive(Subcommand, Debug)]
pub(crate) enum Command {
    Set(set::Args),
}

/// Runs a player command. `config_path` is `--config`.
pub(crate) fn execute(
    command: Command,
    config_path: Option<&Path>,
    printer: &Printer,
) -> Result<Exit> {
    let config = config_file::load(config_path)?;
    // The games are read after the reply owed in each is played.
    let catch_up = catch_up::from_config(&config, printer);
    let mut out = io::stdout().lock();
    let exit = match command {
        Command::Set(args) => set::execute(args, &config, &catch_up, printer, &mut out)?,
    };
    out.flush().context("writing to standard output")?;
    Ok(exit)
}
