//! The daily digest: one mail a day, instead of a notice per event, for
//! the players who choose it ([`choice`]).
//!
//! **Held back, not lost.** A digest player's notice of an event that is
//! not urgent ([`urgent`]) is queued like any notice, before its event is
//! written and naming the event it awaits, but into the outbox's `held/`
//! instead of its queue: `mail --retry` never sends it. `dynamo digest`
//! confirms each held notice as `--retry` confirms a queued one (under
//! the game's recording lock: its event in the file, or void), and a
//! player with one owed gets their digest; the digest names the held
//! notices it stands for, and they are removed only once it is queued.
//! So a kill at any moment leaves either the held notices (the next run
//! digests them) or the digest queued (the next run removes the notices
//! it names, and `mail --retry` or the next run sends it).
//!
//! **Once a day.** A digest's Message-ID is made from the player and the
//! day (UTC), and one the outbox holds in any state is not made again:
//! what is held after it waits for the next day's.
//!
//! Decisions the rule book and the guides leave open, as a demanding club player would
//! want them (docs/players.md, "The daily digest"):
//! - a digest goes only on a day when something was held for the player
//!   since their last one: a quiet day brings no mail (`remind` still
//!   warns of a deadline);
//! - the day is the UTC day, as every date `dynamo` writes; the timer
//!   runs at 07:00 UTC;
//! - the player's own move is held too: the next digest shows it, and a
//!   move sent in a reply to a digest is confirmed at once by the answer;
//! - the start of a game goes at once (its notice opens the game's
//!   thread), as do its end, a draw offer, a deadline within a day and the
//!   director's corrections ([`urgent`]);
//! - `digest off` holds nothing more, and what was held comes in one last
//!   digest, so a player switching back loses nothing;
//! - a game's label is its file's name ([`label`]), a section's
//!   `r03-b01`, stable while the file keeps its name.

pub mod answer;
pub mod build;
pub mod choice;
pub mod label;
pub mod plan;
pub mod record;
pub mod token;
pub mod urgent;

use super::envelope::Built;
use super::error::MailError;
use super::mail_config::MailConfig;
use super::notice::Notice;
pub use choice::{Choice, Choices};

/// For each built copy of `notice`, whether it is held back for its
/// recipient's digest.
pub(super) fn held_back(
    config: &MailConfig,
    notice: &Notice,
    built: &[Built],
) -> Result<Vec<bool>, MailError> {
    let choices = Choices::load(&config.outbox)?;
    Ok(built
        .iter()
        .map(|copy| choices.daily(copy.to.as_ref()) && !urgent::urgent(notice, copy.side))
        .collect())
}
