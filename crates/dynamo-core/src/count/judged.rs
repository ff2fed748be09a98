//! The groups that shove our own king, judged move by move without being
//! listed: a slider's pushes or pulls along one line, a knight's jump onto
//! the king (count.rs).
//!
//! Such a move moves none of the enemy's pieces, so the check test on the
//! occupied squares after it, around the king's landing square and on each
//! square it passes under the king-transit rule (§6), decides it exactly
//! as the full test would (exposure/occupancy.rs). Walking the moves as
//! pairs of squares costs a few bitboard operations and the check tests;
//! listing each as a `Move` and judging it cost about as much again. They
//! are walked in the order `Position::slider_line_pushes`,
//! `Position::slider_line_pulls` and `Position::leaper_step_moves` list
//! them; our king pushed or pulled off the board is illegal (§6) and
//! counts nothing. `None` when a move might undo the last one: the group
//! is then listed and judged as before.

use super::Counter;
use crate::bitboard::{Bitboard, ray_squares};
use crate::square::{Square, Step};

impl Counter<'_> {
    /// One move of ours whose target is our king on `king`: the mover
    /// leaves `from` for `to` (`None`: off the board), the king lands on
    /// `landing` after passing the squares `passed`.
    #[inline]
    fn judge_king_shove(
        &self,
        (from, to): (Square, Option<Square>),
        king: Square,
        landing: Square,
        passed: &[Square],
    ) -> Option<bool> {
        let vacated = Bitboard::from_square(from) | Bitboard::from_square(king);
        let landed = Bitboard::from_option(to) | Bitboard::from_square(landing);
        let passed = if self.pos.rules.king_transit_check {
            passed
        } else {
            &[]
        };
        self.exposure.judge_carried(
            self.pos.board.occupied(),
            vacated,
            landed,
            landing,
            passed.iter().copied(),
        )
    }

    /// The plain moves of the slider on `from` along `dir` onto the
    /// `empty_ahead` squares before our king, and its pushes of the king
    /// over the `landings` empty squares beyond it, the pusher staying or
    /// following: the moves `Position::slider_line_pushes` lists.
    pub(super) fn king_pushes(
        &self,
        from: Square,
        dir: usize,
        empty_ahead: usize,
        landings: usize,
    ) -> Option<usize> {
        let pos = self.pos;
        let ahead = ray_squares(from, dir);
        let occupied = pos.board.occupied();
        let origin = Bitboard::from_square(from);
        let king = ahead[empty_ahead];
        let mut count = 0;
        for &to in &ahead[..empty_ahead] {
            let to = Bitboard::from_square(to);
            count += usize::from(self.exposure.judge_ours(occupied, origin, to, king)?);
        }
        let beyond = ray_squares(king, dir);
        for n in 1..=landings {
            let passed = &beyond[..n - 1];
            for to in std::iter::once(from).chain(ahead[..empty_ahead + n].iter().copied()) {
                let legal = self.judge_king_shove((from, Some(to)), king, beyond[n - 1], passed)?;
                count += usize::from(legal);
            }
        }
        Some(count)
    }

    /// The pulls of our king on `king`, `distance` squares behind the
    /// slider on `from`, by the slider moving along `dir` over
    /// `empty_ahead` empty squares (`open`: to the edge, so that it may
    /// leave the board), or staying under `stationary_pull`: the moves
    /// `Position::slider_line_pulls` lists.
    pub(super) fn king_pulls(
        &self,
        from: Square,
        dir: usize,
        (king, distance): (Square, usize),
        (empty_ahead, open): (usize, bool),
    ) -> Option<usize> {
        let pos = self.pos;
        let ahead = ray_squares(from, dir);
        // The king's way: the squares up to the slider, then beyond.
        let way = ray_squares(king, dir);
        let first = usize::from(!pos.rules.stationary_pull);
        let mut count = 0;
        for m in first..=empty_ahead {
            let to = if m == 0 { from } else { ahead[m - 1] };
            for k in 0..distance + m - 1 {
                let legal = self.judge_king_shove((from, Some(to)), king, way[k], &way[..k])?;
                count += usize::from(legal);
            }
        }
        if open {
            for k in 0..distance + empty_ahead {
                let legal = self.judge_king_shove((from, None), king, way[k], &way[..k])?;
                count += usize::from(legal);
            }
            // Both off the board: our king off, illegal (§6).
        }
        Some(count)
    }

    /// The knight on `from` jumping by `v` onto our king: pushing it one
    /// jump on, the knight staying or taking its square, and pulling it
    /// onto the knight's square by jumping back (or off the board): the
    /// moves `Position::leaper_step_moves` lists. A jump passes no square.
    pub(super) fn king_jump(&self, from: Square, v: Step, king: Square) -> Option<usize> {
        let board = &self.pos.board;
        let mut count = 0;
        if let Some(landing) = king.offset(v)
            && board.is_empty(landing)
        {
            for to in [from, king] {
                let legal = self.judge_king_shove((from, Some(to)), king, landing, &[])?;
                count += usize::from(legal);
            }
        }
        let back = match from.offset(v.reverse()) {
            Some(back) if board.is_empty(back) => Some(Some(back)),
            Some(_) => None,
            None => Some(None),
        };
        if let Some(to) = back {
            count += usize::from(self.judge_king_shove((from, to), king, from, &[])?);
        }
        Some(count)
    }
}
