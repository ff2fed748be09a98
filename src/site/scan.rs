//! A games folder as the pages read it: its game files and its section
//! files, and work over its games on every core.

use std::collections::{BTreeMap, HashMap, HashSet};
use std::io;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

use sha2::{Digest, Sha256};

use super::cache::Known;
use super::cache_format::Row;
use super::club::parent;
use super::club::{relative, section_folders};
use super::error::SiteError;
use super::facts::file_order;
use super::identity::{Identity, ListedFolder};
use crate::game::Game;
use crate::tournament::{SECTION_FILE, Section};

/// The largest section file read (a section of the largest size is far
/// smaller).
const MAX_SECTION_BYTES: u64 = 4 << 20;

/// A games folder's files.
#[derive(Debug, Clone, Default)]
pub struct GamesFolder {
    /// Each game file and its path under the folder (`/`-separated), in
    /// path order.
    pub games: Vec<(PathBuf, String)>,
    /// Each section's folder and its section file, by name.
    pub sections: Vec<SectionText>,
    /// Each folder holding games or folders, as listed (`ListedFolder`), by its
    /// path under the games folder (`` for the games folder itself).
    pub listed: BTreeMap<String, ListedFolder>,
    /// The folders listed now rather than taken from the cache: their
    /// files may have changed without a trace in the cache.
    pub fresh: HashSet<String>,
}

/// A section's folder and its section file.
#[derive(Debug, Clone, Default)]
pub struct SectionText {
    pub folder: PathBuf,
    /// The folder's path under the games folder.
    pub rel: String,
    pub text: String,
}

/// The fingerprint of a section file's text that the cache keeps
/// (SHA-256, in hexadecimal): a section file rewritten with the same
/// text changes no page.
pub fn fingerprint(text: &str) -> String {
    Sha256::digest(text.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// The section file in `folder`, at most [`MAX_SECTION_BYTES`], as text.
pub fn section_text(folder: &Path) -> Result<String, SiteError> {
    let path = folder.join(SECTION_FILE);
    let bytes =
        crate::durable::read_regular(&path, MAX_SECTION_BYTES).map_err(|e| SiteError::Section {
            path: folder.to_path_buf(),
            why: e.to_string(),
        })?;
    String::from_utf8(bytes).map_err(|_| SiteError::Section {
        path: folder.to_path_buf(),
        why: "not UTF-8 text".to_string(),
    })
}

/// What `section`, the text of the section file in `folder`, says.
pub fn parse_section(folder: &Path, text: &str) -> Result<Section, SiteError> {
    Section::parse(text, &folder.join(SECTION_FILE)).map_err(|e| SiteError::Section {
        path: folder.to_path_buf(),
        why: e.to_string(),
    })
}

impl GamesFolder {
    /// The files of `games_dir`: each folder listed afresh unless `known`
    /// (the cache and its games) has it with the identity it has now,
    /// then its game files and sub-folders as the cache has them. The same files as
    /// `game::folder::pgn_files` finds (a test compares them), so that an
    /// update and a full build see one folder.
    pub fn read(
        games_dir: &Path,
        known: Option<(&BTreeMap<String, Known>, &[Row])>,
    ) -> Result<GamesFolder, SiteError> {
        let io = |e: io::Error| SiteError::Read {
            path: games_dir.to_path_buf(),
            why: e.to_string(),
        };
        let mut walk = Walk {
            games_dir,
            known: known.map(|(top, _)| top),
            files: HashMap::new(),
            found: Vec::new(),
            listed: BTreeMap::new(),
            fresh: HashSet::new(),
        };
        if let Some((_, games)) = known {
            for row in games {
                let file = row.file.as_str();
                walk.files.entry(parent(file)).or_default().push(file);
            }
        }
        walk.visit("").map_err(io)?;
        let Walk {
            mut found,
            listed,
            fresh,
            ..
        } = walk;
        // In the order of their paths, as `pgn_files` sorts them:
        // component by component (the names' own text is their path's).
        found.sort_by(|(a, x), (b, y)| {
            if x.is_ascii() && y.is_ascii() {
                file_order(x, y)
            } else {
                a.cmp(b)
            }
        });
        let mut sections = Vec::new();
        for folder in section_folders(games_dir).map_err(io)? {
            let text = section_text(&folder)?;
            let rel = relative(games_dir, &folder);
            sections.push(SectionText { folder, rel, text });
        }
        Ok(GamesFolder {
            games: found,
            sections,
            listed,
            fresh,
        })
    }

    /// Each game file's path, in the folder's order.
    pub fn paths(&self) -> Vec<&Path> {
        self.games.iter().map(|(p, _)| p.as_path()).collect()
    }

    /// What each section file says.
    pub fn parse_sections(&self) -> Result<Vec<(PathBuf, Section)>, SiteError> {
        self.sections
            .iter()
            .map(|s| Ok((s.folder.clone(), parse_section(&s.folder, &s.text)?)))
            .collect()
    }
}

/// A walk through a games folder's folders (`GamesFolder::read`).
struct Walk<'a> {
    games_dir: &'a Path,
    known: Option<&'a BTreeMap<String, Known>>,
    /// The cache's game files, by their folder.
    files: HashMap<&'a str, Vec<&'a str>>,
    found: Vec<(PathBuf, String)>,
    listed: BTreeMap<String, ListedFolder>,
    fresh: HashSet<String>,
}

impl Walk<'_> {
    /// The folder `rel` (under the games folder) and those under it. Its
    /// identity is taken before it is listed: a change in between is
    /// listed again next time, never trusted with the old listing.
    fn visit(&mut self, rel: &str) -> io::Result<()> {
        let top = rel.is_empty();
        let path = if top {
            self.games_dir.to_path_buf()
        } else {
            self.games_dir.join(rel)
        };
        let (identity, mut settled) = match Identity::of(&path) {
            // A sub-folder removed while it is read holds no game.
            Err(e) if !top && e.kind() == io::ErrorKind::NotFound => return Ok(()),
            other => other?,
        };
        let known = self
            .known
            .and_then(|f| f.get(rel))
            .map(|k| &k.listed)
            .filter(|k| k.settled && k.identity == identity);
        let folders = match known {
            Some(k) => {
                let files = self.files.get(rel).map(Vec::as_slice).unwrap_or_default();
                for &file in files {
                    self.found
                        .push((self.games_dir.join(file), file.to_string()));
                }
                k.folders.clone()
            }
            None => {
                let listing = match list(self.games_dir, rel) {
                    Err(e) if !top && e.kind() == io::ErrorKind::NotFound => return Ok(()),
                    other => other?,
                };
                // A name not UTF-8 in the cache would not lead back to
                // its file: the folder is listed every time.
                settled &= listing.named;
                self.found.extend(listing.games);
                self.fresh.insert(rel.to_string());
                listing.folders
            }
        };
        for sub in &folders {
            self.visit(sub)?;
        }
        let listed = ListedFolder {
            identity,
            settled,
            folders,
        };
        self.listed.insert(rel.to_string(), listed);
        Ok(())
    }
}

/// One folder's entries as `game::folder::pgn_files` reads them.
#[derive(Debug, Default)]
pub struct Listing {
    /// Its game files, each with its path under the games folder.
    pub games: Vec<(PathBuf, String)>,
    /// Its sub-folders by their path under the games folder, sorted.
    pub folders: Vec<String>,
    /// Whether every name in it is UTF-8 text.
    pub named: bool,
}

/// The entries of the folder `rel` of `games_dir` (`` for itself):
/// hidden ones passed by, as `game::folder::pgn_files` reads a folder.
pub fn list(games_dir: &Path, rel: &str) -> io::Result<Listing> {
    let top = rel.is_empty();
    let path = if top {
        games_dir.to_path_buf()
    } else {
        games_dir.join(rel)
    };
    let mut listing = Listing {
        named: true,
        ..Listing::default()
    };
    for entry in std::fs::read_dir(&path)? {
        let entry = entry?;
        let name = entry.file_name();
        if name.as_encoded_bytes().starts_with(b".") {
            continue;
        }
        let child = match name.to_str() {
            Some(name) if top => name.to_string(),
            Some(name) => format!("{rel}/{name}"),
            None => {
                listing.named = false;
                relative(games_dir, &entry.path())
            }
        };
        if entry.file_type()?.is_dir() {
            listing.folders.push(child);
        } else if Path::new(&name)
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("pgn"))
        {
            listing.games.push((entry.path(), child));
        }
    }
    listing.folders.sort();
    Ok(listing)
}

/// `work(i)` for each `i` in `0..n`, on every core, the results in the
/// order of `i` whatever the threads' timing. Each thread takes the next
/// index as it finishes one (games differ a hundredfold in length, so
/// equal shares would leave a core idle). On failures, the error of the
/// lowest index, the one a single thread would have met first: the
/// threads stop taking indices above it but finish those below.
pub fn each<T: Send>(
    n: usize,
    work: impl Fn(usize) -> Result<T, SiteError> + Sync,
) -> Result<Vec<T>, SiteError> {
    let threads = std::thread::available_parallelism()
        .map_or(1, |t| t.get())
        .min(n.max(1));
    let next = AtomicUsize::new(0);
    let limit = AtomicUsize::new(n);
    let parts: Vec<Vec<(usize, Result<T, SiteError>)>> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|_| {
                scope.spawn(|| {
                    let mut done = Vec::new();
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        if i >= limit.load(Ordering::Relaxed) {
                            return done;
                        }
                        let result = work(i);
                        if result.is_err() {
                            limit.fetch_min(i, Ordering::Relaxed);
                        }
                        done.push((i, result));
                    }
                })
            })
            .collect();
        workers
            .into_iter()
            .map(|w| {
                w.join().unwrap_or_else(|_| {
                    vec![(
                        0,
                        Err(SiteError::Read {
                            path: PathBuf::new(),
                            why: "a thread building the pages failed".to_string(),
                        }),
                    )]
                })
            })
            .collect()
    });
    let mut all: Vec<(usize, Result<T, SiteError>)> = parts.into_iter().flatten().collect();
    all.sort_by_key(|(i, _)| *i);
    all.into_iter().map(|(_, r)| r).collect()
}

/// One game, replayed.
pub fn load(path: &Path) -> Result<Game, SiteError> {
    Game::load(path).map_err(|e| SiteError::Game {
        path: path.to_path_buf(),
        why: e.to_string(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    /// A folder is listed as `game::folder::pgn_files` lists it — hidden
    /// entries passed by, names in any case, sub-folders in path order —
    /// and listed again once a name came into a folder the cache knew.
    #[test]
    fn the_folder_is_listed_as_the_games_commands_list_it() {
        let dir = tempfile::tempdir().expect("a folder");
        let root = dir.path();
        for name in [
            "b.pgn",
            "a.PGN",
            "a-c.pgn",
            "notes.txt",
            ".c.pgn",
            "a/r01-b01.pgn",
            "a/deeper/x.pgn",
            "a-b/y.pgn",
            ".s.new/r01-b01.pgn",
        ] {
            let path = root.join(name);
            std::fs::create_dir_all(path.parent().expect("a parent")).expect("folders");
            std::fs::write(path, "").expect("written");
        }
        let listed =
            |f: &GamesFolder| -> Vec<PathBuf> { f.games.iter().map(|(p, _)| p.clone()).collect() };
        let first = GamesFolder::read(root, None).expect("read");
        assert_eq!(
            listed(&first),
            crate::game::folder::pgn_files(root).expect("listed")
        );
        assert_eq!(first.fresh.len(), first.listed.len());
        let mut cache: BTreeMap<String, Known> = BTreeMap::new();
        let rows: Vec<Row> = first
            .games
            .iter()
            .map(|(_, f)| Row {
                file: f.clone(),
                ..Row::default()
            })
            .collect();
        // As if every folder had been listed long ago.
        for (rel, listed) in &first.listed {
            let known = cache.entry(rel.clone()).or_default();
            known.listed = listed.clone();
            known.listed.settled = true;
        }
        let again = GamesFolder::read(root, Some((&cache, &rows))).expect("read");
        assert_eq!(listed(&again), listed(&first));
        assert!(again.fresh.is_empty());
        // Past a tick of the file system's clock (the cache's settling
        // time stands for this in use).
        std::thread::sleep(Duration::from_millis(50));
        std::fs::write(root.join("a/deeper/z.pgn"), "").expect("written");
        let third = GamesFolder::read(root, Some((&cache, &rows))).expect("read");
        assert_eq!(
            listed(&third),
            crate::game::folder::pgn_files(root).expect("listed")
        );
        assert_eq!(third.fresh, HashSet::from(["a/deeper".to_string()]));
    }

    /// Whatever order the threads finish in (each item waits a while
    /// that has nothing to do with its place), the results come in the
    /// order of the items.
    #[test]
    fn work_on_every_core_keeps_the_order() {
        let wait = |i: usize| Duration::from_micros(((i * 7919) % 13) as u64 * 50);
        let done = each(200, |i| {
            std::thread::sleep(wait(i));
            Ok(i * 3)
        })
        .expect("no failure");
        assert_eq!(done, (0..200).map(|i| i * 3).collect::<Vec<_>>());
        assert!(each(0, Ok).expect("nothing to do").is_empty());
    }

    /// Of several failures, the one reported is the first in the items'
    /// order, as a single thread would meet it, however the threads ran.
    #[test]
    fn the_first_failure_in_order_is_reported() {
        for _ in 0..20 {
            let result = each(100, |i| {
                // The later failure takes no time, the others a while.
                std::thread::sleep(Duration::from_micros(if i == 90 { 0 } else { 200 }));
                if i == 40 || i == 90 {
                    Err(SiteError::Read {
                        path: PathBuf::from(format!("g{i}.pgn")),
                        why: "bad".to_string(),
                    })
                } else {
                    Ok(i)
                }
            });
            match result {
                Err(SiteError::Read { path, .. }) => assert_eq!(path, PathBuf::from("g40.pgn")),
                other => panic!("expected the failure of g40.pgn: {other:?}"),
            }
        }
    }
}
