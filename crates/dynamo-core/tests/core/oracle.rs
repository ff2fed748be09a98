//! The naive reading of the rules (`naive.rs`) must agree with
//! `legal_moves()` in many random positions under random rule sets.

use std::collections::BTreeSet;

use dynamo_core::{Position, Rules};
use proptest::prelude::*;

use crate::naive::oracle;
use crate::rule_sets;

fn engine(pos: &Position) -> BTreeSet<String> {
    pos.legal_moves()
        .iter()
        .map(dynamo_core::notation::format)
        .collect()
}

#[track_caller]
fn agree(pos: &Position) {
    let want = oracle(pos);
    let got = engine(pos);
    let missing: Vec<_> = want.difference(&got).collect();
    let extra: Vec<_> = got.difference(&want).collect();
    assert!(
        missing.is_empty() && extra.is_empty(),
        "{} under {}: engine lacks {missing:?}, engine has extra {extra:?}",
        pos.to_fen(),
        pos.rules()
    );
}

#[test]
fn oracle_agrees_on_the_curated_positions() {
    let rules = |t: &str| t.parse::<Rules>().expect("rules");
    for (fen, rule_set) in [
        ("startpos", "nost"),
        ("startpos", "nost,stationary_pull=false"),
        ("k7/8/7Q/8/8/7R/8/K7 w - - 0 1", "nost"),
        (
            "k7/8/7Q/8/8/7R/8/K7 w - - 0 1",
            "nost,stationary_pull=false",
        ),
        ("1r6/8/8/7R/1k6/8/1R6/1N5K w - - 0 1", "nost"),
        (
            "1r6/8/8/7R/1k6/8/1R6/1N5K w - - 0 1",
            "nost,king_transit_check=false",
        ),
        ("7k/8/8/8/7r/K7/8/R7 w - - 0 1", "nost"),
        ("1n2k3/P1P5/8/8/8/8/p1p5/R3K1N1 w Q - 0 1", "nost"),
        ("1n2k3/P1P5/8/8/8/8/p1p5/R3K1N1 b Q - 0 1", "nost"),
        ("4N3/4P3/8/8/8/8/8/k3K3 w - - 0 1", "nost"),
        ("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "nost"),
        ("r3k2r/8/8/8/8/7R/8/R3K3 w KQkq@h1h3 - 0 1", "nost"),
        (
            "4k3/8/8/8/Pp6/8/8/4K3 b - a3 0 1",
            "nost,en_passant_edge=true",
        ),
        ("8/8/8/8/3k4/3K4/8/8 b - - 0 1 8/8/8/8/8/3k4/3K4/8", "nost"),
        ("R7/7k/4N2K/8/8/8/8/8 w - - 0 1", "nost"),
        ("8/4B3/8/8/6Qk/8/4N3/K7 b - - 0 1", "nost"),
        (
            "rnb1qbnr/pppkpppp/3p4/8/Q1P5/5NP1/PP1PPP1P/RNB1KB1R b - - 0 1",
            "nost",
        ),
        (
            "r4rk1/pp3ppp/2n5/3q4/3P4/2N2N2/PP3PPP/R2Q1RK1 w - - 0 1",
            "nost",
        ),
        ("4k3/8/8/8/8/8/K7/R7 w - - 0 1", "nost"),
        // §9.1: enemy pawns promoted under promotion=owner, and positions
        // awaiting the owner's choice.
        ("8/4P3/4r3/8/7k/8/8/K7 b - - 0 1", "nost,promotion=owner"),
        ("8/4P1k1/4r3/8/8/8/8/K7 b - - 0 1", "nost,promotion=owner"),
        (
            "4P3/4r3/8/8/7k/8/8/K7 w - - 0 2 8/4P3/4r3/8/7k/8/8/K7",
            "nost,promotion=owner",
        ),
        (
            "8/8/8/8/6K1/7R/5R1N/p4R1k b - - 0 1",
            "nost,promotion=owner",
        ),
        (
            "r3k2r/1P4P1/8/8/8/8/1p4p1/R3K2R w KQkq - 0 1",
            "wikipedia,promotion=owner",
        ),
    ] {
        agree(&Position::from_fen(fen, rules(rule_set)).expect(fen));
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 128, ..ProptestConfig::default() })]

    /// Random games: the oracle and the engine agree in every position.
    #[test]
    fn oracle_agrees_along_random_games(
        rules in rule_sets(),
        choices in prop::collection::vec(any::<u16>(), 0..80),
    ) {
        let mut pos = Position::startpos(rules);
        for c in choices {
            agree(&pos);
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            pos = pos.play(&moves[c as usize % moves.len()]).expect("legal");
        }
    }
}
