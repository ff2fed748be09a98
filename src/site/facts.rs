//! What the index and the feed show of each folder of the games folder —
//! its section's counts, its games outside any section, its latest
//! results — kept by folder in the pages' cache (`cache.rs`), so that an
//! event's update makes the index and the feed again from the facts of
//! the folders it read and the cached facts of all others. A full build
//! makes them the same way, from the facts of every folder: the same
//! games give the same bytes whichever way the pages were written.

use std::cmp::Ordering;
use std::collections::BTreeMap;

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use super::club::{Club, ClubGame, parent};
use super::summary::Summary;

/// How many results the index and the feed show.
pub const LATEST: usize = 20;

/// A game as the index and the feed show it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Shown {
    /// Its file's path under the games folder, `/`-separated.
    pub file: String,
    /// Its page's path in the site, without `.html`.
    pub page: String,
    pub summary: Summary,
}

impl Shown {
    fn of(g: &ClubGame) -> Shown {
        Shown {
            file: g.file.clone(),
            page: g.page.clone(),
            summary: g.summary.clone(),
        }
    }
}

/// A section as the index shows it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SectionFacts {
    pub page: String,
    pub name: String,
    pub event: String,
    /// The rows of its standings.
    pub players: usize,
    pub finished: usize,
    pub games: usize,
}

/// What the index and the feed show of one folder.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Facts {
    /// The section whose folder it is.
    pub section: Option<SectionFacts>,
    /// How many game files it holds.
    pub games: usize,
    /// Its games outside any section, in the order of their files.
    pub loose: Vec<Shown>,
    /// Its latest finished games, at most [`LATEST`], the latest first.
    pub latest: Vec<Shown>,
}

/// The facts of every folder of `club` that holds a game or is a
/// section's, by its path under the games folder.
pub fn of(club: &Club) -> BTreeMap<String, Facts> {
    let mut all: BTreeMap<String, Facts> = BTreeMap::new();
    let mut finished: BTreeMap<&str, Vec<&ClubGame>> = BTreeMap::new();
    for g in &club.games {
        let folder = parent(&g.file);
        let facts = all.entry(folder.to_string()).or_default();
        facts.games += 1;
        if g.section.is_none() {
            facts.loose.push(Shown::of(g));
        }
        if g.summary.finished() {
            finished.entry(folder).or_default().push(g);
        }
    }
    for (folder, games) in finished {
        if let Some(facts) = all.get_mut(folder) {
            let games = latest(games, |g| &g.page, |g| &g.summary);
            facts.latest = games.into_iter().map(Shown::of).collect();
        }
    }
    for s in &club.sections {
        let finished = s
            .games
            .iter()
            .filter(|&&i| club.games[i].summary.finished())
            .count();
        all.entry(s.folder.clone()).or_default().section = Some(SectionFacts {
            page: s.page.clone(),
            name: s.section.name.clone(),
            event: s.section.event.clone(),
            players: s.standings.rows.len(),
            finished,
            games: s.games.len(),
        });
    }
    all
}

/// The latest finished of `games` (each with its page and summary), at
/// most [`LATEST`], the latest first, then by page so that the order
/// never depends on how the folder was read.
fn latest<T>(
    games: Vec<&T>,
    page: impl Fn(&T) -> &String,
    summary: impl Fn(&T) -> &Summary,
) -> Vec<&T> {
    // Each time read once, not at every comparison.
    let mut done: Vec<(Option<DateTime<Utc>>, &T)> = games
        .into_iter()
        .filter(|g| summary(g).finished())
        .map(|g| (summary(g).last_event_time(), g))
        .collect();
    done.sort_by(|(ta, a), (tb, b)| tb.cmp(ta).then_with(|| page(a).cmp(page(b))));
    done.truncate(LATEST);
    done.into_iter().map(|(_, g)| g).collect()
}

/// The index and the feed of the whole club, from the facts of each of
/// its folders.
#[derive(Debug, Default)]
pub struct Index<'a> {
    /// In the order of their folders' names.
    pub sections: Vec<&'a SectionFacts>,
    /// The games outside any section, in the order of their files.
    pub loose: Vec<&'a Shown>,
    /// The latest finished games, the latest first.
    pub latest: Vec<&'a Shown>,
    /// Whether the club has a game at all.
    pub any: bool,
}

impl<'a> Index<'a> {
    /// The index of the folders' `facts`, in the order of their paths.
    pub fn of(facts: impl Iterator<Item = &'a Facts>) -> Index<'a> {
        let mut index = Index::default();
        let mut candidates: Vec<&Shown> = Vec::new();
        for f in facts {
            index.sections.extend(f.section.as_ref());
            index.loose.extend(&f.loose);
            candidates.extend(&f.latest);
            index.any |= f.games > 0;
        }
        // Each folder's are in its files' order; a folder's sub-folders
        // may come between them.
        index.loose.sort_by(|a, b| file_order(&a.file, &b.file));
        index.latest = latest(candidates, |s| &s.page, |s| &s.summary);
        index
    }
}

/// The order of the games folder's files, by their paths under it, as
/// `game::folder::pgn_files` sorts them: component by component.
pub fn file_order(x: &str, y: &str) -> Ordering {
    if x.is_ascii() && y.is_ascii() {
        x.split('/').cmp(y.split('/'))
    } else {
        std::path::Path::new(x).cmp(std::path::Path::new(y))
    }
}
