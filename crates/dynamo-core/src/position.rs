//! A position and the rules that say what may be played from it.

use crate::board::Board;
use crate::castling::{Castling, CastlingSide};
use crate::check::{can_push_or_pull_off, is_in_check};
use crate::color::{ByColor, Color};
use crate::illegal::Illegal;
use crate::moves::Move;
use crate::role::{Piece, Role};
use crate::rules::Rules;
use crate::safety::safe_after;
use crate::square::Square;
use crate::zobrist;

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
    /// Under `promotion=owner`, the side to move's pawn standing on its
    /// last rank, awaiting its owner's choice (docs/RULES.md §9.1). The
    /// board holds it as a pawn, so the Zobrist key tells it apart.
    pub(crate) pending: Option<Square>,
}

/// The state of the side to move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Status {
    /// Not in check, with a legal move.
    Ongoing,
    /// In check, with a legal move out of it.
    Check,
    /// In check with no legal move: the side to move has lost
    /// (docs/RULES.md §6).
    Checkmate,
    /// Not in check and no legal move: a draw (docs/RULES.md §6).
    Stalemate,
}

impl Status {
    /// The status in lower case: `ongoing`, `check`, `checkmate` or
    /// `stalemate`.
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Ongoing => "ongoing",
            Status::Check => "check",
            Status::Checkmate => "checkmate",
            Status::Stalemate => "stalemate",
        }
    }

    /// Whether the game has ended on the board: checkmate or stalemate.
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
            pending: None,
        }
    }

    /// The pieces on the board.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The side to move.
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// The rule set the game is played under.
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// The castling rights, and where the pieces that hold them stand.
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

    /// FEN's half-move clock: turns since a pawn moved or was moved or a
    /// piece left the board. No rule uses it (docs/RULES.md §11).
    pub fn halfmoves(&self) -> u32 {
        self.halfmoves
    }

    /// The move number: 1 at the start, one more after each move of Black.
    pub fn fullmoves(&self) -> u32 {
        self.fullmoves
    }

    /// Where `color`'s king stands.
    pub fn king(&self, color: Color) -> Square {
        self.kings[color]
    }

    /// The Zobrist key of the state the rules depend on: the board, the
    /// side to move, the castling rights with where their pieces stand
    /// (§8), the en-passant-edge square (§9) and the board before the last
    /// move (§7: two positions that differ only in what the next move may
    /// not restore are different states). The counters and the rule set
    /// are left out: no rule reads the counters (§11), and a game keeps
    /// one rule set throughout.
    ///
    /// The two boards keep their keys up to date with every change (a move
    /// changes a few squares, each one XOR), so this is a few XORs more.
    pub fn zobrist(&self) -> u64 {
        self.key_with(
            self.board.zobrist(),
            self.previous.as_ref().map(Board::zobrist),
        )
    }

    /// The same key computed square by square from the whole state, which
    /// [`Position::zobrist`] must always equal.
    pub fn zobrist_from_scratch(&self) -> u64 {
        self.key_with(
            self.board.zobrist_from_scratch(),
            self.previous.as_ref().map(Board::zobrist_from_scratch),
        )
    }

    fn key_with(&self, board: u64, previous: Option<u64>) -> u64 {
        let mut key = board ^ zobrist::previous(previous) ^ self.castling.zobrist();
        if self.turn == Color::Black {
            key ^= zobrist::black_to_move();
        }
        if let Some(sq) = self.ep_square {
            key ^= zobrist::ep(sq.index());
        }
        key
    }

    /// Whether the side to move is in check. A pawn awaiting its owner's
    /// choice is the side to move's, so the choice never changes this
    /// (docs/RULES.md §9.1).
    pub fn is_check(&self) -> bool {
        can_push_or_pull_off(&self.board, self.kings[self.turn], !self.turn)
    }

    /// Every legal move, in generation order (no duplicates). While a pawn
    /// awaits its owner's choice, each choice's moves in turn, with the
    /// choice (docs/RULES.md §9.1).
    pub fn legal_moves(&self) -> Vec<Move> {
        if self.pending.is_some() {
            return self
                .choices()
                .flat_map(|(role, chosen)| {
                    chosen
                        .legal_moves()
                        .into_iter()
                        .map(move |m| m.with_choice(Some(role)))
                })
                .collect();
        }
        let mut moves = Vec::with_capacity(192);
        self.pseudo_legal_moves(&mut moves);
        let exposure = self.exposure();
        moves.retain(|m| self.is_legal_pseudo(&exposure, m));
        moves
    }

    /// The legal moves that `keep` keeps, in generation order: the moves
    /// of [`Position::legal_moves`] filtered, with legality judged only
    /// for the moves kept (a search's quiescence keeps a few of many).
    pub fn legal_moves_where(&self, mut keep: impl FnMut(&Move) -> bool) -> Vec<Move> {
        if self.pending.is_some() {
            let mut moves = self.legal_moves();
            moves.retain(|m| keep(m));
            return moves;
        }
        let mut moves = Vec::with_capacity(192);
        self.pseudo_legal_moves(&mut moves);
        let exposure = self.exposure();
        moves.retain(|m| keep(m) && self.is_legal_pseudo(&exposure, m));
        moves
    }

    /// Every legal move with the position it leads to.
    pub fn legal_children(&self) -> impl Iterator<Item = (Move, Position)> + '_ {
        // While a pawn awaits its owner's choice, each choice's children
        // (docs/RULES.md §9.1); otherwise the moves judged here.
        let chosen: Vec<(Move, Position)> = if self.pending.is_some() {
            self.choices()
                .flat_map(|(role, chosen)| {
                    chosen
                        .legal_children()
                        .map(|(m, after)| (m.with_choice(Some(role)), after))
                        .collect::<Vec<_>>()
                })
                .collect()
        } else {
            Vec::new()
        };
        let mut moves = Vec::with_capacity(192);
        if self.pending.is_none() {
            self.pseudo_legal_moves(&mut moves);
        }
        let exposure = self.exposure();
        chosen
            .into_iter()
            .chain(moves.into_iter().filter_map(move |m| {
                let after = match exposure.judge(self, &m) {
                    Some(true) => {
                        let (board, kings) = self.apply(&m);
                        self.with_board(&m, board, kings)
                    }
                    Some(false) => return None,
                    None => self.play_checked(&m).ok()?,
                };
                Some((m, after))
            }))
    }

    /// Whether the side to move has any legal move.
    pub fn has_legal_move(&self) -> bool {
        if self.pending.is_some() {
            // The game goes on if any choice leaves a move (§9.1).
            return self.choices().any(|(_, chosen)| chosen.has_legal_move());
        }
        let mut moves = Vec::with_capacity(192);
        self.pseudo_legal_moves(&mut moves);
        let exposure = self.exposure();
        moves.iter().any(|m| self.is_legal_pseudo(&exposure, m))
    }

    /// Whether the side to move is in check, checkmated or stalemated.
    /// While a pawn awaits its owner's choice, checkmate and stalemate
    /// need every choice to leave no move (docs/RULES.md §9.1).
    pub fn status(&self) -> Status {
        match (self.is_check(), self.has_legal_move()) {
            (true, true) => Status::Check,
            (true, false) => Status::Checkmate,
            (false, true) => Status::Ongoing,
            (false, false) => Status::Stalemate,
        }
    }

    /// Plays a move that [`Position::legal_moves`] listed. For text from a
    /// user, resolve it first with [`crate::notation`].
    pub fn play(&self, m: &Move) -> Result<Position, Illegal> {
        if let Some(position) = self.play_choice(m) {
            return position;
        }
        // Only the moves that could be `m`: its piece's, or the castlings.
        let mut moves = Vec::with_capacity(64);
        match m {
            Move::Castle { .. } => self.castling_moves(&mut moves),
            _ => self.pseudo_legal_moves_from(m.from(), &mut moves),
        }
        if !moves.contains(m) {
            return Err(Illegal::NotInPosition(*m));
        }
        self.play_checked(m)
    }

    /// Plays a pseudo-legal move and applies the rules that depend on the
    /// position after it: own king off the board or in check, the
    /// king-transit rule, castling through check and the no-undo rule.
    pub(crate) fn play_checked(&self, m: &Move) -> Result<Position, Illegal> {
        if let Some(position) = self.play_choice(m) {
            return position;
        }
        let (board, kings) = self.board_after(m)?;
        Ok(self.with_board(m, board, kings))
    }

    /// The board after a pseudo-legal move and where the kings stand, if
    /// the rules that look at the board after it allow the move.
    pub(crate) fn board_after(&self, m: &Move) -> Result<(Board, ByColor<Square>), Illegal> {
        if let Move::Castle { side, .. } = *m {
            self.castling_out_of_or_through_check(side)?;
        }
        if let Some(s) = m.shove()
            && s.target == Role::King
            && s.target_to.is_none()
        {
            // A legal position never lets us push the enemy king off, so a
            // king going off is ours.
            return Err(Illegal::OwnKingOffBoard);
        }
        let (board, kings) = self.apply(m);
        let us = self.turn;
        match self.awaits_choice(m) {
            None => safe_after(m, &board, kings[us], us, self.rules)?,
            // Legal only if legal whichever piece the owner chooses; the
            // no-undo rule compares the board as it stands, the pawn
            // awaiting the choice (§9.1, §13).
            Some(square) => {
                for role in Role::PROMOTIONS {
                    let mut chosen = board;
                    chosen.set(square, Some(Piece::new(!us, role)));
                    safe_after(m, &chosen, kings[us], us, self.rules)?;
                }
            }
        }
        self.no_undo(&board)?;
        Ok((board, kings))
    }

    /// docs/RULES.md §7: the board after a move may not be the board before the
    /// opponent's last move.
    fn no_undo(&self, after: &Board) -> Result<(), Illegal> {
        if self.previous.as_ref() == Some(after) {
            return Err(Illegal::NoUndo);
        }
        Ok(())
    }

    /// docs/RULES.md §8: the king may not castle out of check nor pass a square
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

    /// The position after a legal move whose board is already known: turn,
    /// castling rights, en-passant-edge square, clocks and history.
    pub(crate) fn with_board(&self, m: &Move, board: Board, kings: ByColor<Square>) -> Position {
        let us = self.turn;
        let (castling, ep_square, resets_clock) = self.rights_after(m);
        Position {
            board,
            turn: !us,
            castling,
            ep_square,
            halfmoves: self.halfmoves_after(resets_clock),
            fullmoves: self.fullmoves_after(),
            previous: Some(self.board),
            rules: self.rules,
            kings,
            pending: self.awaits_choice(m),
        }
    }

    /// What a legal move leaves of the castling rights (§8) and the
    /// en-passant-edge square (§9), and whether it resets the half-move
    /// clock. Read from the position before the move.
    #[inline]
    pub(crate) fn rights_after(&self, m: &Move) -> (Castling, Option<Square>, bool) {
        let mut castling = self.castling;
        let mut ep_square = None;
        let mut resets_clock = false;
        match *m {
            Move::Plain { role, from, to, .. } => {
                castling.moved_under_own_power(from);
                resets_clock = role == Role::Pawn || to.is_none();
                if self.rules.en_passant_edge && role == Role::Pawn {
                    ep_square = edge_double_step(from, to);
                }
            }
            Move::Push(s) | Move::Pull(s) => {
                // Rights follow the pieces: both are looked up by the squares
                // they started the move on.
                if m.mover_moves() {
                    castling.moved_under_own_power(s.from);
                }
                castling.displaced(s.target_from, s.target_to, self.rules.castling);
                resets_clock = s.role == Role::Pawn
                    || s.target == Role::Pawn
                    || s.to.is_none()
                    || s.target_to.is_none();
                if self.rules.en_passant_edge && s.role == Role::Pawn {
                    ep_square = edge_double_step(s.from, s.to);
                }
            }
            Move::Castle { king, rook, .. } => {
                castling.moved_under_own_power(king);
                castling.moved_under_own_power(rook);
            }
        }
        (castling, ep_square, resets_clock)
    }

    /// The half-move clock after a move. The counters stop at their
    /// largest value rather than wrap (docs/RULES.md §13.11): no rule
    /// reads them, and a wrapped move number 0 is one FEN refuses.
    #[inline]
    pub(crate) fn halfmoves_after(&self, resets_clock: bool) -> u32 {
        if resets_clock {
            0
        } else {
            self.halfmoves.saturating_add(1)
        }
    }

    /// The move number after a move (one more after Black's).
    #[inline]
    pub(crate) fn fullmoves_after(&self) -> u32 {
        self.fullmoves
            .saturating_add(u32::from(self.turn == Color::Black))
    }

    /// Whether the side that has just moved stands in check, which a legal
    /// position never allows.
    pub(crate) fn opponent_in_check(&self) -> bool {
        is_in_check(&self.board, !self.turn)
    }
}

/// The square passed over when a pawn on the a- or h-file steps two squares
/// (docs/RULES.md §9 `en_passant_edge`).
fn edge_double_step(from: Square, to: Option<Square>) -> Option<Square> {
    let to = to?;
    let on_edge = from.file() == 0 || from.file() == 7;
    if on_edge && from.file() == to.file() && from.rank().abs_diff(to.rank()) == 2 {
        Square::new(from.file() as i8, (from.rank() + to.rank()) as i8 / 2)
    } else {
        None
    }
}
