//! What in the site folder is the site's own, and reaching it without
//! ever leaving the folder.
//!
//! Every file is reached one folder at a time, each looked at without
//! following links ([`Ways`]): a symbolic link where a page or a folder
//! of pages would go is reported and left alone, so nothing is written
//! through it and nothing behind it removed (a link to the games folder
//! would otherwise have the next event write a public copy over a game).
//!
//! The site lists the files it wrote in its folder ([`MANIFEST`]), and
//! removes only files on that list that it no longer has: a file it did
//! not write is never removed, only reported. A folder written before
//! the site kept the list has none; there a page of the site's own make
//! (an `.html` that begins as every page does, and the `.pgn` beside such
//! a game page) counts as listed, so that a page of a game gone before
//! the upgrade does not stay forever, and anything else stays.
//!
//! Temporary files of page writes killed before their rename are removed
//! under the site's lock ([`remove_dead_temps`]).

use std::collections::{BTreeSet, HashSet};
use std::fs;
use std::io::{self, Read};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use super::error::SiteError;
use super::markup::PROLOGUE;
use crate::durable::{self, FileError, ReadError, read_regular, write_atomic};

/// The site's list of the files it wrote, in its folder: one path a line
/// under a first line that names the format.
pub const MANIFEST: &str = ".dynamo-site-files";

/// The list's first line.
const HEADER: &str = "dynamo site files 1";

/// The largest list read: far above 100,000 games' pages.
const MAX_BYTES: u64 = 1 << 28;

/// The folders of the site whose files may be pages of games, sections
/// and players that are gone; its other files are fixed names.
pub const OWN_FOLDERS: [&str; 3] = ["games", "sections", "players"];

/// The way to a file in the site folder.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Way {
    /// Every folder on the way is a folder, and the file is not a link:
    /// its path.
    Clear(PathBuf),
    /// A symbolic link on the way, or at the file: its path in the site.
    Link(String),
}

/// The ways into one site folder, each folder on them looked at once.
#[derive(Debug)]
pub struct Ways<'d> {
    dir: &'d Path,
    /// The folders found to be folders, by their path in the site.
    folders: Mutex<HashSet<String>>,
}

impl<'d> Ways<'d> {
    pub fn new(dir: &'d Path) -> Ways<'d> {
        Ways {
            dir,
            folders: Mutex::default(),
        }
    }

    /// The way to `rel` (a `/`-separated path in the site), no link
    /// followed; folders missing on it made when `make`.
    pub fn to(&self, rel: &str, make: bool) -> Result<Way, SiteError> {
        let mut at = 0;
        while let Some(slash) = rel[at..].find('/') {
            let folder = &rel[..at + slash];
            at += slash + 1;
            if self.known(folder) {
                continue;
            }
            let path = self.dir.join(folder);
            match fs::symlink_metadata(&path) {
                Ok(meta) if meta.file_type().is_symlink() => return Ok(Way::Link(folder.into())),
                Ok(_) => {}
                Err(e) if e.kind() == io::ErrorKind::NotFound && make => {
                    match fs::create_dir(&path) {
                        // Made by another thread meanwhile: looked at again.
                        Err(e) if e.kind() == io::ErrorKind::AlreadyExists => {
                            if fs::symlink_metadata(&path).is_ok_and(|m| m.file_type().is_symlink())
                            {
                                return Ok(Way::Link(folder.into()));
                            }
                        }
                        Err(e) => return Err(FileError::new(&path, e).into()),
                        Ok(()) => make_public(&path, 0o755)?,
                    }
                }
                Err(e) if e.kind() == io::ErrorKind::NotFound => {
                    return Ok(Way::Clear(self.dir.join(rel)));
                }
                Err(e) => return Err(FileError::new(&path, e).into()),
            }
            if let Ok(mut folders) = self.folders.lock() {
                folders.insert(folder.to_string());
            }
        }
        let path = self.dir.join(rel);
        match fs::symlink_metadata(&path) {
            Ok(meta) if meta.file_type().is_symlink() => Ok(Way::Link(rel.into())),
            _ => Ok(Way::Clear(path)),
        }
    }

    fn known(&self, folder: &str) -> bool {
        self.folders.lock().is_ok_and(|f| f.contains(folder))
    }

    /// Removes the site's file `rel`, never through a link.
    pub fn remove(&self, rel: &str) -> Result<Removal, SiteError> {
        match self.to(rel, false)? {
            Way::Link(link) => Ok(Removal::Link(link)),
            Way::Clear(path) => match fs::symlink_metadata(&path) {
                Ok(meta) if meta.is_file() => {
                    durable::remove(&path)?;
                    Ok(Removal::Removed)
                }
                _ => Ok(Removal::Gone),
            },
        }
    }
}

/// What [`Ways::remove`] did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Removal {
    Removed,
    /// There was no file to remove.
    Gone,
    /// A symbolic link stands on the way: this one, left alone.
    Link(String),
}

/// The bytes of the regular file at `path`, never through a link (the
/// way to it checked already); `None` when there is none.
pub fn read_page(path: &Path) -> Option<Vec<u8>> {
    let mut options = fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK);
    }
    let mut file = options.open(path).ok()?;
    if !file.metadata().ok()?.is_file() {
        return None;
    }
    let mut bytes = Vec::new();
    file.read_to_end(&mut bytes).ok()?;
    Some(bytes)
}

/// The site's list of its files in `dir`; `None` when there is none (a
/// folder written by an earlier version) or it is not one this version
/// reads (then a page of the site's own make counts as listed).
pub fn load(dir: &Path) -> Result<Option<BTreeSet<String>>, SiteError> {
    let path = dir.join(MANIFEST);
    match fs::symlink_metadata(&path) {
        Ok(meta) if meta.file_type().is_symlink() => return Err(SiteError::Link { path }),
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
        _ => {}
    }
    let bytes = match read_regular(&path, MAX_BYTES) {
        Ok(bytes) => bytes,
        Err(ReadError::File(e)) => return Err(e.into()),
        Err(_) => return Ok(None),
    };
    let Ok(text) = String::from_utf8(bytes) else {
        return Ok(None);
    };
    let mut lines = text.lines();
    if lines.next() != Some(HEADER) {
        return Ok(None);
    }
    // A line that is not a plain path in the site names nothing the
    // site wrote: never a way out of the folder.
    Ok(Some(
        lines.filter(|l| plain(l)).map(str::to_string).collect(),
    ))
}

/// Writes the site's list of its files into `dir`.
pub fn save(dir: &Path, files: &BTreeSet<String>) -> Result<(), SiteError> {
    let path = dir.join(MANIFEST);
    if fs::symlink_metadata(&path).is_ok_and(|m| m.file_type().is_symlink()) {
        return Err(SiteError::Link { path });
    }
    let mut text = String::with_capacity(files.len() * 32);
    text.push_str(HEADER);
    text.push('\n');
    for f in files {
        text.push_str(f);
        text.push('\n');
    }
    Ok(write_atomic(&path, text.as_bytes())?)
}

/// Whether `rel` is a path in the site as the site writes them: parts
/// joined by `/`, none empty, hidden, `.` or `..`.
fn plain(rel: &str) -> bool {
    !rel.is_empty()
        && rel
            .split('/')
            .all(|p| !p.is_empty() && !p.starts_with('.') && !p.contains('\\'))
}

/// Whether the site's file `rel` in `dir` is its own: on its list, or,
/// without a list, a page of its own make (see the module's words).
pub fn is_own(listed: Option<&BTreeSet<String>>, ways: &Ways, rel: &str) -> bool {
    match listed {
        Some(files) => files.contains(rel),
        None => made_here(ways, rel),
    }
}

/// Whether `rel`, in the site's own folders, is a page the site made: an
/// `.html` that begins as every page does, or a game's `.pgn` beside one.
fn made_here(ways: &Ways, rel: &str) -> bool {
    let begins = |rel: &str, with: &str| match ways.to(rel, false) {
        Ok(Way::Clear(path)) => read_page(&path).is_some_and(|b| b.starts_with(with.as_bytes())),
        _ => false,
    };
    if !OWN_FOLDERS
        .iter()
        .any(|f| rel.starts_with(&format!("{f}/")))
    {
        return false;
    }
    if rel.ends_with(".html") {
        return begins(rel, PROLOGUE);
    }
    match rel.strip_suffix(".pgn") {
        Some(stem) if rel.starts_with("games/") => {
            begins(&format!("{stem}.html"), PROLOGUE) && begins(rel, "[Event \"")
        }
        _ => false,
    }
}

/// The files under the site's own folders in `dir`, as site paths in
/// path order, and the symbolic links found there (never followed);
/// hidden files (a temporary file of a write, the site's lock and list)
/// left out.
pub fn files(dir: &Path) -> Result<(Vec<String>, Vec<String>), SiteError> {
    let mut found = Vec::new();
    let mut links = Vec::new();
    let ways = Ways::new(dir);
    for folder in OWN_FOLDERS {
        match ways.to(&format!("{folder}/x"), false)? {
            Way::Link(link) => links.push(link),
            Way::Clear(_) => walk(dir, folder, &mut found, &mut links)?,
        }
    }
    found.sort();
    links.sort();
    links.dedup();
    Ok((found, links))
}

/// The files and links under `dir/rel`, as site paths.
fn walk(
    dir: &Path,
    rel: &str,
    found: &mut Vec<String>,
    links: &mut Vec<String>,
) -> Result<(), SiteError> {
    let path = dir.join(rel);
    let entries = match fs::read_dir(&path) {
        Ok(entries) => entries,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(()),
        Err(e) => {
            return Err(SiteError::Folder {
                path,
                why: e.to_string(),
            });
        }
    };
    for entry in entries {
        let entry = entry.map_err(|e| SiteError::Folder {
            path: path.clone(),
            why: e.to_string(),
        })?;
        let name = entry.file_name().to_string_lossy().into_owned();
        if name.starts_with('.') {
            continue;
        }
        let child = format!("{rel}/{name}");
        // The entry's own type: a link is never taken for what it names.
        match entry.file_type() {
            Ok(t) if t.is_symlink() => links.push(child),
            Ok(t) if t.is_dir() => walk(dir, &child, found, links)?,
            _ => found.push(child),
        }
    }
    Ok(())
}

/// Removes the temporary files of page writes whose writer is gone, in
/// the site folder `dir` and every folder of its own folders (no link
/// followed), and in the pages' cache `cache`. Best effort, as
/// [`durable::remove_dead_temps`].
pub fn remove_dead_temps(dir: &Path, cache: &Path) {
    let page = |name: &[u8]| {
        name == MANIFEST.as_bytes()
            || [".html", ".pgn", ".css", ".js", ".xml"]
                .iter()
                .any(|ext| name.ends_with(ext.as_bytes()))
    };
    durable::remove_dead_temps_of(dir, page);
    let mut todo: Vec<PathBuf> = OWN_FOLDERS.iter().map(|f| dir.join(f)).collect();
    while let Some(folder) = todo.pop() {
        if !fs::symlink_metadata(&folder).is_ok_and(|m| m.is_dir()) {
            continue;
        }
        durable::remove_dead_temps_of(&folder, page);
        let Ok(entries) = fs::read_dir(&folder) else {
            continue;
        };
        for entry in entries.flatten() {
            if entry.file_type().is_ok_and(|t| t.is_dir()) {
                todo.push(entry.path());
            }
        }
    }
    durable::remove_dead_temps(cache);
}

/// Pages are for whoever a web server shows them to: a new page or
/// folder gets its mode whatever the umask, so that the services may run
/// with `UMask=0027`, which keeps the games, the outbox and the inbox
/// state private, and still write pages a web server reads. A page
/// rewritten keeps the mode it has (`crate::durable::write_atomic`).
pub fn make_public(path: &Path, mode: u32) -> Result<(), FileError> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        fs::set_permissions(path, fs::Permissions::from_mode(mode))
            .map_err(|e| FileError::new(path, e))?;
    }
    #[cfg(not(unix))]
    let _ = (path, mode);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(unix)]
    #[test]
    fn a_link_on_the_way_is_found_and_never_followed() {
        use std::os::unix::fs::symlink;
        let tmp = tempfile::tempdir().expect("tempdir");
        let site = tmp.path().join("site");
        let outside = tmp.path().join("outside");
        fs::create_dir_all(site.join("games")).expect("mkdir");
        fs::create_dir(&outside).expect("mkdir");
        symlink(&outside, site.join("games/club")).expect("link");
        symlink(outside.join("x.html"), site.join("index.html")).expect("link");
        let ways = Ways::new(&site);
        assert_eq!(
            ways.to("games/club/r1.html", true).expect("looked"),
            Way::Link("games/club".into())
        );
        assert_eq!(
            ways.to("index.html", true).expect("looked"),
            Way::Link("index.html".into())
        );
        assert_eq!(
            ways.to("players/ada.html", true).expect("looked"),
            Way::Clear(site.join("players/ada.html"))
        );
        assert!(site.join("players").is_dir());
        let (found, links) = files(&site).expect("listed");
        assert!(found.is_empty());
        assert_eq!(links, ["games/club"]);
    }

    #[test]
    fn a_list_never_names_a_way_out() {
        for bad in [
            "",
            "../x.html",
            "games/../../x",
            "/etc/passwd",
            ".hidden",
            "a//b",
        ] {
            assert!(!plain(bad), "{bad}");
        }
        assert!(plain("games/club/r1-b1.pgn"));
    }
}
