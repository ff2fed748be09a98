//! The record written back as text, in the syntax [`super::pgn`] reads:
//! tags, then one numbered move pair per line, each move followed by its
//! received time, the events and the director's notes where they stand,
//! then the result token.

use std::fmt::Write as _;

use dynamo_core::{Color, MoveNumber};

use super::clock;
use super::event::EventKind;
use super::pgn::{self, PgnAction};
use super::record::{Game, Gap};

impl Game {
    /// The record as text. [`Game::parse`] reads it back to the same game.
    pub fn to_text(&self) -> String {
        let moves = self.moves();
        let mut out = String::with_capacity(512 + moves.len() * 32);
        for (name, value) in self.tags() {
            pgn::write_tag(&mut out, name, value);
        }
        out.push('\n');
        let mut line = String::new();
        // Whether Black's next move follows White's directly, so that it
        // needs no `12...` of its own.
        let mut paired = false;
        self.write_gap(0, &mut out, &mut line);
        for m in moves {
            if !line.is_empty() && !line.ends_with(' ') {
                line.push(' ');
            }
            if m.mover == Color::White || !paired {
                let _ = write!(
                    line,
                    "{} ",
                    MoveNumber {
                        number: m.number,
                        side: m.mover
                    }
                );
            }
            let _ = write!(
                line,
                "{} {{{}}}",
                m.notation,
                clock::format_time(m.received)
            );
            // The owner's choice said in words where the move stands
            // (docs/RULES.md §9.1); replay knows it and does not keep it
            // as the director's note.
            let note = m.choice_note();
            if let Some(note) = &note {
                let _ = write!(line, " {{{note}}}");
            }
            let had_items = self.write_gap(m.ply as usize, &mut out, &mut line);
            paired = m.mover == Color::White && !had_items && note.is_none();
            if m.mover == Color::Black {
                flush(&mut out, &mut line);
            } else {
                line.push(' ');
            }
        }
        flush(&mut out, &mut line);
        out.push_str(self.ending().map_or("*", |e| e.outcome.pgn()));
        out.push('\n');
        out
    }

    /// Writes the items after ply `ply` onto `line`; whether there were any.
    fn write_gap(&self, ply: usize, out: &mut String, line: &mut String) -> bool {
        let Some(items) = self.gaps.get(ply) else {
            return false;
        };
        for item in items {
            if !line.is_empty() && !line.ends_with(' ') {
                line.push(' ');
            }
            match item {
                Gap::Event(i) => {
                    let event = &self.events()[*i];
                    if let Some(action) = action_of(&event.kind) {
                        let _ = write!(line, "{{{}}}", pgn::write_action(action, event.at));
                    } else if let Some(text) = pgn::write_correction(&event.kind, event.at) {
                        let _ = write!(line, "{{{text}}}");
                    }
                }
                Gap::Note(note) => {
                    pgn::write_note(line, note);
                    if matches!(note, pgn::Note::Line(_)) {
                        // A `;` note runs to the end of its line.
                        flush(out, line);
                    }
                }
            }
        }
        !items.is_empty()
    }
}

fn flush(out: &mut String, line: &mut String) {
    let text = line.trim_end();
    if !text.is_empty() {
        out.push_str(text);
        out.push('\n');
    }
    line.clear();
}

/// The file's form of an event other than a creation, a move or a
/// correction.
pub(super) fn action_of(kind: &EventKind) -> Option<PgnAction> {
    Some(match *kind {
        EventKind::Created | EventKind::Moved => return None,
        EventKind::Undone { .. } | EventKind::Corrected(_) => return None,
        EventKind::DrawOffered { by } => PgnAction::OfferDraw(by),
        EventKind::DrawAccepted { by } => PgnAction::AcceptDraw(by),
        EventKind::DrawDeclined { by } => PgnAction::DeclineDraw(by),
        EventKind::Resigned { by } => PgnAction::Resign(by),
        EventKind::Adjudicated { outcome, .. } => PgnAction::Adjudicate(outcome),
        EventKind::Leave { by, days } => PgnAction::Leave { by, days },
        EventKind::Chose { by, role } => PgnAction::Choose { by, role },
    })
}
