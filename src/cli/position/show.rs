//! `dynamo show`.

use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result};
use chrono::Utc;
use dynamo::diagram;
use dynamo::game::{Choosing, Game};
use dynamo::render::View;
use dynamo_core::{Color, Position};

use super::read;
use crate::cli::support::args::{PositionArgs, QuietArgs, Side, charset};
use crate::cli::support::failure;
use crate::exit::{Exit, Failure};
use dynamo::services::CatchUp;

/// Show the board, the side to move (with a game's clock), castling rights and status.
#[derive(clap::Args, Debug)]
pub(crate) struct Args {
    #[command(flatten)]
    position: PositionArgs,
    /// The position after this many half-moves of the game (`--game`; 0
    /// is its start) instead of its current one. A position given as
    /// `--fen` has no moves before it: give the moves to `play`.
    #[arg(long, value_name = "N")]
    ply: Option<usize>,
    /// The side at the bottom of the board, in the text and the picture.
    #[arg(long, value_enum, value_name = "SIDE", default_value_t = Side::White)]
    side: Side,
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

pub(crate) fn execute(args: Args, catch_up: &CatchUp, out: &mut impl Write) -> Result<Exit> {
    // A game's clock is shown with whose move it is, as `games` and `move`
    // show it: a clock over its limit reads as overdue, never as time left.
    // An earlier position has no clock of its own.
    // A pawn awaiting its owner's choice, or a choice made alone, is said
    // with the position (docs/RULES.md §9.1, §13.18).
    let (pos, clock, choosing) = match (args.position.game_file(), args.ply) {
        (Some(path), Some(ply)) => {
            let pos = position_at(&catch_up.load(path).map_err(failure::game)?, path, ply)?;
            let choosing = Choosing::awaited(&pos);
            (pos, None, choosing)
        }
        (Some(path), None) => {
            let game = catch_up.load(path).map_err(failure::game)?;
            let clock = game.clock_line(Utc::now());
            (game.position().clone(), clock, game.choosing())
        }
        (None, Some(_)) => {
            return Err(Failure::new(
                Exit::Usage,
                "--ply needs --game FILE: a position given as --fen has no moves before it \
                 (give the moves to `dynamo play` instead)",
            )
            .into());
        }
        (None, None) => {
            let pos = read::position(&args.position, catch_up)?;
            let choosing = Choosing::awaited(&pos);
            (pos, None, choosing)
        }
    };
    let side = Color::from(args.side);
    if let Some(path) = &args.png {
        let view = View {
            flipped: side == Color::Black,
            ..View::default()
        };
        let picture = dynamo::render::png_view(&pos, args.size, &view)
            .map_err(|e| Failure::new(Exit::Usage, format!("--png: {e}")))?;
        std::fs::write(path, picture).with_context(|| format!("writing {}", path.display()))?;
    }
    let mut out = args.quiet.out(out);
    write!(
        out,
        "{}",
        diagram::board_from(&pos, charset(args.ascii), side)
    )?;
    writeln!(out)?;
    match clock {
        Some(line) => writeln!(out, "{line}")?,
        None => writeln!(out, "{} to move", pos.turn().title())?,
    }
    writeln!(out, "Castling: {}", diagram::castling_summary(&pos))?;
    writeln!(out, "Status: {}", pos.status())?;
    if let Some(choosing) = choosing {
        writeln!(out, "Choice: {choosing}")?;
    }
    writeln!(out, "Rules: {}", pos.rules().described())?;
    writeln!(out, "FEN: {}", pos.to_fen())?;
    Ok(Exit::Ok)
}

/// The position of `game` after its first `ply` half-moves, replayed
/// from its start; more than the game has is bad input (2).
fn position_at(game: &Game, path: &Path, ply: usize) -> Result<Position> {
    let moves = game.moves();
    if ply > moves.len() {
        return Err(Failure::new(
            Exit::Usage,
            format!(
                "--ply {ply}: {} has {} half-move{}",
                path.display(),
                moves.len(),
                if moves.len() == 1 { "" } else { "s" }
            ),
        )
        .into());
    }
    let mut pos = game.start_position().clone();
    for (played, m) in game.played().zip(moves).take(ply) {
        // The game replayed already: each of its moves is legal. The
        // board after `Re6e7/e7e8=Q` has the owner's queen (§9.1).
        pos = played.map(|(_, after)| m.completed(after)).map_err(|m| {
            Failure::new(
                Exit::Rejected,
                format!("{}: {} no longer replays", path.display(), m.numbered()),
            )
        })?;
    }
    Ok(pos)
}
