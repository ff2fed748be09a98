//! The waiting messages of a run handled in batches: their durable writes
//! flushed together ([`crate::durable::Batch`]), and every notice of the
//! run sent through one SMTP session ([`Courier`]).
//!
//! **The order of a batch**, and what a run after a crash (a kill, or the
//! machine's) finds at each step:
//!
//! 1. Each message of the batch (at most [`BATCH_MESSAGES`], or
//!    [`BATCH_BYTES`] of mail) is handled under the inbox's lock, held for
//!    the whole batch: its move recorded in the game file, its notices and
//!    answers queued in the outbox, each notice before its event (the
//!    outbox's "nothing lost"). The game file replaces the old one only
//!    once everything written before it is on disk, so its event never
//!    outlives its notices. What it was noted as is kept in memory.
//!    *A crash here*: each message is still waiting in its mailbox and
//!    unnoted. Handled again, a move already in its game file is found
//!    there by the mail that brought it ([`crate::game::source`]) and not
//!    recorded again (`judge`'s duplicate); an answer made again has the
//!    same Message-ID and is not queued again; a notice whose event was
//!    not written is void, one whose event was is owed and sent
//!    ([`crate::mail::retry`] at the start of every run).
//! 2. The batch is flushed: every game file and outbox entry on disk.
//!    *A crash here*: as after 1.
//! 3. Each message is noted handled in the inbox's folder, and that is
//!    flushed. *A crash here*: a message noted is not handled again; one
//!    not noted is as after 1.
//! 4. The notices and answers go through the run's one SMTP session, each
//!    through the outbox's states alone (`sending/`, then `sent/` after
//!    the server's 250), so a crash sends again at most the one in
//!    flight, as outside a batch (see [`crate::mail::outbox`]).
//! 5. The batch's messages are marked in their mailbox (a Maildir's
//!    mark and move to `cur/` for each; for IMAP one `UID STORE` of the
//!    flag over the batch's UIDs), and that is flushed. *A crash here*,
//!    or before the server has the flag: a message noted but not marked
//!    is found noted ([`super::state::InboxState::handled`]) and only
//!    marked, its move not recorded again.
//!
//! So after a crash at any moment each message is either handled, its
//! move durably recorded and its notices queued, or still waiting;
//! never half, never twice. A crash costs at most one batch's work done
//! again, which the duplicate checks make a no-op. A mail read from
//! standard input is a batch of one, handled alone as before.

use super::error::InboxError;
use super::handle::Inbox;
use crate::durable::crash_point;
use crate::mail::{Courier, DeliveryReport, Pending};

/// The most messages in one batch: a crash costs at most their work.
pub const BATCH_MESSAGES: usize = 100;

/// The most mail, in bytes, in one batch.
pub const BATCH_BYTES: usize = 8 << 20;

impl Inbox<'_> {
    /// Starts a batch: takes the inbox's lock for it and groups the
    /// writes. Nothing to do in a dry run.
    pub fn begin_batch(&mut self) -> Result<(), InboxError> {
        if self.settings.dry_run || self.batch.is_some() {
            return Ok(());
        }
        let (wait, flush) = (self.settings.lock_wait, self.settings.mail.inbox_flush);
        self.batch = Some(self.state.open_batch(wait, flush)?);
        Ok(())
    }

    /// Steps 2 and 3 of a batch: its records flushed, then its messages
    /// noted handled and that flushed. On an error the messages not
    /// noted are handled again next time.
    pub fn commit_batch(&mut self) -> Result<(), InboxError> {
        let Some(batch) = self.batch.as_mut() else {
            return Ok(());
        };
        batch.group.flush()?;
        crash_point("flushed");
        for (key, note) in std::mem::take(&mut batch.notes) {
            self.state.note_handled(&batch.lock, &key, &note)?;
        }
        batch.group.flush()?;
        crash_point("noted");
        Ok(())
    }

    /// Ends the batch: what was written since the last flush (the
    /// mailbox's marks) flushed, and the lock let go.
    pub fn end_batch(&mut self) -> Result<(), InboxError> {
        let Some(batch) = self.batch.take() else {
            return Ok(());
        };
        batch.group.flush()?;
        Ok(())
    }

    /// Sends the mail handled messages queued, through the run's one SMTP
    /// session; `None` in a dry run or when there is none.
    pub fn deliver(&mut self, pending: Vec<Pending>) -> Option<DeliveryReport> {
        if self.settings.dry_run || pending.is_empty() {
            return None;
        }
        let config = self.settings.mail;
        let courier = match self.courier.as_mut() {
            Some(courier) => courier,
            None => match Courier::new(config) {
                Ok(courier) => self.courier.insert(courier),
                // As a delivery without a courier says it.
                Err(_) => return Some(crate::mail::deliver(config, pending, false)),
            },
        };
        Some(courier.deliver(config, pending, false))
    }

    /// Ends the run's SMTP session (QUIT); the next delivery opens another.
    pub fn hang_up(&mut self) {
        if let Some(courier) = self.courier.as_mut() {
            courier.hang_up();
        }
    }

    /// The SMTP sessions this inbox has opened to deliver its mail.
    pub fn sessions(&self) -> usize {
        self.courier.as_ref().map_or(0, Courier::sessions)
    }
}
