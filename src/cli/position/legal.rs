//! `dynamo legal`.

use std::io::Write;

use anyhow::Result;
use dynamo_core::notation;

use super::read;
use crate::cli::support::args::PositionArgs;
use crate::exit::Exit;
use dynamo::services::CatchUp;

/// List every legal move in canonical NOST notation, one per line, sorted.
#[derive(clap::Args, Debug)]
pub(crate) struct Args {
    #[command(flatten)]
    position: PositionArgs,
    /// Print only how many legal moves there are.
    #[arg(long)]
    count: bool,
    /// Write NOST numeric notation (4143/4246) instead.
    #[arg(long)]
    numeric: bool,
}

pub(crate) fn execute(args: Args, catch_up: &CatchUp, out: &mut impl Write) -> Result<Exit> {
    let pos = read::position_in_play(&args.position, catch_up)?;
    let moves = pos.legal_moves();
    if args.count {
        writeln!(out, "{}", moves.len())?;
        return Ok(Exit::Ok);
    }
    let mut lines: Vec<String> = moves
        .iter()
        .map(|m| {
            if args.numeric {
                notation::format_numeric(m, pos.turn())
            } else {
                notation::format(m)
            }
        })
        .collect();
    lines.sort();
    for line in lines {
        writeln!(out, "{line}")?;
    }
    Ok(Exit::Ok)
}
