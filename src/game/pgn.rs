//! The game file as text, both ways: PGN tag pairs, then movetext whose
//! moves each carry a `{received time}` comment, ending with the result
//! token.
//!
//! This module knows only the syntax; [`super::Game`] gives it meaning by
//! replaying the moves.

use std::fmt::Write as _;

use dynamo_core::Color;

use super::clock;
use super::record::Game;

/// A syntax error in a game file, with the line (from 1) it is on.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {message}")]
pub struct SyntaxError {
    pub line: usize,
    pub message: String,
}

fn syntax(line: usize, message: impl Into<String>) -> SyntaxError {
    SyntaxError {
        line,
        message: message.into(),
    }
}

/// One `[Name "value"]` pair.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tag {
    pub name: String,
    pub value: String,
    pub line: usize,
}

/// A move as written, before it is checked against the rules.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RawMove {
    /// The move number written before it, if any (`12.` or `12...`).
    pub number: Option<(u32, bool)>,
    pub text: String,
    pub line: usize,
    /// The first comment after the move: its received time.
    pub comment: Option<String>,
}

/// A parsed but not yet replayed game file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Record {
    pub tags: Vec<Tag>,
    pub moves: Vec<RawMove>,
    /// The result token that ends the movetext, and its line.
    pub result: (String, usize),
}

pub const RESULTS: [&str; 4] = ["1-0", "0-1", "1/2-1/2", "*"];

impl Record {
    pub fn tag(&self, name: &str) -> Option<&Tag> {
        self.tags.iter().find(|t| t.name == name)
    }
}

fn parse_tag(line: &str, number: usize) -> Result<Tag, SyntaxError> {
    let bad = |why: &str| {
        syntax(
            number,
            format!("malformed tag pair {line:?}: {why}; expected [Name \"value\"]"),
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

enum Token {
    Number(u32, bool),
    Move(String),
    Comment(String),
    Result(String),
}

/// Splits movetext (starting at line `first_line`) into tokens with lines.
fn tokenize(text: &str, first_line: usize) -> Result<Vec<(Token, usize)>, SyntaxError> {
    let mut tokens = Vec::new();
    let mut line = first_line;
    let mut chars = text.char_indices().peekable();
    while let Some(&(at, c)) = chars.peek() {
        match c {
            '\n' => {
                line += 1;
                chars.next();
            }
            c if c.is_whitespace() => {
                chars.next();
            }
            '{' => {
                let start = line;
                chars.next();
                let mut body = String::new();
                loop {
                    match chars.next() {
                        Some((_, '}')) => break,
                        Some((_, ch)) => {
                            if ch == '\n' {
                                line += 1;
                            }
                            body.push(ch);
                        }
                        None => {
                            return Err(syntax(
                                start,
                                "comment '{' is never closed: the file may be truncated",
                            ));
                        }
                    }
                }
                tokens.push((Token::Comment(body.trim().to_string()), start));
            }
            ';' => while chars.next_if(|&(_, ch)| ch != '\n').is_some() {},
            '(' | ')' => {
                return Err(syntax(
                    line,
                    "variations '( … )' are not allowed in a game record",
                ));
            }
            '}' => return Err(syntax(line, "'}' without an opening '{'")),
            '[' => {
                return Err(syntax(
                    line,
                    "a tag pair after the moves have begun: tags go at the top",
                ));
            }
            _ => {
                let mut end = at;
                while let Some(&(i, ch)) = chars.peek() {
                    if ch.is_whitespace() || matches!(ch, '{' | '}' | '(' | ')' | ';' | '[') {
                        break;
                    }
                    end = i + ch.len_utf8();
                    chars.next();
                }
                let word = &text[at..end];
                push_word(&mut tokens, word, line)?;
            }
        }
    }
    Ok(tokens)
}

fn push_word(tokens: &mut Vec<(Token, usize)>, word: &str, line: usize) -> Result<(), SyntaxError> {
    if RESULTS.contains(&word) {
        tokens.push((Token::Result(word.to_string()), line));
        return Ok(());
    }
    if word.starts_with('$') {
        // A numeric annotation glyph: not part of the record.
        return Ok(());
    }
    let digits = word.bytes().take_while(u8::is_ascii_digit).count();
    if digits > 0 && word[digits..].starts_with('.') {
        let number: u32 = word[..digits].parse().map_err(|_| {
            syntax(
                line,
                format!("move number '{}' is too large", &word[..digits]),
            )
        })?;
        let dots = word[digits..].bytes().take_while(|&b| b == b'.').count();
        let black = match dots {
            1 => false,
            3 => true,
            _ => {
                return Err(syntax(
                    line,
                    format!("'{word}': a move number is written 12. or 12..."),
                ));
            }
        };
        tokens.push((Token::Number(number, black), line));
        let rest = &word[digits + dots..];
        if !rest.is_empty() {
            push_word(tokens, rest, line)?;
        }
        return Ok(());
    }
    tokens.push((Token::Move(word.to_string()), line));
    Ok(())
}

/// Parses the text of a game file.
pub fn parse(text: &str) -> Result<Record, SyntaxError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
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
        let tag = parse_tag(trimmed, line_no)?;
        if let Some(earlier) = tags.iter().find(|t| t.name == tag.name) {
            return Err(syntax(
                line_no,
                format!(
                    "tag {} appears twice (first on line {})",
                    tag.name, earlier.line
                ),
            ));
        }
        tags.push(tag);
    }
    if tags.is_empty() {
        return Err(syntax(1, "no tag pairs: this is not a game file"));
    }
    let tokens = tokenize(&text[offset..], line_no + 1)?;
    let mut moves: Vec<RawMove> = Vec::new();
    let mut number = None;
    let mut result = None;
    for (token, line) in tokens {
        if let Some((res, res_line)) = &result {
            let _ = res;
            return Err(syntax(
                line,
                format!("text after the result token on line {res_line}"),
            ));
        }
        match token {
            Token::Number(n, black) => {
                if number.is_some() {
                    return Err(syntax(line, "two move numbers in a row"));
                }
                number = Some((n, black));
            }
            Token::Move(text) => moves.push(RawMove {
                number: number.take(),
                text,
                line,
                comment: None,
            }),
            Token::Comment(body) => match moves.last_mut() {
                Some(last) if last.comment.is_none() => last.comment = Some(body),
                // Further comments are commentary, kept by no one: only the
                // first comment after a move is its received time.
                _ => {}
            },
            Token::Result(r) => {
                if number.is_some() {
                    return Err(syntax(line, format!("a move number before the result {r}")));
                }
                result = Some((r, line));
            }
        }
    }
    let last_line = line_no + text[offset..].lines().count();
    let result = result.ok_or_else(|| {
        syntax(
            last_line.max(1),
            "the moves do not end with a result token (1-0, 0-1, 1/2-1/2 or *): the file may be truncated",
        )
    })?;
    if number.is_some() {
        return Err(syntax(last_line, "a move number with no move after it"));
    }
    Ok(Record {
        tags,
        moves,
        result,
    })
}

/// Writes a tag pair with PGN escapes.
pub fn write_tag(out: &mut String, name: &str, value: &str) {
    let escaped = value.replace('\\', "\\\\").replace('"', "\\\"");
    let _ = writeln!(out, "[{name} \"{escaped}\"]");
}

impl Game {
    /// The record as text: tags, then one numbered move pair per line,
    /// each move followed by its received time, then the result token.
    pub fn to_text(&self) -> String {
        let game = self;
        let moves = game.moves();
        let mut out = String::with_capacity(512 + moves.len() * 32);
        for (name, value) in game.tags() {
            write_tag(&mut out, name, value);
        }
        out.push('\n');
        let mut line = String::new();
        for m in moves {
            match m.mover {
                Color::White => {
                    let _ = write!(line, "{}. ", m.number);
                }
                Color::Black if line.is_empty() => {
                    let _ = write!(line, "{}... ", m.number);
                }
                Color::Black => line.push(' '),
            }
            let _ = write!(
                line,
                "{} {{{}}}",
                m.notation,
                clock::format_time(m.received)
            );
            if m.mover == Color::Black {
                out.push_str(&line);
                out.push('\n');
                line.clear();
            }
        }
        if !line.is_empty() {
            out.push_str(&line);
            out.push('\n');
        }
        out.push_str(game.ending().map_or("*", |e| e.outcome.pgn()));
        out.push('\n');
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_tags_moves_times_and_result() {
        let text = "[Event \"T\"]\n[White \"A \\\"the\\\" B\"]\n\n1. e2e4 {2026-11-20T09:14:00Z} Qd8/d7d5 {t2}\n2.Ke1e2 {t3} *\n";
        let rec = parse(text).unwrap();
        assert_eq!(rec.tags.len(), 2);
        assert_eq!(rec.tag("White").unwrap().value, "A \"the\" B");
        assert_eq!(rec.moves.len(), 3);
        assert_eq!(rec.moves[0].number, Some((1, false)));
        assert_eq!(rec.moves[1].number, None);
        assert_eq!(rec.moves[2].text, "Ke1e2");
        assert_eq!(rec.moves[2].line, 5);
        assert_eq!(
            rec.moves[0].comment.as_deref(),
            Some("2026-11-20T09:14:00Z")
        );
        assert_eq!(rec.result, ("*".to_string(), 5));
    }

    #[test]
    fn reports_lines() {
        let err = parse("[Event \"T\"]\n[White Alice]\n\n*\n").unwrap_err();
        assert_eq!(err.line, 2);
        let err = parse("[Event \"T\"]\n\n1. e2e4 {2026").unwrap_err();
        assert_eq!(err.line, 3);
        assert!(err.message.contains("never closed"), "{err}");
        let err = parse("[Event \"T\"]\n\n1. e2e4 {x}\n").unwrap_err();
        assert!(err.message.contains("truncated"), "{err}");
        let err = parse("[Event \"T\"]\n[Event \"U\"]\n*").unwrap_err();
        assert_eq!(
            err.to_string(),
            "line 2: tag Event appears twice (first on line 1)"
        );
    }
}
