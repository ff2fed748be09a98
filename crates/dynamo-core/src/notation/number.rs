//! A move number written before a move, as game scores write it: `1. e4`,
//! `23... Qd8/d7d5` (docs/RULES.md §10).

use std::fmt;

use super::cursor::{Cursor, SyntaxError};
use crate::color::Color;
use crate::illegal::Illegal;
use crate::position::Position;

/// `23.` (White's 23rd move) or `23...` (Black's).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct MoveNumber {
    /// The number, from 1.
    pub number: u32,
    /// The side whose move it numbers: `...` (or `…`) for Black.
    pub side: Color,
}

impl fmt::Display for MoveNumber {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.side {
            Color::White => write!(f, "{}.", self.number),
            Color::Black => write!(f, "{}...", self.number),
        }
    }
}

impl MoveNumber {
    /// Whether this is the number of the move `pos` waits for: its move
    /// number and its side to move.
    pub fn check(&self, pos: &Position) -> Result<(), Illegal> {
        if self.number != pos.fullmoves() {
            return Err(Illegal::WrongMoveNumber {
                written: self.number,
                current: pos.fullmoves(),
            });
        }
        if self.side != pos.turn() {
            return Err(Illegal::WrongSideNumbered {
                written: self.to_string(),
                turn: pos.turn(),
            });
        }
        Ok(())
    }
}

impl Cursor<'_> {
    /// Digits and dots before a move, with the blanks after them; nothing
    /// is read unless a dot follows the digits, so numeric notation
    /// (`4143`) is left alone.
    pub(crate) fn move_number(&mut self) -> Result<Option<MoveNumber>, SyntaxError> {
        let start = self.at;
        let digits = self.rest().bytes().take_while(u8::is_ascii_digit).count();
        let after = &self.rest()[digits..];
        if digits == 0 || !(after.starts_with('.') || after.starts_with('…')) {
            return Ok(None);
        }
        let number = self.rest()[..digits]
            .parse::<u32>()
            .ok()
            .filter(|&n| n >= 1)
            .ok_or_else(|| self.error("a move number from 1 to 4294967295"))?;
        self.at += digits;
        let side = if self.rest().starts_with('…') || self.rest().starts_with("...") {
            // `…` is three bytes in UTF-8, as `...` is.
            self.at += 3;
            Color::Black
        } else {
            self.at += 1;
            if self.peek() == Some(b'.') {
                self.at = start + digits;
                return Err(self.error("'.' after White's move number or '...' after Black's"));
            }
            Color::White
        };
        if self.peek() == Some(b'.') {
            return Err(self.error("the move after the move number"));
        }
        self.skip_spaces();
        Ok(Some(MoveNumber { number, side }))
    }
}
