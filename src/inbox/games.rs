//! Finding the game, the player and the notice a reply answers, from the
//! reply tokens it carries and the games folder.
//!
//! A token names its game by a short digest of the game's id; the games
//! folder is indexed by that digest, reading only each file's header (a
//! folder of 10,000 games is indexed in about 0.3 s), once a run, and
//! again when a token names a game the index does not know (a game
//! started since). Then each game
//! the digest names is loaded and the token's MAC checked against it.

use std::collections::HashMap;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use dynamo_core::Color;

use super::error::InboxError;
use crate::durable::FileError;
use crate::game::{Game, GameError, folder, peek};
use crate::mail::{Secret, Token, token};
use crate::tournament::set_aside_sections;

/// How old the index must be before a token it cannot place rebuilds it:
/// a forged token must not make every message reread the folder.
const REBUILD_AFTER: Duration = Duration::from_secs(2);

/// The notice a reply answers.
#[derive(Debug, Clone)]
pub struct Target {
    /// The game file.
    pub path: PathBuf,
    /// The game as it was when the token was checked.
    pub game: Game,
    /// The player the notice went to.
    pub side: Color,
    /// The event the notice was about.
    pub seq: u32,
}

/// What the tokens of a mail lead to.
#[derive(Debug)]
pub enum Found {
    /// One game and player; the latest of their notices the mail names.
    Target(Box<Target>),
    /// No token at all.
    NoToken,
    /// Tokens, none of them valid for any game.
    Invalid,
    /// Valid tokens of different games or players.
    Conflict,
    /// A game of a section the director has deleted: the target as it
    /// was (its path where the game file was), and the section's name.
    Cancelled(Box<Target>, String),
}

/// The games folder, indexed by the game part of tokens.
#[derive(Debug)]
pub struct Games {
    dir: PathBuf,
    index: HashMap<String, Vec<PathBuf>>,
    /// The games of deleted sections, by the same key: a reply to one of
    /// their notices is told that the section was cancelled, not that its
    /// token is invalid.
    cancelled: HashMap<String, Vec<Cancelled>>,
    built: Option<Instant>,
}

/// A game file set aside with its section.
#[derive(Debug, Clone)]
struct Cancelled {
    /// Where it was.
    was: PathBuf,
    /// Where it is.
    is: PathBuf,
    section: String,
}

impl Games {
    /// The games in `dir` (searched with its subfolders for `*.pgn`).
    pub fn new(dir: impl Into<PathBuf>) -> Games {
        Games {
            dir: dir.into(),
            index: HashMap::new(),
            cancelled: HashMap::new(),
            built: None,
        }
    }

    fn rebuild(&mut self) -> Result<(), InboxError> {
        let files = folder::pgn_files(&self.dir)
            .map_err(|e| GameError::from(FileError::new(&self.dir, e)))?;
        let mut index: HashMap<String, Vec<PathBuf>> = HashMap::new();
        for path in files {
            // A file that does not read cannot be the game of a token.
            if let Ok(id) = peek::game_id(&path) {
                index.entry(token::game_ref(&id)).or_default().push(path);
            }
        }
        self.index = index;
        self.cancelled = HashMap::new();
        for (section, aside) in set_aside_sections(&self.dir) {
            // A folder set aside that no longer reads has no game to answer for.
            for is in folder::pgn_files(&aside).unwrap_or_default() {
                let (Ok(id), Some(name)) = (peek::game_id(&is), is.file_name()) else {
                    continue;
                };
                let was = self.dir.join(&section).join(name);
                let entry = Cancelled {
                    was,
                    is: is.clone(),
                    section: section.clone(),
                };
                self.cancelled
                    .entry(token::game_ref(&id))
                    .or_default()
                    .push(entry);
            }
        }
        self.built = Some(Instant::now());
        Ok(())
    }

    /// The game files a token's game part may name.
    fn candidates(&mut self, game_ref: &str) -> Result<Vec<PathBuf>, InboxError> {
        let stale = self.built.is_none_or(|t| t.elapsed() >= REBUILD_AFTER);
        if !self.index.contains_key(game_ref) && stale {
            self.rebuild()?;
        }
        Ok(self.index.get(game_ref).cloned().unwrap_or_default())
    }

    /// The first game of a deleted section that one of `tokens` is valid
    /// for. Looked up only when no live game is: the live index is the
    /// one rebuilt for unknown tokens, and it rebuilds this one with it.
    fn find_cancelled(&self, secret: &Secret, tokens: &[Token]) -> Option<Found> {
        for token in tokens {
            for game in self.cancelled.get(&token.game_ref).into_iter().flatten() {
                let Ok(loaded) = Game::load(&game.is) else {
                    continue;
                };
                let Some(event) = loaded.events().get(token.seq as usize) else {
                    continue;
                };
                if token.verify(secret, &loaded.game_id(), &event.key()) {
                    let target = Target {
                        path: game.was.clone(),
                        game: loaded,
                        side: token.side,
                        seq: token.seq,
                    };
                    return Some(Found::Cancelled(Box::new(target), game.section.clone()));
                }
            }
        }
        None
    }

    /// Where `tokens` lead, checked with `secret` (without one, no token
    /// is valid).
    pub fn find(&mut self, secret: Option<&Secret>, tokens: &[Token]) -> Result<Found, InboxError> {
        if tokens.is_empty() {
            return Ok(Found::NoToken);
        }
        let Some(secret) = secret else {
            return Ok(Found::Invalid);
        };
        let mut loaded: HashMap<PathBuf, Game> = HashMap::new();
        let mut valid: Vec<(PathBuf, Color, u32)> = Vec::new();
        for token in tokens {
            for path in self.candidates(&token.game_ref)? {
                if !loaded.contains_key(&path) {
                    match Game::load(&path) {
                        Ok(game) => {
                            loaded.insert(path.clone(), game);
                        }
                        // Gone since the index was built.
                        Err(GameError::NotFound { .. }) => continue,
                        Err(e) => return Err(e.into()),
                    }
                }
                let Some(game) = loaded.get(&path) else {
                    continue;
                };
                let Some(event) = game.events().get(token.seq as usize) else {
                    continue;
                };
                if token.verify(secret, &game.game_id(), &event.key()) {
                    valid.push((path.clone(), token.side, token.seq));
                }
            }
        }
        let Some((path, side, _)) = valid.first().cloned() else {
            return Ok(self
                .find_cancelled(secret, tokens)
                .unwrap_or(Found::Invalid));
        };
        if valid.iter().any(|(p, s, _)| *p != path || *s != side) {
            return Ok(Found::Conflict);
        }
        let seq = valid.iter().map(|(_, _, seq)| *seq).max().unwrap_or(0);
        let Some(game) = loaded.remove(&path) else {
            return Ok(Found::Invalid);
        };
        Ok(Found::Target(Box::new(Target {
            path,
            game,
            side,
            seq,
        })))
    }
}
