//! `dynamo analyse`.

use std::io::Write;

use anyhow::Result;

use super::read;
use crate::cli::support::analysis::{EngineArgs, show};
use crate::cli::support::args::PositionArgs;
use crate::cli::support::printer::Printer;
use crate::exit::Exit;
use dynamo::services::CatchUp;

/// Search the position with the engine and print, for each completed
/// depth, the best move, the score (pawns, or mate in N, from the view of
/// the side to move, which it names), the principal variation with its
/// move numbers, nodes and nodes per second.
/// Without --depth, --time or --nodes it searches to depth 6.
#[derive(clap::Args, Debug)]
pub(crate) struct Args {
    #[command(flatten)]
    position: PositionArgs,
    #[command(flatten)]
    engine: EngineArgs,
}

pub(crate) fn execute(
    args: Args,
    catch_up: &CatchUp,
    printer: &Printer,
    out: &mut impl Write,
) -> Result<Exit> {
    let pos = read::position(&args.position, catch_up)?;
    show(&pos, &args.engine, printer, out)?;
    Ok(Exit::Ok)
}
