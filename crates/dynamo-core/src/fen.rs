//! Position text: FEN with the castling `@` list and the seventh field of
//! docs/RULES.md §11, parsed into an unchecked [`Setup`] and validated into a
//! [`Position`].

use crate::board::{Board, PlacementError};
use crate::castling::{Castling, CastlingError};
use crate::color::Color;
use crate::excerpt::quoted;
use crate::position::Position;
use crate::rules::Rules;
use crate::setup::{PositionError, Setup};
use crate::square::Square;

/// Why a position text is not a valid position.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum FenError {
    /// The text is empty or only blanks.
    #[error("empty position text")]
    Empty,
    /// Fewer than 4 or more than 7 fields; holds how many.
    #[error("expected 4 to 7 space-separated fields, found {0}")]
    FieldCount(usize),
    /// The first field, the piece placement, is not a board.
    #[error("piece placement: {0}")]
    Placement(PlacementError),
    /// The second field, the side to move, is not `w` or `b`.
    #[error("side to move: expected 'w' or 'b', found {}", quoted(.0))]
    Turn(String),
    /// The third field cannot be read as castling rights. Rights that do
    /// not fit the board are a [`PositionError::Castling`].
    #[error("castling field: {0}")]
    Castling(CastlingError),
    /// The fourth field, the en-passant square, is neither `-` nor a square.
    #[error("en-passant field: expected '-' or a square, found {}", quoted(.0))]
    EpSyntax(String),
    /// The fifth field, the half-move clock, is not a number.
    #[error("half-move clock: expected a number from 0 to 4294967295, found {}", quoted(.0))]
    Halfmoves(String),
    /// The sixth field, the move number, is not a number of at least 1.
    #[error("move number: expected a number from 1 to 4294967295, found {}", quoted(.0))]
    Fullmoves(String),
    /// The seventh field, the board before the last move that the no-undo
    /// rule needs (docs/RULES.md §7), is not a board.
    #[error("seventh field (board before the last move): {0}")]
    Previous(PlacementError),
    /// The text reads well, but the position is not valid (docs/RULES.md §11).
    #[error(transparent)]
    Position(#[from] PositionError),
}

impl Setup {
    /// Parses the text; see [`Position::from_fen`] for a checked position.
    pub fn from_fen(text: &str) -> Result<Setup, FenError> {
        let fields: Vec<&str> = text.split_whitespace().collect();
        if fields.is_empty() {
            return Err(FenError::Empty);
        }
        if !(4..=7).contains(&fields.len()) {
            return Err(FenError::FieldCount(fields.len()));
        }
        let board = Board::from_placement(fields[0]).map_err(FenError::Placement)?;
        let turn = match fields[1] {
            "w" => Color::White,
            "b" => Color::Black,
            other => return Err(FenError::Turn(other.to_string())),
        };
        let castling = Castling::from_fen(fields[2]).map_err(FenError::Castling)?;
        let ep_square = match fields[3] {
            "-" => None,
            sq => Some(
                sq.parse::<Square>()
                    .map_err(|_| FenError::EpSyntax(sq.to_string()))?,
            ),
        };
        let halfmoves = match fields.get(4) {
            Some(t) => t.parse().map_err(|_| FenError::Halfmoves(t.to_string()))?,
            None => 0,
        };
        let fullmoves = match fields.get(5) {
            Some(t) => t
                .parse()
                .ok()
                .filter(|&n: &u32| n >= 1)
                .ok_or_else(|| FenError::Fullmoves(t.to_string()))?,
            None => 1,
        };
        let previous = match fields.get(6) {
            None | Some(&"-") => None,
            Some(t) => Some(Board::from_placement(t).map_err(FenError::Previous)?),
        };
        Ok(Setup {
            board,
            turn,
            castling,
            ep_square,
            halfmoves,
            fullmoves,
            previous,
        })
    }
}

impl Position {
    /// Parses and validates a position text under `rules`. `startpos` names
    /// the start position.
    pub fn from_fen(text: &str, rules: Rules) -> Result<Position, FenError> {
        if text.trim() == "startpos" {
            return Ok(Position::startpos(rules));
        }
        Ok(Position::new(Setup::from_fen(text)?, rules)?)
    }

    /// The extended FEN of docs/RULES.md §11, seventh field always written.
    pub fn to_fen(&self) -> String {
        format!(
            "{} {} {} {} {} {} {}",
            self.board.placement(),
            self.turn.char(),
            self.castling.fen(),
            self.ep_square.map_or("-".to_string(), |sq| sq.to_string()),
            self.halfmoves,
            self.fullmoves,
            self.previous.map_or("-".to_string(), |b| b.placement()),
        )
    }
}
