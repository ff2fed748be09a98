//! Making and unmaking against playing: on random games under every rule
//! set, each legal move made on a scratch position must give exactly the
//! position [`Position::play`] builds by copy, and unmaking it exactly
//! the position before — the board and its key, the board before the
//! last move (§7), the castling rights by piece (§8), the
//! en-passant-edge square (§9), a pending owner's choice (§9.1), the
//! kings and the counters.

use proptest::prelude::*;

use super::Scratch;
use crate::color::Color;
use crate::position::Position;
use crate::random::{random_position, rule_sets};
use crate::rules::Rules;

/// Every legal move of `pos` made and unmade on a scratch position
/// standing on it after `depth` moves already made.
fn every_move_made_and_unmade(s: &mut Scratch, pos: &Position) -> Result<(), TestCaseError> {
    prop_assert_eq!(s.position(), pos);
    let children: Vec<_> = pos.legal_children().collect();
    prop_assert_eq!(children.len(), pos.legal_moves().len());
    for (m, child) in children {
        prop_assert_eq!(&child, &pos.play(&m).expect("listed moves play"));
        let by_copy = pos.play(&m).expect("listed moves play");
        let made = s.made();
        s.make(&m);
        prop_assert_eq!(s.position(), &by_copy, "{} in {}", m, pos.to_fen());
        prop_assert_eq!(s.position().zobrist(), by_copy.zobrist_from_scratch());
        prop_assert_eq!(s.position().to_fen(), by_copy.to_fen());
        prop_assert!(s.unmake());
        prop_assert_eq!(s.made(), made);
        prop_assert_eq!(s.position(), pos, "{} unmade in {}", m, pos.to_fen());
        prop_assert_eq!(s.position().zobrist(), pos.zobrist());
    }
    Ok(())
}

/// The game that `choices` picks from `start`, made move by move on one
/// scratch position, every move of every position on the way made and
/// unmade, and then unmade all the way back, each position met again.
fn a_whole_game(start: Position, choices: &[u16]) -> Result<(), TestCaseError> {
    let mut s = Scratch::new(start.clone());
    let mut seen = vec![start];
    for &c in choices {
        let pos = seen.last().expect("the start").clone();
        every_move_made_and_unmade(&mut s, &pos)?;
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        let m = moves[c as usize % moves.len()];
        s.make(&m);
        seen.push(pos.play(&m).expect("listed moves play"));
    }
    while let Some(pos) = seen.pop() {
        prop_assert_eq!(s.position(), &pos);
        // Unmaking the start's position has nothing to take back.
        prop_assert_eq!(s.unmake(), !seen.is_empty());
    }
    prop_assert_eq!(s.made(), 0);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn make_then_unmake_restores_random_games_from_the_start(
        rules in rule_sets(),
        choices in prop::collection::vec(any::<u16>(), 0..40),
    ) {
        a_whole_game(Position::startpos(rules), &choices)?;
    }

    #[test]
    fn make_then_unmake_restores_random_games_from_random_boards(
        rules in rule_sets(),
        black in any::<bool>(),
        bytes in prop::collection::vec(any::<(u8, u8, u8)>(), 2..24),
        choices in prop::collection::vec(any::<u16>(), 0..12),
    ) {
        let turn = if black { Color::Black } else { Color::White };
        let Some(pos) = random_position(rules, turn, &bytes) else {
            return Ok(());
        };
        a_whole_game(pos, &choices)?;
    }
}

/// A pawn awaiting its owner's choice (§9.1), the choice made with the
/// owner's move and taken back: the pawn stands again, awaiting it.
#[test]
fn the_owners_choice_is_unmade_with_the_move() {
    let rules: Rules = "nost,promotion=owner".parse().expect("rule set");
    // Black's rook leaves the board over e8 and pulls White's pawn there.
    let pull = Position::from_fen("8/8/4r3/4P3/7k/8/8/K7 b - - 0 1", rules).expect("fen");
    let m = crate::parse_move(&pull, "Re6E/e5e8").expect("the pull");
    let mut s = Scratch::new(pull.clone());
    s.make(&m);
    let awaiting = s.position().clone();
    assert!(awaiting.pending().is_some());
    let owners = awaiting.legal_moves();
    assert!(owners.iter().all(|m| m.choice().is_some()));
    for m in &owners {
        s.make(m);
        assert_eq!(s.position(), &awaiting.play(m).expect("listed"), "{m}");
        assert!(s.unmake());
        assert_eq!(s.position(), &awaiting);
    }
    assert!(s.unmake());
    assert_eq!(s.position(), &pull);
}

/// A pass, the search's null move, hands the move over on the same
/// board, with the no-undo rule forbidding nothing, and is unmade like a
/// move; it is refused while a pawn awaits its owner's choice.
#[test]
fn a_pass_hands_the_move_over_and_is_unmade() {
    let placement = "r4rk1/pp3ppp/2n5/3q4/3P4/2N2N2/PP3PPP/R2Q1RK1";
    let pos = Position::from_fen(&format!("{placement} w - - 0 1"), Rules::NOST).expect("fen");
    let black = Position::from_fen(&format!("{placement} b - - 1 1 {placement}"), Rules::NOST)
        .expect("fen");
    let mut s = Scratch::new(pos.clone());
    assert!(s.make_null());
    assert_eq!(s.position().board(), pos.board());
    assert_eq!(s.position().turn(), Color::Black);
    assert_eq!(s.position().legal_moves(), black.legal_moves());
    assert!(s.unmake());
    assert_eq!(s.position(), &pos);

    let rules: Rules = "nost,promotion=owner".parse().expect("rule set");
    let pull = Position::from_fen("8/8/4r3/4P3/7k/8/8/K7 b - - 0 1", rules).expect("fen");
    let m = crate::parse_move(&pull, "Re6E/e5e8").expect("the pull");
    let mut s = Scratch::new(pull);
    s.make(&m);
    let awaiting = s.position().clone();
    assert!(!s.make_null());
    assert_eq!(s.position(), &awaiting);
}
