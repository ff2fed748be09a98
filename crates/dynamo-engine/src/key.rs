//! The searched state: everything the rules read, nothing they do not.
//!
//! Two positions with the same [`State`] have the same legal moves and the
//! same future: the board, the side to move, castling rights by piece
//! (§8), the en-passant-edge square (§9) and the board before the last move
//! (§7), under one rule set. The move counters are left out; no rule reads
//! them (§6 has no fifty-move or repetition rule), so a search may treat
//! positions that differ only in them as one.

use dynamo_core::{Board, Castling, Color, Position, Rules, Square};

/// The full state of a position as the rules see it; equal states are
/// interchangeable in any search.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct State {
    board: Board,
    previous: Option<Board>,
    turn: Color,
    castling: Castling,
    ep_square: Option<Square>,
    rules: Rules,
}

impl State {
    /// The state of `pos`.
    pub fn of(pos: &Position) -> State {
        State {
            board: *pos.board(),
            previous: pos.previous().copied(),
            turn: pos.turn(),
            castling: *pos.castling(),
            ep_square: pos.ep_square(),
            rules: pos.rules(),
        }
    }
}

/// A 64-bit key of `pos`'s [`State`], the same on every run: the
/// position's Zobrist key, kept up to date move by move by dynamo-core
/// (the rule set is left out of it; a search never mixes rule sets).
/// Tables index by it and compare the full state before they trust an
/// entry, so a collision costs a slot, never a wrong answer.
pub fn key(pos: &Position) -> u64 {
    pos.zobrist()
}
