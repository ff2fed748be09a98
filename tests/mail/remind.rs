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
    // A machine's mail (RFC 3834): vacation responders stay quiet, and
    // the inbox never answers it.
    assert!(
        got[0]
            .data
            .contains("\r\nAuto-Submitted: auto-generated\r\n"),
        "{}",
        got[0].data
    );
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

/// The lead paragraph of a reminder: the lines after `Dear …,` up to the
/// next blank line.
fn lead(text: &str) -> &str {
    let start = text.find("\n\n").expect("a greeting") + 2;
    let end = start + text[start..].find("\n\n").expect("a paragraph");
    &text[start..end]
}

/// An overdue reminder labels the deadline as past and says, in the
/// time control's terms, that the opponent may claim the game on time
/// (docs/director.md, "Time control"); worked out by hand for `3d`, late by minutes.
#[test]
fn an_overdue_reminder_under_a_per_move_control() {
    let server = SmtpServer::start(Options::default());
    let env = TestEnv::new();
    mail_config_with(&env, server.port, "none", None, "remind_days = [2]\n");
    env.new_game_at("2026-01-01T09:00:00Z", &["--time-control", "3d"]);
    env.ok(&["remind", "g.pgn", "--now", "2026-01-04T09:07:00Z"]);
    let got = server.messages();
    assert_eq!(got.len(), 2, "Alice and the director");
    assert_eq!(
        lead(&text_of(&got[0])),
        "your move against Bob was due by 2026-01-04 09:00 UTC, 7 minutes ago, and no move \
         has been recorded (time control 3d: each move within 3 days of the opponent's move). \
         Bob may claim the game on time: the director has a copy of this reminder and may \
         adjudicate it as a time forfeit. Until the director decides, the game goes on and \
         your move is still recorded, as late."
    );
}

/// Under `10/50d`, Black's first move came 22 days late, so Black's next
/// deadline had passed before White's move started Black's clock: the
/// reminder names it as past, never as time in hand.
#[test]
fn an_overdue_reminder_under_a_period_control_after_a_late_move() {
    let server = SmtpServer::start(Options::default());
    let env = TestEnv::new();
    mail_config_with(&env, server.port, "none", None, "remind_days = [2]\n");
    env.new_game_at("2026-01-01T09:00:00Z", &["--time-control", "10/50d"]);
    env.ok(&["move", "g.pgn", "e2e4", "--at", "2026-01-02T09:00:00Z"]);
    // Due 2026-02-21 09:00; 72 days used of 50.
    env.ok(&["move", "g.pgn", "e7e5", "--at", "2026-03-15T09:00:00Z"]);
    env.ok(&["move", "g.pgn", "d2d4", "--at", "2026-03-15T10:00:00Z"]);
    // Black's clock starts at 10:00 with -22 days in hand.
    env.ok(&["remind", "g.pgn", "--now", "2026-03-15T11:00:00Z"]);
    let got = server.messages();
    assert_eq!(got.len(), 2, "Bob and the director");
    assert_eq!(got[0].rcpt_tos, ["bob@example.org"]);
    assert_eq!(
        lead(&text_of(&got[0])),
        "your move against Alice was due by 2026-02-21 10:00 UTC, 22 days 1 hour ago, and no \
         move has been recorded (time control 10/50d: 50 days for every 10 moves, so 50 days \
         in all for a player's first 10 moves). Alice may claim the game on time: the director \
         has a copy of this reminder and may adjudicate it as a time forfeit. Until the \
         director decides, the game goes on and your move is still recorded, as late."
    );
}
