//! A position as written, before it is checked against the rules.

use crate::board::Board;
use crate::castling::Castling;
use crate::color::Color;
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
