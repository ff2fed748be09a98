//! Regression tests, each named after the defect it pins.

use dynamo_core::EXCERPT_CHARS;
use dynamo_core::{Position, Rules, Setup, parse_move};

fn play(fen: &str, text: &str) -> Position {
    let pos = Position::from_fen(fen, Rules::NOST).expect(fen);
    let m = parse_move(&pos, text).expect(text);
    pos.play(&m).expect(text)
}

#[test]
fn move_counter_at_u32_max_does_not_wrap() {
    let after = play("k7/8/8/8/8/8/8/K7 b - - 0 4294967295", "Ka8b8");
    assert_eq!(after.fullmoves(), u32::MAX);
    let text = after.to_fen();
    assert_eq!(
        text,
        "1k6/8/8/8/8/8/8/K7 w - - 1 4294967295 k7/8/8/8/8/8/8/K7"
    );
    assert_eq!(Position::from_fen(&text, Rules::NOST), Ok(after));
}

#[test]
fn halfmove_clock_at_u32_max_does_not_wrap() {
    let after = play("k7/8/8/8/8/8/8/K7 w - - 4294967295 7", "Ka1b1");
    assert_eq!(after.halfmoves(), u32::MAX);
    let text = after.to_fen();
    assert_eq!(Position::from_fen(&text, Rules::NOST), Ok(after));
}

#[test]
fn counters_past_u32_max_are_refused_in_words() {
    let err = Position::from_fen("k7/8/8/8/8/8/8/K7 w - - 0 4294967296", Rules::NOST)
        .expect_err("too big");
    assert_eq!(
        err.to_string(),
        "move number: expected a number from 1 to 4294967295, found '4294967296'"
    );
    let err = Position::from_fen("k7/8/8/8/8/8/8/K7 w - - 4294967296 1", Rules::NOST)
        .expect_err("too big");
    assert_eq!(
        err.to_string(),
        "half-move clock: expected a number from 0 to 4294967295, found '4294967296'"
    );
}

/// A position built from a `Setup` directly, not from FEN, must not print
/// a move number FEN refuses.
#[test]
fn move_number_zero_in_a_setup_is_refused() {
    let mut setup = Setup::from_fen("k7/8/8/8/8/8/8/K7 w - - 0 1").expect("reads");
    setup.fullmoves = 0;
    let err = Position::new(setup, Rules::NOST).expect_err("move 0");
    assert_eq!(err.to_string(), "move number 0: moves are numbered from 1");
}

const TEN_MB: usize = 10 * 1024 * 1024;

/// Every error that quotes input shows at most a short, marked prefix.
#[test]
fn ten_megabyte_input_is_quoted_as_a_short_marked_prefix() {
    let long = "a".repeat(TEN_MB);
    let prefix = format!("'{}…' ({TEN_MB} bytes)", "a".repeat(EXCERPT_CHARS));
    let pos = Position::startpos(Rules::NOST);
    let board = "k7/8/8/8/8/8/8/K7";
    let messages = [
        parse_move(&pos, &long).expect_err("move").to_string(),
        parse_move(&pos, &format!("e2e5{}", "+".repeat(TEN_MB)))
            .expect_err("move")
            .to_string(),
        Position::from_fen(&format!("{board} {long} - - 0 1"), Rules::NOST)
            .expect_err("turn")
            .to_string(),
        Position::from_fen(&format!("{board} w K@{long} - 0 1"), Rules::NOST)
            .expect_err("castling")
            .to_string(),
        Position::from_fen(&format!("{board} w - {long} 0 1"), Rules::NOST)
            .expect_err("ep")
            .to_string(),
        Position::from_fen(&format!("{board} w - - {long} 1"), Rules::NOST)
            .expect_err("clock")
            .to_string(),
        Position::from_fen(&format!("{board} w - - 0 {long}"), Rules::NOST)
            .expect_err("number")
            .to_string(),
        long.parse::<Rules>().expect_err("rules").to_string(),
        format!("nost,{long}")
            .parse::<Rules>()
            .expect_err("option")
            .to_string(),
        format!("nost,castling={long}")
            .parse::<Rules>()
            .expect_err("value")
            .to_string(),
    ];
    for message in &messages {
        assert!(
            message.len() < 400,
            "{} bytes: {message:.400}",
            message.len()
        );
        assert!(message.contains(" bytes)"), "{message}");
    }
    assert!(messages[0].starts_with(&format!("{prefix} is not a move: at column 2")));
    // The text trails 10 MB of check marks: a bare label, cut short.
    assert!(
        messages[1].starts_with(&format!(
            "e2e5{}… ({} bytes): ",
            "+".repeat(EXCERPT_CHARS - 4),
            TEN_MB + 4
        )),
        "{}",
        messages[1]
    );
}
