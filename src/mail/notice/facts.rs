//! What a notice knows of its game: the facts gathered once from the
//! game's latest event (players, position, moves, clocks, leave, the
//! event itself), from which every line of every copy is said.

use std::borrow::Cow;

use chrono::{DateTime, Duration, Utc};

use super::picture::{Replayed, replay_played};
use crate::game::{
    Allowed, Clock, Ending, EventKind, Game, Language, LateMove, LeaveDays, Player, RecordedMove,
};
use crate::mail::messages::{self, Args};
use crate::mail::text::one_line;
use dynamo_core::{ByColor, Color, Position};

/// The event a notice is about.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Happened {
    /// Its place in the game's history (0: the creation).
    pub seq: u32,
    /// Its key ([`crate::game::Event::key`]): names the notice's
    /// Message-IDs and proves, in the outbox, which event it is.
    pub key: String,
    /// What happened.
    pub kind: EventKind,
    /// When.
    pub at: Option<DateTime<Utc>>,
}

/// Both players' clocks at the time of the notice.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Clocks {
    /// The clock of the side to move, which runs.
    pub running: Clock,
    /// The time the other side has for their next move, not running:
    /// negative when over its limit already (a period control, after a
    /// late move), which is no time in hand.
    pub other_left: Option<Duration>,
}

/// A move that came after its deadline, as its notices say it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LateNote {
    /// The move, its deadline and when it came.
    pub late: LateMove,
    /// What the time control gave the mover up to it
    /// ([`crate::game::TimeControl::allowed`]).
    pub allowed: Option<Allowed>,
}

/// A player's leave that a notice mentions: going on, or to come.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LeaveNote {
    /// Whose leave.
    pub side: Color,
    /// Its first and last day.
    pub days: LeaveDays,
    /// Whether it is going on at the time of the notice.
    pub current: bool,
}

/// Everything a notice says, gathered from a game.
#[derive(Debug, Clone)]
pub struct Notice {
    /// Stable identifier of the game (names the Message-IDs).
    pub game_id: String,
    /// The game's Event tag, shown when not blank.
    pub event_name: String,
    /// The Round tag, shown when it names one.
    pub round: String,
    /// The rule set and the time control, as the file writes them.
    pub rules: String,
    /// The time control, as the file writes it.
    pub time_control: String,
    /// The player of White.
    pub white: Player,
    /// The player of Black.
    pub black: Player,
    /// The position after the event.
    pub position: Position,
    /// The moves as the game records them, numbered by the game.
    pub moves: Vec<RecordedMove>,
    /// A finished game's result and reason.
    pub ending: Option<Ending>,
    /// The side whose draw offer stands.
    pub draw_offer: Option<Color>,
    /// The event this notice is about.
    pub happened: Happened,
    /// Lines for one player's copy only, never the other's: which of
    /// their conditional lines this event ended, and why.
    pub private: Vec<(Color, String)>,
    /// The keys of the game's earlier events, oldest first (threading).
    pub earlier: Vec<String>,
    /// The last move's marks and the pieces lost off the board.
    pub replayed: Replayed,
    /// Both clocks; `None` without a time control or after the end.
    pub clocks: Option<Clocks>,
    /// The move this notice is about, when it came late.
    pub late: Option<LateNote>,
    /// Each player's leave going on or to come, while the game goes on.
    pub leave: Vec<LeaveNote>,
    /// Each player's language, from the game's header.
    pub languages: ByColor<Language>,
    /// The language the lines are said in: English as built, each
    /// player's own in their copy ([`Notice::speaking`]).
    pub language: Language,
}

impl Notice {
    /// The notice of the game's latest event; `now` sets the clocks.
    pub fn from_game(game: &Game, now: DateTime<Utc>) -> Notice {
        let last = game.last_event();
        let earlier = game.events()[..game.events().len() - 1]
            .iter()
            .map(|e| e.key())
            .collect();
        let running = game.clock(now);
        let clocks = running.map(|running| Clocks {
            other_left: game.side_clock(!running.side, now).map(|c| c.in_hand),
            running,
        });
        let leave = [Color::White, Color::Black]
            .into_iter()
            .filter(|_| game.ending().is_none())
            .filter_map(|side| {
                let days = game.next_leave(side, now)?;
                Some(LeaveNote {
                    side,
                    days,
                    current: game.leave(side).at(now).is_some(),
                })
            })
            .collect();
        let late = game
            .last_move_late()
            .filter(|_| matches!(last.kind, EventKind::Moved))
            .map(|late| LateNote {
                allowed: game.time_control().allowed(late.nth),
                late: late.clone(),
            });
        let replayed = replay_played(game);
        Notice {
            game_id: game.game_id(),
            event_name: game.event().to_string(),
            round: game.tag("Round").unwrap_or("").to_string(),
            rules: game.rules().described(),
            time_control: game.time_control().to_string(),
            white: game.white().clone(),
            black: game.black().clone(),
            position: game.position().clone(),
            moves: game.moves().to_vec(),
            ending: game.ending().cloned(),
            draw_offer: game.draw_offer(),
            happened: Happened {
                seq: last.seq,
                key: last.key(),
                kind: last.kind.clone(),
                at: last.at,
            },
            private: Vec::new(),
            earlier,
            replayed,
            clocks,
            late,
            leave,
            languages: ByColor::new_with(|side| game.language(side)),
            language: Language::English,
        }
    }

    /// The notice said in `language`: itself when it speaks it already.
    pub fn speaking(&self, language: Language) -> Cow<'_, Notice> {
        if self.language == language {
            Cow::Borrowed(self)
        } else {
            Cow::Owned(Notice {
                language,
                ..self.clone()
            })
        }
    }

    /// A message of the notice's language.
    pub(crate) fn say(&self, id: &str, args: &Args) -> String {
        messages::say(self.language, id, args)
    }

    /// `White` or `Black`, in the notice's language.
    pub(crate) fn side_word(&self, side: Color) -> String {
        messages::word(
            self.language,
            match side {
                Color::White => "side-white",
                Color::Black => "side-black",
            },
        )
    }

    /// How many moves are recorded: 0 for a new game.
    pub fn ply(&self) -> u32 {
        u32::try_from(self.moves.len()).unwrap_or(u32::MAX)
    }

    /// The player of `side`.
    pub fn player(&self, side: Color) -> &Player {
        match side {
            Color::White => &self.white,
            Color::Black => &self.black,
        }
    }

    /// The name of the player of `side`, on one line.
    pub fn name(&self, side: Color) -> String {
        let name = one_line(&self.player(side).name);
        if name.is_empty() {
            self.side_word(side)
        } else {
            name
        }
    }

    /// `Ada (White)`.
    pub(crate) fn named(&self, side: Color) -> String {
        self.say(
            "named",
            &Args::new()
                .text("name", self.name(side))
                .text("side", self.side_word(side)),
        )
    }

    /// The greeting of every mail to the player of `side` (notices,
    /// answers, reminders): `Dear Karl-Heinz Schmidt,` for a player
    /// written `Schmidt, Karl-Heinz`.
    pub fn salutation(&self, side: Color) -> String {
        self.say(
            "salutation",
            &Args::new().text("name", addressed_as(&self.name(side))),
        )
    }
}

/// Suffixes written after a comma that are part of the name, not a
/// first name: `King, Jr.` stays as it is.
const SUFFIXES: [&str; 9] = ["jr", "sr", "ii", "iii", "iv", "phd", "md", "esq", "frs"];

/// A name as a letter addresses its owner: `Schmidt, Karl-Heinz` (last
/// name, comma, first names, as club lists and FIDE write them) becomes
/// `Karl-Heinz Schmidt`; any other name, or one whose part after the
/// comma is a suffix (`Jr.`), stays as it is.
pub fn addressed_as(name: &str) -> String {
    let Some((last, first)) = name.split_once(',') else {
        return name.to_string();
    };
    let (last, first) = (last.trim(), first.trim());
    let suffix = SUFFIXES.contains(&first.trim_end_matches('.').to_lowercase().as_str());
    if last.is_empty() || first.is_empty() || first.contains(',') || suffix {
        return name.to_string();
    }
    format!("{first} {last}")
}

/// The notice of the last event of a game of Alice (White) against Bob
/// (Black), time control `10/50d`, with `moves` played from the start:
/// the fixture of this layer's tests.
#[cfg(test)]
pub(crate) fn sample(moves: &[&str]) -> Notice {
    Notice::from_game(&sample_game(moves), sample_start() + Duration::days(2))
}

#[cfg(test)]
pub(crate) use crate::game::sample::{game as sample_game, start as sample_start};

#[cfg(test)]
mod tests {
    use super::addressed_as;

    #[test]
    fn last_comma_first_is_addressed_first_last() {
        assert_eq!(addressed_as("Schmidt, Karl-Heinz"), "Karl-Heinz Schmidt");
        assert_eq!(
            addressed_as("Lefèvre,  Jean-Pierre "),
            "Jean-Pierre Lefèvre"
        );
        assert_eq!(addressed_as("du Châtelet, Émilie"), "Émilie du Châtelet");
        assert_eq!(addressed_as("Ada Lovelace"), "Ada Lovelace");
        assert_eq!(addressed_as("King, Jr."), "King, Jr.");
        assert_eq!(addressed_as("Babbage, FRS"), "Babbage, FRS");
        assert_eq!(addressed_as("a, b, c"), "a, b, c");
        assert_eq!(addressed_as(", Ada"), ", Ada");
        assert_eq!(addressed_as("Ada,"), "Ada,");
    }
}
