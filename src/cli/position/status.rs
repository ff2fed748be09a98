//! `dynamo status`.

use std::fmt;
use std::io::Write;

use anyhow::Result;
use dynamo_core::Status;
use serde::Serialize;

use super::read;
use crate::cli::support::args::PositionArgs;
use crate::cli::support::printer::{Printer, Report};
use crate::exit::Exit;
use dynamo::services::CatchUp;

/// Print one of: ongoing, check, checkmate, stalemate.
#[derive(clap::Args, Debug)]
pub(crate) struct Args {
    #[command(flatten)]
    position: PositionArgs,
}

pub(crate) fn execute(
    args: Args,
    catch_up: &CatchUp,
    printer: &Printer,
    out: &mut impl Write,
) -> Result<Exit> {
    let pos = read::position(&args.position, catch_up)?;
    let status = pos.status();
    printer.out(&Stated { status }, out)?;
    Ok(Exit::Ok)
}

/// The position's state: `checkmate` as a line, `{"status": "checkmate"}`
/// as JSON.
#[derive(Serialize)]
struct Stated {
    #[serde(serialize_with = "status_word")]
    status: Status,
}

/// A state as its word: `ongoing`, `check`, `checkmate`, `stalemate`.
fn status_word<S: serde::Serializer>(status: &Status, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(status.as_str())
}

impl fmt::Display for Stated {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{}", self.status)
    }
}

impl Report for Stated {
    const ONE_LINE: bool = true;
}
