//! Plain words at the edges (docs/mail.md, "Mailing the position"): one short
//! line per run of notices mailed and every notice in full with
//! `--verbose`; `remind` saying "nothing due" on a terminal and nothing
//! to cron; the greeting of a player written "Last, First"; the pieces
//! off the board and the result of an agreed draw in correct English.
//! Each read from what a real SMTP server received.

use std::process::Command;

use super::{mail_config, mail_config_with, text_of};
use crate::support::TestEnv;
use crate::support::smtp::{Options, SmtpServer};

/// A game of Karl-Heinz Schmidt, written as club lists write him, and
/// Ada Lovelace, started 2026-01-01 09:00 with three days a move.
fn schmidt_and_ada(env: &TestEnv) {
    env.ok(&[
        "new",
        "games/a.pgn",
        "--white",
        "\"Schmidt, Karl-Heinz\" <kh@example.de>",
        "--black",
        "Ada Lovelace <ada@example.org>",
        "--time-control",
        "3d",
        "--at",
        "2026-01-01T09:00:00Z",
        "-q",
    ]);
}

/// Defect: each `mailed "…" to … (<Message-ID>)` line was about 300
/// characters, so a command's own summary scrolled away.
#[test]
fn one_short_line_per_run_of_notices_and_the_full_lines_with_verbose() {
    let server = SmtpServer::start(Options::default());
    let env = TestEnv::new();
    mail_config(&env, server.port, "none", None);
    schmidt_and_ada(&env);
    let out = env.ok(&[
        "move",
        "games/a.pgn",
        "e2e4",
        "--at",
        "2026-01-02T09:00:00Z",
        "--mail",
    ]);
    let last = out.lines().last().unwrap_or("");
    assert_eq!(
        last, "mailed 2 notices (Karl-Heinz Schmidt, Ada Lovelace)",
        "{out}"
    );
    assert!(!out.contains("<dynamo."), "no Message-ID: {out}");

    // --verbose, after the command or before it: each notice in full.
    for args in [
        &[
            "move",
            "games/a.pgn",
            "e7e5",
            "--at",
            "2026-01-03T09:00:00Z",
            "--mail",
            "--verbose",
        ][..],
        &[
            "-v",
            "move",
            "games/a.pgn",
            "d2d4",
            "--at",
            "2026-01-04T09:00:00Z",
            "--mail",
        ][..],
    ] {
        let out = env.ok(args);
        let lines: Vec<&str> = out.lines().filter(|l| l.starts_with("mailed ")).collect();
        assert_eq!(lines.len(), 2, "{out}");
        assert!(lines[0].starts_with("mailed \"Dynamo: "), "{out}");
        assert!(lines[0].contains("\" to kh@example.de (<dynamo."), "{out}");
        assert!(
            lines[1].contains("\" to ada@example.org (<dynamo."),
            "{out}"
        );
    }
    assert_eq!(server.messages().len(), 6);

    // `mail --retry` says what it sent the same way.
    let down = TestEnv::new();
    down.write(
        "dynamo.toml",
        "[mail]\nhost = \"127.0.0.1\"\nport = 9\nsecurity = \"none\"\nfrom = \"d@club.example\"\n",
    );
    schmidt_and_ada(&down);
    let out = down.run(&["mail", "games/a.pgn"]);
    assert_eq!(out.code, 3, "{}", out.stderr);
    assert!(
        out.stderr.contains("2 notices queued in the outbox"),
        "{}",
        out.stderr
    );
    mail_config(&down, server.port, "none", None);
    // In the outbox's order.
    let out = down.ok(&["mail", "--retry"]);
    assert!(
        [
            "mailed 2 notices (Karl-Heinz Schmidt, Ada Lovelace)\n",
            "mailed 2 notices (Ada Lovelace, Karl-Heinz Schmidt)\n"
        ]
        .contains(&out.as_str()),
        "{out}"
    );
}

/// Defect: "Dear Schmidt, Karl-Heinz," greeted a player written "Last,
/// First", in notices and reminders alike.
#[test]
fn a_player_written_last_first_is_greeted_first_last() {
    let server = SmtpServer::start(Options::default());
    let env = TestEnv::new();
    mail_config_with(&env, server.port, "none", None, "remind_days = [1]\n");
    schmidt_and_ada(&env);
    env.ok(&["mail", "games/a.pgn"]);
    let got = server.messages();
    let text = text_of(&got[0]);
    assert!(text.starts_with("Dear Karl-Heinz Schmidt,\n"), "{text}");
    // The players' line keeps the name as the file writes it.
    assert!(
        text.contains("Schmidt, Karl-Heinz (White) – Ada Lovelace (Black)"),
        "{text}"
    );
    // White is to move, due 2026-01-04 09:00: a day before, reminded.
    let out = env.ok(&["remind", "--now", "2026-01-03T10:00:00Z"]);
    assert_eq!(
        out.lines().last(),
        Some("mailed 1 reminder (Karl-Heinz Schmidt)"),
        "{out}"
    );
    let got = server.messages();
    assert_eq!(got.len(), 3);
    assert!(text_of(&got[2]).starts_with("Dear Karl-Heinz Schmidt,\n"));
}

/// Defect: "Black lost pawn"; and `Game over: 1/2-1/2 (draw agreed
/// (Black offered, White accepted))`, parentheses inside parentheses.
#[test]
fn pieces_off_the_board_and_an_agreed_draw_in_plain_english() {
    let server = SmtpServer::start(Options::default());
    let env = TestEnv::new();
    mail_config(&env, server.port, "none", None);
    schmidt_and_ada(&env);
    // White's bishop pushes White's own g2 pawn off the board.
    env.ok(&[
        "move",
        "games/a.pgn",
        "Bf1/g2E",
        "--at",
        "2026-01-02T09:00:00Z",
        "--mail",
    ]);
    let text = text_of(&server.messages()[1]);
    assert!(
        text.contains("Off the board: White lost a pawn; Black lost nothing."),
        "{text}"
    );
    env.ok(&[
        "draw",
        "games/a.pgn",
        "offer",
        "--by",
        "black",
        "--at",
        "2026-01-03T09:00:00Z",
    ]);
    env.ok(&[
        "draw",
        "games/a.pgn",
        "accept",
        "--by",
        "white",
        "--at",
        "2026-01-03T10:00:00Z",
        "--mail",
    ]);
    let got = server.messages();
    let text = text_of(&got[got.len() - 1]);
    assert!(
        text.contains("Game over: 1/2-1/2 (draw agreed: Black offered, White accepted)."),
        "{text}"
    );
    assert!(!text.contains("))"), "{text}");
}

/// `remind` by hand on a terminal says when nothing is due; run by cron
/// (no terminal) it stays silent.
#[test]
fn remind_says_nothing_due_on_a_terminal_only() {
    let server = SmtpServer::start(Options::default());
    let env = TestEnv::new();
    mail_config_with(&env, server.port, "none", None, "remind_days = [1]\n");
    schmidt_and_ada(&env);
    let now = "2026-01-01T10:00:00Z";
    assert_eq!(env.ok(&["remind", "--now", now]), "", "not a terminal");
    let binary = env!("CARGO_BIN_EXE_dynamo");
    let out = Command::new("script")
        .current_dir(env.path(""))
        .args(["-qec", &format!("{binary} remind --now {now}"), "/dev/null"])
        .env("HOME", env.path("home"))
        .env_remove("DYNAMO_CONFIG")
        .output()
        .expect("`script` (util-linux) runs a command on a pseudo-terminal");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(
        String::from_utf8_lossy(&out.stdout).replace('\r', ""),
        "nothing due in 1 game\n"
    );
    assert!(server.messages().is_empty());
}
