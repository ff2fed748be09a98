//! A reply to the digest through a real Dovecot: the digest goes out
//! over SMTP, Bob's reply (in its thread, its reply token in the subject
//! as the digest asks, one labelled line per game) is read by
//! `dynamo inbox --imap`, the legal move recorded, the illegal one
//! answered with its refusal, and nothing handled twice.

use dynamo::config::Security;

use super::answer::reply;
use super::{config, digests, five_games, text_of, to};
use crate::support::TestEnv;
use crate::support::dovecot::Dovecot;
use crate::support::smtp::{Options, SmtpServer};

#[test]
fn a_reply_to_the_digest_over_imap_records_the_legal_move_and_refuses_the_other() {
    let server = SmtpServer::start(Options::default());
    let dovecot = Dovecot::start();
    let env = TestEnv::new();
    config(&env, server.port);
    let mut toml = env.read("dynamo.toml");
    toml.push_str(&dovecot.inbox_toml(Security::Tls));
    env.write("dynamo.toml", &toml);
    five_games(&env, "none");
    env.ok(&["digest", "--player", "bob@example.org", "--choose", "daily"]);
    for n in [1, 3] {
        env.ok(&["move", &format!("games/r0{n}-b01.pgn"), "e2e4"]);
    }
    env.ok(&["digest", "--now", "2030-01-01T07:00:00Z"]);
    let digest = digests(&server.messages()).pop().expect("a digest");
    assert!(
        text_of(&digest).contains("r01-b01") && text_of(&digest).contains("r03-b01"),
        "both games to move in the digest:\n{}",
        text_of(&digest)
    );
    let before = server.messages().len();
    let raw = reply(
        &digest,
        "d1@bob",
        "Good morning,\r\n\r\nr01-b01: e7e5\r\nr03-b01: Ke8e6\r\n\r\nBob",
    );
    let uid = dovecot.append(raw.as_bytes(), "01-Jan-2030 10:00:00 +0000");
    let vars = dovecot.env();
    let vars: Vec<(&str, &str)> = vars.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();

    let out = env.ok_with(&["inbox", "--imap"], &vars);
    assert!(out.contains("r01-b01: recorded 1... e7e5"), "{out}");
    assert!(out.contains("r03-b01: not recorded: rejected"), "{out}");
    // With the reply's reference. Its time is not checked: the digest's
    // day is still to come, so the arrival is recorded as now.
    assert!(
        env.read("games/r01-b01.pgn").contains("{[%mail <d1@bob>]}"),
        "{}",
        env.read("games/r01-b01.pgn")
    );
    assert!(!env.read("games/r03-b01.pgn").contains("Ke8e6"));
    let flags = dovecot.flags(uid);
    assert!(flags.iter().any(|f| f == "$DynamoDone"), "{flags:?}");
    let got = server.messages()[before..].to_vec();
    assert_eq!(to(&got, "alice@example.org").len(), 1, "1... e7e5 to Alice");
    let answers = to(&got, "bob@example.org");
    assert_eq!(answers.len(), 1, "one answer to Bob");
    let text = text_of(&answers[0]);
    assert!(text.contains("r01-b01: recorded 1... e7e5"), "{text}");
    assert!(text.contains("r03-b01: not recorded: rejected"), "{text}");

    // Read again, and then the same mail delivered a second time: neither
    // records nor sends anything.
    let games = |env: &TestEnv| [1, 3].map(|n| env.read(&format!("games/r0{n}-b01.pgn")));
    let kept = games(&env);
    env.ok_with(&["inbox", "--imap"], &vars);
    let again = dovecot.append(raw.as_bytes(), "01-Jan-2030 10:05:00 +0000");
    env.ok_with(&["inbox", "--imap"], &vars);
    let flags = dovecot.flags(again);
    assert!(flags.iter().any(|f| f == "$DynamoDone"), "read: {flags:?}");
    assert_eq!(games(&env), kept);
    assert_eq!(server.messages().len(), before + 2);
}
