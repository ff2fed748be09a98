//! Check: a king is in check when the opponent, were it their turn, could
//! push or pull it off the board (docs/RULES.md §6).
//!
//! The test is pseudo-legal: the attacker's own king safety, the
//! king-transit rule and the no-undo rule do not matter to it. It runs for
//! candidate moves, so it reads bitboards: the board's pieces by side and
//! kind, the squares along each line (bitboard.rs), and the few squares
//! from which a knight, king or pawn could push a piece on a given edge
//! square off.

use crate::bitboard::{Bitboard, ray};
use crate::board::Board;
use crate::color::Color;
use crate::role::Role;
use crate::square::{Square, Step};

/// Whether `by` could push or pull the piece on `sq` (a piece of the other
/// side) off the board in one turn.
pub fn can_push_or_pull_off(board: &Board, sq: Square, by: Color) -> bool {
    can_push_or_pull_off_among(board, board.occupied(), sq, by)
}

/// The same test on a board whose occupied squares are `occupied`
/// rather than `board`'s own, where every square whose occupancy differs
/// holds no piece of `by`, before or after: the board after a move that
/// moves none of `by`'s pieces, judged without building it (exposure.rs).
/// `by`'s pieces are read from `board`'s bitboards, which that leaves
/// right.
pub(crate) fn can_push_or_pull_off_among(
    board: &Board,
    occupied: Bitboard,
    sq: Square,
    by: Color,
) -> bool {
    let i = sq.index();
    let leapers = (TABLES.knight_pushers[i] & board.by_role(Role::Knight))
        | (TABLES.king_pushers[i] & board.by_role(Role::King))
        | (TABLES.pawn_pushers[by.index()][i] & board.by_role(Role::Pawn));
    leapers.intersects(board.by_color(by)) || lines_threaten(board, occupied, sq, by)
}

/// Whether `color`'s king stands in check on `board`.
pub fn is_in_check(board: &Board, color: Color) -> bool {
    match board.king_of(color) {
        Some(king) => can_push_or_pull_off(board, king, !color),
        None => false,
    }
}

/// The squares from which an enemy knight, king or pawn of `by` would
/// push the piece on `sq` off the board.
pub(crate) fn leaper_pushers(sq: Square, by: Color) -> Bitboard {
    TABLES.knight_pushers[sq.index()]
        | TABLES.king_pushers[sq.index()]
        | TABLES.pawn_pushers[by.index()][sq.index()]
}

/// Sliders push the piece off when the line behind it is empty to the
/// edge, and pull it off by leaving the board themselves when the line
/// behind the slider is empty to the edge.
fn lines_threaten(board: &Board, occupied: Bitboard, sq: Square, by: Color) -> bool {
    let them = board.by_color(by);
    let queens = board.by_role(Role::Queen);
    let straight = (board.by_role(Role::Rook) | queens) & them;
    let diagonal = (board.by_role(Role::Bishop) | queens) & them;
    for dir in 0..8 {
        let sliders = if dir % 2 == 0 { straight } else { diagonal };
        let line = ray(sq, dir);
        if !line.intersects(sliders) {
            continue;
        }
        let Some(slider_sq) = (line & occupied).nearest(dir) else {
            continue;
        };
        if !sliders.contains(slider_sq) {
            continue;
        }
        if (ray(sq, (dir + 4) % 8) & occupied).is_empty()
            || (ray(slider_sq, dir) & occupied).is_empty()
        {
            return true;
        }
    }
    false
}

struct Tables {
    /// From where a knight pushes the piece on a square off the board.
    knight_pushers: [Bitboard; 64],
    /// From where a king pushes the piece on a square off the board.
    king_pushers: [Bitboard; 64],
    /// From where a pawn of each colour pushes an enemy piece on a square
    /// off the board (diagonally forward).
    pawn_pushers: [[Bitboard; 64]; 2],
}

const fn offset(sq: u8, step: Step) -> Option<Square> {
    let file = (sq % 8) as i8 + step.file;
    let rank = (sq / 8) as i8 + step.rank;
    if file >= 0 && file < 8 && rank >= 0 && rank < 8 {
        Some(Square::from_index_const((rank * 8 + file) as u8))
    } else {
        None
    }
}

/// The squares `s` from which a step `v` out of `steps` hits `sq`, with
/// `sq + v` off the board.
const fn pushers(sq: u8, steps: &[Step]) -> Bitboard {
    let mut bits = 0u64;
    let mut i = 0;
    while i < steps.len() {
        let v = steps[i];
        if offset(sq, v).is_none()
            && let Some(from) = offset(sq, v.reverse())
        {
            bits |= 1 << from.index();
        }
        i += 1;
    }
    Bitboard(bits)
}

const fn build_tables() -> Tables {
    let mut t = Tables {
        knight_pushers: [Bitboard::EMPTY; 64],
        king_pushers: [Bitboard::EMPTY; 64],
        pawn_pushers: [[Bitboard::EMPTY; 64], [Bitboard::EMPTY; 64]],
    };
    let white_pawn = [Step::new(-1, 1), Step::new(1, 1)];
    let black_pawn = [Step::new(-1, -1), Step::new(1, -1)];
    let mut sq = 0u8;
    while sq < 64 {
        t.knight_pushers[sq as usize] = pushers(sq, &Step::KNIGHT);
        t.king_pushers[sq as usize] = pushers(sq, &Step::KING);
        t.pawn_pushers[0][sq as usize] = pushers(sq, &white_pawn);
        t.pawn_pushers[1][sq as usize] = pushers(sq, &black_pawn);
        sq += 1;
    }
    t
}

static TABLES: Tables = build_tables();
