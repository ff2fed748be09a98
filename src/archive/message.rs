//! A commit's message: the event as the notices name it on its first line
//! (`autumn/r01-b03: 12... Qd8/d7d5`), the facts a program reads as
//! trailers (`Dynamo-Event:`, `Dynamo-Game:`, `Dynamo-Received:`). Only
//! what the game file itself says publicly goes in: no address, no
//! director's reason or note (those stay in the file, where the director
//! wrote them).

use chrono::{DateTime, Utc};

use crate::game::clock::format_time;
use crate::game::{EventKind, Game};

/// The trailer naming the event's kind.
pub const EVENT_TRAILER: &str = "Dynamo-Event";
/// The trailer naming the game, by its path in the games folder.
pub const GAME_TRAILER: &str = "Dynamo-Game";
/// The trailer of the time the event was received.
pub const RECEIVED_TRAILER: &str = "Dynamo-Received";
/// The trailer of a commit made after the run that recorded its event
/// was stopped.
pub const RECOVERED_TRAILER: &str = "Dynamo-Recovered";

/// The kind of a commit of a game edited outside `dynamo`.
pub const HAND_EDIT: &str = "hand-edit";

/// One commit's message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EventMessage {
    /// The game, by its path in the games folder without `.pgn`.
    pub game: String,
    /// The event in a few words: `12... Qd8/d7d5`, `Black resigns`.
    pub summary: String,
    /// The event's kind (`move`, `resign`, …, `hand-edit`).
    pub kind: String,
    /// When it was received.
    pub received: Option<DateTime<Utc>>,
    /// Committed by a later run than the one that recorded it.
    pub recovered: bool,
}

impl EventMessage {
    /// The message of `game`'s last event, the game at `label`.
    pub fn of_last_event(label: &str, game: &Game) -> EventMessage {
        let event = game.last_event();
        EventMessage {
            game: label.to_string(),
            summary: describe(game),
            kind: event.kind.label().to_string(),
            received: event.at,
            recovered: false,
        }
    }

    /// The message of `label` changed by hand.
    pub fn hand_edit(label: &str) -> EventMessage {
        EventMessage {
            game: label.to_string(),
            summary: "edited by hand".to_string(),
            kind: HAND_EDIT.to_string(),
            received: None,
            recovered: false,
        }
    }

    /// The message as git takes it.
    pub fn text(&self) -> String {
        let mut text = format!("{}: {}", self.game, self.summary);
        if self.recovered {
            text.push_str(" (recovered)");
        }
        text.push_str("\n\n");
        text.push_str(&format!("{EVENT_TRAILER}: {}\n", self.kind));
        text.push_str(&format!("{GAME_TRAILER}: {}\n", self.game));
        if let Some(at) = self.received {
            text.push_str(&format!("{RECEIVED_TRAILER}: {}\n", format_time(at)));
        }
        if self.recovered {
            text.push_str(&format!("{RECOVERED_TRAILER}: yes\n"));
        }
        text
    }

    /// Read back from [`EventMessage::text`]; `None` for another text.
    pub fn parse(text: &str) -> Option<EventMessage> {
        let (first, rest) = text.split_once('\n').unwrap_or((text, ""));
        let trailer = |name: &str| {
            rest.lines()
                .find_map(|l| l.strip_prefix(name)?.strip_prefix(": "))
                .map(str::to_string)
        };
        let game = trailer(GAME_TRAILER)?;
        let recovered = trailer(RECOVERED_TRAILER).is_some();
        let summary = first.strip_prefix(&format!("{game}: "))?;
        let summary = summary.strip_suffix(" (recovered)").unwrap_or(summary);
        Some(EventMessage {
            summary: summary.to_string(),
            kind: trailer(EVENT_TRAILER)?,
            received: trailer(RECEIVED_TRAILER)
                .and_then(|t| DateTime::parse_from_rfc3339(&t).ok())
                .map(|t| t.with_timezone(&Utc)),
            recovered,
            game,
        })
    }
}

/// A game's name in the record, from its path in the archive: the path
/// without `.pgn` (`autumn/r01-b03`), as the notices name it.
pub fn game_label(rel: &str) -> String {
    rel.strip_suffix(".pgn").unwrap_or(rel).to_string()
}

/// `game`'s last event in a few words, with no address and no reason:
/// `12... Qd8/d7d5`, `Black resigns`, `new game`.
pub fn describe(game: &Game) -> String {
    let event = game.last_event();
    match &event.kind {
        EventKind::Created => "new game".to_string(),
        EventKind::Moved => game
            .moves()
            .last()
            .map_or_else(|| "move".to_string(), |m| m.numbered()),
        EventKind::DrawOffered { by } => format!("{} offers a draw", by.title()),
        EventKind::DrawAccepted { by } => format!("{} accepts the draw", by.title()),
        EventKind::DrawDeclined { by } => format!("{} declines the draw", by.title()),
        EventKind::Resigned { by } => format!("{} resigns", by.title()),
        EventKind::Adjudicated { outcome, .. } => format!("adjudicated {outcome}"),
        EventKind::Undone { undone, .. } => format!("{} taken back", undone.numbered()),
        EventKind::Corrected(fix) => {
            let names: Vec<&str> = fix.changes.iter().map(|c| c.name.as_str()).collect();
            format!("header corrected ({})", names.join(", "))
        }
        EventKind::Leave { by, days } => {
            format!("{} on leave {} to {}", by.title(), days.from(), days.to())
        }
        EventKind::Chose { by, role } => format!("{} chose a {}", by.title(), role.name()),
    }
}

#[cfg(test)]
mod tests {
    use chrono::TimeZone;

    use super::EventMessage;

    #[test]
    fn a_message_reads_back() {
        let message = EventMessage {
            game: "autumn/r01-b03".to_string(),
            summary: "12... Qd8/d7d5".to_string(),
            kind: "move".to_string(),
            received: Some(chrono::Utc.with_ymd_and_hms(2026, 3, 1, 10, 0, 0).unwrap()),
            recovered: true,
        };
        let text = message.text();
        assert!(
            text.starts_with("autumn/r01-b03: 12... Qd8/d7d5 (recovered)\n\n"),
            "{text}"
        );
        assert_eq!(EventMessage::parse(&text), Some(message));
    }
}
