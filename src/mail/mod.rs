//! Mailing each event of a game to each player: what the notice says
//! ([`notice`], its copies in `body.rs`, how to answer in [`reply`]), the
//! MIME message of each copy ([`envelope`]), the SMTP session bounded by
//! one deadline ([`smtp`]), the outbox that makes every notice arrive once
//! ([`outbox`], sending in `delivery.rs`), and reminders of deadlines
//! ([`remind`]).
//!
//! A command that records an event with mailing on first takes the game's
//! recording lock ([`recording`]), builds and queues the notices *before*
//! the game file is written ([`queue_event`]), then sends them
//! ([`deliver`]); [`retry`] sends whatever is owed.

pub mod config;
mod correction;
mod delivery;
pub mod envelope;
mod error;
mod lock;
pub mod notice;
pub mod outbox;
mod picture;
pub mod remind;
pub mod reply;
pub mod secure;
mod session;
pub mod smtp;
mod text;
pub(crate) mod wire;

mod body;

use std::fs;
use std::path::{Path, PathBuf};

use chrono::{DateTime, Utc};

pub use crate::render::BOARD_PX;
pub use delivery::{Pending, Report, deliver, queue, retry};
pub use envelope::Built;
pub use error::{MailError, Reply, Stage};
pub use notice::Notice;
pub use outbox::{Awaits, Outbox, Queued, RecordingLock};
pub use session::Session;
pub use smtp::{CA_FILE_ENV, Transport};
pub use text::header_text;

use crate::game::Game;
use config::MailConfig;

/// Waits for the recording lock of the game at `path`: held from before
/// an event's notices are queued until the event is in the game file, so
/// that nobody judges the notices meanwhile.
pub fn recording(config: &MailConfig, path: &Path) -> Result<RecordingLock, MailError> {
    let outbox = Outbox::new(&config.outbox);
    // A recorder holds it for one update of a game file: seconds at most.
    let patience = config.timeout + std::time::Duration::from_secs(30);
    outbox.lock_recording(&game_path(path), patience)
}

/// Builds both players' notices of `game`'s latest event and queues them,
/// held back until that event is in the game file at `path`. Call it with
/// the recording lock held, before the file is written.
pub fn queue_event(
    config: &MailConfig,
    game: &Game,
    path: &Path,
    now: DateTime<Utc>,
) -> Result<Vec<Pending>, MailError> {
    queue_notices(config, game, Some(path), now)
}

/// Builds and queues both players' notices of the latest event of a game
/// already recorded (`dynamo mail GAME`).
pub fn queue_latest(
    config: &MailConfig,
    game: &Game,
    now: DateTime<Utc>,
) -> Result<Vec<Pending>, MailError> {
    queue_notices(config, game, None, now)
}

/// The latest event's notices, queued; with `awaited`, held back until the
/// event is in that game file.
fn queue_notices(
    config: &MailConfig,
    game: &Game,
    awaited: Option<&Path>,
    now: DateTime<Utc>,
) -> Result<Vec<Pending>, MailError> {
    let notice = Notice::from_game(game, now);
    let built = notice.build(&config.from, config.reply_to.as_deref())?;
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
