//! Check: a king is in check when the opponent, were it their turn, could
//! push or pull it off the board (docs/RULES.md §6).
//!
//! The test is pseudo-legal: the attacker's own king safety, the
//! king-transit rule and the no-undo rule do not matter to it. It runs for
//! candidate moves, so it reads precomputed tables: the squares along each
//! line as bitboards (bitboard.rs), and the few squares from which a
//! knight, king or pawn could push a piece on a given edge square off.

use crate::bitboard::{Bitboard, ray};
use crate::board::Board;
use crate::color::Color;
use crate::role::{Piece, Role};
use crate::square::{Square, Step};

/// Whether `by` could push or pull the piece on `sq` (a piece of the other
/// side) off the board in one turn.
pub fn can_push_or_pull_off(board: &Board, sq: Square, by: Color) -> bool {
    can_push_or_pull_off_among(board, board.occupied(), sq, by)
}

/// The same test on a board whose occupied squares are `occupied` rather
/// than `board`'s own, where every square whose occupancy differs holds
/// no piece of `by`, before or after: the board after a move that moves
/// none of `by`'s pieces, judged without building it (exposure.rs).
pub(crate) fn can_push_or_pull_off_among(
    board: &Board,
    occupied: Bitboard,
    sq: Square,
    by: Color,
) -> bool {
    lines_threaten(board, occupied, sq, by)
        || pushers_threaten(
            board,
            &TABLES.knight_pushers[sq.index()],
            Piece::new(by, Role::Knight),
        )
        || pushers_threaten(
            board,
            &TABLES.king_pushers[sq.index()],
            Piece::new(by, Role::King),
        )
        || pushers_threaten(
            board,
            &TABLES.pawn_pushers[by.index()][sq.index()],
            Piece::new(by, Role::Pawn),
        )
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
    let mut bits = Bitboard::EMPTY;
    for squares in [
        &TABLES.knight_pushers[sq.index()],
        &TABLES.king_pushers[sq.index()],
        &TABLES.pawn_pushers[by.index()][sq.index()],
    ] {
        for &s in squares.iter() {
            bits.insert(s);
        }
    }
    bits
}

/// Whether `role` slides along direction `dir` of [`Step::KING`]: even
/// directions are ranks and files, odd ones diagonals.
#[inline]
pub(crate) fn slides_along(role: Role, dir: usize) -> bool {
    if dir.is_multiple_of(2) {
        role.slides_straight()
    } else {
        role.slides_diagonally()
    }
}

/// Sliders push the piece off when the line behind it is empty to the
/// edge, and pull it off by leaving the board themselves when the line
/// behind the slider is empty to the edge.
fn lines_threaten(board: &Board, occupied: Bitboard, sq: Square, by: Color) -> bool {
    for dir in 0..8 {
        let Some(slider_sq) = (ray(sq, dir) & occupied).nearest(dir) else {
            continue;
        };
        let Some(piece) = board.piece_at(slider_sq) else {
            continue;
        };
        if piece.color != by || !slides_along(piece.role, dir) {
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

fn pushers_threaten(board: &Board, squares: &Squares, attacker: Piece) -> bool {
    squares.iter().any(|&s| board.has(s, attacker))
}

/// Up to 8 squares, stored inline so the tables can be built at compile
/// time.
struct Squares {
    squares: [Square; 8],
    len: u8,
}

impl Squares {
    const EMPTY: Squares = Squares {
        squares: [Square::A1; 8],
        len: 0,
    };

    const fn push(&mut self, sq: Square) {
        self.squares[self.len as usize] = sq;
        self.len += 1;
    }

    fn iter(&self) -> std::slice::Iter<'_, Square> {
        self.squares[..self.len as usize].iter()
    }
}

struct Tables {
    /// From where a knight pushes the piece on a square off the board.
    knight_pushers: [Squares; 64],
    /// From where a king pushes the piece on a square off the board.
    king_pushers: [Squares; 64],
    /// From where a pawn of each colour pushes an enemy piece on a square
    /// off the board (diagonally forward).
    pawn_pushers: [[Squares; 64]; 2],
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
const fn pushers(sq: u8, steps: &[Step]) -> Squares {
    let mut out = Squares::EMPTY;
    let mut i = 0;
    while i < steps.len() {
        let v = steps[i];
        if offset(sq, v).is_none()
            && let Some(from) = offset(sq, v.reverse())
        {
            out.push(from);
        }
        i += 1;
    }
    out
}

const fn build_tables() -> Tables {
    let mut t = Tables {
        knight_pushers: [Squares::EMPTY; 64],
        king_pushers: [Squares::EMPTY; 64],
        pawn_pushers: [[Squares::EMPTY; 64], [Squares::EMPTY; 64]],
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
