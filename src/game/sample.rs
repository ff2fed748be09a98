//! A sample game for the unit tests of the layers above, which may read a
//! game but never change one themselves (docs/ARCHITECTURE.md, "Layers
//! and the import rule"): Alice against Bob, a club match's third round
//! at 10 moves in 50 days, one move an hour from [`start`].

use chrono::{DateTime, Duration, Utc};
use dynamo_core::Color;

use super::{Game, LeaveDays, NewGame, Player};

/// When the sample game begins.
pub(crate) fn start() -> DateTime<Utc> {
    super::clock::parse_time("2024-04-21T12:00:00Z").expect("time")
}

/// The sample game after `moves`, the first an hour after [`start`], each
/// next an hour later.
pub(crate) fn game(moves: &[&str]) -> Game {
    let mut new = NewGame::new(
        Player::parse("Alice <alice@example.org>").expect("a player"),
        Player::parse("Bob <bob@example.org>").expect("a player"),
        start(),
    );
    new.event = "Club match".to_string();
    new.round = "3".to_string();
    new.time_control = "10/50d".parse().expect("a time control");
    let mut game = Game::create(new).expect("a game");
    for (i, text) in moves.iter().enumerate() {
        let checked = game.check_move(text, None).expect("legal");
        let at = start() + Duration::hours(i as i64 + 1);
        game = game.with_move(&checked, at).expect("recorded");
    }
    game
}

/// `game` after `side`'s leave on `days`, recorded at `at`.
pub(crate) fn on_leave(game: &Game, side: Color, days: LeaveDays, at: DateTime<Utc>) -> Game {
    game.take_leave(side, days, at).expect("leave")
}

/// `game` after `side` resigned at `at`.
pub(crate) fn resigned(game: &Game, side: Color, at: DateTime<Utc>) -> Game {
    game.resign(side, at).expect("resigns")
}
