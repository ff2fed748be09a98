//! `dynamo tournament delete`: a section cancelled before play, its
//! queued notices dropped, its players told once, its folder set aside;
//! refused once a game has a move.

use super::{FOUR, START, section};
use crate::support::TestEnv;
use crate::support::smtp::{Options, SmtpServer, unused_port};

/// `dynamo.toml` mailing through `port`, games in `games/`.
fn mail_config(env: &TestEnv, port: u16) {
    env.write(
        "dynamo.toml",
        &format!(
            "games_dir = \"games\"\n[mail]\nhost = \"127.0.0.1\"\nport = {port}\n\
             security = \"none\"\nfrom = \"Director <td@club.example>\"\ntimeout_seconds = 5\n",
        ),
    );
}

/// The GameId tags of the games in `folder`.
fn ids(env: &TestEnv, folder: &str) -> Vec<String> {
    let mut ids: Vec<String> = std::fs::read_dir(env.path(folder))
        .expect("the folder")
        .map(|e| e.expect("an entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "pgn"))
        .filter_map(|p| {
            let text = std::fs::read_to_string(p).expect("a game");
            text.lines().find_map(|l| {
                l.strip_prefix("[GameId \"")?
                    .strip_suffix("\"]")
                    .map(String::from)
            })
        })
        .collect();
    ids.sort();
    ids
}

#[test]
fn a_section_deleted_before_play_drops_its_notices_and_tells_each_player_once() {
    let env = TestEnv::new();
    // The start notices cannot go out: the server is down.
    mail_config(&env, unused_port());
    env.write("players.txt", FOUR);
    let out = env.run(&[
        "tournament",
        "new",
        "club",
        "--players",
        "players.txt",
        "--start",
        START,
        "--mail",
        "-q",
    ]);
    assert_eq!(out.code, 3, "{}", out.stderr);
    let before = ids(&env, "games/club");
    assert_eq!(before.len(), 6);
    let list = env.ok(&["mail", "--list"]);
    assert_eq!(list.matches("dynamo.club-").count(), 12, "{list}");

    let server = SmtpServer::start(Options::default());
    mail_config(&env, server.port);
    let out = env.ok(&[
        "tournament",
        "delete",
        "club",
        "--reason",
        "too few entries",
        "--mail",
    ]);
    assert!(
        out.contains("deleted section club: 6 game(s) set aside in ")
            && out.contains("games/.club.deleted-")
            && out.contains("; 12 queued notice(s) dropped"),
        "{out}"
    );
    assert!(!env.path("games/club").exists());
    let list = env.ok(&["mail", "--list"]);
    assert_eq!(list.matches("dynamo.club-").count(), 0, "{list}");
    // One letter to each player, none of the start notices.
    let messages = server.messages();
    let mut to: Vec<String> = messages.iter().map(|m| m.rcpt_tos.join(",")).collect();
    to.sort();
    assert_eq!(
        to,
        [
            "ada@example.org",
            "charles@example.org",
            "emilie@example.fr",
            "jp@example.fr"
        ]
    );
    assert!(
        messages[0].data.contains("Reason: too few entries."),
        "{}",
        messages[0].data
    );
    assert!(env.ok(&["mail", "--retry"]).is_empty() || server.messages().len() == 4);
    assert_eq!(server.messages().len(), 4);

    // The name is free again; the deleted games' ids are not.
    section(&env, "club", FOUR, &["-q"]);
    let after = ids(&env, "games/club");
    assert_eq!(after.len(), 6);
    assert!(
        after.iter().all(|id| !before.contains(id)),
        "{before:?} {after:?}"
    );
    let out = env.ok(&["standings", "--json", "club"]);
    assert!(out.contains("ada@example.org"), "{out}");
}

#[test]
fn a_section_with_a_move_is_not_deleted() {
    let env = TestEnv::new();
    env.write("dynamo.toml", "games_dir = \"games\"\n");
    section(&env, "club", FOUR, &["-q"]);
    env.ok(&[
        "move",
        "games/club/r02-b01.pgn",
        "e2e4",
        "--by",
        "white",
        "--at",
        "2020-11-21 10:00",
        "-q",
    ]);
    let out = env.run(&["tournament", "delete", "club"]);
    assert_eq!(out.code, 1, "{}", out.stderr);
    assert!(
        out.stderr.contains(
            "r02-b01.pgn: it has a move (1. e2e4): a section is deleted only before its \
             first move; nothing was changed"
        ),
        "{}",
        out.stderr
    );
    assert_eq!(ids(&env, "games/club").len(), 6);
    let out = env.run(&["tournament", "delete", "nosuch"]);
    assert_eq!(out.code, 2, "{}", out.stderr);
}
