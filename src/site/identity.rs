//! A file's identity as the pages' cache records it (device, inode,
//! size, modification and change times), and whether it had settled;
//! what the cache knows of one folder's listing and one game file.

use std::os::unix::fs::MetadataExt;
use std::path::Path;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use serde::{Deserialize, Serialize};

use super::summary::Summary;

/// How long a file must have been left alone before its identity is
/// trusted to stand for its content (file times tick coarsely, and a
/// network file system's clock may be a little off ours).
pub const SETTLED: Duration = Duration::from_secs(2);

/// A file as the file system identifies it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Identity {
    pub dev: u64,
    pub ino: u64,
    pub size: u64,
    pub mtime: (i64, i64),
    pub ctime: (i64, i64),
}

impl Identity {
    /// The identity of the file at `path` (through links), and whether it
    /// had settled: unchanged for [`SETTLED`] before now.
    pub fn of(path: &Path) -> std::io::Result<(Identity, bool)> {
        let meta = std::fs::metadata(path)?;
        let id = Identity {
            dev: meta.dev(),
            ino: meta.ino(),
            size: meta.size(),
            mtime: (meta.mtime(), meta.mtime_nsec()),
            ctime: (meta.ctime(), meta.ctime_nsec()),
        };
        let now = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .unwrap_or_default();
        let newest = id.mtime.max(id.ctime);
        let changed = Duration::new(
            u64::try_from(newest.0).unwrap_or(0),
            u32::try_from(newest.1).unwrap_or(0),
        );
        // A time in the future (a clock set back) never settles.
        let settled = now.checked_sub(changed).is_some_and(|age| age >= SETTLED);
        Ok((id, settled))
    }
}

/// A game file that `dynamo` is about to write, with its folder's
/// identity just before: taken under the game's lock before the write
/// ([`OwnWrite::before`]), handed to the pages' update after it. When
/// that identity is the one the cache recorded for the folder, the
/// write is the only change there since the pages were written, and
/// the folder is not listed again for it (the write changed the
/// folder's times); only this file and those whose entries had not
/// settled are read again.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OwnWrite {
    /// The game file, as its absolute real path (`GameFile::key`).
    pub file: std::path::PathBuf,
    /// Its folder's identity before the write.
    pub before: Identity,
}

impl OwnWrite {
    /// The write about to be made to the game file at `real` (a real
    /// path); `None` when its folder cannot be looked at (then the
    /// update lists the folder, as for a change made by another).
    pub fn before(real: &Path) -> Option<OwnWrite> {
        let (before, _) = Identity::of(real.parent()?).ok()?;
        Some(OwnWrite {
            file: real.to_path_buf(),
            before,
        })
    }
}

/// One folder of the games folder as it was last listed: its identity
/// when listed, whether that had settled, and its sub-folders (hidden ones
/// left out), each by its path under the games folder. While a folder's
/// identity stays the one recorded, no entry came into it or left it (a
/// name made, removed or renamed in a folder changes its modification
/// time), so it is not listed again, nor its files' identities taken.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ListedFolder {
    pub identity: Identity,
    pub settled: bool,
    pub folders: Vec<String>,
}

/// One game file's entry.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Entry {
    pub identity: Identity,
    /// Whether the identity was taken after the file had settled; an
    /// entry that was not is taken again from the file.
    pub settled: bool,
    pub summary: Summary,
}

impl Entry {
    /// Whether the entry still stands for the file at `path`.
    pub fn stands_for(&self, path: &Path) -> bool {
        self.settled && Identity::of(path).is_ok_and(|(now, _)| now == self.identity)
    }
}
