//! The first stage of reading a move: NOST algebraic and numeric text
//! (docs/RULES.md §10) into a [`Notation`], knowing only what was written.
//!
//! Letters are read in either case where that leaves no doubt: a file
//! letter followed by a rank is a square (`E2`, `b2`); any other `K`, `Q`,
//! `R`, `B`, `N` or `P`, in either case, is a piece (`ng1f3`, `BF1/G2E`);
//! an `E` or `e` followed by no rank is off the board.

use std::str::FromStr;

use super::cursor::{Cursor, SyntaxError};
use super::descriptive::{Descriptive, looks_descriptive};
use super::number::MoveNumber;
use crate::castling::CastlingSide;
use crate::role::Role;
use crate::square::Square;

/// Where a written piece ends: a square, or off the board (`E`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Dest {
    /// A square on the board.
    Square(Square),
    /// Off the board: `E` (`00` in numeric notation).
    Off,
}

impl Dest {
    /// The square, or `None` for off the board.
    pub fn square(self) -> Option<Square> {
        match self {
            Dest::Square(sq) => Some(sq),
            Dest::Off => None,
        }
    }
}

/// One half of a written move: a piece, where it stands, where it goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Part {
    /// The piece letter, if one was written (`P` for pawns).
    pub role: Option<Role>,
    /// The square the piece stands on.
    pub from: Square,
    /// `None` when no destination was written: a stationary mover.
    pub to: Option<Dest>,
    /// The promotion piece written after this half: `=Q`, or a digit 1–4 in
    /// numeric notation.
    pub promotion: Option<Role>,
}

/// The two written forms: algebraic needs piece letters, numeric has none.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Style {
    /// Letters and squares, `Qd1d3/d2d6`.
    Algebraic,
    /// Digits only, `4143/4246`.
    Numeric,
}

/// Short algebraic (docs/RULES.md §10): the mover's square left out, or
/// only its file or rank written, as in `e4`, `Nf3`, `Nbd2`, `Qd3/d2d6`.
/// A pattern over the legal moves, like descriptive notation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Short {
    /// The piece letter, if one was written; none means a pawn.
    pub role: Option<Role>,
    /// The mover's file (0 = a), when written to tell two pieces apart.
    pub file: Option<u8>,
    /// The mover's rank (0 = rank 1), when written to tell two apart.
    pub rank: Option<u8>,
    /// The one square written for the mover: where it goes, or, before a
    /// `/`, where it stands if it stays (`Bf1/g2E`); or off the board.
    pub square: Dest,
    /// The mover's promotion piece, `=Q` after its square.
    pub promotion: Option<Role>,
    /// The pushed or pulled piece, after the `/`, written in full.
    pub target: Option<Part>,
}

/// A move as written, before it is looked up in a position.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Notation {
    /// `O-O` or `O-O-O` (also written with zeros or in lower case).
    Castle(CastlingSide),
    /// English descriptive notation, a pattern over the legal moves.
    Descriptive(Descriptive),
    /// Short algebraic: a pattern with the mover's square left out.
    Short(Short),
    /// An algebraic or numeric move with the mover's square written: the
    /// mover and, if written, the pushed or pulled piece.
    Move {
        /// Which of the two forms it is written in.
        style: Style,
        /// The piece that moves, or pushes or pulls without moving.
        mover: Part,
        /// The pushed or pulled piece, after the `/`.
        target: Option<Part>,
    },
}

impl Cursor<'_> {
    /// `E` or `e` followed by neither a rank nor a file: off the board.
    fn edge(&mut self) -> bool {
        let is_edge = matches!(self.peek(), Some(b'E' | b'e'))
            && !self.is_file_at(1)
            && !self.peek_at(1).is_some_and(|c| c.is_ascii_digit());
        if is_edge {
            self.at += 1;
        }
        is_edge
    }

    /// A piece letter in either case, unless it begins a square (`b2`).
    fn piece_letter(&mut self) -> Option<Role> {
        if self.at_square() {
            return None;
        }
        let role = self
            .peek()
            .and_then(|c| Role::from_upper_char(c.to_ascii_uppercase() as char))?;
        self.at += 1;
        Some(role)
    }

    fn promotion(&mut self) -> Result<Option<Role>, SyntaxError> {
        let had_eq = self.eat(b'=');
        let role = self
            .peek()
            .and_then(|c| Role::from_upper_char(c.to_ascii_uppercase() as char))
            .filter(|r| Role::PROMOTIONS.contains(r));
        match role {
            Some(role) if had_eq || self.peek().is_some_and(|c| c.is_ascii_uppercase()) => {
                self.at += 1;
                Ok(Some(role))
            }
            _ if had_eq => Err(self.error("a promotion piece: Q, R, B or N")),
            _ => Ok(None),
        }
    }

    /// Where a piece goes after its square: a square or `E`, if written.
    fn dest(&mut self) -> Result<Option<Dest>, SyntaxError> {
        if self.at_square() {
            return Ok(Some(Dest::Square(self.square()?)));
        }
        if self.edge() {
            return Ok(Some(Dest::Off));
        }
        // A file that is not followed by a rank is a square gone wrong
        // (`f9`), except `B`, which after a square is a promotion.
        if self.is_file_at(0) && self.peek() != Some(b'B') {
            return Err(self.not_a_square());
        }
        Ok(None)
    }

    /// The mover: in full (`Qd1d3`, `Bf1` before a `/`) or short (`Qd3`,
    /// `Nbd2`, `N1d2`, `NE`); and the `/` with the target, if any.
    fn algebraic(&mut self) -> Result<Notation, SyntaxError> {
        let role = self.piece_letter();
        let (mut file, mut rank) = (None, None);
        let first = if self.at_square() {
            Some(self.square()?)
        } else if role.is_none() {
            // A pawn's move starts with a square: a pawn never needs its
            // file or rank to tell it apart (§10).
            return Err(self.not_a_square());
        } else if self.edge() {
            None
        } else {
            if self.is_file_at(0) && !self.peek_at(1).is_some_and(|c| c.is_ascii_digit()) {
                file = self.peek().map(|f| f.to_ascii_lowercase() - b'a');
                self.at += 1;
            } else if matches!(self.peek(), Some(b'1'..=b'8')) {
                rank = self.peek().map(|r| r - b'1');
                self.at += 1;
            }
            if self.edge() {
                None
            } else {
                Some(self.square()?)
            }
        };
        let hinted = file.is_some() || rank.is_some();
        let second = match first {
            Some(_) if !hinted => {
                let hyphen = self.eat(b'-');
                let dest = self.dest()?;
                if hyphen && dest.is_none() {
                    return Err(self.error("a square, or 'E' for off the board"));
                }
                dest
            }
            _ => None,
        };
        let promotion = self.promotion()?;
        let target = self.target()?;
        Ok(match (first, second) {
            (Some(from), Some(to)) => Notation::Move {
                style: Style::Algebraic,
                mover: Part {
                    role,
                    from,
                    to: Some(to),
                    promotion,
                },
                target,
            },
            (first, _) => Notation::Short(Short {
                role,
                file,
                rank,
                square: first.map_or(Dest::Off, Dest::Square),
                promotion,
                target,
            }),
        })
    }

    /// `/` and the pushed or pulled piece, blanks allowed around the `/`,
    /// then the end.
    fn target(&mut self) -> Result<Option<Part>, SyntaxError> {
        self.skip_spaces();
        if !self.eat(b'/') {
            if !self.is_done() {
                return Err(self.error("'/' or the end of the move"));
            }
            return Ok(None);
        }
        self.skip_spaces();
        let role = self.piece_letter();
        let from = self.square()?;
        self.eat(b'-');
        let Some(to) = self.dest()? else {
            return Err(
                self.error("the destination of the pushed or pulled piece: a square or 'E'")
            );
        };
        let promotion = self.promotion()?;
        if !self.is_done() {
            return Err(self.error("the end of the move"));
        }
        Ok(Some(Part {
            role,
            from,
            to: Some(to),
            promotion,
        }))
    }

    fn numeric_part(&mut self, first: bool) -> Result<Part, SyntaxError> {
        let from = self.numeric_dest()?;
        let to = if self.peek().is_some_and(|c| c.is_ascii_digit()) {
            Some(match self.numeric_dest()? {
                Some(sq) => Dest::Square(sq),
                None => Dest::Off,
            })
        } else {
            None
        };
        let promotion = match self.peek() {
            Some(d @ b'1'..=b'4') if to.is_some() => {
                self.at += 1;
                Some(Role::PROMOTIONS[(d - b'1') as usize])
            }
            _ => None,
        };
        if to.is_none() && (!first || !self.rest().trim_start().starts_with('/')) {
            return Err(self.error("two more digits: the destination, 00 for off the board"));
        }
        let from = from.ok_or_else(|| self.error("a square, not 00, for the piece's start"))?;
        Ok(Part {
            role: None,
            from,
            to,
            promotion,
        })
    }

    /// Two digits, file then rank; `00` is off the board.
    fn numeric_dest(&mut self) -> Result<Option<Square>, SyntaxError> {
        match (self.peek(), self.peek_at(1)) {
            (Some(b'0'), Some(b'0')) => {
                self.at += 2;
                Ok(None)
            }
            (Some(f @ b'1'..=b'8'), Some(r @ b'1'..=b'8')) => {
                self.at += 2;
                Ok(Square::new((f - b'1') as i8, (r - b'1') as i8))
            }
            _ => Err(self.error("two digits 1-8 (file, rank) or 00")),
        }
    }

    fn numeric(&mut self) -> Result<Notation, SyntaxError> {
        let mover = self.numeric_part(true)?;
        let before = self.at;
        self.skip_spaces();
        let target = if self.eat(b'/') {
            self.skip_spaces();
            Some(self.numeric_part(false)?)
        } else {
            None
        };
        if target.is_none() {
            self.at = before;
        }
        if !self.is_done() {
            return Err(self.error(if target.is_some() {
                "the end of the move"
            } else {
                "'/' or the end of the move"
            }));
        }
        Ok(Notation::Move {
            style: Style::Numeric,
            mover,
            target,
        })
    }
}

impl Notation {
    /// Parses any accepted form (docs/RULES.md §10): `Qd1d3/d2d6`,
    /// `Bf1/g2E`, `O-O`, `0-0-0`, `Kd2d3/Kd3d4`, `Pe2e4`, `e2-e4`,
    /// `ng1f3`, `E2E4`, short algebraic `e4`, `Nf3`, `Nbd2`, `Qd3/d2d6`,
    /// numeric `4143/4246`, `61/7200`, and descriptive `B-KN2/PE`; with a
    /// move number before it (`1.`, `23...`), blanks around the `/`, and
    /// trailing `+`, `#`, `!`, `?` ignored. The move number is dropped;
    /// [`Notation::read`] keeps it.
    pub fn parse(text: &str) -> Result<Notation, SyntaxError> {
        Notation::read(text).map(|(_, notation)| notation)
    }

    /// As [`Notation::parse`], with the move number written before the
    /// move, if any.
    pub fn read(text: &str) -> Result<(Option<MoveNumber>, Notation), SyntaxError> {
        let body = text
            .trim()
            .trim_end_matches(['+', '#', '!', '?'])
            .trim_end();
        let mut cur = Cursor::new(body);
        let number = cur.move_number()?;
        let rest = cur.rest();
        let castle = match rest {
            "O-O" | "0-0" | "o-o" => Some(CastlingSide::KingSide),
            "O-O-O" | "0-0-0" | "o-o-o" => Some(CastlingSide::QueenSide),
            _ => None,
        };
        if let Some(side) = castle {
            return Ok((number, Notation::Castle(side)));
        }
        if rest.is_empty() {
            return Err(cur.error("a move"));
        }
        let notation = if looks_descriptive(rest) {
            // Capitals read as descriptive notation first; text that is
            // not descriptive may still be algebraic in capitals
            // (`NG1F3`). Of two refusals, the one that read further
            // points nearer the fault.
            match Descriptive::read(cur.clone()) {
                Ok(d) => Notation::Descriptive(d),
                Err(descriptive) => cur.algebraic().map_err(|algebraic| {
                    if algebraic.column > descriptive.column {
                        algebraic
                    } else {
                        descriptive
                    }
                })?,
            }
        } else if rest.as_bytes()[0].is_ascii_digit() {
            cur.numeric()?
        } else {
            cur.algebraic()?
        };
        Ok((number, notation))
    }
}

impl FromStr for Notation {
    type Err = SyntaxError;
    fn from_str(s: &str) -> Result<Notation, SyntaxError> {
        Notation::parse(s)
    }
}
