//! `dynamo perft`.

use std::fmt;
use std::io::Write;

use anyhow::Result;
use dynamo_core::{divide, perft};

use super::read;
use crate::cli::support::args::PositionArgs;
use crate::cli::support::printer::{Printer, Report};
use crate::exit::Exit;
use dynamo::services::CatchUp;
use serde::Serialize;

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

pub(crate) fn execute(
    args: Args,
    catch_up: &CatchUp,
    printer: &Printer,
    out: &mut impl Write,
) -> Result<Exit> {
    let pos = read::position(&args.position, catch_up)?;
    // At depth 0 there is no root move to list, only the one empty
    // sequence.
    let counted = if !args.divide || args.depth == 0 {
        Counted {
            depth: args.depth,
            nodes: perft(&pos, args.depth),
            divide: None,
        }
    } else {
        let rows: Vec<Divided> = divide(&pos, args.depth)
            .into_iter()
            .map(|(m, nodes)| Divided {
                r#move: m.to_string(),
                nodes,
            })
            .collect();
        Counted {
            depth: args.depth,
            nodes: rows.iter().map(|r| r.nodes).sum(),
            divide: Some(rows),
        }
    };
    printer.out(&counted, out)?;
    Ok(Exit::Ok)
}

/// The count of move sequences: the number alone, or under `--divide` a
/// line a first move, a blank line and the total; as JSON `{depth,
/// divide, nodes}`, `divide` (each `{move, nodes}`) only under
/// `--divide`.
#[derive(Serialize)]
struct Counted {
    depth: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    divide: Option<Vec<Divided>>,
    nodes: u64,
}

/// One first move and the sequences under it.
#[derive(Serialize)]
struct Divided {
    r#move: String,
    nodes: u64,
}

impl fmt::Display for Counted {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(rows) = &self.divide {
            for row in rows {
                writeln!(f, "{} {}", row.r#move, row.nodes)?;
            }
            writeln!(f)?;
        }
        writeln!(f, "{}", self.nodes)
    }
}

impl Report for Counted {
    const ONE_LINE: bool = true;
}
