//! `dynamo inbox --stdin`, as a mail system's pipe runs it: exit 0 once a
//! message is handled, 75 (EX_TEMPFAIL) when it must be delivered again
//! later; the same mail delivered twice is handled once; a dry run
//! changes nothing.

use std::collections::BTreeMap;
use std::path::Path;
use std::time::Duration;

use dynamo::durable::FileLock;

use super::world::{GAME, World};

const ALICE: &str = "Alice <alice@example.org>";

#[test]
fn a_held_game_lock_is_exit_75_and_the_mail_is_handled_when_delivered_again() {
    let w = World::new();
    let raw = w.reply(&w.last_to("alice@example.org"), ALICE, "m1@alice", "e2e4");
    let before = w.game();
    let lock = FileLock::acquire_within(&w.env.path("games/g.pgn.lock"), Duration::ZERO)
        .expect("the game's lock");
    let out = w.stdin(&raw, &[], &[("DYNAMO_LOCK_WAIT", "1")]);
    assert_eq!(out.code, 75, "{}{}", out.stdout, out.stderr);
    assert!(
        out.stderr.contains("locked by another process"),
        "{}",
        out.stderr
    );
    assert_eq!(w.game(), before);
    drop(lock);
    let out = w.handled(&raw);
    assert!(out.contains("recorded 1. e2e4"), "{out}");
}

#[test]
fn a_held_inbox_lock_is_exit_75() {
    let w = World::new();
    let raw = w.reply(&w.last_to("alice@example.org"), ALICE, "m1@alice", "e2e4");
    std::fs::create_dir_all(w.env.path("inbox")).expect("the state folder");
    let lock = FileLock::acquire_within(&w.env.path("inbox/.lock"), Duration::ZERO)
        .expect("the inbox's lock");
    let out = w.stdin(&raw, &[], &[("DYNAMO_LOCK_WAIT", "1")]);
    assert_eq!(out.code, 75, "{}", out.stderr);
    assert!(
        out.stderr.contains("another dynamo inbox"),
        "{}",
        out.stderr
    );
    drop(lock);
    assert!(w.handled(&raw).contains("recorded 1. e2e4"));
}

#[test]
fn a_disk_error_is_exit_75_and_changes_nothing() {
    let w = World::new();
    let raw = w.reply(&w.last_to("alice@example.org"), ALICE, "m1@alice", "e2e4");
    let before = w.game();
    // The inbox's folder cannot be made: a file has its name.
    w.env.write("inbox", "not a folder");
    let out = w.stdin(&raw, &[], &[]);
    assert_eq!(out.code, 75, "{}", out.stderr);
    assert!(out.stderr.contains("inbox"), "{}", out.stderr);
    assert_eq!(w.game(), before);
    std::fs::remove_file(w.env.path("inbox")).expect("removed");
    assert!(w.handled(&raw).contains("recorded 1. e2e4"));
}

#[test]
fn the_same_mail_twice_is_handled_once() {
    let w = World::new();
    let notice = w.last_to("alice@example.org");
    let raw = w.reply(&notice, ALICE, "m1@alice", "e2e4");
    w.handled(&raw);
    let record = w.game();
    let sent = w.server.messages().len();
    // Delivered again by the mail system, trace headers and all.
    let again = format!("Received: from mx2.example.org\r\n{raw}");
    let out = w.handled(&again);
    assert!(out.contains("handled before: recorded 1. e2e4"), "{out}");
    // A refused mail is answered once however often it comes.
    let bad = w.reply(&notice, ALICE, "m2@alice", "Ke1e5");
    w.handled(&bad);
    w.handled(&bad);
    assert_eq!(w.game(), record);
    assert_eq!(w.server.messages().len(), sent + 1, "one answer");
}

#[test]
fn a_stop_between_recording_and_noting_the_mail_records_nothing_twice() {
    let w = World::new();
    let raw = w.reply(&w.last_to("alice@example.org"), ALICE, "m1@alice", "e2e4");
    w.handled(&raw);
    let record = w.game();
    let sent = w.server.messages().len();
    // As if the run had stopped before noting the mail as handled.
    for entry in std::fs::read_dir(w.env.path("inbox/handled")).expect("the record") {
        std::fs::remove_file(entry.expect("entry").path()).expect("removed");
    }
    let out = w.handled(&raw);
    assert!(
        out.contains("recorded before from this mail: 1. e2e4 in games/g.pgn"),
        "{out}"
    );
    assert_eq!(w.game(), record);
    assert_eq!(w.server.messages().len(), sent);
    // The same without a Message-ID: the mail's own words name it.
    let bob = w.reply(
        &w.last_to("bob@example.org"),
        "Bob <bob@example.org>",
        "x",
        "e7e5",
    );
    let bob = bob.replace("Message-ID: <x>\r\n", "");
    w.handled(&bob);
    let record = w.game();
    assert!(record.contains("{[%mail sha256-"), "{record}");
    for entry in std::fs::read_dir(w.env.path("inbox/handled")).expect("the record") {
        std::fs::remove_file(entry.expect("entry").path()).expect("removed");
    }
    let out = w.handled(&format!("Received: again\r\n{bob}"));
    assert!(out.contains("recorded before from this mail"), "{out}");
    assert_eq!(w.game(), record);
    // An answer the outbox holds (sent) is not queued again.
    let bad = w.reply(&w.last_to("alice@example.org"), ALICE, "bad@alice", "Ke1e5");
    w.handled(&bad);
    let sent = w.server.messages().len();
    for entry in std::fs::read_dir(w.env.path("inbox/handled")).expect("the record") {
        std::fs::remove_file(entry.expect("entry").path()).expect("removed");
    }
    let out = w.handled(&bad);
    assert!(
        out.contains("alice@example.org was answered before"),
        "{out}"
    );
    assert_eq!(w.server.messages().len(), sent);
}

/// Every file under `dir` and its bytes.
fn snapshot(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    let mut files = BTreeMap::new();
    let mut folders = vec![dir.to_path_buf()];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).expect("a folder") {
            let path = entry.expect("entry").path();
            if path.is_dir() {
                files.insert(format!("{}/", path.display()), Vec::new());
                folders.push(path);
            } else {
                files.insert(
                    path.display().to_string(),
                    std::fs::read(&path).expect("a file"),
                );
            }
        }
    }
    files
}

#[test]
fn a_dry_run_says_what_it_would_do_and_changes_nothing() {
    let w = World::new();
    let notice = w.last_to("alice@example.org");
    // The state folder exists from an earlier run.
    w.handled(&w.reply(&notice, ALICE, "bad@alice", "Ke1e5"));
    w.deliver(
        "1605866400.M1P1.test",
        &w.reply(&notice, ALICE, "m1@alice", "e2e4"),
    );
    w.deliver(
        "1605866401.M1P1.test",
        &w.reply(&notice, ALICE, "m2@alice", "Ke1e5"),
    );
    w.deliver(
        "1605866402.M1P1.test",
        &w.reply(&notice, "Eve <eve@example.org>", "m3@eve", "e2e4"),
    );
    let before = snapshot(w.env.path("").as_path());
    let sent = w.server.messages().len();
    let out = w.env.ok(&["inbox", "--maildir", "Maildir", "--dry-run"]);
    assert!(out.contains("would record 1. e2e4"), "{out}");
    assert!(
        out.contains("would refuse in games/g.pgn: rejected: "),
        "{out}"
    );
    assert!(out.contains("would answer alice@example.org"), "{out}");
    assert!(out.contains("would set aside: "), "{out}");
    let piped = w.stdin(
        &w.reply(&notice, ALICE, "m4@alice", "e2e4"),
        &["--dry-run"],
        &[],
    );
    assert_eq!(piped.code, 0, "{}", piped.stderr);
    assert!(
        piped.stdout.contains("would record 1. e2e4"),
        "{}",
        piped.stdout
    );
    assert_eq!(snapshot(w.env.path("").as_path()), before, "byte-identical");
    assert_eq!(w.server.messages().len(), sent, "no mail");
    assert!(!w.game().contains("e2e4"), "{}", w.env.read(GAME));
}
