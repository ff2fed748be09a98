//! The mailboxes the inbox reads, behind one small trait, and the loop
//! that handles what they hold, in batches (`batch.rs`): the waiting
//! messages of a batch fetched and handled ([`Inbox::handle`]), their
//! records flushed and noted, their mail delivered, and only then marked
//! handled in the mailbox. A message marked is never handled again; one
//! handled but not yet marked (the process stopped) is found handled by
//! the inbox's own record and only marked.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use super::batch::{BATCH_BYTES, BATCH_MESSAGES};
use super::error::InboxError;
use super::handle::{Handled, Inbox};
pub use super::message::RawMessage;
use crate::durable::crash_point;
use crate::mail::{self, DeliveryReport, MailError};

/// How often `--watch` sends what the outbox still owes.
const RETRY_EVERY: Duration = Duration::from_secs(60);

/// The longest pause between two looks at the stop flag.
const NAP: Duration = Duration::from_millis(100);

/// A mailbox the inbox reads: a Maildir, an IMAP mailbox. Its ids are
/// its own (a file name, a UID), as text.
pub trait Source {
    /// A name for the mailbox, for reports.
    fn name(&self) -> String;
    /// The messages not marked handled, oldest first.
    fn waiting(&mut self) -> Result<Vec<String>, InboxError>;
    /// The message `id`; `None` when it has gone (another `dynamo inbox`
    /// took it).
    fn fetch(&mut self, id: &str) -> Result<Option<RawMessage>, InboxError>;
    /// Marks each of `ids` (a batch's messages) handled, so that
    /// [`Source::waiting`] lists them no more: in as few steps as the
    /// mailbox allows (IMAP: one command for the batch). One result an
    /// id, in their order.
    fn mark_handled(&mut self, ids: &[String]) -> Vec<Result<(), InboxError>>;
    /// Waits until something may have arrived, `poll` has passed or
    /// `stop` is set. A mailbox that can say when mail arrives (IMAP's
    /// IDLE) returns then, and may wait longer than `poll`; the default
    /// just lets `poll` pass.
    fn wait(&mut self, poll: Duration, stop: &AtomicBool) -> Result<(), InboxError> {
        nap(poll, stop);
        Ok(())
    }
}

/// Lets `time` pass, or less if `stop` is set meanwhile.
fn nap(time: Duration, stop: &AtomicBool) {
    let start = Instant::now();
    while !stop.load(Ordering::SeqCst) && start.elapsed() < time {
        std::thread::sleep(NAP.min(time));
    }
}

/// One message of a mailbox: what became of it, its mail's delivery, and
/// a failure to mark it handled (it is then handled again, harmlessly,
/// next time).
#[derive(Debug)]
pub struct MessageStep {
    /// Its id in the mailbox.
    pub id: String,
    pub handled: Result<Handled, InboxError>,
    pub delivery: Option<DeliveryReport>,
    pub unmarked: Option<InboxError>,
}

/// What happened, as the loop goes.
#[derive(Debug)]
pub enum Progress {
    /// One message.
    Message(Box<MessageStep>),
    /// The mailbox could not be read.
    Failed(InboxError),
    /// What the outbox owed, sent (or still not).
    Owed(Result<DeliveryReport, MailError>),
}

impl Inbox<'_> {
    /// Sends what the outbox owes (a run that stopped before sending, a
    /// server that was down); `None` in a dry run.
    pub fn send_owed(&self) -> Option<Result<DeliveryReport, MailError>> {
        if self.settings().dry_run {
            return None;
        }
        Some(mail::retry(self.settings().mail, None))
    }
}

/// Handles each message `source` holds waiting, once, in batches, until
/// `stop` is set (the batch in hand is finished first); tells `each` what
/// happened, message by message, once its batch is done. Every notice of
/// the run goes through one SMTP session.
pub fn run_once(
    inbox: &mut Inbox,
    source: &mut dyn Source,
    stop: &AtomicBool,
    each: &mut dyn FnMut(Progress),
) {
    let waiting = match source.waiting() {
        Ok(waiting) => waiting,
        Err(e) => return each(Progress::Failed(e)),
    };
    let mut waiting = waiting.into_iter().peekable();
    while waiting.peek().is_some() && !stop.load(Ordering::SeqCst) {
        let more = run_batch(inbox, source, &mut waiting, stop, each);
        if !more {
            break;
        }
    }
    inbox.hang_up();
}

/// One batch of the messages `waiting` names (`batch.rs` gives the order
/// and why); `false` when the mailbox or the inbox failed so that the run
/// should stop.
fn run_batch(
    inbox: &mut Inbox,
    source: &mut dyn Source,
    waiting: &mut dyn Iterator<Item = String>,
    stop: &AtomicBool,
    each: &mut dyn FnMut(Progress),
) -> bool {
    if let Err(e) = inbox.begin_batch() {
        each(Progress::Failed(e));
        return false;
    }
    let mut steps: Vec<MessageStep> = Vec::new();
    let mut bytes = 0;
    for id in &mut *waiting {
        let fetched = match source.fetch(&id) {
            Ok(Some(fetched)) => fetched,
            Ok(None) => continue,
            Err(e) => {
                each(Progress::Failed(e));
                continue;
            }
        };
        bytes += fetched.raw.len();
        let handled = inbox.handle(&fetched);
        crash_point("recorded");
        steps.push(MessageStep {
            id,
            handled,
            delivery: None,
            unmarked: None,
        });
        let full = steps.len() >= BATCH_MESSAGES || bytes >= BATCH_BYTES;
        if full || stop.load(Ordering::SeqCst) {
            break;
        }
    }
    if let Err(e) = inbox.commit_batch() {
        // Nothing is marked: each message is handled again next time,
        // which finds what was recorded.
        let _ = inbox.end_batch();
        for step in &mut steps {
            if step.handled.is_ok() {
                step.handled = Err(InboxError::Source {
                    what: format!("not noted as handled: {e}"),
                    temporary: e.is_temporary(),
                });
            }
        }
        steps
            .into_iter()
            .for_each(|s| each(Progress::Message(Box::new(s))));
        return false;
    }
    // The mail each message queued, by Message-ID, to tell its delivery.
    let mut owned: Vec<Vec<String>> = Vec::new();
    let mut pending = Vec::new();
    for step in &mut steps {
        let queued = match step.handled.as_mut() {
            Ok(h) => std::mem::take(&mut h.pending),
            Err(_) => Vec::new(),
        };
        owned.push(queued.iter().map(|p| p.queued.message_id.clone()).collect());
        pending.extend(queued);
    }
    let mut report = inbox.deliver(pending);
    crash_point("delivered");
    let dry_run = inbox.settings().dry_run;
    for (step, owned) in steps.iter_mut().zip(owned) {
        if let Some(report) = report.as_mut() {
            step.delivery = Some(report.take(&owned));
        }
    }
    // The batch's messages marked together, once all of them are noted.
    let handled: Vec<&mut MessageStep> = steps
        .iter_mut()
        .filter(|step| step.handled.is_ok() && !dry_run)
        .collect();
    let ids: Vec<String> = handled.iter().map(|step| step.id.clone()).collect();
    if !ids.is_empty() {
        for (step, marked) in handled.into_iter().zip(source.mark_handled(&ids)) {
            step.unmarked = marked.err();
        }
    }
    crash_point("marked");
    // What the delivery did besides these messages' mail goes with the
    // last message's.
    if let (Some(rest), Some(last)) = (report, steps.last_mut()) {
        match last.delivery.as_mut() {
            Some(delivery) => delivery.absorb(rest),
            None => last.delivery = Some(rest),
        }
    }
    if let Err(e) = inbox.end_batch() {
        for step in &mut steps {
            if step.handled.is_ok() && step.unmarked.is_none() {
                step.unmarked = Some(InboxError::Source {
                    what: e.to_string(),
                    temporary: true,
                });
            }
        }
    }
    steps
        .into_iter()
        .for_each(|s| each(Progress::Message(Box::new(s))));
    true
}

/// Handles what `source` holds, then looks again when
/// [`Source::wait`] returns (after `poll`, by default), until
/// `stop` is set; sends what the outbox owes first and every minute. A
/// mailbox that cannot be read is tried again at the next look, unless
/// the failure is for good.
pub fn watch(
    inbox: &mut Inbox,
    source: &mut dyn Source,
    poll: Duration,
    stop: &AtomicBool,
    each: &mut dyn FnMut(Progress),
) -> Result<(), InboxError> {
    let mut retried: Option<Instant> = None;
    while !stop.load(Ordering::SeqCst) {
        if retried.is_none_or(|t| t.elapsed() >= RETRY_EVERY) {
            if let Some(owed) = inbox.send_owed() {
                each(Progress::Owed(owed));
            }
            retried = Some(Instant::now());
        }
        let mut lasting = None;
        run_once(inbox, source, stop, &mut |event| match event {
            Progress::Failed(e) if !e.is_temporary() => lasting = Some(e),
            other => each(other),
        });
        if let Some(e) = lasting {
            return Err(e);
        }
        match source.wait(poll, stop) {
            Err(e) if !e.is_temporary() => return Err(e),
            Err(e) => {
                // A mailbox that failed is not asked again at once.
                each(Progress::Failed(e));
                nap(poll, stop);
            }
            Ok(()) => {}
        }
    }
    Ok(())
}
