//! Move generation: every move the pieces can make (docs/RULES.md §1–§5, §8,
//! §9), before the rules that look at the position after the move.

use crate::bitboard::{ALL_LINES, DIAGONAL, STRAIGHT, ray, ray_squares, reverse};
use crate::castling::CastlingSide;
use crate::moves::{Move, Shove};
use crate::position::Position;
use crate::role::{Piece, Role};
use crate::rules::Promotion;
use crate::square::{Square, Step};

/// Whether `piece` arriving on `to` must promote: a pawn ending on its own
/// last rank, whoever moved it there (docs/RULES.md §4).
#[inline]
pub(crate) fn promotes(piece: Piece, to: Option<Square>) -> bool {
    piece.role == Role::Pawn && to.is_some_and(|to| to.rank() == piece.color.last_rank())
}

impl Position {
    /// Adds every pseudo-legal move to `out`: moves the pieces can make,
    /// each once, not yet tested against check, the king-transit rule,
    /// castling through check or the no-undo rule.
    pub(crate) fn pseudo_legal_moves(&self, out: &mut Vec<Move>) {
        // Occupied squares only, a1 first as before: generation order is
        // the order moves are listed in.
        for sq in self.board.occupied() {
            self.piece_moves(sq, out);
        }
        self.castling_moves(out);
        if self.rules.en_passant_edge {
            self.en_passant_edge_pushes(out);
        }
    }

    /// The pseudo-legal moves of the piece on `from` alone, castling
    /// aside: what a move written with its origin square can be, found
    /// without generating every other piece's moves (a long game file is
    /// replayed a move at a time).
    pub(crate) fn pseudo_legal_moves_from(&self, from: Square, out: &mut Vec<Move>) {
        self.piece_moves(from, out);
        if self.rules.en_passant_edge && self.ep_square.is_some() {
            let mut edge = Vec::new();
            self.en_passant_edge_pushes(&mut edge);
            out.extend(edge.into_iter().filter(|m| m.from() == from));
        }
    }

    fn piece_moves(&self, sq: Square, out: &mut Vec<Move>) {
        let Some(piece) = self.board.piece_at(sq) else {
            return;
        };
        if piece.color != self.turn {
            return;
        }
        match piece.role {
            Role::Pawn => self.pawn_moves(sq, piece, out),
            Role::Knight => self.leaper_moves(sq, Role::Knight, &Step::KNIGHT, out),
            Role::King => self.leaper_moves(sq, Role::King, &Step::KING, out),
            Role::Bishop => self.slider_moves(sq, Role::Bishop, &DIAGONAL, out),
            Role::Rook => self.slider_moves(sq, Role::Rook, &STRAIGHT, out),
            Role::Queen => self.slider_moves(sq, Role::Queen, &ALL_LINES, out),
        }
    }

    /// The first piece from `from` along `dir`, with its distance.
    fn first_piece(&self, from: Square, dir: usize) -> Option<(Square, Piece, u8)> {
        let sq = (ray(from, dir) & self.board.occupied()).nearest(dir)?;
        let piece = self.board.piece_at(sq)?;
        let distance = sq
            .file()
            .abs_diff(from.file())
            .max(sq.rank().abs_diff(from.rank()));
        Some((sq, piece, distance))
    }

    fn empty_to_edge(&self, from: Square, dir: usize) -> bool {
        (ray(from, dir) & self.board.occupied()).is_empty()
    }

    /// docs/RULES.md §2 and §5: plain moves along the lines, leaving the board,
    /// pushes and pulls.
    fn slider_moves(&self, from: Square, role: Role, dirs: &[usize], out: &mut Vec<Move>) {
        let mut can_leave = false;
        for &dir in dirs {
            can_leave |= self.slider_line_moves(from, role, dir, out);
        }
        if can_leave {
            // All ways off the board are one move (docs/RULES.md §5).
            out.push(Move::Plain {
                role,
                from,
                to: None,
                promotion: None,
                choice: None,
            });
        }
    }

    /// The slider's moves along `dir`: plain moves, the push of the first
    /// piece ahead and the pull of the first piece behind. Leaving the
    /// board is not among them (it is one move for every open line);
    /// returns whether the line ahead is empty to the edge, so that it can.
    pub(crate) fn slider_line_moves(
        &self,
        from: Square,
        role: Role,
        dir: usize,
        out: &mut Vec<Move>,
    ) -> bool {
        let ahead = self.slider_line_pushes(from, role, dir, out);
        self.slider_line_pulls(from, role, dir, ahead, out);
        ahead.1
    }

    /// The plain moves along `dir` and the pushes of the first piece
    /// ahead; returns how many empty squares lie ahead, and whether they
    /// reach the edge.
    pub(crate) fn slider_line_pushes(
        &self,
        from: Square,
        role: Role,
        dir: usize,
        out: &mut Vec<Move>,
    ) -> (u8, bool) {
        let mut empty_ahead = 0;
        let mut blocker = None;
        for &sq in ray_squares(from, dir) {
            match self.board.piece_at(sq) {
                Some(p) => {
                    blocker = Some((sq, p));
                    break;
                }
                None => {
                    empty_ahead += 1;
                    out.push(Move::Plain {
                        role,
                        from,
                        to: Some(sq),
                        promotion: None,
                        choice: None,
                    });
                }
            }
        }
        if let Some((target_from, target)) = blocker {
            let mover = Piece::new(self.turn, role);
            let pair = Pair::new(self.rules.promotion, out, mover, from, target, target_from);
            self.slider_pushes(pair, dir, empty_ahead + 1);
        }
        (empty_ahead, blocker.is_none())
    }

    /// The pulls of the first piece behind by a slider moving along `dir`
    /// (or staying, or leaving the board), given what lies ahead: how
    /// many empty squares, and whether they reach the edge.
    pub(crate) fn slider_line_pulls(
        &self,
        from: Square,
        role: Role,
        dir: usize,
        (empty_ahead, open): (u8, bool),
        out: &mut Vec<Move>,
    ) {
        if let Some((target_from, target, distance)) = self.first_piece(from, reverse(dir)) {
            let mover = Piece::new(self.turn, role);
            let pair = Pair::new(self.rules.promotion, out, mover, from, target, target_from);
            self.slider_pulls(pair, dir, distance, empty_ahead, open);
        }
    }

    /// A slider pushes the piece `distance` squares ahead along `dir`: the
    /// target moves n ≥ 1 squares over empty squares (or off), the pusher
    /// follows 0 ≤ m ≤ distance + n − 1 squares (anywhere, or off too, once
    /// the target has left).
    fn slider_pushes(&self, mut pair: Pair<'_>, dir: usize, distance: u8) {
        let from = pair.from;
        let mut landings = 0;
        let ahead = ray_squares(from, dir);
        for &landing in ray_squares(pair.target_from, dir) {
            if !self.board.is_empty(landing) {
                return;
            }
            landings += 1;
            let mover_squares = std::iter::once(from)
                .chain(ahead[..(distance + landings - 1) as usize].iter().copied());
            for to in mover_squares {
                pair.push(Some(to), Some(landing));
            }
        }
        // The line beyond the target is empty to the edge: it can be
        // pushed off, and the pusher may stop anywhere or leave as well.
        let mover_squares = std::iter::once(Some(from))
            .chain(ahead.iter().map(|&sq| Some(sq)))
            .chain(std::iter::once(None));
        for to in mover_squares {
            pair.push(to, None);
        }
    }

    /// A slider moves along `dir` (or stays, or leaves the board) and pulls
    /// the first piece behind it, `distance` squares away, to an empty
    /// square strictly behind its new square; off the board only if the
    /// puller leaves too.
    fn slider_pulls(
        &self,
        mut pair: Pair<'_>,
        dir: usize,
        distance: u8,
        empty_ahead: u8,
        open_to_edge: bool,
    ) {
        let (from, target_from) = (pair.from, pair.target_from);
        let first_step = if self.rules.stationary_pull { 0 } else { 1 };
        for m in first_step..=empty_ahead {
            let to = if m == 0 {
                from
            } else {
                ray_squares(from, dir)[m as usize - 1]
            };
            for &landing in &ray_squares(target_from, dir)[..(distance + m - 1) as usize] {
                pair.pull(Some(to), Some(landing));
            }
        }
        if open_to_edge {
            for &landing in &ray_squares(target_from, dir)[..(distance + empty_ahead) as usize] {
                pair.pull(None, Some(landing));
            }
            // Both pieces off: the same move as pushing the target off the
            // other way and following it, which the push generation lists
            // when the line beyond the target is empty.
            if !self.empty_to_edge(target_from, reverse(dir)) {
                pair.pull(None, None);
            }
        }
    }

    /// docs/RULES.md §3 and §5: king steps and knight jumps, pushes of the piece
    /// on the attacked square one step further, pulls by stepping back, and
    /// knights leaving the board (also while pulling).
    fn leaper_moves(&self, from: Square, role: Role, steps: &[Step], out: &mut Vec<Move>) {
        let mut can_leave = false;
        for &v in steps {
            can_leave |= self.leaper_step_moves(from, role, v, out);
        }
        if can_leave {
            out.push(Move::Plain {
                role,
                from,
                to: None,
                promotion: None,
                choice: None,
            });
        }
    }

    /// The leaper's moves by the step `v`: to the square it leads to, or
    /// pushing or pulling the piece there. Returns whether the step leads
    /// off the board, which a knight may take (one move for every such
    /// step, docs/RULES.md §5).
    pub(crate) fn leaper_step_moves(
        &self,
        from: Square,
        role: Role,
        v: Step,
        out: &mut Vec<Move>,
    ) -> bool {
        let Some(target_from) = from.offset(v) else {
            return role == Role::Knight;
        };
        let Some(target) = self.board.piece_at(target_from) else {
            out.push(Move::Plain {
                role,
                from,
                to: Some(target_from),
                promotion: None,
                choice: None,
            });
            return false;
        };
        let push_to = match target_from.offset(v) {
            None => Some(None),
            Some(sq) if self.board.is_empty(sq) => Some(Some(sq)),
            Some(_) => None,
        };
        let mover = Piece::new(self.turn, role);
        let mut pair = Pair::new(self.rules.promotion, out, mover, from, target, target_from);
        if let Some(landing) = push_to {
            for to in [from, target_from] {
                pair.push(Some(to), landing);
            }
        }
        match from.offset(v.reverse()) {
            Some(back) if self.board.is_empty(back) => pair.pull(Some(back), Some(from)),
            None if role == Role::Knight => pair.pull(None, Some(from)),
            _ => {}
        }
        false
    }

    /// docs/RULES.md §8: castling when king and rook keep their rights, stand on
    /// their original squares and nothing stands between them. Check on
    /// the way is tested after generation.
    pub(crate) fn castling_moves(&self, out: &mut Vec<Move>) {
        let us = self.turn;
        for side in CastlingSide::ALL {
            if self.castling.is_home(us, side) && side.between(us).all(|sq| self.board.is_empty(sq))
            {
                out.push(Move::Castle {
                    side,
                    king: CastlingSide::king_home(us),
                    rook: side.rook_home(us),
                    choice: None,
                });
            }
        }
    }
}

/// One mover acting on one target: lists its pushes and pulls, one move
/// per promotion choice when the mover (a pawn) or the target lands on its
/// last rank, except an enemy pawn under `promotion=owner`, whose owner
/// chooses later (docs/RULES.md §9.1).
pub(crate) struct Pair<'a> {
    /// Who chooses an enemy pawn's piece (docs/RULES.md §9.1).
    chooser: Promotion,
    out: &'a mut Vec<Move>,
    mover: Piece,
    from: Square,
    target: Piece,
    target_from: Square,
}

impl<'a> Pair<'a> {
    #[inline]
    pub(crate) fn new(
        chooser: Promotion,
        out: &'a mut Vec<Move>,
        mover: Piece,
        from: Square,
        target: Piece,
        target_from: Square,
    ) -> Pair<'a> {
        Pair {
            chooser,
            out,
            mover,
            from,
            target,
            target_from,
        }
    }

    /// The target goes to `landing`, the pusher to `to` (`Some(from)`:
    /// it stays).
    #[inline]
    pub(crate) fn push(&mut self, to: Option<Square>, landing: Option<Square>) {
        self.emit(Move::Push, to, landing);
    }

    /// The puller goes to `to`, the target follows to `landing`.
    #[inline]
    fn pull(&mut self, to: Option<Square>, landing: Option<Square>) {
        self.emit(Move::Pull, to, landing);
    }

    #[inline]
    fn emit(&mut self, kind: fn(Shove) -> Move, to: Option<Square>, landing: Option<Square>) {
        let shove = Shove {
            role: self.mover.role,
            from: self.from,
            to,
            target: self.target.role,
            target_from: self.target_from,
            target_to: landing,
            promotion: None,
            choice: None,
        };
        let target_promotes = promotes(self.target, landing);
        if target_promotes
            && self.target.color != self.mover.color
            && self.chooser == Promotion::Owner
        {
            // One move: the pawn awaits its owner's choice (§9.1).
            self.out.push(kind(shove));
        } else if promotes(self.mover, to) || target_promotes {
            for promotion in Role::PROMOTIONS {
                self.out.push(kind(Shove {
                    promotion: Some(promotion),
                    ..shove
                }));
            }
        } else {
            self.out.push(kind(shove));
        }
    }
}
