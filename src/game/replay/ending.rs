//! The result a replayed game ends with, checked against the file: the
//! result token and tag against an ending replay found (by event, or a
//! mate or stalemate on the board), or, in a file written before endings
//! were events, the token read with its Termination tag as the event it
//! describes. Apart from the moves because it runs once, after them.

use dynamo_core::Color;

use super::super::actions::ADJUDICATED;
use super::super::error::RecordError;
use super::super::event::EventKind;
use super::super::outcome::{Ending, Outcome};
use super::super::pgn::Record;
use super::super::record::Game;

/// Checks the result token and tag against what replaying found (an
/// ending by event, or a mate or stalemate on the board); with neither,
/// the token stands, with the Termination tag as its reason (files
/// written before endings were recorded as events).
pub(super) fn settle_ending(rec: &Record, game: &mut Game) -> Result<(), RecordError> {
    let result_tag = rec.tag("Result").ok_or(RecordError::MissingTag("Result"))?;
    let (token, token_line) = &rec.result;
    if result_tag.value != *token {
        return Err(RecordError::Result {
            line: *token_line,
            message: format!(
                "the moves end with {token} but the Result tag (line {}) says {}",
                result_tag.line, result_tag.value
            ),
        });
    }
    let recorded = Outcome::from_pgn(token);
    match (game.ending.clone(), recorded) {
        (Some(ending), Some(outcome)) if ending.outcome != outcome => Err(RecordError::Result {
            line: *token_line,
            message: format!(
                "the result is {token}, but {}: it must be {}",
                ending.reason, ending.outcome
            ),
        }),
        (Some(ending), None) if game.events.iter().any(|e| ends(&e.kind)) => {
            Err(RecordError::Result {
                line: *token_line,
                message: format!(
                    "the result is *, but {}: it must be {}",
                    ending.reason, ending.outcome
                ),
            })
        }
        (Some(ending), _) => {
            // A mate or stalemate the file does not record yet is written
            // back in full the next time the file is saved.
            game.set_ending(ending);
            Ok(())
        }
        (None, None) => Ok(()),
        (None, Some(outcome)) => {
            let reason = rec
                .tag("Termination")
                .map_or_else(|| "no reason recorded".to_string(), |t| t.value.clone());
            let kind = legacy_event(outcome, &reason);
            game.ending = Some(Ending { outcome, reason });
            game.record_event(kind, None, "", false);
            Ok(())
        }
    }
}

fn ends(kind: &EventKind) -> bool {
    matches!(
        kind,
        EventKind::DrawAccepted { .. } | EventKind::Resigned { .. } | EventKind::Adjudicated { .. }
    )
}

/// The event an old file's Termination tag describes.
fn legacy_event(outcome: Outcome, reason: &str) -> EventKind {
    for side in [Color::White, Color::Black] {
        if reason == format!("{} resigns", side.title()) {
            return EventKind::Resigned { by: side };
        }
        if outcome == Outcome::Draw && reason.contains(&format!("{} accepted", side.title())) {
            return EventKind::DrawAccepted { by: side };
        }
    }
    EventKind::Adjudicated {
        outcome,
        reason: reason
            .strip_prefix(ADJUDICATED)
            .unwrap_or(reason)
            .to_string(),
    }
}
