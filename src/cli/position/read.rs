//! The position a position command reads: given by `--fen` and
//! `--rules`, or the current one of the game file `--game` names, read
//! through the command's catch-up, which plays a conditional reply owed
//! in it first.

use anyhow::Result;
use dynamo_core::Position;

use crate::cli::support::args::PositionArgs;
use crate::cli::support::failure;
use crate::exit::{Exit, Failure};
use dynamo::services::CatchUp;

/// The position `args` give; a game file named by `--game` is read
/// through `catch_up`, which plays a reply owed in it first.
pub(crate) fn position(args: &PositionArgs, catch_up: &CatchUp) -> Result<Position> {
    match args.game_file() {
        Some(path) => Ok(catch_up
            .load(path)
            .map_err(failure::game)?
            .position()
            .clone()),
        None => args.fen_position(),
    }
}

/// As [`position`], for a command that lists the moves that may follow:
/// a game that is over has none, and saying so is a refusal (1), not an
/// empty list.
pub(crate) fn position_in_play(args: &PositionArgs, catch_up: &CatchUp) -> Result<Position> {
    let Some(path) = args.game_file() else {
        return args.fen_position();
    };
    let game = catch_up.load(path).map_err(failure::game)?;
    if let Some(o) = game.ending() {
        return Err(Failure::new(
            Exit::Rejected,
            format!(
                "{}: the game is over ({}: {}); no move can follow",
                path.display(),
                o.outcome,
                o.reason
            ),
        )
        .into());
    }
    Ok(game.position().clone())
}
