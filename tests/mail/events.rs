//! A notice for every kind of event, to each player separately: all
//! Message-IDs distinct, each player's chain threaded, each copy naming
//! the player to move and saying how to reply.

use std::collections::HashSet;

use mail_parser::MimeHeaders;

use super::{ids, mail_config, message_ids, parse, picture_of, text_of};
use crate::support::TestEnv;
use crate::support::smtp::{Options, Received, SmtpServer};

/// Runs a recording command with `--mail` and returns the messages it
/// made the server receive.
fn mailed(env: &TestEnv, server: &SmtpServer, args: &[&str]) -> Vec<Received> {
    let before = server.messages().len();
    let mut args = args.to_vec();
    args.push("--mail");
    let out = env.ok(&args);
    assert!(out.contains("mailed 2 notices ("), "{args:?}: {out}");
    server.messages()[before..].to_vec()
}

/// Checks the two copies of one event: one to each player, and returns
/// their text (White's, Black's).
fn copies(got: &[Received]) -> (String, String) {
    assert_eq!(got.len(), 2);
    assert_eq!(got[0].rcpt_tos, ["alice@example.org"]);
    assert_eq!(got[1].rcpt_tos, ["bob@example.org"]);
    for m in got {
        let (w, h, _) = picture_of(m);
        assert_eq!((w, h), (dynamo::mail::BOARD_PX, dynamo::mail::BOARD_PX));
    }
    (text_of(&got[0]), text_of(&got[1]))
}

#[test]
fn every_event_reaches_each_player_threaded() {
    let server = SmtpServer::start(Options::default());
    let env = TestEnv::new();
    mail_config(&env, server.port, "none", None);

    let created = mailed(
        &env,
        &server,
        &[
            "new",
            "game.dyn",
            "--white",
            "Alice <alice@example.org>",
            "--black",
            "Bob <bob@example.org>",
            "--round",
            "4",
            "--time-control",
            "3d",
        ],
    );
    let (white, black) = copies(&created);
    assert!(
        white.contains("A new game: Alice (White) against Bob (Black)"),
        "{white}"
    );
    assert!(white.contains("Alice, it is your move."), "{white}");
    assert!(black.contains("Waiting for Alice's move."), "{black}");
    assert!(white.contains("round 4"), "{white}");

    let (white, black) = copies(&mailed(&env, &server, &["move", "game.dyn", "e2e4"]));
    assert!(black.contains("Alice (White) played 1. e2e4"), "{black}");
    assert!(black.contains("Bob, it is your move."), "{black}");
    assert!(white.contains("Waiting for Bob's move."), "{white}");

    let (white, black) = copies(&mailed(
        &env,
        &server,
        &["draw", "game.dyn", "offer", "--by", "white"],
    ));
    assert!(black.contains("Alice (White) offers a draw"), "{black}");
    assert!(
        black.contains("Draw offer: Alice has offered a draw"),
        "{black}"
    );
    assert!(black.contains("\"accept draw\""), "{black}");
    assert!(black.contains("\"decline draw\""), "{black}");
    assert!(!white.contains("\"accept draw\""), "{white}");

    // `dynamo mail` after a draw offer sends the offer again, with the
    // same Message-IDs.
    let offer_ids = message_ids(&server)[4..6].to_vec();
    env.ok(&["mail", "game.dyn"]);
    let again = message_ids(&server);
    assert_eq!(again[6..8], offer_ids[..]);
    assert!(text_of(&server.messages()[7]).contains("offers a draw"));

    let (_, black) = copies(&mailed(
        &env,
        &server,
        &["draw", "game.dyn", "decline", "--by", "black"],
    ));
    assert!(
        black.contains("Bob (Black) declines Alice's draw offer"),
        "{black}"
    );
    let (white, _) = copies(&mailed(
        &env,
        &server,
        &["draw", "game.dyn", "offer", "--by", "black"],
    ));
    assert!(white.contains("\"accept draw\""), "{white}");
    let (white, black) = copies(&mailed(
        &env,
        &server,
        &["draw", "game.dyn", "accept", "--by", "white"],
    ));
    for text in [&white, &black] {
        assert!(
            text.contains("accepts Bob's draw offer: the game is drawn"),
            "{text}"
        );
        assert!(text.contains("Result: 1/2-1/2"), "{text}");
        assert!(
            text.contains("The game is over: no reply is needed."),
            "{text}"
        );
    }

    // All ids distinct but the explicit resend; each player's chain is
    // threaded, each copy answering that player's previous one.
    let got = server.messages();
    let all = message_ids(&server);
    let distinct: HashSet<&String> = all.iter().collect();
    assert_eq!(distinct.len(), all.len() - 2);
    for (side, address) in [("white", "alice@example.org"), ("black", "bob@example.org")] {
        let chain: Vec<&Received> = got
            .iter()
            .enumerate()
            .filter(|(i, m)| m.rcpt_tos == [address] && !(6..8).contains(i))
            .map(|(_, m)| m)
            .collect();
        assert_eq!(chain.len(), 6);
        let chain_ids: Vec<String> = chain
            .iter()
            .map(|m| parse(m).message_id().expect("id").to_string())
            .collect();
        assert!(
            chain_ids
                .iter()
                .all(|id| id.contains(&format!(".{side}.")) && id.ends_with("@club.example"))
        );
        assert!(
            ids(parse(chain[0]).in_reply_to()).is_empty(),
            "the first starts the thread"
        );
        for (i, m) in chain.iter().enumerate().skip(1) {
            assert_eq!(ids(parse(m).in_reply_to()), [chain_ids[i - 1].clone()]);
            assert_eq!(ids(parse(m).references())[0], chain_ids[0]);
        }
    }
}

#[test]
fn resignation_and_adjudication_are_mailed_with_their_own_ids() {
    let server = SmtpServer::start(Options::default());
    let env = TestEnv::new();
    mail_config(&env, server.port, "none", None);
    env.ok(&[
        "new",
        "a.pgn",
        "--white",
        "Alice <alice@example.org>",
        "--black",
        "Bob <bob@example.org>",
    ]);
    env.ok(&["mail", "a.pgn"]);
    let start_ids = message_ids(&server);
    let (white, black) = copies(&mailed(
        &env,
        &server,
        &["resign", "a.pgn", "--by", "black"],
    ));
    assert!(white.contains("Bob (Black) resigns"), "{white}");
    assert!(black.contains("Result: 1-0"), "{black}");
    // `dynamo mail` after the resignation sends the resignation, under
    // its own ids, never the start notice's.
    env.ok(&["mail", "a.pgn"]);
    let all = message_ids(&server);
    assert_eq!(all[2..4], all[4..6]);
    assert!(start_ids.iter().all(|id| !all[2..].contains(id)));
    let subject = parse(&server.messages()[5])
        .subject()
        .unwrap_or("")
        .to_string();
    assert!(
        subject.starts_with("Dynamo: Alice – Bob, Bob resigns — game over, 1-0 [dynamo "),
        "{subject}"
    );

    env.ok(&[
        "new",
        "b.pgn",
        "--white",
        "Alice <alice@example.org>",
        "--black",
        "Bob <bob@example.org>",
        "--at",
        "2020-01-01T00:00:00Z",
    ]);
    let (white, black) = copies(&mailed(
        &env,
        &server,
        &["adjudicate", "b.pgn", "0-1", "--reason", "time forfeit"],
    ));
    for text in [&white, &black] {
        assert!(
            text.contains("The director has decided the game: 0-1, time forfeit"),
            "{text}"
        );
    }
}

#[test]
fn mail_after_move_mails_every_event() {
    let server = SmtpServer::start(Options::default());
    let env = TestEnv::new();
    env.write(
        "dynamo.toml",
        &format!(
            "mail_after_move = true\n[mail]\nhost = \"127.0.0.1\"\nport = {}\nsecurity = \"none\"\n\
             from = \"d@club.example\"\nreply_to = \"Moves <moves@club.example>\"\n",
            server.port
        ),
    );
    env.ok(&[
        "new",
        "g.pgn",
        "--white",
        "Alice <alice@example.org>",
        "--black",
        "Bob",
    ]);
    env.ok(&["move", "g.pgn", "e2e4"]);
    env.ok(&["resign", "g.pgn", "--by", "white"]);
    let got = server.messages();
    assert_eq!(got.len(), 3, "Bob has no address: Alice's copies only");
    assert!(got.iter().all(|m| m.rcpt_tos == ["alice@example.org"]));
    let msg = parse(&got[1]);
    let reply_to = msg
        .reply_to()
        .and_then(|r| r.first())
        .and_then(|a| a.address());
    assert_eq!(reply_to, Some("moves@club.example"));
    assert!(text_of(&got[1]).contains("Replies go to Moves <moves@club.example>."));
    let html = msg.body_html(0).expect("html");
    assert!(html.contains("cid:"), "{html}");
    assert!(msg.parts.iter().any(|p| p.content_id().is_some()));
}
