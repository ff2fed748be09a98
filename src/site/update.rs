//! The pages in a folder brought up to date: all of them (`dynamo site
//! DIR`, which writes the pages' cache), compared with the folder
//! (`--check`), or after an event only those that changed (the recorder's
//! `Pages`): the games whose files are no longer the ones the cache
//! summarised are replayed and their pages written, and the pages that
//! show them — their sections, their players, the index and the feed —
//! are written again from the summaries. Every way writes the bytes a
//! full build writes.

use std::collections::{BTreeSet, HashMap};
use std::path::{Path, PathBuf};

use super::build::{
    Difference, Settings, Target, extra, put_all, put_common, put_game, put_player, put_section,
};
use super::cache::{Cache, Identity, Unusable};
use super::club::{Club, person_key};
use super::error::SiteError;
use super::scan::{Folder, each, load};
use super::summary::Summary;
use crate::durable::{self, FileError, FileLock};
use crate::game::Game;
use crate::tournament::Section;

/// The site's lock file, in its folder: one writer of the pages at a time.
pub const LOCK_FILE: &str = ".dynamo-site.lock";

/// What writing the pages did.
#[derive(Debug, Default)]
pub struct Written {
    /// How many files the site has (after a full build; after an update,
    /// how many were looked at).
    pub files: usize,
    /// The files written and removed, by their path in the site.
    pub written: Vec<String>,
    pub removed: Vec<String>,
    pub games: usize,
    pub sections: usize,
    pub players: usize,
    /// The cache could not be written: the pages are right, the next
    /// update will be a full build.
    pub cache: Option<FileError>,
    /// Why an update built every page: the cache was missing or damaged
    /// (a cache of another site folder or version is no surprise).
    pub rebuilt: Option<String>,
}

/// The folder `dir`, made if missing, locked for writing, and its real
/// path (which names it in the cache).
fn open(dir: &Path) -> Result<(FileLock, PathBuf), SiteError> {
    std::fs::create_dir_all(dir).map_err(|e| FileError::new(dir, e))?;
    let lock = FileLock::acquire(&dir.join(LOCK_FILE))?;
    let real = std::fs::canonicalize(dir).map_err(|e| FileError::new(dir, e))?;
    Ok((lock, real))
}

/// Every page of the games in `games_dir`, written into `dir` where it
/// differs; files of the site's own folders it no longer has removed.
pub fn rebuild(games_dir: &Path, dir: &Path, settings: &Settings) -> Result<Written, SiteError> {
    let (_lock, real) = open(dir)?;
    rebuild_locked(games_dir, dir, &real, settings)
}

fn rebuild_locked(
    games_dir: &Path,
    dir: &Path,
    real: &Path,
    settings: &Settings,
) -> Result<Written, SiteError> {
    let folder = Folder::read(games_dir, None)?;
    let sections = folder.parse_sections(None)?;
    // Every game replayed, the cache not trusted: a full build puts
    // right whatever an update left wrong.
    let (summaries, ids): (Vec<Summary>, Vec<_>) = summarise(&folder)?.into_iter().unzip();
    let club = assemble(games_dir, &folder, summaries, &sections)?;
    let target = Target::writing(dir);
    put_all(&club, &folder.paths(), settings, &target)?;
    let done = target.finish();
    let mut removed = Vec::new();
    for path in extra(dir, &done.paths)? {
        durable::remove(&dir.join(&path))?;
        removed.push(path);
    }
    let mut cache = Cache::new(real, settings.delay_moves);
    cache.sections = cached_sections(&folder, &sections);
    cache.folders = folder.listed.clone();
    // A file whose identity could not be taken has no entry: the next
    // update reads it, and lists its folder again to find it.
    for ((_, file), id) in folder.games.iter().zip(&ids) {
        if id.is_none() {
            let parent = file.rfind('/').map_or("", |at| &file[..at]);
            if let Some(listed) = cache.folders.get_mut(parent) {
                listed.settled = false;
            }
        }
    }
    let rows = club.games.iter().zip(&ids).filter_map(|(g, id)| {
        id.map(|(identity, settled)| (g.file.as_str(), identity, settled, &g.summary))
    });
    let saved = cache.save(games_dir, rows.collect::<Vec<_>>().into_iter());
    Ok(Written {
        files: done.paths.len(),
        written: done.written,
        removed,
        games: club.games.len(),
        sections: club.sections.len(),
        players: club.players.len(),
        cache: saved.err(),
        rebuilt: None,
    })
}

/// A game's summary, and its file's identity if it could be taken.
type Summarised = (Summary, Option<(Identity, bool)>);

/// Each game's summary and its file's identity, on every core, each game
/// replayed and dropped (only summaries are kept). Each identity is
/// taken before its file is read: a file changed in between is read
/// again next time, never trusted with old content.
fn summarise(folder: &Folder) -> Result<Vec<Summarised>, SiteError> {
    each(folder.games.len(), |i| {
        let path = &folder.games[i].0;
        let id = Identity::of(path).ok();
        Ok((Summary::of(&load(path)?), id))
    })
}

/// How `dir` differs from the pages of the games in `games_dir`, in path
/// order; nothing is written. Every game is replayed, the cache not
/// trusted.
pub fn check(
    games_dir: &Path,
    dir: &Path,
    settings: &Settings,
) -> Result<Vec<Difference>, SiteError> {
    let folder = Folder::read(games_dir, None)?;
    let sections = folder.parse_sections(None)?;
    let summaries = summarise(&folder)?.into_iter().map(|(s, _)| s).collect();
    let club = assemble(games_dir, &folder, summaries, &sections)?;
    let target = Target::checking(dir);
    put_all(&club, &folder.paths(), settings, &target)?;
    let done = target.finish();
    let mut out = done.differences;
    out.extend(extra(dir, &done.paths)?.into_iter().map(Difference::Extra));
    out.sort();
    Ok(out)
}

fn assemble(
    games_dir: &Path,
    folder: &Folder,
    summaries: Vec<Summary>,
    sections: &[(PathBuf, Section)],
) -> Result<Club, SiteError> {
    let files = folder.games.iter().map(|(_, f)| f.clone());
    Club::assemble(games_dir, files.zip(summaries).collect(), sections)
}

fn cached_sections(
    folder: &Folder,
    sections: &[(PathBuf, Section)],
) -> std::collections::BTreeMap<String, (String, Section)> {
    folder
        .sections
        .iter()
        .zip(sections)
        .map(|((_, rel, text), (_, s))| (rel.clone(), (text.clone(), s.clone())))
        .collect()
}

/// The pages of `dir` brought up to date with the games in `games_dir`
/// after an event: those of every game whose file changed since the
/// cache was written (the event's, and any other written since into a
/// folder: a file that came, went or was replaced changes its folder), and
/// every page that shows them. Without a cache that describes `dir`, a
/// full build.
///
/// A folder whose identity is the one the cache recorded is not listed
/// again, nor are its files' identities taken: at 10,000 games that is
/// most of an event's time. A file rewritten in place (not replaced) in
/// a folder where nothing else changed is therefore not seen until the
/// next full build; `dynamo site DIR --check` reports its pages.
pub fn update(games_dir: &Path, dir: &Path, settings: &Settings) -> Result<Written, SiteError> {
    let (_lock, real) = open(dir)?;
    let mut old = match Cache::load(games_dir, &real, settings.delay_moves) {
        Ok(cache) => cache,
        Err(why) => {
            let mut done = rebuild_locked(games_dir, dir, &real, settings)?;
            done.rebuilt = match why {
                Unusable::Missing => Some("was missing".to_string()),
                Unusable::Damaged(e) => Some(format!("could not be used ({e})")),
                Unusable::Other => None,
            };
            return Ok(done);
        }
    };
    let folder = Folder::read(games_dir, Some(&old))?;
    let same_sections = folder.sections.len() == old.sections.len()
        && folder
            .sections
            .iter()
            .all(|(_, rel, text)| old.sections.get(rel).is_some_and(|(t, _)| t == text));
    if !same_sections {
        // A section made or changed: its every game and player may show it.
        return rebuild_locked(games_dir, dir, &real, settings);
    }
    let sections = folder.parse_sections(Some(&old))?;
    let known: HashMap<&str, usize> = old
        .games
        .iter()
        .enumerate()
        .map(|(j, (f, _))| (f.as_str(), j))
        .collect();
    // Each game now: its entry in the cache when that still stands for
    // its file, else the game read again with its file's identity.
    let mut cached: Vec<Result<usize, Summary>> = Vec::with_capacity(folder.games.len());
    let mut loaded: HashMap<usize, (Game, (Identity, bool))> = HashMap::new();
    // Whether the games' files are the ones the cache lists, and every
    // game read again names the same players as before: then the club
    // as the pages show it differs from the club now only in those
    // games' summaries, and is not assembled a second time.
    let mut same_people = folder.games.len() == old.games.len()
        && folder
            .games
            .iter()
            .zip(&old.games)
            .all(|((_, now), (was, _))| now == was);
    for (i, (path, file)) in folder.games.iter().enumerate() {
        let j = known.get(file.as_str()).copied();
        let entry = j.map(|j| &old.games[j].1);
        let parent = file.rfind('/').map_or("", |at| &file[..at]);
        let unseen = !folder.fresh.contains(parent);
        let stands = entry.is_some_and(|e| {
            if unseen {
                e.settled
            } else {
                e.stands_for(path)
            }
        });
        if let (true, Some(j)) = (stands, j) {
            cached.push(Ok(j));
            continue;
        }
        let Ok(id) = Identity::of(path) else {
            // A file gone between the listing and its reading.
            return rebuild_locked(games_dir, dir, &real, settings);
        };
        let game = load(path)?;
        let summary = Summary::of(&game);
        same_people &= entry
            .is_some_and(|e| e.summary.white == summary.white && e.summary.black == summary.black);
        cached.push(Err(summary));
        loaded.insert(i, (game, id));
    }
    // The club as the pages show it, when it is not the club now.
    let was = if same_people {
        None
    } else {
        let before: Vec<(String, Summary)> = old
            .games
            .iter()
            .map(|(f, e)| (f.clone(), e.summary.clone()))
            .collect();
        let Ok(was) = Club::assemble(games_dir, before, &sections) else {
            return rebuild_locked(games_dir, dir, &real, settings);
        };
        Some(was)
    };
    // The cache's summaries taken, not copied: it is written afresh.
    let mut summaries = Vec::with_capacity(folder.games.len());
    let mut ids = Vec::with_capacity(folder.games.len());
    for (i, from) in cached.into_iter().enumerate() {
        match from {
            Ok(j) => {
                let e = &mut old.games[j].1;
                ids.push((e.identity, e.settled));
                summaries.push(std::mem::take(&mut e.summary));
            }
            Err(summary) => {
                ids.push(loaded[&i].1);
                summaries.push(summary);
            }
        }
    }
    let club = assemble(games_dir, &folder, summaries, &sections)?;
    let plan = Plan::new(was.as_ref().unwrap_or(&club), &club, loaded.keys().copied());
    let target = Target::writing(dir);
    put_common(&club, &target)?;
    for &i in &plan.sections {
        put_section(&club, i, &target)?;
    }
    for key in &plan.players {
        put_player(&club, key, settings, &target)?;
    }
    for &i in &plan.games {
        let path = &folder.games[i].0;
        let game = match loaded.remove(&i) {
            Some((game, _)) => game,
            None => load(path)?,
        };
        put_game(&club, i, &game, path, settings, &target)?;
    }
    let done = target.finish();
    let mut removed = Vec::new();
    for page in plan.gone {
        if !done.paths.contains(&page) && dir.join(&page).exists() {
            durable::remove(&dir.join(&page))?;
            removed.push(page);
        }
    }
    let mut cache = Cache::new(&real, settings.delay_moves);
    cache.sections = old.sections;
    cache.folders = folder.listed;
    let rows = club
        .games
        .iter()
        .zip(ids)
        .map(|(g, (identity, settled))| (g.file.as_str(), identity, settled, &g.summary));
    let saved = cache.save(games_dir, rows);
    Ok(Written {
        files: done.paths.len(),
        written: done.written,
        removed,
        games: club.games.len(),
        sections: club.sections.len(),
        players: club.players.len(),
        cache: saved.err(),
        rebuilt: None,
    })
}

/// Which pages an update writes, from the club as the pages show it
/// (`was`, from the cache) and as it is now.
#[derive(Debug, Default)]
struct Plan {
    /// Games by their index now.
    games: BTreeSet<usize>,
    /// Sections by their index (the same before and after: a section
    /// changed makes a full build).
    sections: BTreeSet<usize>,
    /// Players by their key.
    players: BTreeSet<String>,
    /// Pages the site had and has no more, by their path in it.
    gone: BTreeSet<String>,
}

/// What a game's page shows of other pages: its own path and its links.
fn layout(club: &Club, i: usize) -> [Option<&str>; 4] {
    let g = &club.games[i];
    let section = g.section.map(|s| club.sections[s].page.as_str());
    [
        Some(g.page.as_str()),
        section,
        club.person_page(&g.summary.white),
        club.person_page(&g.summary.black),
    ]
}

impl Plan {
    /// The pages to write after the games `read` (by index now) were
    /// read again from their files.
    fn new(was: &Club, now: &Club, read: impl Iterator<Item = usize>) -> Plan {
        let mut plan = Plan {
            games: read.collect(),
            ..Plan::default()
        };
        if std::ptr::eq(was, now) {
            // The same club (no game came or went, none read again names
            // other players): only the pages of the games read, and those
            // that show them, change.
            let touched: Vec<(&Club, usize)> = plan.games.iter().map(|&i| (now, i)).collect();
            plan.add_touched(now, &touched);
            return plan;
        }
        let before: HashMap<&str, usize> = was
            .games
            .iter()
            .enumerate()
            .map(|(j, g)| (g.file.as_str(), j))
            .collect();
        let mut touched: Vec<(&Club, usize)> = Vec::new();
        for i in 0..now.games.len() {
            match before.get(now.games[i].file.as_str()) {
                None => {
                    plan.games.insert(i);
                }
                Some(&j) => {
                    if layout(now, i) != layout(was, j) {
                        plan.games.insert(i);
                    }
                    if now.games[i].page != was.games[j].page {
                        plan.gone.insert(format!("{}.html", was.games[j].page));
                        plan.gone.insert(format!("{}.pgn", was.games[j].page));
                    }
                    if plan.games.contains(&i) {
                        touched.push((was, j));
                    }
                }
            }
        }
        touched.extend(plan.games.iter().map(|&i| (now, i)));
        let files: BTreeSet<&str> = now.games.iter().map(|g| g.file.as_str()).collect();
        for (j, g) in was.games.iter().enumerate() {
            if !files.contains(g.file.as_str()) {
                touched.push((was, j));
                plan.gone.insert(format!("{}.html", g.page));
                plan.gone.insert(format!("{}.pgn", g.page));
            }
        }
        if was.players != now.players {
            // A player's page named afresh: every page may link to it.
            plan.sections.extend(0..now.sections.len());
            plan.players.extend(now.players.keys().cloned());
            for (key, page) in &was.players {
                if now.players.get(key) != Some(page) {
                    plan.gone.insert(format!("{page}.html"));
                }
            }
        }
        plan.add_touched(now, &touched);
        plan
    }

    /// The sections and players of the games `touched` (each in the club
    /// before or now), and every player of those sections now (their
    /// standings changed).
    fn add_touched(&mut self, now: &Club, touched: &[(&Club, usize)]) {
        for &(club, i) in touched {
            let g = &club.games[i];
            self.sections.extend(g.section);
            self.players.insert(person_key(&g.summary.white));
            self.players.insert(person_key(&g.summary.black));
        }
        for &s in &self.sections {
            if let Some(section) = now.sections.get(s) {
                let rows = section.standings.rows.iter();
                self.players
                    .extend(rows.map(|r| super::club::player_key(&r.name, r.email.as_deref())));
            }
        }
    }
}
