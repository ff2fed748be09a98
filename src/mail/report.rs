//! What a delivery did with each message: [`Pending`], a message queued
//! and its file, and [`DeliveryReport`], what became of the messages a delivery
//! or a retry looked at, split by message for an inbox batch.

use std::path::PathBuf;

use super::error::MailError;
use super::outbox::Queued;

/// A queued message and its file.
#[derive(Debug, Clone)]
pub struct Pending {
    /// Its file in the outbox.
    pub path: PathBuf,
    /// The message.
    pub queued: Queued,
    /// Held back for its recipient's daily digest, in `held/`: not to be
    /// delivered by itself (see [`super::digest`]).
    pub held: bool,
}

/// What became of the messages a [`deliver`](super::deliver) or
/// [`retry`](super::retry) looked at.
#[derive(Debug, Default)]
pub struct DeliveryReport {
    /// Accepted by the server now.
    pub sent: Vec<Queued>,
    /// Accepted now, and accepted once before (an explicit resend).
    pub resent: Vec<Queued>,
    /// Handed over whole by a sender that stopped before the reply:
    /// recorded as sent, unconfirmed.
    pub settled: Vec<Queued>,
    /// Found queued but recorded as sent already: dropped from the queue.
    pub already_sent: Vec<Queued>,
    /// Refused for good (5xx): moved to `failed/` with the reply.
    pub refused: Vec<(Queued, MailError)>,
    /// Still queued, with why.
    pub waiting: Vec<(Queued, MailError)>,
    /// Still queued: its event is being recorded by another dynamo,
    /// which sends it.
    pub held: Vec<Queued>,
    /// Removed: its event was never written to the game (its recorder
    /// stopped before).
    pub void: Vec<Queued>,
    /// Still queued, not tried after a failure of the server or settings.
    pub not_tried: Vec<Queued>,
    /// Files in the outbox that are not messages.
    pub broken: Vec<(PathBuf, String)>,
}

impl DeliveryReport {
    /// Whether everything looked at was delivered (or needed no sending).
    pub fn all_delivered(&self) -> bool {
        self.refused.is_empty()
            && self.waiting.is_empty()
            && self.not_tried.is_empty()
            && self.broken.is_empty()
    }

    /// Takes out of this report what it says of the messages `ids`
    /// (Message-IDs): one message's part of a batch's delivery.
    pub fn take(&mut self, ids: &[String]) -> DeliveryReport {
        fn part<T>(all: &mut Vec<T>, id: impl Fn(&T) -> &str, ids: &[String]) -> Vec<T> {
            let (mine, rest) = std::mem::take(all)
                .into_iter()
                .partition(|x| ids.iter().any(|i| i == id(x)));
            *all = rest;
            mine
        }
        fn q(q: &Queued) -> &str {
            &q.message_id
        }
        fn e(x: &(Queued, MailError)) -> &str {
            &x.0.message_id
        }
        DeliveryReport {
            sent: part(&mut self.sent, q, ids),
            resent: part(&mut self.resent, q, ids),
            settled: Vec::new(),
            already_sent: part(&mut self.already_sent, q, ids),
            refused: part(&mut self.refused, e, ids),
            waiting: part(&mut self.waiting, e, ids),
            held: part(&mut self.held, q, ids),
            void: part(&mut self.void, q, ids),
            not_tried: part(&mut self.not_tried, q, ids),
            broken: Vec::new(),
        }
    }

    /// Adds what `other` says to this report.
    pub fn absorb(&mut self, other: DeliveryReport) {
        self.sent.extend(other.sent);
        self.resent.extend(other.resent);
        self.settled.extend(other.settled);
        self.already_sent.extend(other.already_sent);
        self.refused.extend(other.refused);
        self.waiting.extend(other.waiting);
        self.held.extend(other.held);
        self.void.extend(other.void);
        self.not_tried.extend(other.not_tried);
        self.broken.extend(other.broken);
    }

    /// The first error of a message not delivered.
    pub fn first_error(&self) -> Option<&MailError> {
        self.waiting
            .iter()
            .chain(&self.refused)
            .map(|(_, e)| e)
            .next()
    }
}
