//! A correction of many games written down before any of them is changed
//! (`tournament set`), so that a run stopped half-way never leaves the
//! games half corrected: until the correction is finished, whatever
//! changes one of its games applies it first ([`due`], called by the
//! recorder under the game's lock), with the same `[%set …]` event at
//! the same time as the run would have.
//!
//! The record is one file in the games' folder, [`PENDING_FILE`]: a JSON
//! object whose `correction` member is a [`PendingCorrection`] (the time,
//! the reason, and for each game file of the folder its tags from what
//! to what). Its other members are its writer's own (a section's new
//! settings and letter): the game layer reads none of them. The writer
//! writes it atomically and durably before the first game is changed and
//! removes it last.

use std::path::{Path, PathBuf};

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use super::clock::parse_time;
use super::correct::TagEdit;
use super::error::GameError;
use super::record::Game;
use crate::durable::{self, ReadError};

/// The record's name in the games' folder; hidden, so that no reader of
/// a games folder takes it for a game.
pub const PENDING_FILE: &str = ".dynamo-correction.json";

/// The largest record read: far above a section's hundreds of games.
const MAX_RECORD_BYTES: u64 = 4 << 20;

/// One tag of one game, from what to what.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PendingTag {
    /// How the command named it (`--event`), for messages.
    pub field: String,
    /// The tag.
    pub name: String,
    /// Its value before (none when the game had no such tag).
    pub old: Option<String>,
    /// Its value after.
    pub new: String,
}

/// One game's part of the correction.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PendingGame {
    /// The game's file name in the folder.
    pub file: String,
    pub tags: Vec<PendingTag>,
}

/// The correction of the games of one folder, as it is to be made.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PendingCorrection {
    /// When the correction is made, RFC 3339: the time of each game's
    /// event.
    pub at: String,
    /// Why, as each game's event says it.
    pub reason: Option<String>,
    pub games: Vec<PendingGame>,
}

/// What is still to do in one game: the tags not yet at their new value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Due {
    pub edits: Vec<TagEdit>,
    pub reason: Option<String>,
    pub at: DateTime<Utc>,
}

impl PendingCorrection {
    /// The part of the correction still to make in `game`, the file
    /// `file` of the folder: nothing once every tag says its new value;
    /// `None` for its time too when it does not read.
    pub fn due(&self, file: &str, game: &Game) -> Option<Due> {
        let part = self.games.iter().find(|g| g.file == file)?;
        let at = parse_time(&self.at).ok()?;
        let edits: Vec<TagEdit> = part
            .tags
            .iter()
            .filter(|t| game.tag(&t.name) != Some(t.new.as_str()))
            .map(|t| TagEdit {
                field: t.field.clone(),
                name: t.name.clone(),
                value: t.new.clone(),
            })
            .collect();
        (!edits.is_empty()).then(|| Due {
            edits,
            reason: self.reason.clone(),
            at,
        })
    }
}

/// The record's path in the folder `dir`.
pub fn path(dir: &Path) -> PathBuf {
    dir.join(PENDING_FILE)
}

#[derive(Deserialize)]
struct Record {
    correction: PendingCorrection,
}

/// The correction pending in the folder `dir`, if one is.
pub fn read(dir: &Path) -> Result<Option<PendingCorrection>, GameError> {
    let file = path(dir);
    let bytes = match durable::read_regular(&file, MAX_RECORD_BYTES) {
        Ok(bytes) => bytes,
        Err(ReadError::File(e)) if e.source.kind() == std::io::ErrorKind::NotFound => {
            return Ok(None);
        }
        Err(e) => return Err(e.into()),
    };
    let record: Record = serde_json::from_slice(&bytes).map_err(|e| GameError::Pending {
        path: file.clone(),
        problem: e.to_string(),
    })?;
    if let Err(e) = parse_time(&record.correction.at) {
        return Err(GameError::Pending {
            path: file,
            problem: format!("at: {e}"),
        });
    }
    Ok(Some(record.correction))
}

/// The correction still due in the game at `real` (the real file, under
/// its lock), as it is now: `game`.
pub fn due(real: &Path, game: &Game) -> Result<Option<Due>, GameError> {
    let (Some(dir), Some(name)) = (real.parent(), real.file_name()) else {
        return Ok(None);
    };
    let dir = if dir.as_os_str().is_empty() {
        Path::new(".")
    } else {
        dir
    };
    Ok(read(dir)?.and_then(|c| c.due(&name.to_string_lossy(), game)))
}
