//! The second stage of reading a move: find the legal move a
//! [`Notation`](crate::Notation) names in a position, or say which rule forbids it.
//! A text that names the mover's square is resolved exactly; a pattern
//! (descriptive notation here, short algebraic in [`super::short`]) must
//! fit exactly one legal move.

use super::descriptive::Descriptive;
use super::nost::{Dest, Part};
use super::write::format;
use crate::castling::CastlingSide;
use crate::illegal::Illegal;
use crate::moves::Move;
use crate::position::Position;
use crate::role::{Piece, Role};
use crate::rules::CastlingRule;
use crate::square::{Square, Step};

/// The castling `side` names, with the position after it.
pub(crate) fn resolve_castle(
    pos: &Position,
    side: CastlingSide,
    after: &mut Position,
) -> Result<Move, Illegal> {
    let us = pos.turn();
    let castling = pos.castling();
    let name = Illegal::side_name(side);
    if !castling.has(us, side) {
        let why = match pos.rules().castling {
            CastlingRule::Nost => {
                "the king or that rook has moved under its own power, or the rook has left the board"
            }
            CastlingRule::Strict => {
                "the king or that rook has moved, been pushed or been pulled (castling=strict)"
            }
        };
        return Err(Illegal::CastlingRightLost {
            side: name,
            why: why.to_string(),
        });
    }
    let king_home = CastlingSide::king_home(us);
    let rook_home = side.rook_home(us);
    for (what, home, at) in [
        ("king", king_home, castling.king(us)),
        ("rook", rook_home, castling.rook(us, side)),
    ] {
        if let Some(at) = at.filter(|&at| at != home) {
            return Err(Illegal::CastlingNotPossible {
                side: name,
                why: format!("the {what} keeps its right but stands on {at}, not on {home}"),
            });
        }
    }
    if let Some(sq) = side.between(us).find(|&sq| !pos.board().is_empty(sq)) {
        return Err(Illegal::CastlingNotPossible {
            side: name,
            why: format!("{sq} is occupied"),
        });
    }
    let m = Move::Castle {
        side,
        king: king_home,
        rook: rook_home,
        choice: None,
    };
    *after = pos.play_checked(&m)?;
    Ok(m)
}

/// The move an exact text names, with the position after it: judging the
/// move builds that position, so a caller that plays it need not again.
pub(crate) fn resolve_move(
    pos: &Position,
    mover: Part,
    target: Option<Part>,
    after: &mut Position,
) -> Result<Move, Illegal> {
    let us = pos.turn();
    let board = pos.board();
    let piece = board
        .piece_at(mover.from)
        .ok_or(Illegal::NoPiece(mover.from))?;
    if piece.color != us {
        return Err(Illegal::NotYourPiece {
            piece: piece.to_string(),
            square: mover.from,
        });
    }
    // Without a letter, the mover is the piece on its square, as engines
    // write moves (`g1f3`): the square says which piece it is.
    check_letter(mover, piece)?;
    if let Some(side) = castling_written_as_king_move(pos, piece, mover, target) {
        return resolve_castle(pos, side, after);
    }
    let target_piece = match target {
        Some(t) => {
            let tp = board.piece_at(t.from).ok_or(Illegal::NoTarget(t.from))?;
            check_letter(t, tp)?;
            if t.from == mover.from {
                return Err(Illegal::SelfTarget);
            }
            Some(tp)
        }
        None => None,
    };

    let mover_to = match mover.to {
        None => Some(mover.from),
        Some(d) => d.square(),
    };
    // Only the moves along the written squares' line or step (one_move.rs).
    let mut pseudo = Vec::with_capacity(32);
    pos.moves_with_squares(mover.from, mover_to, target.map(|t| t.from), &mut pseudo);
    // The moves with the squares written: several only when they differ
    // in the promotion piece.
    let mut same_squares = pseudo.iter().filter(|m| {
        if matches!(m, Move::Castle { .. }) || m.from() != mover.from || m.to() != mover_to {
            return false;
        }
        match (m.shove(), target) {
            (None, None) => true,
            (Some(s), Some(t)) => {
                s.target_from == t.from && Some(s.target_to) == t.to.map(Dest::square)
            }
            _ => false,
        }
    });
    let Some(&first) = same_squares.next() else {
        return Err(explain(pos, piece, mover, target, target_piece));
    };
    let written = mover.promotion.or(target.and_then(|t| t.promotion));
    let m = match (written, first.promotion()) {
        (None, None) => first,
        (Some(role), Some(_)) => *std::iter::once(&first)
            .chain(same_squares)
            .find(|m| m.promotion() == Some(role))
            .ok_or(Illegal::BadPromotion(role))?,
        (None, Some(_)) => {
            let sq = promotion_square(&first);
            return Err(Illegal::PromotionMissing(sq));
        }
        (Some(_), None) => {
            return Err(match pos.awaits_choice(&first) {
                Some(sq) => Illegal::OwnerChooses(sq),
                None => Illegal::PromotionNotAllowed,
            });
        }
    };
    *after = pos.play_checked(&m)?;
    Ok(m)
}

/// A descriptive move names a pattern: it must fit exactly one legal move.
pub(crate) fn resolve_descriptive(pos: &Position, d: &Descriptive) -> Result<Move, Illegal> {
    let fitting: Vec<Move> = pos
        .legal_moves()
        .into_iter()
        .filter(|m| d.fits(m, pos))
        .collect();
    choose(fitting, d.promotion(), || {
        Illegal::NoFit("no legal move fits this description".to_string())
    })
}

/// The one move of those that fit a pattern, given the promotion piece
/// written, if any; `none` says why when no move fits.
pub(crate) fn choose(
    fitting: Vec<Move>,
    written: Option<Role>,
    none: impl FnOnce() -> Illegal,
) -> Result<Move, Illegal> {
    let Some(first) = fitting.first() else {
        return Err(none());
    };
    let chosen: Vec<Move> = match (written, first.promotion()) {
        (None, None) => fitting,
        (Some(role), Some(_)) => fitting
            .into_iter()
            .filter(|m| m.promotion() == Some(role))
            .collect(),
        (None, Some(_)) => return Err(Illegal::PromotionMissing(promotion_square(first))),
        (Some(_), None) => return Err(Illegal::PromotionNotAllowed),
    };
    match chosen.as_slice() {
        [m] => Ok(*m),
        [] => Err(none()),
        several => {
            let mut names: Vec<String> = several.iter().map(format).collect();
            names.sort();
            names.dedup();
            Err(Illegal::Ambiguous(names.join(", ")))
        }
    }
}

fn check_letter(part: Part, piece: Piece) -> Result<(), Illegal> {
    match part.role {
        Some(named) if named != piece.role => Err(Illegal::WrongPiece {
            square: part.from,
            named,
            found: piece.role,
        }),
        _ => Ok(()),
    }
}

/// `Ke1g1` and numeric `5171` name castling: a king never steps two
/// squares otherwise.
fn castling_written_as_king_move(
    pos: &Position,
    piece: Piece,
    mover: Part,
    target: Option<Part>,
) -> Option<CastlingSide> {
    if piece.role != Role::King || target.is_some() {
        return None;
    }
    let us = pos.turn();
    let to = mover.to?.square()?;
    CastlingSide::ALL
        .into_iter()
        .find(|side| mover.from == CastlingSide::king_home(us) && to == side.king_target(us))
}

fn promotion_square(m: &Move) -> Square {
    match m {
        Move::Plain { to: Some(to), .. } => *to,
        Move::Push(s) | Move::Pull(s) => {
            if s.mover_promotes() {
                s.to.unwrap_or(s.from)
            } else {
                s.target_to.unwrap_or(s.target_from)
            }
        }
        _ => m.from(),
    }
}

/// Why no move with these squares exists: the most specific rule we can
/// name, and otherwise what the pieces could do instead.
fn explain(
    pos: &Position,
    piece: Piece,
    mover: Part,
    target: Option<Part>,
    target_piece: Option<Piece>,
) -> Illegal {
    let role = piece.role;
    let from = mover.from;
    let board = pos.board();
    if mover.to == Some(Dest::Off) {
        match role {
            Role::King => return Illegal::KingLeavesBoard,
            Role::Pawn => return Illegal::PawnLeavesBoard,
            _ => {}
        }
    }
    let (Some(t), Some(tp)) = (target, target_piece) else {
        return explain_plain(pos, piece, from, mover.to);
    };
    let t_to = t.to.and_then(Dest::square);
    // A pull moves the target towards the mover's square or past it.
    let target_dir = t_to.and_then(|to| Step::line_between(t.from, to).map(|(d, _)| d));
    let towards_mover = Step::line_between(t.from, from).map(|(d, _)| d);
    let is_pull = target_dir.is_some() && target_dir == towards_mover;
    match role {
        Role::Pawn => {
            let forward = piece.color.forward();
            let df = t.from.file() as i8 - from.file() as i8;
            let dr = t.from.rank() as i8 - from.rank() as i8;
            if dr == 0 {
                let mut why = "a pawn pushes only forward".to_string();
                if pos.rules().en_passant_edge {
                    why.push_str("; a pawn beside it on the edge may be pushed off only on the turn right after its double step");
                }
                return Illegal::NotInReach {
                    role,
                    from,
                    target: t.from,
                    why,
                };
            }
            if is_pull || dr * forward < 0 {
                return Illegal::PawnPull;
            }
            let straight = df == 0;
            if straight && tp.color != piece.color {
                return Illegal::NotInReach {
                    role,
                    from,
                    target: t.from,
                    why: "a pawn pushes straight ahead only pieces of its own colour".into(),
                };
            }
            if !straight && tp.color == piece.color {
                return Illegal::NotInReach {
                    role,
                    from,
                    target: t.from,
                    why: "a pawn pushes diagonally only enemy pieces".into(),
                };
            }
            if !straight && (df.abs() != 1 || dr * forward != 1) {
                return Illegal::NotInReach {
                    role,
                    from,
                    target: t.from,
                    why: "a pawn pushes diagonally only a piece it could capture in orthodox chess"
                        .into(),
                };
            }
        }
        Role::King | Role::Knight => {
            let steps: &[Step] = if role == Role::King {
                &Step::KING
            } else {
                &Step::KNIGHT
            };
            if !steps.iter().any(|&v| from.offset(v) == Some(t.from)) {
                return Illegal::NotInReach {
                    role,
                    from,
                    target: t.from,
                    why: format!("a {role} pushes or pulls only a piece on a square it attacks"),
                };
            }
        }
        _ => {
            let on_line = Step::line_between(from, t.from).filter(|(dir, _)| {
                if dir.is_straight() {
                    role.slides_straight()
                } else {
                    role.slides_diagonally()
                }
            });
            let Some((dir, _)) = on_line else {
                let lines = match role {
                    Role::Bishop => "diagonals",
                    Role::Rook => "ranks and files",
                    _ => "ranks, files and diagonals",
                };
                return Illegal::NotInReach {
                    role,
                    from,
                    target: t.from,
                    why: format!("a {role} pushes and pulls only along its {lines}"),
                };
            };
            if let Some(sq) = from.between(t.from, dir).find(|&sq| !board.is_empty(sq)) {
                return Illegal::NotInReach {
                    role,
                    from,
                    target: t.from,
                    why: format!("{sq} stands between them"),
                };
            }
            if is_pull && mover.to.is_none() && !pos.rules().stationary_pull {
                return Illegal::StationaryPull;
            }
        }
    }
    explain_options(pos, piece, mover, t, tp)
}

/// A plain move that does not exist: say what stops it.
fn explain_plain(pos: &Position, piece: Piece, from: Square, to: Option<Dest>) -> Illegal {
    let board = pos.board();
    let role = piece.role;
    let Some(to) = to.and_then(Dest::square) else {
        let why = match role {
            Role::Knight => "no knight jump from there lands off the board",
            _ => "every line from there to the edge is blocked",
        };
        return Illegal::CannotLeave { role, from, why };
    };
    if to == from {
        return Illegal::NotAMove {
            role,
            from,
            to: to.to_string(),
        };
    }
    if !board.is_empty(to) {
        return Illegal::Occupied(to);
    }
    let not_a_move = Illegal::NotAMove {
        role,
        from,
        to: to.to_string(),
    };
    match role {
        Role::Knight | Role::King => not_a_move,
        Role::Pawn => {
            let forward = piece.color.forward();
            let dr = (to.rank() as i8 - from.rank() as i8) * forward;
            let reach = if from.rank() == piece.color.pawn_rank() {
                2
            } else {
                1
            };
            if to.file() != from.file() || dr < 1 || dr > reach {
                return not_a_move;
            }
            let step = Step::new(0, forward);
            blocked(pos, piece, from, to, step).unwrap_or(not_a_move)
        }
        _ => {
            let Some((dir, _)) = Step::line_between(from, to).filter(|(dir, _)| {
                if dir.is_straight() {
                    role.slides_straight()
                } else {
                    role.slides_diagonally()
                }
            }) else {
                return not_a_move;
            };
            blocked(pos, piece, from, to, dir).unwrap_or(not_a_move)
        }
    }
}

/// The nearest piece between `from` and `to` along `dir`, as the reason
/// a plain move cannot be made, if one stands there.
fn blocked(pos: &Position, piece: Piece, from: Square, to: Square, dir: Step) -> Option<Illegal> {
    let board = pos.board();
    let square = from.between(to, dir).find(|&sq| !board.is_empty(sq))?;
    let obstacle = board.piece_at(square)?;
    Some(Illegal::Blocked {
        role: piece.role,
        from,
        to,
        piece: obstacle.to_string(),
        square,
    })
}

fn dest_name(sq: Option<Square>) -> String {
    sq.map_or("off the board".to_string(), |s| s.to_string())
}

/// The mover can reach the target, but not in the way written: list what
/// it can do with that target instead.
fn explain_options(pos: &Position, piece: Piece, mover: Part, t: Part, tp: Piece) -> Illegal {
    let mut pseudo = Vec::with_capacity(64);
    pos.pseudo_legal_moves_from(mover.from, &mut pseudo);
    let with_target: Vec<_> = pseudo
        .iter()
        .filter_map(|m| m.shove())
        .filter(|s| s.from == mover.from && s.target_from == t.from)
        .collect();
    let role = piece.role;
    let subject = format!("the {} on {}", role, mover.from);
    let object = format!("the {} on {}", tp.role, t.from);
    if with_target.is_empty() {
        return Illegal::NoSuchShove(format!(
            "{subject} can neither push nor pull {object} here: there is no empty square for it to go to"
        ));
    }
    let mut target_dests: Vec<Option<Square>> = Vec::new();
    for s in &with_target {
        if !target_dests.contains(&s.target_to) {
            target_dests.push(s.target_to);
        }
    }
    let written_t_to = t.to.and_then(Dest::square);
    if !target_dests.contains(&written_t_to) {
        let list: Vec<String> = target_dests.iter().map(|&d| dest_name(d)).collect();
        return Illegal::NoSuchShove(format!(
            "{subject} cannot take {object} to {}: it can go to {}",
            dest_name(written_t_to),
            list.join(", ")
        ));
    }
    let mut mover_dests: Vec<String> = Vec::new();
    for s in with_target.iter().filter(|s| s.target_to == written_t_to) {
        let name = if s.is_stationary() {
            format!("stay on {}", s.from)
        } else {
            dest_name(s.to)
        };
        if !mover_dests.contains(&name) {
            mover_dests.push(name);
        }
    }
    Illegal::NoSuchShove(format!(
        "when {object} goes to {}, {subject} can end only on: {} (a pusher stays behind the piece it pushes, a puller ahead of the piece it pulls)",
        dest_name(written_t_to),
        mover_dests.join(", ")
    ))
}
