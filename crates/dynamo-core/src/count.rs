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
//! more per promotion choice (a slider's line in count/slider.rs).
//! Otherwise the group is listed by movegen.rs and each move judged on its
//! own, as before. The king's steps that move only our pieces are judged
//! one by one on the occupied squares after them, without being listed.
//! A push or pull of our own king by a slider's line or a knight's jump
//! is judged move by move on the occupied squares after it, without
//! listing (count/judged.rs). Castling, the en-passant-edge pushes, a
//! king's step onto an enemy piece and every push or pull of the enemy's
//! king are always listed and judged.
//!
//! `Position::legal_moves().len()` must always equal the count; a
//! property test holds the two together on random positions under every
//! rule set (count/tests.rs), and the perft vectors count both ways.

use crate::bitboard::{ALL_LINES, Bitboard, DIAGONAL, STRAIGHT, ray_squares};
use crate::color::Color;
use crate::exposure::Exposure;
use crate::moves::Move;
use crate::position::Position;
use crate::role::{Piece, Role};
use crate::rules::Promotion;
use crate::square::{Square, Step};

mod judged;
mod slider;

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
        let sets = self.board.piece_sets();
        let mut counter = Counter {
            pos: self,
            exposure: Exposure::among(self, &sets),
            count: 0,
            listed: Vec::with_capacity(64),
        };
        // Piece by piece of each kind: the kind is known before the
        // loop, not found square by square.
        let us = self.turn;
        let ours = |role| (Piece::new(us, role), sets.of(Piece::new(us, role)));
        let (pawn, pawns) = ours(Role::Pawn);
        for sq in pawns {
            counter.pawn(sq, pawn);
        }
        let (knight, knights) = ours(Role::Knight);
        for sq in knights {
            counter.knight(sq, knight);
        }
        for (role, lines) in [
            (Role::Bishop, &DIAGONAL[..]),
            (Role::Rook, &STRAIGHT[..]),
            (Role::Queen, &ALL_LINES[..]),
        ] {
            let (slider, sliders) = ours(role);
            for sq in sliders {
                counter.slider(sq, slider, lines);
            }
        }
        for sq in ours(Role::King).1 {
            counter.king(sq);
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
    /// Judges the listed moves one by one, and forgets them. Most
    /// pieces list none: the test is inlined, the judging is not.
    #[inline]
    fn judge_listed(&mut self) {
        if !self.listed.is_empty() {
            self.judge_each();
        }
    }

    fn judge_each(&mut self) {
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
        match self
            .exposure
            .verdict_within(&self.pos.board, touch, enemy.0, enemy.1)
        {
            Some(true) => self.count += count(),
            Some(false) => {}
            None => {
                list(self.pos, &mut self.listed);
                self.judge_listed();
            }
        }
    }

    /// The moves of a group judged move by move: without listing them
    /// when `judged` can, else listed and judged.
    #[inline]
    fn judged_or_listed(
        &mut self,
        judged: impl FnOnce(&Self) -> Option<usize>,
        list: impl FnOnce(&Position, &mut Vec<Move>),
    ) {
        match judged(self) {
            Some(count) => self.count += count,
            None => {
                list(self.pos, &mut self.listed);
                self.judge_listed();
            }
        }
    }

    /// The move off the board of the piece on `from` (docs/RULES.md §5),
    /// which touches that square alone.
    #[inline]
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
                // Our own king is judged without listing (count/judged.rs).
                let ours = target.color == mover.color;
                let king_jump = |counter: &Counter| ours.then(|| counter.king_jump(from, v, at))?;
                self.judged_or_listed(king_jump, list);
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
