//! How a game ends: who won, as PGN writes it, and why.

use std::fmt;
use std::str::FromStr;

use dynamo_core::{Color, Position, Status};

/// What a cancelled game's Termination tag begins with.
pub const CANCELLED: &str = "cancelled: ";

/// The result of a finished game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// One side won.
    Decisive {
        /// The side that won.
        winner: Color,
    },
    /// Neither side won.
    Draw,
    /// The director cancelled the game (a player withdrew from a section
    /// early on): it counts for nobody, and PGN writes `*`, as for a game
    /// that has no result.
    Cancelled,
}

impl Outcome {
    /// The outcome in which `side` loses.
    pub fn loss_for(side: Color) -> Outcome {
        Outcome::Decisive { winner: !side }
    }

    /// The PGN result token: `1-0`, `0-1`, `1/2-1/2`, or `*` for a
    /// cancelled game.
    pub fn pgn(self) -> &'static str {
        match self {
            Outcome::Decisive {
                winner: Color::White,
            } => "1-0",
            Outcome::Decisive {
                winner: Color::Black,
            } => "0-1",
            Outcome::Draw => "1/2-1/2",
            Outcome::Cancelled => "*",
        }
    }

    /// The outcome a PGN result token names; `*` (unfinished, or
    /// cancelled: the game's events tell which) is none.
    pub fn from_pgn(token: &str) -> Option<Outcome> {
        match token {
            "1-0" => Some(Outcome::Decisive {
                winner: Color::White,
            }),
            "0-1" => Some(Outcome::Decisive {
                winner: Color::Black,
            }),
            "1/2-1/2" => Some(Outcome::Draw),
            _ => None,
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.pgn())
    }
}

/// A text that is not `1-0`, `0-1` or `1/2-1/2`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("result must be 1-0, 0-1 or 1/2-1/2, not {}", dynamo_core::quoted(.0))]
pub struct OutcomeError(pub String);

impl FromStr for Outcome {
    type Err = OutcomeError;
    fn from_str(text: &str) -> Result<Outcome, OutcomeError> {
        Outcome::from_pgn(text).ok_or_else(|| OutcomeError(text.to_string()))
    }
}

/// How a game ended: its outcome and, in words, why (`Black is
/// checkmated`, `White resigns`, `adjudicated: time forfeit`, …).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ending {
    /// Who won.
    pub outcome: Outcome,
    /// Why, as the Termination tag says it.
    pub reason: String,
}

impl Ending {
    /// The ending a finished board forces: mate or stalemate; `None`
    /// while the side to move has a legal move.
    pub fn forced_by(pos: &Position) -> Option<Ending> {
        let side = pos.turn();
        match pos.status() {
            Status::Checkmate => Some(Ending {
                outcome: Outcome::loss_for(side),
                reason: format!("{} is checkmated", side.title()),
            }),
            Status::Stalemate => Some(Ending {
                outcome: Outcome::Draw,
                reason: format!("{} is stalemated", side.title()),
            }),
            Status::Ongoing | Status::Check => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pgn_tokens_both_ways() {
        for token in ["1-0", "0-1", "1/2-1/2"] {
            let outcome: Outcome = token.parse().expect("a result");
            assert_eq!(outcome.pgn(), token);
        }
        assert_eq!(Outcome::loss_for(Color::Black).pgn(), "1-0");
        assert!("*".parse::<Outcome>().is_err());
        assert!("1–0".parse::<Outcome>().is_err());
    }
}
