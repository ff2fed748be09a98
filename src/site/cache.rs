//! The pages' cache: what the pages in one site folder were last written
//! from, kept by entry so that an event reads and writes only the
//! entries of what its pages show, whatever the club's size.
//!
//! - `top`: which site folder and `delay_moves` it describes, how many
//!   buckets each kind of entry is spread over, and the club's counts:
//!   a few hundred bytes, written by a full build and an update that saw
//!   files come or go.
//! - `g0000`…: each game's [`Row`] (its file's identity, page and
//!   summary, `cache_format.rs`), by its file's path.
//! - `d0000`…: each folder's [`Known`] (its listing's identity, its
//!   section file's fingerprint), by its path under the games folder.
//! - `p0000`…: each player's [`Seen`] (their page, their games' files,
//!   the sections that name them), by their key (`club::player_key`).
//! - `index`: what the index page and the feed show ([`IndexFacts`]);
//!   read and written only by an event that changes what they show (a
//!   result), never by a move.
//! - `names`: the players' page names (`names.rs`), read only when a
//!   player may be new.
//!
//! An entry's bucket is the FNV-1a hash of its key modulo the count in
//! `top`, which a full build sets from the club's size (about
//! [`PER_BUCKET`] entries a bucket): an event reads the bucket of its
//! game, of its players and of its folder, a few dozen lines each.
//!
//! Each file is written atomically; an update writes several. A writer
//! stopped half-way leaves the site's lock noting it as held
//! (`durable::FileLock::acquire_noting`): the next writer then does not
//! read the cache, and builds every page and the cache again.
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

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::{Path, PathBuf};

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use super::cache_format::{self, Row};
use super::facts::IndexFacts;
use super::identity::ListedFolder;
use super::names::Names;
use crate::durable::{self, FileError, ReadError, Staged, read_regular, write_atomic};

/// The cache's folder, in the games folder.
pub const CACHE_FILE: &str = ".dynamo-site-cache";

/// What changes the pages' bytes besides the games: a cache written by
/// another version may describe pages this one would write differently.
const VERSION: &str = concat!("dynamo ", env!("CARGO_PKG_VERSION"), " pages 5");

/// The cache's file of what describes the whole cache, in its folder.
const TOP: &str = "top";

/// The cache's file of what the index and the feed show.
const INDEX: &str = "index";

/// About how many entries of a kind a bucket holds after a full build.
pub const PER_BUCKET: usize = 32;

/// The largest file of the cache read: far above 100,000 games'
/// summaries.
const MAX_BYTES: u64 = 1 << 30;

/// The cache's file of the players' page names, read whatever version
/// or site folder wrote the rest (`names.rs`), and its first line.
const NAMES: &str = "names";
const NAMES_HEADER: &str = "dynamo page names 1";

/// The cache's `top` file.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Top {
    /// The site folder, as its real path.
    pub site: PathBuf,
    pub delay_moves: u32,
    /// How many buckets each kind of entry is spread over.
    pub buckets: u64,
    /// The club's games, sections and players.
    pub games: usize,
    pub sections: usize,
    pub players: usize,
}

/// One folder of the games folder as the cache knows it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Known {
    pub listed: ListedFolder,
    /// Its section file, when it has one.
    pub section_file: Option<SectionFile>,
    /// Its section's page, when it has one.
    pub section_page: Option<String>,
    /// Its game files whose entries were taken before the files had
    /// settled: an event in the folder reads them again.
    pub unsettled: Vec<String>,
}

/// A section file as the pages were last written from it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SectionFile {
    /// Its text's fingerprint (`scan::fingerprint`).
    pub fingerprint: String,
}

/// A player's page, their games' files and the folders of the sections
/// that name them.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Seen {
    pub page: String,
    pub files: Vec<String>,
    pub sections: Vec<String>,
}

/// The whole cache, as a full build writes it and an update that saw
/// files come or go reads it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Whole {
    pub folders: BTreeMap<String, Known>,
    pub players: BTreeMap<String, Seen>,
    /// Every game, in no particular order.
    pub games: Vec<Row>,
    pub index: IndexFacts,
}

/// The cache of one games folder, its entries read bucket by bucket as
/// asked for and the buckets changed written by [`Cache::save`].
#[derive(Debug)]
pub struct Cache {
    dir: PathBuf,
    pub top: Top,
    games: Buckets<Row>,
    folders: Buckets<Known>,
    players: Buckets<Seen>,
}

/// How a bucket's bytes are written to its file.
type Put<'a> = dyn Fn(&Path, &[u8]) -> Result<(), FileError> + 'a;

/// The buckets of one kind of entry read so far, and those changed.
#[derive(Debug)]
struct Buckets<V> {
    prefix: char,
    loaded: HashMap<u64, BTreeMap<String, V>>,
    changed: BTreeSet<u64>,
}

/// How a kind of entry is kept in its buckets' files.
trait Kept: Sized {
    fn encode(name: &str, entries: &BTreeMap<String, Self>) -> Vec<u8>;
    fn decode(name: &str, bytes: &[u8]) -> Option<BTreeMap<String, Self>>;
}

impl Kept for Row {
    fn encode(name: &str, entries: &BTreeMap<String, Row>) -> Vec<u8> {
        cache_format::write(VERSION, 0, name, entries.values().map(Row::by_ref))
    }

    fn decode(name: &str, bytes: &[u8]) -> Option<BTreeMap<String, Row>> {
        let rows = cache_format::read(bytes, VERSION, 0, name)?;
        Some(rows.into_iter().map(|r| (r.file.clone(), r)).collect())
    }
}

/// A bucket of JSON entries: the version and the bucket's name on the
/// first line, the map on the second.
fn encode_json<V: Serialize>(name: &str, entries: &BTreeMap<String, V>) -> Vec<u8> {
    let json = serde_json::to_string(entries).unwrap_or_default();
    format!("{VERSION}\t{name}\n{json}\n").into_bytes()
}

fn decode_json<V: DeserializeOwned>(name: &str, bytes: &[u8]) -> Option<BTreeMap<String, V>> {
    let text = std::str::from_utf8(bytes).ok()?;
    let (first, json) = text.split_once('\n')?;
    if first.split_once('\t')? != (VERSION, name) || !json.ends_with('\n') {
        return None;
    }
    serde_json::from_str(json).ok()
}

impl Kept for Known {
    fn encode(name: &str, entries: &BTreeMap<String, Known>) -> Vec<u8> {
        encode_json(name, entries)
    }

    fn decode(name: &str, bytes: &[u8]) -> Option<BTreeMap<String, Known>> {
        decode_json(name, bytes)
    }
}

impl Kept for Seen {
    fn encode(name: &str, entries: &BTreeMap<String, Seen>) -> Vec<u8> {
        encode_json(name, entries)
    }

    fn decode(name: &str, bytes: &[u8]) -> Option<BTreeMap<String, Seen>> {
        decode_json(name, bytes)
    }
}

impl<V: Kept + Clone> Buckets<V> {
    fn new(prefix: char) -> Buckets<V> {
        Buckets {
            prefix,
            loaded: HashMap::new(),
            changed: BTreeSet::new(),
        }
    }

    fn name(&self, bucket: u64) -> String {
        format!("{}{bucket:04x}", self.prefix)
    }

    /// The bucket `bucket`, read from `dir` if not yet.
    fn bucket(&mut self, dir: &Path, bucket: u64) -> Result<&mut BTreeMap<String, V>, Unusable> {
        if !self.loaded.contains_key(&bucket) {
            let name = self.name(bucket);
            let path = dir.join(&name);
            let entries = match read_regular(&path, MAX_BYTES) {
                Ok(bytes) => V::decode(&name, &bytes).ok_or_else(|| damaged(&path))?,
                // A bucket no entry fell into is not written.
                Err(ReadError::File(e)) if e.source.kind() == std::io::ErrorKind::NotFound => {
                    BTreeMap::new()
                }
                Err(e) => return Err(Unusable::Damaged(e.to_string())),
            };
            self.loaded.insert(bucket, entries);
        }
        self.loaded.get_mut(&bucket).ok_or(Unusable::Other)
    }

    /// Writes the buckets changed, each by `put`.
    fn save(&mut self, dir: &Path, put: &Put) -> Result<(), FileError> {
        for bucket in std::mem::take(&mut self.changed) {
            let Some(entries) = self.loaded.get(&bucket) else {
                continue;
            };
            // A bucket no entry fell into is not written.
            if !entries.is_empty() {
                let path = dir.join(self.name(bucket));
                put(&path, &V::encode(&self.name(bucket), entries))?;
            }
        }
        Ok(())
    }
}

fn damaged(path: &Path) -> Unusable {
    Unusable::Damaged(format!(
        "{} is not a cache this version wrote whole",
        path.display()
    ))
}

/// The bucket of the entry `key`, of `buckets`: FNV-1a, 64 bits, the
/// same in every version and on every machine.
fn bucket_of(key: &str, buckets: u64) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for b in key.bytes() {
        hash ^= u64::from(b);
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    hash % buckets.max(1)
}

impl Cache {
    /// The cache of `games_dir` if it describes the pages in `site` built
    /// with `delay_moves` by this version; otherwise why not (then a full
    /// build writes it again). Only `top` is read.
    pub fn load(games_dir: &Path, site: &Path, delay_moves: u32) -> Result<Cache, Unusable> {
        let dir = games_dir.join(CACHE_FILE);
        let path = dir.join(TOP);
        let bytes = match read_regular(&path, MAX_BYTES) {
            Ok(bytes) => bytes,
            Err(ReadError::File(e)) if e.source.kind() == std::io::ErrorKind::NotFound => {
                // A cache of an earlier version was one file.
                return Err(if dir.is_file() {
                    Unusable::Damaged(format!("{} is of an earlier version", path.display()))
                } else {
                    Unusable::Missing
                });
            }
            Err(e) => return Err(Unusable::Damaged(e.to_string())),
        };
        let text = std::str::from_utf8(&bytes).map_err(|_| damaged(&path))?;
        let Some((version, json)) = text.split_once('\n') else {
            return Err(damaged(&path));
        };
        if version != VERSION {
            return Err(Unusable::Other);
        }
        let top: Top = serde_json::from_str(json).map_err(|_| damaged(&path))?;
        if !(top.site == site && top.delay_moves == delay_moves) {
            return Err(Unusable::Other);
        }
        Ok(Cache::with(dir, top))
    }

    fn with(dir: PathBuf, top: Top) -> Cache {
        Cache {
            dir,
            top,
            games: Buckets::new('g'),
            folders: Buckets::new('d'),
            players: Buckets::new('p'),
        }
    }

    /// The entry of the game file `file` (its path under the games
    /// folder).
    pub fn game(&mut self, file: &str) -> Result<Option<Row>, Unusable> {
        let bucket = bucket_of(file, self.top.buckets);
        Ok(self.games.bucket(&self.dir, bucket)?.get(file).cloned())
    }

    pub fn set_game(&mut self, row: Row) -> Result<(), Unusable> {
        let bucket = bucket_of(&row.file, self.top.buckets);
        self.games
            .bucket(&self.dir, bucket)?
            .insert(row.file.clone(), row);
        self.games.changed.insert(bucket);
        Ok(())
    }

    /// The entry of the folder `rel` (its path under the games folder).
    pub fn folder(&mut self, rel: &str) -> Result<Option<Known>, Unusable> {
        let bucket = bucket_of(rel, self.top.buckets);
        Ok(self.folders.bucket(&self.dir, bucket)?.get(rel).cloned())
    }

    pub fn set_folder(&mut self, rel: &str, known: Known) -> Result<(), Unusable> {
        let bucket = bucket_of(rel, self.top.buckets);
        self.folders
            .bucket(&self.dir, bucket)?
            .insert(rel.to_string(), known);
        self.folders.changed.insert(bucket);
        Ok(())
    }

    /// The entry of the player known by `key`.
    pub fn player(&mut self, key: &str) -> Result<Option<Seen>, Unusable> {
        let bucket = bucket_of(key, self.top.buckets);
        Ok(self.players.bucket(&self.dir, bucket)?.get(key).cloned())
    }

    /// What the index and the feed show.
    pub fn index(&self) -> Result<IndexFacts, Unusable> {
        let path = self.dir.join(INDEX);
        let bytes = read_regular(&path, MAX_BYTES).map_err(|e| Unusable::Damaged(e.to_string()))?;
        decode_json::<IndexFacts>(INDEX, &bytes)
            .and_then(|mut m| m.remove(""))
            .ok_or_else(|| damaged(&path))
    }

    pub fn save_index(&self, index: &IndexFacts) -> Result<(), FileError> {
        let one = BTreeMap::from([(String::new(), index)]);
        write_atomic(&self.dir.join(INDEX), &encode_json(INDEX, &one))
    }

    /// Writes the buckets changed, each atomically: an event changes a
    /// few.
    pub fn save(&mut self) -> Result<(), FileError> {
        self.save_by(&|path, bytes| write_atomic(path, bytes))
    }

    fn save_by(&mut self, put: &Put) -> Result<(), FileError> {
        self.games.save(&self.dir, put)?;
        self.folders.save(&self.dir, put)?;
        self.players.save(&self.dir, put)
    }

    /// The whole cache: every bucket read.
    pub fn whole(&mut self) -> Result<Whole, Unusable> {
        let mut whole = Whole {
            index: self.index()?,
            ..Whole::default()
        };
        for bucket in 0..self.top.buckets {
            let games = self.games.bucket(&self.dir, bucket)?;
            whole.games.extend(games.values().cloned());
            let folders = self.folders.bucket(&self.dir, bucket)?;
            whole.folders.extend(folders.clone());
            let players = self.players.bucket(&self.dir, bucket)?;
            whole.players.extend(players.clone());
        }
        let counted = (whole.games.len(), whole.players.len());
        if counted != (self.top.games, self.top.players) {
            return Err(Unusable::Damaged(format!(
                "{} does not hold the entries its top file counts",
                self.dir.display()
            )));
        }
        Ok(whole)
    }

    /// Writes the whole cache into `games_dir` for the pages in `site`:
    /// each bucket, the index, then `top`; the files of buckets it no
    /// longer has removed.
    pub fn save_whole(
        games_dir: &Path,
        site: &Path,
        delay_moves: u32,
        whole: Whole,
        sections: usize,
    ) -> Result<(), FileError> {
        let dir = folder(games_dir)?;
        let most = whole
            .games
            .len()
            .max(whole.folders.len())
            .max(whole.players.len());
        let buckets = (most / PER_BUCKET).max(1).next_power_of_two() as u64;
        let top = Top {
            site: site.to_path_buf(),
            delay_moves,
            buckets,
            games: whole.games.len(),
            sections,
            players: whole.players.len(),
        };
        let mut cache = Cache::with(dir.clone(), top);
        for b in 0..buckets {
            cache.games.loaded.insert(b, BTreeMap::new());
            cache.folders.loaded.insert(b, BTreeMap::new());
            cache.players.loaded.insert(b, BTreeMap::new());
        }
        let mut wanted: std::collections::HashSet<String> =
            [TOP, INDEX, NAMES].iter().map(|s| s.to_string()).collect();
        for row in whole.games {
            let b = bucket_of(&row.file, buckets);
            cache.games.changed.insert(b);
            wanted.insert(cache.games.name(b));
            cache
                .games
                .loaded
                .entry(b)
                .or_default()
                .insert(row.file.clone(), row);
        }
        for (rel, known) in whole.folders {
            let b = bucket_of(&rel, buckets);
            cache.folders.changed.insert(b);
            wanted.insert(cache.folders.name(b));
            cache
                .folders
                .loaded
                .entry(b)
                .or_default()
                .insert(rel, known);
        }
        for (key, seen) in whole.players {
            let b = bucket_of(&key, buckets);
            cache.players.changed.insert(b);
            wanted.insert(cache.players.name(b));
            cache.players.loaded.entry(b).or_default().insert(key, seen);
        }
        // Hundreds of buckets at 10,000 games: made durable at once, as
        // the pages are, `top` renamed last.
        let staged = Staged::new();
        cache.save_by(&|path, bytes| staged.write(path, bytes).map(|_| ()))?;
        let one = BTreeMap::from([(String::new(), &whole.index)]);
        staged.write(&dir.join(INDEX), &encode_json(INDEX, &one))?;
        let json = serde_json::to_string(&cache.top)
            .map_err(|e| FileError::new(&dir.join(TOP), std::io::Error::other(e)))?;
        staged.write(&dir.join(TOP), format!("{VERSION}\n{json}").as_bytes())?;
        staged.commit()?;
        let entries = std::fs::read_dir(&dir).map_err(|e| FileError::new(&dir, e))?;
        for entry in entries.flatten() {
            let name = entry.file_name().to_string_lossy().into_owned();
            if !name.starts_with('.') && !wanted.contains(&name) {
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
    use crate::site::identity::Identity;

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

    /// Every entry read back as written, whatever bucket it fell in; a
    /// damaged bucket is not read; another site folder is not this
    /// cache.
    #[test]
    fn entries_read_back_by_bucket() {
        let dir = tempfile::tempdir().expect("a folder");
        let games = dir.path();
        let site = Path::new("/srv/pages");
        let rows: Vec<Row> = (0..100)
            .map(|k| Row {
                file: format!("club/g{k}.pgn"),
                page: format!("games/club/g{k}"),
                ..Row::default()
            })
            .collect();
        let mut whole = Whole {
            games: rows.clone(),
            ..Whole::default()
        };
        whole.folders.insert("club".to_string(), Known::default());
        whole.players.insert(
            "@ada@example.org".to_string(),
            Seen {
                page: "players/ada".to_string(),
                files: vec!["club/g1.pgn".to_string()],
                sections: Vec::new(),
            },
        );
        Cache::save_whole(games, site, 0, whole.clone(), 0).expect("saved");
        let mut back = Cache::load(games, site, 0).expect("loaded");
        assert!(back.top.buckets > 1);
        assert_eq!(back.game("club/g7.pgn"), Ok(Some(rows[7].clone())));
        assert_eq!(back.game("club/none.pgn"), Ok(None));
        let mut all = back.whole().expect("whole");
        all.games.sort_by(|a, b| a.file.cmp(&b.file));
        whole.games.sort_by(|a, b| a.file.cmp(&b.file));
        assert_eq!(all, whole);
        assert_eq!(
            Cache::load(games, Path::new("/srv/other"), 0).err(),
            Some(Unusable::Other)
        );
        let bucket = bucket_of("club/g7.pgn", back.top.buckets);
        std::fs::write(games.join(CACHE_FILE).join(format!("g{bucket:04x}")), "x")
            .expect("damaged");
        let mut again = Cache::load(games, site, 0).expect("loaded");
        assert!(matches!(
            again.game("club/g7.pgn"),
            Err(Unusable::Damaged(_))
        ));
    }
}
