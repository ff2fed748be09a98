//! Counting against listing: on random positions under every rule set,
//! and on positions built for the arithmetic's corners, the count must be
//! the number of legal moves listed one by one.

use proptest::prelude::*;

use crate::color::Color;
use crate::position::Position;
use crate::random::{random_position, rule_sets, walk};
use crate::rules::Rules;

fn agree(pos: &Position) -> Result<(), TestCaseError> {
    prop_assert_eq!(
        pos.count_legal_moves(),
        pos.legal_moves().len(),
        "{}",
        pos.to_fen()
    );
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 500, ..ProptestConfig::default() })]

    #[test]
    fn counting_agrees_with_listing_on_random_boards(
        rules in rule_sets(),
        black in any::<bool>(),
        bytes in prop::collection::vec(any::<(u8, u8, u8)>(), 2..24),
        choices in prop::collection::vec(any::<u16>(), 0..6),
    ) {
        let turn = if black { Color::Black } else { Color::White };
        let Some(pos) = random_position(rules, turn, &bytes) else {
            return Ok(());
        };
        walk(pos, &choices, agree)?;
    }

    #[test]
    fn counting_agrees_with_listing_in_random_games(
        rules in rule_sets(),
        choices in prop::collection::vec(any::<u16>(), 0..80),
    ) {
        walk(Position::startpos(rules), &choices, agree)?;
    }
}

/// The corners of the arithmetic: pawns pushed and pulled onto their last
/// rank by sliders and knights (four moves each), pulls with and without
/// stationary pulls, a puller leaving the board with its target or
/// without, pushes off the board with the pusher following off, kings in
/// check (every counted group illegal) and kings pushed or pulled.
#[test]
fn counting_agrees_with_listing_on_built_positions() {
    let fens = [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        // A rook below a pawn of either colour on the seventh and second
        // ranks, an open file above: pushed to the last rank, or pulled.
        "4k3/1P4p1/8/8/8/8/1R4p1/4K1R1 w - - 0 1",
        "4k3/1p4P1/1R6/8/8/7K/6P1/6r1 b - - 0 1",
        // Bishops and queens on diagonals ending on a last rank.
        "k7/8/8/3p4/8/1B6/8/4K3 w - - 0 1",
        "k7/8/4P3/8/2Q5/8/8/4K3 b - - 0 1",
        "7k/8/8/8/3P4/4q3/8/K7 w - - 0 1",
        // A knight pushing and pulling pawns towards their last rank.
        "4k3/8/1P6/3N4/8/8/8/4K3 w - - 0 1",
        "4k3/8/8/8/8/8/1p1n4/7K b - - 0 1",
        "1N2k3/8/2P5/8/8/8/8/4K3 w - - 0 1",
        // Pawns pushing their own pieces onto or over the last rank and
        // enemy pieces off it, stepping onto it as they push.
        "1n2k3/P1P5/8/8/8/8/p1p5/R3K1N1 w Q - 0 1",
        "2N1k3/2P5/8/8/8/8/8/4K3 w - - 0 1",
        "4k3/8/8/8/8/2p5/2p5/4K3 b - - 0 1",
        "3nk3/2P5/8/8/8/8/4p3/3NK3 w - - 0 1",
        // In check by a pull (docs/RULES.md §6) and by a knight.
        "rnb1qbnr/pppkpppp/3p4/8/Q1P5/5NP1/PP1PPP1P/RNB1KB1R b - - 0 1",
        "4k3/8/8/8/8/3n4/8/4K2R w - - 0 1",
        // Kings to push and pull, and the no-undo rule.
        "8/8/8/8/3k4/3K4/8/8 b - - 0 1 8/8/8/8/8/3k4/3K4/8",
        "1r6/8/8/7R/1k6/8/1R6/1N5K w - - 0 1",
        "r4rk1/pp3ppp/2n5/3q4/3P4/2N2N2/PP3PPP/R2Q1RK1 w - - 0 1",
        // An enemy knight pulled to where it pushes our king off, an
        // enemy pawn pushed onto its last rank where only a knight would
        // push our king off, and an enemy bishop pulled onto the king's
        // diagonal.
        "4k3/8/8/3n4/8/8/3R4/4K3 w - - 0 1",
        "k7/8/8/4R3/8/8/4p1K1/8 w - - 0 1",
        "4k3/8/8/8/1b6/8/3Q4/4K3 w - - 0 1",
        "2r2rk1/1b2qppp/p3pn2/1p6/3N4/P1B1P3/1P2BPPP/2RQ1RK1 b - - 0 17",
        // Our own king pushed and pulled along the first rank by our rook
        // across f1, where an enemy rook would push it off (the
        // king-transit rule, §6), and pushed and pulled by our knight
        // (count/judged.rs).
        "5r1k/8/8/8/8/8/8/3RK3 w - - 0 1",
        "5r1k/8/8/8/8/8/8/4KR2 w - - 0 1",
        "7k/8/8/8/8/8/3N4/1r2K3 w - - 0 1",
        "7k/8/8/8/8/5N2/r7/6K1 w - - 0 1",
    ];
    let rule_sets = [
        Rules::NOST,
        "nost,stationary_pull=false".parse().expect("a rule set"),
        "nost,king_transit_check=false,en_passant_edge=true"
            .parse()
            .expect("a rule set"),
    ];
    for fen in fens {
        for rules in rule_sets {
            let pos = Position::from_fen(fen, rules).unwrap_or_else(|e| panic!("{fen}: {e}"));
            agree(&pos).expect("agrees");
            // One ply on, with a board before the last move to undo.
            for child in pos
                .legal_moves()
                .iter()
                .map(|m| pos.play(m).expect("plays"))
            {
                agree(&child).expect("agrees");
            }
        }
    }
}
