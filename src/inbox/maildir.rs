//! A Maildir as a source of mail: the messages in `new/`, and those in
//! `cur/` not yet handled (a mail client may have moved one there unread
//! by us). A message handled is noted in the inbox's state folder by its
//! unique name (`maildir/DIR/UNIQUE`), then moved from `new/` to `cur/`
//! with the Seen flag (`:2,S`); one already in `cur/` is left as it is.
//!
//! A message arrived when it was delivered: the time at the start of its
//! unique name (`1700000000.M1P2.host`, as delivery agents name them), else
//! its file's modification time.

use std::fs;
use std::io::{self, Read};
use std::path::{Path, PathBuf};

use chrono::{DateTime, Utc};
use sha2::{Digest, Sha256};

use super::error::InboxError;
use super::message::MAX_MESSAGE_BYTES;
use super::source::{RawMessage, Source};
use super::state::InboxState;
use crate::base32::encode;
use crate::durable;

/// A Maildir read by the inbox.
#[derive(Debug, Clone)]
pub struct Maildir {
    dir: PathBuf,
    marks: PathBuf,
}

fn failed(path: &Path, e: io::Error) -> InboxError {
    InboxError::Source {
        what: format!("Maildir {}: {e}", path.display()),
        temporary: true,
    }
}

/// The unique part of a Maildir file name (before its `:2,` info).
fn unique(name: &str) -> &str {
    name.split(':').next().unwrap_or(name)
}

/// When the message `name` (whose file has `meta`) was delivered.
fn delivered(name: &str, meta: Option<&fs::Metadata>) -> DateTime<Utc> {
    let named = name
        .split('.')
        .next()
        .and_then(|s| s.parse::<i64>().ok())
        .and_then(|s| DateTime::from_timestamp(s, 0))
        // Plausible: from 2000 on, and not after now.
        .filter(|t| t.timestamp() >= 946_684_800 && *t <= Utc::now());
    named
        .or_else(|| {
            meta.and_then(|m| m.modified().ok())
                .map(DateTime::<Utc>::from)
        })
        .unwrap_or_else(Utc::now)
}

impl Maildir {
    /// The Maildir at `dir`, which must have `new/` and `cur/`; what was
    /// handled is noted in `state`.
    pub fn open(dir: &Path, state: &InboxState) -> Result<Maildir, InboxError> {
        for sub in ["new", "cur"] {
            if !dir.join(sub).is_dir() {
                return Err(InboxError::Source {
                    what: format!(
                        "{} is not a Maildir: it has no {sub}/ folder",
                        dir.display()
                    ),
                    temporary: false,
                });
            }
        }
        let full = fs::canonicalize(dir).map_err(|e| failed(dir, e))?;
        let digest = Sha256::digest(full.as_os_str().as_encoded_bytes());
        Ok(Maildir {
            dir: dir.to_path_buf(),
            marks: state.dir().join("maildir").join(&encode(&digest)[..16]),
        })
    }

    fn is_marked(&self, name: &str) -> bool {
        self.marks.join(unique(name)).exists()
    }
}

impl Source for Maildir {
    fn name(&self) -> String {
        self.dir.display().to_string()
    }

    fn waiting(&mut self) -> Result<Vec<String>, InboxError> {
        let mut found: Vec<(DateTime<Utc>, String)> = Vec::new();
        for sub in ["new", "cur"] {
            let folder = self.dir.join(sub);
            let entries = fs::read_dir(&folder).map_err(|e| failed(&folder, e))?;
            for entry in entries {
                let entry = entry.map_err(|e| failed(&folder, e))?;
                let Ok(name) = entry.file_name().into_string() else {
                    continue;
                };
                if name.starts_with('.') || (sub == "cur" && self.is_marked(&name)) {
                    continue;
                }
                let at = delivered(&name, entry.metadata().ok().as_ref());
                found.push((at, format!("{sub}/{name}")));
            }
        }
        found.sort();
        Ok(found.into_iter().map(|(_, id)| id).collect())
    }

    fn fetch(&mut self, id: &str) -> Result<Option<RawMessage>, InboxError> {
        let path = self.dir.join(id);
        let meta = match fs::metadata(&path) {
            Ok(meta) => meta,
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(failed(&path, e)),
        };
        let name = id.rsplit('/').next().unwrap_or(id);
        let arrived = delivered(name, Some(&meta));
        let mut raw = Vec::new();
        // Only a regular file is read (a FIFO would wait for ever); one too
        // large is read only so far as to be known too large.
        if meta.is_file() {
            match fs::File::open(&path) {
                Ok(file) => {
                    file.take(MAX_MESSAGE_BYTES as u64 + 1)
                        .read_to_end(&mut raw)
                        .map_err(|e| failed(&path, e))?;
                }
                Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
                Err(e) => return Err(failed(&path, e)),
            }
        }
        Ok(Some(RawMessage {
            raw,
            arrived,
            too_large: false,
        }))
    }

    fn mark_handled(&mut self, ids: &[String]) -> Vec<Result<(), InboxError>> {
        ids.iter().map(|id| self.mark_one(id)).collect()
    }
}

impl Maildir {
    /// Notes `id` handled by its unique name, then moves it to `cur/`.
    fn mark_one(&mut self, id: &str) -> Result<(), InboxError> {
        let name = id.rsplit('/').next().unwrap_or(id);
        durable::make_private_dirs(&self.marks)?;
        durable::write_private(&self.marks.join(unique(name)), b"")?;
        if id.starts_with("new/") {
            let target = match name.contains(':') {
                true => name.to_string(),
                false => format!("{name}:2,S"),
            };
            match durable::rename(&self.dir.join(id), &self.dir.join("cur").join(target)) {
                // Moved by another dynamo inbox, or by a mail client.
                Err(e) if e.source.kind() == io::ErrorKind::NotFound => {}
                other => other.map_err(|e| failed(&e.path, e.source))?,
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn new_and_unhandled_cur_messages_wait_until_marked() {
        let tmp = tempfile::tempdir().expect("tempdir");
        let dir = tmp.path().join("Maildir");
        for sub in ["new", "cur", "tmp"] {
            fs::create_dir_all(dir.join(sub)).expect("mkdir");
        }
        fs::write(dir.join("new/1700000002.M1P1.host"), "b").expect("write");
        fs::write(dir.join("new/1700000001.M1P1.host"), "a").expect("write");
        fs::write(dir.join("cur/1700000003.M1P1.host:2,S"), "c").expect("write");
        fs::write(dir.join("new/.hidden"), "x").expect("write");
        let state = InboxState::new(tmp.path().join("inbox"));
        let mut maildir = Maildir::open(&dir, &state).expect("a Maildir");
        let waiting = maildir.waiting().expect("listed");
        assert_eq!(
            waiting,
            [
                "new/1700000001.M1P1.host",
                "new/1700000002.M1P1.host",
                "cur/1700000003.M1P1.host:2,S"
            ]
        );
        let fetched = maildir.fetch(&waiting[0]).expect("read").expect("there");
        assert_eq!(fetched.raw, b"a");
        assert_eq!(fetched.arrived.timestamp(), 1_700_000_001);
        for marked in maildir.mark_handled(&waiting) {
            marked.expect("marked");
        }
        assert!(maildir.waiting().expect("listed").is_empty());
        assert!(dir.join("cur/1700000001.M1P1.host:2,S").exists());
        assert!(
            maildir
                .fetch("new/1700000001.M1P1.host")
                .expect("ok")
                .is_none()
        );
        assert!(Maildir::open(tmp.path(), &state).is_err());
    }
}
