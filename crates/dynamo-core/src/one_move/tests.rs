//! `moves_with_squares` against the piece's whole list, and reading a
//! written move (which uses it) against the full listing of legal moves,
//! on every move and on near misses, over random games and boards under
//! every rule option (docs/RULES.md §9).

use std::collections::HashMap;

use proptest::prelude::*;

use crate::Notation;
use crate::color::Color;
use crate::moves::Move;
use crate::notation::format;
use crate::position::Position;
use crate::random::{random_position, rule_sets, walk};
use crate::role::Role;
use crate::square::{Square, Step};

fn square(index: usize) -> Square {
    Square::from_index(index).expect("a square")
}

/// The moves of `moves` that push or pull the piece on `target`, or, for
/// `None`, the plain moves to `to`: what a written move picks from.
fn picked(moves: &[Move], to: Option<Square>, target: Option<Square>) -> Vec<Move> {
    moves
        .iter()
        .filter(|m| match (m, target) {
            (Move::Castle { .. }, _) => false,
            (Move::Plain { to: t, .. }, None) => *t == to,
            (Move::Push(s) | Move::Pull(s), Some(t)) => s.target_from == t,
            _ => false,
        })
        .copied()
        .collect()
}

/// For every piece of the side to move, every square it might push or
/// pull and every square (or the edge) it might go to by itself: the
/// candidates are those of the whole list, in its order.
fn same_candidates(pos: &Position) -> Result<(), TestCaseError> {
    for from in pos.board().occupied() {
        let mut full = Vec::new();
        pos.pseudo_legal_moves_from(from, &mut full);
        let ask = |to: Option<Square>, target: Option<Square>| {
            let mut one = Vec::new();
            pos.moves_with_squares(from, to, target, &mut one);
            prop_assert_eq!(
                picked(&full, to, target),
                picked(&one, to, target),
                "from {} to {:?} target {:?} in {}",
                from,
                to,
                target,
                pos.to_fen()
            );
            Ok(())
        };
        for i in 0..64 {
            // Where the mover goes does not choose the line of a push or
            // pull: the target does.
            ask(Some(from), Some(square(i)))?;
            ask(None, Some(square(i)))?;
            ask(Some(square(i)), None)?;
        }
        ask(None, None)?;
    }
    Ok(())
}

/// The same move with its mover, or its target, one step off where it
/// ends, or off the board.
fn near_misses(m: &Move) -> Vec<Move> {
    let mut out = vec![*m];
    let shifted = |sq: Option<Square>| {
        let mut ends: Vec<Option<Square>> = vec![None];
        if let Some(sq) = sq {
            ends.extend(Step::KING.iter().filter_map(|&v| sq.offset(v)).map(Some));
            ends.push(Some(sq));
        }
        ends
    };
    match *m {
        Move::Plain {
            role,
            from,
            to,
            promotion,
            choice,
        } => {
            for to in shifted(to) {
                out.push(Move::Plain {
                    role,
                    from,
                    to,
                    promotion,
                    choice,
                });
            }
        }
        Move::Push(s) | Move::Pull(s) => {
            let kind = if matches!(m, Move::Push(_)) {
                Move::Push
            } else {
                Move::Pull
            };
            for to in shifted(s.to).into_iter().chain([Some(s.from)]) {
                out.push(kind(crate::moves::Shove { to, ..s }));
            }
            for target_to in shifted(s.target_to) {
                out.push(kind(crate::moves::Shove { target_to, ..s }));
            }
        }
        Move::Castle { .. } => {}
    }
    out
}

/// Every pseudo-legal move and its near misses, written out and read
/// back (syntax, then the rules, as a recorded move is read): read as a
/// move exactly when a legal move is written so, and then as that move,
/// with the position playing it gives. A pawn awaiting its owner's
/// choice: the moves after each choice, in the position it makes.
fn reads_as_listed(pos: &Position) -> Result<(), TestCaseError> {
    if pos.pending().is_some() {
        for role in Role::PROMOTIONS {
            if let Ok(chosen) = pos.choose(role) {
                reads_as_listed(&chosen)?;
            }
        }
        return Ok(());
    }
    let legal: HashMap<String, Move> = pos
        .legal_moves()
        .into_iter()
        .map(|m| (format(&m), m))
        .collect();
    let mut pseudo = Vec::new();
    pos.pseudo_legal_moves(&mut pseudo);
    for m in pseudo.iter().flat_map(near_misses) {
        let text = format(&m);
        let mut after = pos.clone();
        let read = Notation::read(&text)
            .map_err(drop)
            .and_then(|(_, n)| n.resolve_and_play(pos, &mut after).map_err(drop))
            .map(|found| (found, after));
        match (legal.get(&text), read) {
            (Some(listed), Ok((found, after))) => {
                prop_assert_eq!(*listed, found, "{} in {}", text, pos.to_fen());
                prop_assert_eq!(pos.play(listed).ok(), Some(after), "{}", text);
            }
            (None, Err(())) => {}
            // The king's two steps name castling (`Ke8c8`, docs/RULES.md
            // §13, ruling 3): read as the castling listed.
            (None, Ok((found @ Move::Castle { .. }, after))) => {
                prop_assert!(
                    legal.values().any(|l| *l == found),
                    "{} in {}",
                    text,
                    pos.to_fen()
                );
                prop_assert_eq!(pos.play(&found).ok(), Some(after), "{}", text);
            }
            (listed, read) => prop_assert!(
                false,
                "{} in {}: listed {:?}, read {:?}",
                text,
                pos.to_fen(),
                listed,
                read.map(|(m, _)| m)
            ),
        }
    }
    Ok(())
}

fn both(pos: &Position) -> Result<(), TestCaseError> {
    same_candidates(pos)?;
    reads_as_listed(pos)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 32, ..ProptestConfig::default() })]

    #[test]
    fn one_move_agrees_with_the_full_listing_in_random_games(
        rules in rule_sets(),
        choices in prop::collection::vec(any::<u16>(), 0..40),
    ) {
        walk(Position::startpos(rules), &choices, both)?;
    }

    #[test]
    fn one_move_agrees_with_the_full_listing_on_random_boards(
        rules in rule_sets(),
        black in any::<bool>(),
        bytes in prop::collection::vec(any::<(u8, u8, u8)>(), 2..24),
        choices in prop::collection::vec(any::<u16>(), 0..6),
    ) {
        let turn = if black { Color::Black } else { Color::White };
        let Some(pos) = random_position(rules, turn, &bytes) else {
            return Ok(());
        };
        walk(pos, &choices, both)?;
    }
}
