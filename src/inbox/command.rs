//! The player's command, read from their own text: a move in any notation
//! `dynamo` reads, optionally numbered, or one of the reply phrases.

use thiserror::Error;

use crate::mail::reply;

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
}

#[derive(Debug, Error, PartialEq, Eq)]
pub enum CommandError {
    #[error("no move or command was found in the mail")]
    Missing,
    /// Two different commands, or two moves.
    #[error("the mail is unclear: {0}")]
    Unclear(String),
}

/// Reads the command from the player's own text.
pub fn read_command(text: &str) -> Result<Command, CommandError> {
    let mut lines = text.lines().map(str::trim).filter(|l| !l.is_empty());
    let first = lines.next().ok_or(CommandError::Missing)?;
    Ok(match first.to_lowercase().as_str() {
        reply::RESIGN => Command::Resign,
        reply::OFFER_DRAW => Command::OfferDraw,
        reply::ACCEPT_DRAW => Command::AcceptDraw,
        reply::DECLINE_DRAW => Command::DeclineDraw,
        _ => Command::Move {
            text: first.to_string(),
            number: None,
            offer_draw: lines
                .next()
                .is_some_and(|l| l.eq_ignore_ascii_case(reply::OFFER_DRAW)),
        },
    })
}
