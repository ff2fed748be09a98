//! `dynamo play`.

use std::io::Write;

use anyhow::Result;

use super::read;
use crate::cli::support::args::PositionArgs;
use crate::exit::{Exit, Failure};
use dynamo::services::CatchUp;

/// Apply moves in order and print the resulting position text.
#[derive(clap::Args, Debug)]
pub(crate) struct Args {
    #[command(flatten)]
    position: PositionArgs,
    /// Moves in NOST notation (algebraic, numeric or descriptive), in
    /// order; options may come before or after them.
    #[arg(value_name = "MOVE", required = true)]
    moves: Vec<String>,
}

pub(crate) fn execute(args: Args, catch_up: &CatchUp, out: &mut impl Write) -> Result<Exit> {
    let mut pos = read::position(&args.position, catch_up)?;
    for (i, text) in args.moves.iter().enumerate() {
        let m = dynamo_core::parse_move(&pos, text).map_err(|e| {
            // The move's text is already in the prefix.
            let why = e.why();
            Failure::new(
                Exit::Rejected,
                format!("move {} ({}): {why}", i + 1, dynamo_core::clipped(text)),
            )
        })?;
        pos = pos
            .play(&m)
            .map_err(|e| Failure::new(Exit::Rejected, format!("move {}: {e}", i + 1)))?;
    }
    writeln!(out, "{}", pos.to_fen())?;
    Ok(Exit::Ok)
}
