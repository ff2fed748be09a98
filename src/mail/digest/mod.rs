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
