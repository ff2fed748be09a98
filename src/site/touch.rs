//! An event's update that reads only what it touches: the cache's `top`,
//! the folders whose identity moved (listed again, their files' identities
//! taken), and the cached games of the folders whose pages it writes — the
//! folders of the games read again, and every folder of the players whose
//! pages show them. The club made of those folders alone gives the pages
//! of the games read, their sections, their players, and (with the other
//! folders' facts from `top`) the index and the feed: O(what the event
//! changed), not O(games).
//!
//! It stands back ([`Touched::Whole`]) whenever the club beyond those
//! folders may have changed: a file came or went, a game names other
//! players, a section file's text changed, or a folder's listing differs
//! from the cache's. Then `update.rs` works from the whole cache.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use super::build::Written;
use super::build::{SiteSettings, SiteTarget, put_game, put_index, put_player, put_section};
use super::cache::{Top, Unusable};
use super::cache_format::Row;
use super::club::Club;
use super::error::SiteError;
use super::facts::{self, Index, file_order};
use super::identity::{Entry, Identity, ListedFolder};
use super::plan::Plan;
use super::scan::{fingerprint, list, load, parse_section, section_text};
use super::summary::Summary;
use crate::game::Game;
use crate::tournament::SECTION_FILE;

/// How an update from the folders it touches went.
#[derive(Debug)]
pub enum Touched {
    /// The pages and the cache written.
    Done(Written),
    /// Nothing written: the club beyond the folders read may have
    /// changed.
    Whole,
    /// Nothing written: the cache is damaged, for this reason.
    Damaged(String),
}

/// A folder whose identity moved: its path under the games folder, how
/// it stands now, and its game files.
type Fresh = (String, ListedFolder, Games);

/// The game files of a folder whose identity moved.
enum Games {
    /// Listed again: each file's path and its path under the games
    /// folder.
    Listed(Vec<(PathBuf, String)>),
    /// Not listed: the cache's, `dynamo`'s own write to this one (its
    /// path under the games folder) the only change ([`Own`]).
    Own(String),
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

/// The folders whose identity is not the one `top` recorded, each listed
/// again; `None` when one of them now holds other sub-folders, a section
/// file it had not or a name that is not text, or is gone.
/// A folder whose identity moved only by `own`'s write (it was the one
/// recorded just before) is not listed: its listing is the cache's. The
/// folder of `own` has its identity now counted as settled, listed or
/// not, since `dynamo` knows what changed it last: a change by another
/// within the same tick of the file system's clock, just after it, is
/// seen by the next full build (`dynamo site DIR --check` reports it).
fn fresh(games_dir: &Path, top: &Top, own: Option<&Own>) -> Option<Vec<Fresh>> {
    let mut out = Vec::new();
    let mut stack = vec![String::new()];
    while let Some(rel) = stack.pop() {
        let known = top.folders.get(&rel)?;
        let path = if rel.is_empty() {
            games_dir.to_path_buf()
        } else {
            games_dir.join(&rel)
        };
        // Taken before the listing: a change in between is listed again
        // next time, never trusted with the old listing.
        let (identity, settled) = Identity::of(&path).ok()?;
        if known.listed.settled && known.listed.identity == identity {
            stack.extend(known.listed.folders.iter().cloned());
            continue;
        }
        let only_own = own.filter(|o| {
            o.folder == rel && known.listed.settled && known.listed.identity == o.before
        });
        if let Some(own) = only_own {
            stack.extend(known.listed.folders.iter().cloned());
            let listed = ListedFolder {
                identity,
                settled: true,
                folders: known.listed.folders.clone(),
            };
            out.push((rel, listed, Games::Own(own.file.clone())));
            continue;
        }
        let listing = list(games_dir, &rel).ok()?;
        if !listing.named || listing.folders != known.listed.folders {
            return None;
        }
        // Sections are the games folder's own sub-folders.
        let section_here = !rel.is_empty() && !rel.contains('/');
        if section_here && path.join(SECTION_FILE).is_file() != known.section_file.is_some() {
            return None;
        }
        stack.extend(listing.folders.iter().cloned());
        // Trusted as settled after `dynamo`'s own write, as when not
        // listed: else every event of a run of them lists it again.
        let ours = own.is_some_and(|o| o.folder == rel);
        let listed = ListedFolder {
            identity,
            settled: settled || ours,
            folders: listing.folders,
        };
        out.push((rel, listed, Games::Listed(listing.games)));
    }
    Some(out)
}

/// Each section file whose identity is not the one `top` recorded, with
/// its identity now, when its text is the one the pages were written
/// from; `None` when a text changed.
fn sections_moved(games_dir: &Path, top: &Top) -> Option<Vec<(String, Identity, bool)>> {
    let mut out = Vec::new();
    for (rel, known) in &top.folders {
        let Some(cached) = &known.section_file else {
            continue;
        };
        let folder = games_dir.join(rel);
        let (identity, settled) = Identity::of(&folder.join(SECTION_FILE)).ok()?;
        if cached.settled && cached.identity == identity {
            continue;
        }
        let text = section_text(&folder).ok()?;
        if fingerprint(&text) != cached.fingerprint {
            return None;
        }
        out.push((rel.clone(), identity, settled));
    }
    Some(out)
}

/// Why the update stands back when the cache of a folder is `why`.
fn stand_back(why: Unusable) -> Touched {
    match why {
        Unusable::Damaged(why) => Touched::Damaged(why),
        _ => Touched::Whole,
    }
}

/// The pages of the games changed since `top` was written, and of what
/// shows them, written into `dir` from the folders they touch; `top`
/// brought up to date and written with the files of the folders whose
/// games changed.
pub fn update(
    games_dir: &Path,
    dir: &Path,
    settings: &SiteSettings,
    top: &mut Top,
    own: Option<&Own>,
) -> Result<Touched, SiteError> {
    let Some(fresh) = fresh(games_dir, top, own) else {
        return Ok(Touched::Whole);
    };
    let Some(moved) = sections_moved(games_dir, top) else {
        return Ok(Touched::Whole);
    };
    // The games read again, by file, and the folders they are in.
    let mut read: BTreeMap<String, (PathBuf, Game)> = BTreeMap::new();
    let mut changed: BTreeSet<String> = BTreeSet::new();
    let mut rows_of: BTreeMap<String, Vec<Row>> = BTreeMap::new();
    for (rel, _, games) in &fresh {
        let mut rows = match top.games_of(games_dir, rel) {
            Ok(rows) => rows,
            Err(why) => return Ok(stand_back(why)),
        };
        let only = match games {
            Games::Listed(games) => {
                let mut listed: Vec<&str> = games.iter().map(|(_, f)| f.as_str()).collect();
                let mut cached: Vec<&str> = rows.iter().map(|r| r.file.as_str()).collect();
                listed.sort_unstable();
                cached.sort_unstable();
                if listed != cached {
                    return Ok(Touched::Whole);
                }
                None
            }
            // A new file: the club changed.
            Games::Own(file) if !rows.iter().any(|r| &r.file == file) => {
                return Ok(Touched::Whole);
            }
            Games::Own(file) => Some(file),
        };
        for row in &mut rows {
            // Beside `dynamo`'s own write, only an entry taken before its
            // file settled may no longer stand for it.
            let looked = only.is_none_or(|file| &row.file == file || !row.entry.settled);
            let path = games_dir.join(&row.file);
            if !looked || row.entry.stands_for(&path) {
                continue;
            }
            let Ok((identity, settled)) = Identity::of(&path) else {
                return Ok(Touched::Whole);
            };
            let game = load(&path)?;
            let summary = Summary::of(&game);
            let was = &row.entry.summary;
            if summary.white != was.white || summary.black != was.black {
                return Ok(Touched::Whole);
            }
            row.entry = Entry {
                identity,
                settled,
                summary,
            };
            read.insert(row.file.clone(), (path, game));
            changed.insert(rel.clone());
        }
        rows_of.insert(rel.clone(), rows);
    }
    // The folders whose games the pages written show: those changed, and
    // every folder of a player with a game or a section there.
    let mut wanted = changed.clone();
    for seen in top.players.values() {
        if seen.folders.iter().any(|f| changed.contains(f)) {
            wanted.extend(seen.folders.iter().cloned());
        }
    }
    for rel in &wanted {
        if !rows_of.contains_key(rel) {
            match top.games_of(games_dir, rel) {
                Ok(rows) => rows_of.insert(rel.clone(), rows),
                Err(why) => return Ok(stand_back(why)),
            };
        }
    }
    let mut sections = Vec::new();
    for rel in &wanted {
        let Some(known) = top.folders.get(rel) else {
            return Ok(Touched::Whole);
        };
        let Some(cached) = &known.section_file else {
            continue;
        };
        let folder = games_dir.join(rel);
        let (Ok(text), Some(facts)) = (section_text(&folder), &known.facts.section) else {
            return Ok(Touched::Whole);
        };
        if fingerprint(&text) != cached.fingerprint {
            return Ok(Touched::Whole);
        }
        let section = parse_section(&folder, &text)?;
        sections.push((folder, section, facts.page.clone()));
    }
    let mut games: Vec<(String, String, Summary)> = wanted
        .iter()
        .flat_map(|rel| &rows_of[rel])
        .map(|r| (r.file.clone(), r.page.clone(), r.entry.summary.clone()))
        .collect();
    games.sort_by(|a, b| file_order(&a.0, &b.0));
    let pages = top.players.iter().map(|(k, s)| (k.clone(), s.page.clone()));
    let Ok(club) = Club::assemble_named(games_dir, games, &sections, pages.collect()) else {
        return Ok(Touched::Whole);
    };
    let indices = club.games.iter().enumerate();
    let indices = indices.filter(|(_, g)| read.contains_key(&g.file));
    let plan = Plan::new(&club, &club, indices.map(|(i, _)| i));
    for key in &plan.players {
        let whole = top
            .players
            .get(key)
            .is_some_and(|seen| seen.folders.iter().all(|f| wanted.contains(f)));
        if !whole {
            return Ok(Touched::Whole);
        }
    }
    // From here on the update is the folders': `top` changes.
    let mut facts = facts::of(&club);
    for rel in &wanted {
        if let Some(known) = top.folders.get_mut(rel) {
            known.facts = facts.remove(rel).unwrap_or_default();
        }
    }
    let target = SiteTarget::writing(dir);
    put_index(&Index::of(top.folders.values().map(|k| &k.facts)), &target)?;
    for &i in &plan.sections {
        put_section(&club, i, &target)?;
    }
    for key in &plan.players {
        put_player(&club, key, settings, &target)?;
    }
    for &i in &plan.games {
        let Some((path, game)) = read.get(&club.games[i].file) else {
            continue;
        };
        put_game(&club, i, game, path, settings, &target)?;
    }
    let done = target.finish()?;
    for (rel, listed, _) in fresh {
        if let Some(known) = top.folders.get_mut(&rel) {
            known.listed = listed;
        }
    }
    for (rel, identity, settled) in moved {
        if let Some(file) = top
            .folders
            .get_mut(&rel)
            .and_then(|k| k.section_file.as_mut())
        {
            file.identity = identity;
            file.settled = settled;
        }
    }
    let mut saved = Ok(());
    for rel in &changed {
        saved = top.save_folder(games_dir, rel, rows_of[rel].iter().map(Row::by_ref));
        if saved.is_err() {
            break;
        }
    }
    if saved.is_ok() {
        saved = top.save(games_dir);
    }
    let counted = top.folders.values().map(|k| k.facts.games).sum();
    let sections = top.folders.values().filter(|k| k.section_file.is_some());
    Ok(Touched::Done(Written {
        files: done.paths.len(),
        written: done.written,
        removed: Vec::new(),
        games: counted,
        sections: sections.count(),
        players: top.players.len(),
        cache: saved.err(),
        rebuilt: None,
        links: done.links.into_iter().collect(),
        foreign: Vec::new(),
    }))
}
