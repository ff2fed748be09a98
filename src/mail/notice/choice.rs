//! What a notice says of a pawn awaiting its owner's choice, under
//! `promotion=owner` (docs/RULES.md §9.1): the owner is asked to choose
//! and then move, with the reply's form; the mover is told the opponent
//! chooses; and the choice made alone is said as what happened.

use dynamo_core::{Color, Role, notation};

use super::facts::Notice;
use crate::mail::messages::Args;

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
            .map(|m| {
                self.say(
                    "choice-by-move",
                    &Args::new()
                        .text("name", self.name(m.mover))
                        .text("move", super::numbered(m)),
                )
            })
            .unwrap_or_else(|| self.say("choice-by-last", &Args::new()));
        let args = Args::new()
            .text("by", by)
            .text("name", self.name(owner))
            .text("square", square.to_string());
        if side != owner {
            return Some(self.say("choice-theirs", &args));
        }
        Some(
            self.say(
                "choice-yours",
                &args
                    .text("example", self.choice_example())
                    .text("alone", "=Q"),
            ),
        )
    }

    /// `=Q Qe8e4`: a legal owner's turn of the position, the queen
    /// chosen, as the example of the reply's form.
    pub(super) fn choice_example(&self) -> String {
        let chosen = self.position.choose(Role::Queen).ok();
        let first = chosen.and_then(|p| p.legal_moves().into_iter().next());
        match first {
            Some(m) => format!("=Q {}", notation::format(&m)),
            None => self.say("choice-example-none", &Args::new()),
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
            .map(str::to_string)
            .unwrap_or_else(|| self.say("choice-last-rank", &Args::new()));
        self.say(
            "headline-chose",
            &Args::new()
                .text("by", self.named(by))
                .text("piece", role.name())
                .text("square", square),
        )
    }
}
