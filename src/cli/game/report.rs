//! What several game commands print about a game: the verdict on a move,
//! how the game ended, how long it is.

use std::io::Write;

use anyhow::Result;
use dynamo::diagram;
use dynamo::game::Game;
use dynamo_core::{Color, Position, Status};

use crate::cli::args::charset;

/// `12.` for White's move, `12...` for Black's, numbered as in `game`
/// before the move.
pub(super) fn move_label(game: &Game, mover: Color) -> String {
    let number = game.position().fullmoves();
    match mover {
        Color::White => format!("{number}."),
        Color::Black => format!("{number}..."),
    }
}

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
pub(super) fn print_ending(out: &mut impl Write, game: &Game) -> Result<()> {
    match game.ending() {
        Some(o) => writeln!(out, "{} {}", o.outcome, o.reason)?,
        None => writeln!(out, "the game goes on")?,
    }
    Ok(())
}

/// `1 half-move`, `77 half-moves`.
pub(super) fn half_moves(game: &Game) -> String {
    let n = game.moves().len();
    format!("{n} half-move{}", if n == 1 { "" } else { "s" })
}
