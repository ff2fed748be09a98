//! Text to a legal move: the syntax ([`super::nost`]), then the rules
//! (`resolve`, [`super::short`]), and what a refusal says.

use super::cursor::SyntaxError;
use super::nost::Notation;
use super::number::MoveNumber;
use super::resolve::{resolve_castle, resolve_descriptive, resolve_move};
use super::suggest::closest_moves;
use crate::excerpt::clipped;
use crate::illegal::{DidYouMean, Illegal};
use crate::moves::Move;
use crate::position::Position;

/// Why a text does not name a legal move in a position.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    /// The text is not a move in any accepted notation.
    #[error(transparent)]
    Syntax(#[from] SyntaxError),
    /// The text is a well-formed move, but not a legal one in the position.
    #[error("{}: {}", clipped(.text), self.why())]
    Illegal {
        /// The move text, trimmed.
        text: String,
        /// The rule it breaks.
        reason: Illegal,
        /// The legal moves closest to the text, in canonical notation,
        /// when it was read against a position ([`parse_move`]); see
        /// [`closest_moves`]. Boxed, so that a refusal stays as small
        /// as a syntax error.
        closest: Box<[String]>,
    },
}

impl MoveError {
    /// The refusal without the move's text: the rule, or where reading
    /// stopped, and the closest legal moves. For a front end that shows
    /// the text already.
    pub fn why(&self) -> String {
        match self {
            MoveError::Syntax(e) => e.to_string(),
            MoveError::Illegal {
                reason, closest, ..
            } => format!("{reason}{}", DidYouMean(closest)),
        }
    }
}

impl Notation {
    /// The legal move this notation names in `pos`, or the reason there is
    /// none.
    pub fn resolve(&self, pos: &Position) -> Result<Move, Illegal> {
        self.resolve_and_play(pos).map(|(m, _)| m)
    }

    /// As [`Notation::resolve`], with the position after the move.
    pub fn resolve_and_play(&self, pos: &Position) -> Result<(Move, Position), Illegal> {
        let pattern = match *self {
            Notation::Castle(side) => return resolve_castle(pos, side),
            Notation::Move { mover, target, .. } => return resolve_move(pos, mover, target),
            Notation::Descriptive(ref d) => resolve_descriptive(pos, d)?,
            Notation::Short(ref s) => s.resolve(pos)?,
        };
        // A pattern picks among the legal moves: playing it cannot fail.
        pos.play_checked(&pattern).map(|after| (pattern, after))
    }
}

/// Reads `text` as a move in `pos`: syntax first, then the rules. A move
/// number written before the move (`23...`) is read but not checked, as
/// the position's own may be unknown; see [`parse_game_move`].
pub fn parse_move(pos: &Position, text: &str) -> Result<Move, MoveError> {
    read(pos, text).map(|(m, _, _)| m)
}

/// As [`parse_move`], with the position after the move: what replaying a
/// record needs, at the cost of judging the move once instead of twice
/// (once to read it, once to play it).
pub fn parse_and_play(pos: &Position, text: &str) -> Result<(Move, Position), MoveError> {
    read(pos, text).map(|(m, after, _)| (m, after))
}

/// As [`parse_move`], for a move in a game: a move number written before
/// the move must be the position's move number and side to move.
pub fn parse_game_move(pos: &Position, text: &str) -> Result<Move, MoveError> {
    let (m, _, number) = read(pos, text)?;
    match number {
        Some(n) => n
            .check(pos)
            .map(|()| m)
            .map_err(|reason| MoveError::Illegal {
                text: text.trim().to_string(),
                reason,
                // The move itself is legal: only its number is wrong.
                closest: Box::default(),
            }),
        None => Ok(m),
    }
}

fn read(pos: &Position, text: &str) -> Result<(Move, Position, Option<MoveNumber>), MoveError> {
    let (number, notation) = Notation::read(text).map_err(|mut e| {
        e.closest = closest_moves(pos, text);
        e
    })?;
    let (m, after) = notation
        .resolve_and_play(pos)
        .map_err(|reason| MoveError::Illegal {
            text: text.trim().to_string(),
            closest: match reason {
                // Both already say which moves would do.
                Illegal::Ambiguous(_) | Illegal::PromotionMissing(_) => Box::default(),
                _ => closest_moves(pos, text).into(),
            },
            reason,
        })?;
    Ok((m, after, number))
}
