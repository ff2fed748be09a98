//! The lines of one player over the game's events since they were kept:
//! the game file decides, the store only says where to start. Walking is
//! pure, so it can be asked as often as wished with the same answer.

use dynamo_core::Color;

use super::line::{Moves, numbered_at};
use super::store::Stored;
use crate::game::{EventKind, Game};

/// What became of a player's lines.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Walked {
    /// Lines still standing after the game's last event; `owed` is the
    /// player's reply to play now, if the opponent's move began a line.
    Live {
        stored: Stored,
        owed: Option<String>,
    },
    /// The lines ended: `stored` holds them as they stood, anchored at
    /// the last event they stood after, and why they ended.
    Ended { stored: Stored },
    /// Every line was played to its end.
    Spent,
}

/// Walks the lines `stored` of the player of `side` over the events of
/// `game` after the one they were kept after.
pub fn walk(stored: &Stored, game: &Game, side: Color) -> Walked {
    let events = game.events();
    let ended = |stood: &Stored, why: String| Walked::Ended {
        stored: Stored {
            ended: Some(why),
            ..stood.clone()
        },
    };
    if let Some(why) = &stored.ended {
        return ended(stored, why.clone());
    }
    let anchor = match events.get(stored.seq as usize) {
        Some(e) if e.key() == stored.key => e,
        // The director's `undo` replaces the move it takes back.
        _ => {
            let why = events
                .iter()
                .skip(stored.seq as usize)
                .find(|e| !matches!(e.kind, EventKind::Moved))
                .map_or_else(
                    || "the game's record changed since they were given".into(),
                    |e| ended_by(&e.kind),
                );
            return ended(stored, why);
        }
    };
    // Lines given after a choice made alone were read with the chosen
    // piece in place: their first move is written without the choice.
    let chosen_before = events[..=stored.seq as usize]
        .iter()
        .any(|e| matches!(e.kind, EventKind::Chose { .. }) && e.ply == anchor.ply);
    let mut stood = Stored::after(anchor, stored.lines.clone());
    for event in &events[stored.seq as usize + 1..] {
        if stood.lines.is_empty() {
            return Walked::Spent;
        }
        let played = match &event.kind {
            EventKind::Moved => game.moves().get((event.ply as usize).wrapping_sub(1)),
            // A choice made alone is compared with the move that completes
            // its turn (docs/RULES.md §13.18).
            EventKind::Chose { .. } => continue,
            _ => None,
        };
        let Some(played) = played else {
            return ended(&stood, ended_by(&event.kind));
        };
        let plain = chosen_before && event.ply == anchor.ply + 1;
        let text = as_played(game, event.ply as usize, plain).unwrap_or_default();
        let next: Vec<Moves> = stood
            .lines
            .iter()
            .filter(|l| l.first() == Some(&text))
            .map(|l| l[1..].to_vec())
            .filter(|l| !l.is_empty())
            .collect();
        let began = stood.lines.iter().any(|l| l.first() == Some(&text));
        if !began {
            let why = if played.mover == side {
                format!("you played {} yourself", played.numbered())
            } else {
                format!("none of them began with {}", played.numbered())
            };
            return ended(&stood, why);
        }
        stood = Stored::after(event, next);
    }
    if stood.lines.is_empty() {
        return Walked::Spent;
    }
    if game.ending().is_some() {
        return ended(&stood, "the game is over".into());
    }
    let owed = (game.position().turn() == side)
        .then(|| stood.lines[0].first().cloned())
        .flatten();
    Walked::Live {
        stored: stood,
        owed,
    }
}

/// Ply `ply` (from 1) of `game` as a line keeps it, its turn as played:
/// under `promotion=owner` the record writes the owner's choice on the
/// mover's move (`Re6e7/e7e8=Q`) while a line, read move by move, has
/// the mover's move without it and the owner's move with it (`Re6e7/e7e8`,
/// `=Q Qe8/e7e6`; docs/RULES.md §9.1). `plain`: the owner's move without
/// its choice.
fn as_played(game: &Game, ply: usize, plain: bool) -> Option<String> {
    let moves = game.moves();
    let m = moves.get(ply.checked_sub(1)?)?;
    let own = match m.owner_chose {
        Some(_) => m.notation.get(..m.notation.len().checked_sub(2)?)?,
        None => m.notation.as_str(),
    };
    let chosen = ply
        .checked_sub(2)
        .and_then(|k| moves.get(k))
        .filter(|before| before.mover != m.mover && !plain)
        .and_then(|before| before.owner_chose);
    Some(match chosen {
        Some(role) => format!("={} {own}", role.upper_char()),
        None => own.to_string(),
    })
}

/// Why an event other than a move ends the lines, in words.
fn ended_by(kind: &EventKind) -> String {
    match kind {
        EventKind::DrawOffered { by } => {
            format!("{} offered a draw: answer it yourself", by.title())
        }
        EventKind::DrawDeclined { by } => format!("{} declined a draw", by.title()),
        EventKind::DrawAccepted { .. } | EventKind::Resigned { .. } => "the game is over".into(),
        EventKind::Adjudicated { outcome, .. } => {
            format!("the director decided the game, {outcome}")
        }
        EventKind::Undone { undone, .. } => {
            format!("the director took back {}", undone.numbered())
        }
        EventKind::Corrected(_) => "the director corrected the game's header".into(),
        EventKind::Leave { by, .. } => format!("{}'s leave was recorded", by.title()),
        EventKind::Chose { by, role } => {
            format!(
                "{} chose a {} for the promoted pawn",
                by.title(),
                role.name()
            )
        }
        EventKind::Created | EventKind::Moved => {
            "the game's record changed since they were given".into()
        }
    }
}

/// The number and mover of the move after `ply` moves of `game`.
pub fn first_after(game: &Game, ply: u32) -> (u32, Color) {
    let start = game.start_position();
    let from_black = u32::from(start.turn() == Color::Black);
    let k = ply + from_black;
    let mover = if k.is_multiple_of(2) {
        Color::White
    } else {
        Color::Black
    };
    (start.fullmoves() + k / 2, mover)
}

/// Each line of `stored` with its move numbers, as `game` numbers them.
pub fn described(game: &Game, stored: &Stored) -> Vec<String> {
    let first = first_after(game, stored.ply);
    stored.lines.iter().map(|l| numbered_at(first, l)).collect()
}
