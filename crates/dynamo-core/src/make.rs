//! A move made on a position in place and unmade again: the search's
//! scratch position (`dynamo-engine`), which builds a child only when it
//! reaches it, one at a time, instead of a copy of every child.
//!
//! The rules' readers keep the immutable [`Position`]: a [`Scratch`]
//! owns its own position, changes it only by the legal moves it is given
//! and lends it out read-only. Making a move keeps everything the move
//! changes in an `Undo` beside the position: the board before the
//! opponent's last move (the no-undo rule, §7, which the move replaces
//! with the board before it), the castling rights by piece (§8), the
//! en-passant-edge square (§9), a pending owner's choice (§9.1), the
//! kings and the counters. Unmaking puts the board back from the
//! position's own board before the move, so it is restored exactly,
//! its key with it.

use crate::board::Board;
use crate::castling::Castling;
use crate::color::{ByColor, Color};
use crate::moves::Move;
use crate::position::Position;
use crate::role::{Piece, Role};
use crate::square::Square;

impl Position {
    /// The board after a pseudo-legal move and where the kings stand,
    /// whether or not the move is legal.
    #[inline]
    pub(crate) fn apply(&self, m: &Move) -> (Board, ByColor<Square>) {
        let mut board = self.board;
        let mut kings = self.kings;
        apply_to(self.turn, m, &mut board, &mut kings);
        (board, kings)
    }
}

/// Plays a pseudo-legal move of `us` on `board`, moving the kings in
/// `kings` with it, whether or not the move is legal: the one place a
/// move changes a board, on a copy ([`Position::apply`]) or in place
/// ([`Scratch::make`]).
#[inline]
fn apply_to(us: Color, m: &Move, board: &mut Board, kings: &mut ByColor<Square>) {
    let mut place = |board: &mut Board, piece: Piece, to: Option<Square>, promotion| {
        if let Some(to) = to {
            let piece = match promotion {
                Some(role) => Piece::new(piece.color, role),
                None => piece,
            };
            board.set(to, Some(piece));
            if piece.role == Role::King {
                kings[piece.color] = to;
            }
        }
    };
    match *m {
        Move::Plain {
            from,
            to,
            promotion,
            ..
        } => {
            let piece = board.take(from).expect("the mover stands on its square");
            place(board, piece, to, promotion);
        }
        Move::Push(s) | Move::Pull(s) => {
            let mover = board.take(s.from).expect("the mover stands on its square");
            let target = board
                .take(s.target_from)
                .expect("the target stands on its square");
            let (mover_promotion, target_promotion) = if s.mover_promotes() {
                (s.promotion, None)
            } else {
                (None, s.promotion)
            };
            place(board, target, s.target_to, target_promotion);
            place(board, mover, s.to, mover_promotion);
        }
        Move::Castle {
            side, king, rook, ..
        } => {
            let k = board.take(king);
            let r = board.take(rook);
            board.set(side.king_target(us), k);
            board.set(side.rook_target(us), r);
            kings[us] = side.king_target(us);
        }
    }
}

/// What [`Scratch::make`] changed besides the board, to put back.
#[derive(Debug, Clone)]
struct Undo {
    previous: Option<Board>,
    castling: Castling,
    ep_square: Option<Square>,
    halfmoves: u32,
    fullmoves: u32,
    kings: ByColor<Square>,
    /// The pawn that awaited its owner's choice before the move: the
    /// choice made with the move put a piece there, which unmaking
    /// turns back into the pawn.
    pending: Option<Square>,
}

/// A position changed in place by legal moves and changed back, each
/// unmade in the reverse order of making.
#[derive(Debug, Clone)]
pub struct Scratch {
    position: Position,
    undos: Vec<Undo>,
}

impl Scratch {
    /// A scratch position starting from `position`.
    pub fn new(position: Position) -> Scratch {
        Scratch {
            position,
            undos: Vec::with_capacity(128),
        }
    }

    /// The position as it stands after the moves made and not unmade.
    #[inline]
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// How many moves are made and not unmade.
    pub fn made(&self) -> usize {
        self.undos.len()
    }

    /// Plays `m`, which must be one of the position's legal moves
    /// ([`Position::legal_moves`]): the position becomes the one
    /// [`Position::play`] returns for it. Legality is not tested again
    /// (the caller listed the move); debug builds assert it.
    pub fn make(&mut self, m: &Move) {
        debug_assert!(
            self.position.play(m).is_ok(),
            "{m} is not legal in {}",
            self.position.to_fen()
        );
        self.remember();
        let pos = &mut self.position;
        let mut m = *m;
        if let (Some(square), Some(role)) = (pos.pending, m.choice()) {
            // The owner's choice first, then the move in the position it
            // leaves (§9.1), as `Position::play` plays it.
            pos.board.set(square, Some(Piece::new(pos.turn, role)));
            pos.pending = None;
            m = m.with_choice(None);
        }
        // Everything read from the position before the move first.
        let (castling, ep_square, resets_clock) = pos.rights_after(&m);
        let pending = pos.awaits_choice(&m);
        pos.halfmoves = pos.halfmoves_after(resets_clock);
        pos.fullmoves = pos.fullmoves_after();
        pos.previous = Some(pos.board);
        apply_to(pos.turn, &m, &mut pos.board, &mut pos.kings);
        pos.castling = castling;
        pos.ep_square = ep_square;
        pos.pending = pending;
        pos.turn = !pos.turn;
    }

    /// Keeps what a move or a pass changes beyond the board, for
    /// [`Scratch::unmake`].
    fn remember(&mut self) {
        let pos = &self.position;
        self.undos.push(Undo {
            previous: pos.previous,
            castling: pos.castling,
            ep_square: pos.ep_square,
            halfmoves: pos.halfmoves,
            fullmoves: pos.fullmoves,
            kings: pos.kings,
            pending: pos.pending,
        });
    }

    /// Passes: the other side moves next on the same board, which no
    /// rule allows but a search's null move supposes (if the side to move
    /// could pass and still be winning, a real move will do at least as
    /// well, zugzwang aside). The board before the opponent's last move
    /// becomes this board, so the no-undo rule (§7) forbids nothing after
    /// the pass, and the en-passant square lapses. Nothing is done, and
    /// `false` returned, while a pawn awaits its owner's choice (§9.1).
    /// [`Scratch::unmake`] takes the pass back.
    pub fn make_null(&mut self) -> bool {
        if self.position.pending.is_some() {
            return false;
        }
        self.remember();
        let pos = &mut self.position;
        pos.halfmoves = pos.halfmoves_after(false);
        pos.fullmoves = pos.fullmoves_after();
        pos.previous = Some(pos.board);
        pos.ep_square = None;
        pos.turn = !pos.turn;
        true
    }

    /// Takes back the last move made; `false` when none is left.
    pub fn unmake(&mut self) -> bool {
        let Some(undo) = self.undos.pop() else {
            return false;
        };
        let pos = &mut self.position;
        pos.turn = !pos.turn;
        if let Some(before) = pos.previous {
            pos.board = before;
        }
        if let Some(square) = undo.pending {
            pos.board
                .set(square, Some(Piece::new(pos.turn, Role::Pawn)));
        }
        pos.previous = undo.previous;
        pos.castling = undo.castling;
        pos.ep_square = undo.ep_square;
        pos.halfmoves = undo.halfmoves;
        pos.fullmoves = undo.fullmoves;
        pos.kings = undo.kings;
        pos.pending = undo.pending;
        true
    }
}

#[cfg(test)]
mod tests;
