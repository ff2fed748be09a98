//! Promotion by the pawn's owner (docs/RULES.md §9.1): the move that
//! leaves an enemy pawn on its last rank to await its owner's choice,
//! the choice, and the owner's turn as the choice and a move.

use crate::illegal::Illegal;
use crate::moves::Move;
use crate::position::Position;
use crate::role::{Piece, Role};
use crate::rules::Promotion;
use crate::square::Square;

impl Position {
    /// The square of the pawn awaiting its owner's choice, the side to
    /// move's, under `promotion=owner` (docs/RULES.md §9.1).
    pub fn pending(&self) -> Option<Square> {
        self.pending
    }

    /// The position after the owner's choice for the pawn awaiting it:
    /// the same side to move, the pawn replaced by `role`, the board
    /// before the mover's move still the one the owner's move may not
    /// restore (docs/RULES.md §9.1). The owner's turn is this choice and
    /// a move in the position it returns.
    pub fn choose(&self, role: Role) -> Result<Position, Illegal> {
        let Some(square) = self.pending else {
            return Err(Illegal::NoChoicePending);
        };
        if !Role::PROMOTIONS.contains(&role) {
            return Err(Illegal::BadPromotion(role));
        }
        let mut chosen = self.clone();
        chosen.board.set(square, Some(Piece::new(self.turn, role)));
        chosen.pending = None;
        Ok(chosen)
    }

    /// Each choice the owner may make, with the position after it.
    pub(crate) fn choices(&self) -> impl Iterator<Item = (Role, Position)> + '_ {
        Role::PROMOTIONS
            .into_iter()
            .filter_map(|role| Some((role, self.choose(role).ok()?)))
    }

    /// The owner's turn, choice and move (§9.1), or a move that should be
    /// one: `None` for every other move, which is played as usual.
    #[inline]
    pub(crate) fn play_choice(&self, m: &Move) -> Option<Result<Position, Illegal>> {
        match (self.pending, m.choice()) {
            (None, None) => None,
            (None, Some(_)) => Some(Err(Illegal::NoChoicePending)),
            (Some(square), None) => Some(Err(Illegal::ChoiceMissing {
                color: self.turn,
                square,
                example: m.to_string(),
            })),
            (Some(_), Some(role)) => Some(
                self.choose(role)
                    .and_then(|chosen| chosen.play(&m.with_choice(None))),
            ),
        }
    }

    /// Under `promotion=owner`, where a pseudo-legal move leaves an enemy
    /// pawn on its last rank to await its owner's choice (§9.1).
    #[inline]
    pub(crate) fn awaits_choice(&self, m: &Move) -> Option<Square> {
        if self.rules.promotion != Promotion::Owner {
            return None;
        }
        let s = m.shove()?;
        let to = s.target_to?;
        if s.target != Role::Pawn || s.promotion.is_some() {
            return None;
        }
        let them = !self.turn;
        let enemy = self.board.piece_at(s.target_from)? == Piece::new(them, Role::Pawn);
        (enemy && to.rank() == them.last_rank()).then_some(to)
    }
}
