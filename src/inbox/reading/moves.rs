//! The words of a reply that may be moves: each read as a move in any
//! notation `dynamo` reads ([`Notation::read`]), with the move number
//! written before it, and sorted by how surely they are moves at all.
//!
//! Most move texts are no word of any language: `Nf3`, `e2e4`,
//! `Qd1d3/d2d6`, `e8=Q`, `P-K4`, `O-O` ([`Sureness::Surely`]).
//! A bare square (`a4`, `e4`), a number in numeric notation (`1234`)
//! and castling written with zeros (`0-0`) are also a paper size, a room,
//! a score: they are moves only where a move is expected
//! ([`Sureness::Cued`]) — numbered (`1. e4`, `12. 0-0`), alone on their
//! line, first on their line with a pause or a dash after them (`e4, I
//! think`, `c4 - the Queen's Gambit`), or after a
//! word that announces a move (`I play e4`, `my move is e4`, `Move: e4`).
//! A word without a digit (`Be`, `Ben`, `Ed`, `OK`) is never a move,
//! castling with letters aside: such a move is written with its square,
//! `Bf1E`.
//!
//! A bare square joined by `or` or `and` to another move word (`Nf3 or
//! d4`, `between c4 and d4`) is cued too: two candidates named, which
//! the judge then finds unclear. A move written as a capture (`exd5`,
//! `Nxe5`) is no word of any language either; no notation reads it (there
//! are no captures in Dynamo Chess), and it is found so that the answer
//! can say so, with the closest legal moves.
//!
//! A word that does not read as a move but looks like one mistyped
//! (`Nc66`, `Ng1g9`: a file letter and a digit in it), where a move is
//! expected as above, is kept as a [`Sureness::Mistyped`] move, so that
//! the answer can say what is wrong with it and what was meant.

use dynamo_core::notation::written_as_capture;
use dynamo_core::{Color, Notation};

use super::words::{Word, is_move_number, words};

/// A word that may be a move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveWord {
    /// The move as written, without its number.
    pub text: String,
    /// The move number written before it, and whether as Black's.
    pub number: Option<(u32, bool)>,
    /// Its line in the reply's own words, from 0.
    pub line: usize,
    pub sureness: Sureness,
}

impl MoveWord {
    /// As written, with its number: `12... Nf6`.
    pub fn written(&self) -> String {
        match self.number {
            Some((n, true)) => format!("{n}... {}", self.text),
            Some((n, false)) => format!("{n}. {}", self.text),
            None => self.text.clone(),
        }
    }
}

/// How surely a word is a move, whatever the position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sureness {
    /// No word of any language reads so.
    Surely,
    /// A word that reads as a move and stood where a move is expected.
    Cued,
    /// Not a move in any notation, but a mistyped one where a move is
    /// expected.
    Mistyped,
}

/// The longest word looked at as a move: the longest move text is about
/// twenty characters.
const MAX_MOVE_WORD: usize = 32;

/// Words after which a bare square or a number is a move.
const CUES: [&str; 13] = [
    "play", "plays", "playing", "move", "moves", "is", "reply", "answer", "choose", "go", "castle",
    "with", "then",
];

/// The words of `text` that may be moves, in order.
pub fn move_words(text: &str) -> Vec<MoveWord> {
    let mut found = Vec::new();
    let mut budget = super::words::MAX_WORDS;
    for (line_no, line) in text.lines().enumerate() {
        if budget == 0 {
            break;
        }
        let mut words = words(line);
        words.truncate(budget);
        budget -= words.len();
        let alone = words.len() == 1
            || (words.len() == 2 && is_move_number(&words[0].text) && words[1].pause.is_none());
        let mut number: Option<(u32, bool)> = None;
        for (i, word) in words.iter().enumerate() {
            if is_move_number(&word.text) {
                number = parse_number(&word.text);
                continue;
            }
            let previous = i.checked_sub(1).map(|p| &words[p]);
            let numbered = number.take();
            let place = Place {
                previous,
                first: i == 0,
                alone,
                paired: paired(&words, i),
            };
            if let Some(found_move) = move_word(word, numbered, &place) {
                found.push(MoveWord {
                    line: line_no,
                    ..found_move
                });
            }
        }
    }
    found
}

/// `12.` → (12, false); `12...` → (12, true).
fn parse_number(text: &str) -> Option<(u32, bool)> {
    let digits = text.bytes().take_while(u8::is_ascii_digit).count();
    let n = text[..digits].parse().ok()?;
    Some((n, text[digits..] != *"."))
}

/// Where a word stands in its line, for whether a move is expected there.
struct Place<'w> {
    previous: Option<&'w Word>,
    first: bool,
    alone: bool,
    /// Joined by `or`, `and` (or their Italian, French, German, Spanish
    /// words) to a word that reads as a move: `Nf3 or d4`, `between c4
    /// and d4` (two candidates named, neither chosen); or first on its
    /// line and joined to the rest of it, `c4 and I offer a draw`.
    paired: bool,
}

/// Words that join two candidate moves: `Nf3 or d4`, `c4 and d4`.
const JOINS: [&str; 11] = [
    "or", "and", "vs", "versus", "o", "e", "ou", "et", "oder", "und", "y",
];

/// Whether the word at `i` is joined by one of [`JOINS`] to a word that
/// reads as a move, before or after it, or first on its line and joined
/// to the rest.
fn paired(words: &[Word], i: usize) -> bool {
    // `A4 and A5`: paper sizes; a player writes a square in lower case.
    let reads = |w: &Word| {
        !matches!(w.text.as_bytes(), [b'A'..=b'H', b'1'..=b'8', ..])
            && Notation::read(&w.text).is_ok_and(|(_, n)| {
                matches!(n, Notation::Castle(_)) || w.text.bytes().any(|b| b.is_ascii_digit())
            })
    };
    if !reads(&words[i]) {
        return false;
    }
    let join = |w: &Word| w.pause.is_none() && JOINS.contains(&w.text.to_lowercase().as_str());
    let before =
        i >= 2 && join(&words[i - 1]) && words[i - 2].pause.is_none() && reads(&words[i - 2]);
    let joined = words[i].pause.is_none() && words.get(i + 1).is_some_and(join);
    let after = joined && words.get(i + 2).is_some_and(reads);
    // First on its line and joined to what follows (`c4 and I offer a
    // draw`, `c4 et j'abandonne`): the move the rest goes with.
    before || after || (i == 0 && joined)
}

fn move_word(word: &Word, number: Option<(u32, bool)>, place: &Place) -> Option<MoveWord> {
    let text = word.text.as_str();
    if text.len() > MAX_MOVE_WORD || !text.is_ascii() {
        return None;
    }
    if written_as_capture(text) {
        // A capture (`exd5`) is no word of any language and never legal:
        // found, it is refused with the rule and the closest legal moves.
        let rest = without_number(text);
        let (text, number) = match rest.len() < text.len() {
            true => (rest, parse_number(&text[..text.len() - rest.len()])),
            false => (text, number),
        };
        return Some(MoveWord {
            text: text.to_string(),
            number,
            line: 0,
            sureness: Sureness::Surely,
        });
    }
    let cued_by_word = place
        .previous
        .is_some_and(|p| p.pause == Some(':') || CUES.contains(&p.text.to_lowercase().as_str()));
    let expected = place.alone
        || cued_by_word
        || place.paired
        || (place.first && matches!(word.pause, Some(',' | '.' | '!' | ';' | '-')));
    let alone = place.alone;
    let (glued, notation) = match Notation::read(text) {
        Ok(read) => read,
        Err(_) => {
            // A mistyped move: a piece letter or a file, a digit.
            let looks = text.as_bytes()[0].is_ascii_alphabetic()
                && text.bytes().any(|b| b.is_ascii_digit())
                && text
                    .bytes()
                    .any(|b| (b'a'..=b'h').contains(&b.to_ascii_lowercase()));
            return (looks && (expected || number.is_some())).then(|| MoveWord {
                text: text.to_string(),
                number,
                line: 0,
                sureness: Sureness::Mistyped,
            });
        }
    };
    let castle = matches!(notation, Notation::Castle(_));
    // `12.Nf3` carries its number glued; numeric notation after one
    // (`10.45`) is a time, not a move, but castling with zeros
    // (`12.0-0`) is castling.
    let (text, number) = match glued {
        Some(n) => {
            let rest = without_number(text);
            if !castle && !rest.starts_with(|c: char| c.is_ascii_alphabetic()) {
                return None;
            }
            (rest, Some((n.number, n.side == Color::Black)))
        }
        None => (text, number),
    };
    if !castle && !text.bytes().any(|b| b.is_ascii_digit()) {
        return None;
    }
    // Numeric notation is every kind of number too: a move only alone.
    let numeric = text.starts_with(|c: char| c.is_ascii_digit()) && !castle;
    let sureness = if is_sure(text, castle) {
        Sureness::Surely
    } else if numeric {
        if !alone {
            return None;
        }
        Sureness::Cued
    } else if expected
        || (number.is_some() && (castle || text.starts_with(|c: char| c.is_ascii_alphabetic())))
    {
        Sureness::Cued
    } else {
        return None;
    };
    Some(MoveWord {
        text: text.to_string(),
        number,
        line: 0,
        sureness,
    })
}

/// Whether a move text is no word of any language (see the module).
fn is_sure(text: &str, castle: bool) -> bool {
    if castle {
        return text.starts_with(['O', 'o']);
    }
    let bytes = text.as_bytes();
    let is_square = |w: &[u8], any_case: bool| {
        let file = if any_case {
            w[0].to_ascii_lowercase()
        } else {
            w[0]
        };
        (b'a'..=b'h').contains(&file) && (b'1'..=b'8').contains(&w[1])
    };
    let squares = bytes.windows(2).filter(|w| is_square(w, true)).count();
    // `Nf3`, not `B2B`: a piece letter, then a square in lower case.
    let piece = b"KQRBNP".contains(&bytes[0]) && bytes.windows(2).any(|w| is_square(w, false));
    let descriptive = text.contains('-') && bytes[0].is_ascii_uppercase();
    let numeric_shove = bytes[0].is_ascii_digit() && text.contains('/');
    squares >= 2 || piece || text.contains('=') || descriptive || numeric_shove
}

/// The move after a number glued to it (`12.Nf3`, `12...Nf3`).
fn without_number(text: &str) -> &str {
    text.trim_start_matches(|c: char| c.is_ascii_digit())
        .trim_start_matches(['.', '…'])
        .trim_start()
}

#[cfg(test)]
mod tests;
