//! `dynamo inbox --maildir`: what waits in `new/` and, unhandled, in
//! `cur/`; each message moved to `cur/` once handled, never handled twice,
//! even by two `dynamo inbox` at once; `--watch` until SIGTERM.

use std::process::Stdio;
use std::time::Duration;

use super::world::{TEN_O_CLOCK, World, stop_watching, within_seconds};

const ALICE: &str = "Alice <alice@example.org>";

#[test]
fn new_and_unhandled_cur_mail_is_handled_then_moved_and_never_again() {
    let w = World::new();
    let notice = w.last_to("alice@example.org");
    // A mail client moved the first to cur/ (read) before dynamo saw it.
    let dir = w.maildir();
    std::fs::write(
        dir.join("cur").join(format!("{TEN_O_CLOCK}.M1P1.test:2,S")),
        w.reply(&notice, ALICE, "bad@alice", "Ke1e5"),
    )
    .expect("written");
    w.deliver(
        &format!("{}.M2P1.test", TEN_O_CLOCK + 60),
        &w.reply(&notice, ALICE, "m1@alice", "e2e4"),
    );
    let out = w.env.ok(&["inbox", "--maildir", "Maildir"]);
    let lines: Vec<&str> = out
        .lines()
        .filter(|l| l.starts_with("new/") || l.starts_with("cur/"))
        .collect();
    assert_eq!(lines.len(), 2, "{out}");
    assert!(
        lines[0].starts_with("cur/1605866400.M1P1.test:2,S: refused"),
        "{out}"
    );
    assert!(
        lines[1].starts_with("new/1605866460.M2P1.test: recorded 1. e2e4"),
        "{out}"
    );
    assert!(
        w.game().contains("1. e2e4 {2020-11-20T10:01:00Z}"),
        "{}",
        w.game()
    );
    assert!(w.listed("new").is_empty());
    assert_eq!(
        w.listed("cur"),
        ["1605866400.M1P1.test:2,S", "1605866460.M2P1.test:2,S"]
    );
    let sent = w.server.messages().len();
    let again = w.env.ok(&["inbox", "--maildir", "Maildir"]);
    assert!(!again.contains(".test"), "nothing waits: {again}");
    assert_eq!(w.server.messages().len(), sent);
}

#[test]
fn two_inboxes_at_once_handle_each_mail_once() {
    let w = World::new();
    let notice = w.last_to("alice@example.org");
    let move_mail = w.reply(&notice, ALICE, "m1@alice", "e2e4");
    // The move delivered twice, three refused moves, one stranger.
    w.deliver("1605866400.M1P1.test", &move_mail);
    w.deliver("1605866400.M1P2.test", &move_mail);
    for (i, bad) in ["Ke1e5", "Qd1d5", "e2e6"].iter().enumerate() {
        w.deliver(
            &format!("16058664{:02}.M3P{i}.test", 10 + i),
            &w.reply(&notice, ALICE, &format!("bad{i}@alice"), bad),
        );
    }
    w.deliver(
        "1605866420.M4P1.test",
        &w.reply(&notice, "Eve <eve@example.org>", "m@eve", "e2e4"),
    );
    let sent = w.server.messages().len();
    let runs: Vec<_> = (0..2)
        .map(|_| {
            w.env
                .command()
                .args(["inbox", "--maildir", "Maildir"])
                .stdout(Stdio::piped())
                .stderr(Stdio::piped())
                .spawn()
                .expect("dynamo inbox")
        })
        .collect();
    for run in runs {
        let out = run.wait_with_output().expect("it ends");
        assert_eq!(
            out.status.code(),
            Some(0),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    let record = w.game();
    assert_eq!(record.matches("e2e4").count(), 1, "{record}");
    assert_eq!(record.matches("[%mail ").count(), 1, "{record}");
    let got = &w.server.messages()[sent..];
    let to_alice = got
        .iter()
        .filter(|m| m.rcpt_tos == ["alice@example.org"])
        .count();
    let to_bob = got
        .iter()
        .filter(|m| m.rcpt_tos == ["bob@example.org"])
        .count();
    assert_eq!(
        (to_alice, to_bob),
        (1 + 3 + 1, 1),
        "one notice each, one answer per refusal, one note of the stranger"
    );
    assert!(w.listed("new").is_empty());
    assert_eq!(w.listed("cur").len(), 6);
}

#[test]
fn watch_records_a_new_mail_within_seconds_and_stops_on_sigterm() {
    let w = World::new();
    w.maildir();
    let child = w
        .env
        .command()
        .args(["inbox", "--maildir", "Maildir", "--watch", "--poll", "1"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("dynamo inbox --watch");
    std::thread::sleep(Duration::from_millis(300));
    let notice = w.last_to("alice@example.org");
    w.deliver(
        "1605866400.M1P1.test",
        &w.reply(&notice, ALICE, "m1@alice", "e2e4"),
    );
    within_seconds(|| "recording 1. e2e4".into(), || w.game().contains("e2e4"));
    let printed = stop_watching(child);
    assert!(printed.contains("recorded 1. e2e4"), "{printed}");
}
