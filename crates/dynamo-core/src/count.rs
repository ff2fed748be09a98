//! Counting the legal moves of a position without listing them: perft's
//! last ply (docs/RULES.md §12) asks only how many there are.
//!
//! A slider's moves along one line (its plain moves, the push of the first
//! piece ahead, the pull of the first piece behind), a knight's moves by
//! one jump and a pawn's moves each touch only a few squares known before
//! any move is listed: the mover's square, the line up to the piece after
//! the pushed one, the line back to the pulled one. When the king's
//! exposure gives one verdict on every move that touches only those
//! squares ([`Exposure::verdict_within`]), the group is counted by
//! arithmetic, exactly as movegen.rs would list it: how many squares the
//! target can land on, how many the mover can stop on for each, one move
//! more per promotion choice. Otherwise the group is listed by movegen.rs
//! and each move judged on its own, as before. The king's steps that move
//! only our pieces are judged one by one on the occupied squares after
//! them, without being listed. Castling, the en-passant-edge pushes, a
//! king's step onto an enemy piece and every push or pull of a king are
//! always listed and judged.
//!
//! `Position::legal_moves().len()` must always equal the count; a
//! property test holds the two together on random positions under every
//! rule set (count/tests.rs), and the perft vectors count both ways.

use crate::bitboard::{
    ALL_LINES, Bitboard, DIAGONAL, STRAIGHT, ray, ray_len, ray_squares, reverse,
};
use crate::color::Color;
use crate::exposure::Exposure;
use crate::moves::Move;
use crate::position::Position;
use crate::role::{Piece, Role};
use crate::rules::Promotion;
use crate::square::{Square, Step};

impl Position {
    /// How many legal moves there are, without listing them.
    pub fn count_legal_moves(&self) -> usize {
        if self.pending.is_some() {
            // The sum over the owner's choices (docs/RULES.md §9.1).
            return self
                .choices()
                .map(|(_, chosen)| chosen.count_legal_moves())
                .sum();
        }
        let mut counter = Counter {
            pos: self,
            exposure: self.exposure(),
            count: 0,
            listed: Vec::with_capacity(64),
        };
        for sq in self.board.occupied() {
            counter.piece(sq);
        }
        self.castling_moves(&mut counter.listed);
        if self.rules.en_passant_edge {
            self.en_passant_edge_pushes(&mut counter.listed);
        }
        counter.judge_listed();
        counter.count
    }
}

struct Counter<'a> {
    pos: &'a Position,
    exposure: Exposure,
    count: usize,
    /// Moves of a group that could not be counted whole, to judge.
    listed: Vec<Move>,
}

/// The promotion choices a piece landing on `sq` brings: four for a pawn
/// on its last rank, one otherwise (docs/RULES.md §4). The pawns counted
/// here are the mover's own; an enemy target goes through
/// [`Counter::target_choices`].
#[inline]
fn choices(piece: Piece, sq: Option<Square>) -> usize {
    if piece.role == Role::Pawn && sq.is_some_and(|sq| sq.rank() == piece.color.last_rank()) {
        4
    } else {
        1
    }
}

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

/// A group whose targets are all ours, or that has none.
const NO_ENEMY: (Bitboard, Bitboard) = (Bitboard::EMPTY, Bitboard::EMPTY);

/// The moves a target landing on `sq` brings: as [`choices`], but one
/// for an enemy pawn under `promotion=owner`, whose owner chooses on
/// their own turn (docs/RULES.md §9.1). Whether such a move is legal does
/// not depend on the choice as far as the exposure judges it: an enemy
/// piece landing in a zone or on a leaper's square is tested in full
/// whatever it is (exposure.rs), and the full test tries every choice.
#[inline]
fn target_choices(pos: &Position, target: Piece, sq: Option<Square>) -> usize {
    if target.color != pos.turn && pos.rules.promotion == Promotion::Owner {
        1
    } else {
        choices(target, sq)
    }
}

impl Counter<'_> {
    /// Judges the listed moves one by one, and forgets them.
    fn judge_listed(&mut self) {
        let (pos, exposure) = (self.pos, &self.exposure);
        self.count += self
            .listed
            .iter()
            .filter(|m| pos.is_legal_pseudo(exposure, m))
            .count();
        self.listed.clear();
    }

    /// A group of moves that touch only `touch`, an enemy target moving
    /// from `enemy.0` to one of `enemy.1` (see
    /// [`Exposure::verdict_within`]): `count()` of them are added when the
    /// exposure finds them all legal, none when it finds them all illegal,
    /// and otherwise `list` lists them for judging.
    #[inline]
    fn group(
        &mut self,
        touch: Bitboard,
        enemy: (Bitboard, Bitboard),
        count: impl FnOnce() -> usize,
        list: impl FnOnce(&Position, &mut Vec<Move>),
    ) {
        match self.exposure.verdict_within(touch, enemy.0, enemy.1) {
            Some(true) => self.count += count(),
            Some(false) => {}
            None => {
                list(self.pos, &mut self.listed);
                self.judge_listed();
            }
        }
    }

    fn piece(&mut self, sq: Square) {
        let pos = self.pos;
        let Some(piece) = pos.board.piece_at(sq) else {
            return;
        };
        if piece.color != pos.turn {
            return;
        }
        match piece.role {
            Role::Pawn => self.pawn(sq, piece),
            Role::King => self.king(sq),
            Role::Knight => self.knight(sq, piece),
            Role::Bishop => self.slider(sq, piece, &DIAGONAL),
            Role::Rook => self.slider(sq, piece, &STRAIGHT),
            Role::Queen => self.slider(sq, piece, &ALL_LINES),
        }
        self.judge_listed();
    }

    /// The move off the board of the piece on `from` (docs/RULES.md §5),
    /// which touches that square alone.
    fn leave(&mut self, from: Square, role: Role) {
        self.group(
            Bitboard::from_square(from),
            NO_ENEMY,
            || 1,
            |_, out| {
                out.push(Move::Plain {
                    role,
                    from,
                    to: None,
                    promotion: None,
                    choice: None,
                })
            },
        );
    }

    fn slider(&mut self, from: Square, mover: Piece, dirs: &[usize]) {
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
            let reach = match second {
                Some(second) => ahead & !ray(second, dir) & !Bitboard::from_square(second),
                None => ahead,
            };
            touch |= reach;
            push_enemy = enemy_of(target, at, reach & beyond);
            let landings = match second {
                Some(second) => ray_len(at, dir) - ray_len(second, dir) - 1,
                None => ray_len(at, dir),
            };
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
        let pulled = (ray(from, back) & occupied).nearest(back).and_then(|at| {
            let target = board.piece_at(at)?;
            let between = ray(from, back) & !ray(at, back);
            touch |= between;
            Some((target, at, ray_len(from, back) - ray_len(at, back), between))
        });
        // It lands behind the mover, or anywhere up to the edge.
        let pull_enemy = |touch: Bitboard| {
            pulled.map_or(NO_ENEMY, |(target, at, ..)| {
                enemy_of(target, at, ray(at, dir) & touch)
            })
        };

        let push_count = || push_count(pos, from, dir, empty_ahead, pushed);
        let pull_count = || pull_count(pos, dir, empty_ahead, open, pulled);
        let push_king = pushed.is_some_and(|(target, ..)| target.role == Role::King);
        let pull_king = pulled.is_some_and(|(target, ..)| target.role == Role::King);
        if !push_king && !pull_king {
            let pull_enemy = pull_enemy(touch);
            let enemy = (push_enemy.0 | pull_enemy.0, push_enemy.1 | pull_enemy.1);
            self.group(
                touch,
                enemy,
                || push_count() + pull_count(),
                |pos, out| {
                    pos.slider_line_moves(from, mover.role, dir, out);
                },
            );
            return open;
        }
        // A king pushed or pulled is judged move by move (§6); the other
        // part of the line is a group of its own. The pulls touch the
        // mover's square, the squares it can stop on ahead and those back
        // to the pulled piece.
        let stops = ray_squares(from, dir)[..empty_ahead]
            .iter()
            .fold(origin, |stops, &sq| stops | Bitboard::from_square(sq));
        let pull_touch = stops | pulled.map_or(Bitboard::EMPTY, |(.., between)| between);
        let ahead_of = (empty_ahead as u8, open);
        if push_king {
            pos.slider_line_pushes(from, mover.role, dir, &mut self.listed);
            self.judge_listed();
        } else {
            self.group(push_touch, push_enemy, push_count, |pos, out| {
                pos.slider_line_pushes(from, mover.role, dir, out);
            });
        }
        if pull_king {
            pos.slider_line_pulls(from, mover.role, dir, ahead_of, &mut self.listed);
            self.judge_listed();
        } else {
            self.group(
                pull_touch,
                pull_enemy(pull_touch),
                pull_count,
                |pos, out| {
                    pos.slider_line_pulls(from, mover.role, dir, ahead_of, out);
                },
            );
        }
        open
    }

    /// The pawn's moves (docs/RULES.md §4), counted as
    /// `Position::pawn_moves` lists them: plain steps, the push of an own
    /// piece straight ahead, the pushes of enemy pieces diagonally.
    fn pawn(&mut self, from: Square, pawn: Piece) {
        let pos = self.pos;
        let board = &pos.board;
        let (forward, diagonals) = match pawn.color {
            Color::White => (0, [7, 1]),
            Color::Black => (4, [5, 3]),
        };
        let reach = if from.rank() == pawn.color.pawn_rank() {
            2
        } else {
            1
        };
        let ahead = ray_squares(from, forward);
        let mut touch = Bitboard::from_square(from);
        let mut enemy = NO_ENEMY;
        let mut shoves_king = false;
        let mut count = 0;

        let mut own_target = None;
        for (i, &sq) in ahead.iter().take(reach).enumerate() {
            touch.insert(sq);
            match board.piece_at(sq) {
                None => count += choices(pawn, Some(sq)),
                Some(p) => {
                    if p.color == pawn.color {
                        own_target = Some((i + 1, p));
                    }
                    break;
                }
            }
        }
        if let Some((at, target)) = own_target {
            shoves_king |= target.role == Role::King;
            // The target lands k squares ahead of the pawn (or off), the
            // pawn stays or steps up to its reach, behind it.
            for k in at + 1..=reach + 1 {
                let landing = ahead.get(k - 1).copied();
                if landing.is_some_and(|sq| !board.is_empty(sq)) {
                    break;
                }
                touch |= Bitboard::from_option(landing);
                for q in 0..=reach.min(k - 1) {
                    let to = if q == 0 {
                        Some(from)
                    } else {
                        ahead.get(q - 1).copied()
                    };
                    if to.is_none() {
                        break;
                    }
                    count += choices(pawn, to).max(choices(target, landing));
                }
                if landing.is_none() {
                    break;
                }
            }
        }
        for dir in diagonals {
            let line = ray_squares(from, dir);
            let Some(&at) = line.first() else {
                continue;
            };
            let Some(target) = board.piece_at(at) else {
                continue;
            };
            if target.color == pawn.color {
                continue;
            }
            let landing = line.get(1).copied();
            if landing.is_some_and(|sq| !board.is_empty(sq)) {
                continue;
            }
            shoves_king |= target.role == Role::King;
            let lands = Bitboard::from_option(landing);
            touch |= Bitboard::from_square(at) | lands;
            enemy.0.insert(at);
            enemy.1 |= lands;
            // The pawn stays, or takes the target's square.
            let target_choices = choices(target, landing);
            count += target_choices + choices(pawn, Some(at)).max(target_choices);
        }
        let list = |pos: &Position, out: &mut Vec<Move>| pos.pawn_moves(from, pawn, out);
        if shoves_king {
            list(pos, &mut self.listed);
            self.judge_listed();
        } else {
            self.group(touch, enemy, || count, list);
        }
    }

    /// The king's moves by each step (docs/RULES.md §3), counted as
    /// `Position::leaper_step_moves` lists them. A step that moves only
    /// our pieces (onto an empty square, or shoving one of ours) is
    /// judged move by move on the occupied squares after it
    /// ([`Exposure::judge_ours`]) without listing; a step onto an enemy
    /// piece, or one that might undo the last move, is listed and judged.
    fn king(&mut self, from: Square) {
        let pos = self.pos;
        let board = &pos.board;
        let occupied = board.occupied();
        let origin = Bitboard::from_square(from);
        for v in Step::KING {
            // The king never leaves the board (§3).
            let Some(at) = from.offset(v) else {
                continue;
            };
            let target = board.piece_at(at);
            let exposure = &self.exposure;
            let mut count = Some(0);
            let mut judge = |vacated: Bitboard, landed: Bitboard, king: Square, moves: usize| {
                count = match (count, exposure.judge_ours(occupied, vacated, landed, king)) {
                    (Some(count), Some(legal)) => Some(count + usize::from(legal) * moves),
                    _ => None,
                };
            };
            let step = Bitboard::from_square(at);
            match target {
                None => judge(origin, step, at, 1),
                Some(target) if target.color == pos.turn => {
                    // Pushed one step on (or off), the king staying or
                    // following; pulled onto the king's square by its
                    // step back.
                    let landing = at.offset(v);
                    if landing.is_none_or(|sq| board.is_empty(sq)) {
                        let lands = Bitboard::from_option(landing);
                        let moves = choices(target, landing);
                        judge(step, lands, from, moves);
                        judge(origin | step, step | lands, at, moves);
                    }
                    if let Some(back) = from.offset(v.reverse())
                        && board.is_empty(back)
                    {
                        let behind = Bitboard::from_square(back);
                        judge(
                            origin | step,
                            behind | origin,
                            back,
                            choices(target, Some(from)),
                        );
                    }
                }
                Some(_) => count = None,
            }
            match count {
                Some(count) => self.count += count,
                None => {
                    pos.leaper_step_moves(from, Role::King, v, &mut self.listed);
                    self.judge_listed();
                }
            }
        }
    }

    /// The knight's moves by each jump (docs/RULES.md §3, §5), counted as
    /// `Position::leaper_step_moves` lists them.
    fn knight(&mut self, from: Square, mover: Piece) {
        let pos = self.pos;
        let board = &pos.board;
        let mut can_leave = false;
        for v in Step::KNIGHT {
            let Some(at) = from.offset(v) else {
                can_leave = true;
                continue;
            };
            let list = |pos: &Position, out: &mut Vec<Move>| {
                pos.leaper_step_moves(from, Role::Knight, v, out);
            };
            let mut touch = Bitboard::from_square(from) | Bitboard::from_square(at);
            let Some(target) = board.piece_at(at) else {
                self.group(touch, NO_ENEMY, || 1, list);
                continue;
            };
            let landing = at.offset(v);
            let back = from.offset(v.reverse());
            touch |= Bitboard::from_option(landing) | Bitboard::from_option(back);
            if target.role == Role::King {
                list(pos, &mut self.listed);
                self.judge_listed();
                continue;
            }
            let count = || {
                let mut count = 0;
                if landing.is_none_or(|sq| board.is_empty(sq)) {
                    // The knight stays or takes the target's square.
                    count += 2 * target_choices(pos, target, landing);
                }
                if back.is_none_or(|sq| board.is_empty(sq)) {
                    // Pulled onto the knight's square.
                    count += target_choices(pos, target, Some(from));
                }
                count
            };
            let enemy = if target.color == mover.color {
                NO_ENEMY
            } else {
                (
                    Bitboard::from_square(at),
                    Bitboard::from_option(landing) | Bitboard::from_square(from),
                )
            };
            self.group(touch, enemy, count, list);
        }
        if can_leave {
            self.leave(from, Role::Knight);
        }
    }
}

#[cfg(test)]
mod tests;
