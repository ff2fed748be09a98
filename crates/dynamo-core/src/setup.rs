//! A position as written, before it is checked against the rules.

use crate::board::Board;
use crate::castling::Castling;
use crate::color::Color;
use crate::square::Square;

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
