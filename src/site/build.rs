//! The site as files: every page built from the [`Club`] (the same games
//! give the same bytes: no build time, every list in a fixed order),
//! written atomically and only where it changed, or compared with what a
//! folder holds. Game pages, the bulk, are built on every core, each
//! game replayed for its page and both dropped once it is written: never
//! more than one game and one page a core in memory.

use std::collections::BTreeSet;
use std::path::Path;
use std::sync::Mutex;

use super::club::Club;
use super::error::SiteError;
use super::facts::{self, Index};
use super::markup::{SCRIPT, STYLE};
use super::own::{Way, Ways, make_public, read_page};
use super::positions::Positions;
use super::scan::{each, load};
use super::{feed, game_page, index_page, pgn, player_page, section_page};
use crate::durable::{self, Staged, write_atomic};
use crate::game::Game;

/// How the pages are built.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SiteSettings {
    /// `[site] delay_moves`.
    pub delay_moves: u32,
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
    /// A symbolic link stands where the site has a file or a folder of
    /// files (or in its own folders): never followed.
    Link(String),
}

/// What writing the pages did.
#[derive(Debug, Default)]
pub struct Written {
    /// How many files the site has (after a full build; after an update,
    /// how many were looked at).
    pub files: usize,
    /// The files written and removed, by their path in the site.
    pub written: Vec<String>,
    pub removed: Vec<String>,
    /// Those written that were not there before.
    pub created: Vec<String>,
    pub games: usize,
    pub sections: usize,
    pub players: usize,
    /// The cache could not be written: the pages are right, the next
    /// update will be a full build.
    pub cache: Option<durable::FileError>,
    /// Why an update built every page: the cache was missing or damaged
    /// (a cache of another site folder or version is no surprise).
    pub rebuilt: Option<String>,
    /// The symbolic links found where a file or a folder of the site
    /// would go, by their path in the site: left alone, nothing written
    /// through them or removed behind them.
    pub links: Vec<String>,
    /// The files of the site's own folders that it has not and did not
    /// write (`own.rs`): left in place.
    pub foreign: Vec<String>,
}

/// What was done with the files put into a [`SiteTarget`].
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct FilesPut {
    /// Every file put, by its path in the site (`/`-separated), but
    /// those a link stood in the way of.
    pub paths: BTreeSet<String>,
    /// Those written, in path order.
    pub written: Vec<String>,
    /// Those written that were not there before.
    pub created: Vec<String>,
    /// How the folder differed from them, when checking.
    pub differences: Vec<Difference>,
    /// The symbolic links found on the way to them, never followed.
    pub links: BTreeSet<String>,
}

/// Where built files go: into the folder where they differ from what it
/// holds, each atomically (a reader sees the old page or the new, never
/// half of one), or only compared with it (`--check`).
#[derive(Debug)]
pub struct SiteTarget<'d> {
    ways: Ways<'d>,
    check: bool,
    /// For a full build: every file written first, made durable at once
    /// and renamed into place by [`SiteTarget::finish`] (`durable::Staged`),
    /// not flushed one by one.
    staged: Option<Staged>,
    done: Mutex<FilesPut>,
}

impl<'d> SiteTarget<'d> {
    /// Files written into `dir`.
    pub fn writing(dir: &'d Path) -> SiteTarget<'d> {
        SiteTarget {
            ways: Ways::new(dir),
            check: false,
            staged: None,
            done: Mutex::default(),
        }
    }

    /// Files written into `dir` as [`SiteTarget::writing`] writes them, but
    /// made durable together when finished: two flushes for a full
    /// build, not two a page; each page old or new after a kill.
    pub fn staging(dir: &'d Path) -> SiteTarget<'d> {
        SiteTarget {
            staged: Some(Staged::new()),
            ..SiteTarget::writing(dir)
        }
    }

    /// Files compared with `dir`'s.
    pub fn checking(dir: &'d Path) -> SiteTarget<'d> {
        SiteTarget {
            ways: Ways::new(dir),
            check: true,
            staged: None,
            done: Mutex::default(),
        }
    }

    /// The file at `path` in the site has `bytes`; not where a symbolic
    /// link stands on the way (reported in [`FilesPut::links`]).
    pub fn put(&self, path: &str, bytes: &[u8]) -> Result<(), SiteError> {
        let target = match self.ways.to(path, !self.check)? {
            Way::Clear(target) => target,
            Way::Link(link) => {
                // Not the site's file: neither written nor listed.
                let mut done = self.done.lock().unwrap_or_else(|e| e.into_inner());
                done.links.insert(link);
                return Ok(());
            }
        };
        let old = read_page(&target);
        let same = old.as_deref() == Some(bytes);
        if !same && !self.check {
            let written = match &self.staged {
                Some(staged) => staged.write(&target, bytes)?,
                None => {
                    write_atomic(&target, bytes)?;
                    target.clone()
                }
            };
            if old.is_none() {
                make_public(&written, 0o644)?;
            }
        }
        let mut done = self.done.lock().unwrap_or_else(|e| e.into_inner());
        done.paths.insert(path.to_string());
        if !same {
            if self.check {
                done.differences.push(match old {
                    Some(_) => Difference::Changed(path.to_string()),
                    None => Difference::Missing(path.to_string()),
                });
            } else {
                done.written.push(path.to_string());
                if old.is_none() {
                    done.created.push(path.to_string());
                }
            }
        }
        Ok(())
    }

    /// What was done, each list in path order; the files staged made
    /// durable and renamed into place.
    pub fn finish(self) -> Result<FilesPut, SiteError> {
        if let Some(staged) = self.staged {
            staged.commit()?;
        }
        let mut done = self.done.into_inner().unwrap_or_else(|e| e.into_inner());
        done.written.sort();
        done.differences.sort();
        Ok(done)
    }
}

/// Every file of the site, each game's from `paths[i]`, the file of
/// `club.games[i]`, replayed again for its page alone.
pub fn put_all(
    club: &Club,
    paths: &[&Path],
    settings: &SiteSettings,
    target: &SiteTarget,
) -> Result<(), SiteError> {
    target.put("site.css", STYLE.as_bytes())?;
    target.put("site.js", SCRIPT.as_bytes())?;
    let facts = facts::of(club);
    put_index(&Index::of(facts.values()), target)?;
    for i in 0..club.sections.len() {
        put_section(club, i, target)?;
    }
    for key in club.players.keys() {
        put_player(club, key, settings, target)?;
    }
    // One game at a time on each core, its page written as it is made:
    // memory holds the summaries and a page a core, whatever the count.
    each(club.games.len(), |i| {
        let game = load(paths[i])?;
        put_game(club, i, &game, paths[i], settings, target)
    })?;
    Ok(())
}

/// The index and the feed.
pub fn put_index(index: &Index, target: &SiteTarget) -> Result<(), SiteError> {
    target.put("index.html", index_page::page(index).as_bytes())?;
    target.put("feed.xml", feed::feed(&index.latest).as_bytes())
}

/// Section `index`'s page.
pub fn put_section(club: &Club, index: usize, target: &SiteTarget) -> Result<(), SiteError> {
    let s = &club.sections[index];
    let html = section_page::page(club, s);
    target.put(&format!("{}.html", s.page), html.as_bytes())
}

/// The page of the player known by `key`.
pub fn put_player(
    club: &Club,
    key: &str,
    settings: &SiteSettings,
    target: &SiteTarget,
) -> Result<(), SiteError> {
    let Some(page) = club.players.get(key) else {
        return Ok(());
    };
    let html = player_page::page(club, key, page, settings.delay_moves);
    target.put(&format!("{page}.html"), html.as_bytes())
}

/// Game `index`'s page and its PGN, from `game`, read from `path`.
pub fn put_game(
    club: &Club,
    index: usize,
    game: &Game,
    path: &Path,
    settings: &SiteSettings,
    target: &SiteTarget,
) -> Result<(), SiteError> {
    let g = &club.games[index];
    let positions = Positions::of(game, path)?;
    let shown = positions.shown(settings.delay_moves);
    let html = game_page::page(club, g, &positions, settings.delay_moves);
    target.put(&format!("{}.html", g.page), html.as_bytes())?;
    target.put(
        &format!("{}.pgn", g.page),
        pgn::pgn(&positions, shown).as_bytes(),
    )
}
