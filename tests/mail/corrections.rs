//! The director's corrections are mailed as events of their own (docs/director.md,
//! "Corrections and moves sent twice"): each player reads what was corrected and why, and the position;
//! a changed address gets the notice, the old one does not; a move sent
//! twice mails nothing.

use super::{ids, mail_config, message_ids, parse, queued, sent, text_of};
use crate::support::TestEnv;
use crate::support::smtp::{Options, SmtpServer};

/// A game of Alice and Bob with `1. e2e4 e7e5` recorded, unmailed.
fn game(env: &TestEnv) {
    env.new_game(&[]);
    env.ok(&["move", "g.pgn", "e2e4", "--at", "2020-11-20T10:00:00Z"]);
    env.ok(&["move", "g.pgn", "e7e5", "--at", "2020-11-20T11:00:00Z"]);
}

#[test]
fn an_undo_is_mailed_with_its_reason_and_the_position() {
    let server = SmtpServer::start(Options::default());
    let env = TestEnv::new();
    mail_config(&env, server.port, "none", None);
    game(&env);
    env.ok(&["mail", "g.pgn"]);
    let out = env.ok(&[
        "undo",
        "g.pgn",
        "--reason",
        "sent twice",
        "--at",
        "2020-11-21T08:00:00Z",
        "--mail",
    ]);
    assert!(
        out.starts_with("took back 1... e7e5, received 2020-11-20T11:00:00Z\nBlack to move\n"),
        "{out}"
    );
    assert_eq!(out.matches("mailed").count(), 2, "{out}");
    let got = server.messages()[2..].to_vec();
    assert_eq!(got.len(), 2);
    assert_eq!(got[0].rcpt_tos, ["alice@example.org"]);
    assert_eq!(got[1].rcpt_tos, ["bob@example.org"]);
    let headline = "The director took back 1... e7e5 by Bob (Black). Reason: sent twice (2020-11-21 08:00 UTC).";
    let (white, black) = (text_of(&got[0]), text_of(&got[1]));
    for text in [&white, &black] {
        assert!(text.contains(headline), "{text}");
        assert!(
            text.contains("Last move: 1. e2e4 by Alice, received 2020-11-20 10:00 UTC"),
            "{text}"
        );
        assert!(
            text.contains("FEN: rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"),
            "{text}"
        );
    }
    assert!(black.contains("Bob, it is your move."), "{black}");
    assert!(white.contains("Waiting for Bob's move."), "{white}");
    let subject = untagged(parse(&got[1]).subject().unwrap_or("")).to_string();
    assert_eq!(
        subject,
        "Dynamo: Alice – Bob, 1... e7e5 taken back — your move"
    );
    // Its own Message-IDs, in the game's thread: it answers the notice
    // of the move before the one taken back.
    let all = message_ids(&server);
    assert!(all[2].contains(".2-undo-"), "{}", all[2]);
    assert!(!all[..2].contains(&all[2]));
    let reply_to = ids(parse(&got[1]).in_reply_to());
    assert_eq!(reply_to.len(), 1);
    assert!(reply_to[0].contains(".1-move-"), "{reply_to:?}");
    assert!(ids(parse(&got[1]).references())[0].contains(".0-created-"));
}

#[test]
fn a_new_address_gets_the_notice_and_the_old_one_does_not() {
    let server = SmtpServer::start(Options::default());
    let env = TestEnv::new();
    mail_config(&env, server.port, "none", None);
    game(&env);
    env.ok(&[
        "set",
        "g.pgn",
        "--black-email",
        "bob@new.example",
        "--reason",
        "Bob's new address",
        "--at",
        "2020-11-21T08:00:00Z",
        "--mail",
    ]);
    let got = server.messages();
    let to: Vec<&[String]> = got.iter().map(|m| m.rcpt_tos.as_slice()).collect();
    assert_eq!(
        to,
        [
            &["alice@example.org".to_string()][..],
            &["bob@new.example".to_string()][..]
        ]
    );
    for m in &got {
        let text = text_of(m);
        assert!(
            text.contains(
                "The director corrected the game: Black's address is changed. \
                 Reason: Bob's new address (2020-11-21 08:00 UTC)."
            ),
            "{text}"
        );
        // Neither address is told to the other player.
        assert!(!text.contains("bob@"), "{text}");
    }
    assert_eq!(
        untagged(parse(&got[0]).subject().unwrap_or("")),
        "Dynamo: Alice – Bob, game record corrected — your move"
    );
    // A name changed is said, old and new.
    env.ok(&[
        "set",
        "g.pgn",
        "--white",
        "Alice Archer",
        "--at",
        "2020-11-21T09:00:00Z",
        "--mail",
    ]);
    let text = text_of(&server.messages()[2]);
    assert!(
        text.contains(
            "The director corrected the game: White is now \"Alice Archer\" (was \"Alice\") \
             (2020-11-21 09:00 UTC)."
        ),
        "{text}"
    );
    assert!(text.starts_with("Dear Alice Archer,"), "{text}");
}

#[test]
fn a_move_sent_twice_mails_nothing() {
    let server = SmtpServer::start(Options::default());
    let env = TestEnv::new();
    mail_config(&env, server.port, "none", None);
    game(&env);
    let out = env.ok(&["move", "g.pgn", "e7e5", "--by", "black", "--mail"]);
    assert_eq!(
        out,
        "already recorded as 1... e7e5 at 2020-11-20T11:00:00Z; nothing to do\n"
    );
    assert!(server.messages().is_empty());
    assert!(queued(&env).is_empty() && sent(&env).is_empty());
}

#[test]
fn mail_after_move_mails_corrections_too() {
    let server = SmtpServer::start(Options::default());
    let env = TestEnv::new();
    game(&env);
    env.write(
        "dynamo.toml",
        &format!(
            "mail_after_move = true\n[mail]\nhost = \"127.0.0.1\"\nport = {}\n\
             security = \"none\"\nfrom = \"d@club.example\"\n",
            server.port
        ),
    );
    env.ok(&["undo", "g.pgn", "--reason", "r", "-q"]);
    env.ok(&["set", "g.pgn", "--tag", "Round=2", "-q"]);
    let got = server.messages();
    assert_eq!(got.len(), 4);
    assert!(
        text_of(&got[0]).contains("The director took back 1... e7e5 by Bob (Black). Reason: r (")
    );
    assert!(
        text_of(&got[2])
            .contains("The director corrected the game: Round is now \"2\" (was \"-\") (")
    );
}

/// A subject without its reply-token tag (` [dynamo TOKEN]`), which
/// depends on the secret.
fn untagged(subject: &str) -> &str {
    let (text, tag) = subject.rsplit_once(" [dynamo ").expect("a token tag");
    assert!(tag.ends_with(']'), "{subject}");
    text
}
