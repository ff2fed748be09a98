//! What each mail comes to: a legal move recorded with the time it
//! arrived and both players mailed; a refused one answered to its sender
//! alone, in `dynamo check`'s words; a reply to an older notice answered
//! "already recorded" or "moved on"; forged, stray and machine mail set
//! aside unanswered, and listed; answers limited per sender and hour.

use super::world::{DIRECTOR, GAME, TEN_O_CLOCK, World, ids, parse, text_of};

const ALICE: &str = "Alice <alice@example.org>";
const BOB: &str = "Bob <bob@example.org>";

#[test]
fn a_legal_move_is_recorded_with_its_arrival_time_and_both_players_are_mailed() {
    let w = World::new();
    let notice = w.last_to("alice@example.org");
    w.deliver(
        &format!("{TEN_O_CLOCK}.M1P1.test"),
        &w.reply(&notice, ALICE, "m1@alice", "e2e4"),
    );
    let before = w.server.messages().len();
    let maildir = w.maildir();
    let out = w
        .env
        .ok(&["inbox", "--maildir", maildir.to_str().expect("utf-8")]);
    assert!(
        out.contains(": recorded 1. e2e4 in games/g.pgn (mail from alice@example.org)"),
        "{out}"
    );
    // As `dynamo move` records it, at the time the mail arrived, with the
    // mail that brought it.
    let record = w.game();
    assert!(
        record.contains("1. e2e4 {2020-11-20T10:00:00Z} {[%mail <m1@alice>]}"),
        "{record}"
    );
    w.env.ok(&["verify", GAME]);
    // The new position to both players, threaded as `move --mail` would.
    let got = &w.server.messages()[before..];
    assert_eq!(got.len(), 2, "{out}");
    assert_eq!(got[0].rcpt_tos, ["alice@example.org"]);
    assert_eq!(got[1].rcpt_tos, ["bob@example.org"]);
    assert!(text_of(&got[1]).contains("Alice (White) played 1. e2e4"));
    assert!(text_of(&got[1]).contains("Bob, it is your move."));
    assert!(out.contains("mailed 2 notices ("), "{out}");
}

#[test]
fn a_refused_move_is_answered_to_its_sender_alone_in_the_words_of_check() {
    let w = World::new();
    let notice = w.last_to("alice@example.org");
    let before = w.game();
    let sent = w.server.messages().len();
    let out = w.handled(&w.reply(&notice, ALICE, "m1@alice", "Ke1e5"));
    assert_eq!(w.game(), before, "nothing recorded");
    let check = w
        .env
        .run(&["check", GAME, "Ke1e5", "--from", "alice@example.org"]);
    assert_eq!(check.code, 1);
    let words = check
        .stderr
        .trim()
        .strip_prefix("dynamo: ")
        .expect("check's refusal");
    assert!(words.starts_with("rejected: "), "{words}");
    assert!(
        out.contains(&format!("refused in games/g.pgn: {words}")),
        "{out}"
    );
    assert!(out.contains("answered alice@example.org"), "{out}");

    let got = &w.server.messages()[sent..];
    assert_eq!(got.len(), 1, "to the sender alone");
    assert_eq!(got[0].rcpt_tos, ["alice@example.org"]);
    let answer = parse(&got[0]);
    assert_eq!(ids(answer.in_reply_to()), ["m1@alice"]);
    assert!(ids(answer.references()).contains(&"m1@alice".to_string()));
    assert_eq!(
        answer.header("Auto-Submitted").and_then(|h| h.as_text()),
        Some("auto-replied")
    );
    let text = text_of(&got[0]);
    assert!(text.contains(words), "{text}");
    assert!(text.contains("Alice, it is your move."), "{text}");
    assert!(
        text.contains("Reply with one move, alone or in a sentence"),
        "{text}"
    );
    assert!(text.contains("a b c d e f g h"), "the board: {text}");

    // A corrected move sent as a reply to the answer is recorded.
    let out = w.handled(&w.reply(&got[0], ALICE, "m2@alice", "e2e4"));
    assert!(out.contains("recorded 1. e2e4"), "{out}");
}

#[test]
fn a_reply_to_an_older_notice_is_already_recorded_or_overtaken() {
    let w = World::new();
    let first = w.last_to("alice@example.org");
    w.handled(&w.reply(&first, ALICE, "m1@alice", "e2e4"));
    let to_bob = w.last_to("bob@example.org");
    w.handled(&w.reply(&to_bob, BOB, "m1@bob", "e7e5"));
    let record = w.game();

    // The same move again, in another mail to the first notice.
    let sent = w.server.messages().len();
    let out = w.handled(&w.reply(&first, ALICE, "m2@alice", "e2e4"));
    assert!(
        out.contains("already recorded in games/g.pgn as 1. e2e4 at "),
        "{out}"
    );
    let answer = &w.server.messages()[sent..];
    assert_eq!(answer.len(), 1);
    assert_eq!(answer[0].rcpt_tos, ["alice@example.org"]);
    let text = text_of(&answer[0]);
    assert!(text.contains("already recorded as 1. e2e4 at "), "{text}");
    assert!(text.contains("Nothing else was done."), "{text}");

    // Another move to that notice: the game has moved on.
    let out = w.handled(&w.reply(&first, ALICE, "m3@alice", "d2d4"));
    assert!(out.contains("has moved on"), "{out}");
    let text = text_of(&w.last_to("alice@example.org"));
    assert!(text.contains("the game has moved on"), "{text}");
    assert!(text.contains("reply to the latest notice"), "{text}");
    assert_eq!(w.game(), record, "neither recorded anything");
}

/// The set-aside kinds a mail of a player can be, made from a reply of
/// Alice to her notice.
fn forgeries(w: &World) -> Vec<(&'static str, String, &'static str)> {
    let notice = w.last_to("alice@example.org");
    let good = w.reply(&notice, ALICE, "good@alice", "e2e4");
    let token = parse(&notice)
        .subject()
        .and_then(|s| s.rsplit_once("[dynamo "))
        .map(|(_, t)| t.trim_end_matches(']').to_string())
        .expect("a token in the subject");
    // The last letter of the MAC changed, everywhere it stands.
    let last = token.chars().last().expect("a letter");
    let other = if last == 'a' { 'b' } else { 'a' };
    let forged = format!("{}{other}", &token[..token.len() - 1]);
    vec![
        (
            "stranger",
            good.replace(ALICE, "Eve <eve@example.org>")
                .replace("good@alice", "m@eve"),
            "is not a player's address; White was told at alice@example.org",
        ),
        (
            "other player",
            good.replace(ALICE, BOB).replace("good@alice", "m@bob"),
            "but bob@example.org is Black's address",
        ),
        (
            "wrong token",
            good.replace(&token, &forged)
                .replace("good@alice", "m@forged"),
            "no valid reply token",
        ),
        (
            "no token",
            format!(
                "From: {ALICE}\r\nTo: {DIRECTOR}\r\nSubject: my move\r\n\
                 Message-ID: <fresh@alice>\r\n\r\ne2e4\r\n"
            ),
            "no reply token",
        ),
    ]
}

/// Forged and stray mail records nothing and answers no sender; a valid
/// token from an unknown address (a player writing from another of
/// their addresses, most often) is told to the player at their own
/// address, and before it was set aside without a word to anyone.
#[test]
fn forged_and_stray_mail_records_nothing_answers_nothing_and_is_listed() {
    let w = World::new();
    let notice = w.last_to("alice@example.org");
    let before = w.game();
    let sent = w.server.messages().len();
    let kinds = forgeries(&w);
    for (kind, raw, why) in &kinds {
        let out = w.handled(raw);
        assert!(out.contains("set aside: "), "{kind}: {out}");
        assert!(out.contains(why), "{kind}: {out}");
    }
    assert_eq!(w.game(), before, "nothing recorded");
    let notes = &w.server.messages()[sent..];
    assert_eq!(notes.len(), 1, "one note, no answer to a sender");
    assert_eq!(notes[0].rcpt_tos, ["alice@example.org"]);
    let text = text_of(&notes[0]);
    assert!(
        text.contains("from eve@example.org, which is not your address for this game"),
        "{text}"
    );
    assert!(
        text.contains("send your reply again from this address"),
        "{text}"
    );
    let listed = w.env.ok(&["inbox", "--unmatched"]);
    for (kind, _, why) in &kinds {
        assert!(listed.contains(why), "{kind}: {listed}");
    }
    assert!(listed.contains("from eve@example.org"), "{listed}");
    assert!(listed.contains(".eml"), "the mail is kept: {listed}");
    // The real player's mail still goes through.
    let out = w.handled(&w.reply(&notice, ALICE, "good@alice", "e2e4"));
    assert!(out.contains("recorded 1. e2e4"), "{out}");
}

#[test]
fn machine_mail_is_set_aside_unanswered() {
    let w = World::new();
    let notice = w.last_to("alice@example.org");
    let good = w.reply(&notice, ALICE, "x@alice", "e2e4");
    let with = |header: &str, id: &str| {
        good.replacen("Subject: ", &format!("{header}\r\nSubject: "), 1)
            .replace("x@alice", id)
    };
    let before = w.game();
    let sent = w.server.messages().len();
    for (raw, why) in [
        (
            with("Auto-Submitted: auto-replied", "a@alice"),
            "Auto-Submitted",
        ),
        (with("Return-Path: <>", "b@alice"), "bounce"),
        (
            with("List-Id: <chess.lists.example>", "c@alice"),
            "mailing-list",
        ),
        (with("Precedence: bulk", "d@alice"), "bulk"),
    ] {
        let out = w.handled(&raw);
        assert!(out.contains("set aside: ") && out.contains(why), "{out}");
    }
    assert_eq!(w.game(), before);
    assert_eq!(w.server.messages().len(), sent);
    let listed = w.env.ok(&["inbox", "--unmatched"]);
    assert_eq!(
        listed.matches("from alice@example.org").count(),
        4,
        "{listed}"
    );
}

#[test]
fn answers_to_one_sender_are_limited_per_hour() {
    let w = World::with_config("replies_per_hour = 2\n");
    let notice = w.last_to("alice@example.org");
    let sent = w.server.messages().len();
    for i in 0..4 {
        let out = w.handled(&w.reply(&notice, ALICE, &format!("bad{i}@alice"), "Ke1e5"));
        let limited = out.contains("not answered: 2 answers went to alice@example.org");
        assert_eq!(limited, i >= 2, "{i}: {out}");
    }
    assert_eq!(w.server.messages().len(), sent + 2);
    let listed = w.env.ok(&["inbox", "--unmatched"]);
    assert_eq!(listed.matches("not answered").count(), 2, "{listed}");
}

#[test]
fn tokens_of_two_games_are_set_aside_and_a_sub_address_alone_is_enough() {
    let w = World::with_config("reply_subaddress = true\n");
    w.env.ok(&[
        "new",
        "games/h.pgn",
        "--white",
        ALICE,
        "--black",
        BOB,
        "--at",
        "2020-11-21T09:00:00Z",
        "--mail",
    ]);
    let to_alice = w.mail_to("alice@example.org");
    let (g, h) = (&to_alice[0], &to_alice[1]);
    // The thread of one game, the subject of the other.
    let mixed = w.reply(g, ALICE, "mixed@alice", "e2e4").replace(
        parse(g).subject().expect("a subject"),
        parse(h).subject().expect("a subject"),
    );
    let out = w.handled(&mixed);
    assert!(
        out.contains("reply tokens of different games or players"),
        "{out}"
    );

    // A client that keeps neither the thread nor the subject: the reply
    // address the notice gave still names the game.
    let reply_to = parse(h)
        .reply_to()
        .and_then(|r| r.first())
        .and_then(|a| a.address())
        .expect("a Reply-To")
        .to_string();
    assert!(reply_to.starts_with("dynamo+"), "{reply_to}");
    let bare = format!(
        "From: {ALICE}\r\nTo: {reply_to}\r\nSubject: my move\r\nMessage-ID: <bare@alice>\r\n\r\nd2d4\r\n"
    );
    let out = w.handled(&bare);
    assert!(out.contains("recorded 1. d2d4 in games/h.pgn"), "{out}");
    assert!(!w.game().contains("d2d4"));
}

#[test]
fn the_secret_is_never_written_anywhere() {
    let secret = "a secret of the director, long enough";
    let w = World::new();
    w.config("secret_env = \"DYNAMO_TEST_TOKEN_SECRET\"\n");
    let vars = [("DYNAMO_TEST_TOKEN_SECRET", secret)];
    let shown = w.env.ok_with(&["config"], &vars);
    assert!(
        shown.contains("secret_env = \"DYNAMO_TEST_TOKEN_SECRET\"  # set"),
        "{shown}"
    );
    w.env.ok_with(&["mail", GAME], &vars);
    let notice = w.last_to("alice@example.org");
    let out = w.stdin(&w.reply(&notice, ALICE, "m1@alice", "Ke1e5"), &[], &vars);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let out2 = w.stdin(&w.reply(&notice, ALICE, "m2@alice", "e2e4"), &[], &vars);
    assert!(out2.stdout.contains("recorded 1. e2e4"), "{}", out2.stdout);
    for text in [&shown, &out.stdout, &out.stderr, &out2.stdout, &out2.stderr] {
        assert!(!text.contains(secret));
    }
    for m in w.server.messages() {
        assert!(!m.data.contains(secret));
    }
    let mut folders = vec![w.env.path("")];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).expect("a folder") {
            let path = entry.expect("entry").path();
            if path.is_dir() {
                folders.push(path);
            } else {
                let bytes = std::fs::read(&path).expect("a file");
                assert!(
                    !String::from_utf8_lossy(&bytes).contains(secret),
                    "{}",
                    path.display()
                );
            }
        }
    }
    // Without the variable, nothing is mailed and nothing recorded.
    let before = w.game();
    let out = w.env.run(&["move", GAME, "e7e5", "--mail"]);
    assert_eq!(out.code, 2, "{}", out.stderr);
    assert!(
        out.stderr.contains("DYNAMO_TEST_TOKEN_SECRET"),
        "{}",
        out.stderr
    );
    assert_eq!(w.game(), before);
}

#[test]
fn a_key_file_other_users_may_read_is_refused() {
    use std::os::unix::fs::PermissionsExt;
    let w = World::new();
    let key = w.env.path("dynamo.key");
    let mode = std::fs::metadata(&key)
        .expect("made on first use")
        .permissions()
        .mode();
    assert_eq!(mode & 0o777, 0o600);
    std::fs::set_permissions(&key, std::fs::Permissions::from_mode(0o644)).expect("chmod");
    let out = w.env.run(&["mail", GAME]);
    assert_eq!(out.code, 2, "{}", out.stderr);
    assert!(out.stderr.contains("chmod 600"), "{}", out.stderr);
    let raw = w.reply(&w.last_to("alice@example.org"), ALICE, "m1@alice", "e2e4");
    let out = w.stdin(&raw, &[], &[]);
    assert_eq!(out.code, 2, "{}", out.stderr);
    assert!(!w.game().contains("e2e4"));
}

#[test]
fn draws_and_resignations_come_by_mail_as_the_commands_record_them() {
    let w = World::new();
    w.handled(&w.reply(&w.last_to("alice@example.org"), ALICE, "m1@alice", "e2e4"));
    // A move with a draw offer on the next line.
    let out = w.handled(&w.reply(
        &w.last_to("bob@example.org"),
        BOB,
        "m1@bob",
        "e7e5\r\noffer draw",
    ));
    assert!(out.contains("recorded 1... e7e5, offering a draw"), "{out}");
    assert!(text_of(&w.last_to("alice@example.org")).contains("\"accept draw\""));
    let out = w.handled(&w.reply(
        &w.last_to("alice@example.org"),
        ALICE,
        "m2@alice",
        "decline draw",
    ));
    assert!(out.contains("recorded White declines the draw"), "{out}");
    let out = w.handled(&w.reply(&w.last_to("bob@example.org"), BOB, "m2@bob", "resign"));
    assert!(out.contains("recorded Black resigns"), "{out}");
    let record = w.game();
    assert!(record.contains("{[%draw offer Black "), "{record}");
    assert!(record.contains("{[%draw decline White "), "{record}");
    assert!(record.contains("{[%resign Black "), "{record}");
    assert_eq!(record.matches("{[%mail ").count(), 4, "{record}");
    assert!(record.ends_with("1-0\n"), "{record}");
    w.env.ok(&["verify", GAME]);
    assert!(text_of(&w.last_to("alice@example.org")).contains("Bob (Black) resigns"));
    // After the end, a move is refused as `dynamo move` refuses it.
    let out = w.handled(&w.reply(&w.last_to("alice@example.org"), ALICE, "m3@alice", "Ng1f3"));
    assert!(
        out.contains("refused in games/g.pgn: rejected: the game is over"),
        "{out}"
    );
}

/// A notice that comes back to the inbox (the director plays from the
/// `from` address, a forwarding rule) says it is a machine's mail
/// (RFC 3834): set aside, never answered, never read as a command.
#[test]
fn a_notice_that_comes_back_is_set_aside_unanswered() {
    let w = World::new();
    let notice = w.last_to("alice@example.org");
    assert_eq!(
        parse(&notice)
            .header("Auto-Submitted")
            .and_then(|h| h.as_text()),
        Some("auto-generated")
    );
    let sent = w.server.messages().len();
    let out = w.handled(&notice.data);
    assert!(
        out.contains("set aside: sent by a machine (Auto-Submitted: auto-generated)"),
        "{out}"
    );
    assert_eq!(w.server.messages().len(), sent, "no answer");
    assert!(!w.game().contains("1. "), "{}", w.game());
}

/// With `[site] dir`, a move recorded from a reply brings the web pages up
/// to date as a move recorded by `dynamo move` does: the pages are then
/// exactly what a full build writes.
#[test]
fn a_move_by_mail_brings_the_web_pages_up_to_date() {
    let w = World::with_config("[site]\ndir = \"../pages\"\n");
    w.env.ok(&["site", "../pages"]);
    let page = || w.env.read("../pages/games/g.html");
    let before = page();
    let notice = w.last_to("alice@example.org");
    w.deliver(
        &format!("{TEN_O_CLOCK}.M1P1.test"),
        &w.reply(&notice, ALICE, "m1@alice", "e2e4"),
    );
    let maildir = w.maildir();
    let out = w
        .env
        .ok(&["inbox", "--maildir", maildir.to_str().expect("utf-8")]);
    assert!(out.contains(": recorded 1. e2e4 in games/g.pgn"), "{out}");
    let after = page();
    assert_ne!(before, after, "the game's page did not follow the move");
    assert!(after.contains("e2e4"), "{after}");
    let check = w.env.run(&["site", "../pages", "--check"]);
    assert_eq!(
        (check.code, check.stdout.as_str()),
        (0, ""),
        "{}",
        check.stderr
    );
}
