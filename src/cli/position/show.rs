//! `dynamo show`.

use std::io::Write;
use std::path::PathBuf;

use anyhow::{Context, Result};
use dynamo::diagram;

use crate::cli::args::{PositionArgs, QuietArgs, charset};
use crate::exit::{Exit, Failure};

/// Show the board, the side to move, castling rights and status.
#[derive(clap::Args, Debug)]
pub(crate) struct Args {
    #[command(flatten)]
    position: PositionArgs,
    /// Letters and dots instead of chess symbols.
    #[arg(long)]
    ascii: bool,
    /// Also write the board as a PNG picture (the one mailed to players).
    #[arg(long, value_name = "FILE")]
    png: Option<PathBuf>,
    /// The picture's size in pixels a side.
    #[arg(long, value_name = "PX", default_value_t = dynamo::render::BOARD_PX, requires = "png")]
    size: u32,
    #[command(flatten)]
    quiet: QuietArgs,
}

pub(crate) fn execute(args: Args, out: &mut impl Write) -> Result<Exit> {
    let pos = args.position.position()?;
    if let Some(path) = &args.png {
        let picture = dynamo::render::png(&pos, args.size)
            .map_err(|e| Failure::new(Exit::Usage, format!("--png: {e}")))?;
        std::fs::write(path, picture).with_context(|| format!("writing {}", path.display()))?;
    }
    let mut out = args.quiet.out(out);
    write!(out, "{}", diagram::board(&pos, charset(args.ascii)))?;
    writeln!(out)?;
    writeln!(out, "{} to move", pos.turn().title())?;
    writeln!(out, "Castling: {}", diagram::castling_summary(&pos))?;
    writeln!(out, "Status: {}", pos.status())?;
    writeln!(out, "Rules: {}", pos.rules())?;
    writeln!(out, "FEN: {}", pos.to_fen())?;
    Ok(Exit::Ok)
}
