//! A section's settings corrected before play (`dynamo tournament set`):
//! its start, time control, event and rules, in each game's header and
//! in the section file. Nothing here writes a game: each game's change is
//! a header correction the recorder records, with its audit trail. The
//! whole correction is written down first ([`SectionCorrection`]), so
//! that a run killed half-way never leaves the section half corrected:
//! any change of one of its games makes that game's part first, and the
//! next `tournament set` finishes the rest, the section file and the
//! letter.

use std::path::{Path, PathBuf};

use chrono::{DateTime, Utc};
use dynamo_core::Rules;
use serde::{Deserialize, Serialize};

use super::error::SectionError;
use super::section::Section;
use crate::durable::{self, ReadError};
use crate::game::clock::{format_time, format_time_short, parse_time};
use crate::game::pending::{self, PendingCorrection, PendingGame, PendingTag};
use crate::game::{Game, TagEdit, TimeControl};

/// The largest record of a pending correction read.
const MAX_RECORD_BYTES: u64 = 4 << 20;

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

/// A section's correction written down before any game is changed
/// ([`crate::game::pending`]): the games' tags, and what the section file
/// and the players' letter are to say. Whatever changes a game of the
/// section meanwhile makes that game's part first; the next `tournament
/// set` of the section finishes the rest, writes the section file, sends
/// the letter and removes the record, last.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SectionCorrection {
    /// What the game layer reads: each game's tags, the time, the reason.
    pub correction: PendingCorrection,
    /// The section file as it is to be written.
    pub section: Section,
    /// Each setting changed, in words, for the letter and the output.
    pub changes: Vec<String>,
    /// Whether the players get a letter.
    pub mail: bool,
}

impl SectionCorrection {
    /// The record of `plan`, made at `at` for `reason`, of the games
    /// `games` (each by its path, as read under their locks).
    pub fn new(
        plan: &AmendPlan,
        games: &[(PathBuf, Game)],
        at: DateTime<Utc>,
        reason: Option<&str>,
        mail: bool,
    ) -> SectionCorrection {
        let games = plan
            .games
            .iter()
            .map(|(path, edits)| {
                let game = games.iter().find(|(p, _)| p == path).map(|(_, g)| g);
                PendingGame {
                    file: path
                        .file_name()
                        .map(|n| n.to_string_lossy().into_owned())
                        .unwrap_or_default(),
                    tags: edits
                        .iter()
                        .map(|e| PendingTag {
                            field: e.field.clone(),
                            name: e.name.clone(),
                            old: game.and_then(|g| g.tag(&e.name)).map(str::to_string),
                            new: e.value.clone(),
                        })
                        .collect(),
                }
            })
            .collect();
        SectionCorrection {
            correction: PendingCorrection {
                at: format_time(at),
                reason: reason.map(str::to_string),
                games,
            },
            section: plan.section.clone(),
            changes: plan.changes.clone(),
            mail,
        }
    }

    /// The correction pending in the section `folder`, if one is.
    pub fn read(folder: &Path) -> Result<Option<SectionCorrection>, SectionError> {
        let path = pending::path(folder);
        let bytes = match durable::read_regular(&path, MAX_RECORD_BYTES) {
            Ok(bytes) => bytes,
            Err(ReadError::File(e)) if e.source.kind() == std::io::ErrorKind::NotFound => {
                return Ok(None);
            }
            Err(e) => return Err(e.into()),
        };
        let record: SectionCorrection =
            serde_json::from_slice(&bytes).map_err(|e| SectionError::Invalid {
                path: path.clone(),
                why: format!("a pending correction that cannot be read: {e}"),
            })?;
        if let Err(e) = parse_time(&record.correction.at) {
            return Err(SectionError::Invalid {
                path,
                why: format!("a pending correction's time: {e}"),
            });
        }
        Ok(Some(record))
    }

    /// Writes the record into the section `folder`, atomically and
    /// durably: from now on every game's change makes its part first.
    pub fn write(&self, folder: &Path) -> Result<(), SectionError> {
        let text = serde_json::to_string_pretty(self).map_err(|e| SectionError::Invalid {
            path: pending::path(folder),
            why: e.to_string(),
        })?;
        durable::write_atomic(&pending::path(folder), text.as_bytes())?;
        Ok(())
    }

    /// The time of the correction.
    pub fn at(&self) -> DateTime<Utc> {
        // Checked when it was read, made by `new` otherwise.
        parse_time(&self.correction.at).unwrap_or_default()
    }

    /// Removes the record from the section `folder`, durably: the
    /// correction is whole.
    pub fn remove(folder: &Path) -> Result<(), SectionError> {
        durable::remove(&pending::path(folder))?;
        Ok(())
    }
}
