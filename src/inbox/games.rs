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
}

/// The games folder, indexed by the game part of tokens.
#[derive(Debug)]
pub struct Games {
    dir: PathBuf,
    index: HashMap<String, Vec<PathBuf>>,
    built: Option<Instant>,
}

impl Games {
    /// The games in `dir` (searched with its subfolders for `*.pgn`).
    pub fn new(dir: impl Into<PathBuf>) -> Games {
        Games {
            dir: dir.into(),
            index: HashMap::new(),
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
            return Ok(Found::Invalid);
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
