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

impl Command {
    /// The command's name when it has no JSON output (`solve` and
    /// `analyse` have one).
    fn text_only(&self) -> Option<&'static str> {
        match self {
            Command::Solve(_) | Command::Analyse(_) => None,
            Command::Legal(_) => Some("legal"),
            Command::Perft(_) => Some("perft"),
            Command::Play(_) => Some("play"),
            Command::Status(_) => Some("status"),
            Command::Show(_) => Some("show"),
        }
    }
}

/// Runs a position command; `catch_up` plays the reply owed in a game
/// file given by `--game`.
pub(crate) fn execute(command: Command, catch_up: &CatchUp, printer: &Printer) -> Result<Exit> {
    if let Some(name) = command.text_only() {
        printer.text_only(name, "it prints a position or moves, in words")?;
    }
    let mut out = io::stdout().lock();
    let exit = match command {
        Command::Legal(args) => legal::execute(args, catch_up, &mut out)?,
        Command::Perft(args) => perft::execute(args, catch_up, &mut out)?,
        Command::Play(args) => play::execute(args, catch_up, &mut out)?,
        Command::Status(args) => status::execute(args, catch_up, &mut out)?,
        Command::Show(args) => show::execute(args, catch_up, &mut out)?,
        Command::Solve(args) => solve::execute(args, catch_up, printer, &mut out)?,
        Command::Analyse(args) => analyse::execute(args, catch_up, printer, &mut out)?,
    };
    out.flush().context("writing to standard output")?;
    Ok(exit)
}
