//! Position text: FEN with the castling `@` list and the seventh field of
//! RULES.md §11, parsed into an unchecked [`Setup`] and validated into a
//! [`Position`].

use crate::board::{Board, PlacementError};
use crate::castling::{Castling, CastlingError};
use crate::color::{ByColor, Color};
use crate::position::Position;
use crate::role::Role;
use crate::rules::Rules;
use crate::square::Square;

/// The text of the start position.
pub const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// A position as written, not yet checked against the rules.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Setup {
    pub board: Board,
    pub turn: Color,
    pub castling: Castling,
    pub ep_square: Option<Square>,
    pub halfmoves: u32,
    pub fullmoves: u32,
    pub previous: Option<Board>,
}

/// Why a position text is not a valid position.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum FenError {
    #[error("empty position text")]
    Empty,
    #[error("expected 4 to 7 space-separated fields, found {0}")]
    FieldCount(usize),
    #[error("piece placement: {0}")]
    Placement(PlacementError),
    #[error("side to move: expected 'w' or 'b', found '{0}'")]
    Turn(String),
    #[error("castling field: {0}")]
    Castling(CastlingError),
    #[error("en-passant field: expected '-' or a square, found '{0}'")]
    EpSyntax(String),
    #[error(
        "en-passant field: {square} is on the wrong rank; with {turn} to move it must be on rank {rank}"
    )]
    EpRank {
        square: Square,
        turn: Color,
        rank: u8,
    },
    #[error("en-passant field: {0} is not behind a pawn that has just stepped two squares")]
    EpNoPawn(Square),
    #[error("half-move clock: expected a number, found '{0}'")]
    Halfmoves(String),
    #[error("move number: expected a number of at least 1, found '{0}'")]
    Fullmoves(String),
    #[error("seventh field (board before the last move): {0}")]
    Previous(PlacementError),
    #[error("{color} has {count} kings; each side has exactly one")]
    KingCount { color: Color, count: usize },
    #[error("the {color} pawn on {square} stands on its last rank, where it would have promoted")]
    PawnOnLastRank { color: Color, square: Square },
    #[error("{0} has just moved but its king is in check")]
    OpponentInCheck(Color),
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
        Position::new(Setup::from_fen(text)?, rules)
    }

    /// Checks a setup against the rules (RULES.md §11).
    pub fn new(setup: Setup, rules: Rules) -> Result<Position, FenError> {
        let board = setup.board;
        let mut kings = ByColor {
            white: Square::E1,
            black: Square::E8,
        };
        for color in Color::ALL {
            let found: Vec<Square> = board.find(crate::Piece::new(color, Role::King)).collect();
            if found.len() != 1 {
                return Err(FenError::KingCount {
                    color,
                    count: found.len(),
                });
            }
            kings[color] = found[0];
        }
        for (square, piece) in board.pieces() {
            if piece.role == Role::Pawn && square.rank() == piece.color.last_rank() {
                return Err(FenError::PawnOnLastRank {
                    color: piece.color,
                    square,
                });
            }
        }
        setup
            .castling
            .validate(&board, rules.castling)
            .map_err(FenError::Castling)?;
        let ep_square = match setup.ep_square {
            Some(sq) => validate_ep(&board, setup.turn, sq, rules)?,
            None => None,
        };
        let pos = Position {
            board,
            turn: setup.turn,
            castling: setup.castling,
            ep_square,
            halfmoves: setup.halfmoves,
            fullmoves: setup.fullmoves,
            previous: setup.previous,
            rules,
            kings,
        };
        if pos.opponent_in_check() {
            return Err(FenError::OpponentInCheck(!pos.turn));
        }
        Ok(pos)
    }

    /// The extended FEN of RULES.md §11, seventh field always written.
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

/// The en-passant field: the square passed over must be on the rank behind
/// a pawn of the side that just moved. It carries a rule only for a- and
/// h-file pawns under `en_passant_edge`; elsewhere (as standard FEN writes
/// it after any double step) it is accepted and dropped.
fn validate_ep(
    board: &Board,
    turn: Color,
    sq: Square,
    rules: Rules,
) -> Result<Option<Square>, FenError> {
    let mover = !turn;
    let rank = if mover == Color::White { 2 } else { 5 };
    if sq.rank() != rank {
        return Err(FenError::EpRank {
            square: sq,
            turn,
            rank: rank + 1,
        });
    }
    let on_edge = sq.file() == 0 || sq.file() == 7;
    if !rules.en_passant_edge || !on_edge {
        return Ok(None);
    }
    let pawn_sq = Square::new(sq.file() as i8, sq.rank() as i8 + mover.forward());
    let start_sq = Square::new(sq.file() as i8, sq.rank() as i8 - mover.forward());
    let pawn_there =
        pawn_sq.and_then(|s| board.piece_at(s)) == Some(crate::Piece::new(mover, Role::Pawn));
    let passed_empty = board.is_empty(sq) && start_sq.is_some_and(|s| board.is_empty(s));
    if !pawn_there || !passed_empty {
        return Err(FenError::EpNoPawn(sq));
    }
    Ok(Some(sq))
}
