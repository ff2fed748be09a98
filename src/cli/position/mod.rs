//! The commands that read one position, given as FEN or by a game file.

use std::io::{self, Write};

use anyhow::{Context, Result};
use clap::Subcommand;

use crate::exit::Exit;

mod analyse;
mod legal;
mod perft;
mod play;
mod progress;
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

pub(crate) fn execute(command: Command) -> Result<Exit> {
    let mut out = io::stdout().lock();
    let exit = match command {
        Command::Legal(args) => legal::execute(args, &mut out)?,
        Command::Perft(args) => perft::execute(args, &mut out)?,
        Command::Play(args) => play::execute(args, &mut out)?,
        Command::Status(args) => status::execute(args, &mut out)?,
        Command::Show(args) => show::execute(args, &mut out)?,
        Command::Solve(args) => solve::execute(args, &mut out)?,
        Command::Analyse(args) => analyse::execute(args, &mut out)?,
    };
    out.flush().context("writing to standard output")?;
    Ok(exit)
}
