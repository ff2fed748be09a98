//! Deciding most candidate moves' legality without playing them: the
//! Dynamo counterpart of pin and check masks.
//!
//! A pseudo-legal move is legal when, on the board after it, the mover's
//! king cannot be pushed or pulled off (§6), no king was carried across a
//! square where it would be in check (§6, `king_transit_check`), castling
//! did not start in or pass through check (§8), and the board is not the
//! one before the opponent's last move (§7). The full test plays the move
//! on a copy of the board and asks all four. Most moves need none of it.
//!
//! # Which moves can change the king's exposure
//!
//! Let *K* be the square of the mover's king and *B*, *B'* the boards
//! before and after a move that neither moves the king nor pushes or pulls
//! any king, and is not castling. Then the king stays on *K*, the
//! king-transit rule has nothing to judge (it concerns only a pushed or
//! pulled king), castling's own tests do not apply, and the only question
//! is whether `can_push_or_pull_off(B', K, them)` (check.rs) differs from
//! its value on *B*. That test reads:
//!
//! 1. **Lines.** For each of the eight directions *d* from *K*: whether
//!    the first piece *P* seen along *d* is an enemy slider moving along
//!    that line, and if so whether the ray from *K* along −*d* is empty to
//!    the edge (*P* pushes the king off) or the ray beyond *P* along *d*
//!    is (*P* leaves the board pulling the king after it). Only squares of
//!    the four lines through *K* are read.
//! 2. **Leapers.** Whether an enemy knight, king or pawn stands on one of
//!    the few squares from which its one push would drive a piece on *K*
//!    over the edge. Knights and kings never take by pulling (§3) and
//!    pawns never pull (§4), so nothing else about them matters.
//!
//! A move changes the board only on the squares it touches: the mover's
//! from- and to-squares and the target's from- and to-squares (a promotion
//! changes a piece on one of these). So:
//!
//! - **Lines.** A direction *threatens* only if its first piece is an
//!   enemy slider along that line. Call a direction *quiet* when it does
//!   not (its first piece is anything else, or it has none); its *near
//!   segment* is the squares from *K* up to and including its first piece
//!   *P* (the whole ray when there is none).
//!   - A move that touches no square of a quiet direction's near segment
//!     leaves the same piece first there, so the direction stays quiet.
//!   - A move may also take *P* itself away (as mover or target) and touch
//!     nothing else up to and including the second piece *Q* (the whole
//!     ray when there is none), provided *Q* does not threaten, and no
//!     enemy target lands on *P*'s square. Afterwards *P*'s square is
//!     empty or holds one of our pieces (a mover that stayed or followed,
//!     or our target pulled onto a king's or knight's square, §3): the
//!     first piece is then ours, or *Q*, or none, and the direction stays
//!     quiet. (A touched occupied square is always the from-square of the
//!     mover or of the target, so touching *P* means moving it.)
//!   - A threatening direction's verdict reads the whole line through
//!     *K* (the ray behind the king, the squares beyond the slider), so a
//!     move touching any square of that line is tested in full.
//!
//!   A quiet direction never threatens, whatever the rest of the line
//!   holds; so if every quiet direction stays quiet and no line with a
//!   threatening direction is touched, the line part of the test is
//!   unchanged.
//! - **Leapers.** Only enemy pieces count, and the only enemy piece a
//!   move displaces or promotes is its target. A move whose target is
//!   ours, or whose enemy target starts and ends away from the leaper
//!   squares, leaves part 2 as it was.
//!
//! Neither argument looks at the rule options: the check test is the same
//! under every rule set (§6), `stationary_pull` and `en_passant_edge`
//! only add or remove pseudo-legal moves, each of which is judged by the
//! squares it touches, and `castling` changes no board.
//!
//! Such a move therefore leaves the king exactly as exposed as before:
//! legal as far as check goes when the king is not in check now, illegal
//! when it is (a way out of check changes a square the test reads, or
//! moves the king).
//!
//! # The no-undo rule without the board after the move
//!
//! The board after a move equals the board before the opponent's last
//! move only if it differs from the current board on every square where
//! those two boards differ, and a move changes only the squares it
//! touches. So a move that leaves one of those squares alone cannot undo
//! the last move; only the others (rare: they retrace the last move's
//! squares) are compared in full.

use crate::bitboard::{Bitboard, ray};
use crate::check::{can_push_or_pull_off, slides_along};
use crate::color::Color;
use crate::moves::Move;
use crate::position::Position;
use crate::role::Role;
use crate::square::Square;

/// One direction from the king that does not threaten it, and what a move
/// may touch on it without making it threaten.
#[derive(Debug, Clone, Copy)]
struct Quiet {
    /// The squares up to and including the first piece, or the whole ray.
    near: Bitboard,
    /// The first piece's square, when a move may take that piece away:
    /// the second piece does not threaten; else empty.
    first: Bitboard,
    /// The squares up to and including the second piece (the whole ray
    /// when there is none), when `first` is set.
    far: Bitboard,
}

impl Quiet {
    const NONE: Quiet = Quiet {
        near: Bitboard::EMPTY,
        first: Bitboard::EMPTY,
        far: Bitboard::EMPTY,
    };
}

/// What a position's mover needs to know to judge its moves quickly: see
/// the module's documentation for why each part is enough.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Exposure {
    us: Color,
    in_check: bool,
    /// The squares a move must touch for the lines through the king to
    /// need a closer look: every near segment, the lines of threatening
    /// directions and the king's own square.
    lines: Bitboard,
    /// The lines of threatening directions and the king's square: a move
    /// touching them is tested in full.
    hard: Bitboard,
    /// Each direction from the king, in [`crate::square::Step::KING`] order.
    rays: [Quiet; 8],
    /// The squares from which an enemy knight, king or pawn would push the
    /// king off the board.
    leapers: Bitboard,
    /// Where the board differs from the board before the opponent's last
    /// move; `None` when that board is unknown (nothing to compare).
    undo: Option<Bitboard>,
}

impl Exposure {
    /// The exposure of the side to move's king in `pos`.
    pub(crate) fn of(pos: &Position) -> Exposure {
        let us = pos.turn;
        let them = !us;
        let king = pos.kings[us];
        let board = &pos.board;
        let occupied = board.occupied();
        let threatens = |sq: Square, dir: usize| {
            board
                .piece_at(sq)
                .is_some_and(|p| p.color == them && slides_along(p.role, dir))
        };
        let mut hard = Bitboard::from_square(king);
        let mut lines = hard;
        let mut rays = [Quiet::NONE; 8];
        for (dir, quiet) in rays.iter_mut().enumerate() {
            let full = ray(king, dir);
            let Some(first) = (full & occupied).nearest(dir) else {
                *quiet = Quiet {
                    near: full,
                    ..Quiet::NONE
                };
                lines |= full;
                continue;
            };
            if threatens(first, dir) {
                hard |= full | ray(king, (dir + 4) % 8);
                continue;
            }
            let beyond = ray(first, dir);
            let near = full & !beyond;
            lines |= near;
            *quiet = match (beyond & occupied).nearest(dir) {
                Some(second) if threatens(second, dir) => Quiet {
                    near,
                    ..Quiet::NONE
                },
                second => Quiet {
                    near,
                    first: Bitboard::from_square(first),
                    far: full & !second.map_or(Bitboard::EMPTY, |q| ray(q, dir)),
                },
            };
        }
        Exposure {
            us,
            in_check: can_push_or_pull_off(board, king, them),
            lines: lines | hard,
            hard,
            rays,
            leapers: crate::check::leaper_pushers(king, them),
            undo: pos.previous.as_ref().map(|prev| board.differences(prev)),
        }
    }

    /// The legality of pseudo-legal move `m` in `pos` when it follows from
    /// the exposure alone; `None` when the move must be played and tested.
    #[inline]
    pub(crate) fn judge(&self, pos: &Position, m: &Move) -> Option<bool> {
        // The squares the move changes, and where an enemy target lands.
        let (touched, enemy_lands) = match *m {
            Move::Castle { .. } => return None,
            Move::Plain { role, from, to, .. } => {
                if role == Role::King {
                    return None;
                }
                (
                    Bitboard::from_square(from) | Bitboard::from_option(to),
                    Bitboard::EMPTY,
                )
            }
            Move::Push(s) | Move::Pull(s) => {
                if s.role == Role::King || s.target == Role::King {
                    return None;
                }
                let target =
                    Bitboard::from_square(s.target_from) | Bitboard::from_option(s.target_to);
                let mover = Bitboard::from_square(s.from) | Bitboard::from_option(s.to);
                if target.intersects(self.leapers | self.lines) && !self.is_ours(pos, s.target_from)
                {
                    if target.intersects(self.leapers) {
                        return None;
                    }
                    (mover | target, Bitboard::from_option(s.target_to))
                } else {
                    (mover | target, Bitboard::EMPTY)
                }
            }
        };
        if touched.intersects(self.lines) && !self.stays_quiet(touched, enemy_lands) {
            return None;
        }
        if self.in_check {
            return Some(false);
        }
        match self.undo {
            Some(differences) if differences.is_subset(touched) => None,
            _ => Some(true),
        }
    }

    /// Whether a move touching `touched` (an enemy target landing on
    /// `enemy_lands`) leaves no threatening line changed and every quiet
    /// direction quiet, by the module's argument.
    fn stays_quiet(&self, touched: Bitboard, enemy_lands: Bitboard) -> bool {
        if touched.intersects(self.hard) {
            return false;
        }
        self.rays.iter().all(|quiet| {
            !touched.intersects(quiet.near)
                || (!quiet.first.is_empty()
                    && touched & quiet.far == quiet.first
                    && !enemy_lands.intersects(quiet.first))
        })
    }

    fn is_ours(&self, pos: &Position, sq: Square) -> bool {
        pos.board.piece_at(sq).is_some_and(|p| p.color == self.us)
    }
}

#[cfg(test)]
mod tests;
