//! Judging a move without the board after it when it moves none of the
//! enemy's pieces: the second look at a move the exposure's lines
//! (exposure.rs) cannot decide. It has a module of its own because its
//! argument is about occupancy, not lines, and needs nothing of theirs:
//!
//! A move the lines cannot decide (a king's move, a line touched
//! near the king) is still judged without building the board after it
//! when its target, if any, is ours: every enemy piece then stands where
//! it stood, and a square whose occupancy changes holds one of ours or
//! nothing before and after. The check test reads the pieces of the
//! enemy and which squares are occupied, so it runs on the current board
//! with the occupied squares after the move, around the king's square
//! after the move; and so is the king-transit rule when our own king is
//! carried, square by square with the king on each passed square. Our
//! own king pushed off is illegal outright (§6); castling is played and
//! tested in full.
//!
//! A push or pull of an enemy piece other than the king is judged the
//! same way with the enemy's pieces as the move leaves them: the check
//! test reads their squares by kind ([`crate::check::Attackers`]), and
//! only the target's changes (moved, gone, or promoted by the mover's
//! choice), so the test on those squares is the test on the board after
//! the move. A pawn left awaiting its owner's choice (§9.1) is tested in
//! full, once for each choice.

use super::Exposure;
use crate::bitboard::Bitboard;
use crate::moves::{Move, Shove};
use crate::position::Position;
use crate::role::Role;
use crate::square::{Square, Step};

impl Exposure {
    /// A move that moves none of the enemy's pieces, judged by the check
    /// test on the occupied squares after it: the enemy's pieces are all
    /// where they were, and every square whose occupancy changes holds
    /// one of ours or nothing, before and after, so the test reads the
    /// same pieces it would read on the board after the move (an enemy
    /// target: [`Exposure::judge_theirs`]). Castling, a king pushed or
    /// pulled by us that is not ours, and a move that might undo the
    /// last one are left to the full test.
    #[inline(never)]
    pub(super) fn judge_by_occupancy(&self, pos: &Position, m: &Move) -> Option<bool> {
        let us = self.us;
        let mut king = pos.kings[us];
        // Our king carried along a line, under the king-transit rule: the
        // squares it passes, each tested with the king standing there.
        let mut carried = None;
        let (vacated, landed) = match *m {
            Move::Castle { .. } => return None,
            Move::Plain { role, from, to, .. } => {
                if role == Role::King {
                    king = to?;
                }
                (Bitboard::from_square(from), Bitboard::from_option(to))
            }
            Move::Push(s) | Move::Pull(s) => {
                if pos.board.piece_at(s.target_from)?.color != us {
                    return self.judge_theirs(pos, &s);
                }
                if s.target == Role::King {
                    let Some(to) = s.target_to else {
                        // Our own king off the board (§6).
                        return Some(false);
                    };
                    if pos.rules.king_transit_check {
                        carried = Step::line_between(s.target_from, to)
                            .map(|(dir, _)| s.target_from.between(to, dir));
                    }
                    king = to;
                } else if s.role == Role::King {
                    king = s.to?;
                }
                (
                    Bitboard::from_square(s.from) | Bitboard::from_square(s.target_from),
                    Bitboard::from_option(s.to) | Bitboard::from_option(s.target_to),
                )
            }
        };
        self.judge_carried(
            pos.board.occupied(),
            vacated,
            landed,
            king,
            carried.into_iter().flatten(),
        )
    }

    /// As [`Exposure::judge_ours`], our king ending on `king` after being
    /// carried over the squares `passed` (none unless the king-transit
    /// rule applies): each passed square is judged on the board after
    /// the move, with the king there instead of on its landing square
    /// (and a pusher that followed onto it left out), §6.
    #[inline]
    pub(crate) fn judge_carried(
        &self,
        occupied: Bitboard,
        vacated: Bitboard,
        landed: Bitboard,
        king: Square,
        passed: impl IntoIterator<Item = Square>,
    ) -> Option<bool> {
        if !self.judge_ours(occupied, vacated, landed, king)? {
            return Some(false);
        }
        let without_king = ((occupied & !vacated) | landed) & !Bitboard::from_square(king);
        Some(passed.into_iter().all(|passed| {
            let occupied = without_king | Bitboard::from_square(passed);
            !self.attackers.threaten(occupied, passed)
        }))
    }

    /// A push or pull of an enemy piece other than the king, judged by
    /// the check test on the enemy's pieces as the move leaves them: the
    /// target moved (or gone), every other piece where it stood, so the
    /// test reads what it would read on the board after the move. The
    /// king-transit rule concerns kings only, and our king pushed off
    /// needs our king as the target. A pawn awaiting its owner's choice
    /// (§9.1) and a move that might undo the last one are left to the
    /// full test.
    fn judge_theirs(&self, pos: &Position, s: &Shove) -> Option<bool> {
        if s.target == Role::King {
            return None;
        }
        let them = !self.us;
        let now = match (s.target, s.target_to) {
            (Role::Pawn, Some(to)) if to.rank() == them.last_rank() => {
                if s.mover_promotes() {
                    return None;
                }
                s.promotion?
            }
            _ => s.target,
        };
        let king = if s.role == Role::King {
            s.to?
        } else {
            pos.kings[self.us]
        };
        let vacated = Bitboard::from_square(s.from) | Bitboard::from_square(s.target_from);
        let landed = Bitboard::from_option(s.to) | Bitboard::from_option(s.target_to);
        if let Some(differences) = self.undo
            && differences.is_subset(vacated | landed)
        {
            return None;
        }
        let occupied = (pos.board.occupied() & !vacated) | landed;
        let attackers = self.attackers.moved(s.target_from, s.target_to, now);
        Some(!attackers.threaten(occupied, king))
    }

    /// A move that moves none of the enemy's pieces and carries no king,
    /// judged by the check test on the occupied squares after it (see
    /// [`Exposure::judge_by_occupancy`]): it empties `vacated` and fills
    /// `landed` of `occupied`, our king ending on `king`. `None` when it
    /// changes every square where the last move changed the board, so
    /// that it might undo it (compared in full).
    #[inline]
    pub(crate) fn judge_ours(
        &self,
        occupied: Bitboard,
        vacated: Bitboard,
        landed: Bitboard,
        king: Square,
    ) -> Option<bool> {
        if let Some(differences) = self.undo
            && differences.is_subset(vacated | landed)
        {
            return None;
        }
        Some(
            !self
                .attackers
                .threaten((occupied & !vacated) | landed, king),
        )
    }
}
