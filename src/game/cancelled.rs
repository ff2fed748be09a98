//! A cancellation read back (see `cancel.rs`): which correction of a
//! record is one, the Termination it replaced (which the events before it
//! read their reasons from), and the ending it gives the replayed game.

use super::error::RecordError;
use super::event::EventKind;
use super::outcome::{CANCELLED, Ending, Outcome};
use super::pgn::Record;
use super::record::Game;

/// The Termination a cancellation replaced and the one it wrote, when
/// `kind` is one.
pub(super) fn cancellation(kind: &EventKind) -> Option<(&str, &str)> {
    let EventKind::Corrected(fix) = kind else {
        return None;
    };
    fix.changes
        .iter()
        .find(|c| c.name == "Termination" && c.new.starts_with(CANCELLED))
        .map(|c| (c.old.as_str(), c.new.as_str()))
}

/// The ending of a game replayed up to its cancellation, whose
/// Termination is `reason`: the result must be `*`.
pub(super) fn settle_cancelled(
    rec: &Record,
    game: &mut Game,
    reason: String,
) -> Result<(), RecordError> {
    let (token, line) = &rec.result;
    let tag = rec.tag("Result").map(|t| t.value.as_str());
    if token != "*" || tag != Some("*") {
        return Err(RecordError::Result {
            line: *line,
            message: format!("the game was cancelled ({reason}): its result must be *"),
        });
    }
    // Replaying an ending before the cancellation wrote its own result
    // and reason into the tags.
    game.set_tag("Result", Some("*".to_string()));
    game.set_tag("Termination", Some(reason.clone()));
    game.ending = Some(Ending {
        outcome: Outcome::Cancelled,
        reason,
    });
    Ok(())
}
