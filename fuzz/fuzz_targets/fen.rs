//! FEN: whatever reads as a position prints as a FEN that reads back as
//! the same position and prints the same text; so does every position one
//! legal move away; and a refusal quotes the input only briefly.

#![no_main]

use dynamo_core::{CastlingRule, Position, Promotion, Rules};
use libfuzzer_sys::fuzz_target;

/// NOST and the rule set furthest from it: strict castling rights and the
/// en-passant edge change what a FEN may say.
const RULE_SETS: [Rules; 2] = [
    Rules::NOST,
    Rules {
        stationary_pull: false,
        castling: CastlingRule::Strict,
        king_transit_check: false,
        en_passant_edge: true,
        promotion: Promotion::Owner,
        ..Rules::NOST
    },
];

fn reads_back(pos: &Position) {
    let text = pos.to_fen();
    let back = Position::from_fen(&text, pos.rules())
        .unwrap_or_else(|e| panic!("printed FEN {text:?} is refused: {e}"));
    assert_eq!(&back, pos, "{text}");
    assert_eq!(back.to_fen(), text);
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for rules in RULE_SETS {
        match Position::from_fen(text, rules) {
            Ok(pos) => {
                reads_back(&pos);
                for (_, child) in pos.legal_children() {
                    reads_back(&child);
                }
            }
            Err(e) => {
                let message = e.to_string();
                assert!(!message.is_empty());
                assert!(
                    message.len() < 400,
                    "{} bytes: {message:.400}",
                    message.len()
                );
            }
        }
    }
});
