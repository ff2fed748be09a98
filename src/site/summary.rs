//! What the pages show of a game other than its own page: its players,
//! event, round, result and how it ended, when it last changed, whose
//! move it is and by when. Taken once from the replayed game, kept in the
//! pages' cache (`cache.rs`) so that one event's update need not replay
//! the whole folder, and the only thing the index, the feed, a section's
//! page and a player's page read of a game.

use chrono::{DateTime, SecondsFormat, Utc};
use dynamo_core::Color;
use serde::{Deserialize, Serialize};

use crate::game::{CANCELLED, Game, Outcome};
use crate::tournament::Competitor;
use crate::tournament::standings::Played;

/// A player as a game names them. The address only finds the player's
/// page (`club::player_key`); it is never shown.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Person {
    pub name: String,
    pub email: Option<String>,
}

/// One game's summary.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Summary {
    pub white: Person,
    pub black: Person,
    pub event: String,
    /// The Round tag, empty when there is none.
    pub round: String,
    /// The result's PGN token (`1-0`, `0-1`, `1/2-1/2`) once it ended.
    pub result: Option<String>,
    /// Why it ended, as the Termination tag says it.
    pub reason: String,
    /// The time of the game's last event (RFC 3339).
    pub last_event: Option<String>,
    pub white_to_move: bool,
    /// When the side to move must have moved (RFC 3339), if a clock runs.
    pub deadline: Option<String>,
}

impl Summary {
    /// What the pages take of `game`.
    pub fn of(game: &Game) -> Summary {
        let person = |side: Color| {
            let p = game.player(side);
            Person {
                name: p.name.clone(),
                email: p.email.as_ref().map(|a| a.to_string()),
            }
        };
        let stamp = |t: DateTime<Utc>| t.to_rfc3339_opts(SecondsFormat::AutoSi, true);
        Summary {
            white: person(Color::White),
            black: person(Color::Black),
            event: game.event().to_string(),
            round: game.tag("Round").unwrap_or("").to_string(),
            result: game.ending().map(|e| e.outcome.pgn().to_string()),
            reason: game.ending().map_or(String::new(), |e| e.reason.clone()),
            last_event: game.last_event_time().map(stamp),
            white_to_move: game.position().turn() == Color::White,
            deadline: game.clock(DateTime::UNIX_EPOCH).map(|c| stamp(c.deadline)),
        }
    }

    pub fn player(&self, side: Color) -> &Person {
        match side {
            Color::White => &self.white,
            Color::Black => &self.black,
        }
    }

    pub fn finished(&self) -> bool {
        self.result.is_some()
    }

    pub fn outcome(&self) -> Option<Outcome> {
        match self.result.as_deref() {
            // An ended game whose result is `*` was cancelled.
            Some("*") => Some(Outcome::Cancelled),
            result => result.and_then(Outcome::from_pgn),
        }
    }

    pub fn turn(&self) -> Color {
        if self.white_to_move {
            Color::White
        } else {
            Color::Black
        }
    }

    pub fn last_event_time(&self) -> Option<DateTime<Utc>> {
        self.last_event.as_deref().and_then(parse)
    }

    pub fn deadline_time(&self) -> Option<DateTime<Utc>> {
        self.deadline.as_deref().and_then(parse)
    }

    /// What the standings take of the game, as [`Played::of`] takes it
    /// from the game itself.
    pub fn played(&self, file: String) -> Played {
        let competitor = |p: &Person| Competitor {
            name: p.name.clone(),
            email: p.email.clone(),
        };
        Played {
            white: competitor(&self.white),
            black: competitor(&self.black),
            outcome: self.outcome(),
            cancelled: (self.outcome() == Some(Outcome::Cancelled)).then(|| {
                let reason = self.reason.strip_prefix(CANCELLED);
                reason.unwrap_or(&self.reason).to_string()
            }),
            round: self.round.clone(),
            file,
        }
    }
}

fn parse(text: &str) -> Option<DateTime<Utc>> {
    DateTime::parse_from_rfc3339(text)
        .ok()
        .map(|t| t.with_timezone(&Utc))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::sample;

    /// The summary says what the game says, and so do the standings'
    /// facts taken from it.
    #[test]
    fn a_summary_is_the_game_in_short() {
        let game = sample::game(&["e2e4", "e7e5"]);
        let s = Summary::of(&game);
        assert_eq!(s.white.name, game.white().name);
        assert_eq!(s.turn(), game.position().turn());
        assert_eq!(s.last_event_time(), game.last_event_time());
        assert_eq!(
            s.deadline_time(),
            game.clock(DateTime::UNIX_EPOCH).map(|c| c.deadline)
        );
        assert_eq!(s.played("f".into()), Played::of("f".into(), &game));
        let text = serde_json::to_string(&s).expect("JSON");
        let back: Summary = serde_json::from_str(&text).expect("read back");
        assert_eq!(back, s);
    }
}
