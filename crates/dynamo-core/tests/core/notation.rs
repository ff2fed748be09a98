//! Move input as players write it (docs/players.md, "Writing a move"): every
//! accepted form with the canonical move it names, and every kind of
//! refusal with its exact words and suggestions. docs/RULES.md §10 lists
//! the forms.

use dynamo_core::notation::{format, format_short};
use dynamo_core::{
    MoveError, Position, Rules, SyntaxError, parse_and_play, parse_game_move, parse_move,
};

const START: &str = "startpos";
/// Knights on b1 and f3 can both reach d2.
const TWO_KNIGHTS: &str = "rnbqkbnr/pppppppp/8/8/8/5N2/PPP1PPPP/RNBQKB1R w KQkq - 0 1";
/// Rooks on a1 and a5 can both reach a3.
const TWO_ROOKS: &str = "4k3/8/8/R7/8/8/8/R3K3 w - - 0 1";
const PROMOTION: &str = "4k3/1P6/8/8/8/8/8/1R2K3 w - - 0 1";
const CASTLING: &str = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 10";
/// Black to move at move 23.
const BLACK_23: &str = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 23";
const NO_QUEEN: &str = "4k3/8/8/8/8/8/8/4K3 w - - 0 1";

fn pos(fen: &str) -> Position {
    Position::from_fen(fen, Rules::NOST).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

#[test]
fn every_written_form_names_its_canonical_move() {
    for (fen, text, canonical) in [
        // Short algebraic: the origin left out, or its file or rank.
        (START, "e4", "e2e4"),
        (START, "Nf3", "Ng1f3"),
        (START, "Nf3+", "Ng1f3"),
        (START, "Qd3/d2d6", "Qd1d3/d2d6"),
        (START, "NE/e2g1", "Ng1E/e2g1"),
        (START, "Ne2/e2c3", "Ng1e2/e2c3"),
        (TWO_KNIGHTS, "Nbd2", "Nb1d2"),
        (TWO_KNIGHTS, "Nfd2", "Nf3d2"),
        (TWO_ROOKS, "R1a3", "Ra1a3"),
        (TWO_ROOKS, "R5a3", "Ra5a3"),
        (PROMOTION, "b8=Q", "b7b8=Q"),
        (PROMOTION, "b8N", "b7b8=N"),
        (CASTLING, "Kg1", "O-O"),
        // Long forms, as before, and stationary movers.
        (START, "Qd1d3/d2d6", "Qd1d3/d2d6"),
        (START, "Bf1/g2E", "Bf1/g2E"),
        (START, "Ng1/e2c3", "Ng1/e2c3"),
        (PROMOTION, "Rb1/b7b8=N", "Rb1/b7b8=N"),
        // A leading move number.
        (START, "1. e2e4", "e2e4"),
        (START, "1.e4", "e2e4"),
        (START, "1.  Nf3", "Ng1f3"),
        (START, "1. 5254", "e2e4"),
        (BLACK_23, "23... Qd8/d7d5", "Qd8/d7d5"),
        (BLACK_23, "23...Qd8/d7d5", "Qd8/d7d5"),
        (BLACK_23, "23… e5", "e7e5"),
        (CASTLING, "10. O-O-O", "O-O-O"),
        // Letters in either case where that leaves no doubt.
        (START, "ng1f3", "Ng1f3"),
        (START, "E2E4", "e2e4"),
        (START, "NG1F3", "Ng1f3"),
        (START, "BF1/G2E", "Bf1/g2E"),
        (START, "qd1d3/pd2d6", "Qd1d3/d2d6"),
        (START, "bf1/g2e", "Bf1/g2E"),
        (START, "nf3", "Ng1f3"),
        // Blanks around the slash.
        (START, "Qd1d3 / d2d6", "Qd1d3/d2d6"),
        (START, "Qd3 /d2d6", "Qd1d3/d2d6"),
        (START, "4143 / 4246", "Qd1d3/d2d6"),
        (START, "Q-Q3 / P-Q6", "Qd1d3/d2d6"),
    ] {
        let p = pos(fen);
        let m = parse_move(&p, text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(format(&m), canonical, "{text}");
        assert_eq!(parse_game_move(&p, text), Ok(m), "{text} in a game");
    }
}

#[test]
fn short_algebraic_is_written_as_short_as_it_stays_unique() {
    for (fen, canonical, short) in [
        (START, "e2e4", "e4"),
        (START, "Ng1f3", "Nf3"),
        (START, "Qd1d3/d2d6", "Qd3/d2d6"),
        (START, "Bf1/g2E", "Bf1/g2E"),
        (START, "Ng1E/e2g1", "NE/e2g1"),
        (START, "Nb1E", "NbE"),
        (TWO_KNIGHTS, "Nb1d2", "Nbd2"),
        (TWO_ROOKS, "Ra1a3", "R1a3"),
        (PROMOTION, "b7b8=Q", "b8=Q"),
        (CASTLING, "O-O", "O-O"),
    ] {
        let p = pos(fen);
        let m = parse_move(&p, canonical).expect(canonical);
        assert_eq!(format_short(&m, &p), short, "{canonical}");
    }
}

#[test]
fn refusals_say_what_is_wrong_and_suggest_the_closest_moves() {
    for (fen, text, message) in [
        // Syntax: at the faulty character.
        (
            START,
            "Qd1f9",
            "'Qd1f9' is not a move: at column 5, expected a rank from 1 to 8, found '9'; did you mean Qd1E?",
        ),
        (
            START,
            "e2e4x",
            "'e2e4x' is not a move: at column 5, expected '/' or the end of the move, found 'x'; did you mean e2e4?",
        ),
        (
            START,
            "x",
            "'x' is not a move: at column 1, expected a square such as e4, found 'x'",
        ),
        // A capture, as a chess player writes one: the rule, not the
        // syntax.
        (
            "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
            "exd5",
            "exd5: there are no captures in Dynamo Chess: a piece moves to an empty square, or pushes or pulls another piece; did you mean e4e5?",
        ),
        (
            START,
            "0. e4",
            "'0. e4' is not a move: at column 1, expected a move number from 1 to 4294967295, found '0'; did you mean e2e4?",
        ),
        (
            START,
            "1.. e4",
            "'1.. e4' is not a move: at column 2, expected '.' after White's move number or '...' after Black's, found '.'; did you mean e2e4?",
        ),
        (
            START,
            "1...",
            "'1...' is not a move: at column 5, expected a move, found the end",
        ),
        // A pattern that fits no legal move: why, and the closest moves.
        (
            START,
            "Ng3",
            "Ng3: no knight of yours can move to g3; did you mean Ng1E, Ng1f3 or Ng1h3?",
        ),
        (
            START,
            "e5",
            "e5: a pawn cannot move from e2 to e5; did you mean e2e3 or e2e4?",
        ),
        (
            START,
            "Rb3",
            "Rb3: no rook of yours can move to b3; did you mean b2b3?",
        ),
        (
            START,
            "Nd2",
            "Nd2: d2 is occupied: a piece moves under its own power only to an empty square; did you mean Nb1d2/d2f3?",
        ),
        (
            START,
            "Ncd2",
            "Ncd2: you have no knight on the c-file; did you mean Nb1d2/d2f3 or Nb1c3?",
        ),
        (NO_QUEEN, "Qd3", "Qd3: you have no queen"),
        (
            START,
            "Qd3/d2d7",
            "Qd3/d2d7: the queen on d1 cannot take the pawn on d2 to d7: it can go to d3, d4, d5, d6, d1, off the board; did you mean Qd1d3/d2d4, Qd1d3/d2d5 or Qd1d3/d2d6?",
        ),
        (START, "P-K5", "P-K5: no legal move fits this description"),
        // A pattern that fits several: the candidates, canonical.
        (
            TWO_KNIGHTS,
            "Nd2",
            "Nd2: this fits several legal moves: Nb1d2, Nf3d2; name the squares to tell them apart",
        ),
        (
            TWO_ROOKS,
            "Ra3",
            "Ra3: this fits several legal moves: Ra1a3, Ra5a3; name the squares to tell them apart",
        ),
        (
            PROMOTION,
            "b8",
            "b8: a pawn that reaches b8 must promote: add =Q, =R, =B or =N",
        ),
        // The exact forms keep their exact reasons.
        (
            START,
            "Ng1g3",
            "Ng1g3: a knight cannot move from g1 to g3; did you mean Ng1f3 or Ng1h3?",
        ),
        (
            START,
            "e7/e6e5",
            "e7/e6e5: the black pawn on e7 is not yours: only your own pieces move under their own power; did you mean Ke1/e2e3?",
        ),
    ] {
        let err = parse_move(&pos(fen), text).expect_err(text);
        assert_eq!(err.to_string(), message, "{text}");
    }
}

/// The position of the refusals players met by mail: 1. e2e4 d7d6
/// 2. Ng1f3 e7e5 3. Bf1c4, Black to move, the bishop on f8 behind the
/// pawn on d6 (e7 empty).
fn bishop_behind_its_pawn() -> Position {
    let mut p = pos(START);
    for text in ["e2e4", "d7d6", "Ng1f3", "e7e5", "Bf1c4"] {
        let m = parse_move(&p, text).expect(text);
        p = p.play(&m).expect(text);
    }
    p
}

/// After 1. e2e4 d7d6 2. Ng1f3, Black to move.
fn before_the_knight_typo() -> Position {
    let mut p = pos(START);
    for text in ["e2e4", "d7d6", "Ng1f3"] {
        let m = parse_move(&p, text).expect(text);
        p = p.play(&m).expect(text);
    }
    p
}

/// A rook on d4 with its knight behind it on d3.
const ROOK_AND_KNIGHT: &str = "4k3/8/8/8/3R4/3N4/8/4K3 w - - 0 1";
/// White may not castle king-side: the bishop is still on f1.
const BISHOP_HOME: &str = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3KB1R w KQkq - 0 10";

#[test]
fn every_refusal_suggests_the_same_piece_to_the_same_square_first() {
    // (position, text, the rule, the suggestions in order)
    let cases: [(Position, &str, &str, &[&str]); 15] = [
        // A plain move that a piece of the side blocks: that piece named,
        // then the pushes that reach the square, the least disturbing
        // first (docs/players.md, "Writing a move").
        (
            bishop_behind_its_pawn(),
            "3... Bc5",
            "the bishop on f8 cannot reach c5: the black pawn on d6 stands in the way",
            &["Bf8c5/d6b4", "Bf8c5/d6a3", "Bf8c5/d6E"],
        ),
        (
            bishop_behind_its_pawn(),
            "Bf8c5",
            "the bishop on f8 cannot reach c5: the black pawn on d6 stands in the way",
            &["Bf8c5/d6b4", "Bf8c5/d6a3", "Bf8c5/d6E"],
        ),
        // A typo: not a move at all, and the move meant.
        (
            before_the_knight_typo(),
            "2... Nc66",
            "'2... Nc66' is not a move: at column 9, expected '/' or the end of the move, found '6'",
            &["Nb8c6"],
        ),
        // An exact move that is illegal, with and without its letter.
        (
            pos(START),
            "Ng1g3",
            "a knight cannot move from g1 to g3",
            &["Ng1f3", "Ng1h3"],
        ),
        (
            pos(START),
            "g1g3",
            "a knight cannot move from g1 to g3",
            &["Ng1f3", "Ng1h3", "g2g3"],
        ),
        // A push of the knight behind the rook, which can only follow the
        // rook (a pull) or be pushed back: the rook's moves to d6 first.
        (
            pos(ROOK_AND_KNIGHT),
            "Rd4d6/d3d7",
            "when the knight on d3 goes to d7, the rook on d4 can end only on: d8, off the board \
             (a pusher stays behind the piece it pushes, a puller ahead of the piece it pulls)",
            &["Rd4d6/d3d4", "Rd4d6/d3d5", "Rd4d6"],
        ),
        (
            pos(ROOK_AND_KNIGHT),
            "Rd4d5/d3d2",
            "when the knight on d3 goes to d2, the rook on d4 can end only on: stay on d4, d3 \
             (a pusher stays behind the piece it pushes, a puller ahead of the piece it pulls)",
            &["Rd4d5/d3d4", "Rd4d5", "Rd4d3/d3d2"],
        ),
        // Castling typed wrong, or not possible.
        (
            pos(CASTLING),
            "O-O-",
            "'O-O-' is not a move: at column 1, expected a square such as e4, found 'O'",
            &["O-O", "O-O-O"],
        ),
        (
            pos(CASTLING),
            "o-o-o-o",
            "'o-o-o-o' is not a move: at column 1, expected a square such as e4, found 'o'",
            &["O-O-O"],
        ),
        (
            pos(BISHOP_HOME),
            "Kg1",
            "cannot castle king-side: f1 is occupied",
            &["Ke1d1", "Rh1g1"],
        ),
        (
            pos(BISHOP_HOME),
            "Ke1g2",
            "g2 is occupied: a piece moves under its own power only to an empty square",
            &["Ke1d1"],
        ),
        // A move of the wrong side, or of a piece that is not there.
        (
            pos(START),
            "e7e5",
            "the black pawn on e7 is not yours: only your own pieces move under their own power",
            &["e2e3", "e2e4"],
        ),
        (
            pos(START),
            "Ng8f6",
            "the black knight on g8 is not yours: only your own pieces move under their own power",
            &["Ng1f3"],
        ),
        (
            pos(START),
            "Nf6",
            "no knight of yours can move to f6",
            &["Ng1f3"],
        ),
        // Nothing close: the rule alone.
        (
            pos(BISHOP_HOME),
            "O-O",
            "cannot castle king-side: f1 is occupied",
            &[],
        ),
    ];
    for (p, text, rule, suggested) in cases {
        let err = parse_game_move(&p, text).expect_err(text);
        let (why, closest) = match &err {
            MoveError::Illegal {
                reason, closest, ..
            } => (reason.to_string(), closest.to_vec()),
            MoveError::Syntax(e) => (
                SyntaxError {
                    closest: Vec::new(),
                    ..e.clone()
                }
                .to_string(),
                e.closest.clone(),
            ),
        };
        assert_eq!(why, rule, "{text}");
        assert_eq!(closest, suggested, "{text}");
        for name in &closest {
            let m = parse_move(&p, name).unwrap_or_else(|e| panic!("{text}: {name}: {e}"));
            assert_eq!(&format(&m), name, "{text}: suggested in canonical form");
        }
    }
}

#[test]
fn origin_and_destination_without_a_letter_name_the_piece_on_the_origin() {
    let p = pos(START);
    for (text, canonical) in [
        ("g1f3", "Ng1f3"),
        ("b1c3", "Nb1c3"),
        ("G1F3", "Ng1f3"),
        ("g1-f3", "Ng1f3"),
        ("d1d3/d2d6", "Qd1d3/d2d6"),
        ("g1e2/e2c3", "Ng1e2/e2c3"),
        ("f1/g2E", "Bf1/g2E"),
        // Pawns read as before.
        ("e2e4", "e2e4"),
    ] {
        let m = parse_move(&p, text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(format(&m), canonical, "{text}");
    }
    // A letter written must still match the piece.
    assert_eq!(
        parse_move(&p, "Bg1f3").expect_err("a knight").to_string(),
        "Bg1f3: there is a knight on g1, not a bishop; did you mean Ng1f3 or Ng1h3?"
    );
}

#[test]
fn a_move_number_is_checked_against_the_game() {
    let p = pos(START);
    for (text, message) in [
        ("2. e4", "2. e4: the move is numbered 2, but it is move 1"),
        (
            "1... e4",
            "1... e4: the move is numbered 1..., but white is to move",
        ),
    ] {
        // Outside a game the number is read and not checked.
        assert!(parse_move(&p, text).is_ok(), "{text}");
        let err = parse_game_move(&p, text).expect_err(text);
        assert_eq!(err.to_string(), message, "{text}");
    }
}

/// `parse_and_play` writes the position after a legal move, the same as
/// playing the move it names, and leaves the position it was given as
/// it was when the text is refused, whichever stage refuses it: the
/// syntax, the rules, a missing promotion piece, or an owner's choice
/// where none is awaited (docs/RULES.md §9.1).
#[test]
fn a_refused_move_leaves_the_position_after_as_it_was() {
    for (start, text) in [
        (pos(START), "e2e9"),
        (pos(START), "e2e5"),
        (pos(CASTLING), "O-O-O-O"),
        (pos(BLACK_23), "=Q e7e5"),
        (pos(PROMOTION), "b7b8"),
    ] {
        let mut after = pos(NO_QUEEN);
        assert!(parse_and_play(&start, text, &mut after).is_err(), "{text}");
        assert_eq!(after, pos(NO_QUEEN), "{text} changed the position after");
    }
    for (start, text) in [
        (pos(START), "e4"),
        (pos(CASTLING), "O-O"),
        (pos(PROMOTION), "b7b8=Q"),
    ] {
        let mut after = pos(NO_QUEEN);
        let m = parse_and_play(&start, text, &mut after).expect(text);
        assert_eq!(Ok(after), start.play(&m), "{text}");
    }
}
