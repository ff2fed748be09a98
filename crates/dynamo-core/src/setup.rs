//! A position as written, before it is checked against the rules, and the
//! check that turns it into a [`Position`] (docs/RULES.md §11).

use crate::board::Board;
use crate::castling::{Castling, CastlingError};
use crate::color::{ByColor, Color};
use crate::position::Position;
use crate::role::{Piece, Role};
use crate::rules::{Promotion, Rules};
use crate::square::Square;

/// A position as written, not yet checked against the rules.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Setup {
    /// The pieces on the board.
    pub board: Board,
    /// The side to move.
    pub turn: Color,
    /// The castling rights, and where the pieces that hold them stand
    /// (docs/RULES.md §8).
    pub castling: Castling,
    /// The en-passant square as written; a position keeps it only for an a-
    /// or h-file pawn under `en_passant_edge` (docs/RULES.md §11).
    pub ep_square: Option<Square>,
    /// The half-move clock, kept for FEN; no rule uses it.
    pub halfmoves: u32,
    /// The move number, from 1.
    pub fullmoves: u32,
    /// The board before the last move, which the no-undo rule needs
    /// (docs/RULES.md §7); `None` when unknown.
    pub previous: Option<Board>,
}

/// Why a set-up position cannot be played under the rules.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PositionError {
    /// A side has no king or more than one.
    #[error("{color} has {count} kings; each side has exactly one")]
    KingCount {
        /// The side.
        color: Color,
        /// How many kings it has.
        count: usize,
    },
    /// A pawn stands where it would already have promoted.
    #[error("the {color} pawn on {square} stands on its last rank, where it would have promoted")]
    PawnOnLastRank {
        /// The pawn's side.
        color: Color,
        /// Where it stands.
        square: Square,
    },
    /// Under `promotion=owner`, a pawn on its last rank awaits its
    /// owner's choice at the start of the owner's turn, so it must be the
    /// side to move's (docs/RULES.md §9.1).
    #[error(
        "the {color} pawn on {square} stands on its last rank, but {turn} is to move: a pawn awaits its owner's choice only on its owner's turn"
    )]
    ChoiceNotOnTurn {
        /// The pawn's side.
        color: Color,
        /// Where it stands.
        square: Square,
        /// The side to move.
        turn: Color,
    },
    /// Under `promotion=owner`, two pawns on their last rank: a move
    /// promotes at most one (docs/RULES.md §9.1).
    #[error(
        "pawns on {first} and {second} stand on their last rank: at most one pawn awaits a choice"
    )]
    TwoAwaitChoice {
        /// The first pawn's square.
        first: Square,
        /// The second's.
        second: Square,
    },
    /// The castling rights do not fit the board.
    #[error("castling field: {0}")]
    Castling(CastlingError),
    /// The en-passant square is not on the rank a double step passes.
    #[error(
        "en-passant field: {square} is on the wrong rank; with {turn} to move it must be on rank {rank}"
    )]
    EpRank {
        /// The square written.
        square: Square,
        /// The side to move.
        turn: Color,
        /// The rank it must be on (1–8).
        rank: u8,
    },
    /// No pawn has just stepped two squares over the en-passant square.
    #[error("en-passant field: {0} is not behind a pawn that has just stepped two squares")]
    EpNoPawn(Square),
    /// The side that has just moved stands in check.
    #[error("{0} has just moved but its king is in check")]
    OpponentInCheck(Color),
    /// The move number is 0; moves are numbered from 1.
    #[error("move number 0: moves are numbered from 1")]
    MoveNumberZero,
}

impl Position {
    /// Checks a setup against the rules (docs/RULES.md §11).
    pub fn new(setup: Setup, rules: Rules) -> Result<Position, PositionError> {
        if setup.fullmoves == 0 {
            // FEN refuses it, so a position holding it would print a text
            // that does not read back.
            return Err(PositionError::MoveNumberZero);
        }
        let board = setup.board;
        let mut kings = ByColor {
            white: Square::E1,
            black: Square::E8,
        };
        for color in Color::ALL {
            let found: Vec<Square> = board.find(Piece::new(color, Role::King)).collect();
            if found.len() != 1 {
                return Err(PositionError::KingCount {
                    color,
                    count: found.len(),
                });
            }
            kings[color] = found[0];
        }
        let pending = pending_pawn(&board, setup.turn, rules)?;
        setup
            .castling
            .validate(&board, rules.castling)
            .map_err(PositionError::Castling)?;
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
            pending,
        };
        // The move that left a pawn awaiting its owner's choice was legal
        // for every choice (§9.1), so none may leave its mover in check.
        let in_check = match pending {
            None => pos.opponent_in_check(),
            Some(_) => Role::PROMOTIONS.into_iter().any(|role| {
                pos.choose(role)
                    .is_ok_and(|chosen| chosen.opponent_in_check())
            }),
        };
        if in_check {
            return Err(PositionError::OpponentInCheck(!pos.turn));
        }
        Ok(pos)
    }
}

/// The pawn on its last rank awaiting its owner's choice, if any: under
/// `promotion=owner`, at most one, the side to move's (docs/RULES.md
/// §9.1); under `promotion=mover`, none may stand there (§4).
fn pending_pawn(board: &Board, turn: Color, rules: Rules) -> Result<Option<Square>, PositionError> {
    let mut pending = None;
    for (square, piece) in board.pieces() {
        if piece.role != Role::Pawn || square.rank() != piece.color.last_rank() {
            continue;
        }
        if rules.promotion == Promotion::Mover {
            return Err(PositionError::PawnOnLastRank {
                color: piece.color,
                square,
            });
        }
        if piece.color != turn {
            return Err(PositionError::ChoiceNotOnTurn {
                color: piece.color,
                square,
                turn,
            });
        }
        if let Some(first) = pending {
            return Err(PositionError::TwoAwaitChoice {
                first,
                second: square,
            });
        }
        pending = Some(square);
    }
    Ok(pending)
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
) -> Result<Option<Square>, PositionError> {
    let mover = !turn;
    let rank = if mover == Color::White { 2 } else { 5 };
    if sq.rank() != rank {
        return Err(PositionError::EpRank {
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
    let pawn_there = pawn_sq.and_then(|s| board.piece_at(s)) == Some(Piece::new(mover, Role::Pawn));
    let passed_empty = board.is_empty(sq) && start_sq.is_some_and(|s| board.is_empty(s));
    if !pawn_there || !passed_empty {
        return Err(PositionError::EpNoPawn(sq));
    }
    Ok(Some(sq))
}
