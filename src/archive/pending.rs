//! The markers of events written and not yet committed: one file per
//! game in the repository's own folder (`.git/dynamo-pending/`, never a
//! part of the record), written before the game file and removed once
//! the commit is made. A run killed in between leaves it, and the next
//! run's recovery commits the event under its own message, saying it was
//! recovered; a change with no marker is a hand edit.

use std::path::{Path, PathBuf};

use super::message::EventMessage;

/// The markers' folder in the git folder.
const FOLDER: &str = "dynamo-pending";

/// The pending events of one repository.
#[derive(Debug, Clone)]
pub(super) struct Pending {
    dir: PathBuf,
}

impl Pending {
    /// The markers of the repository whose git folder is `git_dir`.
    pub(super) fn new(git_dir: &Path) -> Pending {
        Pending {
            dir: git_dir.join(FOLDER),
        }
    }

    /// Notes that `message`'s event is about to be written to `rel`.
    pub(super) fn note(&self, rel: &str, message: &EventMessage) -> std::io::Result<()> {
        std::fs::create_dir_all(&self.dir)?;
        std::fs::write(self.marker(rel), format!("{rel}\n{}", message.text()))
    }

    /// The event noted for `rel`, if any.
    pub(super) fn noted(&self, rel: &str) -> Option<EventMessage> {
        let text = std::fs::read_to_string(self.marker(rel)).ok()?;
        let (path, message) = text.split_once('\n')?;
        (path == rel).then(|| EventMessage::parse(message))?
    }

    /// Every game with an event noted, by its path in the repository.
    pub(super) fn all(&self) -> Vec<String> {
        let Ok(entries) = std::fs::read_dir(&self.dir) else {
            return Vec::new();
        };
        entries
            .filter_map(|e| std::fs::read_to_string(e.ok()?.path()).ok())
            .filter_map(|text| text.split_once('\n').map(|(p, _)| p.to_string()))
            .collect()
    }

    /// Forgets the event noted for `rel`.
    pub(super) fn clear(&self, rel: &str) {
        // Gone already is as good.
        let _ = std::fs::remove_file(self.marker(rel));
    }

    /// The marker of `rel`: named by a digest of its path, which may be
    /// longer than a file name or hold a `/`.
    fn marker(&self, rel: &str) -> PathBuf {
        // FNV-1a: stable across runs and versions, unlike std's hasher.
        let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
        for byte in rel.bytes() {
            hash ^= u64::from(byte);
            hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
        }
        self.dir.join(format!("{hash:016x}"))
    }
}
