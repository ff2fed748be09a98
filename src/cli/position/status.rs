//! `dynamo status`.

use std::io::Write;

use anyhow::Result;

use super::read;
use crate::cli::support::args::PositionArgs;
use crate::exit::Exit;
use dynamo::services::CatchUp;

/// Print one of: ongoing, check, checkmate, stalemate.
#[derive(clap::Args, Debug)]
pub(crate) struct Args {
    #[command(flatten)]
    position: PositionArgs,
}

pub(crate) fn execute(args: Args, catch_up: &CatchUp, out: &mut impl Write) -> Result<Exit> {
    let pos = read::position(&args.position, catch_up)?;
    writeln!(out, "{}", pos.status())?;
    Ok(Exit::Ok)
}
