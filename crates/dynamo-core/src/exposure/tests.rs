//! The quick legality decision against the full test, on random positions
//! under every rule set: whenever `Exposure::judge` decides, it must
//! decide as playing the move and testing the board after it does.

use proptest::prelude::*;

use crate::color::Color;
use crate::moves::Move;
use crate::position::Position;
use crate::random::{random_position, rule_sets, walk};
use crate::rules::Rules;

/// Checks every pseudo-legal move of `pos`; returns how many the quick
/// decision decided, legal and illegal.
fn compare(pos: &Position) -> Result<(usize, usize), TestCaseError> {
    let exposure = pos.exposure();
    let mut moves: Vec<Move> = Vec::new();
    pos.pseudo_legal_moves(&mut moves);
    let mut decided = (0, 0);
    for m in &moves {
        if let Some(quick) = exposure.judge(pos, m) {
            let full = pos.board_after(m).is_ok();
            prop_assert_eq!(quick, full, "{:?} in {}", m, pos.to_fen());
            if quick {
                decided.0 += 1;
            } else {
                decided.1 += 1;
            }
        }
    }
    Ok(decided)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn quick_legality_agrees_with_the_full_test_on_random_boards(
        rules in rule_sets(),
        black in any::<bool>(),
        bytes in prop::collection::vec(any::<(u8, u8, u8)>(), 2..24),
        choices in prop::collection::vec(any::<u16>(), 0..6),
    ) {
        let turn = if black { Color::Black } else { Color::White };
        let Some(pos) = random_position(rules, turn, &bytes) else {
            return Ok(());
        };
        // A few moves on, the board before the last move is a real one.
        walk(pos, &choices, |pos| compare(pos).map(drop))?;
    }

    #[test]
    fn quick_legality_agrees_with_the_full_test_in_random_games(
        rules in rule_sets(),
        choices in prop::collection::vec(any::<u16>(), 0..80),
    ) {
        walk(Position::startpos(rules), &choices, |pos| compare(pos).map(drop))?;
    }
}

/// The quick decision is not idle: on positions where the king is exposed
/// in every way (in check by a slider, by a knight, and not), it decides
/// many moves both ways, and always as the full test does.
#[test]
fn quick_legality_decides_moves_both_ways() {
    let fens = [
        // Start: most moves are decided legal without playing them.
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        // The check by pulling of docs/RULES.md §6: moves that do not
        // touch the a4-e8 diagonal are decided illegal.
        "rnb1qbnr/pppkpppp/3p4/8/Q1P5/5NP1/PP1PPP1P/RNB1KB1R b - - 0 1",
        // A king on the edge in check from a knight's push.
        "4k3/8/8/8/8/3n4/8/4K2R w - - 0 1",
    ];
    let mut totals = (0, 0);
    for fen in fens {
        let pos = Position::from_fen(fen, Rules::NOST).expect("valid");
        let (legal, illegal) = compare(&pos).expect("agrees");
        totals = (totals.0 + legal, totals.1 + illegal);
    }
    assert!(totals.0 >= 100, "only {} decided legal", totals.0);
    assert!(totals.1 >= 20, "only {} decided illegal", totals.1);
}
