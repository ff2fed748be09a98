//! Random positions for the property tests of the quick legality
//! decision (exposure.rs) and of counting (count.rs).

use proptest::prelude::*;

use crate::board::Board;
use crate::castling::Castling;
use crate::color::Color;
use crate::position::Position;
use crate::role::{Piece, Role};
use crate::rules::{CastlingRule, Promotion, Rules};
use crate::setup::Setup;
use crate::square::Square;

/// Every combination of the rule options (§9).
pub(crate) fn rule_sets() -> impl Strategy<Value = Rules> {
    (
        any::<bool>(),
        any::<bool>(),
        any::<bool>(),
        any::<bool>(),
        any::<bool>(),
    )
        .prop_map(|(sp, strict, kt, ep, owner)| Rules {
            stationary_pull: sp,
            castling: if strict {
                CastlingRule::Strict
            } else {
                CastlingRule::Nost
            },
            king_transit_check: kt,
            en_passant_edge: ep,
            promotion: if owner {
                Promotion::Owner
            } else {
                Promotion::Mover
            },
            ..Rules::NOST
        })
}

/// A board with both kings and `pieces` of random kind, colour and
/// square, from random bytes; `None` when the rules refuse it (a pawn on
/// its last rank, the side that has just moved in check, …).
pub(crate) fn random_position(
    rules: Rules,
    turn: Color,
    bytes: &[(u8, u8, u8)],
) -> Option<Position> {
    let mut board = Board::empty();
    for (i, &(sq, kind, _)) in bytes.iter().enumerate() {
        let square = Square::from_index(sq as usize % 64)?;
        let piece = match i {
            0 => Piece::new(Color::White, Role::King),
            1 => Piece::new(Color::Black, Role::King),
            _ => {
                let color = Color::ALL[kind as usize % 2];
                // Kings are placed first and only once.
                Piece::new(color, Role::ALL[kind as usize / 2 % 5])
            }
        };
        if board.is_empty(square) {
            board.set(square, Some(piece));
        }
    }
    // A board before the last move, so the no-undo rule has one to
    // compare with: the same board with one piece moved to an empty
    // square, as a last move might have left it.
    let previous = bytes.first().and_then(|&(_, _, prev)| {
        let (from, to) = (prev as usize % 64, (prev as usize * 7 + 3) % 64);
        let (from, to) = (Square::from_index(from)?, Square::from_index(to)?);
        let mut before = board;
        let piece = before.take(to)?;
        before.is_empty(from).then(|| {
            before.set(from, Some(piece));
            before
        })
    });
    let setup = Setup {
        board,
        turn,
        castling: Castling::default(),
        ep_square: None,
        halfmoves: 0,
        fullmoves: 1,
        previous,
    };
    Position::new(setup, rules).ok()
}

/// Calls `check` on `pos` and on each position after it, each reached by
/// the legal move `choices` picks (an index taken modulo the number of
/// moves), until the choices or the legal moves run out. The one walk of
/// the property tests, from a random board or from the start.
pub(crate) fn walk(
    mut pos: Position,
    choices: &[u16],
    mut check: impl FnMut(&Position) -> Result<(), TestCaseError>,
) -> Result<(), TestCaseError> {
    check(&pos)?;
    for &c in choices {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        pos = pos
            .play(&moves[c as usize % moves.len()])
            .expect("listed moves play");
        check(&pos)?;
    }
    Ok(())
}
