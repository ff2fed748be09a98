//! English descriptive notation, NOST's third way of writing a move
//! (docs/RULES.md §10): `B-KN2/PE`, `BKB1/PE`, `P-K4`, `N-B3`. Squares are
//! counted from the mover's own side, and a file may be named by its piece
//! alone (`B3` is QB3 or KB3), so a descriptive move is a pattern that
//! must fit exactly one legal move. It is read, never written: output is
//! always canonical algebraic.

use super::cursor::{Cursor, SyntaxError};
use crate::color::Color;
use crate::moves::Move;
use crate::position::Position;
use crate::role::Role;
use crate::square::Square;

/// A square as descriptive notation names it: the files it may be on and
/// the rank counted from the mover's side (1–8).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct DescSquare {
    /// Bit `f` set: the a-file is bit 0 … the h-file bit 7.
    files: u8,
    rank: u8,
}

impl DescSquare {
    fn fits(self, sq: Square, pos: &Position) -> bool {
        let rank = match pos.turn() {
            Color::White => sq.rank() + 1,
            Color::Black => 8 - sq.rank(),
        };
        self.files & (1 << sq.file()) != 0 && rank == self.rank
    }
}

/// Where a written piece goes: a square, or off the board (`E`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DescDest {
    /// A square, counted from the mover's side.
    Square(DescSquare),
    /// Off the board, written `E`.
    Off,
}

/// One half of a descriptive move: the piece, where it stands if written,
/// where it goes if written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct DescPart {
    /// The piece letter (`P` for pawns).
    pub role: Role,
    /// The square it stands on, if written (`BKB1/PE`).
    pub at: Option<DescSquare>,
    /// Where it goes, if written; a mover written without it stays where it
    /// is (a stationary push or pull).
    pub to: Option<DescDest>,
    /// The promotion piece, if written (`=Q` or `(Q)`).
    pub promotion: Option<Role>,
}

/// A move in descriptive notation: the mover and, after `/`, the pushed or
/// pulled piece.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Descriptive {
    /// The piece that moves, or pushes or pulls without moving.
    pub mover: DescPart,
    /// The pushed or pulled piece, after the `/`.
    pub target: Option<DescPart>,
}

/// Whether `text` is written in descriptive notation rather than
/// algebraic: a piece letter first and no lower-case file letters.
pub fn looks_descriptive(text: &str) -> bool {
    text.chars()
        .next()
        .is_some_and(|c| Role::from_upper_char(c).is_some())
        && !text.chars().any(|c| c.is_ascii_lowercase())
}

/// The shared move-text cursor, with the readers descriptive notation
/// adds to it.
struct Reader<'a>(Cursor<'a>);

impl<'a> std::ops::Deref for Reader<'a> {
    type Target = Cursor<'a>;
    fn deref(&self) -> &Cursor<'a> {
        &self.0
    }
}

impl std::ops::DerefMut for Reader<'_> {
    fn deref_mut(&mut self) -> &mut Self::Target {
        &mut self.0
    }
}

impl Reader<'_> {
    fn role(&mut self) -> Result<Role, SyntaxError> {
        let role = self
            .peek()
            .and_then(|c| Role::from_upper_char(c as char))
            .ok_or_else(|| self.error("a piece letter: K, Q, R, B, N or P"))?;
        self.at += 1;
        Ok(role)
    }

    /// `K1`, `KB3`, `QR8`, `B3` (either bishop's file), `R1`, `N5`.
    fn square(&mut self) -> Option<DescSquare> {
        let start = self.at;
        let wing = match self.peek() {
            Some(b'K') => {
                self.at += 1;
                Some(true)
            }
            Some(b'Q') => {
                self.at += 1;
                Some(false)
            }
            _ => None,
        };
        // File numbers on the queen's wing, then the king's.
        let piece_files: Option<(u8, u8)> = match self.peek() {
            Some(b'R') => Some((0, 7)),
            Some(b'N') => Some((1, 6)),
            Some(b'B') => Some((2, 5)),
            _ => None,
        };
        if piece_files.is_some() {
            self.at += 1;
        }
        let files = match (wing, piece_files) {
            (Some(true), None) => 1 << 4,
            (Some(false), None) => 1 << 3,
            (Some(true), Some((_, k))) => 1 << k,
            (Some(false), Some((q, _))) => 1 << q,
            (None, Some((q, k))) => (1 << q) | (1 << k),
            (None, None) => {
                self.at = start;
                return None;
            }
        };
        match self.peek() {
            Some(d @ b'1'..=b'8') => {
                self.at += 1;
                Some(DescSquare {
                    files,
                    rank: d - b'0',
                })
            }
            _ => {
                self.at = start;
                None
            }
        }
    }

    fn dest(&mut self) -> Result<DescDest, SyntaxError> {
        if self.eat(b'E') {
            return Ok(DescDest::Off);
        }
        self.square()
            .map(DescDest::Square)
            .ok_or_else(|| self.error("a square such as KB3, or E for off the board"))
    }

    fn promotion(&mut self) -> Result<Option<Role>, SyntaxError> {
        let closing = if self.eat(b'=') {
            None
        } else if self.eat(b'(') {
            Some(b')')
        } else {
            return Ok(None);
        };
        let role = self
            .peek()
            .and_then(|c| Role::from_upper_char(c as char))
            .filter(|r| Role::PROMOTIONS.contains(r))
            .ok_or_else(|| self.error("a promotion piece: Q, R, B or N"))?;
        self.at += 1;
        if let Some(c) = closing
            && !self.eat(c)
        {
            return Err(self.error("')'"));
        }
        Ok(Some(role))
    }

    fn part(&mut self, mover: bool) -> Result<DescPart, SyntaxError> {
        let role = self.role()?;
        let at = self.square();
        let to = if self.eat(b'-') || self.peek() == Some(b'E') {
            Some(self.dest()?)
        } else {
            None
        };
        let promotion = self.promotion()?;
        let stationary_mover = mover && at.is_some() && self.rest().trim_start().starts_with('/');
        if to.is_none() && !stationary_mover {
            return Err(self.error(if mover {
                "'-' and where the piece goes, or its square and '/'"
            } else {
                "'-' and where the piece goes, or E for off the board"
            }));
        }
        Ok(DescPart {
            role,
            at,
            to,
            promotion,
        })
    }
}

impl Descriptive {
    /// Parses a descriptive move (without check marks).
    pub fn parse(text: &str) -> Result<Descriptive, SyntaxError> {
        Descriptive::read(Cursor::new(text))
    }

    /// Reads a descriptive move from where `cur` stands to the end.
    pub(crate) fn read(cur: Cursor<'_>) -> Result<Descriptive, SyntaxError> {
        let mut r = Reader(cur);
        let mover = r.part(true)?;
        let before = r.at;
        r.skip_spaces();
        let target = if r.eat(b'/') {
            r.skip_spaces();
            Some(r.part(false)?)
        } else {
            r.at = before;
            None
        };
        if !r.is_done() {
            return Err(r.error(if target.is_some() {
                "the end of the move"
            } else {
                "'/' or the end of the move"
            }));
        }
        Ok(Descriptive { mover, target })
    }

    /// Whether the legal move `m` fits this pattern in `pos`, promotion
    /// aside.
    pub fn fits(&self, m: &Move, pos: &Position) -> bool {
        if matches!(m, Move::Castle { .. }) || m.role() != self.mover.role {
            return false;
        }
        let square_fits =
            |want: Option<DescSquare>, sq: Square| want.is_none_or(|d| d.fits(sq, pos));
        let dest_fits = |want: Option<DescDest>, end: Option<Square>| match (want, end) {
            (None, _) => true,
            (Some(DescDest::Off), None) => true,
            (Some(DescDest::Square(d)), Some(sq)) => d.fits(sq, pos),
            _ => false,
        };
        if !square_fits(self.mover.at, m.from()) {
            return false;
        }
        let moved = m.to() != Some(m.from());
        match self.mover.to {
            // Written with its square and no destination: it stays.
            None => {
                if moved {
                    return false;
                }
            }
            want => {
                if !moved || !dest_fits(want, m.to()) {
                    return false;
                }
            }
        }
        match (self.target, m.shove()) {
            (None, None) => true,
            (Some(t), Some(s)) => {
                t.role == s.target
                    && square_fits(t.at, s.target_from)
                    && dest_fits(t.to, s.target_to)
            }
            _ => false,
        }
    }

    /// The promotion piece written on either half.
    pub fn promotion(&self) -> Option<Role> {
        self.mover
            .promotion
            .or(self.target.and_then(|t| t.promotion))
    }
}
