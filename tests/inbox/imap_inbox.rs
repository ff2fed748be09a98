//! `dynamo inbox --imap` end to end: replies appended to a real Dovecot
//! mailbox are recorded at their INTERNALDATE, marked `$DynamoDone` and
//! `\Seen`, never handled twice, and under `--watch` a reply that arrives
//! while the inbox waits in IDLE is recorded within seconds.

use std::process::Stdio;
use std::time::Duration;

use dynamo::config::Security;

use super::world::{World, stop_watching, within_seconds};
use crate::support::dovecot::Dovecot;

const ALICE: &str = "Alice <alice@example.org>";
const BOB: &str = "Bob <bob@example.org>";

/// A world whose config also has the `[inbox]` table of `dovecot`.
fn world(dovecot: &Dovecot) -> World {
    let w = World::new();
    w.config(&format!("\n{}", dovecot.inbox_toml(Security::Tls)));
    w
}

#[test]
fn a_reply_in_the_imap_mailbox_is_recorded_at_its_arrival_once() {
    let dovecot = Dovecot::start();
    let w = world(&dovecot);
    let notice = w.last_to("alice@example.org");
    let uid = dovecot.append(
        w.reply(&notice, ALICE, "m1@alice", "e4").as_bytes(),
        "20-Nov-2020 10:17:00 +0000",
    );
    let stranger = dovecot.append(
        b"From: someone@elsewhere.example\r\nSubject: hello\r\nMessage-ID: <s1@else>\r\n\r\nhi\r\n",
        "20-Nov-2020 10:18:00 +0000",
    );
    let vars = dovecot.env();
    let vars: Vec<(&str, &str)> = vars.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();

    let printed = w.env.ok_with(&["inbox", "--imap"], &vars);
    assert!(printed.contains("recorded 1. e2e4"), "{printed}");
    assert!(
        w.game().contains("1. e2e4 {2020-11-20T10:17:00Z}"),
        "recorded at its INTERNALDATE:\n{}",
        w.game()
    );
    for uid in [uid, stranger] {
        let flags = dovecot.flags(uid);
        assert!(flags.iter().any(|f| f == "$DynamoDone"), "{flags:?}");
        assert!(flags.iter().any(|f| f == "\\Seen"), "{flags:?}");
    }
    assert_eq!(
        w.mail_to("bob@example.org").len(),
        2,
        "creation and 1. e2e4"
    );

    // Run again: nothing is waiting, nothing is recorded or sent twice.
    let before = w.game();
    w.env.ok_with(&["inbox", "--imap"], &vars);
    assert_eq!(w.game(), before);
    assert_eq!(w.mail_to("bob@example.org").len(), 2);
    let unmatched = w.env.ok_with(&["inbox", "--unmatched"], &vars);
    assert!(
        unmatched.contains("someone@elsewhere.example"),
        "{unmatched}"
    );
}

#[test]
fn watch_records_a_reply_appended_while_it_waits_in_idle() {
    let dovecot = Dovecot::start();
    let w = world(&dovecot);
    let vars = dovecot.env();
    let child = w
        .env
        .command()
        .args(["inbox", "--imap", "--watch"])
        .envs(vars.iter().map(|(k, v)| (k.as_str(), v.as_str())))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("dynamo inbox --imap --watch");
    // Let it log in and settle into IDLE on an empty mailbox.
    std::thread::sleep(Duration::from_secs(2));
    let notice = w.last_to("alice@example.org");
    dovecot.append(
        w.reply(&notice, ALICE, "m1@alice", "e2e4").as_bytes(),
        "20-Nov-2020 10:17:00 +0000",
    );
    within_seconds(
        || format!("recording 1. e2e4; Dovecot log:\n{}", dovecot.log()),
        || w.game().contains("e2e4"),
    );
    // And a second reply, to the new notice, on the same session.
    within_seconds(
        || "the notice to Bob".into(),
        || w.mail_to("bob@example.org").len() >= 2,
    );
    let notice = w.last_to("bob@example.org");
    dovecot.append(
        w.reply(&notice, BOB, "m2@bob", "e7e5").as_bytes(),
        "20-Nov-2020 11:00:00 +0000",
    );
    within_seconds(
        || "recording the second reply".into(),
        || w.game().contains("e7e5"),
    );
    let printed = stop_watching(child);
    assert!(printed.contains("recorded 1. e2e4"), "{printed}");
    assert!(printed.contains("recorded 1... e7e5"), "{printed}");
}

#[test]
fn imap_without_an_inbox_table_or_with_a_server_down_says_so() {
    let w = World::new();
    let out = w.env.run(&["inbox", "--imap"]);
    assert_eq!(out.code, 2, "{}", out.stderr);
    assert!(out.stderr.contains("[inbox]"), "{}", out.stderr);
    // A port nobody listens on: a temporary failure, 75.
    let free = std::net::TcpListener::bind("127.0.0.1:0")
        .expect("a port")
        .local_addr()
        .expect("its address")
        .port();
    w.config(&format!(
        "\n[inbox]\nhost = \"127.0.0.1\"\nport = {free}\nsecurity = \"none\"\n\
         username = \"u\"\npassword_env = \"P\"\ntimeout_seconds = 5\n"
    ));
    let out = w.env.run_with(&["inbox", "--imap"], &[("P", "secret-pw")]);
    assert_eq!(out.code, 75, "{}{}", out.stdout, out.stderr);
    assert!(!out.stderr.contains("secret-pw"), "{}", out.stderr);
}
