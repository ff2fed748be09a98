//! The commands that work on game files. Each reads the configuration
//! first, so a config that does not parse stops every one of them.

use std::io::{self, Write};
use std::path::Path;

use anyhow::{Context, Result};
use clap::Subcommand;

use crate::cli::support::catch_up;
use crate::cli::support::config_file;
use crate::cli::support::printer::Printer;
use crate::exit::Exit;

mod adjudicate;
mod check;
mod draw;
mod export;
pub(crate) mod files;
mod games;
mod json;
mod leave;
pub(crate) mod load;
mod r#move;
mod new;
mod report;
mod resign;
mod set;
mod undo;
mod verdict;
mod verify;

#[derive(Subcommand, Debug)]
pub(crate) enum Command {
    New(new::Args),
    Move(r#move::Args),
    Check(check::Args),
    Resign(resign::Args),
    Draw(draw::Args),
    Adjudicate(adjudicate::Args),
    Undo(undo::Args),
    Set(set::Args),
    Verify(verify::Args),
    Games(games::Args),
    Export(export::Args),
    Leave(leave::Args),
}

impl Command {
    /// The command's name, and why it has no JSON output when it has
    /// none (`move`, `check` and `games` have one).
    fn text_only(&self) -> Option<(&'static str, &'static str)> {
        let what = "it prints what it recorded, in words";
        match self {
            Command::Move(_) | Command::Check(_) | Command::Games(_) => None,
            Command::New(_) => Some(("new", what)),
            Command::Resign(_) => Some(("resign", what)),
            Command::Draw(_) => Some(("draw", what)),
            Command::Adjudicate(_) => Some(("adjudicate", what)),
            Command::Undo(_) => Some(("undo", what)),
            Command::Set(_) => Some(("set", what)),
            Command::Leave(_) => Some(("leave", what)),
            Command::Verify(_) => Some(("verify", "`games --json` says each game's state")),
            Command::Export(_) => Some(("export", "`--format json` writes the game as JSON")),
        }
    }
}

/// Runs a game command. `config_path` is `--config`.
pub(crate) fn execute(
    command: Command,
    config_path: Option<&Path>,
    printer: &Printer,
) -> Result<Exit> {
    if let Some((name, why)) = command.text_only() {
        printer.text_only(name, why)?;
    }
    let config = config_file::load(config_path)?;
    // The commands that read a game play a reply owed in it first.
    let catch_up = catch_up::from_config(&config, printer);
    let mut out = io::stdout().lock();
    let exit = match command {
        Command::New(args) => new::execute(args, &config, printer, &mut out)?,
        Command::Move(args) => r#move::execute(args, &config, printer, &mut out)?,
        Command::Check(args) => check::execute(args, &config, &catch_up, printer, &mut out)?,
        Command::Resign(args) => resign::execute(args, &config, printer, &mut out)?,
        Command::Draw(args) => draw::execute(args, &config, printer, &mut out)?,
        Command::Adjudicate(args) => {
            adjudicate::execute(args, &config, &catch_up, printer, &mut out)?
        }
        Command::Undo(args) => undo::execute(args, &config, printer, &mut out)?,
        Command::Set(args) => set::execute(args, &config, printer, &mut out)?,
        Command::Verify(args) => {
            crate::cli::tournament::pending::warn_pending(&config.games_dir);
            verify::execute(args, &config, &catch_up, &mut out)?
        }
        Command::Games(args) => {
            crate::cli::tournament::pending::warn_pending(&config.games_dir);
            games::execute(args, &config, &catch_up, printer, &mut out)?
        }
        Command::Export(args) => export::execute(args, &catch_up, &mut out)?,
        Command::Leave(args) => leave::execute(args, &config, &catch_up, printer, &mut out)?,
    };
    out.flush().context("writing to standard output")?;
    Ok(exit)
}
