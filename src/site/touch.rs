//! An event's update that reads only the entries its pages show: the
//! entry of its game's folder, of its game (and of any other game of
//! that folder whose entry had not settled), of the players of those
//! games and of their section, of each game those players played and of
//! each section they are in; the index's entry only when the event
//! changed what the index shows (a result). The club made of those
//! entries alone gives the pages of the games read, their section, their
//! players, and the index and the feed: what it costs grows with what
//! those pages show, never with the club.
//!
//! It looks at no other folder: a change made by hand elsewhere is seen
//! by the next event in that folder, or the next full build (`dynamo
//! site DIR --check` reports it). It stands back ([`Touched::Whole`])
//! whenever the club beyond those entries may have changed: its folder
//! changed by another than `dynamo` (its identity before the write is
//! not the one recorded), a file came or went, a game names other
//! players, a section file's text changed, or a game left the latest
//! results. Then `update.rs` works from the whole cache.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use super::build::Written;
use super::build::{SiteSettings, SiteTarget, put_game, put_index, put_player, put_section};
use super::cache::{Cache, Unusable};
use super::cache_format::Row;
use super::club::{Club, person_key, player_key, section_games};
use super::error::SiteError;
use super::facts::{Shown, file_order, section_facts};
use super::identity::{Entry, Identity};
use super::plan::Plan;
use super::scan::{fingerprint, load, parse_section, section_text};
use super::summary::Summary;
use crate::game::Game;
use crate::tournament::Section;

/// How an update from the entries it needs went.
#[derive(Debug)]
pub enum Touched {
    /// The pages and the cache written.
    Done(Written),
    /// Nothing written: the club beyond the entries read may have
    /// changed.
    Whole,
    /// Nothing written: the cache is damaged, for this reason.
    Damaged(String),
}

/// `dynamo`'s own write to a game file, as the update sees it: the
/// file's folder and the file, by their paths under the games folder,
/// and the folder's identity before the write (`identity::OwnWrite`).
#[derive(Debug, Clone)]
pub struct Own {
    pub folder: String,
    pub file: String,
    pub before: Identity,
}

/// Why the update stands back: [`Touched`] but `FilesPut`.
#[derive(Debug)]
enum Back {
    Whole,
    Damaged(String),
}

impl From<Back> for Touched {
    fn from(back: Back) -> Touched {
        match back {
            Back::Whole => Touched::Whole,
            Back::Damaged(why) => Touched::Damaged(why),
        }
    }
}

/// Why the update stands back when the cache is `why`.
fn stand_back(why: Unusable) -> Back {
    match why {
        Unusable::Damaged(why) => Back::Damaged(why),
        _ => Back::Whole,
    }
}

/// The outcome of a step: done, or the update stands back.
type Step<T> = Result<T, Back>;

/// A game read again from its file.
struct Read {
    path: PathBuf,
    game: Game,
    row: Row,
    /// Its summary as the pages show it.
    was: Summary,
}

/// The pages of the event's game `own` (and of any game of its folder
/// whose entry had not settled), and of what shows them, written into
/// `dir` from the entries they need; the cache's entries brought up to
/// date.
pub fn update(
    games_dir: &Path,
    dir: &Path,
    settings: &SiteSettings,
    cache: &mut Cache,
    own: Option<&Own>,
) -> Result<Touched, SiteError> {
    let Some(own) = own else {
        return Ok(Touched::Whole);
    };
    match touched(games_dir, dir, settings, cache, own) {
        Ok(Ok(done)) => Ok(Touched::Done(done)),
        Ok(Err(back)) => Ok(back.into()),
        Err(e) => Err(e),
    }
}

fn cached<T>(got: Result<Option<T>, Unusable>) -> Step<T> {
    match got {
        Ok(Some(t)) => Ok(t),
        Ok(None) => Err(Back::Whole),
        Err(why) => Err(stand_back(why)),
    }
}

/// A section's folder, what it says and its page, its text checked
/// against the one the pages were written from.
fn section_of(
    games_dir: &Path,
    cache: &mut Cache,
    rel: &str,
    page: String,
) -> Step<(PathBuf, Section, String)> {
    let known = cached(cache.folder(rel))?;
    let Some(file) = known.section_file else {
        return Err(Back::Whole);
    };
    let folder = games_dir.join(rel);
    let text = section_text(&folder).map_err(|_| Back::Whole)?;
    if fingerprint(&text) != file.fingerprint {
        return Err(Back::Whole);
    }
    let section = parse_section(&folder, &text).map_err(|_| Back::Whole)?;
    Ok((folder, section, page))
}

fn touched(
    games_dir: &Path,
    dir: &Path,
    settings: &SiteSettings,
    cache: &mut Cache,
    own: &Own,
) -> Result<Step<Written>, SiteError> {
    let mut known = match cached(cache.folder(&own.folder)) {
        Ok(known) => known,
        Err(back) => return Ok(Err(back)),
    };
    let path = games_dir.join(&own.folder);
    // Taken before the files are read: a change in between is seen by
    // the next event, whose write's `before` is then not this.
    let Ok((identity, _)) = Identity::of(&path) else {
        return Ok(Err(Back::Whole));
    };
    if !(known.listed.settled && known.listed.identity == own.before) {
        return Ok(Err(Back::Whole));
    }
    // The event's game, and those of its folder whose entries were taken
    // before their files settled: read again.
    let mut files: BTreeSet<String> = known.unsettled.iter().cloned().collect();
    files.insert(own.file.clone());
    let mut read: BTreeMap<String, Read> = BTreeMap::new();
    for file in &files {
        let row = match cached(cache.game(file)) {
            Ok(row) => row,
            Err(back) => return Ok(Err(back)),
        };
        let path = games_dir.join(file);
        let Ok((identity, settled)) = Identity::of(&path) else {
            return Ok(Err(Back::Whole));
        };
        let game = load(&path)?;
        let summary = Summary::of(&game);
        let was = row.entry.summary.clone();
        if summary.white != was.white || summary.black != was.black {
            return Ok(Err(Back::Whole));
        }
        let row = Row {
            entry: Entry {
                identity,
                settled,
                summary,
            },
            ..row
        };
        read.insert(
            file.clone(),
            Read {
                path,
                game,
                row,
                was,
            },
        );
    }
    let club = match gather(games_dir, cache, &own.folder, &known, &read) {
        Ok(club) => club,
        Err(back) => return Ok(Err(back)),
    };
    let (club, loaded) = club;
    let indices = club.games.iter().enumerate();
    let indices = indices.filter(|(_, g)| read.contains_key(&g.file));
    let plan = Plan::new(&club, &club, indices.map(|(i, _)| i));
    if !plan.players.iter().all(|k| loaded.contains(k)) {
        return Ok(Err(Back::Whole));
    }
    // What the index shows: read only when a game read had or has a
    // result (a move changes nothing there).
    let mut index = None;
    let results = read.values().any(|r| {
        r.was.finished()
            || r.row.entry.summary.finished()
            || r.was.reason != r.row.entry.summary.reason
    });
    if results {
        let mut facts = match cache.index() {
            Ok(facts) => facts,
            Err(why) => return Ok(Err(stand_back(why))),
        };
        let mut changed = false;
        for (i, g) in club.games.iter().enumerate() {
            if !read.contains_key(&g.file) {
                continue;
            }
            let section = g
                .section
                .map(|s| (club.sections[s].folder.as_str(), section_facts(&club, s)));
            match facts.change(Shown::of(&club.games[i]), section) {
                Some(c) => changed |= c,
                None => return Ok(Err(Back::Whole)),
            }
        }
        if changed {
            index = Some(facts);
        }
    }
    let target = SiteTarget::writing(dir);
    if let Some(facts) = &index {
        put_index(&facts.index(), &target)?;
    }
    for &i in &plan.sections {
        put_section(&club, i, &target)?;
    }
    for key in &plan.players {
        put_player(&club, key, settings, &target)?;
    }
    for &i in &plan.games {
        let Some(r) = read.get(&club.games[i].file) else {
            continue;
        };
        put_game(&club, i, &r.game, &r.path, settings, &target)?;
    }
    let done = target.finish()?;
    // From here on the cache follows the pages.
    known.listed.identity = identity;
    // `dynamo` knows what changed the folder last: a change by another
    // within the same tick of the file system's clock, just after it,
    // is seen by the next full build (`dynamo site DIR --check`).
    known.listed.settled = true;
    known.unsettled = read
        .values()
        .filter(|r| !r.row.entry.settled)
        .map(|r| r.row.file.clone())
        .collect();
    let mut saved = Ok(());
    for r in read.into_values() {
        if let Err(why) = cache.set_game(r.row) {
            return Ok(Err(stand_back(why)));
        }
    }
    if let Err(why) = cache.set_folder(&own.folder, known) {
        return Ok(Err(stand_back(why)));
    }
    if let Some(facts) = &index {
        saved = cache.save_index(facts);
    }
    if saved.is_ok() {
        saved = cache.save();
    }
    Ok(Ok(Written {
        files: done.paths.len(),
        written: done.written,
        removed: Vec::new(),
        created: done.created,
        games: cache.top.games,
        sections: cache.top.sections,
        players: cache.top.players,
        cache: saved.err(),
        rebuilt: None,
        links: done.links.into_iter().collect(),
        foreign: Vec::new(),
    }))
}

/// The club of the games `read` (by file, as they are now), their
/// section, their players, every game those players played and every
/// section they are in, from the cache's entries; and the keys of the
/// players whose every game and section it holds.
fn gather(
    games_dir: &Path,
    cache: &mut Cache,
    folder: &str,
    known: &super::cache::Known,
    read: &BTreeMap<String, Read>,
) -> Step<(Club, BTreeSet<String>)> {
    // The players whose pages may change: those of the games read and,
    // in a section's folder, every player the section names.
    let mut keys: BTreeSet<String> = BTreeSet::new();
    for r in read.values() {
        keys.insert(person_key(&r.was.white));
        keys.insert(person_key(&r.was.black));
    }
    let mut sections: BTreeMap<String, (PathBuf, Section, String)> = BTreeMap::new();
    if known.section_file.is_some() {
        let page = page_of_section(cache, folder)?;
        let s = section_of(games_dir, cache, folder, page)?;
        keys.extend(
            s.1.players
                .iter()
                .map(|p| player_key(&p.name, Some(&p.email))),
        );
        keys.extend(
            s.1.substituted
                .iter()
                .map(|p| player_key(&p.old_name, Some(&p.old_email))),
        );
        sections.insert(folder.to_string(), s);
    }
    let mut files: BTreeSet<String> = read.keys().cloned().collect();
    for key in &keys {
        let seen = cached(cache.player(key))?;
        files.extend(seen.files);
        for rel in seen.sections {
            if let std::collections::btree_map::Entry::Vacant(e) = sections.entry(rel) {
                let page = page_of_section(cache, e.key())?;
                let s = section_of(games_dir, cache, e.key(), page)?;
                e.insert(s);
            }
        }
    }
    for (folder, section, _) in sections.values() {
        files.extend(section_games(games_dir, folder, section));
    }
    let mut games: Vec<(String, String, Summary)> = Vec::with_capacity(files.len());
    for file in files {
        let row = match read.get(&file) {
            Some(r) => r.row.clone(),
            None => cached(cache.game(&file))?,
        };
        games.push((row.file, row.page, row.entry.summary));
    }
    games.sort_by(|a, b| file_order(&a.0, &b.0));
    // Every page these games and sections link to.
    let mut linked: BTreeSet<String> = keys.clone();
    for (_, _, s) in &games {
        linked.insert(person_key(&s.white));
        linked.insert(person_key(&s.black));
    }
    for (_, section, _) in sections.values() {
        linked.extend(
            section
                .players
                .iter()
                .map(|p| player_key(&p.name, Some(&p.email))),
        );
    }
    let mut pages = BTreeMap::new();
    for key in linked {
        let seen = cached(cache.player(&key))?;
        pages.insert(key, seen.page);
    }
    let sections: Vec<_> = sections.into_values().collect();
    let club = Club::assemble_named(games_dir, games, &sections, pages).map_err(|_| Back::Whole)?;
    Ok((club, keys))
}

/// The page of the section in the folder `rel`, as the pages name it.
fn page_of_section(cache: &mut Cache, rel: &str) -> Step<String> {
    let known = cached(cache.folder(rel))?;
    known.section_page.ok_or(Back::Whole)
}
