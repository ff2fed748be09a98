//! What the last move did, as a board picture marks it: the squares it
//! touched (a mover that stayed where it was included), the paths of the
//! mover and of the piece it pushed or pulled, and each piece that left
//! the board with the way it went. One reading for the notice's picture
//! and the web pages' boards.

use dynamo_core::{Color, Move, Position, Role, Square, Step};

use super::board::{Departure, Marks};

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
    if let (
        Move::Castle {
            side, king, rook, ..
        },
        Some(piece),
    ) = (mv, before.board().piece_at(mv.from()))
    {
        add(*king);
        add(*rook);
        add(side.rook_target(piece.color));
    }
    Marks {
        squares,
        exits: exits(before, mv),
        paths: paths(before, mv),
    }
}

/// The pieces `mv` takes off the board, with the way each went.
pub fn exits(before: &Position, mv: &Move) -> Vec<Departure> {
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

/// The paths the move's pieces took on the board: the mover's (the king's
/// first, when castling), then the pushed or pulled piece's, or the
/// rook's. A piece that left the board has no path here: its exit says it.
fn paths(before: &Position, mv: &Move) -> Vec<(Square, Square)> {
    let mut out = Vec::new();
    match mv {
        Move::Plain { from, to, .. } => out.extend(to.map(|to| (*from, to))),
        Move::Push(s) | Move::Pull(s) => {
            out.extend(s.to.filter(|to| *to != s.from).map(|to| (s.from, to)));
            out.extend(s.target_to.map(|to| (s.target_from, to)));
        }
        Move::Castle {
            side, king, rook, ..
        } => {
            let color = before
                .board()
                .piece_at(*king)
                .map_or(before.turn(), |p| p.color);
            for (from, to) in [
                (*king, side.king_target(color)),
                (*rook, side.rook_target(color)),
            ] {
                if from != to {
                    out.push((from, to));
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use dynamo_core::{Position, Rules, Square, parse_move};

    /// A push has two paths: the mover's, then the pushed piece's.
    #[test]
    fn a_push_marks_both_paths() {
        let pos = Position::startpos(Rules::NOST);
        let mv = parse_move(&pos, "Qd1d3/d2d6").expect("a legal push");
        let sq = |name: &str| name.parse::<Square>().expect("a square");
        assert_eq!(
            super::marks(&pos, &mv).paths,
            vec![(sq("d1"), sq("d3")), (sq("d2"), sq("d6"))]
        );
        let web = crate::render::web_board(&pos, Some(&super::marks(&pos, &mv)));
        assert_eq!(web.matches("class=\"arrow\"").count(), 2);
        // The notice's picture keeps its marks: no arrows.
        let view = crate::render::View {
            flipped: false,
            marks: Some(super::marks(&pos, &mv)),
        };
        assert!(!crate::render::svg_view(&pos, &view).contains("arrow"));
    }
}
