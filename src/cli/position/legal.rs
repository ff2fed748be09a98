//! `dynamo legal`.

use std::fmt;
use std::io::Write;

use anyhow::Result;
use dynamo_core::notation;

use super::read;
use crate::cli::support::args::PositionArgs;
use crate::cli::support::printer::Printer;
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

pub(crate) fn execute(
    args: Args,
    catch_up: &CatchUp,
    printer: &Printer,
    out: &mut impl Write,
) -> Result<Exit> {
    let pos = read::position_in_play(&args.position, catch_up)?;
    let moves = pos.legal_moves();
    if args.count {
        let listed = Listed {
            count: moves.len(),
            moves: None,
        };
        printer.text(&listed, out)?;
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
    let listed = Listed {
        count: lines.len(),
        moves: Some(lines),
    };
    printer.text(&listed, out)?;
    Ok(Exit::Ok)
}

/// The legal moves, sorted, a line each, or under `--count` their number
/// (no JSON: scripts read the lines).
struct Listed {
    count: usize,
    moves: Option<Vec<String>>,
}

impl fmt::Display for Listed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.moves {
            Some(moves) => {
                for m in moves {
                    writeln!(f, "{m}")?;
                }
                Ok(())
            }
            None => writeln!(f, "{}", self.count),
        }
    }
}
