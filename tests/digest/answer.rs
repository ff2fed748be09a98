//! A reply to the digest, one labelled move per game: each judged and
//! recorded as if it had come in the game's own thread, one answer
//! listing what was recorded and what was not, nothing twice when the
//! mail is read again; and `digest daily` chosen in a reply to a notice.

use super::{config, digests, five_games, parse, text_of, to};
use crate::support::TestEnv;
use crate::support::smtp::{Options, Received, SmtpServer};

/// A reply to `digest` from Bob, Message-ID `<id>`, with `body`, the
/// digest quoted below it as a mail client quotes it.
pub(super) fn reply(digest: &Received, id: &str, body: &str) -> String {
    let d = parse(digest);
    let their = d.message_id().expect("a Message-ID").to_string();
    let quoted: String = text_of(digest)
        .lines()
        .map(|l| format!("> {l}\r\n"))
        .collect();
    format!(
        "From: Bob <bob@example.org>\r\nTo: dynamo@club.example\r\nSubject: Re: {}\r\n\
         Message-ID: <{id}>\r\nIn-Reply-To: <{their}>\r\nReferences: <{their}>\r\n\
         Date: Tue, 01 Jan 2030 10:00:00 +0000\r\nMIME-Version: 1.0\r\n\
         Content-Type: text/plain; charset=utf-8\r\n\r\n{body}\r\n\r\nOn Tuesday dynamo wrote:\r\n{quoted}",
        d.subject().expect("a subject"),
    )
}

fn deliver(env: &TestEnv, name: &str, raw: &str) {
    for sub in ["new", "cur", "tmp"] {
        std::fs::create_dir_all(env.path(&format!("Maildir/{sub}"))).expect("a Maildir");
    }
    std::fs::write(env.path(&format!("Maildir/new/{name}")), raw).expect("delivered");
}

/// Bob's games of five, Bob on the daily digest, White's first move made
/// in the games `moved` (each the `n` of `r0n-b01`), and the digest of
/// the next morning: the server, the club and that digest.
fn bobs_digest(moved: &[u32]) -> (SmtpServer, TestEnv, Received) {
    let server = SmtpServer::start(Options::default());
    let env = TestEnv::new();
    config(&env, server.port);
    five_games(&env, "none");
    env.ok(&["digest", "--player", "bob@example.org", "--choose", "daily"]);
    for n in moved {
        env.ok(&["move", &format!("games/r0{n}-b01.pgn"), "e2e4"]);
    }
    env.ok(&["digest", "--now", "2030-01-01T07:00:00Z"]);
    let digest = digests(&server.messages()).pop().expect("a digest");
    (server, env, digest)
}

#[test]
fn three_labelled_moves_one_illegal_record_two_and_answer_the_third() {
    let (server, env, digest) = bobs_digest(&[1, 3, 5]);
    let before = server.messages().len();
    let raw = reply(
        &digest,
        "d1@bob",
        "Good morning,\r\n\r\nr01-b01: e7e5\r\nR03-B01: I play Nb8c6\r\nr05-b01: Ke8e6\r\n\r\nBob",
    );
    deliver(&env, "1893492000.M1P1.test", &raw);
    let out = env.ok(&["inbox", "--maildir", "Maildir"]);
    assert!(out.contains("r01-b01: recorded 1... e7e5"), "{out}");
    assert!(out.contains("r03-b01: recorded 1... Nb8c6"), "{out}");
    assert!(out.contains("r05-b01: not recorded: rejected"), "{out}");
    assert!(env.read("games/r01-b01.pgn").contains("e7e5"));
    assert!(env.read("games/r03-b01.pgn").contains("Nb8c6"));
    assert!(!env.read("games/r05-b01.pgn").contains("Ke8e6"));
    let got = server.messages()[before..].to_vec();
    // Alice's two notices at once; Bob's own moves wait for his digest;
    // his one answer lists all three.
    assert_eq!(to(&got, "alice@example.org").len(), 2);
    let answers = to(&got, "bob@example.org");
    assert_eq!(answers.len(), 1, "one answer");
    let text = text_of(&answers[0]);
    assert!(text.contains("r01-b01: recorded 1... e7e5"), "{text}");
    assert!(text.contains("r03-b01: recorded 1... Nb8c6"), "{text}");
    assert!(text.contains("r05-b01: not recorded: rejected"), "{text}");
    assert!(answers[0].data.contains("Auto-Submitted: auto-replied"));

    // The same mail again (a second delivery): nothing twice.
    deliver(&env, "1893492060.M2P1.test", &raw);
    env.ok(&["inbox", "--maildir", "Maildir"]);
    assert_eq!(env.read("games/r01-b01.pgn").matches("e7e5").count(), 1);
    assert_eq!(server.messages().len(), before + 3);

    // A later reply to the same digest: r01's game moved on since.
    env.ok(&["move", "games/r01-b01.pgn", "g1f3"]);
    let raw = reply(&digest, "d2@bob", "r01-b01: Nb8c6");
    deliver(&env, "1893492120.M3P1.test", &raw);
    let out = env.ok(&["inbox", "--maildir", "Maildir"]);
    assert!(
        out.contains("r01-b01: not recorded: the game has moved on since the digest"),
        "{out}"
    );
    assert!(!env.read("games/r01-b01.pgn").contains("Nb8c6"));
}

/// Every line of a digest reply that asks something is accounted for:
/// a label of another player's game and a move with no label each get a
/// line in the answer; talk gets none. A label is read before a colon,
/// a dash or a blank (`r03-b01 - Nb8c6`): before, only a colon was, and
/// the line was dropped.
#[test]
fn a_line_for_no_game_of_the_digest_is_answered_not_passed_over() {
    let (server, env, digest) = bobs_digest(&[1, 3, 5]);
    let before = server.messages().len();
    let raw = reply(
        &digest,
        "d1@bob",
        "Hi,\r\nr01-b01: e7e5\r\nr09-b07: Qd1d3\r\nr03-b01 - Nb8c6\r\nr05-b01 \u{2013} d7d5\r\n\
         c7c5\r\nBob",
    );
    deliver(&env, "1893492000.M1P1.test", &raw);
    let out = env.ok(&["inbox", "--maildir", "Maildir"]);
    assert!(out.contains("r01-b01: recorded 1... e7e5"), "{out}");
    let answers = to(&server.messages()[before..], "bob@example.org");
    assert_eq!(answers.len(), 1, "one answer");
    let text = text_of(&answers[0]);
    for said in [
        "r01-b01: recorded 1... e7e5",
        "r09-b07: not recorded: not one of your games in this digest",
        "r03-b01: recorded 1... Nb8c6",
        "r05-b01: recorded 1... d7d5",
        "'c7c5': not recorded: the line names no game",
    ] {
        assert!(text.contains(said), "{said}: {text}");
    }
    assert!(!text.contains("'Hi,'") && !text.contains("'Bob'"), "{text}");
    assert!(env.read("games/r03-b01.pgn").contains("Nb8c6"));
    assert!(env.read("games/r05-b01.pgn").contains("d7d5"));
}

#[test]
fn digest_daily_in_a_reply_to_a_notice_is_chosen_and_confirmed() {
    let server = SmtpServer::start(Options::default());
    let env = TestEnv::new();
    config(&env, server.port);
    five_games(&env, "none");
    let notice = to(&server.messages(), "bob@example.org").remove(0);
    let n = parse(&notice);
    let their = n.message_id().expect("a Message-ID").to_string();
    let raw = format!(
        "From: Bob <bob@example.org>\r\nTo: dynamo@club.example\r\nSubject: Re: {}\r\n\
         Message-ID: <c1@bob>\r\nIn-Reply-To: <{their}>\r\nReferences: <{their}>\r\n\
         MIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n\
         Digest daily, please.\r\n",
        n.subject().expect("a subject")
    );
    deliver(&env, "1893492000.M1P1.test", &raw);
    let before = server.messages().len();
    let out = env.ok(&["inbox", "--maildir", "Maildir"]);
    assert!(
        out.contains("set digest daily for bob@example.org"),
        "{out}"
    );
    let got = server.messages()[before..].to_vec();
    assert_eq!(got.len(), 1, "the confirmation");
    assert!(
        text_of(&got[0]).contains("one mail a day"),
        "{}",
        text_of(&got[0])
    );
    let shown = env.ok(&["digest", "--player", "bob@example.org"]);
    assert!(shown.contains("digest daily"), "{shown}");
}

/// Conditional lines are kept from a reply in a game's own thread, where
/// the answer lists them; in a reply to the digest they are not kept,
/// and the answer says so rather than passing over them.
#[test]
fn conditional_lines_in_a_reply_to_the_digest_are_answered_not_dropped() {
    let (_server, env, digest) = bobs_digest(&[1, 3]);
    let raw = reply(
        &digest,
        "d1@bob",
        "r01-b01: e7e5 and if 2. Ng1f3 then 2... Nb8c6\r\nr03-b01: if 2. d2d4 then 2... d7d5",
    );
    deliver(&env, "1893492000.M1P1.test", &raw);
    let out = env.ok(&["inbox", "--maildir", "Maildir"]);
    assert!(
        out.contains("r01-b01: recorded 1... e7e5; conditional lines not kept"),
        "{out}"
    );
    assert!(out.contains("r03-b01: conditional lines not kept"), "{out}");
    assert!(env.read("games/r01-b01.pgn").contains("e7e5"));
    for n in [1, 3] {
        assert_eq!(
            env.ok(&["conditional", "list", &format!("games/r0{n}-b01.pgn")]),
            "no conditional lines\n"
        );
    }
}
