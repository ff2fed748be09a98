//! A player's address (and name, and language) changed everywhere at
//! once (`dynamo player set`): which game files and section files of the games folder
//! name them, and what each is to say. Nothing here writes a game: each
//! game's change is a header correction the recorder records, with its
//! audit trail; a section file is rewritten whole ([`store_section`]).
//!
//! Every game of the player is changed, finished ones too: their moves
//! and result stay as they are, and their header says who the player is
//! now, with the old address kept in the correction's record. So the
//! standings (which know a player by address), the leave allowance
//! counted over a year of games, and the web pages all know the player
//! as one, under the new address.
//!
//! The steps come in a fixed order: within each section folder its games
//! by name, then its section file; loose games in path order. A run that
//! stops half-way leaves the steps still to do as the end of that list,
//! so a run again does exactly those, in the same order.

use std::path::{Path, PathBuf};

use dynamo_core::Color;

use super::error::SectionError;
use super::section::{SECTION_FILE, Section};
use crate::durable::{self, FileError, FileLock, LOCK_WAIT, LockError};
use crate::game::{Address, Game, GameError, Language, Player, TagEdit, folder};

/// The change asked for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayerChange {
    /// The address the player has now, in any letter case.
    pub old: Address,
    /// Their new address.
    pub email: Address,
    /// Their new name, if it changes too.
    pub name: Option<String>,
    /// Their new language, if it changes: kept in each game's header
    /// (the section file keeps no language).
    pub language: Option<Language>,
}

/// One file to change.
#[derive(Debug, Clone)]
pub enum Step {
    /// A game file and the tags to set in it (`WhiteEmail`, `Black`, …).
    Game {
        path: PathBuf,
        edits: Vec<TagEdit>,
        /// The game is over: only its header changes.
        finished: bool,
        /// The player as the game has them, before the change.
        player: Player,
    },
    /// A section file, as it is to be written.
    Section { folder: PathBuf, section: Section },
}

impl Step {
    /// The file changed.
    pub fn file(&self) -> PathBuf {
        match self {
            Step::Game { path, .. } => path.clone(),
            Step::Section { folder, .. } => folder.join(SECTION_FILE),
        }
    }

    /// The folder the step's ordering groups it under, and its place.
    fn order(&self) -> (PathBuf, u8, PathBuf) {
        match self {
            Step::Game { path, .. } => (
                path.parent().map(Path::to_path_buf).unwrap_or_default(),
                0,
                path.clone(),
            ),
            Step::Section { folder, .. } => (folder.clone(), 1, folder.clone()),
        }
    }
}

/// Why the change cannot be made: nothing is changed.
#[derive(Debug, thiserror::Error)]
pub enum PlayerChangeError {
    /// The new address or name is someone else's in a game or section.
    #[error("{}: {why}; nothing was changed", path.display())]
    Clash { path: PathBuf, why: String },
    /// A game file that does not replay, or cannot be read.
    #[error("{0}; nothing was changed")]
    Game(GameError),
    /// A section file that does not read.
    #[error("{0}; nothing was changed")]
    Section(SectionError),
    /// The games folder cannot be listed.
    #[error("{0}")]
    Folder(FileError),
}

impl PlayerChangeError {
    /// Whether the trouble is in what was asked or in the files read,
    /// rather than in what the disk did.
    pub fn is_input(&self) -> bool {
        match self {
            PlayerChangeError::Clash { .. } => true,
            PlayerChangeError::Game(e) => matches!(
                e,
                GameError::NotFound { .. }
                    | GameError::Invalid { .. }
                    | GameError::NotRegular { .. }
                    | GameError::TooLarge { .. }
            ),
            PlayerChangeError::Section(e) => e.is_input(),
            PlayerChangeError::Folder(_) => false,
        }
    }
}

/// Whether `a` and `b` are one address, as mail systems compare them.
fn same(a: &str, b: &str) -> bool {
    a.to_lowercase() == b.to_lowercase()
}

impl PlayerChange {
    /// Every file of `games_dir` to change, in the order to change them
    /// (see the module's notes); empty when nothing names the old address
    /// any more (or every file says what is asked already).
    pub fn plan(&self, games_dir: &Path) -> Result<Vec<Step>, PlayerChangeError> {
        let old = self.old.as_str().to_lowercase();
        let listed = folder::pgn_files(games_dir)
            .map_err(|e| PlayerChangeError::Folder(FileError::new(games_dir, e)))?;
        let mut steps = Vec::new();
        for path in listed {
            // Most games are not the player's: a look at the text first
            // spares replaying them.
            let Ok(text) = std::fs::read(&path) else {
                continue;
            };
            if !String::from_utf8_lossy(&text).to_lowercase().contains(&old) {
                continue;
            }
            let game = Game::load(&path).map_err(PlayerChangeError::Game)?;
            let edits = self.game_edits(&game, &path)?;
            if !edits.is_empty() {
                let side = [Color::White, Color::Black]
                    .into_iter()
                    .find(|&side| game.player(side).has_address(self.old.as_str()))
                    .unwrap_or(Color::White);
                steps.push(Step::Game {
                    path,
                    edits,
                    finished: game.ending().is_some(),
                    player: game.player(side).clone(),
                });
            }
        }
        for folder in section_folders(games_dir)? {
            let section = Section::load(&folder).map_err(PlayerChangeError::Section)?;
            if let Some(section) = self.section_after(&section, &folder)? {
                steps.push(Step::Section { folder, section });
            }
        }
        steps.sort_by_key(Step::order);
        Ok(steps)
    }

    /// Whether the address stays (`email` is `old` as given): then each
    /// file keeps the address as it writes it, in its own letter case.
    pub fn keeps_address(&self) -> bool {
        self.email.as_str() == self.old.as_str()
    }

    /// The player as the first game of `steps` has them.
    pub fn known_player(&self, steps: &[Step]) -> Option<Player> {
        steps.iter().find_map(|s| match s {
            Step::Game { player, .. } => Some(player.clone()),
            Step::Section { .. } => None,
        })
    }

    /// Whether any game or section file of `games_dir` has the new
    /// address: a change done already, against an address nobody has.
    pub fn named_anywhere(&self, games_dir: &Path) -> bool {
        let new = self.email.as_str().to_lowercase();
        let files = folder::pgn_files(games_dir).unwrap_or_default();
        let sections = section_folders(games_dir)
            .unwrap_or_default()
            .into_iter()
            .map(|f| f.join(SECTION_FILE));
        files.into_iter().chain(sections).any(|path| {
            std::fs::read(&path)
                .is_ok_and(|text| String::from_utf8_lossy(&text).to_lowercase().contains(&new))
        })
    }

    /// The tags to set in `game`: the player's address and name, on each
    /// side they play.
    fn game_edits(&self, game: &Game, path: &Path) -> Result<Vec<TagEdit>, PlayerChangeError> {
        let mut edits = Vec::new();
        for side in [Color::White, Color::Black] {
            let player = game.player(side);
            if !player.has_address(self.old.as_str()) {
                continue;
            }
            let other = game.player(!side);
            if other.has_address(self.email.as_str()) && !other.has_address(self.old.as_str()) {
                return Err(PlayerChangeError::Clash {
                    path: path.to_path_buf(),
                    why: format!(
                        "{} is the address of {}, {}'s opponent",
                        self.email, other.name, player.name
                    ),
                });
            }
            // The address as given, or as the game writes it when the
            // change keeps it (a change of name or language alone).
            let email = match &player.email {
                Some(own) if self.keeps_address() => own,
                _ => &self.email,
            };
            edits.extend(side_edits(player, side, email, self.name.as_deref()));
            if let Some(language) = self.language.filter(|l| *l != game.language(side)) {
                edits.push(TagEdit {
                    field: "--lang".to_string(),
                    name: Language::tag(side).to_string(),
                    value: language.code().to_string(),
                });
            }
        }
        Ok(edits)
    }

    /// `section` with the player's new address and name, or `None` when
    /// they are not in it or it says so already.
    fn section_after(
        &self,
        section: &Section,
        folder: &Path,
    ) -> Result<Option<Section>, PlayerChangeError> {
        let Some(i) = section
            .players
            .iter()
            .position(|p| same(&p.email, self.old.as_str()))
        else {
            return Ok(None);
        };
        let clash = |why: String| PlayerChangeError::Clash {
            path: folder.join(SECTION_FILE),
            why,
        };
        for (j, p) in section.players.iter().enumerate() {
            if j == i {
                continue;
            }
            if same(&p.email, self.email.as_str()) {
                return Err(clash(format!(
                    "{} is the address of player {} ({})",
                    self.email, p.number, p.name
                )));
            }
            if self
                .name
                .as_ref()
                .is_some_and(|n| n.to_lowercase() == p.name.to_lowercase())
            {
                return Err(clash(format!(
                    "player {} is called {} already",
                    p.number, p.name
                )));
            }
        }
        let mut after = section.clone();
        let entrant = &mut after.players[i];
        if !self.keeps_address() {
            entrant.email = self.email.as_str().to_string();
        }
        if let Some(name) = &self.name {
            entrant.name = name.clone();
        }
        Ok((after != *section).then_some(after))
    }
}

/// The tags to set so that the player of `side`, now `player`, is the
/// one at `email` (and called `name`, when given): none when the game
/// says so already. `dynamo player set` and `tournament replace` change a
/// player with these, as header corrections.
pub fn side_edits(
    player: &Player,
    side: Color,
    email: &Address,
    name: Option<&str>,
) -> Vec<TagEdit> {
    let title = side.title();
    let mut edits = Vec::new();
    if player.email.as_ref().map(Address::as_str) != Some(email.as_str()) {
        edits.push(TagEdit {
            field: "--email".to_string(),
            name: format!("{title}Email"),
            value: email.as_str().to_string(),
        });
    }
    if let Some(name) = name.filter(|n| *n != player.name) {
        edits.push(TagEdit {
            field: "--name".to_string(),
            name: title.to_string(),
            value: name.to_string(),
        });
    }
    edits
}

/// The section folders of `games_dir`: each folder right under it, not
/// hidden, that holds a section file.
pub fn section_folders(games_dir: &Path) -> Result<Vec<PathBuf>, PlayerChangeError> {
    let entries = std::fs::read_dir(games_dir)
        .map_err(|e| PlayerChangeError::Folder(FileError::new(games_dir, e)))?;
    let mut folders = Vec::new();
    for entry in entries {
        let entry = entry.map_err(|e| PlayerChangeError::Folder(FileError::new(games_dir, e)))?;
        let path = entry.path();
        if entry.file_name().as_encoded_bytes().starts_with(b".") || !path.is_dir() {
            continue;
        }
        if path.join(SECTION_FILE).is_file() {
            folders.push(path);
        }
    }
    folders.sort();
    Ok(folders)
}

/// Writes `section` as the section file of `folder`, whole or not at all,
/// under the section's builder lock (`.NAME.lock` beside it, which
/// `tournament new` holds too); it must read back as it is.
pub fn store_section(folder: &Path, section: &Section) -> Result<(), SectionError> {
    let games_dir = folder.parent().unwrap_or(Path::new("."));
    let name = folder
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let lock = games_dir.join(format!(".{name}.lock"));
    let _held = FileLock::acquire_within(&lock, LOCK_WAIT).map_err(|e| match e {
        LockError::File(e) => SectionError::File(e),
        other => SectionError::File(FileError::from(other)),
    })?;
    let path = folder.join(SECTION_FILE);
    let text = section.to_text();
    if Section::parse(&text, &path).ok().as_ref() != Some(section) {
        return Err(SectionError::Invalid {
            path,
            why: "the section file would not read back; this is a bug in dynamo".into(),
        });
    }
    durable::write_atomic(&path, text.as_bytes())?;
    Ok(())
}
