//! The pages' cache: each game's [`Summary`] with the identity of the
//! file it was taken from, and each section file's text, as the pages in
//! one site folder were last written from them. One event's update reads
//! this instead of replaying the whole folder, and replays a game only
//! when its file is no longer the one summarised.
//!
//! It holds addresses (the standings know players by them), so it lives
//! in the games folder (`.dynamo-site-cache`), which is private,
//! never in the site folder, which is published. It is only ever a
//! shortcut: a missing, unreadable or foreign cache (another site folder,
//! another `delay_moves`, another version of `dynamo`) means a full
//! build, and an entry is trusted only while its file's identity — device,
//! inode, size, modification and change times — is the one recorded, and
//! only if that identity was taken when the file had been still for a
//! while ([`SETTLED`]): a file written twice within one tick of the file
//! system's clock could otherwise keep its identity with new content.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use serde::{Deserialize, Serialize};

use super::summary::{Person, Summary};
use crate::durable::{FileError, ReadError, read_regular, write_atomic};
use crate::tournament::Section;

/// The cache file, in the games folder.
pub const CACHE_FILE: &str = ".dynamo-site-cache";

/// What changes the pages' bytes besides the games: a cache written by
/// another version may describe pages this one would write differently.
const VERSION: &str = concat!("dynamo ", env!("CARGO_PKG_VERSION"), " pages 3");

/// How long a file must have been left alone before its identity is
/// trusted to stand for its content (file times tick coarsely, and a
/// network file system's clock may be a little off ours).
pub const SETTLED: Duration = Duration::from_secs(2);

/// The largest cache read: far above 100,000 games' summaries.
const MAX_BYTES: u64 = 1 << 30;

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

/// One folder of the games folder as it was last listed: its identity
/// when listed, whether that had settled, and its sub-folders (hidden ones
/// left out), each by its path under the games folder. While a folder's
/// identity stays the one recorded, no entry came into it or left it (a
/// name made, removed or renamed in a folder changes its modification
/// time), so it is not listed again, nor its files' identities taken.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Listed {
    pub identity: Identity,
    pub settled: bool,
    pub folders: Vec<String>,
}

/// One game file's entry as written: its path under the games folder,
/// identity, whether that had settled, and summary.
pub type Row<'a> = (&'a str, Identity, bool, &'a Summary);

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

/// The cache: what the pages in `site` were written from.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Cache {
    version: String,
    /// The site folder, as its real path.
    pub site: PathBuf,
    pub delay_moves: u32,
    /// Each section file's text and what it says, by its folder under the
    /// games folder.
    pub sections: BTreeMap<String, (String, Section)>,
    /// Each folder as it was listed, by its path under the games folder
    /// (the games folder itself is ``).
    pub folders: BTreeMap<String, Listed>,
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
    /// with `delay_moves` by this version; otherwise why not (then a full
    /// build writes it again).
    pub fn load(games_dir: &Path, site: &Path, delay_moves: u32) -> Result<Cache, Unusable> {
        let path = games_dir.join(CACHE_FILE);
        let bytes = match read_regular(&path, MAX_BYTES) {
            Ok(bytes) => bytes,
            Err(ReadError::File(e)) if e.source.kind() == std::io::ErrorKind::NotFound => {
                return Err(Unusable::Missing);
            }
            Err(e) => return Err(Unusable::Damaged(e.to_string())),
        };
        let Some((version, head, games)) = read(&bytes) else {
            return Err(Unusable::Damaged(format!(
                "{} is not a cache this version wrote whole",
                path.display()
            )));
        };
        if !(version == VERSION && head.site == site && head.delay_moves == delay_moves) {
            return Err(Unusable::Other);
        }
        Ok(Cache {
            version,
            site: head.site,
            delay_moves: head.delay_moves,
            sections: head.sections,
            folders: head.folders,
            games,
        })
    }

    /// Writes the cache into `games_dir`, atomically, with `games` in
    /// place of [`Cache::games`] (each file's path, identity, whether it
    /// had settled, and summary, borrowed from where they are: at 10,000
    /// games a copy of them all costs more than their writing).
    pub fn save<'a>(
        &self,
        games_dir: &Path,
        games: impl ExactSizeIterator<Item = Row<'a>>,
    ) -> Result<(), FileError> {
        let path = games_dir.join(CACHE_FILE);
        let head = HeadRef {
            site: &self.site,
            delay_moves: self.delay_moves,
            sections: &self.sections,
            folders: &self.folders,
        };
        let bytes = write(&self.version, &head, games)
            .map_err(|e| FileError::new(&path, std::io::Error::other(e)))?;
        write_atomic(&path, &bytes)
    }
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

// The cache's bytes: a line naming the version, a line of JSON
// with what describes the site (its folder, `delay_moves`, the section
// files), then one line a game file: its path, identity and summary as
// tab-separated fields. At 10,000 games the cache is read and written
// again at every event, and the games' lines are most of it: fields in
// a fixed order read faster than JSON objects with their keys, and make
// a file two thirds the size.
//
// A field is its text with `\`, tab, line feed and carriage return
// escaped (`\\`, `\t`, `\n`, `\r`); a field that may be absent is `-`
// when it is and `+` before its text when it is not.

/// The fields of one game's line.
const FIELDS: usize = 20;

/// What describes the site, the cache's second line.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
struct Head {
    pub site: PathBuf,
    pub delay_moves: u32,
    pub sections: BTreeMap<String, (String, Section)>,
    pub folders: BTreeMap<String, Listed>,
}

/// [`Head`] as written, borrowed from the cache.
#[derive(Serialize)]
struct HeadRef<'a> {
    pub site: &'a Path,
    pub delay_moves: u32,
    pub sections: &'a BTreeMap<String, (String, Section)>,
    pub folders: &'a BTreeMap<String, Listed>,
}

/// The cache's bytes: `version`, `head`, then each game's line.
fn write<'a>(
    version: &str,
    head: &HeadRef,
    games: impl ExactSizeIterator<Item = Row<'a>>,
) -> Result<Vec<u8>, serde_json::Error> {
    let mut out = String::with_capacity(256 * games.len() + 1024);
    out.push_str(version);
    out.push('\n');
    out.push_str(&serde_json::to_string(head)?);
    out.push('\n');
    for (file, id, settled, summary) in games {
        line(&mut out, file, &id, settled, summary);
    }
    Ok(out.into_bytes())
}

fn line(out: &mut String, file: &str, id: &Identity, settled: bool, s: &Summary) {
    text(out, file);
    let _ = write!(
        out,
        "\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}",
        id.dev,
        id.ino,
        id.size,
        id.mtime.0,
        id.mtime.1,
        id.ctime.0,
        id.ctime.1,
        u8::from(settled)
    );
    for p in [&s.white, &s.black] {
        out.push('\t');
        text(out, &p.name);
        out.push('\t');
        maybe(out, p.email.as_deref());
    }
    for field in [&s.event, &s.round] {
        out.push('\t');
        text(out, field);
    }
    out.push('\t');
    maybe(out, s.result.as_deref());
    out.push('\t');
    text(out, &s.reason);
    out.push('\t');
    maybe(out, s.last_event.as_deref());
    let _ = write!(out, "\t{}\t", u8::from(s.white_to_move));
    maybe(out, s.deadline.as_deref());
    out.push('\n');
}

fn text(out: &mut String, t: &str) {
    if !t.contains(['\\', '\t', '\n', '\r']) {
        out.push_str(t);
        return;
    }
    for c in t.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\t' => out.push_str("\\t"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            c => out.push(c),
        }
    }
}

fn maybe(out: &mut String, t: Option<&str>) {
    match t {
        None => out.push('-'),
        Some(t) => {
            out.push('+');
            text(out, t);
        }
    }
}

/// A cache's version, head and games.
type Parts = (String, Head, Vec<(String, Entry)>);

/// The version, head and games of a cache's bytes; `None` for anything
/// not written by [`write`] (the caller then builds afresh).
fn read(bytes: &[u8]) -> Option<Parts> {
    let all = std::str::from_utf8(bytes).ok()?;
    let mut lines = all.split_terminator('\n');
    let version = lines.next()?.to_string();
    let head: Head = serde_json::from_str(lines.next()?).ok()?;
    // Every line ends in a line feed: a file cut short is not read.
    if !all.ends_with('\n') {
        return None;
    }
    let games = lines.map(game).collect::<Option<Vec<_>>>()?;
    Some((version, head, games))
}

fn game(line: &str) -> Option<(String, Entry)> {
    let mut f = [""; FIELDS];
    let mut fields = line.split('\t');
    for slot in &mut f {
        *slot = fields.next()?;
    }
    if fields.next().is_some() {
        return None;
    }
    let unsigned = |k: usize| f[k].parse::<u64>().ok();
    let signed = |k: usize| f[k].parse::<i64>().ok();
    let identity = Identity {
        dev: unsigned(1)?,
        ino: unsigned(2)?,
        size: unsigned(3)?,
        mtime: (signed(4)?, signed(5)?),
        ctime: (signed(6)?, signed(7)?),
    };
    let settled = flag(f[8])?;
    let person = |k: usize| {
        Some(Person {
            name: untext(f[k])?,
            email: unmaybe(f[k + 1])?,
        })
    };
    let summary = Summary {
        white: person(9)?,
        black: person(11)?,
        event: untext(f[13])?,
        round: untext(f[14])?,
        result: unmaybe(f[15])?,
        reason: untext(f[16])?,
        last_event: unmaybe(f[17])?,
        white_to_move: flag(f[18])?,
        deadline: unmaybe(f[19])?,
    };
    let entry = Entry {
        identity,
        settled,
        summary,
    };
    Some((untext(f[0])?, entry))
}

fn flag(field: &str) -> Option<bool> {
    match field {
        "0" => Some(false),
        "1" => Some(true),
        _ => None,
    }
}

fn untext(field: &str) -> Option<String> {
    if !field.contains('\\') {
        return Some(field.to_string());
    }
    let mut out = String::with_capacity(field.len());
    let mut chars = field.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        out.push(match chars.next()? {
            '\\' => '\\',
            't' => '\t',
            'n' => '\n',
            'r' => '\r',
            _ => return None,
        });
    }
    Some(out)
}

fn unmaybe(field: &str) -> Option<Option<String>> {
    match field.as_bytes().first() {
        Some(b'-') if field.len() == 1 => Some(None),
        Some(b'+') => untext(&field[1..]).map(Some),
        _ => None,
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

    fn entry(name: &str, email: Option<&str>) -> Entry {
        let person = |n: &str, e: Option<&str>| Person {
            name: n.to_string(),
            email: e.map(str::to_string),
        };
        Entry {
            identity: Identity {
                dev: u64::MAX >> 1,
                ino: 7,
                size: 0,
                mtime: (-3, 999_999_999),
                ctime: (1_700_000_000, 0),
            },
            settled: true,
            summary: Summary {
                white: person(name, email),
                black: person("", Some("")),
                event: "a\\b\tc\nd\re".to_string(),
                round: String::new(),
                result: Some("1-0".to_string()),
                reason: "-".to_string(),
                last_event: None,
                white_to_move: false,
                deadline: Some("+".to_string()),
            },
        }
    }

    fn row((file, e): &(String, Entry)) -> Row<'_> {
        (file.as_str(), e.identity, e.settled, &e.summary)
    }

    fn by_ref(head: &Head) -> HeadRef<'_> {
        HeadRef {
            site: &head.site,
            delay_moves: head.delay_moves,
            sections: &head.sections,
            folders: &head.folders,
        }
    }

    /// Every field read back as written, escapes, empty texts and absent
    /// ones included.
    #[test]
    fn a_cache_reads_back_as_written() {
        let head = Head {
            site: PathBuf::from("/srv/pages"),
            delay_moves: 2,
            sections: BTreeMap::new(),
            folders: BTreeMap::from([(
                "club".to_string(),
                Listed {
                    identity: entry("Ada", None).identity,
                    settled: false,
                    folders: vec!["club/old".to_string()],
                },
            )]),
        };
        let games = [
            ("a\tb.pgn".to_string(), entry("Eve \\ <x>", None)),
            ("c.pgn".to_string(), entry("+", Some("-"))),
        ];
        let bytes = write("v1", &by_ref(&head), games.iter().map(row)).expect("bytes");
        let (version, back_head, back) = read(&bytes).expect("read back");
        assert_eq!(version, "v1");
        assert_eq!(back_head, head);
        assert_eq!(back, games);
    }

    /// A cache cut short, or with a field too many or too few, is not
    /// read at all.
    #[test]
    fn a_damaged_cache_is_not_read() {
        let head = Head::default();
        let games = [("c.pgn".to_string(), entry("Ada", None))];
        let bytes = write("v1", &by_ref(&head), games.iter().map(row)).expect("bytes");
        assert!(read(&bytes[..bytes.len() - 1]).is_none());
        assert!(read(&bytes[..bytes.len() - 5]).is_none());
        let mut extra = bytes[..bytes.len() - 1].to_vec();
        extra.extend_from_slice(b"\tx\n");
        assert!(read(&extra).is_none());
        let text = String::from_utf8(bytes).expect("text");
        assert_eq!(
            text.lines().nth(2).map(|l| l.split('\t').count()),
            Some(FIELDS)
        );
    }
}
