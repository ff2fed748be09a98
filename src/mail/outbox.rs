//! The outbox: one JSON file per message (one recipient each), named by
//! its Message-ID, in the folder of its state.
//!
//! ```text
//! outbox/
//!   .lock                 held for one SMTP session at a time
//!   recording/KEY.lock    held while an event of one game is recorded
//!   ID.json               queued
//!   sending/ID.json       handed over whole, the server's reply not yet seen
//!   sent/ID.json          accepted by the server (250 after the message)
//!   failed/ID.json        refused for good (5xx), with the server's reply
//!   held/ID.json          a digest player's notice, owed to their next digest
//!   digest/               the players' choices and the digests' records
//! ```
//!
//! **Nothing lost.** A notice of an event is queued *before* the event is
//! written to the game file, under the game's recording lock, and names
//! the event it awaits ([`Awaits`]). Whoever finds it later takes that
//! lock: if the event is in the game, the notice is owed; if not, its
//! recorder died before writing and the notice is void.
//!
//! **Nothing twice.** Sending happens under `.lock`, one session at a time,
//! each bounded by `timeout_seconds`. The whole message is written but its
//! final dot, which is written held back in the system (`TCP_CORK`); the
//! notice moves to `sending/`; then the dot goes, and the server's 250
//! moves the notice to `sent/`, before QUIT. A process killed after the
//! move leaves the notice in `sending/`: the system sends what was written
//! even after a kill, so the server has the whole message, and the next
//! sender, under the lock, records it as sent, marked unconfirmed. Should
//! the move fail, the connection is reset and the held dot never leaves.
//! The one window left is a preemption between writing the held dot and
//! the move (two system calls with nothing to wake another process in
//! between): a kill there sends the notice again later, with the same
//! Message-ID. Holding the dot back is what made that window rare: sent
//! at once, it woke the server, which on a busy machine ran before the
//! move, and one run in three of 300 random kills doubled a notice.
//! Losing a notice would be worse than sending it twice.
//!
//! Every write goes through [`crate::durable`]; file names are bounded in
//! length whatever the names in a game.

use std::fs;
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

use serde::{Deserialize, Serialize};

use super::error::MailError;
use super::lock::{self, Held};
use super::text::{bounded, digest};
use crate::durable::{self, FileError};
use crate::id;

/// The longest outbox file name, `.json` included.
pub const MAX_FILE_NAME: usize = 120;

/// The event a notice is about, as written to the game file: until it is
/// found there, the notice is not sent.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Awaits {
    /// The game file (absolute).
    pub game: PathBuf,
    /// The event's sequence number in the game.
    pub seq: u32,
    /// What the event must look like (kind, ply, time, move).
    pub fingerprint: String,
}

/// A message waiting in (or delivered from) the outbox.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Queued {
    /// `<…>` included.
    pub message_id: String,
    /// The game it is about.
    pub game_id: String,
    /// What happened, in a few words (`move 14... Qd8/d7d5`), for lists.
    #[serde(default)]
    pub event: String,
    /// How many moves the game had.
    #[serde(default)]
    pub ply: u32,
    /// The subject header, for reports.
    pub subject: String,
    /// The envelope sender.
    pub from: String,
    /// The envelope recipient (one).
    pub to: Vec<String>,
    /// When the message was first queued (RFC 3339, UTC).
    pub queued_at: String,
    /// The event that must be in the game file before this is sent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub awaits: Option<Awaits>,
    /// A refused message's server reply, or how an unconfirmed delivery
    /// was recorded.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub outcome: Option<String>,
    /// The whole message as sent.
    pub message: String,
}

/// Where a message is in its life.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum DeliveryState {
    /// Waiting to be sent.
    Queued,
    /// Handed over; the reply not yet seen.
    Sending,
    /// Refused for good.
    Failed,
    /// Accepted.
    Sent,
    /// Held back for the recipient's daily digest (`dynamo digest`),
    /// never sent itself: the digest stands for it.
    Held,
}

impl DeliveryState {
    fn folder(self) -> &'static str {
        match self {
            DeliveryState::Queued => "",
            DeliveryState::Sending => "sending",
            DeliveryState::Failed => "failed",
            DeliveryState::Sent => "sent",
            DeliveryState::Held => "held",
        }
    }

    /// The state in a word, for lists.
    pub fn word(self) -> &'static str {
        match self {
            DeliveryState::Queued => "queued",
            DeliveryState::Sending => "sending",
            DeliveryState::Failed => "failed",
            DeliveryState::Sent => "sent",
            DeliveryState::Held => "held",
        }
    }
}

/// One file of the outbox, read.
#[derive(Debug, Clone)]
pub struct OutboxEntry {
    /// Its file.
    pub path: PathBuf,
    /// Its state (the folder it is in).
    pub state: DeliveryState,
    /// When it last changed state.
    pub changed: SystemTime,
    /// The message.
    pub queued: Queued,
}

/// What a folder of the outbox holds: messages, and files that are not
/// messages (reported, never deleted).
#[derive(Debug, Default)]
pub struct Scan {
    /// The messages, oldest first.
    pub entries: Vec<OutboxEntry>,
    /// The other `.json` files, with why they are not messages.
    pub broken: Vec<(PathBuf, String)>,
}

/// The outbox folder.
#[derive(Debug, Clone)]
pub struct Outbox {
    dir: PathBuf,
}

/// Exclusive use of the outbox for sending; released when dropped.
#[derive(Debug)]
pub struct SenderLock {
    _held: Held,
}

/// The recording lock of one game; released when dropped.
#[derive(Debug)]
pub struct RecordingLock {
    _held: Held,
}

impl Outbox {
    /// The outbox in `dir`; nothing is created until something is written.
    pub fn new(dir: impl Into<PathBuf>) -> Outbox {
        Outbox { dir: dir.into() }
    }

    /// The outbox folder.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    fn folder(&self, state: DeliveryState) -> PathBuf {
        self.dir.join(state.folder())
    }

    /// Creates the folders if needed.
    pub fn create(&self) -> Result<(), MailError> {
        for state in [
            DeliveryState::Sending,
            DeliveryState::Failed,
            DeliveryState::Sent,
            DeliveryState::Held,
        ] {
            let dir = self.folder(state);
            durable::make_private_dirs(&dir)?;
        }
        durable::make_private_dirs(&self.dir.join("recording"))?;
        Ok(())
    }

    /// Removes the temporary files that writes killed before their
    /// rename left in the outbox's folders (the defect "stale temporary
    /// files"); a write still at work keeps its own.
    pub fn remove_dead_temps(&self) {
        for state in [
            DeliveryState::Queued,
            DeliveryState::Sending,
            DeliveryState::Failed,
            DeliveryState::Sent,
            DeliveryState::Held,
        ] {
            durable::remove_dead_temps(&self.folder(state));
        }
    }

    /// Waits (at most `patience`) for exclusive use of the outbox for
    /// sending.
    pub fn lock_sender(&self, patience: Duration) -> Result<SenderLock, MailError> {
        self.create()?;
        let held = lock::acquire(&self.dir.join(".lock"), patience)?;
        Ok(SenderLock { _held: held })
    }

    fn recording_path(&self, game: &Path) -> PathBuf {
        let key = digest(&game.to_string_lossy());
        self.dir.join("recording").join(format!("{key}.lock"))
    }

    /// Waits (at most `patience`) for the recording lock of the game at
    /// `game` (an absolute path, see [`crate::game::store::GameFile::key`]).
    pub fn lock_recording(
        &self,
        game: &Path,
        patience: Duration,
    ) -> Result<RecordingLock, MailError> {
        self.create()?;
        let held = lock::acquire(&self.recording_path(game), patience)?;
        Ok(RecordingLock { _held: held })
    }

    /// The recording lock of `game` if nobody is recording an event of it.
    pub fn try_lock_recording(&self, game: &Path) -> Result<Option<RecordingLock>, MailError> {
        self.create()?;
        Ok(
            lock::try_acquire(&self.recording_path(game))?
                .map(|held| RecordingLock { _held: held }),
        )
    }

    /// The file name of a message: its Message-ID without the brackets,
    /// made tame (never a path or a hidden file) and at most
    /// [`MAX_FILE_NAME`] bytes.
    pub fn file_name(message_id: &str) -> String {
        let bare = message_id.trim_start_matches('<').trim_end_matches('>');
        let tame = id::sanitize(bare, "-.@_");
        format!("{}.json", bounded(&tame, MAX_FILE_NAME - ".json".len()))
    }

    /// Where a message with this id is (or would be) in `state`.
    pub fn path(&self, state: DeliveryState, message_id: &str) -> PathBuf {
        self.folder(state).join(Outbox::file_name(message_id))
    }

    /// Whether the server has accepted this message before.
    pub fn was_sent(&self, message_id: &str) -> bool {
        self.path(DeliveryState::Sent, message_id).exists()
    }

    /// Whether a message with this id is here in any state, so that one
    /// made again from the same cause (a mail read twice) is not queued.
    pub fn holds(&self, message_id: &str) -> bool {
        [
            DeliveryState::Queued,
            DeliveryState::Sending,
            DeliveryState::Sent,
            DeliveryState::Failed,
        ]
        .into_iter()
        .any(|state| self.path(state, message_id).exists())
    }

    /// Writes a message to the queue (replacing a queued copy of the same
    /// message), durably. Needs no lock: the file is the message's own and
    /// appears whole or not at all.
    pub fn put(&self, queued: &Queued) -> Result<PathBuf, MailError> {
        self.create()?;
        let path = self.path(DeliveryState::Queued, &queued.message_id);
        write(&path, queued)?;
        Ok(path)
    }

    /// Writes a notice to `held/`, owed to its recipient's digest,
    /// durably; like [`Outbox::put`], it awaits its event.
    pub fn hold(&self, queued: &Queued) -> Result<PathBuf, MailError> {
        self.create()?;
        let path = self.path(DeliveryState::Held, &queued.message_id);
        write(&path, queued)?;
        Ok(path)
    }

    /// Rewrites a queued message in place (once its event is confirmed).
    pub fn rewrite(&self, path: &Path, queued: &Queued) -> Result<(), MailError> {
        write(path, queued)
    }

    /// Removes a file of the outbox.
    pub fn remove(&self, path: &Path) -> Result<(), MailError> {
        durable::remove(path)?;
        Ok(())
    }

    /// The messages in `state`, oldest first, and the files that are not
    /// messages.
    pub fn scan(&self, state: DeliveryState) -> Result<Scan, MailError> {
        let dir = self.folder(state);
        let mut scan = Scan::default();
        let entries = match fs::read_dir(&dir) {
            Ok(entries) => entries,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(scan),
            Err(e) => return Err(FileError::new(&dir, e).into()),
        };
        for entry in entries {
            let entry = entry.map_err(|e| FileError::new(&dir, e))?;
            let path = entry.path();
            let name = entry.file_name();
            let name = name.to_string_lossy();
            if name.starts_with('.') || !name.ends_with(".json") || !path.is_file() {
                continue;
            }
            let changed = entry
                .metadata()
                .and_then(|m| m.modified())
                .unwrap_or(SystemTime::UNIX_EPOCH);
            let parsed = fs::read_to_string(&path)
                .map_err(|e| e.to_string())
                .and_then(|text| serde_json::from_str::<Queued>(&text).map_err(|e| e.to_string()));
            match parsed {
                Ok(queued) => scan.entries.push(OutboxEntry {
                    path,
                    state,
                    changed,
                    queued,
                }),
                Err(why) => scan.broken.push((path, why)),
            }
        }
        scan.entries.sort_by(|a, b| {
            let key = |e: &OutboxEntry| {
                (
                    e.queued.queued_at.clone(),
                    e.queued.game_id.clone(),
                    e.queued.ply,
                    e.path.clone(),
                )
            };
            key(a).cmp(&key(b))
        });
        scan.broken.sort();
        Ok(scan)
    }

    /// Moves a message to another state's folder (a durable rename); the
    /// time of the change is its file's modification time.
    pub fn move_to(
        &self,
        _lock: &SenderLock,
        from: &Path,
        state: DeliveryState,
    ) -> Result<PathBuf, MailError> {
        let name = from
            .file_name()
            .ok_or_else(|| FileError::new(from, std::io::Error::other("not a file")))?;
        let target = self.folder(state).join(name);
        durable::rename(from, &target)?;
        // Only `--list` reads the time; a failure here loses nothing.
        if let Ok(file) = fs::File::options().write(true).open(&target) {
            let _ = file.set_modified(SystemTime::now());
        }
        Ok(target)
    }

    /// Records a message as refused for good, with the server's reply.
    pub fn fail(
        &self,
        _lock: &SenderLock,
        from: &Path,
        queued: &Queued,
        reply: &str,
    ) -> Result<PathBuf, MailError> {
        let mut failed = queued.clone();
        failed.outcome = Some(reply.to_string());
        let name = from
            .file_name()
            .ok_or_else(|| FileError::new(from, std::io::Error::other("not a file")))?;
        let target = self.folder(DeliveryState::Failed).join(name);
        write(&target, &failed)?;
        self.remove(from)?;
        Ok(target)
    }

    /// Messages left in `sending/` by a sender that stopped between
    /// handing a message over and reading the reply: the server has them
    /// whole, so they are recorded as sent, marked unconfirmed. Needs the
    /// sender lock, which proves no session is under way.
    pub fn settle_orphans(&self, lock: &SenderLock) -> Result<Vec<Queued>, MailError> {
        let scan = self.scan(DeliveryState::Sending)?;
        let mut settled = Vec::new();
        for entry in scan.entries {
            let mut queued = entry.queued;
            queued.outcome = Some(
                "sent, unconfirmed: the sender stopped after handing the whole message over, \
                 before the server's reply"
                    .to_string(),
            );
            write(&entry.path, &queued)?;
            self.move_to(lock, &entry.path, DeliveryState::Sent)?;
            settled.push(queued);
        }
        Ok(settled)
    }
}

fn write(path: &Path, queued: &Queued) -> Result<(), MailError> {
    let text = serde_json::to_string_pretty(queued)
        .map_err(|e| MailError::Build(format!("outbox record: {e}")))?;
    durable::write_private(path, text.as_bytes())?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn notice(id: &str, at: &str) -> Queued {
        Queued {
            message_id: id.to_string(),
            game_id: "g".to_string(),
            event: "move 1. e2e4".to_string(),
            ply: 1,
            subject: "s".to_string(),
            from: "a@b.c".to_string(),
            to: vec!["d@e.f".to_string()],
            queued_at: at.to_string(),
            awaits: None,
            outcome: None,
            message: "Subject: s\r\n\r\nbody\r\n".to_string(),
        }
    }

    #[test]
    fn queue_then_hand_over_then_sent() {
        let tmp = tempfile::tempdir().expect("tempdir");
        let outbox = Outbox::new(tmp.path().join("outbox"));
        let b = notice("<dynamo.g.2@x>", "2024-01-02T00:00:00Z");
        let a = notice("<dynamo.g.1@x>", "2024-01-01T00:00:00Z");
        outbox.put(&b).expect("put");
        let path = outbox.put(&a).expect("put");
        assert_eq!(
            path.file_name().and_then(|n| n.to_str()),
            Some("dynamo.g.1@x.json")
        );
        fs::write(outbox.dir().join("junk.json"), "{").expect("write");
        let scan = outbox.scan(DeliveryState::Queued).expect("scan");
        let order: Vec<_> = scan.entries.iter().map(|e| e.queued.clone()).collect();
        assert_eq!(order, [a.clone(), b]);
        assert_eq!(scan.broken.len(), 1);
        let lock = outbox.lock_sender(Duration::ZERO).expect("lock");
        let sending = outbox
            .move_to(&lock, &path, DeliveryState::Sending)
            .expect("hand over");
        assert!(!outbox.was_sent(&a.message_id));
        outbox
            .move_to(&lock, &sending, DeliveryState::Sent)
            .expect("sent");
        assert!(outbox.was_sent(&a.message_id));
        assert_eq!(
            outbox
                .scan(DeliveryState::Queued)
                .expect("scan")
                .entries
                .len(),
            1
        );
    }

    #[test]
    fn an_orphan_in_sending_is_recorded_as_sent_unconfirmed() {
        let tmp = tempfile::tempdir().expect("tempdir");
        let outbox = Outbox::new(tmp.path().join("outbox"));
        let a = notice("<dynamo.g.1@x>", "2024-01-01T00:00:00Z");
        let path = outbox.put(&a).expect("put");
        let lock = outbox.lock_sender(Duration::ZERO).expect("lock");
        outbox
            .move_to(&lock, &path, DeliveryState::Sending)
            .expect("hand over");
        let settled = outbox.settle_orphans(&lock).expect("settle");
        assert_eq!(settled.len(), 1);
        assert!(outbox.was_sent(&a.message_id));
        let sent = outbox.scan(DeliveryState::Sent).expect("scan");
        assert!(
            sent.entries[0]
                .queued
                .outcome
                .as_deref()
                .is_some_and(|o| o.contains("unconfirmed"))
        );
    }

    #[test]
    fn a_failed_write_is_an_outbox_error_naming_the_file() {
        let tmp = tempfile::tempdir().expect("tempdir");
        let outbox = Outbox::new(tmp.path().join("outbox"));
        let a = notice("<dynamo.g.1@x>", "2024-01-01T00:00:00Z");
        let err = outbox
            .rewrite(&outbox.dir().join("no-such-folder/x.json"), &a)
            .expect_err("no folder");
        assert!(
            matches!(&err, MailError::Outbox { path, .. } if path.starts_with(outbox.dir())),
            "{err:?}"
        );
        assert!(err.to_string().starts_with("outbox "), "{err}");
    }

    #[test]
    fn file_names_are_tame_and_bounded() {
        assert_eq!(Outbox::file_name("<../../etc/passwd>"), "etc-passwd.json");
        assert_eq!(Outbox::file_name("<a b@c>"), "a-b@c.json");
        assert_eq!(
            Outbox::file_name("<dynamo.alice-bob-2026-11-20-1.14@club.example>"),
            "dynamo.alice-bob-2026-11-20-1.14@club.example.json"
        );
        let long = format!("<dynamo.{}.1@x>", "a".repeat(400));
        let other = format!("<dynamo.{}.2@x>", "a".repeat(400));
        let name = Outbox::file_name(&long);
        assert!(name.len() <= MAX_FILE_NAME, "{}", name.len());
        assert_ne!(name, Outbox::file_name(&other));
    }
}
