//! Round-robin sections: `tournament new` creates one in the games
//! folder, `tournament set` corrects one before play, `tournament delete`
//! sets one aside, `tournament withdraw` withdraws a player from one and
//! `tournament replace` gives a player's seat to a substitute; `standings`
//! reads the crosstable of one, several, or any game files. Each reads the configuration first.

use std::io::{self, Write};
use std::path::Path;

use anyhow::{Context, Result};
use clap::Subcommand;

use crate::cli::support::catch_up;
use crate::cli::support::config_file;
use crate::cli::support::printer::Printer;
use crate::exit::Exit;

mod crosstable;
mod delete;
mod group;
mod html;
mod new;
pub(crate) mod pending;
mod replace;
mod set;
mod standings;
mod withdraw;

#[derive(Subcommand, Debug)]
pub(crate) enum Command {
    /// Round-robin sections: `dynamo tournament new NAME --players FILE`.
    #[command(subcommand)]
    Tournament(SectionCommand),
    Standings(standings::Args),
}

/// What `dynamo tournament` does to a section.
#[derive(Subcommand, Debug)]
pub(crate) enum SectionCommand {
    New(new::Args),
    Set(set::Args),
    Delete(delete::Args),
    Withdraw(withdraw::Args),
    Replace(replace::Args),
}

/// Runs a tournament command. `config_path` is `--config`.
pub(crate) fn execute(
    command: Command,
    config_path: Option<&Path>,
    printer: &Printer,
) -> Result<Exit> {
    if let Command::Tournament(SectionCommand::New(_)) = command {
        printer.text_only("tournament new", "it prints the section's games, in words")?;
    }
    let config = config_file::load(config_path)?;
    // The commands that read a game play a reply owed in it first.
    let catch_up = catch_up::from_config(&config, printer);
    let mut out = io::stdout().lock();
    let exit = match command {
        Command::Tournament(SectionCommand::New(args)) => {
            new::execute(args, &config, printer, &mut out)?
        }
        Command::Tournament(SectionCommand::Set(args)) => {
            set::execute(args, &config, &catch_up, printer, &mut out)?
        }
        Command::Tournament(SectionCommand::Delete(args)) => {
            delete::execute(args, &config, &catch_up, printer, &mut out)?
        }
        Command::Tournament(SectionCommand::Withdraw(args)) => {
            withdraw::execute(args, &config, &catch_up, printer, &mut out)?
        }
        Command::Tournament(SectionCommand::Replace(args)) => {
            replace::execute(args, &config, &catch_up, printer, &mut out)?
        }
        Command::Standings(args) => {
            pending::warn_pending(&config.games_dir);
            standings::execute(args, &config, &catch_up, printer, &mut out)?
        }
    };
    out.flush().context("writing to standard output")?;
    Ok(exit)
}
