//! What `dynamo digest` does for each player: the held notices owed to
//! their digest, confirmed as `mail --retry` confirms a queued notice;
//! then their digest made once for the day, recorded, queued, and the
//! notices it stands for removed (see [`super`] for the order and why
//! it loses nothing under a kill).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::Duration;

use chrono::{DateTime, SecondsFormat, Utc};
use dynamo_core::Color;

use super::super::delivery::{Confirmed, Pending, confirm, queue};
use super::super::envelope::Sender;
use super::super::error::MailError;
use super::super::lock::{self, Held};
use super::super::mail_config::MailConfig;
use super::super::outbox::{DeliveryState, Outbox};
use super::super::secret::Secret;
use super::build::{GameShown, build, digest_id};
use super::choice::DIGEST_FOLDER;
use super::label::labels;
use super::record::{DigestGame, DigestRecord};
use super::token::{DigestToken, day_number};
use crate::game::Game;

/// The notices held for one player, owed to their digest.
#[derive(Debug)]
pub struct Owed {
    /// The player's address (lower case).
    pub player: String,
    /// Their held notices whose events are in their games.
    pub held: Vec<Pending>,
}

/// What the held notices come to.
#[derive(Debug, Default)]
pub struct Survey {
    /// Each player owed a digest, in address order.
    pub owed: Vec<Owed>,
    /// Held notices whose event another dynamo is recording now: the
    /// next run sees them.
    pub busy: usize,
    /// Held notices removed: their event was never written.
    pub void: usize,
    /// Held notices that cannot be judged, with why.
    pub unknown: Vec<String>,
    /// Files of `held/` that are not messages.
    pub broken: Vec<(PathBuf, String)>,
}

/// Exclusive use of the digests: one `dynamo digest` at a time.
#[derive(Debug)]
pub struct DigestLock {
    _held: Held,
}

/// Waits (at most `patience`) for the digests' lock.
pub fn lock(config: &MailConfig, patience: Duration) -> Result<DigestLock, MailError> {
    let folder = config.outbox.join(DIGEST_FOLDER);
    crate::durable::make_private_dirs(&folder)?;
    Ok(DigestLock {
        _held: lock::acquire(&folder.join(".lock"), patience)?,
    })
}

/// The held notices, confirmed and grouped by player; with `dry_run`,
/// grouped as they are, nothing confirmed or removed.
pub fn survey(config: &MailConfig, dry_run: bool, _lock: &DigestLock) -> Result<Survey, MailError> {
    let outbox = Outbox::new(&config.outbox);
    let mut survey = Survey::default();
    let scan = outbox.scan(DeliveryState::Held)?;
    survey.broken = scan.broken;
    let mut owed: BTreeMap<String, Vec<Pending>> = BTreeMap::new();
    for entry in scan.entries {
        let confirmed = match dry_run {
            true => Confirmed::Owed(Pending {
                path: entry.path,
                queued: entry.queued,
                held: true,
            }),
            false => confirm(&outbox, entry)?,
        };
        match confirmed {
            Confirmed::Owed(p) => {
                let player = p.queued.to.first().cloned().unwrap_or_default();
                owed.entry(player.to_lowercase()).or_default().push(p);
            }
            Confirmed::Held(_) => survey.busy += 1,
            Confirmed::Void(_) => survey.void += 1,
            Confirmed::Unknown(q, e) => survey.unknown.push(format!("{}: {e}", q.message_id)),
        }
    }
    survey.owed = owed
        .into_iter()
        .map(|(player, held)| Owed { player, held })
        .collect();
    Ok(survey)
}

/// What became of one player's digest.
#[derive(Debug)]
pub enum Made {
    /// Queued now, for `count` games; deliver it.
    Queued { pending: Box<Pending>, games: usize },
    /// Would be made (a dry run), for this many games.
    WouldMake(usize),
    /// Made already today: what is held waits for tomorrow's.
    Already,
    /// No game of theirs is in progress: the games ended, whose ends
    /// went at once; the held notices are dropped.
    NoGames,
    /// The held notices are of games not among those looked at.
    Elsewhere,
}

/// The player's side in `game`, if they play it.
fn side_of(game: &Game, player: &str) -> Option<Color> {
    [Color::White, Color::Black]
        .into_iter()
        .find(|&side| game.player(side).has_address(player))
}

/// Makes the digest owed to `owed.player` for the day of `now`, over
/// `games` (every game file, read), once that day.
pub fn make(
    config: &MailConfig,
    secret: &Secret,
    owed: &Owed,
    games: &[(PathBuf, Game)],
    now: DateTime<Utc>,
    dry_run: bool,
    _lock: &DigestLock,
) -> Result<Made, MailError> {
    let outbox = Outbox::new(&config.outbox);
    let sender = Sender::new(config, secret);
    let (from, _) = sender.mailboxes()?;
    let day = day_number(now);
    let token = DigestToken::new(secret, &owed.player, day);
    let message_id = digest_id(&token, from.email.domain());
    if outbox.holds(&message_id) {
        if !dry_run && let Some(record) = DigestRecord::load(&config.outbox, &owed.player, day)? {
            // A run stopped after queueing it: what it stands for goes.
            remove(
                &outbox,
                owed.held
                    .iter()
                    .filter(|p| record.covers.contains(&p.queued.message_id)),
            )?;
        }
        return Ok(Made::Already);
    }
    // Only the notices of the games looked at: a run over other paths
    // leaves the rest for a run that sees their games.
    let ids: std::collections::BTreeSet<String> = games.iter().map(|(_, g)| g.game_id()).collect();
    let covered: Vec<&Pending> = owed
        .held
        .iter()
        .filter(|p| ids.contains(&p.queued.game_id))
        .collect();
    if covered.is_empty() {
        return Ok(Made::Elsewhere);
    }
    let mut mine: Vec<(&Path, &Game, Color)> = games
        .iter()
        .filter(|(_, g)| g.ending().is_none())
        .filter_map(|(p, g)| Some((p.as_path(), g, side_of(g, &owed.player)?)))
        .collect();
    mine.sort_by(|a, b| a.0.cmp(b.0));
    if mine.is_empty() {
        if !dry_run {
            remove(&outbox, covered.into_iter())?;
        }
        return Ok(Made::NoGames);
    }
    if dry_run {
        return Ok(Made::WouldMake(mine.len()));
    }
    let paths: Vec<PathBuf> = mine.iter().map(|(p, _, _)| p.to_path_buf()).collect();
    let labels = labels(&paths);
    let shown: Vec<GameShown> = mine
        .iter()
        .zip(&labels)
        .map(|(&(_, game, side), label)| GameShown { label, game, side })
        .collect();
    let name = mine
        .first()
        .map(|(_, g, side)| g.player(*side).name.trim().to_string())
        .filter(|n| !n.is_empty())
        .unwrap_or_else(|| owed.player.clone());
    let built = build(&sender, &owed.player, &name, &token, &shown, now)?;
    let record = DigestRecord {
        player: owed.player.clone(),
        day,
        made: now.to_rfc3339_opts(SecondsFormat::Secs, true),
        message_id: built.message_id.clone(),
        games: mine
            .iter()
            .zip(&labels)
            .map(|(&(path, game, side), label)| DigestGame {
                label: label.clone(),
                path: crate::durable::real_path(path).unwrap_or_else(|_| path.to_path_buf()),
                game_id: game.game_id(),
                side: side.name().to_string(),
                seq: game.last_event().seq,
                key: game.last_event().key(),
            })
            .collect(),
        covers: owed
            .held
            .iter()
            .map(|p| p.queued.message_id.clone())
            .collect(),
    };
    // The record first: a digest in the outbox can always be answered.
    record.write(&config.outbox)?;
    let what = format!("digest of {} game(s)", shown.len());
    let mut queued = queue(config, &[built], "digest", &what, 0, None)?;
    remove(&outbox, covered.into_iter())?;
    let pending = queued
        .pop()
        .ok_or_else(|| MailError::Build("the digest was not queued".to_string()))?;
    Ok(Made::Queued {
        pending: Box::new(pending),
        games: shown.len(),
    })
}

fn remove<'p>(outbox: &Outbox, held: impl Iterator<Item = &'p Pending>) -> Result<(), MailError> {
    for p in held {
        if p.path.exists() {
            outbox.remove(&p.path)?;
        }
    }
    Ok(())
}
