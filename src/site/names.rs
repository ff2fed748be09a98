//! The name of each player's page, kept once given: a player keeps
//! `players/ann-lee` whoever joins later, and a namesake who joins gets
//! the next free name (`players/ann-lee-2`), never one given before, even
//! to a player who has left or been renamed (a player renamed gets a
//! page of their new name; the old one is given to no one). Without it the names were made afresh from
//! the players' keys in each build, so a newcomer whose address sorts
//! first took a page that old links named someone else by (and the
//! numbering hinted at the order of private addresses).
//!
//! Kept by each player's key (`club::player_key`, an address) in the
//! pages' cache, in the games folder, which is private: the site folder
//! never holds an address. Unlike the rest of the cache it is read
//! whatever version or site folder wrote it. If it is lost, the next
//! build names the players afresh, and namesakes may be numbered anew.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use serde::{Deserialize, Serialize};

use super::cache;
use crate::durable::{FileError, read_regular, write_atomic};

/// The file, in the cache's folder.
const FILE: &str = "names";

/// Its first line.
const HEADER: &str = "dynamo page names 1";

/// The largest file read: far above 100,000 players.
const MAX_BYTES: u64 = 1 << 28;

/// The page names given.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Names {
    /// Each player's page, by their key.
    pub given: BTreeMap<String, String>,
    /// Every page ever given, to a player still here or not.
    pub taken: BTreeSet<String>,
}

impl Names {
    /// The names given; none when there is no file or it cannot be read
    /// (then names are made afresh).
    pub fn load(games_dir: &Path) -> Names {
        let path = games_dir.join(cache::CACHE_FILE).join(FILE);
        let Ok(bytes) = read_regular(&path, MAX_BYTES) else {
            return Names::default();
        };
        let text = String::from_utf8_lossy(&bytes);
        match text.split_once('\n') {
            Some((HEADER, json)) => serde_json::from_str(json).unwrap_or_default(),
            _ => Names::default(),
        }
    }

    /// Adds the pages of `players` (by key); whether any was new.
    pub fn give(&mut self, players: &BTreeMap<String, String>) -> bool {
        let mut new = false;
        for (key, page) in players {
            if self.given.get(key) != Some(page) {
                self.given.insert(key.clone(), page.clone());
                new = true;
            }
            new |= self.taken.insert(page.clone());
        }
        new
    }

    /// Writes the names into the pages' cache of `games_dir`.
    pub fn save(&self, games_dir: &Path) -> Result<(), FileError> {
        let path = cache::folder(games_dir)?.join(FILE);
        let json = serde_json::to_string(self)
            .map_err(|e| FileError::new(&path, std::io::Error::other(e)))?;
        write_atomic(&path, format!("{HEADER}\n{json}").as_bytes())
    }
}
