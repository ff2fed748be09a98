//! What the inbox remembers between runs, in its own folder (`[mail]
//! inbox_state`, `inbox/` beside the config by default):
//!
//! ```text
//! inbox/
//!   .lock                one dynamo inbox handles one message at a time
//!   handled/NAME.json    each mail handled: when it came, from whom, what was done
//!   unmatched/NAME.json  each mail set aside: when, from whom, its subject, why
//!   unmatched/NAME.eml   and the mail itself, for the director to read
//!   replies/ADDR.json    the answers sent to one address in the last hour
//!   maildir/DIR/UNIQUE   the messages of a Maildir already handled
//! ```
//!
//! `NAME` is a mail's [`MailKey::name`]. Every file is written whole or
//! not at all ([`crate::durable::write_atomic`]), under the lock, so two
//! `dynamo inbox` at once never both handle one mail.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::time::Duration;

use chrono::{DateTime, SecondsFormat, Utc};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use super::error::InboxError;
use super::key::MailKey;
use crate::base32::encode;
use crate::durable::{self, FileError, FileLock, Flush, LockError, ReadError};

/// The largest message kept in `unmatched/` for the director to read.
const MAX_KEPT_BYTES: usize = 1 << 20;

/// What the inbox notes of one mail.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MailNote {
    /// The mail's Message-ID (`<…>`) or digest.
    pub mail: String,
    /// When it arrived (RFC 3339).
    pub arrived: String,
    /// Its From address as written, or empty.
    pub from: String,
    /// Its subject.
    pub subject: String,
    /// What was done with it, or why it was set aside.
    pub what: String,
    /// When it was handled (RFC 3339).
    pub handled: String,
}

/// The answers sent to one address.
#[derive(Debug, Default, Serialize, Deserialize)]
struct Replies {
    address: String,
    /// Each answer's Message-ID and when it was allowed, oldest first.
    sent: Vec<(String, String)>,
}

/// The inbox's folder.
#[derive(Debug, Clone)]
pub struct InboxState {
    dir: PathBuf,
}

/// The inbox's lock; released when dropped.
#[derive(Debug)]
pub struct InboxLock {
    _lock: FileLock,
}

/// A batch under way (`batch.rs`): the inbox's lock, held for the whole
/// batch, the writes grouped, and what each message is to be noted as
/// once the batch's records are on disk.
#[derive(Debug)]
pub struct OpenBatch {
    pub(super) lock: InboxLock,
    pub(super) notes: Vec<(MailKey, MailNote)>,
    pub(super) group: durable::Batch,
}

/// RFC 3339, to the second.
pub fn time_text(t: DateTime<Utc>) -> String {
    t.to_rfc3339_opts(SecondsFormat::Secs, true)
}

fn read_json<T: for<'de> Deserialize<'de>>(path: &Path) -> Result<Option<T>, InboxError> {
    match durable::read_regular(path, 1 << 20) {
        Ok(bytes) => Ok(serde_json::from_slice(&bytes).ok()),
        Err(ReadError::File(e)) if e.source.kind() == io::ErrorKind::NotFound => Ok(None),
        Err(ReadError::File(e)) => Err(e.into()),
        Err(other) => Err(FileError::new(path, io::Error::other(other.to_string())).into()),
    }
}

fn write_json<T: Serialize>(path: &Path, value: &T) -> Result<(), InboxError> {
    let text = serde_json::to_string_pretty(value)
        .map_err(|e| FileError::new(path, io::Error::other(e)))?;
    durable::write_private(path, text.as_bytes())?;
    Ok(())
}

impl InboxState {
    /// The inbox state in `dir`; nothing is made until something is
    /// written.
    pub fn new(dir: impl Into<PathBuf>) -> InboxState {
        InboxState { dir: dir.into() }
    }

    /// The folder.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// Waits at most `wait` for the inbox's lock, making its folders.
    pub fn lock(&self, wait: Duration) -> Result<InboxLock, InboxError> {
        for sub in ["handled", "unmatched", "replies"] {
            let dir = self.dir.join(sub);
            durable::make_private_dirs(&dir)?;
        }
        let path = self.dir.join(".lock");
        match FileLock::acquire_within(&path, wait) {
            Ok(lock) => {
                self.remove_dead_temps();
                Ok(InboxLock { _lock: lock })
            }
            Err(LockError::Busy { path, waited }) => Err(InboxError::Busy { path, waited }),
            Err(other) => Err(FileError::from(other).into()),
        }
    }

    /// Removes the temporary files that runs killed before a rename left
    /// in the inbox's folders, the Maildirs' marks included (the defect
    /// "stale temporary files").
    fn remove_dead_temps(&self) {
        for sub in ["handled", "unmatched", "replies"] {
            durable::remove_dead_temps(&self.dir.join(sub));
        }
        if let Ok(maildirs) = fs::read_dir(self.dir.join("maildir")) {
            for dir in maildirs.flatten() {
                durable::remove_dead_temps(&dir.path());
            }
        }
    }

    /// Takes the lock (waiting at most `wait`) for a batch, and groups
    /// this thread's writes, flushed as `flush` says, until the batch is
    /// dropped.
    pub fn open_batch(&self, wait: Duration, flush: Flush) -> Result<OpenBatch, InboxError> {
        let lock = self.lock(wait)?;
        Ok(OpenBatch {
            lock,
            notes: Vec::new(),
            group: durable::Batch::begin(flush),
        })
    }

    /// What was done with the mail `key`, if it was handled.
    pub fn handled(&self, key: &MailKey) -> Result<Option<MailNote>, InboxError> {
        let path = self.dir.join("handled").join(format!("{}.json", key.name));
        match read_json::<MailNote>(&path) {
            // A note that does not read is still a mail handled.
            Ok(None) if path.exists() => Ok(Some(MailNote {
                mail: key.reference.clone(),
                arrived: String::new(),
                from: String::new(),
                subject: String::new(),
                what: "handled (its record does not read)".to_string(),
                handled: String::new(),
            })),
            other => other,
        }
    }

    /// Notes the mail `key` as handled.
    pub fn note_handled(
        &self,
        _: &InboxLock,
        key: &MailKey,
        note: &MailNote,
    ) -> Result<(), InboxError> {
        write_json(
            &self.dir.join("handled").join(format!("{}.json", key.name)),
            note,
        )
    }

    /// Keeps the mail `key` (the message `raw`) among those set aside.
    pub fn set_aside(
        &self,
        _: &InboxLock,
        key: &MailKey,
        note: &MailNote,
        raw: &[u8],
    ) -> Result<(), InboxError> {
        let folder = self.dir.join("unmatched");
        if raw.len() <= MAX_KEPT_BYTES {
            durable::write_private(&folder.join(format!("{}.eml", key.name)), raw)?;
        }
        write_json(&folder.join(format!("{}.json", key.name)), note)
    }

    /// The mail set aside, oldest first, each with its kept message's
    /// file when there is one.
    pub fn unmatched(&self) -> Result<Vec<(MailNote, Option<PathBuf>)>, InboxError> {
        let folder = self.dir.join("unmatched");
        let entries = match fs::read_dir(&folder) {
            Ok(entries) => entries,
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(Vec::new()),
            Err(e) => return Err(FileError::new(&folder, e).into()),
        };
        let mut found = Vec::new();
        for entry in entries {
            let path = entry.map_err(|e| FileError::new(&folder, e))?.path();
            if path.extension().is_none_or(|x| x != "json") {
                continue;
            }
            if let Some(note) = read_json::<MailNote>(&path)? {
                let eml = path.with_extension("eml");
                found.push((note, eml.exists().then_some(eml)));
            }
        }
        found.sort_by(|a, b| (&a.0.arrived, &a.0.handled).cmp(&(&b.0.arrived, &b.0.handled)));
        Ok(found)
    }

    /// Whether the answer `reply_id` may go to `address` at `now`: it
    /// went already (the same mail read again), or fewer than `limit`
    /// answers went there in the hour before. An answer allowed is
    /// counted at once.
    pub fn allow_reply(
        &self,
        _: &InboxLock,
        address: &str,
        reply_id: &str,
        now: DateTime<Utc>,
        limit: u32,
    ) -> Result<bool, InboxError> {
        let address = address.to_lowercase();
        let name = encode(&Sha256::digest(address.as_bytes()))[..26].to_string();
        let path = self.dir.join("replies").join(format!("{name}.json"));
        let mut replies: Replies = read_json(&path)?.unwrap_or_default();
        if replies.sent.iter().any(|(id, _)| id == reply_id) {
            return Ok(true);
        }
        let hour_ago = now - chrono::Duration::hours(1);
        replies.sent.retain(|(_, at)| {
            DateTime::parse_from_rfc3339(at).is_ok_and(|t| t.with_timezone(&Utc) > hour_ago)
        });
        if replies.sent.len() >= limit as usize {
            return Ok(false);
        }
        replies.address = address;
        replies.sent.push((reply_id.to_string(), time_text(now)));
        write_json(&path, &replies)?;
        Ok(true)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers_to_one_address_are_limited_per_hour() {
        let tmp = tempfile::tempdir().expect("tempdir");
        let state = InboxState::new(tmp.path().join("inbox"));
        let held = state.lock(Duration::ZERO).expect("lock");
        let now = Utc::now();
        for i in 0..3 {
            let id = format!("<r{i}@x>");
            assert!(
                state
                    .allow_reply(&held, "Bob@X.org", &id, now, 3)
                    .expect("ok")
            );
        }
        assert!(
            !state
                .allow_reply(&held, "bob@x.org", "<r3@x>", now, 3)
                .expect("ok")
        );
        // The same answer again is not a new one.
        assert!(
            state
                .allow_reply(&held, "bob@x.org", "<r1@x>", now, 3)
                .expect("ok")
        );
        let later = now + chrono::Duration::minutes(61);
        assert!(
            state
                .allow_reply(&held, "bob@x.org", "<r3@x>", later, 3)
                .expect("ok")
        );
        // A second process waits, then gives up.
        let err = state.lock(Duration::from_millis(30)).expect_err("busy");
        assert!(err.is_temporary(), "{err}");
    }
}
