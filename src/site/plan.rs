//! Which pages an update writes, from the club as the pages show it
//! and the club now.

use std::collections::{BTreeSet, HashMap};

use super::club::{Club, person_key};

/// Which pages an update writes, from the club as the pages show it
/// (`was`, from the cache) and as it is now.
#[derive(Debug, Default)]
pub struct Plan {
    /// Games by their index now.
    pub games: BTreeSet<usize>,
    /// Sections by their index (the same before and after: a section
    /// changed makes a full build).
    pub sections: BTreeSet<usize>,
    /// Players by their key.
    pub players: BTreeSet<String>,
    /// Pages the site had and has no more, by their path in it.
    pub gone: BTreeSet<String>,
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
    pub fn new(was: &Club, now: &Club, read: impl Iterator<Item = usize>) -> Plan {
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
