//! The events between moves, as `{[%…]}` comments: `[%draw offer White
//! 2026-11-20T09:14:00Z]`, `[%draw accept Black …]`, `[%draw decline
//! Black …]`, `[%resign White …]`, `[%adjudicate 1-0 …]`, `[%leave White
//! 2026-12-01 2026-12-10 …]` (the first and last day of a player's leave,
//! then when it was recorded), `[%choose White Q …]` (the owner's choice
//! for a pawn awaiting it, sent alone before the move, docs/RULES.md
//! §9.1). Other programs' `[%…]` commands are left to
//! be kept as notes.

use chrono::{DateTime, Utc};
use dynamo_core::{Color, Role, clipped};

use super::super::clock;
use super::super::leave::LeaveDays;
use super::super::outcome::Outcome;
use super::syntax::{PgnSyntaxError, syntax};

/// What a player or the director did between moves, as the file records
/// it in a `{[%…]}` comment.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PgnAction {
    /// `[%draw offer White TIME]`
    OfferDraw(Color),
    /// `[%draw accept Black TIME]`
    AcceptDraw(Color),
    /// `[%draw decline Black TIME]`
    DeclineDraw(Color),
    /// `[%resign White TIME]`
    Resign(Color),
    /// `[%adjudicate 1-0 TIME]`; the reason is the Termination tag.
    Adjudicate(Outcome),
    /// `[%leave White 2026-12-01 2026-12-10 TIME]`: leave for White on
    /// those days, both included; the time is when it was recorded, and
    /// must be there.
    Leave { by: Color, days: LeaveDays },
    /// `[%choose White Q TIME]`: the owner's choice for the pawn awaiting
    /// it, made alone; their move follows later (docs/RULES.md §9.1).
    Choose { by: Color, role: Role },
}

/// A [`PgnAction`] as read, with its time (absent only in files written
/// before times were recorded) and line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RawEvent {
    pub action: PgnAction,
    pub at: Option<DateTime<Utc>>,
    pub line: usize,
}

/// Reads `[%draw offer White 2026-…]` and its kin; `None` for a comment
/// that is not one of ours (another program's `[%clk …]`, say), which is
/// then kept as a note.
pub(super) fn parse_action(body: &str, line: usize) -> Result<Option<RawEvent>, PgnSyntaxError> {
    let Some(inner) = body.strip_prefix("[%").and_then(|b| b.strip_suffix(']')) else {
        return Ok(None);
    };
    let words: Vec<&str> = inner.split_whitespace().collect();
    let bad = |why: &str| syntax(line, format!("the event {{{}}} {why}", clipped(body)));
    let side = |word: &str| {
        word.parse::<Color>()
            .map_err(|()| bad("names a side that is not White or Black"))
    };
    let (action, rest) = match words.as_slice() {
        ["draw", what, who, rest @ ..] => {
            let by = side(who)?;
            let action = match *what {
                "offer" => PgnAction::OfferDraw(by),
                "accept" => PgnAction::AcceptDraw(by),
                "decline" => PgnAction::DeclineDraw(by),
                _ => return Err(bad("is not a draw offer, acceptance or refusal")),
            };
            (action, rest)
        }
        ["resign", who, rest @ ..] => (PgnAction::Resign(side(who)?), rest),
        ["adjudicate", result, rest @ ..] => {
            let outcome = Outcome::from_pgn(result)
                .ok_or_else(|| bad("has a result that is not 1-0, 0-1 or 1/2-1/2"))?;
            (PgnAction::Adjudicate(outcome), rest)
        }
        ["leave", who, from, to, rest @ ..] if !rest.is_empty() => {
            let by = side(who)?;
            let days =
                LeaveDays::parse(from, to).map_err(|e| bad(&format!("is not a leave: {e}")))?;
            (PgnAction::Leave { by, days }, rest)
        }
        ["choose", who, piece, rest @ ..] => {
            let by = side(who)?;
            let role = piece
                .parse::<char>()
                .ok()
                .and_then(|c| Role::from_upper_char(c.to_ascii_uppercase()))
                .filter(|r| Role::PROMOTIONS.contains(r))
                .ok_or_else(|| bad("names no piece a pawn becomes (Q, R, B or N)"))?;
            (PgnAction::Choose { by, role }, rest)
        }
        ["draw" | "resign" | "adjudicate" | "leave" | "choose", ..] => {
            return Err(bad("is incomplete"));
        }
        _ => return Ok(None),
    };
    let at = match rest {
        [] => None,
        [time] => Some(
            clock::parse_stamp(time)
                .map_err(|_| bad("has a time that is not like 2026-11-20T09:14:00Z"))?,
        ),
        _ => return Err(bad("has more words than a side or result and a time")),
    };
    Ok(Some(RawEvent { action, at, line }))
}

/// The `{…}` text of an action at a time.
pub fn write_action(action: PgnAction, at: Option<DateTime<Utc>>) -> String {
    let mut text = match action {
        PgnAction::OfferDraw(c) => format!("[%draw offer {}", c.title()),
        PgnAction::AcceptDraw(c) => format!("[%draw accept {}", c.title()),
        PgnAction::DeclineDraw(c) => format!("[%draw decline {}", c.title()),
        PgnAction::Resign(c) => format!("[%resign {}", c.title()),
        PgnAction::Adjudicate(o) => format!("[%adjudicate {}", o.pgn()),
        PgnAction::Leave { by, days } => {
            format!("[%leave {} {} {}", by.title(), days.from(), days.to())
        }
        PgnAction::Choose { by, role } => {
            format!("[%choose {} {}", by.title(), role.upper_char())
        }
    };
    if let Some(at) = at {
        text.push(' ');
        text.push_str(&clock::format_time(at));
    }
    text.push(']');
    text
}

#[cfg(test)]
mod tests {
    use super::super::parse;

    #[test]
    fn malformed_events_are_errors_with_their_line() {
        for bad in [
            "{[%draw offer Purple 2026-11-20T09:14:00Z]}",
            "{[%draw wave White]}",
            "{[%resign White yesterday]}",
            "{[%adjudicate 2-0]}",
            "{[%resign]}",
            "{[%leave White 2026-12-01 2026-12-10]}",
            "{[%leave White 2026-12-10 2026-12-01 2026-11-20T09:14:00Z]}",
            "{[%leave White 2026-12-01 12-10 2026-11-20T09:14:00Z]}",
            "{[%leave Purple 2026-12-01 2026-12-10 2026-11-20T09:14:00Z]}",
            "{[%choose White K 2026-11-20T09:14:00Z]}",
            "{[%choose White]}",
            "{[%choose Purple Q 2026-11-20T09:14:00Z]}",
        ] {
            let text = format!("[Event \"T\"]\n\n1. e2e4 {{t}}\n{bad} *\n");
            let err = parse(&text).unwrap_err();
            assert_eq!(err.line, 4, "{bad}: {err}");
        }
    }
}
