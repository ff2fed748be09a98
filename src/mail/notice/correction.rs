//! What a notice says about the director's corrections: a move taken
//! back (`dynamo undo`) or the header corrected (`dynamo set`). An
//! address changed is said without the addresses: each copy goes to
//! its player alone, and neither needs the other's address.

use dynamo_core::Color;

use super::facts::Notice;
use crate::game::{EventKind, TagChange};
use crate::mail::text::one_line;

impl Notice {
    /// What happened, for a correction; `None` for any other event.
    pub(super) fn correction_headline(&self) -> Option<String> {
        let (what, reason) = match &self.happened.kind {
            EventKind::Undone { undone, reason } => (
                format!(
                    "The director took back {} by {}",
                    one_line(&undone.numbered()),
                    self.named(undone.mover)
                ),
                Some(reason),
            ),
            EventKind::Corrected(fix) => {
                let each: Vec<String> = fix.changes.iter().map(said).collect();
                (
                    format!("The director corrected the game: {}", each.join("; ")),
                    fix.reason.as_ref(),
                )
            }
            _ => return None,
        };
        Some(match reason {
            Some(reason) => format!("{what}. Reason: {}", one_line(reason)),
            None => what,
        })
    }

    /// The correction in a few words, for the subject; `None` for any
    /// other event.
    pub(super) fn correction_summary(&self) -> Option<String> {
        match &self.happened.kind {
            EventKind::Undone { undone, .. } => {
                Some(format!("{} taken back", one_line(&undone.numbered())))
            }
            EventKind::Corrected(_) => Some("game record corrected".to_string()),
            _ => None,
        }
    }
}

/// One change in words: `White is now "Ann Lee" (was "Ann")`, `Black's
/// address is changed`.
fn said(change: &TagChange) -> String {
    let name = one_line(&change.name);
    for side in [Color::White, Color::Black] {
        if change.name == format!("{}Email", side.title()) {
            return format!("{}'s address is changed", side.title());
        }
    }
    let new = one_line(&change.new);
    if change.old.is_empty() {
        format!("{name} is now \"{new}\"")
    } else {
        format!(
            "{name} is now \"{new}\" (was \"{}\")",
            one_line(&change.old)
        )
    }
}
