//! The director's corrections as `{[%…]}` comments, the record's audit
//! trail: `[%undo "12... Qd8/d7d5" RECEIVED TIME "reason"]` where the
//! move taken back stood, and `[%set WhiteEmail "old" "new" TIME
//! "reason"]` (several `NAME "old" "new"` triples, the reason optional)
//! where the header was corrected.
//!
//! Text in quotes is kept exactly: `\\` is a backslash, `\"` a quote and
//! `\x7d` a closing brace, which would otherwise end the comment.

use chrono::{DateTime, Utc};
use dynamo_core::{Color, clipped};

use super::super::clock;
use super::super::event::{EventKind, HeaderFix, TagChange, TakenBack};
use super::syntax::{PgnSyntaxError, syntax};

/// A correction as read, with its time and line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RawCorrection {
    /// [`EventKind::Undone`] or [`EventKind::Corrected`].
    pub kind: EventKind,
    pub at: DateTime<Utc>,
    pub line: usize,
}

/// One word of a correction: bare, or quoted and unescaped.
#[derive(Debug, PartialEq, Eq)]
enum Word<'a> {
    Bare(&'a str),
    Quoted(String),
}

/// Splits at blanks, reading quoted text with its escapes.
fn words(text: &str) -> Result<Vec<Word<'_>>, &'static str> {
    let mut out = Vec::new();
    let mut rest = text.trim_start();
    while !rest.is_empty() {
        if let Some(body) = rest.strip_prefix('"') {
            let mut value = String::new();
            let mut chars = body.char_indices();
            let end = loop {
                match chars.next() {
                    None => return Err("has a quote that is never closed"),
                    Some((i, '"')) => break i + 1,
                    Some((i, '\\')) => {
                        if body[i + 1..].starts_with("x7d") {
                            value.push('}');
                            chars.nth(2);
                            continue;
                        }
                        match chars.next() {
                            Some((_, c @ ('\\' | '"'))) => value.push(c),
                            _ => return Err("has a backslash not followed by \\, \" or x7d"),
                        }
                    }
                    Some((_, c)) => value.push(c),
                }
            };
            out.push(Word::Quoted(value));
            rest = &body[end..];
            if rest.starts_with(|c: char| !c.is_whitespace()) {
                return Err("has text right after a closing quote");
            }
        } else {
            let end = rest
                .find(|c: char| c.is_whitespace() || c == '"')
                .unwrap_or(rest.len());
            out.push(Word::Bare(&rest[..end]));
            rest = &rest[end..];
        }
        rest = rest.trim_start();
    }
    Ok(out)
}

/// Reads `[%undo …]` and `[%set …]`; `None` for any other comment.
pub(super) fn parse_correction(
    body: &str,
    line: usize,
) -> Result<Option<RawCorrection>, PgnSyntaxError> {
    let Some(inner) = body.strip_prefix("[%").and_then(|b| b.strip_suffix(']')) else {
        return Ok(None);
    };
    let (head, rest) = inner.split_once(char::is_whitespace).unwrap_or((inner, ""));
    if !matches!(head, "undo" | "set") {
        return Ok(None);
    }
    let bad = |why: &str| syntax(line, format!("the correction {{{}}} {why}", clipped(body)));
    let words = words(rest).map_err(bad)?;
    let time = |word: &Word| match word {
        Word::Bare(t) => DateTime::parse_from_rfc3339(t)
            .map(|t| clock::truncate(t.with_timezone(&Utc)))
            .map_err(|_| bad("has a time that is not like 2026-11-20T09:14:00Z")),
        Word::Quoted(_) => Err(bad("has quoted text where a time belongs")),
    };
    let (kind, at) = if head == "undo" {
        let [Word::Quoted(mv), received, at, Word::Quoted(reason)] = words.as_slice() else {
            return Err(bad(
                "is not [%undo \"12... Qd8/d7d5\" RECEIVED TIME \"reason\"]",
            ));
        };
        let (number, mover, notation) =
            numbered_move(mv).ok_or_else(|| bad("names no move such as \"12... Qd8/d7d5\""))?;
        let undone = TakenBack {
            number,
            mover,
            notation,
            received: time(received)?,
        };
        let reason = reason.clone();
        (EventKind::Undone { undone, reason }, time(at)?)
    } else {
        let mut changes = Vec::new();
        let mut rest = words.as_slice();
        while let [
            Word::Bare(name),
            Word::Quoted(old),
            Word::Quoted(new),
            tail @ ..,
        ] = rest
        {
            if !is_tag_name(name) {
                return Err(bad("names a tag that is not letters, digits or _"));
            }
            changes.push(TagChange {
                name: name.to_string(),
                old: old.clone(),
                new: new.clone(),
            });
            rest = tail;
        }
        let (at, reason) = match rest {
            [at] => (at, None),
            [at, Word::Quoted(reason)] => (at, Some(reason.clone())),
            _ => {
                return Err(bad("is not [%set NAME \"old\" \"new\" … TIME \"reason\"]"));
            }
        };
        if changes.is_empty() {
            return Err(bad("changes no tag"));
        }
        (
            EventKind::Corrected(HeaderFix { changes, reason }),
            time(at)?,
        )
    };
    Ok(Some(RawCorrection { kind, at, line }))
}

/// `12... Qd8/d7d5` → 12, Black, `Qd8/d7d5`.
fn numbered_move(text: &str) -> Option<(u32, Color, String)> {
    let (label, notation) = text.split_once(' ')?;
    let (digits, mover) = match label.strip_suffix("...") {
        Some(d) => (d, Color::Black),
        None => (label.strip_suffix('.')?, Color::White),
    };
    let number: u32 = digits.parse().ok().filter(|&n| n > 0)?;
    let notation = notation.trim();
    if notation.is_empty() || notation.contains(char::is_whitespace) || !digits.is_ascii() {
        return None;
    }
    Some((number, mover, notation.to_string()))
}

/// A tag name as the header allows it.
pub fn is_tag_name(name: &str) -> bool {
    !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// Text in quotes, escaped so that it reads back the same.
fn quote(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '"' => out.push_str("\\\""),
            '}' => out.push_str("\\x7d"),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// The `{…}` text of a correction at `at`; `None` for other events.
pub fn write_correction(kind: &EventKind, at: Option<DateTime<Utc>>) -> Option<String> {
    let at = at.map(|t| format!(" {}", clock::format_time(t)));
    let at = at.as_deref().unwrap_or("");
    match kind {
        EventKind::Undone { undone, reason } => Some(format!(
            "[%undo {} {}{at} {}]",
            quote(&undone.numbered()),
            clock::format_time(undone.received),
            quote(reason)
        )),
        EventKind::Corrected(HeaderFix { changes, reason }) => {
            let mut text = "[%set".to_string();
            for c in changes {
                text.push_str(&format!(" {} {} {}", c.name, quote(&c.old), quote(&c.new)));
            }
            text.push_str(at);
            if let Some(reason) = reason {
                text.push(' ');
                text.push_str(&quote(reason));
            }
            text.push(']');
            Some(text)
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(body: &str) -> Result<Option<RawCorrection>, PgnSyntaxError> {
        parse_correction(body, 7)
    }

    #[test]
    fn corrections_read_back_as_written() {
        let at = clock::parse_time("2026-11-25T08:00:00Z").expect("a time");
        let kinds = [
            EventKind::Undone {
                undone: TakenBack {
                    number: 12,
                    mover: Color::Black,
                    notation: "Qd8/d7d5".into(),
                    received: clock::parse_time("2026-11-24T10:00:00Z").expect("a time"),
                },
                reason: "sent twice: \"e4\" } \\ again".into(),
            },
            EventKind::Corrected(HeaderFix {
                changes: vec![
                    TagChange {
                        name: "WhiteEmail".into(),
                        old: "a@example.org".into(),
                        new: "b@example.org".into(),
                    },
                    TagChange {
                        name: "Annotator".into(),
                        old: String::new(),
                        new: "x7d \\x7d }".into(),
                    },
                ],
                reason: None,
            }),
        ];
        for kind in kinds {
            let text = write_correction(&kind, Some(at)).expect("a correction");
            let read = read(&text).expect("reads").expect("a correction");
            assert_eq!((read.kind, read.at, read.line), (kind, at, 7), "{text}");
            assert!(!text.contains('}'), "{text}");
        }
        assert_eq!(
            write_correction(
                &EventKind::Corrected(HeaderFix {
                    changes: vec![TagChange {
                        name: "Round".into(),
                        old: "1".into(),
                        new: "2".into()
                    }],
                    reason: Some("typo".into())
                }),
                Some(at)
            )
            .as_deref(),
            Some("[%set Round \"1\" \"2\" 2026-11-25T08:00:00Z \"typo\"]")
        );
    }

    #[test]
    fn other_comments_are_not_corrections() {
        for body in ["[%clk 1:00]", "undo", "[%undone x]", "a note"] {
            assert_eq!(read(body), Ok(None), "{body}");
        }
    }

    #[test]
    fn malformed_corrections_are_errors_with_their_line() {
        for body in [
            "[%undo]",
            "[%undo \"12... Qd8/d7d5\" 2026-11-24T10:00:00Z 2026-11-25T08:00:00Z]",
            "[%undo \"Qd8/d7d5\" 2026-11-24T10:00:00Z 2026-11-25T08:00:00Z \"r\"]",
            "[%undo \"0. e2e4\" 2026-11-24T10:00:00Z 2026-11-25T08:00:00Z \"r\"]",
            "[%undo \"1. e2e4\" yesterday 2026-11-25T08:00:00Z \"r\"]",
            "[%undo \"1. e2e4\" 2026-11-24T10:00:00Z 2026-11-25T08:00:00Z \"r]",
            "[%set 2026-11-25T08:00:00Z]",
            "[%set White \"a\" 2026-11-25T08:00:00Z]",
            "[%set Wh-ite \"a\" \"b\" 2026-11-25T08:00:00Z]",
            "[%set White \"a\" \"b\" 2026-11-25T08:00:00Z \"r\" extra]",
            "[%set White \"a\\n\" \"b\" 2026-11-25T08:00:00Z]",
            "[%set White \"a\"\"b\" 2026-11-25T08:00:00Z]",
        ] {
            let err = read(body).expect_err(body);
            assert_eq!(err.line, 7, "{body}: {err}");
            assert!(err.message.starts_with("the correction {"), "{err}");
        }
    }
}
