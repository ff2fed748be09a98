//! A player's language changed in every game at once: each game's header
//! says it, with its audit trail, the address and the section files stay
//! as they were, and the next notice of a game is written in it.

use crate::player::address::{CUP, mail_config};
use crate::support::TestEnv;
use crate::support::smtp::{Options, SmtpServer};
use crate::tournament::section;

#[test]
fn a_players_language_is_set_in_every_game_and_their_next_notice_speaks_it() {
    let server = SmtpServer::start(Options::default());
    let env = TestEnv::new();
    mail_config(&env, &server);
    section(&env, "cup", CUP, &["-q"]);
    let game = "games/cup/r01-b01.pgn";
    let section_file = env.read("games/cup/section.toml");
    let out = env.ok(&[
        "player",
        "set",
        "ADA@example.org",
        "--lang",
        "it",
        "--reason",
        "she reads Italian",
        "--at",
        "2020-11-25 10:00",
    ]);
    assert!(
        out.contains("changed ada@example.org in 1 game (0 finished) and 0 section files"),
        "{out}"
    );
    let text = env.read(game);
    let ada = if text.contains("[WhiteEmail \"ada@example.org\"]") {
        "white"
    } else {
        "black"
    };
    let tag = if ada == "white" {
        "[WhiteLanguage \"it\"]"
    } else {
        "[BlackLanguage \"it\"]"
    };
    assert!(text.contains(tag), "{text}");
    assert!(
        text.contains("2020-11-25T10:00:00Z \"she reads Italian\""),
        "{text}"
    );
    assert_eq!(env.read("games/cup/section.toml"), section_file);
    assert!(
        server.messages().is_empty(),
        "a language alone mails no letter"
    );

    // The same again: nothing to change.
    let again = env.ok(&["player", "set", "ada@example.org", "--lang", "it"]);
    assert!(again.starts_with("nothing to change"), "{again}");

    // White's first move: Ada's copy is in Italian, Bob's in English.
    env.ok(&[
        "move",
        game,
        "e2e4",
        "--by",
        "white",
        "--at",
        "2020-11-26 10:00",
        "--mail",
        "-q",
    ]);
    let messages = server.messages();
    let to_ada = messages
        .iter()
        .find(|m| m.rcpt_tos.join(",") == "ada@example.org")
        .expect("Ada's copy");
    let to_bob = messages
        .iter()
        .find(|m| m.rcpt_tos.join(",") == "bob@example.org")
        .expect("Bob's copy");
    assert!(
        to_ada.data.contains("Gentile Ada Lovelace,"),
        "{}",
        to_ada.data
    );
    assert!(to_bob.data.contains("Dear Bob Ross,"), "{}", to_bob.data);
}

#[test]
fn a_change_must_say_what_changes() {
    let env = TestEnv::new();
    env.write("dynamo.toml", "games_dir = \"games\"\n");
    section(&env, "cup", CUP, &["-q"]);
    env.fails(
        &["player", "set", "ada@example.org"],
        2,
        "dynamo: say what changes: --email, --name or --lang\n",
    );
    let out = env.run(&["player", "set", "ada@example.org", "--lang", "xx"]);
    assert_eq!(out.code, 2, "{}", out.stderr);
}
