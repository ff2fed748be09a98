//! A game the director cancels ([`Game::cancel`]): a player withdrew from
//! a section before half of their games were finished, and under the
//! rule of the section their games count for nobody (docs/director.md,
//! "Withdrawing a player"). Finished games are cancelled too: the moves
//! and their result stay in the record, but the game's result becomes
//! `*` and its Termination `cancelled: …`.
//!
//! The cancellation is a header correction with the audit trail (`[%set
//! Result "1-0" "*" Termination "Black resigns" "cancelled: …" TIME
//! "…"]`), so the record keeps what the game's result had been, and
//! replaying reads the earlier events' reasons from it. Nothing may
//! follow it but more header corrections: a cancelled game is over.
//!
//! Read back, a cancellation is a correction whose new Termination starts
//! `cancelled: ` ([`cancellation`]); the events before it read their
//! reasons from the Termination it replaced, and the replayed game ends
//! cancelled with the result `*` ([`settle_cancelled`]).

use chrono::{DateTime, Utc};

use super::clock;
use super::correct::{CorrectionError, reason_of};
use super::error::RecordError;
use super::event::{EventKind, HeaderFix, TagChange};
use super::outcome::{CANCELLED, Ending, Outcome};
use super::pgn::Record;
use super::record::Game;

impl Game {
    /// The game cancelled at `at` for `reason` (`Eve withdrew on
    /// 2026-12-01`): over, counting for nobody, whether it had ended or
    /// not. Refused for a game cancelled already.
    pub fn cancel(&self, reason: &str, at: DateTime<Utc>) -> Result<Game, CorrectionError> {
        if self.cancelled().is_some() {
            return Err(CorrectionError::NothingToChange(
                "the game is cancelled already".to_string(),
            ));
        }
        let reason = reason_of(reason)?;
        let at = clock::truncate(at);
        self.check_correction_time(at)?;
        let mut game = self.clone();
        game.write_unwritten_events();
        let mut changes = Vec::new();
        let result = self.tag("Result").unwrap_or("*");
        if result != "*" {
            changes.push(TagChange {
                name: "Result".to_string(),
                old: result.to_string(),
                new: "*".to_string(),
            });
        }
        changes.push(TagChange {
            name: "Termination".to_string(),
            old: self.tag("Termination").unwrap_or("").to_string(),
            new: format!("{CANCELLED}{reason}"),
        });
        for c in &changes {
            game.set_tag(&c.name, Some(c.new.clone()));
        }
        game.ending = Some(Ending {
            outcome: Outcome::Cancelled,
            reason: format!("{CANCELLED}{reason}"),
        });
        let fix = HeaderFix {
            changes,
            reason: Some(reason),
        };
        game.record_event(EventKind::Corrected(fix), Some(at), "", true);
        game.reread()
    }

    /// Why the game was cancelled, if it was.
    pub fn cancelled(&self) -> Option<&str> {
        self.ending()
            .filter(|e| e.outcome == Outcome::Cancelled)
            .map(|e| e.reason.strip_prefix(CANCELLED).unwrap_or(&e.reason))
    }
}

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

#[cfg(test)]
mod tests {
    use chrono::Duration;
    use dynamo_core::Color;

    use super::*;
    use crate::game::sample;

    fn at(hours: i64) -> DateTime<Utc> {
        sample::start() + Duration::hours(hours)
    }

    /// A finished game cancelled keeps its moves and the result it had,
    /// in the correction's record; it replays cancelled, and refuses
    /// anything but a header correction.
    #[test]
    fn a_finished_game_cancelled_replays_as_cancelled() {
        let game = sample::game(&["e2e4"]);
        let game = game
            .adjudicate("1-0", "time forfeit", at(2))
            .expect("adjudicated");
        let cancelled = game
            .cancel("Eve withdrew on 2026-11-21", at(3))
            .expect("cancel");
        let text = cancelled.to_text();
        assert!(text.contains("[Result \"*\"]"), "{text}");
        assert!(
            text.contains("[Termination \"cancelled: Eve withdrew on 2026-11-21\"]"),
            "{text}"
        );
        let again = Game::parse(&text).expect("replays");
        assert_eq!(again.cancelled(), Some("Eve withdrew on 2026-11-21"));
        assert_eq!(again.moves().len(), 1);
        // The adjudication before it keeps its own reason.
        assert!(again.events().iter().any(|e| matches!(
            &e.kind,
            EventKind::Adjudicated { reason, .. } if reason == "time forfeit"
        )));
        assert!(again.cancel("again", at(4)).is_err());
        assert!(again.undo("no", at(4)).is_err());
        assert!(again.resign(Color::Black, at(4)).is_err());
    }

    #[test]
    fn an_unfinished_game_cancelled_takes_no_more_moves() {
        let game = sample::game(&[]);
        let cancelled = game.cancel("Eve withdrew", at(1)).expect("cancel");
        assert_eq!(
            cancelled.ending().map(|e| e.outcome),
            Some(Outcome::Cancelled)
        );
        assert!(cancelled.check_move("e2e4", None).is_err());
        // A move written after the cancellation does not replay.
        let text = cancelled.to_text();
        let (before, after) = text.rsplit_once('*').expect("a result");
        let text = format!("{before}1. e2e4 *{after}");
        assert!(Game::parse(&text).is_err(), "{text}");
    }
}
