//! The site as files: every page built from the [`Club`] (the same games
//! give the same bytes: no build time, every list in a fixed order),
//! written atomically and only where it changed, or compared with what a
//! folder holds.

use std::collections::BTreeMap;
use std::path::Path;

use super::club::{Club, key_of, player_key};
use super::error::SiteError;
use super::markup::{SCRIPT, STYLE};
use super::{feed, game_page, index_page, pgn, player_page, section_page};
use crate::durable::{self, write_atomic};

/// The folders of the site whose files are all the site's own: a file
/// there that the site no longer has is removed by a full build.
const OWN_FOLDERS: [&str; 3] = ["games", "sections", "players"];

/// How the pages are built.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Settings {
    /// `[site] delay_moves`.
    pub delay_moves: u32,
}

/// Files of the site by their path in it (`/`-separated).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Site {
    pub files: BTreeMap<String, Vec<u8>>,
}

/// How a folder differs from the site.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub enum Difference {
    /// The site has this file; the folder does not.
    Missing(String),
    /// The folder's file differs from the site's.
    Changed(String),
    /// The folder has a file in the site's own folders that the site has not.
    Extra(String),
}

impl Site {
    /// Every page of `club`. Game pages, the bulk, are built on every core.
    pub fn build(club: &Club, settings: &Settings) -> Site {
        let mut site = Site::default();
        site.put("site.css", STYLE.as_bytes().to_vec());
        site.put("site.js", SCRIPT.as_bytes().to_vec());
        site.common(club);
        for s in &club.sections {
            site.put(
                &format!("{}.html", s.page),
                section_page::page(club, s).into_bytes(),
            );
        }
        for (key, page) in &club.players {
            let html = player_page::page(club, key, page, settings.delay_moves);
            site.put(&format!("{page}.html"), html.into_bytes());
        }
        let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
        let chunk = club.games.len().div_ceil(threads).max(1);
        let built: Vec<Vec<(String, Vec<u8>)>> = std::thread::scope(|scope| {
            let workers: Vec<_> = (0..club.games.len())
                .step_by(chunk)
                .map(|start| {
                    scope.spawn(move || {
                        let end = (start + chunk).min(club.games.len());
                        (start..end)
                            .flat_map(|i| game_files(club, i, settings))
                            .collect::<Vec<_>>()
                    })
                })
                .collect();
            workers
                .into_iter()
                .map(|w| w.join().unwrap_or_default())
                .collect()
        });
        for (path, bytes) in built.into_iter().flatten() {
            site.files.insert(path, bytes);
        }
        site
    }

    /// The pages an event of game `index` may change: the game, its
    /// section, both players, every player of its section (their place),
    /// the index and the feed. [`Site::write`] writes those that did.
    pub fn for_game(club: &Club, index: usize, settings: &Settings) -> Site {
        let mut site = Site::default();
        let Some(g) = club.games.get(index) else {
            return site;
        };
        site.common(club);
        for (path, bytes) in game_files(club, index, settings) {
            site.files.insert(path, bytes);
        }
        let mut keys = vec![key_of(g.game.white()), key_of(g.game.black())];
        if let Some(s) = g.section.and_then(|i| club.sections.get(i)) {
            let html = section_page::page(club, s);
            site.put(&format!("{}.html", s.page), html.into_bytes());
            let rows = s.standings.rows.iter();
            keys.extend(rows.map(|r| player_key(&r.name, r.email.as_deref())));
        }
        keys.sort();
        keys.dedup();
        for key in keys {
            if let Some(page) = club.players.get(&key) {
                let html = player_page::page(club, &key, page, settings.delay_moves);
                site.put(&format!("{page}.html"), html.into_bytes());
            }
        }
        site
    }

    fn common(&mut self, club: &Club) {
        self.put("index.html", index_page::page(club).into_bytes());
        self.put("feed.xml", feed::feed(club).into_bytes());
    }

    fn put(&mut self, path: &str, bytes: Vec<u8>) {
        self.files.insert(path.to_string(), bytes);
    }

    /// Writes every file that differs from the folder's, each atomically
    /// (a reader sees the old page or the new, never half of one); returns
    /// the paths written.
    pub fn write(&self, dir: &Path) -> Result<Vec<String>, SiteError> {
        let mut written = Vec::new();
        for (path, bytes) in &self.files {
            let target = dir.join(path);
            if std::fs::read(&target).is_ok_and(|old| old == *bytes) {
                continue;
            }
            if let Some(parent) = target.parent() {
                std::fs::create_dir_all(parent).map_err(|e| durable::FileError::new(parent, e))?;
            }
            write_atomic(&target, bytes)?;
            written.push(path.clone());
        }
        Ok(written)
    }

    /// Removes the files of the site's own folders that the site no
    /// longer has (a game renamed or removed); returns their paths.
    pub fn remove_stale(&self, dir: &Path) -> Result<Vec<String>, SiteError> {
        let mut removed = Vec::new();
        for path in self.extra(dir)? {
            durable::remove(&dir.join(&path))?;
            removed.push(path);
        }
        Ok(removed)
    }

    /// How `dir` differs from the site, in path order.
    pub fn check(&self, dir: &Path) -> Result<Vec<Difference>, SiteError> {
        let mut out = Vec::new();
        for (path, bytes) in &self.files {
            match std::fs::read(dir.join(path)) {
                Ok(old) if old == *bytes => {}
                Ok(_) => out.push(Difference::Changed(path.clone())),
                Err(_) => out.push(Difference::Missing(path.clone())),
            }
        }
        out.extend(self.extra(dir)?.into_iter().map(Difference::Extra));
        out.sort();
        Ok(out)
    }

    /// The files under the site's own folders that it has not.
    fn extra(&self, dir: &Path) -> Result<Vec<String>, SiteError> {
        let mut found = Vec::new();
        for folder in OWN_FOLDERS {
            walk(dir, folder, &mut found)?;
        }
        found.retain(|p| !self.files.contains_key(p));
        found.sort();
        Ok(found)
    }
}

/// The files under `dir/rel`, as site paths; hidden ones (a temporary
/// file of an atomic write) left out.
fn walk(dir: &Path, rel: &str, found: &mut Vec<String>) -> Result<(), SiteError> {
    let path = dir.join(rel);
    let entries = match std::fs::read_dir(&path) {
        Ok(entries) => entries,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(()),
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
        if entry.file_type().is_ok_and(|t| t.is_dir()) {
            walk(dir, &child, found)?;
        } else {
            found.push(child);
        }
    }
    Ok(())
}

/// A game's page and its PGN.
fn game_files(club: &Club, index: usize, settings: &Settings) -> Vec<(String, Vec<u8>)> {
    let g = &club.games[index];
    let shown = g.shown(settings.delay_moves);
    vec![
        (
            format!("{}.html", g.page),
            game_page::page(club, g, settings.delay_moves).into_bytes(),
        ),
        (format!("{}.pgn", g.page), pgn::pgn(g, shown).into_bytes()),
    ]
}
