//! `dynamo play`.

use std::fmt;
use std::io::Write;

use anyhow::Result;
use serde::Serialize;

use super::read;
use crate::cli::support::args::PositionArgs;
use crate::cli::support::printer::{Printer, Report};
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

pub(crate) fn execute(
    args: Args,
    catch_up: &CatchUp,
    printer: &Printer,
    out: &mut impl Write,
) -> Result<Exit> {
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
    printer.out(&Played { fen: pos.to_fen() }, out)?;
    Ok(Exit::Ok)
}

/// The position after the moves: its FEN as a line, `{"fen": …}` as
/// JSON.
#[derive(Serialize)]
struct Played {
    fen: String,
}

impl fmt::Display for Played {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{}", self.fen)
    }
}

impl Report for Played {
    const ONE_LINE: bool = true;
}
