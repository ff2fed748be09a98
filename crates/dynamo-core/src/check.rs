//! Check: a king is in check when the opponent, were it their turn, could
//! push or pull it off the board (docs/RULES.md §6).
//!
//! The test is pseudo-legal: the attacker's own king safety, the
//! king-transit rule and the no-undo rule do not matter to it. It runs for
//! candidate moves, so it reads the attacker's pieces as bitboards, found
//! once a position (`Attackers`), against precomputed tables: the
//! squares along each line (bitboard.rs), and the few squares from which
//! a knight, king or pawn could push a piece on a given edge square off.

use crate::bitboard::{Bitboard, ray, reverse};
use crate::board::{Board, PieceSets};
use crate::color::Color;
use crate::role::{Piece, Role};
use crate::square::{Square, Step};

/// Whether `by` could push or pull the piece on `sq` (a piece of the other
/// side) off the board in one turn.
pub fn can_push_or_pull_off(board: &Board, sq: Square, by: Color) -> bool {
    Attackers::of(board, by).threaten(board.occupied(), sq)
}

/// Whether `color`'s king stands in check on `board`.
pub fn is_in_check(board: &Board, color: Color) -> bool {
    match board.king_of(color) {
        Some(king) => can_push_or_pull_off(board, king, !color),
        None => false,
    }
}

/// The pieces of one side as the check test reads them: its sliders by
/// the lines they move along, its knights, king and pawns. Found once for
/// a position, they answer the test for any square and for the occupied
/// squares after any move that moves none of these pieces
/// ([`Attackers::threaten`]), a few ANDs a line.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Attackers {
    by: Color,
    /// Index 0: rooks and queens (ranks and files, the even directions of
    /// [`Step::KING`]); index 1: bishops and queens (diagonals).
    sliders: [Bitboard; 2],
    knights: Bitboard,
    king: Bitboard,
    pawns: Bitboard,
}

impl Attackers {
    /// `by`'s pieces on `board`.
    pub(crate) fn of(board: &Board, by: Color) -> Attackers {
        Attackers::among(&board.piece_sets(), by)
    }

    /// `by`'s pieces among a board's pieces.
    #[inline]
    pub(crate) fn among(sets: &PieceSets, by: Color) -> Attackers {
        let role = |r: Role| sets.of(Piece::new(by, r));
        Attackers {
            by,
            sliders: [
                role(Role::Rook) | role(Role::Queen),
                role(Role::Bishop) | role(Role::Queen),
            ],
            knights: role(Role::Knight),
            king: role(Role::King),
            pawns: role(Role::Pawn),
        }
    }

    /// These pieces after the one on `from` moved to `to` (or off the
    /// board), where it stands as a `now` (a pawn promoted on the way).
    #[inline]
    pub(crate) fn moved(&self, from: Square, to: Option<Square>, now: Role) -> Attackers {
        let gone = !Bitboard::from_square(from);
        let mut after = Attackers {
            by: self.by,
            sliders: [self.sliders[0] & gone, self.sliders[1] & gone],
            knights: self.knights & gone,
            king: self.king & gone,
            pawns: self.pawns & gone,
        };
        if let Some(to) = to {
            let to = Bitboard::from_square(to);
            match now {
                Role::Pawn => after.pawns |= to,
                Role::Knight => after.knights |= to,
                Role::Bishop => after.sliders[1] |= to,
                Role::Rook => after.sliders[0] |= to,
                Role::Queen => {
                    after.sliders[0] |= to;
                    after.sliders[1] |= to;
                }
                Role::King => after.king |= to,
            }
        }
        after
    }

    /// Whether one of these pieces stands on `sq` and slides along `dir`.
    #[inline]
    pub(crate) fn slides_along(&self, sq: Square, dir: usize) -> bool {
        self.sliders[dir & 1].contains(sq)
    }

    /// Whether one of these pieces on `squares` slides along `dir`.
    #[inline]
    pub(crate) fn slide_along(&self, squares: Bitboard, dir: usize) -> bool {
        squares.intersects(self.sliders[dir & 1])
    }

    /// Whether these pieces could push or pull the piece on `sq` off the
    /// board, on a board whose occupied squares are `occupied`: the
    /// board they were found on, or the board after a move that moved
    /// none of them, where every square whose occupancy differs holds no
    /// piece of theirs, before or after (exposure.rs).
    #[inline]
    pub(crate) fn threaten(&self, occupied: Bitboard, sq: Square) -> bool {
        let i = sq.index();
        let leapers = (TABLES.knight_pushers[i] & self.knights)
            | (TABLES.king_pushers[i] & self.king)
            | (TABLES.pawn_pushers[self.by.index()][i] & self.pawns);
        !leapers.is_empty() || self.lines_threaten(occupied, sq)
    }

    /// Sliders push the piece off when the line behind it is empty to the
    /// edge, and pull it off by leaving the board themselves when the line
    /// behind the slider is empty to the edge.
    #[inline]
    fn lines_threaten(&self, occupied: Bitboard, sq: Square) -> bool {
        for dir in 0..8 {
            let line = ray(sq, dir);
            let sliders = self.sliders[dir & 1];
            if !line.intersects(sliders) {
                continue;
            }
            let Some(slider_sq) = (line & occupied).nearest(dir) else {
                continue;
            };
            if sliders.contains(slider_sq)
                && ((ray(sq, reverse(dir)) & occupied).is_empty()
                    || (ray(slider_sq, dir) & occupied).is_empty())
            {
                return true;
            }
        }
        false
    }
}

/// The squares from which an enemy knight, king or pawn of `by` would
/// push the piece on `sq` off the board.
pub(crate) fn leaper_pushers(sq: Square, by: Color) -> Bitboard {
    TABLES.knight_pushers[sq.index()]
        | TABLES.king_pushers[sq.index()]
        | TABLES.pawn_pushers[by.index()][sq.index()]
}

/// The squares from which a `role` of `by` would push the piece on `sq`
/// off the board: none for a slider, which pushes along lines.
pub(crate) fn pushers_as(role: Role, sq: Square, by: Color) -> Bitboard {
    match role {
        Role::Knight => TABLES.knight_pushers[sq.index()],
        Role::King => TABLES.king_pushers[sq.index()],
        Role::Pawn => TABLES.pawn_pushers[by.index()][sq.index()],
        Role::Bishop | Role::Rook | Role::Queen => Bitboard::EMPTY,
    }
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
    let mut out = 0u64;
    let mut i = 0;
    while i < steps.len() {
        let v = steps[i];
        if offset(sq, v).is_none()
            && let Some(from) = offset(sq, v.reverse())
        {
            out |= 1 << from.index();
        }
        i += 1;
    }
    Bitboard(out)
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
