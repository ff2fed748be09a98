//! Reading move text byte by byte, and saying where it went wrong: the
//! part that algebraic, numeric and descriptive notation share.

use crate::quote::quoted;

/// Why a text is not a move in notation, with the column (from 1) where
/// the trouble starts.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{} is not a move: at column {column}, expected {expected}, found {found}", quoted(.text))]
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
}

/// Reads a move text byte by byte and says where it went wrong; shared
/// by NOST and descriptive notation.
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
}
