//! The first stage of reading a move: NOST algebraic and numeric text
//! (docs/RULES.md §10) into a [`Notation`], knowing only what was written.

use std::str::FromStr;

use super::cursor::{Cursor, SyntaxError};
use super::descriptive::{Descriptive, looks_descriptive};
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

/// A move as written, before it is looked up in a position.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Notation {
    /// `O-O` or `O-O-O` (also written with zeros or in lower case).
    Castle(CastlingSide),
    /// English descriptive notation, a pattern over the legal moves.
    Descriptive(Descriptive),
    /// An algebraic or numeric move: the mover and, if written, the pushed
    /// or pulled piece.
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
    fn square(&mut self) -> Result<Square, SyntaxError> {
        match (self.peek(), self.peek_at(1)) {
            (Some(f @ b'a'..=b'h'), Some(r @ b'1'..=b'8')) => {
                self.at += 2;
                Ok(Square::new((f - b'a') as i8, (r - b'1') as i8).expect("a1..h8"))
            }
            _ => Err(self.error("a square such as e4")),
        }
    }

    /// `E` or `e` not followed by a rank digit: off the board.
    fn edge(&mut self) -> bool {
        let is_edge = matches!(self.peek(), Some(b'E' | b'e'))
            && !matches!(self.peek_at(1), Some(b'1'..=b'8'));
        if is_edge {
            self.at += 1;
        }
        is_edge
    }

    fn piece_letter(&mut self) -> Option<Role> {
        let role = self.peek().and_then(|c| Role::from_upper_char(c as char))?;
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

    fn part(&mut self, first: bool) -> Result<Part, SyntaxError> {
        let role = self.piece_letter();
        let from = self.square()?;
        self.eat(b'-');
        let to = if self.edge() {
            Some(Dest::Off)
        } else if matches!(self.peek(), Some(b'a'..=b'h')) {
            Some(Dest::Square(self.square()?))
        } else {
            None
        };
        let promotion = self.promotion()?;
        if to.is_none() && (!first || self.peek() != Some(b'/')) {
            return Err(self.error(if first {
                "a destination square, 'E' for off the board, or '/' and the pushed or pulled piece"
            } else {
                "the destination of the pushed or pulled piece: a square or 'E'"
            }));
        }
        Ok(Part {
            role,
            from,
            to,
            promotion,
        })
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
        if to.is_none() && (!first || self.peek() != Some(b'/')) {
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
}

impl Notation {
    /// Parses any accepted form: `Qd1d3/d2d6`, `Bf1/g2E`, `O-O`, `0-0-0`,
    /// `Kd2d3/Kd3d4`, `Pe2e4`, `e2-e4`, `4143/4246`, `61/7200`, and
    /// descriptive `B-KN2/PE`, with trailing `+`, `#`, `!`, `?` ignored.
    pub fn parse(text: &str) -> Result<Notation, SyntaxError> {
        let trimmed = text.trim();
        let body = trimmed.trim_end_matches(['+', '#', '!', '?']);
        let mut cur = Cursor::new(body);
        let castle = match body {
            "O-O" | "0-0" | "o-o" => Some(CastlingSide::KingSide),
            "O-O-O" | "0-0-0" | "o-o-o" => Some(CastlingSide::QueenSide),
            _ => None,
        };
        if let Some(side) = castle {
            return Ok(Notation::Castle(side));
        }
        if body.is_empty() {
            return Err(cur.error("a move"));
        }
        if looks_descriptive(body) {
            return Descriptive::parse(body).map(Notation::Descriptive);
        }
        let numeric = body.as_bytes()[0].is_ascii_digit();
        let style = if numeric {
            Style::Numeric
        } else {
            Style::Algebraic
        };
        let mover = if numeric {
            cur.numeric_part(true)?
        } else {
            cur.part(true)?
        };
        let target = if cur.eat(b'/') {
            Some(if numeric {
                cur.numeric_part(false)?
            } else {
                cur.part(false)?
            })
        } else {
            None
        };
        if !cur.is_done() {
            return Err(cur.error(if target.is_some() {
                "the end of the move"
            } else {
                "'/' or the end of the move"
            }));
        }
        Ok(Notation::Move {
            style,
            mover,
            target,
        })
    }
}

impl FromStr for Notation {
    type Err = SyntaxError;
    fn from_str(s: &str) -> Result<Notation, SyntaxError> {
        Notation::parse(s)
    }
}
