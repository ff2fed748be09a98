//! Getting the outbox's messages to the server: each once, one SMTP
//! session at a time, none lost (see [`super::outbox`] for the states a
//! message goes through and why); the session kept from one message to
//! the next is [`super::courier`].

use std::time::Duration;

use chrono::{DateTime, SecondsFormat, Utc};
use dynamo_core::Color;

use super::courier::{Courier, patience, send_all};
use super::digest;
use super::envelope::{Built, Sender};
use super::error::MailError;
use super::mail_config::MailConfig;
use super::notice::Notice;
use super::outbox::{Awaits, DeliveryState, Outbox, OutboxEntry, Queued, RecordingLock};
pub use super::report::{DeliveryReport, Pending};
use super::secret::Secret;
use crate::game::store::GameFile;
use crate::game::{Game, GameError};

/// Waits for the recording lock of the game `file`: held from before an
/// event's notices are queued until the event is in the game file, so
/// that nobody judges the notices meanwhile.
pub fn recording(config: &MailConfig, file: &GameFile) -> Result<RecordingLock, MailError> {
    let outbox = Outbox::new(&config.outbox);
    // A recorder holds it for one update of a game file: seconds at most.
    let patience = config.timeout + Duration::from_secs(30);
    outbox.lock_recording(file.key(), patience)
}

/// Builds both players' notices of `game`'s latest event and queues them,
/// held back until that event is in the game `file`; each of `private`
/// goes in its player's copy only ([`Notice::private`]). Call it with the
/// recording lock held, before the file is written.
pub fn queue_event(
    config: &MailConfig,
    secret: &Secret,
    (game, private): (&Game, &[(Color, String)]),
    file: &GameFile,
    now: DateTime<Utc>,
) -> Result<Vec<Pending>, MailError> {
    queue_notices(config, secret, (game, private), Some(file), now)
}

/// Builds and queues both players' notices of the latest event of a game
/// already recorded (`dynamo mail GAME`).
pub fn queue_latest(
    config: &MailConfig,
    secret: &Secret,
    game: &Game,
    now: DateTime<Utc>,
) -> Result<Vec<Pending>, MailError> {
    queue_notices(config, secret, (game, &[]), None, now)
}

/// The latest event's notices, queued; with `awaited`, held back until the
/// event is in that game file.
fn queue_notices(
    config: &MailConfig,
    secret: &Secret,
    (game, private): (&Game, &[(Color, String)]),
    awaited: Option<&GameFile>,
    now: DateTime<Utc>,
) -> Result<Vec<Pending>, MailError> {
    let mut notice = Notice::from_game(game, now);
    notice.private = private.to_vec();
    let built = notice.build(&Sender::new(config, secret))?;
    let awaits = awaited.map(|file| Awaits {
        game: file.key().to_path_buf(),
        seq: notice.happened.seq,
        fingerprint: notice.happened.key.clone(),
    });
    // Only a new event's notices wait for a digest: `dynamo mail GAME`
    // sends the latest notice again because it is asked to.
    let held = match awaited {
        Some(_) => digest::held_back(config, &notice, &built)?,
        None => vec![false; built.len()],
    };
    put_all(
        config,
        &built,
        &held,
        (&notice.game_id, &notice.summary(), notice.ply()),
        awaits.as_ref(),
    )
}

/// Removes notices queued for an event that was not recorded after all.
/// Should removing fail, the next `--retry` finds their event missing.
pub fn discard(config: &MailConfig, queued: &[Pending]) {
    let outbox = Outbox::new(&config.outbox);
    for p in queued {
        let _ = outbox.remove(&p.path);
    }
}

/// Writes each built copy to the queue; `awaits` holds them back until
/// their event is in the game file.
pub fn queue(
    config: &MailConfig,
    built: &[Built],
    game_id: &str,
    event: &str,
    ply: u32,
    awaits: Option<&Awaits>,
) -> Result<Vec<Pending>, MailError> {
    let held = vec![false; built.len()];
    put_all(config, built, &held, (game_id, event, ply), awaits)
}

/// Writes each built copy to the queue, or to `held/` where `held` says
/// so.
fn put_all(
    config: &MailConfig,
    built: &[Built],
    held: &[bool],
    (game_id, event, ply): (&str, &str, u32),
    awaits: Option<&Awaits>,
) -> Result<Vec<Pending>, MailError> {
    let outbox = Outbox::new(&config.outbox);
    let mut pending = Vec::new();
    for (copy, &held) in built.iter().zip(held) {
        let message = String::from_utf8(copy.raw.clone())
            .map_err(|e| MailError::Build(format!("message is not UTF-8: {e}")))?;
        let queued = Queued {
            message_id: copy.message_id.clone(),
            game_id: game_id.to_string(),
            event: event.to_string(),
            ply,
            subject: copy.subject.clone(),
            from: copy.from.to_string(),
            to: vec![copy.to.to_string()],
            queued_at: Utc::now().to_rfc3339_opts(SecondsFormat::Secs, true),
            awaits: awaits.cloned(),
            outcome: None,
            message,
        };
        let path = match held {
            true => outbox.hold(&queued)?,
            false => outbox.put(&queued)?,
        };
        pending.push(Pending { path, queued, held });
    }
    Ok(pending)
}

/// Sends messages this process has just queued (their events are
/// recorded) through one session. With `resend`, a message delivered
/// before goes again (an explicit `dynamo mail GAME`).
pub fn deliver(config: &MailConfig, pending: Vec<Pending>, resend: bool) -> DeliveryReport {
    let mut courier = match Courier::new(config) {
        Ok(c) => c,
        Err(e) => {
            let mut report = DeliveryReport::default();
            let why = e.to_string();
            for p in pending {
                report
                    .waiting
                    .push((p.queued, MailError::Config(why.clone())));
            }
            return report;
        }
    };
    let report = courier.deliver(config, pending, resend);
    courier.hang_up();
    report
}

/// Sends what the outbox holds (only `game_id`'s when given), each once.
pub fn retry(config: &MailConfig, game_id: Option<&str>) -> Result<DeliveryReport, MailError> {
    let outbox = Outbox::new(&config.outbox);
    let mut report = DeliveryReport::default();
    if !outbox.dir().exists() {
        return Ok(report);
    }
    outbox.remove_dead_temps();
    {
        let lock = outbox.lock_sender(patience(config))?;
        report.settled = outbox.settle_orphans(&lock)?;
    }
    let scan = outbox.scan(DeliveryState::Queued)?;
    report.broken = scan.broken;
    let mut owed = Vec::new();
    for entry in scan.entries {
        if game_id.is_some_and(|g| entry.queued.game_id != g) {
            continue;
        }
        match confirm(&outbox, entry)? {
            Confirmed::Owed(p) => owed.push(p),
            Confirmed::Held(q) => report.held.push(q),
            Confirmed::Void(q) => report.void.push(q),
            Confirmed::Unknown(q, e) => report.waiting.push((q, e)),
        }
    }
    if owed.is_empty() {
        return Ok(report);
    }
    let mut courier = match Courier::new(config) {
        Ok(c) => c,
        Err(e) => {
            let mut owed = owed.into_iter();
            if let Some(first) = owed.next() {
                report.waiting.push((first.queued, e));
            }
            report.not_tried = owed.map(|p| p.queued).collect();
            return Ok(report);
        }
    };
    send_all(&outbox, &mut courier, config, owed, false, &mut report);
    courier.hang_up();
    Ok(report)
}

/// Whether an outbox file is in `held/`.
fn entry_held(path: &std::path::Path) -> bool {
    path.parent()
        .and_then(|p| p.file_name())
        .is_some_and(|n| n == DeliveryState::Held.word())
}

pub(super) enum Confirmed {
    Owed(Pending),
    Held(Queued),
    Void(Queued),
    Unknown(Queued, MailError),
}

/// Whether a queued message's event is in its game file. The recording
/// lock tells a recorder still at work (leave the message to it) from one
/// that stopped (the file says whether the event was written).
pub(super) fn confirm(outbox: &Outbox, entry: OutboxEntry) -> Result<Confirmed, MailError> {
    let OutboxEntry { path, queued, .. } = entry;
    let Some(awaits) = queued.awaits.clone() else {
        let held = entry_held(&path);
        return Ok(Confirmed::Owed(Pending { path, queued, held }));
    };
    let Some(_recording) = outbox.try_lock_recording(&awaits.game)? else {
        return Ok(Confirmed::Held(queued));
    };
    let recorded = match Game::load(&awaits.game) {
        Ok(game) => game
            .events()
            .get(awaits.seq as usize)
            .is_some_and(|e| e.key() == awaits.fingerprint),
        Err(GameError::NotFound { .. }) if awaits.seq == 0 => false,
        Err(e) => {
            let why = MailError::Build(format!(
                "cannot tell whether its event was recorded: {e}; \
                 `dynamo mail --drop` removes it"
            ));
            return Ok(Confirmed::Unknown(queued, why));
        }
    };
    if !recorded {
        outbox.remove(&path)?;
        return Ok(Confirmed::Void(queued));
    }
    let mut owed = queued;
    owed.awaits = None;
    outbox.rewrite(&path, &owed)?;
    let held = entry_held(&path);
    Ok(Confirmed::Owed(Pending {
        path,
        queued: owed,
        held,
    }))
}
