//! Game files and values a hostile or careless hand could produce: each
//! defect found by attacking `dynamo` has its test here, named after it.

use chrono::{DateTime, Duration, Utc};
use dynamo::game::{Game, NewGame, Player};

use crate::support::TestEnv;

const HEADER: &str = "[Event \"E\"]\n[Site \"?\"]\n[Date \"2026.11.20\"]\n[Round \"-\"]\n[White \"Ann\"]\n[Black \"Bob\"]\n[Result \"*\"]\n";

fn at(text: &str) -> DateTime<Utc> {
    dynamo::game::clock::parse_time(text).expect("a time")
}

#[test]
fn line_break_in_tag_value_is_refused() {
    let env = TestEnv::new();
    for (flag, value) in [
        ("--white", "Ann\nLee"),
        ("--black", "Bob\rLee"),
        ("--event", "Club\nmatch"),
        ("--site", "By\u{7}email"),
        ("--round", "1\n2"),
    ] {
        let mut args = vec!["new", "a.pgn"];
        for (name, plain) in [("--white", "Ann"), ("--black", "Bob")] {
            if name != flag {
                args.extend([name, plain]);
            }
        }
        args.extend([flag, value]);
        let out = env.run(&args);
        assert_eq!(out.code, 2, "{flag}: {}", out.stderr);
        assert!(
            out.stderr.starts_with(&format!("dynamo: {flag}: ")),
            "{flag}: {}",
            out.stderr
        );
        assert!(out.stderr.contains("cannot be recorded"), "{}", out.stderr);
        assert!(!env.path("a.pgn").exists(), "{flag}: a file was written");
    }
    env.new_game(&[]);
    let before = env.read("g.pgn");
    let out = env.run(&["adjudicate", "g.pgn", "1-0", "--reason", "time\nforfeit"]);
    assert_eq!(out.code, 2, "{}", out.stderr);
    assert!(
        out.stderr
            .contains("--reason: a line break cannot be recorded"),
        "{}",
        out.stderr
    );
    assert_eq!(env.read("g.pgn"), before);
}

#[test]
fn clock_overflow_far_future_start_does_not_panic() {
    let env = TestEnv::new();
    env.write(
        "games/far.pgn",
        &format!(
            "{HEADER}[TimeControl \"3d\"]\n[UTCDate \"+262142.12.31\"]\n[UTCTime \"23:59:00\"]\n\n*\n"
        ),
    );
    env.write(
        "games/far2.pgn",
        &format!(
            "{HEADER}[TimeControl \"3d\"]\n[UTCDate \"+262143.12.31\"]\n[UTCTime \"23:59:00\"]\n\n*\n"
        ),
    );
    for command in ["games", "verify"] {
        let out = env.run(&[command]);
        assert!(out.code == 0 || out.code == 1, "{command}: {}", out.stderr);
        assert!(!out.stderr.contains("panicked"), "{}", out.stderr);
    }
    let out = env.run(&["games", "--json", "games/far.pgn"]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(out.stdout.contains("\"clock\": null"), "{}", out.stdout);
}

/// White and Black shuffle their knights out and back: a long legal game
/// that never ends.
fn knight_shuffle(time_control: &str, plies: usize) -> Game {
    let start = at("2026-01-01T00:00:00Z");
    let mut new = NewGame::new(
        Player::parse("Ann").expect("a name"),
        Player::parse("Bob").expect("a name"),
        start,
    );
    new.time_control = time_control.parse().expect("a time control");
    let mut game = Game::create(new).expect("plain names");
    let cycle = ["Ng1f3", "Ng8f6", "Nf3g1", "Nf6g8"];
    for ply in 0..plies {
        let checked = game
            .check_move(cycle[ply % 4], None)
            .expect("the shuffle is legal");
        game = game
            .with_move(&checked, start + Duration::minutes(ply as i64 + 1))
            .expect("in time order");
    }
    game
}

#[test]
fn clock_overflow_after_many_periods_does_not_panic() {
    let game = knight_shuffle("1/100000d", 1_902);
    let now = at("2026-11-20T00:00:00Z");
    assert_eq!(game.clock(now), None, "a deadline beyond year 262143");
    let env = TestEnv::new();
    env.write("games/long.pgn", &game.to_text());
    let out = env.run(&["verify"]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let out = env.run(&["games"]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let out = env.run(&["move", "games/long.pgn", "Nf3g1"]);
    assert_eq!(out.code, 0, "{}", out.stderr);
}

#[test]
fn repeated_move_numbers_do_not_overflow_the_stack() {
    let env = TestEnv::new();
    let token = "1.".repeat(14_000);
    env.write("games/a-bad.pgn", &format!("{HEADER}\n{token} *\n"));
    env.write(
        "games/b-good.pgn",
        &format!("{HEADER}\n1. e2e4 {{2026-11-21T00:00:00Z}} *\n"),
    );
    let out = env.run(&["verify"]);
    assert_eq!(out.code, 1, "{}", out.stderr);
    assert_eq!(
        out.stdout,
        "games/a-bad.pgn: line 9, column 3: a move number must be followed by a move\n\
         games/b-good.pgn: ok, 1 half-move, Black to move\n2 files: 1 ok, 1 bad\n"
    );
    let out = env.run(&["games"]);
    assert!(out.stdout.contains("b-good.pgn"), "{}", out.stdout);
}

#[test]
fn quadratic_tag_parsing_hundred_thousand_tags_read() {
    // Linear time is measured by the `verify` benchmark; here, that such a
    // file reads at all and every tag is kept.
    let mut text = String::from(HEADER);
    for i in 0..100_000 {
        text.push_str(&format!("[X{i} \"v\"]\n"));
    }
    text.push_str("\n*\n");
    let game = Game::parse(&text).expect("reads");
    assert_eq!(game.tags().len(), 100_007);
    assert_eq!(game.to_text(), text);
}

#[test]
fn annotations_dropped_no_more() {
    let env = TestEnv::new();
    let text = format!(
        "{HEADER}[UTCDate \"2026.11.20\"]\n[UTCTime \"09:00:00\"]\n\n\
         {{Opening of the club final}} 1. e2e4 {{2026-11-20T10:00:00Z}} $1 {{a bold start}} 1... e7e5 {{2026-11-20T11:00:00Z}} ; the director: Bob's mail came in late\n\
         2. Ng1f3 {{2026-11-20T12:00:00Z}} {{[%clk 10:00:00]}} 2... Nb8c6 {{2026-11-20T13:00:00Z}}\n\
         *\n"
    );
    env.write("g.pgn", &text);
    let game = Game::parse(&text).expect("reads");
    assert_eq!(game.to_text(), text, "written back unchanged");
    // Laid out by hand, the same annotations stay in the same places.
    let by_hand = text
        .replace("final} 1. e2e4", "final}\n\n1. e2e4")
        .replace(" ; the director", "\n; the director")
        .replace(" 2... Nb8c6", "\n   Nb8c6");
    assert_ne!(by_hand, text);
    assert_eq!(Game::parse(&by_hand).expect("reads").to_text(), text);
    env.ok(&["move", "g.pgn", "Bf1c4", "--at", "2026-11-20T14:00:00Z"]);
    let after = env.read("g.pgn");
    assert_eq!(
        after,
        text.replace("*\n", "3. Bf1c4 {2026-11-20T14:00:00Z}\n*\n")
    );
}

#[test]
fn events_are_recorded_with_their_times_and_read_back() {
    let game = knight_shuffle("none", 2);
    let game = game
        .offer_draw(dynamo_core::Color::White, at("2026-11-20T10:00:00Z"))
        .expect("an offer");
    let game = game
        .decline_draw(dynamo_core::Color::Black, at("2026-11-20T11:00:00Z"))
        .expect("a refusal");
    let text = game.to_text();
    assert!(
        text.contains("1. Ng1f3 {2026-01-01T00:01:00Z} Ng8f6 {2026-01-01T00:02:00Z} {[%draw offer White 2026-11-20T10:00:00Z]} {[%draw decline Black 2026-11-20T11:00:00Z]}\n"),
        "{text}"
    );
    let early = game.resign(dynamo_core::Color::White, at("2026-11-20T10:30:00Z"));
    assert!(early.is_err(), "an event before the last event's time");
    let game = game
        .resign(dynamo_core::Color::White, at("2026-11-21T08:00:00Z"))
        .expect("a resignation");
    let again = Game::parse(&game.to_text()).expect("reads back");
    assert_eq!(again.to_text(), game.to_text());
    let kinds: Vec<String> = again
        .events()
        .iter()
        .map(|e| format!("{} {:?}", e.kind.label(), e.at.map(|t| t.to_rfc3339())))
        .collect();
    assert_eq!(
        kinds,
        [
            "created Some(\"2026-01-01T00:00:00+00:00\")",
            "move Some(\"2026-01-01T00:01:00+00:00\")",
            "move Some(\"2026-01-01T00:02:00+00:00\")",
            "draw-offer Some(\"2026-11-20T10:00:00+00:00\")",
            "draw-decline Some(\"2026-11-20T11:00:00+00:00\")",
            "resign Some(\"2026-11-21T08:00:00+00:00\")",
        ]
    );
    let keys: std::collections::HashSet<String> = again.events().iter().map(|e| e.key()).collect();
    assert_eq!(keys.len(), 6, "every event has its own key");
    assert_eq!(
        again.events().iter().map(|e| e.key()).collect::<Vec<_>>(),
        game.events().iter().map(|e| e.key()).collect::<Vec<_>>(),
        "keys survive a reload"
    );
}

#[test]
fn a_draw_offer_from_an_old_file_still_stands() {
    let text = format!(
        "{HEADER}[DrawOffer \"White\"]\n[UTCDate \"2026.11.20\"]\n[UTCTime \"09:00:00\"]\n\n1. e2e4 {{2026-11-20T10:00:00Z}}\n*\n"
    );
    let game = Game::parse(&text).expect("reads");
    assert_eq!(game.draw_offer(), Some(dynamo_core::Color::White));
    assert_eq!(game.last_event().kind.label(), "draw-offer");
    assert_eq!(
        game.to_text(),
        text,
        "an old file is written back as it was"
    );
}

#[test]
fn an_event_after_the_end_is_refused_with_its_line() {
    let text = format!(
        "{HEADER}\n1. e2e4 {{2026-11-20T10:00:00Z}}\n{{[%resign Black 2026-11-20T11:00:00Z]}}\n{{[%resign White 2026-11-20T12:00:00Z]}}\n1-0\n"
    )
    .replace("[Result \"*\"]", "[Result \"1-0\"]");
    let err = Game::parse(&text).expect_err("two resignations");
    assert_eq!(err.line(), Some(11), "{err}");
    assert!(err.to_string().contains("the game is over"), "{err}");
}

#[test]
fn echoed_input_is_cut_short() {
    let env = TestEnv::new();
    env.new_game(&[]);
    let long = "e".repeat(100_000);
    let bad_player = format!("Ann <{long}");
    for args in [
        vec!["move", "g.pgn", long.as_str()],
        vec!["check", "g.pgn", long.as_str()],
        vec!["move", "g.pgn", "e2e4", "--from", long.as_str()],
        vec!["move", "g.pgn", "e2e4", "--at", long.as_str()],
        vec![
            "new",
            "h.pgn",
            "--white",
            bad_player.as_str(),
            "--black",
            "B",
        ],
    ] {
        let out = env.run(&args);
        assert_ne!(out.code, 0, "{:?}", &args[..2]);
        assert!(
            out.stderr.len() < 1_000,
            "{:?}: {} bytes of errors",
            &args[..2],
            out.stderr.len()
        );
        assert!(out.stderr.contains(" bytes)"), "{}", out.stderr);
    }
    // A file with a 10 MB move and a 10 MB tag value: `verify` says where,
    // briefly.
    let huge = "N".repeat(10_000_000);
    env.write(
        "games/move.pgn",
        &format!("{HEADER}\n1. {huge} {{2026-11-21T00:00:00Z}} *\n"),
    );
    env.write(
        "games/tag.pgn",
        &HEADER.replace(
            "[Event \"E\"]",
            &format!("[Event \"E\"]\n[WhiteEmail \"{huge}\"]"),
        ),
    );
    let out = env.run(&["verify"]);
    assert_eq!(out.code, 1, "{}", out.stderr);
    assert!(out.stdout.len() < 1_000, "{} bytes", out.stdout.len());
    assert!(out.stdout.contains("(10000000 bytes)"), "{}", out.stdout);
}
