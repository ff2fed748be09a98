//! What docs/RULES.md §6 asks of the board after a move: the mover's king
//! not in check, and no king carried over a square where it would be (the
//! king-transit rule). `Position::play` and the legality of listed moves
//! both ask it; the check test itself (check.rs) knows nothing of moves.

use crate::board::Board;
use crate::check::can_push_or_pull_off;
use crate::color::Color;
use crate::illegal::Illegal;
use crate::moves::Move;
use crate::role::Role;
use crate::rules::Rules;
use crate::square::{Square, Step};

/// docs/RULES.md §6 on the board after a move: the mover's king is not in
/// check, and no king was carried over a square where it would be.
#[inline]
pub(crate) fn safe_after(
    m: &Move,
    board: &Board,
    king: Square,
    us: Color,
    rules: Rules,
) -> Result<(), Illegal> {
    if can_push_or_pull_off(board, king, !us) {
        return Err(Illegal::LeavesKingInCheck);
    }
    if rules.king_transit_check {
        king_transit(m, board)?;
    }
    Ok(())
}

/// docs/RULES.md §6: no push or pull may carry a king over a square where it
/// would be in check. Each passed square is judged on the board after the
/// move with the king there instead of on its landing square; a pusher
/// that followed onto that square is left out.
fn king_transit(m: &Move, after: &Board) -> Result<(), Illegal> {
    let Some(shove) = m.shove() else {
        return Ok(());
    };
    if shove.target != Role::King {
        return Ok(());
    }
    let Some(landing) = shove.target_to else {
        return Ok(());
    };
    let Some((dir, distance)) = Step::line_between(shove.target_from, landing) else {
        return Ok(());
    };
    if distance < 2 {
        // One step or a knight's jump passes no square.
        return Ok(());
    }
    let king = after
        .piece_at(landing)
        .expect("the pushed king stands on its landing square");
    for passed in shove.target_from.between(landing, dir) {
        let mut board = *after;
        board.set(landing, None);
        board.set(passed, Some(king));
        if can_push_or_pull_off(&board, passed, !king.color) {
            return Err(Illegal::KingTransit {
                color: king.color,
                square: passed,
            });
        }
    }
    Ok(())
}
