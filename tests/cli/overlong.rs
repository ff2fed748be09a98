//! Overlong input refused on the command line: the error quotes it cut to
//! `EXCERPT_CHARS` characters and its length (docs/reference.md, "Errors
//! and exit codes"), never whole, whichever command takes the text.

use crate::support::TestEnv;

/// 100 KB of one character: far past any line, move, date or address.
fn overlong(c: char) -> String {
    std::iter::repeat_n(c, 100_000).collect()
}

/// What `dynamo` says on standard error when refusing `args`: a refusal,
/// a few hundred bytes at most, the text cut where the excerpt ends.
#[track_caller]
fn refused_short(env: &TestEnv, args: &[&str]) -> String {
    let out = env.run(args);
    assert_ne!(out.code, 0, "{:.200}", out.stdout);
    assert!(
        out.stderr.len() < 600,
        "{} bytes: {:.300}",
        out.stderr.len(),
        out.stderr
    );
    assert!(out.stderr.contains(" bytes)"), "{}", out.stderr);
    out.stderr
}

#[test]
fn every_command_that_takes_a_text_quotes_it_short() {
    let env = TestEnv::new();
    env.new_game(&[]);
    env.ok(&["move", "g.pgn", "e2e4"]);
    let x = overlong('x');
    let line = format!("1... e7e5 2. Ng1f3 {x}");
    let at = format!("2026-11-20T09:00:00Z{x}");
    for args in [
        &["conditional", "add", "g.pgn", "--by", "white", &x][..],
        &["conditional", "add", "g.pgn", "--by", "white", &line],
        &["move", "g.pgn", &x],
        &["check", "g.pgn", &x],
        &["play", &x],
        &["play", "e2e4", &x],
        &["move", "g.pgn", "e7e5", "--from", &x],
        &["adjudicate", "g.pgn", &x, "--reason", "no reply"],
        &["move", "g.pgn", "e7e5", "--at", &at],
        &[
            "new",
            "h.pgn",
            "--white",
            "A",
            "--black",
            "B",
            "--time-control",
            &x,
        ],
        &[
            "leave",
            "--player",
            "alice@example.org",
            "--from",
            &x,
            "--to",
            "2026-12-01",
        ],
    ] {
        refused_short(&env, args);
    }
    // Nothing was recorded by any of them.
    assert_eq!(
        env.ok(&["conditional", "list", "g.pgn"]),
        "no conditional lines\n"
    );
    assert!(env.read("g.pgn").contains("1. e2e4"));
    assert!(!env.read("g.pgn").contains("e7e5"));
}

/// A value clap refuses (an unknown format) and a path no file has are
/// quoted back cut short too: clap and the system quote them whole.
#[test]
fn a_value_the_parser_refuses_and_a_path_are_quoted_short() {
    let env = TestEnv::new();
    env.new_game(&[]);
    let x = overlong('x');
    for args in [
        &["export", "g.pgn", "--format", &x][..],
        &["conditional", "list", &x],
    ] {
        refused_short(&env, args);
    }
}
