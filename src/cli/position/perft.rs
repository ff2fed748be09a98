//! `dynamo perft`.

use std::io::Write;

use anyhow::Result;
use dynamo_core::perft;

use super::read;
use crate::cli::support::args::PositionArgs;
use crate::exit::Exit;
use dynamo::services::CatchUp;

/// Count the legal move sequences of length N from the position (perft).
#[derive(clap::Args, Debug)]
pub(crate) struct Args {
    /// The depth: how many half-moves each counted sequence has.
    depth: u32,
    #[command(flatten)]
    position: PositionArgs,
    /// List each root move with its count first.
    #[arg(long)]
    divide: bool,
}

pub(crate) fn execute(args: Args, catch_up: &CatchUp, out: &mut impl Write) -> Result<Exit> {
    let pos = read::position(&args.position, catch_up)?;
    // At depth 0 there is no root move to list, only the one empty
    // sequence.
    if !args.divide || args.depth == 0 {
        writeln!(out, "{}", perft::perft(&pos, args.depth))?;
        return Ok(Exit::Ok);
    }
    let rows = perft::divide(&pos, args.depth);
    let total: u64 = rows.iter().map(|(_, n)| n).sum();
    for (m, n) in rows {
        writeln!(out, "{m} {n}")?;
    }
    writeln!(out)?;
    writeln!(out, "{total}")?;
    Ok(Exit::Ok)
}
