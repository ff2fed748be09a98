//! The commands that read one position, given as FEN or by a game file.

use std::io::{self, Write};

use anyhow::{Context, Result};
use clap::Subcommand;

use crate::cli::support::printer::Printer;
use crate::exit::Exit;
use dynamo::services::CatchUp;

mod analyse;
mod legal;
mod perft;
mod play;
mod progress;
mod read;
mod show;
mod solve;
mod status;

#[derive(Subcommand, Debug)]
pub(crate) enum Command {
    Legal(legal::Args),
    Perft(perft::Args),
    Play(play::Args),
    Status(status::Args),
    Show(show::Args),
    Solve(solve::Args),
    Analyse(analyse::Args),
}

/// Runs a position command; `catch_up` plays the reply owed in a game
/// file given by `--game`.
pub(crate) fn execute(command: Command, catch_up: &CatchUp, printer: &Printer) -> Result<Exit> {
    if let Command::Legal(_) = command {
        printer.text_only("legal", "it prints the moves a line each, in words")?;
    }
    let mut out = io::stdout().lock();
    let exit = match command {
        Command::Legal(args) => legal::execute(args, catch_up, printer, &mut out)?,
        Command::Perft(args) => perft::execute(args, catch_up, printer, &mut out)?,
        Command::Play(args) => play::execute(args, catch_up, printer, &mut out)?,
        Command::Status(args) => status::execute(args, catch_up, printer, &mut out)?,
        Command::Show(args) => show::execute(args, catch_up, printer, &mut out)?,
        Command::Solve(args) => solve::execute(args, catch_up, printer, &mut out)?,
        Command::Analyse(args) => analyse::execute(args, catch_up, printer, &mut out)?,
    };
    out.flush().context("writing to standard output")?;
    Ok(exit)
}
