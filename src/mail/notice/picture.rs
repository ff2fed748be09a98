//! What the notice's picture and text say about the moves: the last
//! move's marks (squares it touched, pieces that left the board and which
//! way) and the pieces each side has lost off the board, found by playing
//! the record's moves again from its start.

use dynamo_core::{ByColor, Color, Move, Piece, Position, Role, Square, Step, parse_move};

use crate::render::{Departure, Marks};

/// The record's moves, played again.
#[derive(Debug, Clone)]
pub struct Replayed {
    /// The position before the last move, and that move.
    pub last: Option<(Position, Move)>,
    /// The pieces each side has lost off the board, in the order they
    /// went.
    pub lost: ByColor<Vec<Piece>>,
}

/// Plays `moves` (canonical notation) from `start`. A move that no longer
/// reads (which a replayed game cannot have) stops the replay: the notice
/// then shows less, never something wrong.
pub fn replay<'m>(start: &Position, moves: impl IntoIterator<Item = &'m str>) -> Replayed {
    let mut replayed = Replayed {
        last: None,
        lost: ByColor::new_with(|_| Vec::new()),
    };
    let mut pos = start.clone();
    for text in moves {
        let Ok(mv) = parse_move(&pos, text) else {
            return Replayed {
                last: None,
                ..replayed
            };
        };
        let Ok(after) = pos.play(&mv) else {
            return Replayed {
                last: None,
                ..replayed
            };
        };
        for exit in exits(&pos, &mv) {
            replayed.lost[exit.piece.color].push(exit.piece);
        }
        replayed.last = Some((pos, mv));
        pos = after;
    }
    replayed
}

/// The marks of `mv` played in `before`: every square whose piece changed,
/// the square of a mover that stayed, and the pieces that left the board.
pub fn marks(before: &Position, mv: &Move) -> Marks {
    let mut squares = Vec::new();
    let mut add = |sq: Square| {
        if !squares.contains(&sq) {
            squares.push(sq);
        }
    };
    add(mv.from());
    if let Some(to) = mv.to() {
        add(to);
    }
    if let Some(shove) = mv.shove() {
        add(shove.target_from);
        if let Some(to) = shove.target_to {
            add(to);
        }
    }
    if let (Move::Castle { side, king, rook }, Some(piece)) =
        (mv, before.board().piece_at(mv.from()))
    {
        add(*king);
        add(*rook);
        add(side.rook_target(piece.color));
    }
    Marks {
        squares,
        exits: exits(before, mv),
    }
}

/// The pieces `mv` takes off the board, with the way each went.
fn exits(before: &Position, mv: &Move) -> Vec<Departure> {
    let board = before.board();
    let mut out = Vec::new();
    let mut exit = |sq: Square, toward: Step| {
        if let Some(piece) = board.piece_at(sq) {
            out.push(Departure {
                piece,
                from: sq,
                toward,
            });
        }
    };
    match mv {
        Move::Plain {
            role,
            from,
            to: None,
            ..
        } => exit(*from, way_off(before, *role, *from)),
        Move::Push(s) => {
            // The target goes on away from the mover; a mover that
            // follows it off goes the same way.
            let way = away(s.from, s.target_from);
            if s.target_to.is_none() {
                exit(s.target_from, way);
            }
            if s.to.is_none() {
                exit(s.from, way);
            }
        }
        Move::Pull(s) => {
            // The mover goes away from the target, which follows.
            let way = away(s.target_from, s.from);
            if s.to.is_none() {
                exit(s.from, way);
            }
            if s.target_to.is_none() {
                exit(s.target_from, way);
            }
        }
        _ => {}
    }
    out
}

/// The step from `a` towards `b`: along their line, or the knight's jump
/// or king's step between them.
fn away(a: Square, b: Square) -> Step {
    Step::line_between(a, b).map_or_else(
        || {
            Step::new(
                b.file() as i8 - a.file() as i8,
                b.rank() as i8 - a.rank() as i8,
            )
        },
        |(step, _)| step,
    )
}

/// One way a piece walking off from `from` could have gone (the notation
/// does not say which): the shortest clear line to the edge, or a knight's
/// jump that lands outside.
fn way_off(before: &Position, role: Role, from: Square) -> Step {
    if role == Role::Knight {
        return Step::KNIGHT
            .into_iter()
            .find(|&j| from.offset(j).is_none())
            .unwrap_or(Step::new(0, -1));
    }
    let lines: Vec<Step> = Step::KING
        .into_iter()
        .filter(|s| match role {
            Role::Rook => s.is_straight(),
            Role::Bishop => !s.is_straight(),
            _ => true,
        })
        .collect();
    let clear = |s: &Step| from.ray(*s).all(|sq| before.board().is_empty(sq));
    lines
        .iter()
        .filter(|s| clear(s))
        .min_by_key(|s| from.ray(**s).count())
        .copied()
        .unwrap_or(Step::new(
            0,
            if before.turn() == Color::White { -1 } else { 1 },
        ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use dynamo_core::Rules;

    #[test]
    fn both_pieces_leaving_are_marked_with_their_way() {
        let pos =
            Position::from_fen("7r/7p/8/8/8/8/8/K6k w - - 0 1", Rules::NOST).expect("a position");
        // A black rook pulling its pawn off: Black to move.
        let pos =
            Position::from_fen(&pos.to_fen().replace(" w ", " b "), Rules::NOST).expect("turn");
        let mv = parse_move(&pos, "Rh8E/h7E").expect("legal");
        let m = marks(&pos, &mv);
        assert_eq!(m.exits.len(), 2, "{m:?}");
        assert!(m.exits.iter().all(|e| e.toward == Step::new(0, 1)), "{m:?}");
        assert!(
            m.squares.contains(&Square::H8) && m.squares.len() == 2,
            "{m:?}"
        );
    }

    #[test]
    fn a_stationary_mover_is_marked_and_losses_are_counted() {
        let start = Position::startpos(Rules::NOST);
        let replayed = replay(&start, ["Bf1/g2E"]);
        let (before, mv) = replayed.last.clone().expect("a last move");
        let m = marks(&before, &mv);
        assert!(m.squares.contains(&Square::F1), "{m:?}");
        assert_eq!(m.exits[0].toward, Step::new(1, 1));
        assert_eq!(replayed.lost[Color::White].len(), 1);
        assert!(replayed.lost[Color::Black].is_empty());
    }
}
