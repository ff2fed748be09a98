//! Check: a king is in check when the opponent, were it their turn, could
//! push or pull it off the board (RULES.md §6).
//!
//! The test is pseudo-legal: the attacker's own king safety, the
//! king-transit rule and the no-undo rule do not matter to it.

use crate::board::Board;
use crate::color::Color;
use crate::role::{Piece, Role};
use crate::square::{Square, Step};

/// Whether `by` could push or pull the piece on `sq` off the board in one
/// turn.
pub fn can_push_or_pull_off(board: &Board, sq: Square, by: Color) -> bool {
    lines_threaten(board, sq, by)
        || leapers_threaten(board, sq, by, Role::Knight, &Step::KNIGHT)
        || leapers_threaten(board, sq, by, Role::King, &Step::KING)
        || pawns_threaten(board, sq, by)
}

/// Whether `color`'s king stands in check on `board`.
pub fn is_in_check(board: &Board, color: Color) -> bool {
    match board.king_of(color) {
        Some(king) => can_push_or_pull_off(board, king, !color),
        None => false,
    }
}

/// The first piece from `sq` along `dir`, with its square, or `None` when
/// the line is empty to the edge.
#[inline]
fn first_piece(board: &Board, sq: Square, dir: Step) -> Option<(Square, Piece)> {
    sq.ray(dir)
        .find_map(|s| board.piece_at(s).map(|p| (s, p)))
}

#[inline]
fn empty_to_edge(board: &Board, sq: Square, dir: Step) -> bool {
    sq.ray(dir).all(|s| board.is_empty(s))
}

fn slides_along(piece: Piece, dir: Step) -> bool {
    if dir.is_straight() {
        piece.role.slides_straight()
    } else {
        piece.role.slides_diagonally()
    }
}

/// Sliders push the piece off when the line behind it is empty to the
/// edge, and pull it off by leaving the board themselves when the line
/// behind the slider is empty to the edge.
fn lines_threaten(board: &Board, sq: Square, by: Color) -> bool {
    for dir in Step::KING {
        if let Some((at, piece)) = first_piece(board, sq, dir)
            && piece.color == by
            && slides_along(piece, dir)
            && (empty_to_edge(board, sq, dir.reverse()) || empty_to_edge(board, at, dir))
        {
            return true;
        }
    }
    false
}

/// A king or knight pushes off a piece on the edge from the square on the
/// other side of it. It cannot pull a piece off: the pulled piece lands
/// where the puller stood.
fn leapers_threaten(board: &Board, sq: Square, by: Color, role: Role, steps: &[Step]) -> bool {
    let attacker = Piece::new(by, role);
    steps.iter().any(|&v| {
        sq.offset(v).is_none()
            && sq
                .offset(v.reverse())
                .is_some_and(|from| board.piece_at(from) == Some(attacker))
    })
}

/// A pawn pushes an enemy piece one square diagonally forward; off the
/// board when that square is past an edge.
fn pawns_threaten(board: &Board, sq: Square, by: Color) -> bool {
    let pawn = Piece::new(by, Role::Pawn);
    [-1, 1].into_iter().any(|side| {
        let ahead = Step::new(side, by.forward());
        sq.offset(ahead).is_none()
            && sq
                .offset(ahead.reverse())
                .is_some_and(|from| board.piece_at(from) == Some(pawn))
    })
}
