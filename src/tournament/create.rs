//! Creating a section: its games from the Berger tables, then every file
//! at once. The files are written into a hidden folder beside where the
//! section goes, flushed to disk, and the folder renamed into place: after
//! a crash the section is there whole or not at all.

use std::collections::HashSet;
use std::fs;
use std::path::{Path, PathBuf};

use chrono::{DateTime, Utc};
use dynamo_core::{ByColor, Rules};

use super::berger;
use super::error::SectionError;
use super::players::Listed;
use super::section::{Bye, Entrant, SECTION_FILE, Section, SectionGame, game_file_name};
use crate::durable::{self, FileError, FileLock, LOCK_WAIT, LockError};
use crate::game::clock::format_time;
use crate::game::{Game, Language, NewGame, Player, TimeControl, store};

/// The longest section name, in bytes: the folder's name, with room for
/// the hidden `.NAME.lock` and `.NAME.new` under the file system's 255.
pub const MAX_NAME_BYTES: usize = 200;

/// What a new section is made of.
#[derive(Debug, Clone)]
pub struct SectionSettings {
    /// The folder's name in the games folder.
    pub name: String,
    /// In the order of their numbers; each with an address.
    pub players: Vec<Listed>,
    /// The language of every player whose line names none.
    pub language: Language,
    /// Every pair meets twice, colours swapped.
    pub double: bool,
    /// The Event tag (default: the name).
    pub event: Option<String>,
    pub rules: Rules,
    pub time_control: TimeControl,
    /// When every game starts.
    pub started: DateTime<Utc>,
}

/// A section ready to be written: its file and its games.
#[derive(Debug, Clone)]
pub struct NewSection {
    pub section: Section,
    /// Each game with its file name, in the section file's order.
    pub games: Vec<(String, Game)>,
}

/// Refuses a name that is not one plain folder of the games folder.
fn check_name(name: &str) -> Result<(), SectionError> {
    let bad = |why| {
        Err(SectionError::Name {
            name: name.to_string(),
            why,
        })
    };
    if name.is_empty() {
        return bad("empty");
    }
    if name.contains(['/', '\\']) {
        return bad("a folder's name is wanted, without '/'");
    }
    if name.starts_with('.') {
        return bad("must not start with '.'");
    }
    if name.chars().any(|c| c.is_control()) || name.trim() != name {
        return bad("control characters and surrounding spaces are not allowed");
    }
    if name.len() > MAX_NAME_BYTES {
        // The file system's limit is 255 bytes, and the section's hidden
        // lock and building folder add to its name (the defect "a
        // 300-character section name").
        return bad("too long: at most 200 bytes (UTF-8), as it names a folder");
    }
    Ok(())
}

impl NewSection {
    /// The games and the section file of `settings`, in memory. Each
    /// game's id is the section's name and the usual id ([`Game::game_id`]),
    /// pinned in its `GameId` tag and never one of `taken` (the ids of the
    /// games folder, [`crate::game::peek::ids_in`]): two sections of the
    /// same players and start, a cup and a league, never share an id, nor
    /// the Message-IDs and reply tokens made from it.
    pub fn plan(
        settings: SectionSettings,
        taken: &HashSet<String>,
    ) -> Result<NewSection, SectionError> {
        check_name(&settings.name)?;
        let event = settings.event.unwrap_or_else(|| settings.name.clone());
        let players = settings.players;
        let entrant = |number: u32, p: &Player| Entrant {
            number,
            name: p.name.clone(),
            email: p.email.as_ref().map(|a| a.to_string()).unwrap_or_default(),
        };
        let mut section = Section {
            name: settings.name.clone(),
            event: event.clone(),
            double: settings.double,
            rules: settings.rules.to_string(),
            time_control: settings.time_control.to_string(),
            start: format_time(settings.started),
            players: players
                .iter()
                .zip(1..)
                .map(|(p, n)| entrant(n, &p.player))
                .collect(),
            games: Vec::new(),
            byes: Vec::new(),
            withdrawn: Vec::new(),
            substituted: Vec::new(),
        };
        let mut games = Vec::new();
        let mut ids = taken.clone();
        for round in berger::schedule(players.len() as u32, settings.double) {
            if let Some(player) = round.bye {
                section.byes.push(Bye {
                    round: round.number,
                    player,
                });
            }
            for (pairing, board) in round.games.iter().zip(1..) {
                let listed = |n: u32| &players[n as usize - 1];
                let mut new = NewGame::new(
                    listed(pairing.white).player.clone(),
                    listed(pairing.black).player.clone(),
                    settings.started,
                );
                new.languages = ByColor {
                    white: listed(pairing.white).language.unwrap_or(settings.language),
                    black: listed(pairing.black).language.unwrap_or(settings.language),
                };
                new.event = event.clone();
                new.round = round.number.to_string();
                new.rules = settings.rules;
                new.time_control = settings.time_control;
                let usual = Game::create(new.clone())?.game_id();
                let id = crate::id::sanitize(&format!("{}-{usual}", settings.name), "");
                let id = crate::id::unique(&id.to_ascii_lowercase(), |id| ids.contains(id));
                ids.insert(id.clone());
                new.game_id = Some(id);
                let game = Game::create(new)?;
                let file = game_file_name(round.number, board);
                section.games.push(SectionGame {
                    round: round.number,
                    board,
                    white: pairing.white,
                    black: pairing.black,
                    file: file.clone(),
                });
                games.push((file, game));
            }
        }
        Ok(NewSection { section, games })
    }

    /// Writes the section into `games_dir` (created if missing) as the
    /// folder named after it; an existing one is never overwritten.
    /// `ready` runs once every file is on disk, just before the section
    /// appears, with where each game will be (absolute paths, in the
    /// order of [`NewSection::games`]); its error leaves nothing behind.
    /// Returns the section's folder.
    pub fn write<E>(
        &self,
        games_dir: &Path,
        ready: impl FnOnce(&[PathBuf]) -> Result<(), E>,
    ) -> Result<PathBuf, WriteError<E>> {
        let name = &self.section.name;
        let folder = games_dir.join(name);
        fs::create_dir_all(games_dir).map_err(|e| FileError::new(games_dir, e))?;
        let exists = || {
            WriteError::Section(SectionError::Exists {
                path: folder.clone(),
            })
        };
        if fs::symlink_metadata(&folder).is_ok() {
            return Err(exists());
        }
        // One builder at a time: the lock file stays, as a game's does.
        let lock = games_dir.join(format!(".{name}.lock"));
        let _held = FileLock::acquire_within(&lock, LOCK_WAIT).map_err(|e| match e {
            LockError::File(e) => e,
            other => FileError::from(other),
        })?;
        let building = games_dir.join(format!(".{name}.new"));
        // A builder killed before its rename left this; none is at work now.
        if fs::symlink_metadata(&building).is_ok() {
            fs::remove_dir_all(&building).map_err(|e| FileError::new(&building, e))?;
        }
        if fs::symlink_metadata(&folder).is_ok() {
            return Err(exists());
        }
        fs::create_dir(&building).map_err(|e| FileError::new(&building, e))?;
        let result = self.fill(&building, games_dir, ready, &folder);
        if result.is_err() {
            let _ = fs::remove_dir_all(&building);
        }
        result.map(|()| folder)
    }

    /// Writes every file into `building`, runs `ready`, and renames
    /// `building` to `folder`.
    fn fill<E>(
        &self,
        building: &Path,
        games_dir: &Path,
        ready: impl FnOnce(&[PathBuf]) -> Result<(), E>,
        folder: &Path,
    ) -> Result<(), WriteError<E>> {
        for (file, game) in &self.games {
            store::write_unshared(&building.join(file), game).map_err(SectionError::from)?;
        }
        let text = self.section.to_text();
        let section_path = building.join(SECTION_FILE);
        if Section::parse(&text, &section_path).ok().as_ref() != Some(&self.section) {
            return Err(WriteError::Section(SectionError::Invalid {
                path: section_path,
                why: "the section file would not read back; this is a bug in dynamo".into(),
            }));
        }
        durable::write_atomic(&section_path, text.as_bytes())?;
        // As `mail` names a game: the folder's canonical path.
        let real = fs::canonicalize(games_dir).map_err(|e| FileError::new(games_dir, e))?;
        let final_paths: Vec<PathBuf> = self
            .games
            .iter()
            .map(|(file, _)| real.join(&self.section.name).join(file))
            .collect();
        ready(&final_paths).map_err(WriteError::Ready)?;
        // A non-empty folder or a file of that name stops the rename; an
        // empty folder made since the check above is replaced, losing
        // nothing.
        durable::rename(building, folder).map_err(|e| {
            if matches!(
                e.source.raw_os_error(),
                Some(libc::ENOTEMPTY | libc::EEXIST)
            ) || e.source.kind() == std::io::ErrorKind::NotADirectory
            {
                WriteError::Section(SectionError::Exists {
                    path: folder.to_path_buf(),
                })
            } else {
                WriteError::Section(e.into())
            }
        })
    }
}

/// Why [`NewSection::write`] wrote nothing.
#[derive(Debug, thiserror::Error)]
pub enum WriteError<E> {
    #[error(transparent)]
    Section(#[from] SectionError),
    /// The caller's `ready` refused.
    #[error(transparent)]
    Ready(E),
}

impl<E> From<FileError> for WriteError<E> {
    fn from(e: FileError) -> Self {
        WriteError::Section(e.into())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_refusal_of_a_long_name_states_the_limit() {
        let long = "x".repeat(MAX_NAME_BYTES + 1);
        let err = check_name(&long).expect_err("too long");
        assert!(
            err.to_string()
                .contains(&format!("at most {MAX_NAME_BYTES} bytes"))
        );
        assert!(check_name(&"x".repeat(MAX_NAME_BYTES)).is_ok());
    }
}
