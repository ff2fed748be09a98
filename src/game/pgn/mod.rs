//! The game file as text, both ways: PGN tag pairs, then movetext whose
//! moves each carry a `{received time}` comment, ending with the result
//! token. Between the moves stand the recorded events (`{[%resign White
//! 2026-11-20T09:14:00Z]}`, see [`PgnAction`]) and whatever the director
//! wrote by hand: comments, `$1`-style glyphs and `;` notes, all kept.
//!
//! This module knows only the syntax; [`super::Game`] gives it meaning by
//! replaying the moves. Reading is one pass over the text with no
//! recursion and no quadratic step, so a hostile file costs time in
//! proportion to its size.

mod action;
mod correction;
mod lex;
mod syntax;
mod value;

use std::fmt::Write as _;

use dynamo_core::quoted;

pub use action::{PgnAction, RawEvent, write_action};
pub use correction::{RawCorrection, is_tag_name, write_correction};
use syntax::syntax;
pub use syntax::{Note, PgnSyntaxError, RESULTS};
pub use value::{BadValue, check_value};

/// One `[Name "value"]` pair.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tag {
    pub name: String,
    pub value: String,
    pub line: usize,
}

/// A move as written, before it is checked against the rules; it
/// borrows the file's text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RawMove<'a> {
    /// The move number written before it, if any (`12.` or `12...`).
    pub number: Option<(u32, bool)>,
    pub text: &'a str,
    pub line: usize,
    /// The first comment after the move: its received time.
    pub time: Option<&'a str>,
}

/// One item of the movetext, in file order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Item<'a> {
    Move(RawMove<'a>),
    Event(RawEvent),
    /// The director's `[%undo …]` or `[%set …]`.
    Correction(RawCorrection),
    Note(Note),
}

/// A parsed but not yet replayed game file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Record<'a> {
    pub tags: Vec<Tag>,
    pub items: Vec<Item<'a>>,
    /// The result token that ends the movetext, and its line.
    pub result: (String, usize),
}

impl<'a> Record<'a> {
    pub fn tag(&self, name: &str) -> Option<&Tag> {
        self.tags.iter().find(|t| t.name == name)
    }

    /// The moves alone, in order.
    pub fn moves(&self) -> impl Iterator<Item = &RawMove<'a>> {
        self.items.iter().filter_map(|i| match i {
            Item::Move(m) => Some(m),
            _ => None,
        })
    }
}

fn parse_tag(line: &str, number: usize) -> Result<Tag, PgnSyntaxError> {
    let bad = |why: &str| {
        syntax(
            number,
            format!(
                "malformed tag pair {}: {why}; expected [Name \"value\"]",
                quoted(line)
            ),
        )
    };
    let inner = line
        .strip_prefix('[')
        .and_then(|l| l.strip_suffix(']'))
        .ok_or_else(|| bad("it must start with [ and end with ]"))?;
    let (name, rest) = inner
        .split_once(char::is_whitespace)
        .ok_or_else(|| bad("no value"))?;
    if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
        return Err(bad("the name must be letters, digits or _"));
    }
    let rest = rest.trim();
    let body = rest
        .strip_prefix('"')
        .and_then(|r| r.strip_suffix('"'))
        .filter(|_| rest.len() >= 2)
        .ok_or_else(|| bad("the value must be in double quotes"))?;
    if !body.contains(['\\', '"']) {
        return Ok(Tag {
            name: name.to_string(),
            value: body.to_string(),
            line: number,
        });
    }
    let mut value = String::with_capacity(body.len());
    let mut chars = body.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => match chars.next() {
                Some(e @ ('\\' | '"')) => value.push(e),
                _ => return Err(bad("only \\\\ and \\\" may follow a backslash")),
            },
            '"' => return Err(bad("a quote inside the value must be written \\\"")),
            c => value.push(c),
        }
    }
    Ok(Tag {
        name: name.to_string(),
        value,
        line: number,
    })
}

/// Refuses a tag name given twice, naming the first repetition in file
/// order. Sorting, not hashing: no crafted set of names can make it slow.
fn check_unique(tags: &[Tag]) -> Result<(), PgnSyntaxError> {
    let mut order: Vec<&Tag> = tags.iter().collect();
    // Stable: equal names stay in file order.
    order.sort_by(|a, b| a.name.cmp(&b.name));
    let repeat = order
        .windows(2)
        .filter(|w| w[0].name == w[1].name)
        .min_by_key(|w| w[1].line);
    match repeat {
        Some(w) => Err(syntax(
            w[1].line,
            format!(
                "tag {} appears twice (first on line {})",
                w[1].name, w[0].line
            ),
        )),
        None => Ok(()),
    }
}

/// The tag pairs at the top of a game file's text, and where the
/// movetext begins (its byte offset and line); the moves are not read.
pub fn read_tags(text: &str) -> Result<(Vec<Tag>, usize, usize), PgnSyntaxError> {
    let mut tags: Vec<Tag> = Vec::new();
    let mut offset = 0;
    let mut line_no = 0;
    for line in text.split_inclusive('\n') {
        let trimmed = line.trim();
        if !trimmed.is_empty() && !trimmed.starts_with('[') {
            break;
        }
        line_no += 1;
        offset += line.len();
        if trimmed.is_empty() {
            continue;
        }
        tags.push(parse_tag(trimmed, line_no)?);
    }
    if tags.is_empty() {
        return Err(syntax(1, "no tag pairs: this is not a game file"));
    }
    check_unique(&tags)?;
    Ok((tags, offset, line_no))
}

/// Parses the text of a game file.
pub fn parse(text: &str) -> Result<Record<'_>, PgnSyntaxError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let (tags, offset, line_no) = read_tags(text)?;
    let mut lexer = lex::Lexer {
        text: &text[offset..],
        pos: 0,
        line: line_no + 1,
        column: 1,
    };
    // About one item (a move and its time) a 32 bytes of movetext; a
    // guess only, bounded, so that a file of blanks reserves little.
    let mut items: Vec<Item> = Vec::with_capacity((lexer.text.len() / 32).min(1024));
    let mut number: Option<(u32, bool, usize, usize)> = None;
    let mut result: Option<(String, usize)> = None;
    // Whether the last item is a move still waiting for its time comment.
    let mut awaiting_time = false;
    while let Some((token, line, column)) = lex::next_token(&mut lexer)? {
        if let Some((_, res_line)) = &result {
            return Err(lexer.error(
                line,
                column,
                format!("text after the result token on line {res_line}"),
            ));
        }
        if number.is_some() && !matches!(token, lex::Lexeme::Move(_)) {
            return Err(lexer.error(line, column, "a move number must be followed by a move"));
        }
        match token {
            lex::Lexeme::Number(n, black) => number = Some((n, black, line, column)),
            lex::Lexeme::Move(text) => {
                items.push(Item::Move(RawMove {
                    number: number.take().map(|(n, b, _, _)| (n, b)),
                    text,
                    line,
                    time: None,
                }));
                awaiting_time = true;
            }
            lex::Lexeme::Comment(body) if awaiting_time => {
                if let Some(Item::Move(m)) =
                    items.iter_mut().rev().find(|i| matches!(i, Item::Move(_)))
                {
                    m.time = Some(body);
                }
                awaiting_time = false;
            }
            lex::Lexeme::Comment(body) => match action::parse_action(body, line)? {
                Some(event) => items.push(Item::Event(event)),
                None => match correction::parse_correction(body, line)? {
                    Some(fix) => items.push(Item::Correction(fix)),
                    None => items.push(Item::Note(Note::Comment(body.to_string()))),
                },
            },
            lex::Lexeme::Note(note) => items.push(Item::Note(note)),
            lex::Lexeme::Result(r) => result = Some((r.to_string(), line)),
        }
    }
    // The line the text ends on: a final line break opens no new line.
    let last_line = if text.ends_with('\n') {
        lexer.line - 1
    } else {
        lexer.line
    }
    .max(1);
    if let Some((_, _, line, column)) = number {
        return Err(lexer.error(line, column, "a move number with no move after it"));
    }
    let result = result.ok_or_else(|| {
        syntax(
            last_line,
            "the moves do not end with a result token (1-0, 0-1, 1/2-1/2 or *): the file may be truncated",
        )
    })?;
    Ok(Record {
        tags,
        items,
        result,
    })
}

/// Writes a tag pair with PGN escapes.
pub fn write_tag(out: &mut String, name: &str, value: &str) {
    let escaped = value.replace('\\', "\\\\").replace('"', "\\\"");
    let _ = writeln!(out, "[{name} \"{escaped}\"]");
}

/// Writes one note as the file has it.
pub fn write_note(out: &mut String, note: &Note) {
    match note {
        Note::Comment(text) => {
            let _ = write!(out, "{{{text}}}");
        }
        Note::Glyph(text) => out.push_str(text),
        Note::Line(text) if text.is_empty() => out.push(';'),
        Note::Line(text) => {
            let _ = write!(out, "; {text}");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn moves<'a>(rec: &'a Record<'a>) -> Vec<&'a RawMove<'a>> {
        rec.moves().collect()
    }

    #[test]
    fn reads_tags_moves_times_and_result() {
        let text = "[Event \"T\"]\n[White \"A \\\"the\\\" B\"]\n\n1. e2e4 {2026-11-20T09:14:00Z} Qd8/d7d5 {t2}\n2.Ke1e2 {t3} *\n";
        let rec = parse(text).unwrap();
        assert_eq!(rec.tags.len(), 2);
        assert_eq!(rec.tag("White").unwrap().value, "A \"the\" B");
        let m = moves(&rec);
        assert_eq!(m.len(), 3);
        assert_eq!(m[0].number, Some((1, false)));
        assert_eq!(m[1].number, None);
        assert_eq!(m[2].text, "Ke1e2");
        assert_eq!(m[2].line, 5);
        assert_eq!(m[0].time, Some("2026-11-20T09:14:00Z"));
        assert_eq!(rec.result, ("*".to_string(), 5));
    }

    #[test]
    fn reports_lines_and_columns() {
        let err = parse("[Event \"T\"]\n[White Alice]\n\n*\n").unwrap_err();
        assert_eq!(err.line, 2);
        let err = parse("[Event \"T\"]\n\n1. e2e4 {2026").unwrap_err();
        assert_eq!((err.line, err.column), (3, Some(9)));
        assert!(err.message.contains("never closed"), "{err}");
        let err = parse("[Event \"T\"]\n\n1. e2e4 {x}\n").unwrap_err();
        assert!(err.message.contains("truncated"), "{err}");
        let err = parse("[Event \"T\"]\n[Event \"U\"]\n*").unwrap_err();
        assert_eq!(
            err.to_string(),
            "line 2: tag Event appears twice (first on line 1)"
        );
    }

    #[test]
    fn keeps_notes_and_reads_events_in_order() {
        let text = "[Event \"T\"]\n\n{before} 1. e2e4 {t1} $1 {nice} ; a note\n1... e7e5 {t2} {[%draw offer White 2026-11-20T09:14:00Z]} {[%clk 1:00]} *\n";
        let rec = parse(text).unwrap();
        let kinds: Vec<String> = rec
            .items
            .iter()
            .map(|i| match i {
                Item::Move(m) => format!("move {}", m.text),
                Item::Event(e) => format!("event {:?}", e.action),
                Item::Correction(c) => format!("correction {}", c.kind.label()),
                Item::Note(n) => format!("{n:?}"),
            })
            .collect();
        assert_eq!(
            kinds,
            [
                "Comment(\"before\")",
                "move e2e4",
                "Glyph(\"$1\")",
                "Comment(\"nice\")",
                "Line(\"a note\")",
                "move e7e5",
                "event OfferDraw(White)",
                "Comment(\"[%clk 1:00]\")",
            ]
        );
    }
}
