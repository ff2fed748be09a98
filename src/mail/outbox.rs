//! The outbox: one JSON file per notice, named by its Message-ID.
//!
//! ```text
//! outbox/
//!   .lock                                   held while a dynamo works here
//!   dynamo.GAME.14@club.example.json        queued, not yet accepted
//!   sent/dynamo.GAME.13@club.example.json   accepted by the server
//! ```
//!
//! Every notice is written here (atomically, through [`crate::durable`])
//! *before* the SMTP session starts, and moved to `sent/` (a durable
//! rename) once the server has accepted it. A notice is therefore never
//! lost, and `--retry` never sends one that is recorded as sent. One
//! window is left: the server answers 250 to the data, then the sender
//! says QUIT and waits for the reply (up to the network timeout) before
//! the rename. A crash or a kill in that window leaves the notice queued,
//! and a later `--retry` sends it again — with the same Message-ID, so
//! mail clients show it as the same message. Losing a notice would be
//! worse than showing one twice, so that window errs on the side of
//! delivery. All work on the outbox happens under an exclusive lock on
//! `.lock`, so two dynamo processes never send the same notice at once.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::error::MailError;
use crate::durable::{self, FileError, FileLock};
use crate::id;

/// A notice waiting in (or delivered from) the outbox.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Queued {
    /// `<…>` included.
    pub message_id: String,
    /// The game it is about.
    pub game_id: String,
    /// How many moves the game had.
    pub ply: u32,
    /// The subject header, for reports.
    pub subject: String,
    /// The envelope sender.
    pub from: String,
    /// The envelope recipients.
    pub to: Vec<String>,
    /// When the notice was first queued (RFC 3339, UTC).
    pub queued_at: String,
    /// The whole message as sent.
    pub message: String,
}

/// What the outbox holds: notices with their files, and files that are
/// not notices (reported, never deleted).
#[derive(Debug, Default)]
pub struct Scan {
    /// The queued notices with their files, oldest first.
    pub queued: Vec<(PathBuf, Queued)>,
    /// The other `.json` files, with why they are not notices.
    pub broken: Vec<(PathBuf, String)>,
}

/// The outbox folder.
#[derive(Debug, Clone)]
pub struct Outbox {
    dir: PathBuf,
}

/// Exclusive use of the outbox; released when dropped.
#[derive(Debug)]
pub struct OutboxLock {
    _lock: FileLock,
}

impl Outbox {
    /// The outbox in `dir`; nothing is created until [`Outbox::lock`].
    pub fn new(dir: impl Into<PathBuf>) -> Outbox {
        Outbox { dir: dir.into() }
    }

    /// The outbox folder.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    fn sent_dir(&self) -> PathBuf {
        self.dir.join("sent")
    }

    /// Creates the folders if needed and waits for exclusive use.
    pub fn lock(&self) -> Result<OutboxLock, MailError> {
        let sent = self.sent_dir();
        fs::create_dir_all(&sent).map_err(|e| FileError::new(&sent, e))?;
        let lock = FileLock::acquire(&self.dir.join(".lock"))?;
        Ok(OutboxLock { _lock: lock })
    }

    /// The file name of a notice: its Message-ID without the brackets.
    /// The ids dynamo makes pass unchanged; any other text (a hand-edited
    /// record's) is made tame: never a path or a hidden file.
    pub fn file_name(message_id: &str) -> String {
        let bare = message_id.trim_start_matches('<').trim_end_matches('>');
        format!("{}.json", id::sanitize(bare, "-.@_"))
    }

    /// Where a queued notice lives.
    pub fn queued_path(&self, message_id: &str) -> PathBuf {
        self.dir.join(Outbox::file_name(message_id))
    }

    /// Where a delivered notice is recorded.
    pub fn sent_path(&self, message_id: &str) -> PathBuf {
        self.sent_dir().join(Outbox::file_name(message_id))
    }

    /// Whether the server has accepted this notice before.
    pub fn was_sent(&self, message_id: &str) -> bool {
        self.sent_path(message_id).exists()
    }

    /// Writes a notice to the queue (replacing a queued copy of the same
    /// notice), durably.
    pub fn put(&self, _lock: &OutboxLock, queued: &Queued) -> Result<PathBuf, MailError> {
        let path = self.queued_path(&queued.message_id);
        let text = serde_json::to_string_pretty(queued)
            .map_err(|e| MailError::Build(format!("outbox record: {e}")))?;
        durable::write_atomic(&path, text.as_bytes())?;
        Ok(path)
    }

    /// The queued notices, oldest first, and the files that are not
    /// notices.
    pub fn pending(&self, _lock: &OutboxLock) -> Result<Scan, MailError> {
        let mut good = Vec::new();
        let mut broken = Vec::new();
        let entries = fs::read_dir(&self.dir).map_err(|e| FileError::new(&self.dir, e))?;
        for entry in entries {
            let entry = entry.map_err(|e| FileError::new(&self.dir, e))?;
            let path = entry.path();
            let name = entry.file_name();
            let name = name.to_string_lossy();
            if name.starts_with('.') || !name.ends_with(".json") || !path.is_file() {
                continue;
            }
            let parsed = fs::read_to_string(&path)
                .map_err(|e| e.to_string())
                .and_then(|text| serde_json::from_str::<Queued>(&text).map_err(|e| e.to_string()));
            match parsed {
                Ok(queued) => good.push((path, queued)),
                Err(why) => broken.push((path, why)),
            }
        }
        good.sort_by(|(pa, a), (pb, b)| {
            (&a.queued_at, &a.game_id, a.ply, pa).cmp(&(&b.queued_at, &b.game_id, b.ply, pb))
        });
        broken.sort();
        Ok(Scan {
            queued: good,
            broken,
        })
    }

    /// Records a queued notice as delivered (a durable rename into
    /// `sent/`).
    pub fn mark_sent(&self, _lock: &OutboxLock, queued: &Path) -> Result<PathBuf, MailError> {
        let name = queued
            .file_name()
            .ok_or_else(|| FileError::new(queued, io::Error::other("not a file")))?;
        let target = self.sent_dir().join(name);
        durable::rename(queued, &target)?;
        Ok(target)
    }

    /// Drops a queued copy of a notice that is already recorded as sent.
    pub fn discard(&self, _lock: &OutboxLock, queued: &Path) -> Result<(), MailError> {
        durable::remove(queued)?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn notice(id: &str, at: &str) -> Queued {
        Queued {
            message_id: id.to_string(),
            game_id: "g".to_string(),
            ply: 1,
            subject: "s".to_string(),
            from: "a@b.c".to_string(),
            to: vec!["d@e.f".to_string()],
            queued_at: at.to_string(),
            message: "Subject: s\r\n\r\nbody\r\n".to_string(),
        }
    }

    #[test]
    fn queue_then_mark_sent() {
        let tmp = tempfile::tempdir().expect("tempdir");
        let outbox = Outbox::new(tmp.path().join("outbox"));
        let lock = outbox.lock().expect("lock");
        let b = notice("<dynamo.g.2@x>", "2024-01-02T00:00:00Z");
        let a = notice("<dynamo.g.1@x>", "2024-01-01T00:00:00Z");
        outbox.put(&lock, &b).expect("put");
        let path = outbox.put(&lock, &a).expect("put");
        assert_eq!(
            path.file_name().and_then(|n| n.to_str()),
            Some("dynamo.g.1@x.json")
        );
        fs::write(outbox.dir().join("junk.json"), "{").expect("write");
        let scan = outbox.pending(&lock).expect("pending");
        let (pending, broken) = (scan.queued, scan.broken);
        assert_eq!(
            pending.iter().map(|(_, q)| q.clone()).collect::<Vec<_>>(),
            [a.clone(), b]
        );
        assert_eq!(broken.len(), 1);
        assert!(!outbox.was_sent(&a.message_id));
        outbox.mark_sent(&lock, &path).expect("mark");
        assert!(outbox.was_sent(&a.message_id));
        assert_eq!(outbox.pending(&lock).expect("pending").queued.len(), 1);
    }

    #[test]
    fn a_failed_write_is_an_outbox_error_naming_the_file() {
        let tmp = tempfile::tempdir().expect("tempdir");
        let outbox = Outbox::new(tmp.path().join("outbox"));
        let lock = outbox.lock().expect("lock");
        fs::remove_dir_all(outbox.dir()).expect("remove");
        let err = outbox
            .put(&lock, &notice("<dynamo.g.1@x>", "2024-01-01T00:00:00Z"))
            .expect_err("no folder");
        assert!(
            matches!(&err, MailError::Outbox { path, .. } if path.starts_with(outbox.dir())),
            "{err:?}"
        );
        assert!(err.to_string().starts_with("outbox "), "{err}");
    }

    #[test]
    fn file_names_are_tame() {
        assert_eq!(Outbox::file_name("<../../etc/passwd>"), "etc-passwd.json");
        assert_eq!(Outbox::file_name("<a b@c>"), "a-b@c.json");
        assert_eq!(
            Outbox::file_name("<dynamo.alice-bob-2026-11-20-1.14@club.example>"),
            "dynamo.alice-bob-2026-11-20-1.14@club.example.json"
        );
    }
}
