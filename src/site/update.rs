//! The pages in a folder brought up to date: all of them (`dynamo site
//! DIR`, which writes the pages' cache), compared with the folder
//! (`--check`), or after an event only those that changed (the recorder's
//! `Pages`): the games whose files are no longer the ones the cache
//! summarised are replayed and their pages written, and the pages that
//! show them — their sections, their players, the index and the feed —
//! are written again from the summaries. Every way writes the bytes a
//! full build writes.
//!
//! An update reads only the cache's entries its pages show (`touch.rs`)
//! when only the event's write changed its folder, no file came or went,
//! no game names other players and no section file it reads changed;
//! else the whole cache, here.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::{Path, PathBuf};

use super::build::{
    Difference, SiteSettings, SiteTarget, Written, put_all, put_game, put_index, put_player,
    put_section,
};
use super::cache::{self, CACHE_FILE, Cache, Known, SectionFile, Seen, Unusable, Whole};
use super::cache_format::Row;
use super::club::{Club, parent, section_keys};
use super::error::SiteError;
use super::facts::{IndexFacts, file_order};
use super::identity::{Identity, OwnWrite};
use super::own::{self, Removal, Ways};
use super::place::SiteDir;
use super::plan::Plan;
use super::scan::{GamesFolder, each, fingerprint, load};
use super::summary::Summary;
use super::touch::{self, Own, Touched};
use crate::durable::{FileError, FileLock, LOCK_WAIT};
use crate::game::Game;
use crate::tournament::Section;

/// The site's lock file, in its folder: one writer of the pages at a time.
pub const LOCK_FILE: &str = ".dynamo-site.lock";

/// The site folder made if missing and locked for writing: its real path
/// (which names it in the cache) and its list of files.
struct Opened {
    _lock: FileLock,
    real: PathBuf,
    /// Whether the last writer let go of the lock: else it stopped
    /// half-way, and the cache may be half-written.
    clean: bool,
}

impl Opened {
    /// The site's list of its files (`own.rs`), read when needed: at
    /// 10,000 games it names 20,000 files, which a move does not add to.
    fn listed(&self, dir: &Path) -> Result<Option<BTreeSet<String>>, SiteError> {
        own::load(dir)
    }
}

/// Opens `site`'s folder for writing; the temporary files of writes
/// killed there and in the pages' cache are removed under its lock,
/// when the lock says a writer was killed (`FileLock::acquire_noting`).
fn open(site: &SiteDir) -> Result<Opened, SiteError> {
    let dir = &site.dir;
    std::fs::create_dir_all(dir).map_err(|e| FileError::new(dir, e))?;
    let path = dir.join(LOCK_FILE);
    if std::fs::symlink_metadata(&path).is_ok_and(|m| m.file_type().is_symlink()) {
        return Err(SiteError::Link { path });
    }
    let (lock, clean) = FileLock::acquire_noting(&path, LOCK_WAIT).map_err(FileError::from)?;
    let real = std::fs::canonicalize(dir).map_err(|e| FileError::new(dir, e))?;
    // Only a writer killed while it held the lock leaves them: else the
    // site's folders, a page for every game and player, are not walked.
    if !clean {
        own::remove_dead_temps(dir, &site.games_dir.join(CACHE_FILE));
    }
    Ok(Opened {
        _lock: lock,
        real,
        clean,
    })
}

/// Every page of the games, written into the site folder where it
/// differs; the files of the site's own that it no longer has removed,
/// and only those (`own.rs`).
pub fn rebuild(site: &SiteDir, settings: &SiteSettings) -> Result<Written, SiteError> {
    let opened = open(site)?;
    rebuild_locked(site, &opened, settings)
}

fn rebuild_locked(
    site: &SiteDir,
    opened: &Opened,
    settings: &SiteSettings,
) -> Result<Written, SiteError> {
    let (games_dir, dir) = (site.games_dir.as_path(), site.dir.as_path());
    let folder = GamesFolder::read(games_dir, None)?;
    let sections = folder.parse_sections()?;
    // Every game replayed, the cache not trusted: a full build puts
    // right whatever an update left wrong.
    let (summaries, ids): (Vec<Summary>, Vec<_>) = summarise(&folder)?.into_iter().unzip();
    let club = assemble(games_dir, &folder, summaries, &sections, true)?;
    let target = SiteTarget::staging(dir);
    put_all(&club, &folder.paths(), settings, &target)?;
    let done = target.finish()?;
    let (found, mut links) = own::files(dir)?;
    links.extend(done.links.iter().cloned());
    let listed = opened.listed(dir)?;
    let mut gone: BTreeSet<&String> = found.iter().collect();
    gone.extend(listed.iter().flatten());
    gone.retain(|p| !done.paths.contains(*p));
    let ways = Ways::new(dir);
    // All told apart before any goes: a game's `.pgn` is known as the
    // site's by the page beside it.
    let (own, foreign): (Vec<&String>, Vec<&String>) = gone
        .into_iter()
        .partition(|p| own::is_own(listed.as_ref(), &ways, p));
    let foreign: Vec<String> = foreign.into_iter().cloned().collect();
    let mut removed = Vec::new();
    for path in own {
        match ways.remove(path)? {
            Removal::Removed => removed.push(path.clone()),
            Removal::Gone => {}
            Removal::Link(link) => links.push(link),
        }
    }
    own::save(dir, &done.paths)?;
    links.sort();
    links.dedup();
    let saved = save_whole(games_dir, &opened.real, settings, &folder, &club, &ids);
    Ok(Written {
        files: done.paths.len(),
        written: done.written,
        removed,
        created: Vec::new(),
        games: club.games.len(),
        sections: club.sections.len(),
        players: club.players.len(),
        cache: saved.err(),
        rebuilt: None,
        links,
        foreign,
    })
}

/// A game's summary, and its file's identity if it could be taken.
type Summarised = (Summary, Option<(Identity, bool)>);

/// Each game's summary and its file's identity, on every core, each game
/// replayed and dropped (only summaries are kept). Each identity is
/// taken before its file is read: a file changed in between is read
/// again next time, never trusted with old content.
fn summarise(folder: &GamesFolder) -> Result<Vec<Summarised>, SiteError> {
    each(folder.games.len(), |i| {
        let path = &folder.games[i].0;
        let id = Identity::of(path).ok();
        Ok((Summary::of(&load(path)?), id))
    })
}

/// The whole cache written for `club`, read from `folder`, each game's
/// file's identity in `ids` (a file without one is read again by the
/// next update).
fn save_whole(
    games_dir: &Path,
    real: &Path,
    settings: &SiteSettings,
    folder: &GamesFolder,
    club: &Club,
    ids: &[Option<(Identity, bool)>],
) -> Result<(), FileError> {
    let mut whole = Whole {
        index: IndexFacts::of(club),
        ..Whole::default()
    };
    for (rel, listed) in &folder.listed {
        let known = whole.folders.entry(rel.clone()).or_default();
        known.listed = listed.clone();
    }
    for s in &folder.sections {
        whole.folders.entry(s.rel.clone()).or_default().section_file = Some(SectionFile {
            fingerprint: fingerprint(&s.text),
        });
    }
    for s in &club.sections {
        whole
            .folders
            .entry(s.folder.clone())
            .or_default()
            .section_page = Some(s.page.clone());
    }
    whole.players = seen(club);
    for (g, id) in club.games.iter().zip(ids) {
        let (identity, settled) = id.unwrap_or_default();
        if !settled {
            let known = whole
                .folders
                .entry(parent(&g.file).to_string())
                .or_default();
            known.unsettled.push(g.file.clone());
        }
        whole.games.push(Row {
            file: g.file.clone(),
            page: g.page.clone(),
            entry: super::identity::Entry {
                identity,
                settled,
                summary: g.summary.clone(),
            },
        });
    }
    Cache::save_whole(
        games_dir,
        real,
        settings.delay_moves,
        whole,
        club.sections.len(),
    )
}

/// Each player's page, their games' files and the folders of the
/// sections that name them.
fn seen(club: &Club) -> BTreeMap<String, Seen> {
    let mut files: HashMap<&str, Vec<String>> = HashMap::new();
    for (key, games) in &club.by_player {
        let mine = files.entry(key).or_default();
        mine.extend(games.iter().map(|&(i, _)| club.games[i].file.clone()));
    }
    let mut named: HashMap<String, BTreeSet<&str>> = HashMap::new();
    for s in &club.sections {
        for key in section_keys(s) {
            named.entry(key).or_default().insert(s.folder.as_str());
        }
    }
    club.players
        .iter()
        .map(|(key, page)| {
            let mut mine = files.remove(key.as_str()).unwrap_or_default();
            mine.dedup();
            let seen = Seen {
                page: page.clone(),
                files: mine,
                sections: named
                    .get(key)
                    .into_iter()
                    .flatten()
                    .map(|f| f.to_string())
                    .collect(),
            };
            (key.clone(), seen)
        })
        .collect()
}

/// How the site folder differs from the pages of the games, in path
/// order; nothing is written. Every game is replayed, the cache not
/// trusted.
pub fn check(site: &SiteDir, settings: &SiteSettings) -> Result<Vec<Difference>, SiteError> {
    let (games_dir, dir) = (site.games_dir.as_path(), site.dir.as_path());
    let folder = GamesFolder::read(games_dir, None)?;
    let sections = folder.parse_sections()?;
    let summaries = summarise(&folder)?.into_iter().map(|(s, _)| s).collect();
    let club = assemble(games_dir, &folder, summaries, &sections, false)?;
    let target = SiteTarget::checking(dir);
    put_all(&club, &folder.paths(), settings, &target)?;
    let done = target.finish()?;
    let mut out = done.differences;
    let (found, links) = own::files(dir)?;
    let extra = found.into_iter().filter(|p| !done.paths.contains(p));
    out.extend(extra.map(Difference::Extra));
    let links: BTreeSet<String> = links.into_iter().chain(done.links).collect();
    out.extend(links.into_iter().map(Difference::Link));
    out.sort();
    Ok(out)
}

/// The club of the games and sections read, each player's page named as
/// the names given before name it (`names.rs`); when `keep`, the names
/// of the newcomers kept too, before any page shows them.
fn assemble(
    games_dir: &Path,
    folder: &GamesFolder,
    summaries: Vec<Summary>,
    sections: &[(PathBuf, Section)],
    keep: bool,
) -> Result<Club, SiteError> {
    let files = folder.games.iter().map(|(_, f)| f.clone());
    let mut names = cache::load_names(games_dir);
    let club = Club::assemble(games_dir, files.zip(summaries).collect(), sections, &names)?;
    if names.give(&club.players) && keep {
        cache::save_names(&names, games_dir)?;
    }
    Ok(club)
}

/// The pages of `dir` brought up to date with the games in `games_dir`
/// after an event: those of every game whose file changed since the
/// cache was written (the event's, and any other written since into a
/// folder: a file that came, went or was replaced changes its folder), and
/// every page that shows them. Without a cache that describes `dir`, a
/// full build.
///
/// `own`, when given, is the write of the event's game file, with its
/// folder's identity taken just before: when that is the identity the
/// cache recorded, the update reads only the cache's entries its pages
/// show and looks at no other folder (`touch.rs`): a change made by hand
/// in another folder is seen by the next event there or the next full
/// build. Else, and when files came or went, every folder is looked at,
/// and one whose identity is the one the cache recorded is not listed
/// again, nor are its files' identities taken. A file rewritten in place
/// (not replaced) in a folder where nothing else changed is therefore
/// not seen until the next full build; `dynamo site DIR --check` reports
/// its pages.
pub fn update(
    site: &SiteDir,
    settings: &SiteSettings,
    own: Option<&OwnWrite>,
) -> Result<Written, SiteError> {
    let (games_dir, dir) = (site.games_dir.as_path(), site.dir.as_path());
    let opened = open(site)?;
    let own = own.and_then(|o| in_games(games_dir, o));
    let rebuilt = |why: Unusable| -> Result<Written, SiteError> {
        let mut done = rebuild_locked(site, &opened, settings)?;
        done.rebuilt = match why {
            Unusable::Missing => Some("was missing".to_string()),
            Unusable::Damaged(e) => Some(format!("could not be used ({e})")),
            Unusable::Other => None,
        };
        Ok(done)
    };
    if !opened.clean && games_dir.join(CACHE_FILE).exists() {
        // Its writer stopped half-way: its entries may not agree.
        return rebuilt(Unusable::Damaged(
            "was being written by a command that stopped".to_string(),
        ));
    }
    let mut cache = match Cache::load(games_dir, &opened.real, settings.delay_moves) {
        Ok(cache) => cache,
        Err(why) => return rebuilt(why),
    };
    let done = match touch::update(games_dir, dir, settings, &mut cache, own.as_ref())? {
        Touched::Done(done) => done,
        Touched::Damaged(why) => return rebuilt(Unusable::Damaged(why)),
        Touched::Whole => match whole(site, &opened, settings, &mut cache, own.as_ref())? {
            Ok(done) => done,
            Err(why) => return rebuilt(why),
        },
    };
    // The list read only when a file came or went: a move rewrites
    // pages the list has.
    if done.created.is_empty() && done.removed.is_empty() {
        return Ok(done);
    }
    // A folder without a list is listed by its next full build, which
    // sees every file; an event's few would make the rest look foreign.
    if let Some(listed) = opened.listed(dir)? {
        let mut now = listed.clone();
        now.extend(done.written.iter().cloned());
        for path in &done.removed {
            now.remove(path);
        }
        if now != listed {
            own::save(dir, &now)?;
        }
    }
    Ok(done)
}

/// `own` as the update sees it, by paths under `games_dir`; `None` for
/// a file outside it or in a hidden folder, which no page shows.
fn in_games(games_dir: &Path, own: &OwnWrite) -> Option<Own> {
    let real = std::fs::canonicalize(games_dir).ok()?;
    let rel = own.file.strip_prefix(&real).ok()?;
    let parts: Vec<&str> = rel.iter().map(|p| p.to_str()).collect::<Option<_>>()?;
    let (name, folders) = parts.split_last()?;
    if parts.iter().any(|p| p.starts_with('.')) {
        return None;
    }
    let folder = folders.join("/");
    let file = if folder.is_empty() {
        (*name).to_string()
    } else {
        format!("{folder}/{name}")
    };
    Some(Own {
        folder,
        file,
        before: own.before,
    })
}

/// An update from the whole cache, for an event after which files came
/// or went or a game names other players: the club as the pages show it
/// and the club now compared. `Err` when a full build is needed, with
/// why: a folder's cache file that cannot be read (said, as a damaged
/// `top` is), or a section file changed (every game and player may show
/// it: `Other`, said to no one).
fn whole(
    site: &SiteDir,
    opened: &Opened,
    settings: &SiteSettings,
    cache: &mut Cache,
    own: Option<&Own>,
) -> Result<Result<Written, Unusable>, SiteError> {
    let (games_dir, dir) = (site.games_dir.as_path(), site.dir.as_path());
    let top = match cache.whole() {
        Ok(whole) => whole,
        Err(why) => return Ok(Err(why)),
    };
    let mut old = top.games;
    old.sort_by(|a, b| file_order(&a.file, &b.file));
    let mut folder = GamesFolder::read(games_dir, Some((&top.folders, &old)))?;
    // Trusted as settled after `dynamo`'s own write, as `touch.rs` does:
    // else every event of a run of them in one folder reads the whole
    // cache again.
    if let Some(listed) = own.and_then(|o| folder.listed.get_mut(&o.folder)) {
        listed.settled = true;
    }
    let cached: BTreeMap<&str, &str> = top
        .folders
        .iter()
        .filter_map(|(rel, k)| Some((rel.as_str(), k.section_file.as_ref()?.fingerprint.as_str())))
        .collect();
    let same_sections = folder.sections.len() == cached.len()
        && folder
            .sections
            .iter()
            .all(|s| cached.get(s.rel.as_str()) == Some(&fingerprint(&s.text).as_str()));
    if !same_sections {
        return Ok(Err(Unusable::Other));
    }
    let sections = folder.parse_sections()?;
    let mut named = Vec::with_capacity(sections.len());
    for ((path, section), s) in sections.iter().zip(&folder.sections) {
        let known = top
            .folders
            .get(&s.rel)
            .and_then(|k: &Known| k.section_page.as_ref());
        let Some(page) = known else {
            return Ok(Err(Unusable::Other));
        };
        named.push((path.clone(), section.clone(), page.clone()));
    }
    let known: HashMap<&str, usize> = old
        .iter()
        .enumerate()
        .map(|(j, r)| (r.file.as_str(), j))
        .collect();
    // Each game now: its entry in the cache when that still stands for
    // its file, else the game read again with its file's identity.
    let mut cached: Vec<Result<usize, Summary>> = Vec::with_capacity(folder.games.len());
    let mut loaded: HashMap<usize, (Game, (Identity, bool))> = HashMap::new();
    for (i, (path, file)) in folder.games.iter().enumerate() {
        let j = known.get(file.as_str()).copied();
        let entry = j.map(|j| &old[j].entry);
        let unseen = !folder.fresh.contains(parent(file));
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
            return Ok(Err(Unusable::Other));
        };
        let game = load(path)?;
        cached.push(Err(Summary::of(&game)));
        loaded.insert(i, (game, id));
    }
    // The club as the pages show it, with the names its pages were
    // given.
    let before: Vec<(String, String, Summary)> = old
        .iter()
        .map(|r| (r.file.clone(), r.page.clone(), r.entry.summary.clone()))
        .collect();
    let pages = top.players.iter().map(|(k, s)| (k.clone(), s.page.clone()));
    let Ok(was) = Club::assemble_named(games_dir, before, &named, pages.collect()) else {
        return Ok(Err(Unusable::Other));
    };
    let mut summaries = Vec::with_capacity(folder.games.len());
    let mut ids = Vec::with_capacity(folder.games.len());
    for (i, from) in cached.into_iter().enumerate() {
        match from {
            Ok(j) => {
                let e = &mut old[j].entry;
                ids.push(Some((e.identity, e.settled)));
                summaries.push(std::mem::take(&mut e.summary));
            }
            Err(summary) => {
                ids.push(Some(loaded[&i].1));
                summaries.push(summary);
            }
        }
    }
    let club = assemble(games_dir, &folder, summaries, &sections, true)?;
    let plan = Plan::new(&was, &club, loaded.keys().copied());
    let target = SiteTarget::writing(dir);
    let index = IndexFacts::of(&club);
    if index != top.index {
        put_index(&index.index(), &target)?;
    }
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
    let done = target.finish()?;
    let ways = Ways::new(dir);
    let mut removed = Vec::new();
    let mut links: Vec<String> = done.links.iter().cloned().collect();
    let listed = if plan.gone.is_empty() {
        None
    } else {
        opened.listed(dir)?
    };
    // All told apart before any goes, as in a full build.
    let gone: Vec<String> = plan
        .gone
        .into_iter()
        .filter(|p| !done.paths.contains(p) && own::is_own(listed.as_ref(), &ways, p))
        .collect();
    for page in gone {
        match ways.remove(&page)? {
            Removal::Removed => removed.push(page),
            Removal::Gone => {}
            Removal::Link(link) => links.push(link),
        }
    }
    let saved = save_whole(games_dir, &opened.real, settings, &folder, &club, &ids);
    Ok(Ok(Written {
        files: done.paths.len(),
        written: done.written,
        removed,
        created: done.created,
        games: club.games.len(),
        sections: club.sections.len(),
        players: club.players.len(),
        cache: saved.err(),
        rebuilt: None,
        links,
        foreign: Vec::new(),
    }))
}
