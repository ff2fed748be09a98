//! What several game commands print about a game: the verdict on a move,
//! how the game ended, how long it is.

use std::fmt;

use chrono::{DateTime, Utc};
use dynamo::game::clock::format_time;
use dynamo::game::{Game, RecordedMove};
use dynamo_core::{Color, Position, Status};

/// The result and its reason, once a resignation, a draw or the
/// director's decision has been recorded.
pub(super) struct Ended<'a>(pub(super) &'a Game);

impl fmt::Display for Ended<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0.ending() {
            Some(o) => writeln!(f, "{} {}", o.outcome, o.reason),
            None => writeln!(f, "the game goes on"),
        }
    }
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
pub(super) struct Turn<'a> {
    pub(super) game: &'a Game,
    pub(super) now: DateTime<Utc>,
}

impl fmt::Display for Turn<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let game = self.game;
        if let Some(o) = game.ending() {
            writeln!(f, "Result: {} ({})", o.outcome, o.reason)
        } else if let Some(line) = game.clock_line(self.now) {
            writeln!(f, "{line}")
        } else if game.position().status() == Status::Check {
            writeln!(f, "{} to move, in check", game.position().turn().title())
        } else {
            writeln!(f, "{} to move", game.position().turn().title())
        }
    }
}

/// `1 half-move`, `77 half-moves`.
pub(super) fn half_moves(game: &Game) -> String {
    let n = game.moves().len();
    format!("{n} half-move{}", if n == 1 { "" } else { "s" })
}
