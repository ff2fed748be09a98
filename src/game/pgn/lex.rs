//! The movetext's tokens, read in one pass with line and column and no
//! recursion, whatever the input.

use super::syntax::{Note, PgnSyntaxError, RESULTS};
use dynamo_core::quoted;

/// The movetext reader: one pass, tracking line and column.
pub(super) struct Lexer<'a> {
    pub(super) text: &'a str,
    pub(super) pos: usize,
    pub(super) line: usize,
    pub(super) column: usize,
}

impl<'a> Lexer<'a> {
    fn peek(&self) -> Option<char> {
        // Movetext is nearly all ASCII: a byte is a character.
        match self.text.as_bytes().get(self.pos) {
            Some(&b) if b.is_ascii() => Some(char::from(b)),
            Some(_) => self.text[self.pos..].chars().next(),
            None => None,
        }
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.pos += c.len_utf8();
        self.count(c);
        Some(c)
    }

    /// Moves the line and column on past `c`.
    fn count(&mut self, c: char) {
        if c == '\n' {
            self.line += 1;
            self.column = 1;
        } else {
            self.column += 1;
        }
    }

    pub(super) fn error(
        &self,
        line: usize,
        column: usize,
        message: impl Into<String>,
    ) -> PgnSyntaxError {
        PgnSyntaxError {
            line,
            column: Some(column),
            message: message.into(),
        }
    }

    /// Takes characters while `keep` holds; returns them. One pass over
    /// the bytes, a character decoded only where one is not ASCII: this
    /// is most of reading a file.
    fn take_while(&mut self, keep: impl Fn(char) -> bool) -> &'a str {
        let rest = &self.text[self.pos..];
        let bytes = rest.as_bytes();
        let mut end = 0;
        while let Some(&b) = bytes.get(end) {
            let c = if b.is_ascii() {
                char::from(b)
            } else {
                match rest[end..].chars().next() {
                    Some(c) => c,
                    None => break,
                }
            };
            if !keep(c) {
                break;
            }
            self.count(c);
            end += c.len_utf8();
        }
        self.pos += end;
        &rest[..end]
    }
}

/// What the movetext is made of, before moves are paired with times.
/// Moves, comments and results borrow the text: a file of many moves
/// allocates nothing for them.
pub(super) enum Lexeme<'a> {
    Number(u32, bool),
    Move(&'a str),
    Comment(&'a str),
    Note(Note),
    Result(&'a str),
}

fn is_word_end(c: char) -> bool {
    c.is_whitespace() || matches!(c, '{' | '}' | '(' | ')' | ';' | '[')
}

/// The next token, or `None` at the end of the text.
pub(super) fn next_token<'a>(
    lx: &mut Lexer<'a>,
) -> Result<Option<(Lexeme<'a>, usize, usize)>, PgnSyntaxError> {
    lx.take_while(char::is_whitespace);
    let (line, column) = (lx.line, lx.column);
    let Some(c) = lx.peek() else {
        return Ok(None);
    };
    let token = match c {
        '{' => {
            lx.bump();
            let body = lx.take_while(|c| c != '}');
            if lx.bump().is_none() {
                return Err(lx.error(
                    line,
                    column,
                    "comment '{' is never closed: the file may be truncated",
                ));
            }
            Lexeme::Comment(body.trim())
        }
        ';' => {
            lx.bump();
            let body = lx.take_while(|c| c != '\n');
            Lexeme::Note(Note::Line(body.trim().to_string()))
        }
        '(' | ')' => {
            return Err(lx.error(
                line,
                column,
                "variations '( … )' are not allowed in a game record",
            ));
        }
        '}' => return Err(lx.error(line, column, "'}' without an opening '{'")),
        '[' => {
            return Err(lx.error(
                line,
                column,
                "a tag pair after the moves have begun: tags go at the top",
            ));
        }
        '$' => {
            let word = lx.take_while(|c| !is_word_end(c));
            if word.len() < 2 || !word[1..].bytes().all(|b| b.is_ascii_digit()) || word.len() > 4 {
                return Err(lx.error(
                    line,
                    column,
                    format!(
                        "{}: an annotation glyph is $ and a number up to 255",
                        quoted(word)
                    ),
                ));
            }
            Lexeme::Note(Note::Glyph(word.to_string()))
        }
        c if c.is_ascii_digit() => {
            // A move number (`12.`, `12...`) or a result token; a move never
            // starts with a digit.
            let start = lx.pos;
            let digits = lx.take_while(|c| c.is_ascii_digit());
            let dots = lx.take_while(|c| c == '.');
            if dots.is_empty() {
                lx.take_while(|c| !is_word_end(c));
                let word = &lx.text[start..lx.pos];
                if RESULTS.contains(&word) {
                    Lexeme::Result(word)
                } else {
                    Lexeme::Move(word)
                }
            } else {
                let number: u32 = digits.parse().map_err(|_| {
                    lx.error(
                        line,
                        column,
                        format!("move number {} is too large", quoted(digits)),
                    )
                })?;
                let black = match dots.len() {
                    1 => false,
                    3 => true,
                    _ => {
                        return Err(lx.error(
                            line,
                            column,
                            format!(
                                "{}{}: a move number is written 12. or 12...",
                                quoted(digits),
                                dots
                            ),
                        ));
                    }
                };
                Lexeme::Number(number, black)
            }
        }
        _ => {
            let word = lx.take_while(|c| !is_word_end(c));
            if RESULTS.contains(&word) {
                Lexeme::Result(word)
            } else {
                Lexeme::Move(word)
            }
        }
    };
    Ok(Some((token, line, column)))
}
