//! What several game commands print about a game: the verdict on a move,
//! how the game ended, how long it is.

use std::io::Write;

use anyhow::Result;
use chrono::{DateTime, Utc};
use dynamo::diagram;
use dynamo::game::clock::format_time;
use dynamo::game::{Game, RecordedMove};
use dynamo_core::{Color, Position, Status};

use crate::cli::support::args::charset;

/// The verdict lines: the move, the board after it, the state.
pub(super) fn print_verdict(
    out: &mut impl Write,
    label: &str,
    display: &str,
    after: &Position,
    ascii: bool,
) -> Result<()> {
    writeln!(out, "{label} {display}")?;
    write!(out, "{}", diagram::board(after, charset(ascii)))?;
    let side = after.turn().title();
    match after.status() {
        Status::Ongoing => writeln!(out, "{side} to move")?,
        Status::Check => writeln!(out, "{side} to move, in check")?,
        Status::Checkmate => writeln!(out, "Checkmate: {} wins", (!after.turn()).title())?,
        Status::Stalemate => writeln!(
            out,
            "Stalemate: {side} has no legal move; the game is drawn"
        )?,
    }
    Ok(())
}

/// The result and its reason, once a resignation, a draw or the
/// director's decision has been recorded.
pub(super) fn print_ending(out: &mut dyn Write, game: &Game) -> Result<()> {
    match game.ending() {
        Some(o) => writeln!(out, "{} {}", o.outcome, o.reason)?,
        None => writeln!(out, "the game goes on")?,
    }
    Ok(())
}

/// A move sent again (see `Game::already_recorded`): nothing is written,
/// and the command says so and exits 0. Raised inside the locked update
/// so that the file is left as it is.
#[derive(Debug, thiserror::Error)]
#[error("already recorded as {} at {}; nothing to do", .recorded.numbered(), format_time(.recorded.received))]
pub(super) struct AlreadyRecorded {
    /// The move as the file records it.
    pub(super) recorded: RecordedMove,
    /// The position after it.
    pub(super) after: Position,
}

impl AlreadyRecorded {
    /// Stops a command, as this error, when `text` sent by `by` is the
    /// last move of `game` again, or the owner's choice of the last turn
    /// (its recorded form is then the choice alone, `=R`).
    pub(super) fn check(
        game: &Game,
        text: &str,
        by: Option<Color>,
    ) -> Result<(), Box<AlreadyRecorded>> {
        let recorded = match game.already_recorded(text, by) {
            Some(m) => Some(m.clone()),
            None => game.already_chosen(text, by),
        };
        match recorded {
            Some(recorded) => Err(Box::new(AlreadyRecorded {
                recorded,
                after: game.position().clone(),
            })),
            None => Ok(()),
        }
    }
}

/// Whose move it is, with the clock when there is one: `Black to move:
/// 2 days left (deadline …)`, `White to move, in check`.
pub(super) fn print_turn(out: &mut dyn Write, game: &Game, now: DateTime<Utc>) -> Result<()> {
    if let Some(o) = game.ending() {
        writeln!(out, "Result: {} ({})", o.outcome, o.reason)?;
    } else if let Some(line) = game.clock_line(now) {
        writeln!(out, "{line}")?;
    } else if game.position().status() == Status::Check {
        writeln!(out, "{} to move, in check", game.position().turn().title())?;
    } else {
        writeln!(out, "{} to move", game.position().turn().title())?;
    }
    Ok(())
}

/// `1 half-move`, `77 half-moves`.
pub(super) fn half_moves(game: &Game) -> String {
    let n = game.moves().len();
    format!("{n} half-move{}", if n == 1 { "" } else { "s" })
}
