//! What a player asks for in a reply, once the reader
//! ([`super::reading`]) has found it in their words and judged it
//! against the game.

use std::fmt;

use crate::mail::digest::Choice;
use crate::mail::notice::reply;

/// The phrase that cancels a player's conditional lines.
pub const CANCEL_CONDITIONALS: &str = "cancel conditionals";

/// What a player asks for in a reply.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    /// A move, as written (its number removed), and whether a draw is
    /// offered with it.
    Move {
        text: String,
        /// The move number written before it, and whether it was written
        /// as Black's (`23...`).
        number: Option<(u32, bool)>,
        offer_draw: bool,
    },
    Resign,
    OfferDraw,
    AcceptDraw,
    DeclineDraw,
    /// `digest daily` or `digest off`: how the player takes their mail
    /// (`mail::digest`), not a command of the game.
    Digest(Choice),
    /// Conditional lines (docs/players.md, "Conditional moves"), each its moves
    /// as written, and the move to record before them, if any.
    Conditional {
        first: Option<Box<Command>>,
        lines: Vec<Vec<String>>,
    },
    /// `cancel conditionals`.
    CancelConditionals,
    /// The owner's choice alone for their pawn awaiting it (`queen`,
    /// `=Q`); the move follows in a later reply (docs/RULES.md §9.1).
    Choose(dynamo_core::Role),
}

impl Command {
    /// A phrase's command; `None` for a move.
    pub fn phrase(&self) -> Option<&'static str> {
        match self {
            Command::Move { .. } | Command::Conditional { .. } | Command::Choose(_) => None,
            Command::CancelConditionals => Some(CANCEL_CONDITIONALS),
            Command::Resign => Some(reply::RESIGN),
            Command::OfferDraw => Some(reply::OFFER_DRAW),
            Command::AcceptDraw => Some(reply::ACCEPT_DRAW),
            Command::DeclineDraw => Some(reply::DECLINE_DRAW),
            Command::Digest(choice) => Some(choice.phrase()),
        }
    }
}

/// The move as written with its number (`12... Nf6`), or the phrase.
impl fmt::Display for Command {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Command::Move {
                text,
                number,
                offer_draw,
            } => {
                match number {
                    Some((n, true)) => write!(f, "{n}... {text}")?,
                    Some((n, false)) => write!(f, "{n}. {text}")?,
                    None => write!(f, "{text}")?,
                }
                if *offer_draw {
                    write!(f, " and {}", reply::OFFER_DRAW)?;
                }
                Ok(())
            }
            Command::Conditional { first, lines } => {
                if let Some(first) = first {
                    write!(f, "{first}, ")?;
                }
                let lines: Vec<String> = lines.iter().map(|l| l.join(" ")).collect();
                write!(f, "conditional lines {}", lines.join("; "))
            }
            Command::Choose(role) => write!(f, "={} ({})", role.upper_char(), role.name()),
            phrase => f.write_str(phrase.phrase().unwrap_or_default()),
        }
    }
}
