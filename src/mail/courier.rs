//! The SMTP session kept from one message to the next: a [`Courier`]
//! sends every notice of an inbox run through one connection. A session
//! the server closed meanwhile (a limit of messages or of idle time, a
//! restart) fails before the next message's final dot: nothing of that
//! message was delivered, and it goes again at once through a new
//! session. Each message still moves through the outbox's states alone
//! (see [`super::outbox`]): it is recorded as sent only after the
//! server's 250 to it.

use std::sync::Arc;
use std::time::Duration;

use dynamo_net::smtp::{Session, SmtpServer};
use lettre::Address;

use super::error::MailError;
use super::mail_config::MailConfig;
use super::outbox::{DeliveryState, Outbox, Queued};
use super::report::{DeliveryReport, Pending};
use super::transport;

/// How long to wait for the outbox: one other session, and some.
pub(super) fn patience(config: &MailConfig) -> Duration {
    config.timeout * 2 + Duration::from_secs(5)
}

/// The SMTP server of the `[mail]` settings and the session open to it,
/// kept from one message (and one call) to the next; closed with QUIT by
/// [`Courier::hang_up`], or without a word when dropped.
pub struct Courier {
    server: Arc<SmtpServer>,
    session: Option<Session>,
    /// Sessions opened so far.
    opened: usize,
}

impl Courier {
    /// The server of `config`, not yet connected.
    pub fn new(config: &MailConfig) -> Result<Courier, MailError> {
        Ok(Courier {
            server: Arc::new(transport::server(config)?),
            session: None,
            opened: 0,
        })
    }

    /// How many sessions it has opened.
    pub fn sessions(&self) -> usize {
        self.opened
    }

    /// Sends messages this process has just queued (their events are
    /// recorded), through the open session when there is one. With
    /// `resend`, a message delivered before goes again.
    pub fn deliver(
        &mut self,
        config: &MailConfig,
        pending: Vec<Pending>,
        resend: bool,
    ) -> DeliveryReport {
        let mut report = DeliveryReport::default();
        let outbox = Outbox::new(&config.outbox);
        outbox.remove_dead_temps();
        send_all(&outbox, self, config, pending, resend, &mut report);
        report
    }

    /// Says goodbye to the server, if a session is open.
    pub fn hang_up(&mut self) {
        if let Some(session) = self.session.take() {
            session.quit();
        }
    }

    /// The open session, or a new one; whether it was open already.
    fn session(&mut self) -> Result<(Session, bool), MailError> {
        if let Some(session) = self.session.take() {
            return Ok((session, true));
        }
        self.opened += 1;
        Ok((Session::open(&self.server)?, false))
    }
}

pub(super) fn send_all(
    outbox: &Outbox,
    courier: &mut Courier,
    config: &MailConfig,
    pending: Vec<Pending>,
    resend: bool,
    report: &mut DeliveryReport,
) {
    let mut queue = pending.into_iter();
    for p in queue.by_ref() {
        match send_one(outbox, courier, config, &p, resend, &mut report.settled) {
            Ok(Fate::Sent) => report.sent.push(p.queued),
            Ok(Fate::Resent) => report.resent.push(p.queued),
            Ok(Fate::AlreadySent) => report.already_sent.push(p.queued),
            Err((e, refused)) => {
                let stop = e.is_server_wide();
                if refused {
                    report.refused.push((p.queued, e));
                } else {
                    report.waiting.push((p.queued, e));
                }
                if stop {
                    break;
                }
            }
        }
    }
    report.not_tried.extend(queue.map(|p| p.queued));
}

enum Fate {
    Sent,
    Resent,
    AlreadySent,
}

/// Sends one queued message through the courier's session, under the
/// sender lock; messages an earlier sender left in `sending/` are added
/// to `settled`. The session stays open after a message accepted, and
/// is closed after any failure.
/// The error says whether the message was refused for good (`true`: it is
/// in `failed/`) or waits in the queue.
fn send_one(
    outbox: &Outbox,
    courier: &mut Courier,
    config: &MailConfig,
    pending: &Pending,
    resend: bool,
    settled: &mut Vec<Queued>,
) -> Result<Fate, (MailError, bool)> {
    let waits = |e: MailError| (e, false);
    let lock = outbox.lock_sender(patience(config)).map_err(waits)?;
    settled.extend(outbox.settle_orphans(&lock).map_err(waits)?);
    let queued = &pending.queued;
    let was_sent = outbox.was_sent(&queued.message_id);
    if !pending.path.exists() {
        // Another dynamo sent (or someone dropped) it meanwhile.
        return Ok(Fate::AlreadySent);
    }
    if was_sent && !resend {
        outbox.remove(&pending.path).map_err(waits)?;
        return Ok(Fate::AlreadySent);
    }
    let from = address(queued, &queued.from).map_err(waits)?;
    let to_text = queued.to.first().map(String::as_str).unwrap_or("");
    let to = address(queued, to_text).map_err(waits)?;
    let (mut session, reused) = courier.session().map_err(waits)?;
    session.renew();
    let mut handed = session
        .hand_over(&from, &to, queued.message.as_bytes())
        .and_then(|()| session.end_message())
        .map_err(MailError::from);
    if handed.as_ref().is_err_and(|e| reused && !e.is_permanent()) {
        // The server closed the session since its last message (a limit,
        // a restart): nothing of this one reached it but its envelope and
        // text, without the final dot, so it goes again in a new session.
        session.abort();
        (session, _) = courier.session().map_err(waits)?;
        handed = session
            .hand_over(&from, &to, queued.message.as_bytes())
            .and_then(|()| session.end_message())
            .map_err(MailError::from);
    }
    if let Err(e) = handed {
        session.abort();
        if e.is_permanent() {
            let reply = e.to_string();
            outbox
                .fail(&lock, &pending.path, queued, &reply)
                .map_err(waits)?;
            return Err((e, true));
        }
        return Err(waits(e));
    }
    // The final dot waits in the system: record the hand-over, then let
    // it go (see the outbox's notes on the one window left).
    let sending = match outbox.move_to(&lock, &pending.path, DeliveryState::Sending) {
        Ok(p) => p,
        Err(e) => {
            // Not recorded as handed over, so it must not arrive.
            session.withdraw();
            return Err(waits(e));
        }
    };
    session.release();
    match session.reply().map_err(MailError::from) {
        Ok(()) => {
            crate::durable::crash_point("sent");
            outbox
                .move_to(&lock, &sending, DeliveryState::Sent)
                .map_err(waits)?;
            drop(lock);
            courier.session = Some(session);
            Ok(if was_sent { Fate::Resent } else { Fate::Sent })
        }
        Err(e) => {
            session.abort();
            if e.is_permanent() {
                outbox
                    .fail(&lock, &sending, queued, &e.to_string())
                    .map_err(waits)?;
                return Err((e, true));
            }
            outbox
                .move_to(&lock, &sending, DeliveryState::Queued)
                .map_err(waits)?;
            Err(waits(e))
        }
    }
}

fn address(queued: &Queued, text: &str) -> Result<Address, MailError> {
    text.parse::<Address>().map_err(|e| MailError::Address {
        who: format!("queued message {}", queued.message_id),
        address: text.to_string(),
        reason: e.to_string(),
    })
}
