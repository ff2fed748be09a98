//! Move input as players write it (README, "Positions and moves"): every
//! accepted form with the canonical move it names, and every kind of
//! refusal with its exact words and suggestions. docs/RULES.md §10 lists
//! the forms.

use dynamo_core::notation::{format, format_short};
use dynamo_core::{Position, Rules, parse_game_move, parse_move};

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
            "Nd2: d2 is occupied: a piece moves under its own power only to an empty square",
        ),
        (
            START,
            "Ncd2",
            "Ncd2: you have no knight on the c-file; did you mean Nb1c3?",
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
        (START, "Ng1g3", "Ng1g3: a knight cannot move from g1 to g3"),
        (
            START,
            "e7/e6e5",
            "e7/e6e5: the black pawn on e7 is not yours: only your own pieces move under their own power",
        ),
    ] {
        let err = parse_move(&pos(fen), text).expect_err(text);
        assert_eq!(err.to_string(), message, "{text}");
    }
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
