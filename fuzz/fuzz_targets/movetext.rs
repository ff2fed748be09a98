//! Move text in every notation, against positions from a fixed list and a
//! few legal moves on from them: whatever resolves is a legal move, and
//! that move's canonical, short and numeric texts resolve to the same
//! move; a refusal quotes the input only briefly.
//!
//! Input: byte 0 picks the position and rule set, byte 1 how many plies to
//! play on (0–7), the next bytes pick those moves, the rest is the text.

#![no_main]

use dynamo_core::notation::{format, format_numeric, format_short};
use dynamo_core::{MoveError, Position, Rules, parse_move};
use libfuzzer_sys::fuzz_target;

/// Positions where notation has corners: the start, promotions by every
/// route, castling with displaced rights, the en-passant edge, stationary
/// pulls, pieces that can leave the board, check.
const POSITIONS: [(&str, &str); 10] = [
    ("startpos", "nost"),
    ("startpos", "nost,stationary_pull=false,castling=strict"),
    ("4k3/1P6/8/8/8/8/8/1R2K3 w - - 0 1", "nost"),
    ("r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1", "nost"),
    (
        "rnbq1bnr/ppppkppp/8/8/8/7R/PPPPPPPP/RNBQKBN1 w Kkq@h1h3,e8e7 - 0 1 -",
        "nost",
    ),
    (
        "4k3/8/8/8/Pp4p1/8/7P/4K3 b - a3 0 1 4k3/8/8/8/1p4p1/8/P6P/4K3",
        "nost,en_passant_edge=true",
    ),
    ("k7/8/7Q/8/8/7R/8/K7 w - - 0 1", "nost"),
    (
        "k7/8/7Q/8/8/7R/8/K7 w - - 0 1",
        "nost,stationary_pull=false",
    ),
    ("1n2k3/P1P5/8/3q4/8/8/5p1p/K5N1 b - - 0 30", "nost"),
    ("8/4B3/8/8/6Qk/8/4N3/K7 b - - 0 1", "nost"),
];

fuzz_target!(|data: &[u8]| {
    let (Some(&pick), Some(&plies)) = (data.first(), data.get(1)) else {
        return;
    };
    let (fen, rules) = POSITIONS[pick as usize % POSITIONS.len()];
    let rules: Rules = rules.parse().expect("a rule set from the list");
    let mut pos = Position::from_fen(fen, rules).expect("a position from the list");
    let plies = (plies % 8) as usize;
    let Some(choices) = data.get(2..2 + plies) else {
        return;
    };
    for &c in choices {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        pos = pos
            .play(&moves[c as usize % moves.len()])
            .expect("a listed move plays");
    }
    let Ok(text) = std::str::from_utf8(&data[2 + plies..]) else {
        return;
    };
    match parse_move(&pos, text) {
        Ok(m) => {
            assert!(
                pos.legal_moves().contains(&m),
                "{text:?} resolved to {m}, not a legal move in {}",
                pos.to_fen()
            );
            let canonical = format(&m);
            assert_eq!(parse_move(&pos, &canonical), Ok(m), "{canonical}");
            let numeric = format_numeric(&m, pos.turn());
            assert_eq!(parse_move(&pos, &numeric), Ok(m), "{numeric}");
            let short = format_short(&m, &pos);
            assert_eq!(parse_move(&pos, &short), Ok(m), "{short}");
        }
        Err(e) => {
            let message = e.to_string();
            assert!(!message.is_empty());
            if text.len() > 200 {
                assert!(!message.contains(text), "the whole input is quoted back");
            }
            if let MoveError::Illegal { text: named, .. } = &e {
                assert_eq!(named, text.trim());
            }
        }
    }
});
