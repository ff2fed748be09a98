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
    pub fn of(g: &ClubGame) -> Shown {
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
    for (i, s) in club.sections.iter().enumerate() {
        all.entry(s.folder.clone()).or_default().section = Some(section_facts(club, i));
    }
    all
}

/// What the index shows of the section `index` of `club`.
pub fn section_facts(club: &Club, index: usize) -> SectionFacts {
    let s = &club.sections[index];
    let finished = s
        .games
        .iter()
        .filter(|&&i| club.games[i].summary.finished())
        .count();
    SectionFacts {
        page: s.page.clone(),
        name: s.section.name.clone(),
        event: s.section.event.clone(),
        players: s.standings.rows.len(),
        finished,
        games: s.games.len(),
    }
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

/// What the index and the feed show of the whole club, as the pages'
/// cache keeps it (`cache.rs`): an event reads it only when it changes
/// what they show.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct IndexFacts {
    /// Each section's, by its folder's path under the games folder.
    pub sections: BTreeMap<String, SectionFacts>,
    /// The games outside any section, in the order of their files.
    pub loose: Vec<Shown>,
    /// The latest finished games, the latest first.
    pub latest: Vec<Shown>,
    /// Whether the club has a game at all.
    pub any: bool,
}

/// What the index shows of a game outside any section: the same for
/// two summaries leaves its line as it was.
fn line_of(s: &Shown) -> (&str, &str, Option<&str>, &str, &str) {
    let m = &s.summary;
    (
        &m.white.name,
        &m.black.name,
        m.result.as_deref(),
        &m.reason,
        &s.page,
    )
}

impl IndexFacts {
    /// The index of the whole `club`.
    pub fn of(club: &Club) -> IndexFacts {
        let facts = of(club);
        let index = Index::of(facts.values());
        IndexFacts {
            loose: index.loose.into_iter().cloned().collect(),
            latest: index.latest.into_iter().cloned().collect(),
            any: index.any,
            sections: facts
                .into_iter()
                .filter_map(|(rel, f)| Some((rel, f.section?)))
                .collect(),
        }
    }

    /// The index as its page and the feed show it.
    pub fn index(&self) -> Index<'_> {
        Index {
            sections: self.sections.values().collect(),
            loose: self.loose.iter().collect(),
            latest: self.latest.iter().collect(),
            any: self.any,
        }
    }

    /// The index after the game `now` (with its page and summary) took
    /// the place of what it was, in the section whose folder and facts
    /// are `section` now or outside any; whether what the index shows
    /// changed, or `None` when that cannot be told from the index alone
    /// (a game among the latest results that left them).
    pub fn change(&mut self, now: Shown, section: Option<(&str, SectionFacts)>) -> Option<bool> {
        let mut changed = false;
        match section {
            Some((folder, facts)) => {
                if self.sections.get(folder) != Some(&facts) {
                    self.sections.insert(folder.to_string(), facts);
                    changed = true;
                }
            }
            None => {
                let at = self
                    .loose
                    .binary_search_by(|s| file_order(&s.file, &now.file))
                    .ok()?;
                if line_of(&self.loose[at]) != line_of(&now) {
                    self.loose[at] = now.clone();
                    changed = true;
                }
            }
        }
        let was = self.latest.iter().position(|s| s.file == now.file);
        if was.is_none() && !now.summary.finished() {
            return Some(changed);
        }
        // A game that was among the latest, when they were full, may
        // give its place to one the index does not hold: unless it is
        // still finished and no lower than the last of them was.
        if was.is_some() && self.latest.len() == LATEST {
            let rank = |s: &Shown| {
                (
                    std::cmp::Reverse(s.summary.last_event_time()),
                    s.page.clone(),
                )
            };
            let last = self.latest.last().map(rank);
            if !now.summary.finished() || last.is_some_and(|last| rank(&now) > last) {
                return None;
            }
        }
        let mut candidates: Vec<&Shown> =
            self.latest.iter().filter(|s| s.file != now.file).collect();
        if now.summary.finished() {
            candidates.push(&now);
        }
        let latest: Vec<Shown> = latest(candidates, |s| &s.page, |s| &s.summary)
            .into_iter()
            .cloned()
            .collect();
        if latest != self.latest {
            self.latest = latest;
            changed = true;
        }
        Some(changed)
    }
}
