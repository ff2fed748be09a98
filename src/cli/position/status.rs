//! `dynamo status`.

use std::io::Write;

use anyhow::Result;

use crate::cli::args::PositionArgs;
use crate::exit::Exit;

/// Print one of: ongoing, check, checkmate, stalemate.
#[derive(clap::Args, Debug)]
pub(crate) struct Args {
    #[command(flatten)]
    position: PositionArgs,
}

pub(crate) fn execute(args: Args, out: &mut impl Write) -> Result<Exit> {
    let pos = args.position.position()?;
    writeln!(out, "{}", pos.status())?;
    Ok(Exit::Ok)
}
