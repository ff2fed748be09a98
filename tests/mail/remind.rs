//! `dynamo remind`: the player to move is reminded once per deadline and
//! threshold, however often it runs, and once more (with a copy to the
//! director) when the deadline has passed.

use super::{mail_config_with, text_of};
use crate::support::TestEnv;
use crate::support::smtp::{Options, SmtpServer};

#[test]
fn reminders_go_once_per_threshold() {
    let server = SmtpServer::start(Options::default());
    let env = TestEnv::new();
    mail_config_with(&env, server.port, "none", None, "remind_days = [7, 2]\n");
    std::fs::create_dir(env.path("games")).expect("a folder");
    // White moves at once; Black has 10 days from 2026-01-01 10:00.
    env.ok(&[
        "new",
        "games/a.pgn",
        "--white",
        "Alice <alice@example.org>",
        "--black",
        "Bob <bob@example.org>",
        "--time-control",
        "10d",
        "--at",
        "2026-01-01T09:00:00Z",
    ]);
    env.ok(&[
        "move",
        "games/a.pgn",
        "e2e4",
        "--at",
        "2026-01-01T10:00:00Z",
    ]);
    let remind = |now: &str| env.ok(&["remind", "--now", now]);

    let out = remind("2026-01-03T10:00:00Z");
    assert!(
        server.messages().is_empty(),
        "8 days left: nothing due: {out}"
    );

    let out = env.ok(&["remind", "--now", "2026-01-05T10:00:00Z", "--dry-run"]);
    assert!(
        out.contains("Bob (Black)") && out.contains("would remind"),
        "{out}"
    );
    assert!(server.messages().is_empty(), "a dry run sends nothing");

    for _ in 0..3 {
        remind("2026-01-05T10:00:00Z");
        remind("2026-01-06T10:00:00Z");
    }
    let got = server.messages();
    assert_eq!(got.len(), 1, "the 7-day reminder, once");
    assert_eq!(got[0].rcpt_tos, ["bob@example.org"]);
    let text = text_of(&got[0]);
    assert!(text.contains("it is your move against Alice"), "{text}");
    assert!(text.contains("2026-01-11 10:00 UTC"), "{text}");

    for _ in 0..3 {
        remind("2026-01-10T10:00:00Z");
    }
    assert_eq!(server.messages().len(), 2, "the 2-day reminder, once");
    let out = env.ok(&["remind", "--now", "2026-01-10T11:00:00Z", "--dry-run"]);
    assert!(out.contains("reminded already"), "{out}");

    for _ in 0..3 {
        remind("2026-01-11T12:00:00Z");
    }
    let got = server.messages();
    assert_eq!(got.len(), 4, "overdue: the player and the director, once");
    let to: Vec<&str> = got[2..].iter().map(|m| m.rcpt_tos[0].as_str()).collect();
    assert_eq!(to, ["bob@example.org", "dynamo@club.example"]);
    assert!(
        text_of(&got[3]).contains("Copy for the director"),
        "{}",
        text_of(&got[3])
    );

    // A new deadline (Bob moves) starts afresh.
    env.ok(&[
        "move",
        "games/a.pgn",
        "e7e5",
        "--at",
        "2026-01-11T13:00:00Z",
    ]);
    remind("2026-01-20T13:00:00Z");
    remind("2026-01-20T14:00:00Z");
    let got = server.messages();
    assert_eq!(got.len(), 5, "Alice's 2-day reminder covers the 7-day one");
    assert_eq!(got[4].rcpt_tos, ["alice@example.org"]);
}

#[test]
fn a_first_run_close_to_the_deadline_sends_only_the_nearest_reminder() {
    let server = SmtpServer::start(Options::default());
    let env = TestEnv::new();
    mail_config_with(&env, server.port, "none", None, "remind_days = [7, 2]\n");
    env.ok(&[
        "new",
        "g.pgn",
        "--white",
        "Alice <alice@example.org>",
        "--black",
        "Bob <bob@example.org>",
        "--time-control",
        "3d",
        "--at",
        "2026-01-01T09:00:00Z",
    ]);
    env.ok(&["remind", "g.pgn", "--now", "2026-01-03T09:00:00Z"]);
    env.ok(&["remind", "g.pgn", "--now", "2026-01-03T10:00:00Z"]);
    let got = server.messages();
    assert_eq!(got.len(), 1);
    assert_eq!(got[0].rcpt_tos, ["alice@example.org"]);
}
