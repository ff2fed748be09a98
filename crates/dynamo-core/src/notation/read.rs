//! Text to a legal move: the syntax ([`super::nost`]), then the rules
//! (`resolve`, [`super::short`]), and what a refusal says.

use std::borrow::Cow;

use super::capture::written_as_capture;
use super::cursor::SyntaxError;
use super::nost::Notation;
use super::number::MoveNumber;
use super::resolve::{resolve_castle, resolve_descriptive, resolve_move};
use super::suggest::closest_moves;
use crate::excerpt::clipped;
use crate::illegal::{DidYouMean, Illegal};
use crate::moves::Move;
use crate::position::Position;
use crate::role::Role;

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
        self.resolve_and_play(pos, &mut pos.clone())
    }

    /// As [`Notation::resolve`], writing the position after the move into
    /// `after` (left as it was when the move is refused). Written in place
    /// rather than returned: a replay reads every move of a file, and a
    /// position moved up through each layer's `Result` was copied at every
    /// one of them.
    pub fn resolve_and_play(&self, pos: &Position, after: &mut Position) -> Result<Move, Illegal> {
        let pattern = match *self {
            Notation::Castle(side) => return resolve_castle(pos, side, after),
            Notation::Move { mover, target, .. } => return resolve_move(pos, mover, target, after),
            Notation::Descriptive(ref d) => resolve_descriptive(pos, d)?,
            Notation::Short(ref s) => s.resolve(pos)?,
        };
        // A pattern picks among the legal moves: playing it cannot fail.
        *after = pos.play_checked(&pattern)?;
        Ok(pattern)
    }
}

/// Reads `text` as a move in `pos`: syntax first, then the rules. A move
/// number written before the move (`23...`) is read but not checked, as
/// the position's own may be unknown; see [`parse_game_move`].
pub fn parse_move(pos: &Position, text: &str) -> Result<Move, MoveError> {
    read(pos, text, &mut pos.clone()).map(|(m, _)| m)
}

/// As [`parse_move`], writing the position after the move into `after`
/// (left as it was when the move is refused): what replaying a record
/// needs, at the cost of judging the move once instead of twice (once to
/// read it, once to play it). See [`Notation::resolve_and_play`] for why
/// in place.
pub fn parse_and_play(pos: &Position, text: &str, after: &mut Position) -> Result<Move, MoveError> {
    read(pos, text, after).map(|(m, _)| m)
}

/// As [`parse_move`], for a move in a game: a move number written before
/// the move must be the position's move number and side to move.
pub fn parse_game_move(pos: &Position, text: &str) -> Result<Move, MoveError> {
    let (m, number) = read(pos, text, &mut pos.clone())?;
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

/// Reads a move, with the owner's choice before it when a pawn awaits one
/// (docs/RULES.md §9.1): `=Q e2e4`, or `12... =Q e2e4`. The move after
/// the choice is read in the position with the chosen piece.
fn read(
    pos: &Position,
    text: &str,
    after: &mut Position,
) -> Result<(Move, Option<MoveNumber>), MoveError> {
    let (choice, rest) = split_choice(text);
    let refuse = |reason: Illegal| MoveError::Illegal {
        text: text.trim().to_string(),
        reason,
        closest: Box::default(),
    };
    match (pos.pending(), choice) {
        (None, None) => read_move(pos, text, after),
        (None, Some(_)) => Err(refuse(Illegal::NoChoicePending)),
        (Some(square), None) => Err(refuse(Illegal::ChoiceMissing {
            color: pos.turn(),
            square,
            example: text.trim().to_string(),
        })),
        (Some(_), Some(role)) => {
            let chosen = pos.choose(role).map_err(refuse)?;
            let (m, number) = read_move(&chosen, &rest, after).map_err(|e| match e {
                MoveError::Illegal { reason, .. } => MoveError::Illegal {
                    text: text.trim().to_string(),
                    reason,
                    closest: closest_moves(pos, text).into(),
                },
                syntax => syntax,
            })?;
            Ok((m.with_choice(Some(role)), number))
        }
    }
}

/// The owner's choice written before the move, `=Q` (or `=q`, or NOST's
/// digit `=1` … `=4`), as its own word first or after a move number; and
/// the text without it. Nothing is allocated for a move without one (a
/// replay reads every move of a file).
fn split_choice(text: &str) -> (Option<Role>, Cow<'_, str>) {
    let mut words = text.split_whitespace();
    let (at, word) = match words.next() {
        Some(first) if first.ends_with('.') || first.ends_with('…') => (1, words.next()),
        first => (0, first),
    };
    let choice = word.and_then(|word| {
        let mut chars = word.chars();
        if chars.next() != Some('=') {
            return None;
        }
        let c = chars.next()?;
        if chars.next().is_some() {
            return None;
        }
        match c {
            '1'..='4' => Some(Role::PROMOTIONS[c as usize - '1' as usize]),
            c => Role::from_upper_char(c.to_ascii_uppercase())
                .filter(|role| Role::PROMOTIONS.contains(role)),
        }
    });
    match choice {
        Some(role) => {
            let mut rest: Vec<&str> = text.split_whitespace().collect();
            rest.remove(at);
            (Some(role), Cow::Owned(rest.join(" ")))
        }
        None => (None, Cow::Borrowed(text)),
    }
}

fn read_move(
    pos: &Position,
    text: &str,
    after: &mut Position,
) -> Result<(Move, Option<MoveNumber>), MoveError> {
    let (number, notation) = Notation::read(text).map_err(|mut e| {
        e.closest = closest_moves(pos, text);
        // Written as a capture (`exd5`): the rule, not where reading
        // stopped, is what the player needs to hear.
        match written_as_capture(text) {
            true => MoveError::Illegal {
                text: text.trim().to_string(),
                reason: Illegal::Capture,
                closest: std::mem::take(&mut e.closest).into(),
            },
            false => MoveError::Syntax(e),
        }
    })?;
    let m = notation
        .resolve_and_play(pos, after)
        .map_err(|reason| MoveError::Illegal {
            text: text.trim().to_string(),
            closest: match reason {
                // Both already say which moves would do.
                Illegal::Ambiguous(_) | Illegal::PromotionMissing(_) => Box::default(),
                _ => closest_moves(pos, text).into(),
            },
            reason,
        })?;
    Ok((m, number))
}
