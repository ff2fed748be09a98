//! What a notice says about the director's corrections: a move taken
//! back (`dynamo undo`) or the header corrected (`dynamo set`). An
//! address changed is said without the addresses: each copy goes to
//! its player alone, and neither needs the other's address.

use dynamo_core::Color;

use super::facts::Notice;
use crate::game::{EventKind, TagChange};
use crate::mail::messages::Args;
use crate::mail::text::one_line;

impl Notice {
    /// What happened, for a correction; `None` for any other event.
    pub(super) fn correction_headline(&self) -> Option<String> {
        let (what, reason) = match &self.happened.kind {
            EventKind::Undone { undone, reason } => (
                self.say(
                    "correction-undone",
                    &Args::new()
                        .text("move", one_line(&undone.numbered()))
                        .text("by", self.named(undone.mover)),
                ),
                Some(reason),
            ),
            EventKind::Corrected(fix) => {
                let each: Vec<String> = fix.changes.iter().map(|c| self.change(c)).collect();
                (
                    self.say(
                        "correction-header",
                        &Args::new().text("changes", each.join("; ")),
                    ),
                    fix.reason.as_ref(),
                )
            }
            _ => return None,
        };
        Some(match reason {
            Some(reason) => self.say(
                "correction-reason",
                &Args::new()
                    .text("what", what)
                    .text("reason", one_line(reason)),
            ),
            None => what,
        })
    }

    /// The correction in a few words, for the subject; `None` for any
    /// other event.
    pub(super) fn correction_summary(&self) -> Option<String> {
        match &self.happened.kind {
            EventKind::Undone { undone, .. } => Some(self.say(
                "summary-undone",
                &Args::new().text("move", one_line(&undone.numbered())),
            )),
            EventKind::Corrected(_) => Some(self.say("summary-corrected", &Args::new())),
            _ => None,
        }
    }

    /// One change in words: `White is now "Ann Lee" (was "Ann")`,
    /// `Black's address is changed`.
    fn change(&self, change: &TagChange) -> String {
        for side in [Color::White, Color::Black] {
            if change.name == format!("{}Email", side.title()) {
                return self.say(
                    "change-address",
                    &Args::new().text("side", self.side_word(side)),
                );
            }
        }
        let args = Args::new()
            .text("name", one_line(&change.name))
            .text("new", one_line(&change.new))
            .text("old", one_line(&change.old));
        if change.old.is_empty() {
            self.say("change-set", &args)
        } else {
            self.say("change-was", &args)
        }
    }
}
