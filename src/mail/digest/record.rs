//! A digest's record: which game each label of that day's digest to a
//! player named, at which event, and which held notices the digest
//! stands for. Written durably before the digest is queued, in
//! `OUTBOX/digest/records/PLAYER-DAY.json`; a reply to the digest is read
//! by it, and a run that finds the digest queued already removes the
//! held notices it names.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::super::error::MailError;
use super::choice::DIGEST_FOLDER;
use super::token::player_ref;
use crate::durable::{self, ReadError};

/// The largest record read.
const MAX_BYTES: u64 = 4 << 20;

/// One game of a digest.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DigestGame {
    /// Its label in the digest, `r03-b01`.
    pub label: String,
    /// The game file.
    pub path: PathBuf,
    /// The game's id.
    pub game_id: String,
    /// The player's side: `white` or `black`.
    pub side: String,
    /// The game's latest event when the digest was made.
    pub seq: u32,
    /// That event's key.
    pub key: String,
}

/// What one day's digest to one player showed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DigestRecord {
    /// The player's address.
    pub player: String,
    /// The day (days since 1970-01-01, UTC).
    pub day: i64,
    /// When it was made (RFC 3339).
    pub made: String,
    /// The digest's Message-ID.
    pub message_id: String,
    /// Its games, in the digest's order.
    pub games: Vec<DigestGame>,
    /// The Message-IDs of the held notices it stands for.
    pub covers: Vec<String>,
}

/// The record's file for the digest of `day` to `player`.
pub fn record_path(outbox: &Path, player: &str, day: i64) -> PathBuf {
    outbox
        .join(DIGEST_FOLDER)
        .join("records")
        .join(format!("{}-{day}.json", player_ref(player)))
}

impl DigestRecord {
    /// The record of the digest of `day` to `player`, if one was made.
    pub fn load(outbox: &Path, player: &str, day: i64) -> Result<Option<DigestRecord>, MailError> {
        let path = record_path(outbox, player, day);
        let bytes = match durable::read_regular(&path, MAX_BYTES) {
            Ok(bytes) => bytes,
            Err(ReadError::File(e)) if e.source.kind() == std::io::ErrorKind::NotFound => {
                return Ok(None);
            }
            Err(e) => return Err(MailError::Build(format!("digest record: {e}"))),
        };
        serde_json::from_slice(&bytes)
            .map(Some)
            .map_err(|e| MailError::Build(format!("digest record {}: {e}", path.display())))
    }

    /// Writes the record, atomically and durably; call it under the
    /// digest's lock ([`super::plan::lock`]).
    pub fn write(&self, outbox: &Path) -> Result<(), MailError> {
        let path = record_path(outbox, &self.player, self.day);
        if let Some(folder) = path.parent() {
            durable::make_private_dirs(folder)?;
        }
        // A run killed while writing it left its temporary file.
        durable::remove_stale_temps(&path);
        let text = serde_json::to_string_pretty(self)
            .map_err(|e| MailError::Build(format!("digest record: {e}")))?;
        durable::write_private(&path, text.as_bytes())?;
        Ok(())
    }

    /// The game of `label` (any case).
    pub fn game(&self, label: &str) -> Option<&DigestGame> {
        self.games
            .iter()
            .find(|g| g.label.eq_ignore_ascii_case(label))
    }
}
