//! Mailing the position to both players: what the notice says
//! ([`notice`]), the MIME message it travels in ([`envelope`]), the SMTP
//! delivery over rustls ([`smtp`]) and the outbox that makes every notice
//! arrive once ([`outbox`]).
//!
//! [`post`] queues a notice and then sends it; [`retry`] sends what is
//! queued. A notice is in the outbox before any network traffic, so a
//! server that is down or refuses loses nothing.

pub mod config;
pub mod envelope;
mod error;
pub mod notice;
pub mod outbox;
pub mod smtp;
mod text;

use std::path::PathBuf;

use chrono::{SecondsFormat, Utc};

pub use crate::render::BOARD_PX;
pub use envelope::Built;
pub use error::MailError;
pub use notice::Notice;
pub use outbox::{Outbox, Queued, Scan};
pub use smtp::{CA_FILE_ENV, Transport};
pub use text::header_text;

use config::MailConfig;

/// A notice that was not delivered, and where it waits (if it could be
/// queued at all).
#[derive(Debug)]
pub struct Undelivered {
    /// The queued notice's file; `None` when it could not be queued.
    pub queued: Option<PathBuf>,
    /// Why it was not delivered.
    pub error: MailError,
}

/// A delivered notice.
#[derive(Debug, Clone)]
pub struct Delivered {
    /// `<…>` included.
    pub message_id: String,
    /// The envelope recipients (the server accepted them all).
    pub to: Vec<String>,
    /// Whether this notice had been delivered before (an explicit resend).
    pub resent: bool,
}

/// Queues a built notice in the outbox, then sends it with the `[mail]`
/// settings. On any failure the notice stays queued for [`retry`].
pub fn post(
    config: &MailConfig,
    built: &Built,
    game_id: &str,
    ply: u32,
) -> Result<Delivered, Undelivered> {
    let outbox = Outbox::new(&config.outbox);
    let undelivered = |queued: Option<PathBuf>| move |error| Undelivered { queued, error };
    let lock = outbox.lock().map_err(undelivered(None))?;
    let message = String::from_utf8(built.raw.clone())
        .map_err(|e| MailError::Build(format!("message is not UTF-8: {e}")))
        .map_err(undelivered(None))?;
    let queued = Queued {
        message_id: built.message_id.clone(),
        game_id: game_id.to_string(),
        ply,
        subject: built.subject.clone(),
        from: built.from.to_string(),
        to: built.to.iter().map(ToString::to_string).collect(),
        queued_at: Utc::now().to_rfc3339_opts(SecondsFormat::Secs, true),
        message,
    };
    let resent = outbox.was_sent(&queued.message_id);
    let path = outbox.put(&lock, &queued).map_err(undelivered(None))?;
    let transport = Transport::from_config(config).map_err(undelivered(Some(path.clone())))?;
    transport
        .send(&built.from, &built.to, &built.raw)
        .map_err(undelivered(Some(path.clone())))?;
    outbox
        .mark_sent(&lock, &path)
        .map_err(undelivered(Some(path.clone())))?;
    Ok(Delivered {
        message_id: queued.message_id,
        to: queued.to,
        resent,
    })
}

/// What [`retry`] did.
#[derive(Debug, Default)]
pub struct RetryReport {
    /// Delivered now.
    pub sent: Vec<Queued>,
    /// Found queued but already recorded as sent: dropped from the queue,
    /// not sent again.
    pub already_sent: Vec<Queued>,
    /// Still queued, with why.
    pub failed: Vec<(Queued, MailError)>,
    /// Still queued, not tried because the server failed for an earlier
    /// one.
    pub not_tried: Vec<Queued>,
    /// Files in the outbox that are not notices.
    pub broken: Vec<(PathBuf, String)>,
}

impl RetryReport {
    /// Whether nothing is left in the outbox: no failure, nothing untried,
    /// no file that is not a notice.
    pub fn all_delivered(&self) -> bool {
        self.failed.is_empty() && self.not_tried.is_empty() && self.broken.is_empty()
    }
}

/// Sends every queued notice (only `game_id`'s when given), each once.
pub fn retry(config: &MailConfig, game_id: Option<&str>) -> Result<RetryReport, MailError> {
    let outbox = Outbox::new(&config.outbox);
    let mut report = RetryReport::default();
    if !outbox.dir().exists() {
        return Ok(report);
    }
    let lock = outbox.lock()?;
    let scan = outbox.pending(&lock)?;
    report.broken = scan.broken;
    let pending: Vec<_> = scan
        .queued
        .into_iter()
        .filter(|(_, q)| game_id.is_none_or(|g| q.game_id == g))
        .collect();
    if pending.is_empty() {
        return Ok(report);
    }
    let transport = Transport::from_config(config)?;
    let mut queue = pending.into_iter();
    for (path, queued) in queue.by_ref() {
        if outbox.was_sent(&queued.message_id) {
            outbox.discard(&lock, &path)?;
            report.already_sent.push(queued);
            continue;
        }
        match send_queued(&transport, &queued) {
            Ok(()) => {
                outbox.mark_sent(&lock, &path)?;
                report.sent.push(queued);
            }
            Err(error) => {
                let stop = error.is_server_wide();
                report.failed.push((queued, error));
                if stop {
                    break;
                }
            }
        }
    }
    report.not_tried = queue.map(|(_, q)| q).collect();
    Ok(report)
}

fn send_queued(transport: &Transport, queued: &Queued) -> Result<(), MailError> {
    let parse = |text: &str| {
        text.parse::<lettre::Address>()
            .map_err(|e| MailError::Address {
                who: format!("queued notice {}", queued.message_id),
                address: text.to_string(),
                reason: e.to_string(),
            })
    };
    let from = parse(&queued.from)?;
    let to = queued
        .to
        .iter()
        .map(|t| parse(t))
        .collect::<Result<Vec<_>, _>>()?;
    transport.send(&from, &to, queued.message.as_bytes())
}
