//! The words found, judged against the game: one command, or why none
//! (see the rule in [`super`]).

use dynamo_core::{
    Color, Move, MoveError, Notation, Position, Promotion, notation, parse_game_move,
};
use thiserror::Error;

use super::choice::choice_words;
use super::conditional::{LineWords, line_words};
use super::moves::{MoveWord, Sureness, move_words};
use super::phrases::phrase_words;
use crate::inbox::command::{CANCEL_CONDITIONALS, Command};
use crate::mail::notice::reply;

/// Why a reply records nothing.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum Unread {
    /// Nothing in the words looks like a move or a phrase. The examples
    /// of a move are the position's own, in the answer's "How to reply"
    /// (or the digest's line): a move named here might not be legal.
    #[error(
        "no move and no command was found in your words: a reply holds one move anywhere in \
         your own words, or one of the phrases {}, {}, {}, {}",
        reply::RESIGN,
        reply::OFFER_DRAW,
        reply::ACCEPT_DRAW,
        reply::DECLINE_DRAW
    )]
    Missing,
    /// Two different legal moves, a move with a resignation, two
    /// different phrases: each, as written.
    #[error(
        "your mail says more than one thing: {}; nothing was recorded, as a guess could play \
         what you did not mean: send just one",
        listed(.0)
    )]
    Unclear(Vec<String>),
    /// Only moves that are not legal, or not moves at all: the first, with
    /// its rule and the closest legal moves, as `dynamo check` says it.
    #[error("{0}")]
    Refused(MoveError),
}

/// `a`, `a and b`, `a, b and c`.
fn listed(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

/// One legal move named, with the first word that named it.
struct Named<'w> {
    word: &'w MoveWord,
    canonical: Option<String>,
}

/// Reads the command of the player of `side` from their own words,
/// judged in `position`, the position of the notice they answer.
pub fn read_reply(text: &str, position: &Position, side: Color) -> Result<Command, Unread> {
    if position.pending().is_some() && position.turn() == side {
        return with_choice(text, position, side);
    }
    match read_reply_at(text, position, side) {
        // Under `promotion=owner`, a choice alone where no pawn awaits one
        // (a choice sent again, most often) is a choice all the same: the
        // game judges it, a duplicate or refused (docs/RULES.md §13.18).
        Err(Unread::Missing) if position.rules().promotion == Promotion::Owner => {
            match choice_words(text).as_slice() {
                [one] => Ok(Command::Choose(*one)),
                _ => Err(Unread::Missing),
            }
        }
        read => read,
    }
}

/// [`read_reply`] once the owner's choice, if any, is made.
fn read_reply_at(text: &str, position: &Position, side: Color) -> Result<Command, Unread> {
    let found = line_words(text, position.turn() != side);
    if found.cancel || !found.lines.is_empty() {
        return with_lines(found, position, side);
    }
    let words = move_words(text);
    let mut phrases: Vec<Command> = Vec::new();
    for p in phrase_words(text) {
        if !phrases.contains(&p.command) {
            phrases.push(p.command);
        }
    }
    let mut named: Vec<Named> = Vec::new();
    let mut seen: Vec<Move> = Vec::new();
    let mut wrong: Vec<&MoveWord> = Vec::new();
    for word in &words {
        if position.turn() != side {
            // Not the player's move here: no move of theirs is legal, and
            // the recorder says whose turn it is. Each text counts once.
            if word.sureness != Sureness::Mistyped
                && !named.iter().any(|n| n.word.text == word.text)
            {
                named.push(Named {
                    word,
                    canonical: None,
                });
            }
            continue;
        }
        match legal(position, word) {
            Some(m) if seen.contains(&m) => {}
            Some(m) => {
                seen.push(m);
                named.push(Named {
                    word,
                    canonical: Some(notation::format(&m)),
                });
            }
            None => wrong.push(word),
        }
    }
    let unclear = |named: &[Named], phrases: &[Command]| {
        let mut found: Vec<String> = named.iter().map(describe).collect();
        found.extend(phrases.iter().map(Command::to_string));
        Unread::Unclear(found)
    };
    match named.as_slice() {
        [] => {}
        [one] => {
            // A move may come with a draw offer; declining the opponent's
            // offer and moving is the same as moving (the offer stands
            // until the opponent answers or moves).
            if phrases
                .iter()
                .any(|p| !matches!(p, Command::OfferDraw | Command::DeclineDraw))
            {
                return Err(unclear(&named, &phrases));
            }
            return Ok(Command::Move {
                text: one.word.text.clone(),
                number: one.word.number,
                offer_draw: phrases.contains(&Command::OfferDraw),
            });
        }
        _ => return Err(unclear(&named, &phrases)),
    }
    match (phrases.as_slice(), wrong.first()) {
        // `offer draw` comes with a move: the move that is not legal is
        // the player's concern, not a bare offer.
        ([] | [Command::OfferDraw], Some(first)) => Err(Unread::Refused(refusal(position, first))),
        ([], None) => Err(Unread::Missing),
        ([one], _) => Ok(one.clone()),
        (more, _) => Err(unclear(&[], more)),
    }
}

/// A reply with conditional lines or `cancel conditionals`: the rest of
/// it may hold one move, recorded before the lines, and nothing else.
fn with_lines(found: LineWords, position: &Position, side: Color) -> Result<Command, Unread> {
    let first = match read_reply(&found.rest, position, side) {
        Ok(command @ Command::Move { .. }) => Some(Box::new(command)),
        Ok(other) => return Err(Unread::Unclear(vec![other.to_string(), "lines".into()])),
        Err(Unread::Missing) => None,
        Err(e) => return Err(e),
    };
    if !found.cancel {
        return Ok(Command::Conditional {
            first,
            lines: found.lines,
        });
    }
    match (first, found.lines.is_empty()) {
        (None, true) => Ok(Command::CancelConditionals),
        (first, _) => {
            let mut said: Vec<String> = first.iter().map(|c| c.to_string()).collect();
            said.extend(found.lines.iter().map(|l| l.join(" ")));
            said.push(CANCEL_CONDITIONALS.to_string());
            Err(Unread::Unclear(said))
        }
    }
}

/// The reply of the owner of a pawn awaiting their choice (docs/RULES.md
/// §9.1): the piece chosen and a move in the position with it, `=Q
/// e8e4`; the choice alone; or, without a choice, the move refused as
/// `dynamo move` refuses it, naming the pawn and the choices.
fn with_choice(text: &str, position: &Position, side: Color) -> Result<Command, Unread> {
    let role = match choice_words(text).as_slice() {
        [] => None,
        [one] => Some(*one),
        more => {
            let said = more
                .iter()
                .map(|r| format!("={} ({})", r.upper_char(), r.name()))
                .collect();
            return Err(Unread::Unclear(said));
        }
    };
    let Some(role) = role else {
        // Every move word is refused for want of the choice; a phrase
        // (resign, a draw) stands as it would.
        return read_reply_at(text, position, side);
    };
    let Ok(chosen) = position.choose(role) else {
        return Err(Unread::Missing);
    };
    match read_reply_at(text, &chosen, side) {
        Ok(Command::Move {
            text,
            number,
            offer_draw,
        }) => Ok(Command::Move {
            text: format!("={} {text}", role.upper_char()),
            number,
            offer_draw,
        }),
        Err(Unread::Missing) => Ok(Command::Choose(role)),
        Ok(other) => Err(Unread::Unclear(vec![
            Command::Choose(role).to_string(),
            other.to_string(),
        ])),
        Err(e) => Err(e),
    }
}

/// The legal move a word names in `position`, if it names one.
fn legal(position: &Position, word: &MoveWord) -> Option<Move> {
    if word.sureness == Sureness::Mistyped {
        return None;
    }
    let (_, notation) = Notation::read(&word.text).ok()?;
    notation.resolve(position).ok()
}

/// Why `word` is not a legal move, as `dynamo check` says it.
fn refusal(position: &Position, word: &MoveWord) -> MoveError {
    match parse_game_move(position, &word.written()) {
        Err(e) => e,
        // Legal with its number after all: cannot be, as the word was
        // judged not legal; said plainly all the same.
        Ok(_) => MoveError::Illegal {
            text: word.written(),
            reason: dynamo_core::Illegal::NoFit("no legal move fits it".to_string()),
            closest: Box::default(),
        },
    }
}

/// `Nf3 (Ng1f3)`: as written, and the move it names when that reads
/// otherwise.
fn describe(named: &Named) -> String {
    let written = named.word.written();
    match &named.canonical {
        Some(c) if *c != named.word.text => format!("{written} ({c})"),
        _ => written,
    }
}

#[cfg(test)]
mod tests;
