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
//! before and after a move that neither moves the king (a king that
//! pushes without moving stays, like any stationary mover) nor pushes or
//! pulls any king, and is not castling. Then the king stays on *K*, the
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
//!   enemy slider along that line; call it *quiet* otherwise. A quiet
//!   direction never threatens, whatever the rest of the line holds, so
//!   what matters is whether a quiet direction can become threatening.
//!   Give each quiet direction a *guard* and a *zone*:
//!   - if its first piece *P* is followed by a second piece *Q* that does
//!     not threaten (is not an enemy slider along the line), the guard is
//!     *Q* and the zone the squares from *K* up to and including *Q*;
//!   - if *Q* threatens, the guard is *P* and the zone the squares up to
//!     and including *P*;
//!   - if there is no second piece, or no piece at all, there is no guard
//!     and the zone is the whole ray.
//!
//!   A quiet direction stays quiet after a move that either
//!   1. touches no square up to and including *P* (the whole ray when
//!      there is none): *P* is still first, or there is still no piece; or
//!   2. lands no enemy piece in the zone, and either leaves the guard
//!      alone or lands one of our pieces in the zone (the mover, staying
//!      or moving, or a target of ours). The only pieces in the zone
//!      before the move are *P* and the guard, neither a threat. After
//!      it, each square of the zone holds what it held, or, if the move
//!      touched it, nothing or a piece the move landed there, which is
//!      ours (the only enemy piece a move places is its target, and a
//!      promoted pawn keeps its colour). So the first piece within the
//!      zone, if any, is ours, *P* or the guard; and there is one when
//!      the guard stays or one of ours landed, unless the zone is the
//!      whole ray. Either way the direction does not threaten; or
//!   3. lands no enemy piece on the ray, when no enemy piece on the ray
//!      slides along it (the ray is *clear*): after the move the ray
//!      holds pieces it held, none of them a threat, and pieces the move
//!      landed there, which are ours, so whatever comes first does not
//!      threaten. The quick decision of a single move uses 1 and 2;
//!      counting a group of moves (count.rs) uses all three.
//!
//!   A threatening direction's verdict reads the whole line through *K*
//!   (the ray behind the king, the squares beyond the slider), so a move
//!   touching any square of that line is tested in full. If no such line
//!   is touched and every quiet direction stays quiet, the line part of
//!   the test is unchanged.
//! - **Leapers.** Only enemy pieces count, and the only enemy piece a
//!   move displaces or promotes is its target. A move whose target is
//!   ours, or whose enemy target starts and ends away from the leaper
//!   squares, leaves part 2 as it was. When the king is not in check,
//!   no enemy leaper stands where it pushes the king off, so only a
//!   target landing where a piece of its own kind would (a pawn on its
//!   last rank perhaps as a knight) can change part 2; counting a group
//!   uses this finer test.
//! - **Only sliders threaten along lines.** An enemy target that lands
//!   as a knight, king or pawn (one not on its last rank, where it might
//!   become a queen) is no threat along any line and blocks a line as
//!   one of our pieces would; counting a group treats only targets that
//!   may land sliding along a direction as enemy pieces landing in its
//!   zone.
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
//! # Moves that move none of the enemy's pieces
//!
//! A move the lines above cannot decide is still judged without the
//! board after it when its target, if any, is ours; that argument is
//! kept with its code, in exposure/occupancy.rs.
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
use crate::board::{Board, PieceSets};
use crate::check::Attackers;
use crate::color::Color;
use crate::moves::Move;
use crate::position::Position;
use crate::role::Role;
use crate::square::Square;

mod landing;
mod occupancy;

/// A quiet direction from the king (see the module's documentation).
/// A threatening direction is all empty: its line is in `Exposure::hard`.
#[derive(Debug, Clone, Copy)]
struct Quiet {
    /// The squares up to and including the first piece, or the whole ray.
    near: Bitboard,
    /// The guard's square, if there is a guard.
    guard: Bitboard,
    /// The squares up to and including the guard, or the whole ray.
    zone: Bitboard,
    /// The whole ray when no enemy piece on it slides along it, else no
    /// square (see [`Quiet::stays_clear`]).
    clear: Bitboard,
}

impl Quiet {
    const THREATENING: Quiet = Quiet {
        near: Bitboard::EMPTY,
        guard: Bitboard::EMPTY,
        zone: Bitboard::EMPTY,
        clear: Bitboard::EMPTY,
    };

    /// Whether the direction stays quiet after every move of a group
    /// whose enemy target, if any, lands only on `enemy_lands`, whatever
    /// else the moves touch: no enemy piece on the ray slides along it,
    /// and none can land there. After such a move the ray holds the
    /// pieces it held, which do not threaten, and pieces that landed
    /// there, which are ours (see the module's documentation), so its
    /// first piece, if any, does not threaten.
    #[inline]
    fn stays_clear(&self, enemy_lands: Bitboard) -> bool {
        !self.clear.is_empty() && !enemy_lands.intersects(self.clear)
    }

    /// Whether a move keeps the direction quiet.
    #[inline]
    fn stays_quiet(&self, squares: &Touched) -> bool {
        !squares.touched.intersects(self.near)
            || (!squares.enemy_lands.intersects(self.zone)
                && (!squares.touched.intersects(self.guard)
                    || squares.ours_land.intersects(self.zone)))
    }
}

/// The squares a move changes, and where it leaves pieces of each side.
struct Touched {
    touched: Bitboard,
    /// Where the mover ends, and a target of ours.
    ours_land: Bitboard,
    /// Where an enemy target ends, when that matters (in a zone).
    enemy_lands: Bitboard,
}

/// What a position's mover needs to know to judge its moves quickly: see
/// the module's documentation for why each part is enough.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Exposure {
    us: Color,
    king: Square,
    in_check: bool,
    /// The lines of threatening directions and the king's own square: a
    /// move touching them is tested in full.
    hard: Bitboard,
    /// Every square a move must touch to need more than one look: `hard`
    /// and the near part of every quiet direction.
    lines: Bitboard,
    /// The union of the quiet directions' zones, where the colour of a
    /// landing target matters.
    zones: Bitboard,
    /// The union of the quiet directions' guards: a move that touches
    /// none of them and lands no enemy piece in a zone keeps every quiet
    /// direction quiet without a look at each.
    guards: Bitboard,
    /// Each direction from the king, in the order of
    /// [`crate::square::Step::KING`].
    rays: [Quiet; 8],
    /// The squares from which an enemy knight, king or pawn would push the
    /// king off the board.
    leapers: Bitboard,
    /// Where the board differs from the board before the opponent's last
    /// move; `None` when that board is unknown (nothing to compare).
    undo: Option<Bitboard>,
    /// The enemy's pieces, for the check test on the occupied squares
    /// after a move that moves none of them.
    attackers: Attackers,
}

impl Exposure {
    /// The exposure of the side to move's king in `pos`.
    pub(crate) fn of(pos: &Position) -> Exposure {
        Exposure::among(pos, &pos.board.piece_sets())
    }

    /// The exposure of the side to move's king in `pos`, whose pieces
    /// are `sets`. Inlined, so that it is built where it is kept rather
    /// than copied there.
    #[inline(always)]
    pub(crate) fn among(pos: &Position, sets: &PieceSets) -> Exposure {
        let us = pos.turn;
        let them = !us;
        let king = pos.kings[us];
        let board = &pos.board;
        let occupied = board.occupied();
        let attackers = Attackers::among(sets, them);
        let threatens = |sq: Square, dir: usize| attackers.slides_along(sq, dir);
        let mut hard = Bitboard::from_square(king);
        let mut rays = [Quiet::THREATENING; 8];
        for (dir, quiet) in rays.iter_mut().enumerate() {
            let full = ray(king, dir);
            let clear = if attackers.slide_along(full, dir) {
                Bitboard::EMPTY
            } else {
                full
            };
            let Some(first) = (full & occupied).nearest(dir) else {
                *quiet = Quiet {
                    near: full,
                    guard: Bitboard::EMPTY,
                    zone: full,
                    clear,
                };
                continue;
            };
            if threatens(first, dir) {
                hard |= full | ray(king, (dir + 4) % 8);
                continue;
            }
            let beyond = ray(first, dir);
            let near = full & !beyond;
            *quiet = match (beyond & occupied).nearest(dir) {
                None => Quiet {
                    near,
                    guard: Bitboard::EMPTY,
                    zone: full,
                    clear,
                },
                Some(second) if threatens(second, dir) => Quiet {
                    near,
                    guard: Bitboard::from_square(first),
                    zone: near,
                    clear,
                },
                Some(second) => Quiet {
                    near,
                    guard: Bitboard::from_square(second),
                    zone: full & !ray(second, dir),
                    clear,
                },
            };
        }
        let lines = rays.iter().fold(hard, |lines, quiet| lines | quiet.near);
        let zones = rays
            .iter()
            .fold(Bitboard::EMPTY, |zones, quiet| zones | quiet.zone);
        let guards = rays
            .iter()
            .fold(Bitboard::EMPTY, |guards, quiet| guards | quiet.guard);
        Exposure {
            us,
            king,
            in_check: attackers.threaten(occupied, king),
            hard,
            lines,
            zones,
            guards,
            rays,
            leapers: crate::check::leaper_pushers(king, them),
            undo: pos.previous.as_ref().map(|prev| board.differences(prev)),
            attackers,
        }
    }

    /// The legality of pseudo-legal move `m` in `pos` when it can be
    /// decided without building the board after it; `None` when the move
    /// must be played and tested.
    #[inline(always)]
    pub(crate) fn judge(&self, pos: &Position, m: &Move) -> Option<bool> {
        match self.judge_by_lines(pos, m) {
            Some(legal) => Some(legal),
            None => self.judge_by_occupancy(pos, m),
        }
    }

    /// The one verdict on every pseudo-legal move of a group, when the
    /// exposure alone gives it. The moves must not move the king, push or
    /// pull a king, or castle; each touches only squares of `touch`, and
    /// an enemy target, if any, starts on `enemy_from` and lands on one of
    /// `enemy_lands` (or off the board). Each such move is one that
    /// [`Exposure::judge_by_lines`] decides the same way, or that leaves
    /// every direction as quiet as it was: it touches no threatening
    /// line; every quiet direction whose near part it touches gets no
    /// enemy piece in its zone, and keeps its guard or holds no enemy
    /// piece that slides along it ([`Quiet::stays_clear`]), where only
    /// a target that may land sliding along the direction counts as an
    /// enemy piece landing ([`Exposure::sliding_lands`]); it lands no enemy piece
    /// where one of its kind pushes the king off, nor, in check, moves
    /// one from or to a leaper's square; and it leaves alone one
    /// of the squares where the last move changed the board, so it cannot
    /// undo it. `board` holds the enemy targets. Counting uses this to
    /// count a group of moves without listing them (count.rs).
    #[inline(always)]
    pub(crate) fn verdict_within(
        &self,
        board: &Board,
        touch: Bitboard,
        enemy_from: Bitboard,
        enemy_lands: Bitboard,
    ) -> Option<bool> {
        if touch.intersects(self.hard) {
            return None;
        }
        if (enemy_from | enemy_lands).intersects(self.leapers)
            && self.leaps_to_push(board, enemy_from, enemy_lands)
        {
            return None;
        }
        // Where an enemy target may land sliding along the straight
        // lines, and along the diagonals: only such a piece makes a
        // direction threaten.
        let sliding = if enemy_lands.intersects(self.zones) {
            Exposure::sliding_lands(board, enemy_from, enemy_lands, !self.us)
        } else {
            [enemy_lands; 2]
        };
        // A direction becomes a threat only through its guard or an
        // enemy piece landing in its zone: with neither, none is looked at.
        if touch.intersects(self.lines)
            && (touch.intersects(self.guards) || enemy_lands.intersects(self.zones))
            && self.rays.iter().enumerate().any(|(dir, quiet)| {
                let lands = sliding[dir & 1];
                touch.intersects(quiet.near)
                    && (lands.intersects(quiet.zone)
                        || (touch.intersects(quiet.guard) && !quiet.stays_clear(lands)))
            })
        {
            return None;
        }
        if let Some(differences) = self.undo
            && differences.is_subset(touch)
        {
            return None;
        }
        Some(!self.in_check)
    }

    /// The legality of pseudo-legal move `m` in `pos` when it follows from
    /// the exposure alone (the module's argument).
    #[inline(always)]
    fn judge_by_lines(&self, pos: &Position, m: &Move) -> Option<bool> {
        let squares = match *m {
            Move::Castle { .. } => return None,
            Move::Plain { role, from, to, .. } => {
                if role == Role::King {
                    return None;
                }
                let to = Bitboard::from_option(to);
                Touched {
                    touched: Bitboard::from_square(from) | to,
                    ours_land: to,
                    enemy_lands: Bitboard::EMPTY,
                }
            }
            Move::Push(s) | Move::Pull(s) => {
                if s.target == Role::King {
                    return None;
                }
                // A king that pushes without moving stays on its square
                // like any other stationary mover; a king that moves is
                // tested in full.
                let mover = if s.role != Role::King {
                    Bitboard::from_square(s.from) | Bitboard::from_option(s.to)
                } else if s.is_stationary() {
                    Bitboard::EMPTY
                } else {
                    return None;
                };
                let from = Bitboard::from_square(s.target_from);
                let to = Bitboard::from_option(s.target_to);
                // The target's colour matters only on a leaper's square or
                // when it lands in a zone.
                let (ours_land, enemy_lands) =
                    if (from | to).intersects(self.leapers) || to.intersects(self.zones) {
                        if self.is_ours(pos, s.target_from) {
                            (to, Bitboard::EMPTY)
                        } else if (from | to).intersects(self.leapers) {
                            return None;
                        } else {
                            (Bitboard::EMPTY, to)
                        }
                    } else {
                        (Bitboard::EMPTY, Bitboard::EMPTY)
                    };
                Touched {
                    touched: mover | from | to,
                    ours_land: ours_land | Bitboard::from_option(s.to),
                    enemy_lands,
                }
            }
        };
        if squares.touched.intersects(self.lines)
            && (squares.touched.intersects(self.hard)
                || ((squares.touched.intersects(self.guards)
                    || squares.enemy_lands.intersects(self.zones))
                    && !self.rays.iter().all(|quiet| quiet.stays_quiet(&squares))))
        {
            return None;
        }
        if self.in_check {
            return Some(false);
        }
        match self.undo {
            Some(differences) if differences.is_subset(squares.touched) => None,
            _ => Some(true),
        }
    }

    fn is_ours(&self, pos: &Position, sq: Square) -> bool {
        pos.board.piece_at(sq).is_some_and(|p| p.color == self.us)
    }
}

impl Position {
    /// The exposure of the side to move's king, for judging its moves.
    pub(crate) fn exposure(&self) -> Exposure {
        Exposure::of(self)
    }

    /// Whether a pseudo-legal move is legal, without building the position
    /// after it (perft's last ply asks this for every move): from the
    /// king's exposure when that decides it (exposure.rs), else by playing
    /// it on a copy of the board.
    #[inline(always)]
    pub(crate) fn is_legal_pseudo(&self, exposure: &Exposure, m: &Move) -> bool {
        match exposure.judge(self, m) {
            Some(legal) => legal,
            None => self.board_after(m).is_ok(),
        }
    }
}

#[cfg(test)]
mod tests;
