//! Each player's choice of mail: a notice per event (the default), or one
//! mail a day. Kept in the players' settings file of the director's
//! state, `OUTBOX/digest/players.toml`, keyed by address (lower case):
//! beside the outbox, because the choice decides what the outbox sends
//! and when, and the notices' subscriber reads it under the same locks as
//! it queues. Written by `dynamo digest --player ADDR --choose …` and by a
//! player's `digest daily` / `digest off` reply; every write takes the
//! file's lock, reads it again, and replaces it atomically and durably.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::Duration;

use serde::{Deserialize, Serialize};

use super::super::error::MailError;
use super::super::lock;
use crate::durable;

/// The folder of the digest's state inside the outbox.
pub const DIGEST_FOLDER: &str = "digest";
/// The players' settings file's name in it.
pub const PLAYERS_FILE: &str = "players.toml";
/// The largest settings file read: a club's players fit many times.
const MAX_BYTES: u64 = 4 << 20;

/// How a player takes their mail.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Choice {
    /// One mail a day of all their games; urgent mail still at once.
    Daily,
    /// A notice of every event (the default).
    Off,
}

impl Choice {
    /// `daily` or `off`, as the player and the director write it.
    pub fn word(self) -> &'static str {
        match self {
            Choice::Daily => "daily",
            Choice::Off => "off",
        }
    }

    /// The phrase of a reply that makes it: `digest daily`, `digest off`.
    pub fn phrase(self) -> &'static str {
        match self {
            Choice::Daily => "digest daily",
            Choice::Off => "digest off",
        }
    }

    /// Reads `daily` or `off` (any case).
    pub fn parse(text: &str) -> Option<Choice> {
        match text.trim().to_ascii_lowercase().as_str() {
            "daily" => Some(Choice::Daily),
            "off" => Some(Choice::Off),
            _ => None,
        }
    }
}

/// One player's settings.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
struct Settings {
    digest: Choice,
}

/// Every player's choice, as the file holds it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Choices {
    players: BTreeMap<String, Settings>,
}

/// The key of an address: lower case, trimmed.
fn key(address: &str) -> String {
    address.trim().to_lowercase()
}

/// The players' settings file of the outbox `outbox`.
pub fn players_file(outbox: &Path) -> PathBuf {
    outbox.join(DIGEST_FOLDER).join(PLAYERS_FILE)
}

impl Choices {
    /// The choices in the outbox `outbox`; none when there is no file yet.
    pub fn load(outbox: &Path) -> Result<Choices, MailError> {
        let path = players_file(outbox);
        let bytes = match durable::read_regular(&path, MAX_BYTES) {
            Ok(bytes) => bytes,
            Err(durable::ReadError::File(e)) if e.source.kind() == std::io::ErrorKind::NotFound => {
                return Ok(Choices::default());
            }
            Err(e) => return Err(broken(&path, e.to_string())),
        };
        let text = String::from_utf8(bytes).map_err(|e| broken(&path, e.to_string()))?;
        let players = toml::from_str(&text).map_err(|e| broken(&path, e.to_string()))?;
        Ok(Choices { players })
    }

    /// Whether the player of `address` takes one mail a day.
    pub fn daily(&self, address: &str) -> bool {
        self.get(address) == Choice::Daily
    }

    /// The choice of the player of `address` (`Off` when never made).
    pub fn get(&self, address: &str) -> Choice {
        self.players
            .get(&key(address))
            .map_or(Choice::Off, |s| s.digest)
    }

    /// The addresses that chose the digest, in order.
    pub fn daily_players(&self) -> impl Iterator<Item = &str> {
        self.players
            .iter()
            .filter(|(_, s)| s.digest == Choice::Daily)
            .map(|(a, _)| a.as_str())
    }

    /// Records `choice` for `address` under the file's lock; returns the
    /// choice it replaces.
    pub fn set(
        outbox: &Path,
        address: &str,
        choice: Choice,
        patience: Duration,
    ) -> Result<Choice, MailError> {
        let folder = outbox.join(DIGEST_FOLDER);
        durable::make_private_dirs(&folder)?;
        let _held = lock::acquire(&folder.join("players.lock"), patience)?;
        let mut choices = Choices::load(outbox)?;
        let before = choices.get(address);
        match choice {
            // The default is no entry: the file lists who chose the digest.
            Choice::Off => choices.players.remove(&key(address)),
            Choice::Daily => choices
                .players
                .insert(key(address), Settings { digest: choice }),
        };
        let text = toml::to_string(&choices.players)
            .map_err(|e| MailError::Build(format!("players' settings: {e}")))?;
        let text = format!(
            "# Each player's choice of mail, by address: digest = \"daily\" for one mail a\n\
             # day. Written by `dynamo digest --player ADDR --choose daily|off`.\n{text}"
        );
        durable::write_private(&players_file(outbox), text.as_bytes())?;
        Ok(before)
    }
}

fn broken(path: &Path, why: String) -> MailError {
    MailError::Build(format!(
        "the players' settings file {} cannot be read: {why}",
        path.display()
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_choice_is_kept_by_address_in_any_case_and_off_removes_it() {
        let tmp = tempfile::tempdir().expect("tempdir");
        let outbox = tmp.path().join("outbox");
        assert!(!Choices::load(&outbox).expect("no file").daily("a@b.c"));
        let wait = Duration::from_secs(1);
        let before = Choices::set(&outbox, "Ada@Example.org", Choice::Daily, wait).expect("set");
        assert_eq!(before, Choice::Off);
        let choices = Choices::load(&outbox).expect("load");
        assert!(choices.daily("ada@example.org"));
        assert_eq!(
            choices.daily_players().collect::<Vec<_>>(),
            ["ada@example.org"]
        );
        Choices::set(&outbox, "ada@example.org", Choice::Off, wait).expect("off");
        assert!(
            !Choices::load(&outbox)
                .expect("load")
                .daily("ada@example.org")
        );
    }

    #[test]
    fn a_broken_file_is_an_error_naming_it() {
        let tmp = tempfile::tempdir().expect("tempdir");
        let path = players_file(tmp.path());
        std::fs::create_dir_all(path.parent().expect("folder")).expect("mkdir");
        std::fs::write(&path, "[\"a@b.c\"]\ndigest = \"weekly\"\n").expect("write");
        let err = Choices::load(tmp.path()).expect_err("weekly is no choice");
        assert!(err.to_string().contains("players.toml"), "{err}");
    }
}
