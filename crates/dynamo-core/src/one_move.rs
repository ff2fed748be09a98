//! One written move checked without listing every move of its piece: a
//! move written with its squares (the mover's, where it goes, the piece
//! it pushes or pulls) can only be among the moves of its piece along the
//! one line or the one step those squares lie on, so only those are
//! generated, by the generator itself (`movegen.rs`), and then judged as
//! any move is. Replaying a game record reads every move this way.
//!
//! Why the line or step is enough, by the kind of piece (docs/RULES.md
//! §2, §3, §5):
//! - a slider's plain move to a square runs along the line from its
//!   square to that square; a push moves the first piece ahead along the
//!   line from the mover to it; a pull moves the first piece behind, so
//!   the mover goes along the line from that piece to the mover. Both
//!   lines through the target are generated, in the generator's order.
//! - a king's or knight's plain move is the one step to its square; its
//!   push and its pull both act on the piece one step away, by that step.
//! - everything else (a pawn's few moves, a piece leaving the board by
//!   itself, which any open line allows) is the piece's whole list.
//!
//! The property test (`one_move/tests.rs`) checks this argument against
//! the full listing on random games and boards under every rule option.

use crate::bitboard::{ALL_LINES, DIAGONAL, STRAIGHT, reverse};
use crate::moves::Move;
use crate::position::Position;
use crate::role::Role;
use crate::square::{Square, Step};

/// The index in [`Step::KING`] (a line direction of `bitboard.rs`) of the
/// line from `from` to `to`, if they share one.
fn direction(from: Square, to: Square) -> Option<usize> {
    let (step, _) = Step::line_between(from, to)?;
    Step::KING.iter().position(|&s| s == step)
}

/// The step from `from` to `to`.
fn step(from: Square, to: Square) -> Step {
    Step::new(
        to.file() as i8 - from.file() as i8,
        to.rank() as i8 - from.rank() as i8,
    )
}

impl Position {
    /// Adds to `out` every pseudo-legal move of the piece on `from` that
    /// may end it on `to` (`None`: off the board; `Some(from)`: it stays)
    /// pushing or pulling the piece on `target`, if one is written; it
    /// may add others of the piece's moves too. Among the moves with
    /// exactly these squares it adds the same, in the same order, as
    /// [`Position::pseudo_legal_moves_from`] does (castling aside).
    pub(crate) fn moves_with_squares(
        &self,
        from: Square,
        to: Option<Square>,
        target: Option<Square>,
        out: &mut Vec<Move>,
    ) {
        let Some(piece) = self.board().piece_at(from) else {
            return;
        };
        if piece.color != self.turn() {
            return;
        }
        // The square the written move's line or step leads to.
        let toward = match (target, to) {
            (Some(t), _) => t,
            (None, Some(sq)) => sq,
            // Leaving the board by itself: any open line or jump off.
            (None, None) => return self.pseudo_legal_moves_from(from, out),
        };
        let lines: &[usize] = match piece.role {
            Role::Bishop => &DIAGONAL,
            Role::Rook => &STRAIGHT,
            Role::Queen => &ALL_LINES,
            Role::King | Role::Knight => {
                let steps: &[Step] = if piece.role == Role::King {
                    &Step::KING
                } else {
                    &Step::KNIGHT
                };
                let v = step(from, toward);
                if steps.contains(&v) {
                    self.leaper_step_moves(from, piece.role, v, out);
                }
                return;
            }
            Role::Pawn => return self.pseudo_legal_moves_from(from, out),
        };
        let Some(dir) = direction(from, toward) else {
            return;
        };
        for &line in lines {
            if line == dir {
                self.slider_line_moves(from, piece.role, line, out);
            } else if target.is_some() && line == reverse(dir) {
                // Going away from the target, the slider pulls it.
                self.slider_line_moves(from, piece.role, line, out);
            }
        }
    }
}

#[cfg(test)]
mod tests;
