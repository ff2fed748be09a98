//! The name of each player's page, kept once given: a player keeps
//! `players/ann-lee` whoever joins later, and a namesake who joins gets
//! the next free name (`players/ann-lee-2`), never one given before,
//! even to a player who has left or been renamed (a player renamed gets
//! a page of their new name; the old one is given to no one). Without
//! it the names were made afresh from the players' keys in each build,
//! so a newcomer whose address sorts first took a page that old links
//! named someone else by (and the numbering hinted at the order of
//! private addresses).
//!
//! Kept by each player's key (`club::player_key`, an address) in the
//! pages' cache (`cache::load_names`), in the games folder, which is
//! private: the site folder never holds an address. Unlike the rest of
//! the cache it is read whatever version or site folder wrote it. If it
//! is lost, the next build names the players afresh, and namesakes may
//! be numbered anew.

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};

/// The page names given.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Names {
    /// Each player's page, by their key.
    pub given: BTreeMap<String, String>,
    /// Every page ever given, to a player still here or not.
    pub taken: BTreeSet<String>,
}

impl Names {
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
}
