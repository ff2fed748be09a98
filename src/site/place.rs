//! Where the site folder may be: apart from every folder that holds the
//! club's own files. A site folder that is the games folder's parent
//! would have its public copies written over the game files and the
//! section files removed as pages gone; one inside the outbox would be
//! mailed. So every way the pages are written, read or compared takes a
//! [`SiteDir`], and one is made only by [`SiteDir::new`], which compares
//! the real locations (links followed, `..` taken away, a folder not
//! made yet placed where it would be) with one table of the club's
//! folders ([`Kept`]).

use std::path::{Path, PathBuf};

use super::error::SiteError;
use crate::durable::real_location;

/// Which places of the site folder a [`Kept`] folder refuses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Apart {
    /// The site folder may not be it, contain it or lie inside it: the
    /// games folder, the outbox, the inbox state, the conditional lines.
    Wholly,
    /// The site folder may not be it or contain it, but may lie inside
    /// it: the config's folder (`public/` beside `games/` and
    /// `dynamo.toml` is the documented layout), or a file such as the
    /// key.
    Above,
}

/// A folder (or file) of the club the site folder must keep apart from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Kept {
    /// What it is, in words: `the games folder`.
    pub what: &'static str,
    pub path: PathBuf,
    pub apart: Apart,
}

impl Kept {
    pub fn new(what: &'static str, path: &Path, apart: Apart) -> Kept {
        Kept {
            what,
            path: path.to_path_buf(),
            apart,
        }
    }
}

/// A site folder checked against the club's folders, with the games
/// folder its pages are built from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SiteDir {
    /// The site folder, as given.
    pub dir: PathBuf,
    /// The games folder, as given.
    pub games_dir: PathBuf,
}

impl SiteDir {
    /// `dir` as the site folder of the games in `games_dir`, unless it is,
    /// contains or lies inside the games folder, or stands where one of
    /// `kept` refuses it.
    pub fn new(dir: &Path, games_dir: &Path, kept: &[Kept]) -> Result<SiteDir, SiteError> {
        let games = Kept::new("games folder", games_dir, Apart::Wholly);
        let site = located(dir)?;
        for k in std::iter::once(&games).chain(kept) {
            let there = located(&k.path)?;
            let how = if site == there {
                "is"
            } else if there.starts_with(&site) {
                "contains"
            } else if k.apart == Apart::Wholly && site.starts_with(&there) {
                "lies inside"
            } else {
                continue;
            };
            return Err(SiteError::NotApart {
                dir: dir.to_path_buf(),
                how,
                what: k.what,
                path: k.path.clone(),
            });
        }
        Ok(SiteDir {
            dir: dir.to_path_buf(),
            games_dir: games_dir.to_path_buf(),
        })
    }
}

/// `path`'s real location; an empty path is the current folder.
fn located(path: &Path) -> Result<PathBuf, SiteError> {
    let path = if path.as_os_str().is_empty() {
        Path::new(".")
    } else {
        path
    };
    Ok(real_location(path)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_relation_is_refused_as_its_table_row_says() {
        let tmp = tempfile::tempdir().expect("tempdir");
        let club = tmp.path();
        std::fs::create_dir_all(club.join("games/sec")).expect("mkdir");
        let kept = [
            Kept::new("key file", &club.join("dynamo.key"), Apart::Above),
            Kept::new("outbox", &club.join("outbox"), Apart::Wholly),
        ];
        let new = |dir: &Path| SiteDir::new(dir, &club.join("games"), &kept);
        assert!(new(&club.join("public")).is_ok());
        for (dir, how, what) in [
            (club.to_path_buf(), "contains", "games folder"),
            (club.join("games"), "is", "games folder"),
            (club.join("games/sec/pages"), "lies inside", "games folder"),
            (club.join("outbox/x"), "lies inside", "outbox"),
            (club.join("dynamo.key"), "is", "key file"),
            (club.join("games/.."), "contains", "games folder"),
        ] {
            match new(&dir) {
                Err(SiteError::NotApart {
                    how: h, what: w, ..
                }) => {
                    assert_eq!((h, w), (how, what), "{}", dir.display());
                }
                other => panic!("{}: {other:?}", dir.display()),
            }
        }
    }
}
