//! The lines an event ends, told to their player in their own copy of
//! that event's notice, never in the opponent's (docs/players.md,
//! "Conditional moves").

use dynamo_core::Color;

use super::store::Store;
use super::walk::{Walked, described, walk};
use crate::durable::FileError;
use crate::game::Game;

/// A player's lines that one event ended, and why, in words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ended {
    pub side: Color,
    /// Each line in canonical notation, numbered as the game numbers it.
    pub lines: Vec<String>,
    pub why: String,
}

impl Ended {
    /// What the player's copy says of them, line by line.
    pub fn told(&self) -> Vec<(Color, String)> {
        let mut told = vec![(
            self.side,
            format!(
                "Your conditional lines ended, so none of them will be played: {}.",
                self.why
            ),
        )];
        told.extend(
            self.lines
                .iter()
                .map(|line| (self.side, format!("Ended line: {line}"))),
        );
        told
    }
}

/// The lines that the last event of `after` ends: read under the game's
/// lock before that event is written, from stores brought up to the
/// event before it (the catch-up step runs before every recording), so
/// lines ended earlier are not told again.
pub(crate) fn ended_by(store: &Store, after: &Game) -> Result<Vec<Ended>, FileError> {
    let mut ended = Vec::new();
    for side in [Color::White, Color::Black] {
        let Some(stored) = store.load(after, side)? else {
            continue;
        };
        if stored.ended.is_some() {
            continue;
        }
        if let Walked::Ended { stored: now } = walk(&stored, after, side) {
            ended.push(Ended {
                side,
                lines: described(after, &now),
                why: now.ended.clone().unwrap_or_default(),
            });
        }
    }
    Ok(ended)
}
