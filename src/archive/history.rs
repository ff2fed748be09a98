//! A game's history as the archive holds it: each commit that changed
//! its file, oldest first (`dynamo history FILE`).

use chrono::{DateTime, Utc};

use super::error::ArchiveError;
use super::repo::Archive;

/// One commit of a game's file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HistoryEntry {
    /// When it was committed.
    pub at: DateTime<Utc>,
    /// Its author: the director who recorded the event.
    pub director: String,
    /// Its first line: the event as the notices name it.
    pub event: String,
    /// The commit's short name.
    pub commit: String,
}

/// The separator of the fields git prints: no message holds it.
const UNIT: char = '\u{1f}';

impl Archive {
    /// The commits of the file at `rel`, oldest first.
    pub fn history(&self, rel: &str) -> Result<Vec<HistoryEntry>, ArchiveError> {
        let text = self.git().run(
            &[
                "log",
                "--reverse",
                "--format=%at%x1f%an%x1f%s%x1f%h",
                "--",
                rel,
            ],
            None,
        )?;
        Ok(text.lines().filter_map(entry).collect())
    }
}

/// One line of `git log` as [`Archive::history`] asks for it.
fn entry(line: &str) -> Option<HistoryEntry> {
    let mut fields = line.split(UNIT);
    let at = fields.next()?.parse::<i64>().ok()?;
    Some(HistoryEntry {
        at: DateTime::from_timestamp(at, 0)?,
        director: fields.next()?.to_string(),
        event: fields.next()?.to_string(),
        commit: fields.next()?.to_string(),
    })
}
