//! Counting a slider's moves along one line (docs/RULES.md §2, §5), the
//! bulk of perft's last ply: a queen in the open has eight lines of plain
//! moves, pushes and pulls. The line has a module of its own because it
//! is counted unlike the other pieces: by arithmetic over distances
//! (how far the first piece ahead can be pushed, how far the mover goes
//! before its pull), not by walking a few squares, and each sum must
//! equal what `Position::slider_line_moves` lists square by square. It is
//! also the one group that splits when it shoves a king, or when the
//! exposure cannot judge the whole line alike: its pushes and its pulls
//! become two groups, the one that shoves a king judged move by move (§6):
//! our own king's without listing (count/judged.rs), the enemy's listed.

use super::{Counter, NO_ENEMY, target_choices};
use crate::bitboard::{Bitboard, ray, ray_len, ray_squares, reverse};
use crate::moves::Move;
use crate::position::Position;
use crate::role::{Piece, Role};
use crate::square::Square;

/// A slider's plain moves along its line and its pushes of the first
/// piece ahead, `pushed`: that piece, its distance `j`, how many empty
/// squares it can land on beyond, the squares beyond it, and whether they
/// reach the edge (see [`Counter::slider_line`]).
#[inline(always)]
fn push_count(
    pos: &Position,
    from: Square,
    dir: usize,
    empty_ahead: usize,
    pushed: Option<(Piece, usize, usize, Bitboard, bool)>,
) -> usize {
    let mut count = empty_ahead;
    if let Some((target, j, landings, beyond, to_edge)) = pushed {
        // Landing n squares beyond, the mover stays or stops on one
        // of the j + n − 1 squares before the landing: j + n moves.
        count += landings * j + landings * (landings + 1) / 2;
        if to_edge {
            // Only the square at the edge can be the target's
            // last rank (a pawn never stands on its own).
            let last = beyond.furthest(dir);
            if landings > 0 {
                count += (target_choices(pos, target, last) - 1) * (j + landings);
            }
            // Off the board: the mover stays, stops on any square
            // of the line, or leaves too.
            count += ray_len(from, dir) + 2;
        }
    }
    count
}

/// A slider's pulls of the first piece behind, `pulled`: that piece, its
/// square, its distance and the squares up to it, with `empty_ahead`
/// squares ahead of the slider, `open` to the edge.
#[inline(always)]
fn pull_count(
    pos: &Position,
    dir: usize,
    empty_ahead: usize,
    open: bool,
    pulled: Option<(Piece, Square, usize, Bitboard)>,
) -> usize {
    let back = reverse(dir);
    let occupied = pos.board.occupied();
    let mut count = 0;
    if let Some((target, at, jb, _)) = pulled {
        // The mover goes m squares, the target lands on one of the
        // jb + m − 1 squares behind it.
        let first = usize::from(!pos.rules.stationary_pull);
        count += (first..=empty_ahead)
            .map(|m| (jb + m).saturating_sub(1))
            .sum::<usize>();
        if open {
            // The mover leaves the board: the target lands on any
            // square up to the edge (the last perhaps promoting),
            // or goes off too, unless the push generation listed
            // that as the same move.
            count += jb + empty_ahead - 1 + target_choices(pos, target, ray(at, dir).furthest(dir));
            if !(ray(at, back) & occupied).is_empty() {
                count += 1;
            }
        }
    }
    count
}

impl Counter<'_> {
    pub(super) fn slider(&mut self, from: Square, mover: Piece, dirs: &[usize]) {
        let mut can_leave = false;
        for &dir in dirs {
            can_leave |= self.slider_line(from, mover, dir);
        }
        if can_leave {
            self.leave(from, mover.role);
        }
    }

    /// The moves `Position::slider_line_moves` lists for `dir`, counted
    /// (see there and docs/RULES.md §2 for what each is): one group, or,
    /// when the line shoves a king, the plain moves with the pushes and
    /// the pulls as two, the one that shoves the king listed and judged
    /// move by move (§6). Returns whether the line ahead is empty to the
    /// edge.
    fn slider_line(&mut self, from: Square, mover: Piece, dir: usize) -> bool {
        let pos = self.pos;
        let board = &pos.board;
        let occupied = board.occupied();
        let back = reverse(dir);
        let ahead = ray(from, dir);
        let origin = Bitboard::from_square(from);
        let mut touch = origin;
        // Enemy targets' squares: where they start, where they may land.
        let enemy_of = |target: Piece, at: Square, lands: Bitboard| {
            if target.color != mover.color {
                (Bitboard::from_square(at), lands)
            } else {
                NO_ENEMY
            }
        };
        let mut push_enemy = NO_ENEMY;

        // The push: the first piece ahead, `j` squares away, lands on one
        // of `landings` empty squares beyond it, or goes off when nothing
        // stands beyond it.
        let pushed = (ahead & occupied).nearest(dir).and_then(|at| {
            let target = board.piece_at(at)?;
            let j = ray_len(from, dir) - ray_len(at, dir);
            let beyond = ray(at, dir);
            let second = (beyond & occupied).nearest(dir);
            let landings = match second {
                Some(second) => ray_len(at, dir) - ray_len(second, dir) - 1,
                None => ray_len(at, dir),
            };
            if landings == 0 && second.is_some() {
                // Wedged against the piece behind it: nothing to push,
                // the plain moves up to it touch only the squares
                // before it.
                touch |= ahead & !ray(at, dir) & !Bitboard::from_square(at);
                return Some((target, j, 0, beyond, false));
            }
            let reach = match second {
                Some(second) => ahead & !ray(second, dir) & !Bitboard::from_square(second),
                None => ahead,
            };
            touch |= reach;
            push_enemy = enemy_of(target, at, reach & beyond);
            Some((target, j, landings, beyond, second.is_none()))
        });
        let open = pushed.is_none();
        if open {
            touch |= ahead;
        }
        let push_touch = touch;
        // Squares the mover can stop on ahead.
        let empty_ahead = pushed.map_or(ray_len(from, dir), |(_, j, ..)| j - 1);

        // The pull: the first piece behind, `jb` squares away.
        // A piece behind that cannot be pulled (next to the slider, which
        // has no square to step to) brings no move, and none of its
        // squares is touched: a king there needs no listing.
        let pulled = (ray(from, back) & occupied)
            .nearest(back)
            .and_then(|at| {
                let target = board.piece_at(at)?;
                let between = ray(from, back) & !ray(at, back);
                Some((target, at, ray_len(from, back) - ray_len(at, back), between))
            })
            .filter(|&(_, _, jb, _)| {
                // `pull_count`'s sum has no term above 0 when the slider
                // cannot step ahead and the piece is next to it.
                open || empty_ahead > 0 || (jb > 1 && pos.rules.stationary_pull)
            });
        if let Some((.., between)) = pulled {
            touch |= between;
        }
        // It lands behind the mover, or anywhere up to the edge.
        let pull_enemy = |touch: Bitboard| {
            pulled.map_or(NO_ENEMY, |(target, at, ..)| {
                enemy_of(target, at, ray(at, dir) & touch)
            })
        };

        let push_count = || push_count(pos, from, dir, empty_ahead, pushed);
        let pull_count = || pull_count(pos, dir, empty_ahead, open, pulled);
        let push_king = pushed.is_some_and(|(target, _, landings, _, to_edge)| {
            target.role == Role::King && (landings > 0 || to_edge)
        });
        let pull_king = pulled.is_some_and(|(target, ..)| target.role == Role::King);
        if !push_king && !pull_king {
            let pull_enemy = pull_enemy(touch);
            let enemy = (push_enemy.0 | pull_enemy.0, push_enemy.1 | pull_enemy.1);
            if let Some(legal) = self.exposure.verdict_within(board, touch, enemy.0, enemy.1) {
                if legal {
                    self.count += push_count() + pull_count();
                }
                return open;
            }
        }
        // A king pushed or pulled is judged move by move (§6), and so is a
        // line the exposure cannot judge whole; the pushes (with the
        // plain moves) and the pulls are then groups of their own, each
        // touching fewer squares. The pulls touch the mover's square, the
        // squares it can stop on ahead and those back to the pulled piece.
        let stops = ray_squares(from, dir)[..empty_ahead]
            .iter()
            .fold(origin, |stops, &sq| stops | Bitboard::from_square(sq));
        let pull_touch = stops | pulled.map_or(Bitboard::EMPTY, |(.., between)| between);
        let ahead_of = (empty_ahead as u8, open);
        // Our own king pushed or pulled is judged move by move without
        // listing (count/judged.rs); the enemy's king is listed.
        let ours = |target: Piece| target.color == mover.color;
        let king_pushes = |counter: &Counter| {
            let (_, _, landings, _, _) = pushed.filter(|&(target, ..)| ours(target))?;
            counter.king_pushes(from, dir, empty_ahead, landings)
        };
        let list_pushes = |pos: &Position, out: &mut Vec<Move>| {
            pos.slider_line_pushes(from, mover.role, dir, out);
        };
        if push_king {
            self.judged_or_listed(king_pushes, list_pushes);
        } else {
            self.group(push_touch, push_enemy, push_count, list_pushes);
        }
        let king_pulls = |counter: &Counter| {
            let (_, king, distance, _) = pulled.filter(|&(target, ..)| ours(target))?;
            counter.king_pulls(from, dir, (king, distance), (empty_ahead, open))
        };
        let list_pulls = |pos: &Position, out: &mut Vec<Move>| {
            pos.slider_line_pulls(from, mover.role, dir, ahead_of, out);
        };
        if pull_king {
            self.judged_or_listed(king_pulls, list_pulls);
        } else {
            self.group(pull_touch, pull_enemy(pull_touch), pull_count, list_pulls);
        }
        open
    }
}
