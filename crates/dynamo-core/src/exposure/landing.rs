//! Where an enemy target lands, read more finely than as "an enemy
//! piece": counting a group of moves (count.rs) asks whether the target
//! could land as a piece that threatens the king, by kind, and needs the
//! board to know the kind (exposure.rs, "Leapers" and "Only sliders
//! threaten along lines").

use super::Exposure;
use crate::bitboard::Bitboard;
use crate::board::Board;
use crate::check::pushers_as;
use crate::color::Color;
use crate::role::Role;

impl Exposure {
    /// Whether an enemy target that starts on `enemy_from` (one of the
    /// pieces there) and lands on one of `enemy_lands` may change the
    /// leaper part of the check test. Not in check, no enemy leaper
    /// stands where it could push our king off, so moving one away
    /// changes nothing; only a target landing where its own kind would
    /// push the king off does. A pawn may land on its last rank
    /// as a knight (§4).
    #[cold]
    pub(super) fn leaps_to_push(
        &self,
        board: &Board,
        enemy_from: Bitboard,
        enemy_lands: Bitboard,
    ) -> bool {
        if self.in_check {
            return true;
        }
        let them = !self.us;
        let king = self.king;
        enemy_from.into_iter().any(|sq| {
            let Some(target) = board.piece_at(sq) else {
                return true;
            };
            let pushers = match target.role {
                Role::Pawn => {
                    pushers_as(Role::Pawn, king, them)
                        | (pushers_as(Role::Knight, king, them) & Bitboard::rank(them.last_rank()))
                }
                role => pushers_as(role, king, them),
            };
            enemy_lands.intersects(pushers)
        })
    }

    /// Of `lands`, where the enemy targets starting on `from` may land as
    /// pieces of `them` that slide along the straight lines (index 0) and
    /// along the diagonals (index 1), as [`crate::check::Attackers`] orders them: rooks and
    /// queens, bishops and queens, and a pawn on its last rank, which may
    /// land as a queen (§4). Knights, kings and other pawns never make a line
    /// threaten (check.rs).
    #[cold]
    pub(super) fn sliding_lands(
        board: &Board,
        from: Bitboard,
        lands: Bitboard,
        them: Color,
    ) -> [Bitboard; 2] {
        let mut sliding = [Bitboard::EMPTY; 2];
        for sq in from {
            let Some(target) = board.piece_at(sq) else {
                return [lands; 2];
            };
            match target.role {
                Role::Rook => sliding[0] |= lands,
                Role::Bishop => sliding[1] |= lands,
                Role::Queen => {
                    sliding[0] |= lands;
                    sliding[1] |= lands;
                }
                Role::Pawn => {
                    let promoted = lands & Bitboard::rank(them.last_rank());
                    sliding[0] |= promoted;
                    sliding[1] |= promoted;
                }
                Role::Knight | Role::King => {}
            }
        }
        sliding
    }
}
