//! A position and the rules that say what may be played from it.

use crate::board::Board;
use crate::castling::{Castling, CastlingSide};
use crate::check::{can_push_or_pull_off, is_in_check};
use crate::color::{ByColor, Color};
use crate::illegal::Illegal;
use crate::moves::Move;
use crate::role::{Piece, Role};
use crate::rules::Rules;
use crate::square::{Square, Step};

/// Everything the rules need to know about the game so far: the board, whose
/// turn it is, castling rights per piece, the en-passant-edge square and the
/// board before the last move (for the no-undo rule).
///
/// A `Position` is always valid; it is built by [`Position::new`] from an
/// unchecked [`crate::Setup`] or by playing legal moves.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Position {
    pub(crate) board: Board,
    pub(crate) turn: Color,
    pub(crate) castling: Castling,
    pub(crate) ep_square: Option<Square>,
    pub(crate) halfmoves: u32,
    pub(crate) fullmoves: u32,
    pub(crate) previous: Option<Board>,
    pub(crate) rules: Rules,
    pub(crate) kings: ByColor<Square>,
}

/// The state of the side to move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Status {
    Ongoing,
    Check,
    Checkmate,
    Stalemate,
}

impl Status {
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Ongoing => "ongoing",
            Status::Check => "check",
            Status::Checkmate => "checkmate",
            Status::Stalemate => "stalemate",
        }
    }

    pub fn is_over(self) -> bool {
        matches!(self, Status::Checkmate | Status::Stalemate)
    }
}

impl std::fmt::Display for Status {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

impl Position {
    /// The orthodox start position under `rules`.
    pub fn startpos(rules: Rules) -> Position {
        Position {
            board: Board::start(),
            turn: Color::White,
            castling: Castling::start(),
            ep_square: None,
            halfmoves: 0,
            fullmoves: 1,
            previous: None,
            rules,
            kings: ByColor {
                white: Square::E1,
                black: Square::E8,
            },
        }
    }

    pub fn board(&self) -> &Board {
        &self.board
    }

    pub fn turn(&self) -> Color {
        self.turn
    }

    pub fn rules(&self) -> Rules {
        self.rules
    }

    pub fn castling(&self) -> &Castling {
        &self.castling
    }

    /// The square passed over by an a- or h-file pawn that has just
    /// stepped two squares (only under `en_passant_edge`).
    pub fn ep_square(&self) -> Option<Square> {
        self.ep_square
    }

    /// The board before the last move, if known (FEN's seventh field).
    pub fn previous(&self) -> Option<&Board> {
        self.previous.as_ref()
    }

    pub fn halfmoves(&self) -> u32 {
        self.halfmoves
    }

    pub fn fullmoves(&self) -> u32 {
        self.fullmoves
    }

    pub fn king(&self, color: Color) -> Square {
        self.kings[color]
    }

    /// Whether the side to move is in check.
    pub fn is_check(&self) -> bool {
        can_push_or_pull_off(&self.board, self.kings[self.turn], !self.turn)
    }

    /// Every legal move, in generation order (no duplicates).
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut moves = Vec::with_capacity(192);
        self.pseudo_legal_moves(&mut moves);
        moves.retain(|m| self.play_checked(m).is_ok());
        moves
    }

    /// Every legal move with the position it leads to.
    pub fn legal_children(&self) -> impl Iterator<Item = (Move, Position)> + '_ {
        let mut moves = Vec::with_capacity(192);
        self.pseudo_legal_moves(&mut moves);
        moves
            .into_iter()
            .filter_map(move |m| self.play_checked(&m).ok().map(|after| (m, after)))
    }

    /// How many legal moves there are, without keeping them.
    pub fn count_legal_moves(&self) -> usize {
        let mut moves = Vec::with_capacity(192);
        self.pseudo_legal_moves(&mut moves);
        moves.iter().filter(|m| self.play_checked(m).is_ok()).count()
    }

    /// Whether the side to move has any legal move.
    pub fn has_legal_move(&self) -> bool {
        let mut moves = Vec::with_capacity(192);
        self.pseudo_legal_moves(&mut moves);
        moves.iter().any(|m| self.play_checked(m).is_ok())
    }

    pub fn status(&self) -> Status {
        match (self.is_check(), self.has_legal_move()) {
            (true, true) => Status::Check,
            (true, false) => Status::Checkmate,
            (false, true) => Status::Ongoing,
            (false, false) => Status::Stalemate,
        }
    }

    /// Whether `m` is legal here.
    pub fn is_legal(&self, m: &Move) -> bool {
        let mut moves = Vec::with_capacity(192);
        self.pseudo_legal_moves(&mut moves);
        moves.contains(m) && self.play_checked(m).is_ok()
    }

    /// Plays a move that [`Position::legal_moves`] listed. For text from a
    /// user, resolve it first with [`crate::notation`].
    pub fn play(&self, m: &Move) -> Result<Position, Illegal> {
        let mut moves = Vec::with_capacity(192);
        self.pseudo_legal_moves(&mut moves);
        if !moves.contains(m) {
            return Err(Illegal::NoSuchShove(format!(
                "{} is not a move in this position",
                crate::notation::format(m)
            )));
        }
        self.play_checked(m)
    }

    /// Plays a pseudo-legal move and applies the rules that depend on the
    /// position after it: own king off the board or in check, the
    /// king-transit rule, castling through check and the no-undo rule.
    pub(crate) fn play_checked(&self, m: &Move) -> Result<Position, Illegal> {
        if let Move::Castle { side, .. } = *m {
            self.castling_out_of_or_through_check(side)?;
        }
        let after = self.play_unchecked(m);
        let us = self.turn;
        if let Some(shove) = m.shove()
            && shove.target == Role::King
            && shove.target_to.is_none()
        {
            // A legal position never lets us push the enemy king off, so
            // a king going off is ours.
            return Err(Illegal::OwnKingOffBoard);
        }
        if can_push_or_pull_off(&after.board, after.kings[us], !us) {
            return Err(Illegal::LeavesKingInCheck);
        }
        if self.rules.king_transit_check {
            self.king_transit(m, &after)?;
        }
        self.no_undo(&after)?;
        Ok(after)
    }

    /// RULES.md §7: the board after a move may not be the board before the
    /// opponent's last move.
    fn no_undo(&self, after: &Position) -> Result<(), Illegal> {
        if self.previous.as_ref() == Some(&after.board) {
            return Err(Illegal::NoUndo);
        }
        Ok(())
    }

    /// RULES.md §6: no push or pull may carry a king over a square where it
    /// would be in check. Each passed square is judged on the position
    /// after the move with the king there instead of on its landing square;
    /// a pusher that followed onto that square is left out.
    fn king_transit(&self, m: &Move, after: &Position) -> Result<(), Illegal> {
        let Some(shove) = m.shove() else {
            return Ok(());
        };
        if shove.target != Role::King {
            return Ok(());
        }
        let Some(landing) = shove.target_to else {
            return Ok(());
        };
        let Some((dir, distance)) = Step::line_between(shove.target_from, landing) else {
            return Ok(());
        };
        if distance < 2 {
            // One step or a knight's jump passes no square.
            return Ok(());
        }
        let king = after
            .board
            .piece_at(landing)
            .expect("the pushed king stands on its landing square");
        for passed in shove.target_from.between(landing, dir) {
            let mut board = after.board;
            board.set(landing, None);
            board.set(passed, Some(king));
            if can_push_or_pull_off(&board, passed, !king.color) {
                return Err(Illegal::KingTransit {
                    color: king.color,
                    square: passed,
                });
            }
        }
        Ok(())
    }

    /// RULES.md §8: the king may not castle out of check nor pass a square
    /// where it would be in check (judged before castling, with the king
    /// moved onto it). The landing square is judged after the move like
    /// any other.
    fn castling_out_of_or_through_check(&self, side: CastlingSide) -> Result<(), Illegal> {
        let us = self.turn;
        if self.is_check() {
            return Err(Illegal::CastlingOutOfCheck);
        }
        let passed = side.rook_target(us);
        let mut board = self.board;
        let king = board.take(CastlingSide::king_home(us));
        board.set(passed, king);
        if can_push_or_pull_off(&board, passed, !us) {
            return Err(Illegal::CastlingThroughCheck(passed));
        }
        Ok(())
    }

    /// Applies a move without asking whether it is legal.
    pub(crate) fn play_unchecked(&self, m: &Move) -> Position {
        let mut next = self.clone();
        let us = self.turn;
        next.previous = Some(self.board);
        next.ep_square = None;
        next.halfmoves += 1;
        match *m {
            Move::Plain {
                from,
                to,
                promotion,
                ..
            } => {
                let piece = next.board.take(from).expect("the mover stands on its square");
                next.castling.moved_under_own_power(from);
                next.place(piece, to, promotion);
                if piece.role == Role::Pawn || to.is_none() {
                    next.halfmoves = 0;
                }
                if self.rules.en_passant_edge && piece.role == Role::Pawn {
                    next.ep_square = edge_double_step(from, to);
                }
            }
            Move::Push(s) | Move::Pull(s) => {
                let mover = next.board.take(s.from).expect("the mover stands on its square");
                let target = next
                    .board
                    .take(s.target_from)
                    .expect("the target stands on its square");
                let (mover_promotion, target_promotion) = if s.mover_promotes() {
                    (s.promotion, None)
                } else {
                    (None, s.promotion)
                };
                // Castling rights follow the pieces: look both up before
                // either is moved, since the mover may land where the target
                // stood.
                let mut castling = next.castling;
                if m.mover_moves() {
                    castling.moved_under_own_power(s.from);
                }
                castling.displaced(s.target_from, s.target_to, self.rules.castling);
                next.castling = castling;
                next.place(target, s.target_to, target_promotion);
                next.place(mover, s.to, mover_promotion);
                if mover.role == Role::Pawn
                    || target.role == Role::Pawn
                    || s.to.is_none()
                    || s.target_to.is_none()
                {
                    next.halfmoves = 0;
                }
                if self.rules.en_passant_edge && mover.role == Role::Pawn {
                    next.ep_square = edge_double_step(s.from, s.to);
                }
            }
            Move::Castle { side, king, rook } => {
                let k = next.board.take(king);
                let r = next.board.take(rook);
                next.board.set(side.king_target(us), k);
                next.board.set(side.rook_target(us), r);
                next.kings[us] = side.king_target(us);
                next.castling.moved_under_own_power(king);
                next.castling.moved_under_own_power(rook);
            }
        }
        if us == Color::Black {
            next.fullmoves += 1;
        }
        next.turn = !us;
        next
    }

    /// Puts `piece` on `to` (or nowhere: off the board), promoting it.
    fn place(&mut self, piece: Piece, to: Option<Square>, promotion: Option<Role>) {
        let Some(to) = to else { return };
        let piece = match promotion {
            Some(role) => Piece::new(piece.color, role),
            None => piece,
        };
        self.board.set(to, Some(piece));
        if piece.role == Role::King {
            self.kings[piece.color] = to;
        }
    }

    /// Whether the side that has just moved stands in check, which a legal
    /// position never allows.
    pub(crate) fn opponent_in_check(&self) -> bool {
        is_in_check(&self.board, !self.turn)
    }
}

/// The square passed over when a pawn on the a- or h-file steps two squares
/// (RULES.md §9 `en_passant_edge`).
fn edge_double_step(from: Square, to: Option<Square>) -> Option<Square> {
    let to = to?;
    let on_edge = from.file() == 0 || from.file() == 7;
    if on_edge && from.file() == to.file() && from.rank().abs_diff(to.rank()) == 2 {
        Square::new(from.file() as i8, (from.rank() + to.rank()) as i8 / 2)
    } else {
        None
    }
}
