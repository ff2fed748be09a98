//! `dynamo show`.

use std::io::Write;
use std::path::PathBuf;

use anyhow::{Context, Result};
use chrono::Utc;
use dynamo::diagram;

use crate::cli::args::{PositionArgs, QuietArgs, charset};
use crate::cli::store;
use crate::exit::{Exit, Failure};

/// Show the board, the side to move (with a game's clock), castling rights and status.
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
    // A game's clock is shown with whose move it is, as `games` and `move`
    // show it: a clock over its limit reads as overdue, never as time left.
    let (pos, clock) = match args.position.game_file() {
        Some(path) => {
            let game = store::load(path)?;
            let clock = game.clock_line(Utc::now());
            (game.position().clone(), clock)
        }
        None => (args.position.position()?, None),
    };
    if let Some(path) = &args.png {
        let picture = dynamo::render::png(&pos, args.size)
            .map_err(|e| Failure::new(Exit::Usage, format!("--png: {e}")))?;
        std::fs::write(path, picture).with_context(|| format!("writing {}", path.display()))?;
    }
    let mut out = args.quiet.out(out);
    write!(out, "{}", diagram::board(&pos, charset(args.ascii)))?;
    writeln!(out)?;
    match clock {
        Some(line) => writeln!(out, "{line}")?,
        None => writeln!(out, "{} to move", pos.turn().title())?,
    }
    writeln!(out, "Castling: {}", diagram::castling_summary(&pos))?;
    writeln!(out, "Status: {}", pos.status())?;
    writeln!(out, "Rules: {}", pos.rules().described())?;
    writeln!(out, "FEN: {}", pos.to_fen())?;
    Ok(Exit::Ok)
}
