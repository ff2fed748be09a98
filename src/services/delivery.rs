//! "Deliver, then report": a command that queued notices or letters
//! sends them once it has said what it did, and its front end reports
//! what became of them ([`deliver`]'s [`DeliveryReport`]).

use crate::mail::mail_config::MailConfig;
use crate::mail::{self, DeliveryReport, Pending};

/// Sends what a command queued, when it mails (`mail` holds its `[mail]`
/// settings), and returns what became of each: sent, waiting in the
/// outbox for `dynamo mail --retry`, refused for good. `None` when the
/// command does not mail; what it queued then waits in the outbox.
pub fn deliver(mail: Option<&MailConfig>, queued: Vec<Pending>) -> Option<DeliveryReport> {
    mail.map(|config| mail::deliver(config, queued, false))
}
