//! What a notice says of a pawn awaiting its owner's choice, under
//! `promotion=owner` (docs/RULES.md §9.1): the owner is asked to choose
//! and then move, with the reply's form; the mover is told the opponent
//! chooses; and the choice made alone is said as what happened.

use dynamo_core::{Color, Role, notation};

use super::facts::Notice;

impl Notice {
    /// The sentence that asks the owner, `side`, for their choice, or
    /// tells the mover the opponent chooses; `None` when no pawn awaits
    /// a choice or the game is over.
    pub(super) fn choice_line(&self, side: Color) -> Option<String> {
        if self.ending.is_some() {
            return None;
        }
        let square = self.position.pending()?;
        let owner = self.position.turn();
        let by = self
            .moves
            .last()
            .map(|m| format!("{}'s move {}", self.name(m.mover), super::numbered(m)))
            .unwrap_or_else(|| "The last move".to_string());
        if side != owner {
            return Some(format!(
                "{by} left {}'s pawn on {square}: {} chooses what it becomes, then moves.",
                self.name(owner),
                self.name(owner)
            ));
        }
        Some(format!(
            "{by} brought your pawn to {square}: choose what it becomes (queen, rook, bishop or \
             knight) and then make your move, in one reply ({}) or the choice first ({}) and \
             the move later.",
            self.choice_example(),
            "=Q"
        ))
    }

    /// `=Q Qe8e4`: a legal owner's turn of the position, the queen
    /// chosen, as the example of the reply's form.
    pub(super) fn choice_example(&self) -> String {
        let chosen = self.position.choose(Role::Queen).ok();
        let first = chosen.and_then(|p| p.legal_moves().into_iter().next());
        match first {
            Some(m) => format!("=Q {}", notation::format(&m)),
            None => "=Q and your move".to_string(),
        }
    }

    /// `Wendy chose a queen for the pawn on e8`: a choice made alone.
    pub(super) fn chose_headline(&self, by: Color, role: Role) -> String {
        let square = self
            .moves
            .last()
            .and_then(|m| {
                m.notation
                    .rfind('=')
                    .and_then(|at| m.notation.get(at - 2..at))
            })
            .unwrap_or("its last rank");
        format!(
            "{} chose a {} for the pawn on {square}",
            self.named(by),
            role.name()
        )
    }
}
