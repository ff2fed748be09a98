//! A section's settings corrected before play (`dynamo tournament set`):
//! its start, time control, event and rules, in each game's header and
//! in the section file. Nothing here writes a game: each game's change is
//! a header correction the recorder records, with its audit trail; the
//! section file is written last ([`super::store_section`]), so a run
//! killed half-way is finished by running it again — the games already
//! changed need nothing, the rest and the section file are done, and what
//! changed is always read from the section file, which still says how
//! things were.

use std::path::PathBuf;

use chrono::{DateTime, Utc};
use dynamo_core::Rules;

use super::section::Section;
use crate::game::clock::{format_time, format_time_short, parse_time};
use crate::game::{Game, TagEdit, TimeControl};

/// The settings to change; `None` keeps one as it is.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Amendment {
    pub start: Option<DateTime<Utc>>,
    pub time_control: Option<TimeControl>,
    pub event: Option<String>,
    pub rules: Option<Rules>,
}

/// What the amendment does to a section.
#[derive(Debug, Clone)]
pub struct AmendPlan {
    /// The section file as it is to be written.
    pub section: Section,
    /// Each game to correct, in the section's order, with its tags.
    pub games: Vec<(PathBuf, Vec<TagEdit>)>,
    /// Each setting changed, in words: `Start: 2026-11-27 09:00 UTC (was
    /// 2026-11-20 09:00 UTC)`; empty when the section file says it all
    /// already.
    pub changes: Vec<String>,
}

impl Amendment {
    /// The start (or the section's own) and the time control after it.
    pub fn start_after(&self, section: &Section) -> Option<DateTime<Utc>> {
        self.start.or_else(|| parse_time(&section.start).ok())
    }

    /// What the amendment does to `section`, whose games are `games`
    /// (each by its path, as read).
    pub fn plan(&self, section: &Section, games: &[(PathBuf, Game)]) -> AmendPlan {
        let mut after = section.clone();
        let mut changes = Vec::new();
        let mut note = |what: &str, was: &str, now: &str| {
            if was != now {
                changes.push(format!("{what}: {now} (was {was})"));
            }
        };
        if let Some(start) = self.start {
            let was = parse_time(&section.start)
                .map(format_time_short)
                .unwrap_or_else(|_| section.start.clone());
            note("Start", &was, &format_time_short(start));
            after.start = format_time(start);
        }
        if let Some(tc) = self.time_control {
            note("Time control", &section.time_control, &tc.to_string());
            after.time_control = tc.to_string();
        }
        if let Some(event) = &self.event {
            note("Event", &section.event, event);
            after.event = event.clone();
        }
        if let Some(rules) = self.rules {
            note("Rules", &section.rules, &rules.to_string());
            after.rules = rules.to_string();
        }
        let mut planned = Vec::new();
        for (path, game) in games {
            let edits = self.game_edits(game);
            if !edits.is_empty() {
                planned.push((path.clone(), edits));
            }
        }
        AmendPlan {
            section: after,
            games: planned,
            changes,
        }
    }

    /// The tags of `game` that differ from what is asked.
    fn game_edits(&self, game: &Game) -> Vec<TagEdit> {
        let mut wanted: Vec<(&str, &str, String)> = Vec::new();
        if let Some(event) = &self.event {
            wanted.push(("--event", "Event", event.clone()));
        }
        if let Some(tc) = self.time_control {
            wanted.push(("--time-control", "TimeControl", tc.to_string()));
        }
        if let Some(rules) = self.rules {
            wanted.push(("--rules", "Rules", rules.to_string()));
        }
        if let Some(start) = self.start {
            let date = start.format("%Y.%m.%d").to_string();
            wanted.push(("--start", "Date", date.clone()));
            wanted.push(("--start", "UTCDate", date));
            wanted.push(("--start", "UTCTime", start.format("%H:%M:%S").to_string()));
        }
        wanted
            .into_iter()
            .filter(|(_, name, value)| game.tag(name) != Some(value.as_str()))
            .map(|(field, name, value)| TagEdit {
                field: field.to_string(),
                name: name.to_string(),
                value,
            })
            .collect()
    }
}
