//! A conditional reply owed: the opponent's move in the file, the reply
//! not, as a run killed between the two leaves it (built here by putting
//! the store folder out of reach while Bob moves). The next command that
//! opens the game, whatever it is, records the reply first, once, at the
//! time of Bob's move, with its notices once (docs/players.md,
//! "Conditional moves"); a command that promises not to write says the
//! reply is owed instead.

use std::collections::HashMap;

use dynamo::game::Game;

use crate::mail::{mail_config, message_ids};
use crate::support::TestEnv;
use crate::support::smtp::{Options, SmtpServer};

const GAME: &str = "games/g.pgn";
const BOBS_MOVE_AT: &str = "2020-11-20T11:00:00Z";
const OWED: &str = "White's conditional reply 2. Ng1f3 is owed in games/g.pgn; \
                    it is recorded by the next command that records";

/// A game of Alice and Bob in the games folder where Alice's line
/// answers 1... Nf6 with 2. Nf3, and Bob's 1... Nf6 is recorded while
/// the store is out of reach: the reply is owed.
fn owed(server: &SmtpServer) -> TestEnv {
    let env = TestEnv::new();
    mail_config(&env, server.port, "none", None);
    std::fs::create_dir(env.path("games")).expect("the games folder");
    env.ok(&[
        "new",
        GAME,
        "--white",
        "Alice <alice@example.org>",
        "--black",
        "Bob <bob@example.org>",
        "--at",
        "2020-11-20T09:00:00Z",
        "--mail",
    ]);
    env.ok(&[
        "move",
        GAME,
        "e2e4",
        "--at",
        "2020-11-20T10:00:00Z",
        "--mail",
    ]);
    env.ok(&[
        "conditional",
        "add",
        GAME,
        "--by",
        "white",
        "1... Nf6 2. Nf3",
    ]);
    let (store, aside) = (env.path("conditional"), env.path("conditional.aside"));
    std::fs::rename(&store, &aside).expect("the store put aside");
    env.ok(&[
        "move",
        GAME,
        "Ng8f6",
        "--by",
        "black",
        "--at",
        BOBS_MOVE_AT,
        "--mail",
    ]);
    std::fs::rename(&aside, &store).expect("the store put back");
    assert_eq!(notations(&env), ["e2e4", "Ng8f6"]);
    env
}

fn notations(env: &TestEnv) -> Vec<String> {
    let game = Game::load(&env.path(GAME)).expect("the game reads");
    game.moves().iter().map(|m| m.notation.clone()).collect()
}

/// The reply recorded once, at the time of the move it answers: Alice's
/// clock did not run while the reply was owed.
fn assert_played_once(env: &TestEnv, after: &str) {
    let game = Game::load(&env.path(GAME)).expect("the game reads");
    let moves = game.moves();
    let notations: Vec<&str> = moves.iter().map(|m| m.notation.as_str()).collect();
    assert_eq!(notations, ["e2e4", "Ng8f6", "Ng1f3"], "after {after}");
    assert_eq!(moves[2].received, moves[1].received, "Alice's clock ran");
}

/// No notice reached the server twice.
fn assert_each_once(server: &SmtpServer) {
    let mut counts: HashMap<String, usize> = HashMap::new();
    for id in message_ids(server) {
        *counts.entry(id).or_default() += 1;
    }
    let twice: Vec<_> = counts.iter().filter(|(_, n)| **n > 1).collect();
    assert!(twice.is_empty(), "sent more than once: {twice:?}");
}

#[test]
fn games_records_an_owed_reply_once_with_its_notices_once() {
    let server = SmtpServer::start(Options::default());
    let env = owed(&server);
    let before = server.messages().len();
    let out = env.run(&["games"]);
    assert_eq!(out.code, 0, "{}{}", out.stdout, out.stderr);
    assert!(
        out.stderr
            .contains("dynamo: conditional reply recorded: 2. Ng1f3 (Alice's line) in games/g.pgn"),
        "{}",
        out.stderr
    );
    assert!(out.stderr.contains("mailed 2 notices"), "{}", out.stderr);
    // The overview shows the game as the reply left it.
    assert!(out.stdout.contains("2. Ng1f3"), "{}", out.stdout);
    assert_played_once(&env, "games");
    assert_eq!(server.messages().len(), before + 2, "one notice a player");
    let reply_notices = server.messages()[before..]
        .iter()
        .map(|m| m.data.clone())
        .collect::<String>();
    assert!(reply_notices.contains("Ng1f3"), "{reply_notices}");

    // Once: the next commands find nothing owed and send nothing.
    for args in [&["games"][..], &["verify"], &["mail", "--retry"]] {
        let out = env.run(args);
        assert_eq!(out.code, 0, "{args:?}: {}{}", out.stdout, out.stderr);
        assert!(!out.stderr.contains("conditional"), "{}", out.stderr);
    }
    assert_played_once(&env, "games twice");
    assert_eq!(server.messages().len(), before + 2);
    assert_each_once(&server);
}

#[test]
fn every_command_that_opens_the_game_records_the_owed_reply() {
    let server = SmtpServer::start(Options::default());
    let opens: [&[&str]; 12] = [
        &["show", "--game", GAME],
        &["perft", "--game", GAME, "1"],
        &["standings", GAME],
        &["legal", "--game", GAME],
        &["status", "--game", GAME],
        &["export", GAME],
        &["verify"],
        &["games", GAME, "--json"],
        &["mail", "--list", GAME],
        &["remind", GAME],
        &["digest", GAME],
        &["site", "../site"],
    ];
    for args in opens {
        let env = owed(&server);
        let out = env.run(args);
        assert!(
            out.stderr
                .contains("conditional reply recorded: 2. Ng1f3 (Alice's line)"),
            "{args:?}: {}{}",
            out.stdout,
            out.stderr
        );
        assert_played_once(&env, &args.join(" "));
    }
    assert_each_once(&server);
}

#[test]
fn the_inbox_records_an_owed_reply_before_it_reads_the_mail() {
    let server = SmtpServer::start(Options::default());
    let env = owed(&server);
    for sub in ["cur", "new", "tmp"] {
        std::fs::create_dir_all(env.path(&format!("Maildir/{sub}"))).expect("a Maildir");
    }
    let out = env.run(&["inbox", "--maildir", "Maildir", "--dry-run"]);
    assert!(out.stderr.contains(OWED), "{}{}", out.stdout, out.stderr);
    assert_eq!(notations(&env), ["e2e4", "Ng8f6"]);
    let out = env.run(&["inbox", "--maildir", "Maildir"]);
    assert_eq!(out.code, 0, "{}{}", out.stdout, out.stderr);
    assert_played_once(&env, "inbox");
    assert_each_once(&server);
}

/// `--dry-run` and `site --check` promise to write nothing: the reply
/// stays owed and standard error says so (docs/reference.md).
#[test]
fn a_command_that_writes_nothing_says_the_reply_is_owed() {
    let server = SmtpServer::start(Options::default());
    let env = owed(&server);
    let file = env.read(GAME);
    let before = server.messages().len();
    for args in [
        &["remind", GAME, "--dry-run"][..],
        &["digest", GAME, "--dry-run"],
        &["site", "../site", "--check"],
    ] {
        let out = env.run(args);
        assert!(
            out.stderr.contains(OWED),
            "{args:?}: {}{}",
            out.stdout,
            out.stderr
        );
        assert_eq!(env.read(GAME), file, "{args:?} wrote the game");
    }
    assert_eq!(server.messages().len(), before);
    // The next command that records plays it first.
    env.ok(&["draw", GAME, "offer", "--by", "black", "--mail"]);
    assert_played_once(&env, "draw offer");
}
