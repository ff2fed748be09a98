//! Piece placement: which piece stands on which square.

use std::fmt;

use crate::bitboard::Bitboard;
use crate::color::Color;
use crate::role::{Piece, Role};
use crate::square::Square;
use crate::zobrist;

/// The 64 squares and what stands on each. Nothing else: whose turn it is,
/// castling and history live in [`crate::Position`].
///
/// One byte a square (0 empty, else a piece code), with two summaries kept
/// up to date by every change: the occupied squares as a bitboard, for the
/// check test's rays, and the Zobrist key of the placement. The key comes
/// first so that comparing two boards (the no-undo rule, §7) compares the
/// keys before the squares: boards that differ almost always differ there.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Board {
    key: u64,
    occupied: Bitboard,
    squares: [u8; 64],
}

/// Where each piece stands on a [`Board`]: a set of squares for each
/// byte value a square can hold ([`Board::piece_sets`]).
#[derive(Debug, Clone, Copy)]
pub struct PieceSets([Bitboard; 16]);

impl PieceSets {
    /// The squares that hold exactly `piece`.
    #[inline]
    pub fn of(&self, piece: Piece) -> Bitboard {
        self.0[usize::from(code(piece))]
    }
}

/// The byte that stands for `piece` on a [`Board`].
#[inline]
const fn code(piece: Piece) -> u8 {
    (piece.color as u8) << 3 | (piece.role as u8 + 1)
}

/// The piece for each byte value; 0 and unused values are empty.
const DECODE: [Option<Piece>; 16] = {
    let mut table = [None; 16];
    let mut c = 0;
    while c < Color::ALL.len() {
        let mut r = 0;
        while r < Role::ALL.len() {
            let piece = Piece::new(Color::ALL[c], Role::ALL[r]);
            table[code(piece) as usize] = Some(piece);
            r += 1;
        }
        c += 1;
    }
    table
};

/// The lowest bit of each byte of a word.
const LOW_BITS: u64 = 0x0101_0101_0101_0101;

/// The lowest bit of each byte of `word` set where that byte is not 0,
/// the other bits clear: each byte's eight bits ORed down into its
/// lowest (a shift never carries a bit of one byte below the lowest of
/// the byte under it, so only the byte's own bits reach it).
#[inline]
const fn nonzero_bytes(word: u64) -> u64 {
    let mut t = word | (word >> 4);
    t |= t >> 2;
    t |= t >> 1;
    t & LOW_BITS
}

/// The lowest bits of a word's eight bytes (each 0 or 1, every other bit
/// clear) gathered into one byte, byte `i`'s bit as bit `i`. The
/// multiplier moves byte `i`'s bit, at bit `8i`, to bit `56 + i`; every
/// other product lands below bit 56 or above bit 63, on a bit of its own,
/// so nothing carries into the top byte.
#[inline]
const fn byte_flags(flags: u64) -> u64 {
    flags.wrapping_mul(0x0102_0408_1020_4080) >> 56
}

/// Why a piece-placement text (FEN's first field) is not a board.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PlacementError {
    /// The text does not have 8 ranks separated by `/`; holds how many it has.
    #[error("expected 8 ranks separated by '/', found {0}")]
    RankCount(usize),
    /// A rank's letters and digits do not add up to 8 squares.
    #[error("rank {rank} describes {squares} squares, not 8")]
    RankLength {
        /// The rank, 1–8.
        rank: u8,
        /// How many squares it describes.
        squares: usize,
    },
    /// A character that is neither a digit 1–8 nor a piece letter.
    #[error("unknown piece letter '{letter}' on rank {rank}")]
    UnknownPiece {
        /// The character.
        letter: char,
        /// The rank it was found on, 1–8.
        rank: u8,
    },
}

impl Board {
    /// A board with no pieces on it.
    pub const fn empty() -> Board {
        // Every empty square's key is 0, so the empty board's key is too.
        Board {
            key: 0,
            occupied: Bitboard::EMPTY,
            squares: [0; 64],
        }
    }

    /// The orthodox starting placement.
    pub fn start() -> Board {
        Board::from_placement("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR")
            .expect("the starting placement is well formed")
    }

    /// The piece on `sq`, if any.
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        DECODE[self.squares[sq.index()] as usize]
    }

    /// Whether no piece stands on `sq`.
    #[inline]
    pub fn is_empty(&self, sq: Square) -> bool {
        self.squares[sq.index()] == 0
    }

    /// Whether `sq` holds exactly `piece`.
    #[inline]
    pub fn has(&self, sq: Square, piece: Piece) -> bool {
        self.squares[sq.index()] == code(piece)
    }

    /// Puts `piece` on `sq` in place of whatever stood there; `None` empties it.
    #[inline]
    pub fn set(&mut self, sq: Square, piece: Option<Piece>) {
        self.put(sq, piece.map_or(0, code));
    }

    /// Removes the piece on `sq` and returns it, if there was one.
    #[inline]
    pub fn take(&mut self, sq: Square) -> Option<Piece> {
        let piece = self.piece_at(sq);
        self.put(sq, 0);
        piece
    }

    #[inline]
    fn put(&mut self, sq: Square, byte: u8) {
        let i = sq.index();
        self.key ^= zobrist::piece(self.squares[i], i) ^ zobrist::piece(byte, i);
        self.squares[i] = byte;
        if byte == 0 {
            self.occupied.remove(sq);
        } else {
            self.occupied.insert(sq);
        }
    }

    /// The occupied squares.
    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.occupied
    }

    /// The squares of every piece, by piece, for the check test
    /// (check.rs), perft's counting (count.rs) and the engine's
    /// evaluation to read a whole position's pieces at once. Each occupied square's byte is the index
    /// of its piece's set, so the loop visits the pieces once, with no
    /// branch on a piece's colour or kind (a branch on the colour was a
    /// misprediction every other piece).
    #[inline]
    pub fn piece_sets(&self) -> PieceSets {
        let mut sets = [Bitboard::EMPTY; 16];
        for sq in self.occupied {
            sets[usize::from(self.squares[sq.index()])].insert(sq);
        }
        PieceSets(sets)
    }

    /// The squares of `color`'s pieces, by role in the order of
    /// [`Role::ALL`].
    #[cfg(test)]
    pub(crate) fn roles_of(&self, color: Color) -> [Bitboard; 6] {
        let sets = self.piece_sets();
        Role::ALL.map(|role| sets.of(Piece::new(color, role)))
    }

    /// The 64 squares' bytes as eight words, a1–h1 first, byte `i` of a
    /// word (from the least significant) the word's `i`th square.
    #[inline]
    fn words(&self) -> impl Iterator<Item = u64> + '_ {
        self.squares
            .chunks_exact(8)
            .map(|chunk| u64::from_le_bytes(chunk.try_into().expect("eight bytes")))
    }

    /// The Zobrist key of the placement, kept up to date by every change.
    #[inline]
    pub fn zobrist(&self) -> u64 {
        self.key
    }

    /// The squares where `self` and `other` hold different things.
    /// Compared eight squares a word (the exposure finds them once a
    /// position, exposure.rs).
    pub fn differences(&self, other: &Board) -> Bitboard {
        let mut bits = 0u64;
        for (i, (a, b)) in self.words().zip(other.words()).enumerate() {
            bits |= byte_flags(nonzero_bytes(a ^ b)) << (8 * i);
        }
        Bitboard(bits)
    }

    /// The Zobrist key of the placement computed square by square, which
    /// [`Board::zobrist`] must always equal.
    pub fn zobrist_from_scratch(&self) -> u64 {
        self.squares
            .iter()
            .enumerate()
            .fold(0, |key, (i, &byte)| key ^ zobrist::piece(byte, i))
    }

    /// Every occupied square with its piece, a1 first.
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        Square::all().filter_map(|sq| self.piece_at(sq).map(|p| (sq, p)))
    }

    /// The squares holding `piece`.
    pub fn find(&self, piece: Piece) -> impl Iterator<Item = Square> + '_ {
        self.pieces()
            .filter(move |&(_, p)| p == piece)
            .map(|(sq, _)| sq)
    }

    /// The square of `color`'s king, if exactly one stands on the board.
    pub fn king_of(&self, color: Color) -> Option<Square> {
        let mut kings = self.find(Piece::new(color, Role::King));
        let first = kings.next()?;
        kings.next().is_none().then_some(first)
    }

    /// Parses FEN's piece-placement field.
    pub fn from_placement(text: &str) -> Result<Board, PlacementError> {
        let ranks: Vec<&str> = text.split('/').collect();
        if ranks.len() != 8 {
            return Err(PlacementError::RankCount(ranks.len()));
        }
        let mut board = Board::empty();
        for (i, rank_text) in ranks.iter().enumerate() {
            let rank = 7 - i as u8;
            let mut file = 0usize;
            for c in rank_text.chars() {
                if let Some(d) = c.to_digit(10).filter(|d| (1..=8).contains(d)) {
                    file += d as usize;
                } else {
                    let piece = Piece::from_char(c).ok_or(PlacementError::UnknownPiece {
                        letter: c,
                        rank: rank + 1,
                    })?;
                    if file < 8 {
                        let sq = Square::new(file as i8, rank as i8).expect("file and rank < 8");
                        board.set(sq, Some(piece));
                    }
                    file += 1;
                }
            }
            if file != 8 {
                return Err(PlacementError::RankLength {
                    rank: rank + 1,
                    squares: file,
                });
            }
        }
        Ok(board)
    }

    /// FEN's piece-placement field.
    pub fn placement(&self) -> String {
        let mut out = String::with_capacity(72);
        for rank in (0..8).rev() {
            let mut empty = 0;
            for file in 0..8 {
                let sq = Square::new(file, rank).expect("on the board");
                match self.piece_at(sq) {
                    Some(p) => {
                        if empty > 0 {
                            out.push(char::from(b'0' + empty));
                            empty = 0;
                        }
                        out.push(p.char());
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                out.push(char::from(b'0' + empty));
            }
            if rank > 0 {
                out.push('/');
            }
        }
        out
    }
}

impl Default for Board {
    fn default() -> Board {
        Board::start()
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Board({})", self.placement())
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::Board;
    use crate::bitboard::Bitboard;
    use crate::color::Color;
    use crate::role::{Piece, Role};
    use crate::square::Square;

    /// A board from random bytes: each a square and a piece or nothing.
    fn board(bytes: &[(u8, u8)]) -> Board {
        let mut board = Board::empty();
        for &(sq, kind) in bytes {
            let piece = (kind % 13 != 12).then(|| {
                Piece::new(
                    Color::ALL[usize::from(kind % 2)],
                    Role::ALL[usize::from(kind / 2 % 6)],
                )
            });
            board.set(
                Square::from_index(usize::from(sq % 64)).expect("< 64"),
                piece,
            );
        }
        board
    }

    fn set(squares: impl Iterator<Item = Square>) -> Bitboard {
        squares.fold(Bitboard::EMPTY, |mut set, sq| {
            set.insert(sq);
            set
        })
    }

    proptest! {
        #[test]
        fn eight_squares_a_word_read_as_square_by_square(
            a in prop::collection::vec(any::<(u8, u8)>(), 0..80),
            b in prop::collection::vec(any::<(u8, u8)>(), 0..20),
        ) {
            let before = board(&a);
            // A second board near the first, as after a move, or far.
            let mut after = before;
            for &(sq, kind) in &b {
                let piece = (kind % 3 != 0).then(|| Piece::new(Color::ALL[usize::from(kind % 2)], Role::Knight));
                after.set(Square::from_index(usize::from(sq % 64)).expect("< 64"), piece);
            }
            let far = board(&b);
            for (one, other) in [(&before, &after), (&after, &far)] {
                let differ = set(Square::all().filter(|&sq| one.piece_at(sq) != other.piece_at(sq)));
                prop_assert_eq!(one.differences(other), differ);
            }
            for color in Color::ALL {
                let roles = before.roles_of(color);
                for (i, role) in Role::ALL.into_iter().enumerate() {
                    let found = set(before.find(Piece::new(color, role)));
                    prop_assert_eq!(roles[i], found, "{:?} {:?}", color, role);
                }
            }
        }
    }
}
