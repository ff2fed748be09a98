//! Addresses and times as a mail shows them (`--from`, `--at`), on every
//! command that takes them, and the times a game file cannot hold.

use crate::support::TestEnv;

/// A game between Jean-Pierre Lefèvre and Bob, started 2020-11-20 08:00 UTC.
fn game(env: &TestEnv) {
    env.ok(&[
        "new",
        "g.pgn",
        "--white",
        "\"Lefèvre, Jean-Pierre\" <jp.lefevre@example.fr>",
        "--black",
        "Bob <bob@example.org>",
        "--at",
        "2020-11-20T08:00:00Z",
    ]);
}

#[test]
fn from_takes_every_address_form_a_mail_shows() {
    let env = TestEnv::new();
    game(&env);
    assert!(
        env.read("g.pgn")
            .contains("[White \"Lefèvre, Jean-Pierre\"]\n")
    );
    let moves = [
        ("e2e4", "Jean-Pierre Lefèvre <jp.lefevre@example.fr>"),
        ("e7e5", "<bob@example.org>"),
        ("d2d4", "\"Lefèvre, Jean-Pierre\" <JP.Lefevre@Example.FR>"),
        ("d7d5", "BOB@EXAMPLE.ORG"),
        (
            "Ng1f3",
            "jp.lefevre@example.fr (Jean-Pierre, from the club)",
        ),
    ];
    for (i, (mv, from)) in moves.iter().enumerate() {
        let at = format!("2020-11-2{}T09:00:00Z", i);
        env.ok(&["move", "g.pgn", mv, "--from", from, "--at", &at]);
    }
    assert!(
        env.read("g.pgn")
            .contains("3. Ng1f3 {2020-11-24T09:00:00Z}")
    );
    // Someone else, in the same form, is still someone else.
    let before = env.read("g.pgn");
    env.fails(
        &["move", "g.pgn", "b8c6", "--from", "Bob <bob@example.net>"],
        1,
        "dynamo: rejected: bob@example.net is not the address of either player in this game\n",
    );
    // The right address for the wrong side.
    env.fails(
        &[
            "move",
            "g.pgn",
            "b8c6",
            "--from",
            "Jean-Pierre Lefèvre <jp.lefevre@example.fr>",
        ],
        1,
        "dynamo: rejected: it is Black's turn, not White's\n",
    );
    // Text that is no address at all is bad input.
    env.fails(
        &["move", "g.pgn", "b8c6", "--from", "Bob <bob@example.org"],
        2,
        "dynamo: --from 'Bob <bob@example.org': the address must end with '>'\n",
    );
    env.fails(
        &[
            "move",
            "g.pgn",
            "b8c6",
            "--from",
            "Bob <bob@example.org>, Ann <ann@example.org>",
        ],
        2,
        "dynamo: --from 'Bob <bob@example.org>, Ann <ann@example.org>': more than one address: give one\n",
    );
    assert_eq!(env.read("g.pgn"), before);
}

#[test]
fn at_takes_a_mails_date_header_with_its_zone() {
    let env = TestEnv::new();
    game(&env);
    env.ok(&[
        "move",
        "g.pgn",
        "e2e4",
        "--at",
        "Fri, 20 Nov 2020 09:14:00 +0100",
    ]);
    env.ok(&[
        "move",
        "g.pgn",
        "e7e5",
        "--at",
        "Sat, 21 Nov 2020 07:30:00 -0500 (EST)",
    ]);
    env.ok(&["move", "g.pgn", "d2d4", "--at", "2020-11-22 10:00"]);
    assert!(
        env.read("g.pgn").ends_with(
            "\n1. e2e4 {2020-11-20T08:14:00Z} e7e5 {2020-11-21T12:30:00Z}\n2. d2d4 {2020-11-22T10:00:00Z}\n*\n"
        ),
        "{}",
        env.read("g.pgn")
    );
    let before = env.read("g.pgn");
    // A weekday that is not the date's, and a zone by a name mail does
    // not define, are refused rather than guessed.
    for (at, why) in [
        (
            "Sun, 23 Nov 2020 09:14:00 +0100",
            "invalid time 'Sun, 23 Nov 2020 09:14:00 +0100': expected RFC 3339 such as 2026-11-20T09:14:00Z, '2026-11-20 09:14' (UTC), or a mail's date such as 'Fri, 20 Nov 2026 09:14:00 +0100'",
        ),
        (
            "Tue, 24 Nov 2020 09:14:00 CET",
            "time 'Tue, 24 Nov 2020 09:14:00 CET': the zone 'CET' is not understood: give its offset, such as +0100",
        ),
    ] {
        env.fails(
            &["move", "g.pgn", "d7d5", "--at", at],
            2,
            &format!("dynamo: --at: {why}\n"),
        );
    }
    assert_eq!(env.read("g.pgn"), before);
}

#[test]
fn time_outside_1900_9999_is_refused() {
    let env = TestEnv::new();
    for at in [
        "-0001-01-01T00:00",
        "0000-01-01T00:00:00Z",
        "1899-12-31 23:59",
    ] {
        let out = env.run(&[
            "new",
            "old.pgn",
            "--white",
            "A",
            "--black",
            "B",
            &format!("--at={at}"),
        ]);
        assert_eq!(out.code, 2, "{at}: {}", out.stderr);
        assert!(!env.path("old.pgn").exists(), "{at}");
    }
    env.fails(
        &["new", "old.pgn", "--white", "A", "--black", "B", "--at", "1899-12-31 23:59"],
        2,
        "dynamo: --at: time '1899-12-31 23:59' is outside the years 1900 to 9999 that game files and clocks hold\n",
    );
    // The first moment the file holds is fine, and reads back.
    env.ok(&[
        "new",
        "g.pgn",
        "--white",
        "A",
        "--black",
        "B",
        "--at",
        "1900-01-01T00:00:00Z",
    ]);
    let before = env.read("g.pgn");
    for at in ["-0001-01-01T00:00", "0000-01-01T00:00:00Z"] {
        let out = env.run(&["move", "g.pgn", "e2e4", &format!("--at={at}")]);
        assert_eq!(out.code, 2, "{at}: {}", out.stderr);
        assert!(out.stderr.starts_with("dynamo: --at: "), "{}", out.stderr);
    }
    assert_eq!(env.read("g.pgn"), before);
    env.ok(&["move", "g.pgn", "e2e4", "--at", "1900-01-02T00:00:00Z"]);
    assert!(
        env.ok(&["verify", "g.pgn"])
            .starts_with("g.pgn: ok, 1 half-move")
    );
}

#[test]
fn resign_and_draw_take_from_by_and_at() {
    let env = TestEnv::new();
    game(&env);
    env.ok(&["move", "g.pgn", "e2e4", "--at", "2020-11-20T09:00:00Z"]);
    // Who acts must be said, and must be a player.
    env.fails(
        &["resign", "g.pgn"],
        2,
        "dynamo: say who acts: give --by white|black or --from ADDRESS\n",
    );
    env.fails(
        &["draw", "g.pgn", "offer", "--from", "eve@example.org"],
        1,
        "dynamo: rejected: eve@example.org is not the address of either player in this game\n",
    );
    env.fails(
        &[
            "draw",
            "g.pgn",
            "offer",
            "--from",
            "Bob <bob@example.org>",
            "--by",
            "white",
        ],
        1,
        "dynamo: rejected: bob@example.org is Black's address, but the submitter was given as White\n",
    );
    let future = env.run(&[
        "resign",
        "g.pgn",
        "--by",
        "black",
        "--at",
        "2999-01-01T00:00:00Z",
    ]);
    assert_eq!(future.code, 2);
    assert!(
        future
            .stderr
            .starts_with("dynamo: rejected: the time 2999-01-01T00:00:00Z is in the future"),
        "{}",
        future.stderr
    );
    assert_eq!(
        env.ok(&[
            "draw",
            "g.pgn",
            "offer",
            "--from",
            "Bob <bob@example.org>",
            "--at",
            "Fri, 20 Nov 2020 11:00:00 +0100",
        ]),
        "Black offers a draw\n"
    );
    assert_eq!(
        env.ok(&[
            "draw",
            "g.pgn",
            "decline",
            "--from",
            "\"Lefèvre, Jean-Pierre\" <jp.lefevre@example.fr>",
            "--at",
            "2020-11-20 11:00",
        ]),
        "White declines the draw offer\n"
    );
    assert_eq!(
        env.ok(&[
            "resign",
            "g.pgn",
            "--from",
            "<BOB@example.org>",
            "--at",
            "2020-11-20T12:00:00+01:00",
        ]),
        "1-0 Black resigns\n"
    );
    let text = env.read("g.pgn");
    assert!(text.contains("[Termination \"Black resigns\"]\n"), "{text}");
    // Every action's time is in the file, in UTC, and read back.
    assert!(
        text.ends_with(
            "1. e2e4 {2020-11-20T09:00:00Z} {[%draw offer Black 2020-11-20T10:00:00Z]} \
             {[%draw decline White 2020-11-20T11:00:00Z]} {[%resign Black 2020-11-20T11:00:00Z]}\n1-0\n"
        ),
        "{text}"
    );
    let json: serde_json::Value =
        serde_json::from_str(&env.ok(&["export", "g.pgn", "--format", "json"])).expect("JSON");
    let events: Vec<String> = json["events"]
        .as_array()
        .expect("events")
        .iter()
        .map(|e| format!("{} {} {}", e["kind"], e["by"], e["at"]))
        .collect();
    assert_eq!(
        events,
        [
            "\"created\" null \"2020-11-20T08:00:00Z\"",
            "\"move\" null \"2020-11-20T09:00:00Z\"",
            "\"draw-offer\" \"black\" \"2020-11-20T10:00:00Z\"",
            "\"draw-decline\" \"white\" \"2020-11-20T11:00:00Z\"",
            "\"resign\" \"black\" \"2020-11-20T11:00:00Z\"",
        ]
    );
}

#[test]
fn adjudicate_takes_at() {
    let env = TestEnv::new();
    game(&env);
    let before = env.read("g.pgn");
    env.fails(
        &[
            "adjudicate",
            "g.pgn",
            "1-0",
            "--reason",
            "time forfeit",
            "--at",
            "tomorrow",
        ],
        2,
        "dynamo: --at: invalid time 'tomorrow': expected RFC 3339 such as 2026-11-20T09:14:00Z, '2026-11-20 09:14' (UTC), or a mail's date such as 'Fri, 20 Nov 2026 09:14:00 +0100'\n",
    );
    assert_eq!(env.read("g.pgn"), before);
    assert_eq!(
        env.ok(&[
            "adjudicate",
            "g.pgn",
            "1-0",
            "--reason",
            "time forfeit",
            "--at",
            "Mon, 30 Nov 2020 09:00:00 +0000",
        ]),
        "1-0 adjudicated: time forfeit\n"
    );
}
