//! Where a game stands on an owner's choice (docs/RULES.md §9.1,
//! §13.18), as `show`, the game's page and a refusal say it: a pawn
//! awaiting the choice, or a choice made alone with the move to come.
//! Apart from [`super::choice`], which records the choice, so that the
//! rulings on moves ([`super::actions`]) may name it.

use dynamo_core::{Color, Position, Role, Square};

/// Where a game stands on an owner's choice (docs/RULES.md §9.1), as
/// `show` and the game's page say it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Choosing {
    /// The pawn on `square` awaits the choice of `owner`, who is to
    /// move; `choices` are those that leave them a move (§13.18).
    Awaits {
        owner: Color,
        square: Square,
        choices: Vec<Role>,
    },
    /// `owner` chose `role` for the pawn on `square` alone (§13.18);
    /// their move is awaited.
    Chose {
        owner: Color,
        square: Square,
        role: Role,
    },
}

impl Choosing {
    /// The pawn awaiting its owner's choice in `pos`, if one does.
    pub fn awaited(pos: &Position) -> Option<Choosing> {
        let square = pos.pending()?;
        let choices = Role::PROMOTIONS
            .into_iter()
            .filter(|&r| pos.choose(r).is_ok_and(|p| p.has_legal_move()))
            .collect();
        Some(Choosing::Awaits {
            owner: pos.turn(),
            square,
            choices,
        })
    }
}

impl std::fmt::Display for Choosing {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Choosing::Awaits {
                owner,
                square,
                choices,
            } => {
                let written: Vec<String> = choices
                    .iter()
                    .map(|r| format!("={}", r.upper_char()))
                    .collect();
                let choices = match written.split_last() {
                    Some((last, rest)) if !rest.is_empty() => {
                        format!("{} or {last}", rest.join(", "))
                    }
                    Some((last, _)) => last.clone(),
                    None => String::new(),
                };
                write!(
                    f,
                    "the {} pawn on {square} awaits {}'s choice ({choices}), then {}'s move",
                    owner.name(),
                    owner.title(),
                    owner.title()
                )
            }
            Choosing::Chose {
                owner,
                square,
                role,
            } => write!(
                f,
                "{} chose the {} (={}) for the pawn on {square}; {}'s move is awaited",
                owner.title(),
                role.name(),
                role.upper_char(),
                owner.title()
            ),
        }
    }
}
