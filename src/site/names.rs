//! The name of each player's page, kept once given: a player keeps
//! `players/ann-lee` whoever joins later, and a namesake who joins gets
//! the next free name (`players/ann-lee-2`), never one given before, even
//! to a player who has left. Without it the names were made afresh from
//! the players' keys in each build, so a newcomer whose address sorts
//! first took a page that old links named someone else by (and the
//! numbering hinted at the order of private addresses).
//!
//! Kept by each player's key (`club::player_key`, an address) in the
//! pages' cache, in the games folder, which is private: the site folder
//! never holds an address. Unlike the rest of the cache it is read
//! whatever version or site folder wrote it. If it is lost, the next
//! build names the players afresh, and namesakes may be numbered anew.

use std::collections::BTreeMap;
use std::path::Path;

use super::cache;
use crate::durable::{FileError, read_regular, write_atomic};

/// The file, in the cache's folder.
const FILE: &str = "names";

/// Its first line.
const HEADER: &str = "dynamo page names 1";

/// The largest file read: far above 100,000 players.
const MAX_BYTES: u64 = 1 << 28;

/// Each page name given, by the player's key; none when there is no file
/// or it cannot be read (then names are made afresh).
pub fn load(games_dir: &Path) -> BTreeMap<String, String> {
    let path = games_dir.join(cache::CACHE_FILE).join(FILE);
    let Ok(bytes) = read_regular(&path, MAX_BYTES) else {
        return BTreeMap::new();
    };
    let text = String::from_utf8_lossy(&bytes);
    match text.split_once('\n') {
        Some((HEADER, json)) => serde_json::from_str(json).unwrap_or_default(),
        _ => BTreeMap::new(),
    }
}

/// Writes every page name given, by the player's key.
pub fn save(games_dir: &Path, names: &BTreeMap<String, String>) -> Result<(), FileError> {
    let path = cache::folder(games_dir)?.join(FILE);
    let json = serde_json::to_string(names)
        .map_err(|e| FileError::new(&path, std::io::Error::other(e)))?;
    write_atomic(&path, format!("{HEADER}\n{json}").as_bytes())
}
