//! Pawn moves (docs/RULES.md §4): plain steps with their promotions,
//! pushes of own pieces straight ahead and of enemy pieces along the
//! diagonals, and the edge en passant of §9.

use crate::movegen::{Pair, promotes};
use crate::moves::Move;
use crate::position::Position;
use crate::role::{Piece, Role};
use crate::square::{Square, Step};

impl Position {
    /// docs/RULES.md §4: plain steps, straight pushes of own pieces within the
    /// pawn's reach, diagonal pushes of enemy pieces.
    pub(crate) fn pawn_moves(&self, from: Square, pawn: Piece, out: &mut Vec<Move>) {
        let forward = Step::new(0, pawn.color.forward());
        let reach: u8 = if from.rank() == pawn.color.pawn_rank() {
            2
        } else {
            1
        };
        // The squares ahead to the last rank, without allocating: this runs
        // for every pawn of every position perft visits.
        let mut squares = [from; 7];
        let mut len = 0;
        for sq in from.ray(forward) {
            squares[len] = sq;
            len += 1;
        }
        let ahead = &squares[..len];

        // Plain steps, and the first own piece within reach.
        let mut own_target = None;
        for (i, &sq) in ahead.iter().take(reach as usize).enumerate() {
            match self.board.piece_at(sq) {
                None => emit_plain(out, pawn, from, sq),
                Some(p) => {
                    if p.color == pawn.color {
                        own_target = Some((i as u8 + 1, sq, p));
                    }
                    break;
                }
            }
        }

        // The own piece goes to a square at most reach + 1 in front of the
        // pawn, over empty squares, or off the board past the last rank;
        // the pawn stays or advances within its reach, behind it.
        if let Some((at, target_from, target)) = own_target {
            for k in at + 1..=reach + 1 {
                let landing = ahead.get(k as usize - 1).copied();
                if landing.is_some_and(|sq| !self.board.is_empty(sq)) {
                    break;
                }
                let furthest = reach.min(k - 1) as usize;
                for q in 0..=furthest {
                    let to = if q == 0 {
                        Some(from)
                    } else {
                        ahead.get(q - 1).copied()
                    };
                    if to.is_none() {
                        break;
                    }
                    Pair::new(self.rules.promotion, out, pawn, from, target, target_from)
                        .push(to, landing);
                }
                if landing.is_none() {
                    break;
                }
            }
        }

        // Enemy pieces on the squares an orthodox pawn attacks go one more
        // square along the diagonal; the pawn stays or takes their place.
        for side in [-1, 1] {
            let diagonal = Step::new(side, pawn.color.forward());
            let Some(target_from) = from.offset(diagonal) else {
                continue;
            };
            let Some(target) = self.board.piece_at(target_from) else {
                continue;
            };
            if target.color == pawn.color {
                continue;
            }
            let landing = match target_from.offset(diagonal) {
                None => None,
                Some(sq) if self.board.is_empty(sq) => Some(sq),
                Some(_) => continue,
            };
            for to in [from, target_from] {
                Pair::new(self.rules.promotion, out, pawn, from, target, target_from)
                    .push(Some(to), landing);
            }
        }
    }

    /// docs/RULES.md §9 `en_passant_edge`: the a- or h-file pawn that has just
    /// stepped two squares may be pushed off by an enemy pawn beside it,
    /// which stays or moves to the square passed over.
    pub(crate) fn en_passant_edge_pushes(&self, out: &mut Vec<Move>) {
        let Some(passed) = self.ep_square else {
            return;
        };
        let them = !self.turn;
        let Some(victim_sq) = passed.offset(Step::new(0, them.forward())) else {
            return;
        };
        let Some(victim) = self.board.piece_at(victim_sq) else {
            return;
        };
        if victim != Piece::new(them, Role::Pawn) {
            return;
        }
        let pawn = Piece::new(self.turn, Role::Pawn);
        for side in [-1, 1] {
            let Some(from) = victim_sq.offset(Step::new(side, 0)) else {
                continue;
            };
            if self.board.piece_at(from) != Some(pawn) {
                continue;
            }
            let mut tos = vec![from];
            if self.board.is_empty(passed) {
                tos.push(passed);
            }
            for to in tos {
                Pair::new(self.rules.promotion, out, pawn, from, victim, victim_sq)
                    .push(Some(to), None);
            }
        }
    }
}

/// A plain pawn step, one move per promotion choice on the last rank.
fn emit_plain(out: &mut Vec<Move>, pawn: Piece, from: Square, to: Square) {
    if promotes(pawn, Some(to)) {
        for role in Role::PROMOTIONS {
            out.push(Move::Plain {
                role: Role::Pawn,
                from,
                to: Some(to),
                promotion: Some(role),
                choice: None,
            });
        }
    } else {
        out.push(Move::Plain {
            role: Role::Pawn,
            from,
            to: Some(to),
            promotion: None,
            choice: None,
        });
    }
}
