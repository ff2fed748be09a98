//! The pages' cache: each game's [`Summary`] with the identity of the
//! file it was taken from, and each section file's text, as the pages in
//! one site folder were last written from them. One event's update reads
//! this instead of replaying the whole folder, and replays a game only
//! when its file is no longer the one summarised.
//!
//! It holds addresses (the standings know players by them), so it lives
//! in the games folder (`.dynamo-site-cache.json`), which is private,
//! never in the site folder, which is published. It is only ever a
//! shortcut: a missing, unreadable or foreign cache (another site folder,
//! another `delay_moves`, another version of `dynamo`) means a full
//! build, and an entry is trusted only while its file's identity — device,
//! inode, size, modification and change times — is the one recorded, and
//! only if that identity was taken when the file had been still for a
//! while ([`SETTLED`]): a file written twice within one tick of the file
//! system's clock could otherwise keep its identity with new content.

use std::collections::{BTreeMap, HashMap};
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use serde::{Deserialize, Serialize};

use super::summary::Summary;
use crate::durable::{FileError, read_regular, write_atomic};
use crate::tournament::Section;

/// The cache file, in the games folder.
pub const CACHE_FILE: &str = ".dynamo-site-cache.json";

/// What changes the pages' bytes besides the games: a cache written by
/// another version may describe pages this one would write differently.
const VERSION: &str = concat!("dynamo ", env!("CARGO_PKG_VERSION"), " pages 1");

/// How long a file must have been left alone before its identity is
/// trusted to stand for its content (file times tick coarsely, and a
/// network file system's clock may be a little off ours).
pub const SETTLED: Duration = Duration::from_secs(2);

/// The largest cache read: far above 100,000 games' summaries.
const MAX_BYTES: u64 = 1 << 30;

/// A file as the file system identifies it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
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

/// One game file's entry.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
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

/// The cache: what the pages in `site` were written from.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Cache {
    version: String,
    /// The site folder, as its real path.
    pub site: PathBuf,
    pub delay_moves: u32,
    /// Each section file's text and what it says, by its folder under the
    /// games folder.
    pub sections: BTreeMap<String, (String, Section)>,
    /// Each game file's path under the games folder and its entry, in
    /// the order of the folder's files (which names the pages).
    pub games: Vec<(String, Entry)>,
}

impl Cache {
    /// A new cache of the pages in `site` (a real path).
    pub fn new(site: &Path, delay_moves: u32) -> Cache {
        Cache {
            version: VERSION.to_string(),
            site: site.to_path_buf(),
            delay_moves,
            ..Cache::default()
        }
    }

    /// The cache of `games_dir` if it describes the pages in `site` built
    /// with `delay_moves` by this version; `None` otherwise, and when it
    /// is missing or unreadable (then a full build writes it again).
    pub fn load(games_dir: &Path, site: &Path, delay_moves: u32) -> Option<Cache> {
        let bytes = read_regular(&games_dir.join(CACHE_FILE), MAX_BYTES).ok()?;
        let cache: Cache = serde_json::from_slice(&bytes).ok()?;
        (cache.version == VERSION && cache.site == site && cache.delay_moves == delay_moves)
            .then_some(cache)
    }

    /// Writes the cache into `games_dir`, atomically.
    pub fn save(&self, games_dir: &Path) -> Result<(), FileError> {
        let path = games_dir.join(CACHE_FILE);
        let bytes = serde_json::to_vec(self)
            .map_err(|e| FileError::new(&path, std::io::Error::other(e)))?;
        write_atomic(&path, &bytes)
    }

    /// The entries by their game files.
    pub fn entries(&self) -> HashMap<&str, &Entry> {
        self.games.iter().map(|(f, e)| (f.as_str(), e)).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A file just written has not settled; its identity changes with its
    /// content, even at the same size.
    #[test]
    fn a_fresh_file_is_not_trusted() {
        let dir = tempfile::tempdir().expect("a folder");
        let path = dir.path().join("a.pgn");
        std::fs::write(&path, "one").expect("written");
        let (first, settled) = Identity::of(&path).expect("an identity");
        assert!(!settled);
        std::fs::write(dir.path().join("b.pgn"), "two").expect("written");
        std::fs::rename(dir.path().join("b.pgn"), &path).expect("renamed");
        let (second, _) = Identity::of(&path).expect("an identity");
        assert_ne!(first, second);
    }
}
