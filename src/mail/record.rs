//! Recording an event with its notices: the locked update of a game file
//! ([`crate::game::store`]) with both players' notices of the new event
//! queued before the file is written, under the game's recording lock. The
//! commands that record (`move --mail`, …) and the inbox both record
//! through here, so a move taken from a mail is recorded exactly as one
//! typed by the director.

use std::fs;
use std::path::{Path, PathBuf};
use std::time::Duration;

use chrono::{DateTime, Utc};

use super::delivery::{Pending, queue};
use super::envelope::Sender;
use super::error::MailError;
use super::mail_config::MailConfig;
use super::notice::Notice;
use super::outbox::{Awaits, Outbox, RecordingLock};
use super::secret::Secret;
use crate::game::store::{self, UpdateError};
use crate::game::{Game, GameError};

/// What mailing an event needs: the settings and the secret of the reply
/// tokens.
#[derive(Debug, Clone, Copy)]
pub struct Mailing<'a> {
    /// `[mail]`.
    pub config: &'a MailConfig,
    /// The secret that signs the notices' reply tokens.
    pub secret: &'a Secret,
}

/// Why [`update`] or [`create`] recorded nothing.
#[derive(Debug)]
pub enum RecordError<E> {
    /// The notices could not be built or queued, or the recording lock
    /// was held too long.
    Mail(MailError),
    /// The game file could not be used (see [`store::update`]).
    Game(GameError),
    /// The change refused.
    Refused(E),
}

impl<E> From<GameError> for RecordError<E> {
    fn from(e: GameError) -> RecordError<E> {
        RecordError::Game(e)
    }
}

/// The locked update of the game at `path` ([`store::update`], waiting at
/// most `wait` for its lock), with the new event's notices queued before
/// the game is written when `mailing` is given. The notices wait in the
/// outbox for the caller to [`super::deliver`] them.
pub fn update<T, E>(
    mailing: Option<&Mailing>,
    path: &Path,
    wait: Duration,
    change: impl FnOnce(&Game) -> Result<(Game, T), E>,
) -> Result<(Game, T, Vec<Pending>), RecordError<E>> {
    let Some(mailing) = mailing else {
        let (game, extra) = store::update(path, wait, change).map_err(|e| match e {
            UpdateError::Game(e) => RecordError::Game(e),
            UpdateError::Refused(e) => RecordError::Refused(e),
        })?;
        return Ok((game, extra, Vec::new()));
    };
    let config = mailing.config;
    let _recording = recording(config, path).map_err(RecordError::Mail)?;
    let mut queued = Vec::new();
    let result = store::update(path, wait, |game| {
        let (changed, extra) = change(game).map_err(RecordError::Refused)?;
        queued = queue_event(config, mailing.secret, &changed, path, Utc::now())
            .map_err(RecordError::Mail)?;
        Ok((changed, extra))
    });
    match result {
        Ok((game, extra)) => Ok((game, extra, queued)),
        Err(e) => {
            // Nothing was recorded: the notices are void. Should removing
            // fail, the next `--retry` finds their event missing.
            discard(config, &queued);
            Err(match e {
                UpdateError::Game(e) => RecordError::Game(e),
                UpdateError::Refused(e) => e,
            })
        }
    }
}

/// Creates the game at `path` ([`store::create`]), with its creation
/// notices queued first when `mailing` is given.
pub fn create(
    mailing: Option<&Mailing>,
    path: &Path,
    wait: Duration,
    game: &Game,
) -> Result<Vec<Pending>, RecordError<std::convert::Infallible>> {
    let Some(mailing) = mailing else {
        store::create(path, wait, game)?;
        return Ok(Vec::new());
    };
    let config = mailing.config;
    let _recording = recording(config, path).map_err(RecordError::Mail)?;
    let queued =
        queue_event(config, mailing.secret, game, path, Utc::now()).map_err(RecordError::Mail)?;
    if let Err(e) = store::create(path, wait, game) {
        discard(config, &queued);
        return Err(e.into());
    }
    Ok(queued)
}

fn discard(config: &MailConfig, queued: &[Pending]) {
    let outbox = Outbox::new(&config.outbox);
    for p in queued {
        let _ = outbox.remove(&p.path);
    }
}

/// Waits for the recording lock of the game at `path`: held from before
/// an event's notices are queued until the event is in the game file, so
/// that nobody judges the notices meanwhile.
pub fn recording(config: &MailConfig, path: &Path) -> Result<RecordingLock, MailError> {
    let outbox = Outbox::new(&config.outbox);
    // A recorder holds it for one update of a game file: seconds at most.
    let patience = config.timeout + Duration::from_secs(30);
    outbox.lock_recording(&game_path(path), patience)
}

/// Builds both players' notices of `game`'s latest event and queues them,
/// held back until that event is in the game file at `path`. Call it with
/// the recording lock held, before the file is written.
pub fn queue_event(
    config: &MailConfig,
    secret: &Secret,
    game: &Game,
    path: &Path,
    now: DateTime<Utc>,
) -> Result<Vec<Pending>, MailError> {
    queue_notices(config, secret, game, Some(path), now)
}

/// Builds and queues both players' notices of the latest event of a game
/// already recorded (`dynamo mail GAME`).
pub fn queue_latest(
    config: &MailConfig,
    secret: &Secret,
    game: &Game,
    now: DateTime<Utc>,
) -> Result<Vec<Pending>, MailError> {
    queue_notices(config, secret, game, None, now)
}

/// The latest event's notices, queued; with `awaited`, held back until the
/// event is in that game file.
fn queue_notices(
    config: &MailConfig,
    secret: &Secret,
    game: &Game,
    awaited: Option<&Path>,
    now: DateTime<Utc>,
) -> Result<Vec<Pending>, MailError> {
    let notice = Notice::from_game(game, now);
    let built = notice.build(&Sender::new(config, secret))?;
    let awaits = awaited.map(|path| Awaits {
        game: game_path(path),
        seq: notice.happened.seq,
        fingerprint: notice.happened.key.clone(),
    });
    queue(
        config,
        &built,
        &notice.game_id,
        &notice.summary(),
        notice.ply(),
        awaits.as_ref(),
    )
}

/// The absolute path of a game file, the same however it was named on
/// the command line (the game file need not exist yet).
pub fn game_path(path: &Path) -> PathBuf {
    if let Ok(full) = fs::canonicalize(path) {
        return full;
    }
    let parent = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let parent = fs::canonicalize(&parent).unwrap_or(parent);
    match path.file_name() {
        Some(name) => parent.join(name),
        None => parent,
    }
}
