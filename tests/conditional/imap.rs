//! Lines by mail through a real Dovecot: Alice's reply with her move and
//! `if … then …` lines, read by `dynamo inbox --imap`, records the move,
//! keeps the lines and answers her privately; Bob's reply, read the same
//! way, with the move her line starts with records his move and her
//! answer to it at his move's time.

use dynamo::config::Security;

use crate::inbox::world::{GAME, World, text_of};
use crate::support::dovecot::Dovecot;

const ALICE: &str = "Alice <alice@example.org>";
const BOB: &str = "Bob <bob@example.org>";

#[test]
fn lines_given_in_a_reply_over_imap_are_kept_and_played_on_the_opponents_reply() {
    let dovecot = Dovecot::start();
    let w = World::new();
    w.config(&format!("\n{}", dovecot.inbox_toml(Security::Tls)));
    let vars = dovecot.env();
    let vars: Vec<(&str, &str)> = vars.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();

    let notice = w.last_to("alice@example.org");
    let text = "1. e2e4\r\nif 1... e5 then 2. Nf3\r\nif 1... d5 then 2. Nc3";
    dovecot.append(
        w.reply(&notice, ALICE, "m1@alice", text).as_bytes(),
        "20-Nov-2020 10:17:00 +0000",
    );
    let out = w.env.ok_with(&["inbox", "--imap"], &vars);
    assert!(out.contains("recorded 1. e2e4 in games/g.pgn"), "{out}");
    assert!(
        w.game().contains("1. e2e4 {2020-11-20T10:17:00Z}"),
        "{}",
        w.game()
    );
    let listed = w.env.ok(&["conditional", "list", GAME]);
    assert!(listed.contains("1... e7e5 2. Ng1f3"), "{listed}");
    assert!(listed.contains("1... d7d5 2. Nb1c3"), "{listed}");
    let answer = text_of(&w.last_to("alice@example.org"));
    assert!(
        answer.contains("your conditional lines now stand as follows"),
        "{answer}"
    );
    assert!(answer.contains("  1... e7e5 2. Ng1f3"), "{answer}");
    let to_bob: String = w
        .mail_to("bob@example.org")
        .iter()
        .map(|m| format!("{}{}", m.data, text_of(m)))
        .collect();
    for hidden in ["Ng1f3", "Nb1c3"] {
        assert!(!to_bob.contains(hidden), "{hidden} told to Bob:\n{to_bob}");
        assert!(!w.game().contains(hidden), "{hidden} in the game file");
    }

    let notice = w.last_to("bob@example.org");
    dovecot.append(
        w.reply(&notice, BOB, "m2@bob", "1... e5").as_bytes(),
        "20-Nov-2020 11:00:00 +0000",
    );
    let out = w.env.ok_with(&["inbox", "--imap"], &vars);
    assert!(out.contains("recorded 1... e7e5"), "{out}");
    let game = w.game();
    assert!(game.contains("e7e5 {2020-11-20T11:00:00Z}"), "{game}");
    // Alice's answer has the time of the move it answers (her clock did
    // not run).
    assert!(game.contains("2. Ng1f3 {2020-11-20T11:00:00Z}"), "{game}");
    assert_eq!(
        w.env.ok(&["conditional", "list", GAME]),
        "no conditional lines\n"
    );
    let told = text_of(&w.last_to("bob@example.org"));
    assert!(told.contains("Alice (White) played 2. Ng1f3"), "{told}");
}
