//! Round-robin sections: the Berger tables, `dynamo tournament new`,
//! `tournament set`, `tournament delete`, `tournament withdraw`,
//! `tournament replace` and `dynamo standings`.

mod berger;
mod byes;
mod correct;
mod delete;
mod ids;
mod json;
mod replace;
mod section;
mod standings;
mod withdraw;

use std::process::{Child, Output, Stdio};
use std::time::Duration;

use crate::support::TestEnv;

/// When the sections of these tests start.
pub const START: &str = "2020-11-20T09:00:00Z";

/// Four players, numbered in this order.
pub const FOUR: &str = "# the drawing of lots\n\
    Ada Lovelace <ada@example.org>\n\
    \n\
    Charles Babbage <charles@example.org>\n\
    \"Lefèvre, Jean-Pierre\" <jp@example.fr>\n\
    Émilie du Châtelet <emilie@example.fr>\n";

/// Writes `players.txt` and creates the section `name` from it, started
/// at [`START`], with `extra` arguments; returns what it printed.
#[track_caller]
pub fn section(env: &TestEnv, name: &str, players: &str, extra: &[&str]) -> String {
    env.write("players.txt", players);
    let mut args = vec![
        "tournament",
        "new",
        name,
        "--players",
        "players.txt",
        "--start",
        START,
    ];
    args.extend_from_slice(extra);
    env.ok(&args)
}

/// The six game files of the section `name`, read, in board order.
pub fn games_of(env: &TestEnv, name: &str) -> Vec<String> {
    [
        "r01-b01", "r01-b02", "r02-b01", "r02-b02", "r03-b01", "r03-b02",
    ]
    .iter()
    .map(|g| env.read(&format!("games/{name}/{g}.pgn")))
    .collect()
}

/// A move by White of `game` in the section `name`, started now.
fn spawn_move(env: &TestEnv, name: &str, game: &str) -> Child {
    env.command()
        .args([
            "move",
            &format!("games/{name}/{game}.pgn"),
            "e2e4",
            "--by",
            "white",
            "--at",
            "2020-11-28 10:00",
            "-q",
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("dynamo move")
}

/// Round `round` of a director's command over the section `name` (started
/// by `command`, its output piped) racing two real `dynamo move`
/// processes, White's first move in `r01-b01` and in `r03-b02`: half the
/// rounds the command starts first, half the moves, a little apart.
/// What each printed, once all have ended.
pub fn race(
    env: &TestEnv,
    name: &str,
    round: u64,
    command: impl Fn() -> Child,
) -> (Output, [Output; 2]) {
    let pause = Duration::from_millis((round * 13) % 60);
    let moves = || {
        [
            spawn_move(env, name, "r01-b01"),
            spawn_move(env, name, "r03-b02"),
        ]
    };
    let (command, moves) = if round.is_multiple_of(2) {
        let command = command();
        std::thread::sleep(pause);
        (command, moves())
    } else {
        let moves = moves();
        std::thread::sleep(pause);
        (command(), moves)
    };
    let done = command.wait_with_output().expect("the command ends");
    let moved = moves.map(|m| m.wait_with_output().expect("the move ends"));
    (done, moved)
}
