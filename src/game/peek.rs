//! What a game file's header says, read without replaying its moves: for
//! finding one game among many (the inbox looks a game up by its id in
//! every file of the games folder).

use std::collections::HashSet;
use std::io;
use std::path::Path;

use super::error::{GameError, RecordError};
use super::pgn;
use super::record::game_id_from;

/// The game id ([`super::Game::game_id`]) of the file at `path`, read from
/// its tag pairs alone: a fraction of what loading the game costs.
pub fn game_id(path: &Path) -> Result<String, GameError> {
    let bytes = super::store::read(path)?;
    let text = String::from_utf8_lossy(&bytes);
    let text = text.strip_prefix('\u{feff}').unwrap_or(&text);
    let (tags, _, _) = pgn::read_tags(text).map_err(|e| GameError::Invalid {
        path: path.to_path_buf(),
        error: RecordError::Syntax(e),
    })?;
    Ok(game_id_from(|name| {
        tags.iter()
            .find(|t| t.name == name)
            .map(|t| t.value.as_str())
    }))
}

/// The game ids of every game file under `dir` (see [`super::folder`]),
/// for a new game to take one no other game has; a file that does not
/// read is passed by, as the inbox passes it by. A missing folder holds
/// none.
pub fn ids_in(dir: &Path) -> io::Result<HashSet<String>> {
    let files = match super::folder::pgn_files(dir) {
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(HashSet::new()),
        other => other?,
    };
    Ok(files.iter().filter_map(|p| game_id(p).ok()).collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Game, NewGame, Player, clock};

    #[test]
    fn the_header_gives_the_same_id_as_the_game() {
        let tmp = tempfile::tempdir().expect("tempdir");
        let path = tmp.path().join("g.pgn");
        let start = clock::parse_time("2026-11-20T09:00:00Z").expect("time");
        let new = NewGame::new(
            Player::parse("Ann Lee <a@example.org>").expect("white"),
            Player::parse("Bob").expect("black"),
            start,
        );
        let game = Game::create(new).expect("a game");
        std::fs::write(&path, game.to_text()).expect("written");
        assert_eq!(game_id(&path).expect("read"), game.game_id());
        std::fs::write(&path, "1. e2e4 *\n").expect("written");
        assert!(matches!(game_id(&path), Err(GameError::Invalid { .. })));
    }
}
