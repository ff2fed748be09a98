//! Reading move text byte by byte, and saying where it went wrong: the
//! part that algebraic, numeric and descriptive notation share.

use std::fmt;

use crate::excerpt::quoted;
use crate::illegal::DidYouMean;
use crate::square::Square;

/// Why a text is not a move in notation, with the column (from 1) where
/// the trouble starts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SyntaxError {
    /// The text that was read; [`crate::Notation::parse`] trims it and drops
    /// trailing `+`, `#`, `!`, `?` first.
    pub text: String,
    /// The column, in characters from 1, where the trouble starts.
    pub column: usize,
    /// What the reader expected there.
    pub expected: &'static str,
    /// What it found instead: the character in quotes, or `the end`.
    pub found: String,
    /// The legal moves closest to the text, in canonical notation, when
    /// it was read against a position ([`crate::parse_move`]); see
    /// [`crate::notation::closest_moves`].
    pub closest: Vec<String>,
}

impl fmt::Display for SyntaxError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} is not a move: at column {}, expected {}, found {}{}",
            quoted(&self.text),
            self.column,
            self.expected,
            self.found,
            DidYouMean(&self.closest)
        )
    }
}

impl std::error::Error for SyntaxError {}

/// Reads a move text byte by byte and says where it went wrong; shared
/// by NOST and descriptive notation.
#[derive(Clone)]
pub(crate) struct Cursor<'a> {
    text: &'a str,
    bytes: &'a [u8],
    pub(crate) at: usize,
}

impl<'a> Cursor<'a> {
    pub(crate) fn new(text: &'a str) -> Cursor<'a> {
        Cursor {
            text,
            bytes: text.as_bytes(),
            at: 0,
        }
    }

    /// What is left to read.
    pub(crate) fn rest(&self) -> &'a str {
        &self.text[self.at..]
    }

    /// Whether all of the text has been read.
    pub(crate) fn is_done(&self) -> bool {
        self.at == self.bytes.len()
    }

    pub(crate) fn peek(&self) -> Option<u8> {
        self.bytes.get(self.at).copied()
    }

    pub(crate) fn peek_at(&self, ahead: usize) -> Option<u8> {
        self.bytes.get(self.at + ahead).copied()
    }

    pub(crate) fn error(&self, expected: &'static str) -> SyntaxError {
        let found = match self.text[self.at..].chars().next() {
            Some(c) => format!("'{c}'"),
            None => "the end".to_string(),
        };
        SyntaxError {
            text: self.text.to_string(),
            column: self.text[..self.at].chars().count() + 1,
            expected,
            found,
            closest: Vec::new(),
        }
    }

    pub(crate) fn eat(&mut self, c: u8) -> bool {
        if self.peek() == Some(c) {
            self.at += 1;
            true
        } else {
            false
        }
    }

    pub(crate) fn skip_spaces(&mut self) {
        while self.peek().is_some_and(|c| c.is_ascii_whitespace()) {
            self.at += 1;
        }
    }

    /// Whether a file letter, in either case, stands `ahead` bytes on.
    pub(crate) fn is_file_at(&self, ahead: usize) -> bool {
        matches!(self.peek_at(ahead), Some(b'a'..=b'h' | b'A'..=b'H'))
    }

    /// Whether a square (`e4`, `E4`) starts here.
    pub(crate) fn at_square(&self) -> bool {
        self.is_file_at(0) && matches!(self.peek_at(1), Some(b'1'..=b'8'))
    }

    /// A square, its file in either case.
    pub(crate) fn square(&mut self) -> Result<Square, SyntaxError> {
        if !self.at_square() {
            return Err(self.not_a_square());
        }
        let file = self.peek().map_or(0, |f| f.to_ascii_lowercase() - b'a');
        let rank = self.peek_at(1).map_or(0, |r| r - b'1');
        self.at += 2;
        Ok(Square::new(file as i8, rank as i8).expect("a1..h8"))
    }

    /// Why no square starts here. A file letter followed by anything but
    /// a rank is refused at the rank, where the fault is (`f9`).
    pub(crate) fn not_a_square(&mut self) -> SyntaxError {
        if self.is_file_at(0) {
            self.at += 1;
            self.error("a rank from 1 to 8")
        } else {
            self.error("a square such as e4")
        }
    }
}
