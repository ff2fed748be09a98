//! The pages' cache: each game's [`Summary`] and page with the identity
//! of the file it was taken from, as the pages in one site folder were
//! last written from them, one file a folder of the games folder
//! (`cache_format.rs`); and a small file (`top`) of what the index, the
//! feed and the players' pages need of the whole club: each folder's
//! identity when it was listed, its section file's identity, its counts,
//! loose games and latest results ([`Facts`]), each player's page and the
//! folders their games are in. One event's update reads `top` and the
//! files of the folders it touches instead of replaying the whole folder,
//! and replays a game only when its file is no longer the one summarised.
//!
//! The files are written each atomically, the folders' files first and
//! `top` last, each folder's file carrying the generation of the cache it
//! was written in and `top` naming the generation of each: a cache whose
//! writing stopped half-way is not read (a full build writes it again).
//!
//! It holds addresses (the standings know players by them), so it lives
//! in the games folder (the folder `.dynamo-site-cache`), which is private,
//! never in the site folder, which is published. It is only ever a
//! shortcut: a missing, unreadable or foreign cache (another site folder,
//! another `delay_moves`, another version of `dynamo`) means a full
//! build, and an entry is trusted only while its file's identity — device,
//! inode, size, modification and change times — is the one recorded, and
//! only if that identity was taken when the file had been still for a
//! while (`identity::SETTLED`): a file written twice within one tick of the file
//! system's clock could otherwise keep its identity with new content.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::cache_format::{self, Row, RowRef};
use super::club::parent;
use super::facts::Facts;
use super::identity::{Identity, ListedFolder};
use super::names::Names;
use crate::durable::{self, FileError, ReadError, read_regular, write_atomic};

/// The cache's folder, in the games folder.
pub const CACHE_FILE: &str = ".dynamo-site-cache";

/// What changes the pages' bytes besides the games: a cache written by
/// another version may describe pages this one would write differently.
const VERSION: &str = concat!("dynamo ", env!("CARGO_PKG_VERSION"), " pages 4");

/// The cache's file of what describes the whole club, in its folder.
const TOP: &str = "top";

/// The largest file of the cache read: far above 100,000 games'
/// summaries.
const MAX_BYTES: u64 = 1 << 30;

/// The cache's file of the players' page names, read whatever version
/// or site folder wrote the rest (`names.rs`), and its first line.
const NAMES: &str = "names";
const NAMES_HEADER: &str = "dynamo page names 1";

/// What the pages in `site` were written from, but the games' lines:
/// the cache's `top` file.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Top {
    /// The site folder, as its real path.
    pub site: PathBuf,
    pub delay_moves: u32,
    /// Counts the cache's writings; each folder's file names the one it
    /// was written in.
    pub generation: u64,
    /// Each folder as it was last listed, by its path under the games
    /// folder (the games folder itself is ``).
    pub folders: BTreeMap<String, Known>,
    /// Each player's page and the folders that hold their games or name
    /// them in a section, by their key (`club::player_key`).
    pub players: BTreeMap<String, Seen>,
}

/// One folder of the games folder as the cache knows it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Known {
    pub listed: ListedFolder,
    /// The generation its file of games was written in (when it has
    /// games).
    pub generation: u64,
    /// Its section file, when it has one.
    pub section_file: Option<SectionFile>,
    pub facts: Facts,
}

/// A section file as the pages were last written from it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SectionFile {
    pub identity: Identity,
    /// Whether the identity had settled when taken.
    pub settled: bool,
    /// Its text's fingerprint (`scan::fingerprint`).
    pub fingerprint: String,
}

/// A player's page and the folders of their games and sections.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Seen {
    pub page: String,
    pub folders: Vec<String>,
}

impl Top {
    /// A new cache of the pages in `site` (a real path).
    pub fn new(site: &Path, delay_moves: u32) -> Top {
        Top {
            site: site.to_path_buf(),
            delay_moves,
            ..Top::default()
        }
    }

    /// The cache of `games_dir` if it describes the pages in `site` built
    /// with `delay_moves` by this version; otherwise why not (then a full
    /// build writes it again).
    pub fn load(games_dir: &Path, site: &Path, delay_moves: u32) -> Result<Top, Unusable> {
        let path = games_dir.join(CACHE_FILE).join(TOP);
        let bytes = match read_regular(&path, MAX_BYTES) {
            Ok(bytes) => bytes,
            Err(ReadError::File(e)) if e.source.kind() == std::io::ErrorKind::NotFound => {
                // A cache of an earlier version was one file.
                return Err(if games_dir.join(CACHE_FILE).is_file() {
                    Unusable::Damaged(format!("{} is of an earlier version", path.display()))
                } else {
                    Unusable::Missing
                });
            }
            Err(e) => return Err(Unusable::Damaged(e.to_string())),
        };
        let damaged = || {
            Unusable::Damaged(format!(
                "{} is not a cache this version wrote whole",
                path.display()
            ))
        };
        let text = std::str::from_utf8(&bytes).map_err(|_| damaged())?;
        let Some((version, json)) = text.split_once('\n') else {
            return Err(damaged());
        };
        if version != VERSION {
            return Err(Unusable::Other);
        }
        let top: Top = serde_json::from_str(json).map_err(|_| damaged())?;
        if !(top.site == site && top.delay_moves == delay_moves) {
            return Err(Unusable::Other);
        }
        Ok(top)
    }

    /// The games of the folder `rel` (its path under the games folder),
    /// in its file's order.
    pub fn games_of(&self, games_dir: &Path, rel: &str) -> Result<Vec<Row>, Unusable> {
        let Some(known) = self.folders.get(rel) else {
            return Ok(Vec::new());
        };
        if known.facts.games == 0 {
            return Ok(Vec::new());
        }
        let path = games_dir.join(CACHE_FILE).join(folder_file(rel));
        let bytes = read_regular(&path, MAX_BYTES).map_err(|e| Unusable::Damaged(e.to_string()))?;
        let rows = cache_format::read(&bytes, VERSION, known.generation, rel);
        match rows {
            Some(rows) if rows.len() == known.facts.games => Ok(rows),
            _ => Err(Unusable::Damaged(format!(
                "{} is not a cache this version wrote whole",
                path.display()
            ))),
        }
    }

    /// Writes the games of the folder `rel` into the cache in `games_dir`,
    /// atomically, as of the cache's next generation (`top` written by
    /// [`Top::save`] names it).
    pub fn save_folder<'a>(
        &mut self,
        games_dir: &Path,
        rel: &str,
        rows: impl Iterator<Item = RowRef<'a>>,
    ) -> Result<(), FileError> {
        let generation = self.generation + 1;
        let bytes = cache_format::write(VERSION, generation, rel, rows);
        write_atomic(&games_dir.join(CACHE_FILE).join(folder_file(rel)), &bytes)?;
        if let Some(known) = self.folders.get_mut(rel) {
            known.generation = generation;
        }
        Ok(())
    }

    /// Writes `top` into the cache in `games_dir`, atomically, as the
    /// cache's next generation: after the folders' files of that
    /// generation.
    pub fn save(&mut self, games_dir: &Path) -> Result<(), FileError> {
        let path = games_dir.join(CACHE_FILE).join(TOP);
        self.generation += 1;
        let json = serde_json::to_string(self)
            .map_err(|e| FileError::new(&path, std::io::Error::other(e)))?;
        write_atomic(&path, format!("{VERSION}\n{json}").as_bytes())
    }

    /// Writes the whole cache into `games_dir`: each folder's games
    /// (`games`, in the folders' order, each row by its folder), then
    /// `top`; the files of folders it no longer knows removed.
    pub fn save_all<'a>(
        &mut self,
        games_dir: &Path,
        games: impl Iterator<Item = RowRef<'a>>,
    ) -> Result<(), FileError> {
        let folder = folder(games_dir)?;
        let mut by_folder: BTreeMap<&str, Vec<RowRef>> = BTreeMap::new();
        for row in games {
            by_folder.entry(parent(row.file)).or_default().push(row);
        }
        for (rel, rows) in &by_folder {
            self.save_folder(games_dir, rel, rows.iter().copied())?;
        }
        self.save(games_dir)?;
        let wanted: std::collections::HashSet<String> =
            by_folder.keys().map(|rel| folder_file(rel)).collect();
        let entries = std::fs::read_dir(&folder).map_err(|e| FileError::new(&folder, e))?;
        for entry in entries.flatten() {
            let name = entry.file_name().to_string_lossy().into_owned();
            if name.starts_with('f') && !wanted.contains(&name) {
                durable::remove(&entry.path())?;
            }
        }
        Ok(())
    }
}

/// The page names given (`names.rs`); none when there is no file or it
/// cannot be read (then names are made afresh).
pub fn load_names(games_dir: &Path) -> Names {
    let path = games_dir.join(CACHE_FILE).join(NAMES);
    let Ok(bytes) = read_regular(&path, MAX_BYTES) else {
        return Names::default();
    };
    let text = String::from_utf8_lossy(&bytes);
    match text.split_once('\n') {
        Some((NAMES_HEADER, json)) => serde_json::from_str(json).unwrap_or_default(),
        _ => Names::default(),
    }
}

/// Writes the page names given into the cache of `games_dir`.
pub fn save_names(names: &Names, games_dir: &Path) -> Result<(), FileError> {
    let path = folder(games_dir)?.join(NAMES);
    let json = serde_json::to_string(names)
        .map_err(|e| FileError::new(&path, std::io::Error::other(e)))?;
    write_atomic(&path, format!("{NAMES_HEADER}\n{json}").as_bytes())
}

/// The cache's folder in `games_dir`, made if missing.
fn folder(games_dir: &Path) -> Result<PathBuf, FileError> {
    let folder = games_dir.join(CACHE_FILE);
    // A cache of an earlier version was one file.
    if folder.is_file() {
        durable::remove(&folder)?;
    }
    std::fs::create_dir_all(&folder).map_err(|e| FileError::new(&folder, e))?;
    Ok(folder)
}

/// The name of the cache's file of the games of the folder `rel`: a hash
/// of its path (the file's first line names the folder itself).
fn folder_file(rel: &str) -> String {
    // FNV-1a, 64 bits: the same in every version and on every machine.
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for b in rel.bytes() {
        hash ^= u64::from(b);
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    format!("f{hash:016x}")
}

/// Why the cache is not used.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Unusable {
    /// There is none: no full build has written one.
    Missing,
    /// It cannot be read, or is cut short or damaged.
    Damaged(String),
    /// It describes another site folder, another `delay_moves`, or was
    /// written by another version of `dynamo`.
    Other,
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

    /// A folder's file written in a generation `top` does not name (its
    /// writing stopped before `top`'s) is not read.
    #[test]
    fn a_cache_written_half_way_is_not_read() {
        let dir = tempfile::tempdir().expect("a folder");
        let games = dir.path();
        let mut top = Top::new(Path::new("/srv/pages"), 0);
        top.folders.insert("club".to_string(), Known::default());
        let row = Row {
            file: "club/a.pgn".to_string(),
            ..Row::default()
        };
        if let Some(known) = top.folders.get_mut("club") {
            known.facts.games = 1;
        }
        top.save_all(games, std::iter::once(row.by_ref()))
            .expect("saved");
        let back = Top::load(games, Path::new("/srv/pages"), 0).expect("loaded");
        assert_eq!(back, top);
        assert_eq!(back.games_of(games, "club"), Ok(vec![row.clone()]));
        // The folder's file written again, `top` not.
        let mut later = back.clone();
        later
            .save_folder(games, "club", std::iter::once(row.by_ref()))
            .expect("saved");
        assert!(matches!(
            back.games_of(games, "club"),
            Err(Unusable::Damaged(_))
        ));
        assert_eq!(
            Top::load(games, Path::new("/srv/other"), 0),
            Err(Unusable::Other)
        );
    }
}
