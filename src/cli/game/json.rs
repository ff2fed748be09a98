//! The JSON shapes that `games --json` and `export --format json` share,
//! one shape per thing. Scripts read these keys in this order: they are
//! part of the interface.

use chrono::{DateTime, Utc};
use dynamo::game::clock::format_time;
use dynamo::game::{Event, EventKind, Game, LeaveDays, Player, RecordedMove};
use dynamo_core::Color;
use serde::Serialize;

/// A player: the name as the file writes it, and the address if any.
#[derive(Serialize)]
pub(super) struct PlayerJson {
    name: String,
    email: Option<String>,
}

impl From<&Player> for PlayerJson {
    fn from(p: &Player) -> PlayerJson {
        PlayerJson {
            name: p.name.clone(),
            email: p.email.as_ref().map(|e| e.as_str().to_string()),
        }
    }
}

/// A recorded move: its place, its number, whose, the notation as
/// recorded and when it was received.
#[derive(Serialize)]
pub(super) struct MoveJson {
    ply: u32,
    number: u32,
    side: &'static str,
    notation: String,
    received: String,
    /// The piece the pawn's owner chose for the pawn this move left on
    /// its last rank (`queen`, docs/RULES.md §9.1); left out otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    owner_chose: Option<&'static str>,
}

/// One event of the game's history: what, by whom, when, after how many
/// moves, and the key its notices are named by.
#[derive(Serialize)]
pub(super) struct EventJson {
    seq: u32,
    kind: &'static str,
    by: Option<&'static str>,
    at: Option<String>,
    ply: u32,
    result: Option<&'static str>,
    reason: Option<String>,
    key: String,
    /// For an `undo`: the move taken back.
    undone: Option<UndoneJson>,
    /// For a `set`: each tag changed.
    changes: Option<Vec<ChangeJson>>,
    /// A leave's first and last day; left out for the other kinds.
    #[serde(skip_serializing_if = "Option::is_none")]
    from: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    to: Option<String>,
    /// For a `choose`: the piece chosen (`queen`); left out for the other
    /// kinds.
    #[serde(skip_serializing_if = "Option::is_none")]
    piece: Option<&'static str>,
}

/// One leave recorded in a game: whose, its first and last day (both
/// included, UTC), and when it was recorded.
#[derive(Serialize)]
pub(super) struct LeaveJson {
    side: &'static str,
    from: String,
    to: String,
    recorded: Option<String>,
}

/// Every leave recorded in `game`, in the order recorded.
pub(super) fn leave_list(game: &Game) -> Vec<LeaveJson> {
    game.events()
        .iter()
        .filter_map(|e| match e.kind {
            EventKind::Leave { by, days } => Some(LeaveJson::new(by, days, e.at)),
            _ => None,
        })
        .collect()
}

impl LeaveJson {
    /// The leave of `side` for `days`, recorded at `recorded`.
    pub(super) fn new(side: Color, days: LeaveDays, recorded: Option<DateTime<Utc>>) -> LeaveJson {
        LeaveJson {
            side: side.name(),
            from: days.from().to_string(),
            to: days.to().to_string(),
            recorded: recorded.map(format_time),
        }
    }
}

/// A move the director took back.
#[derive(Serialize)]
pub(super) struct UndoneJson {
    number: u32,
    side: &'static str,
    notation: String,
    received: String,
}

/// A tag the director changed; `old` is empty when it was absent.
#[derive(Serialize)]
pub(super) struct ChangeJson {
    tag: String,
    old: String,
    new: String,
}

impl From<&Event> for EventJson {
    fn from(e: &Event) -> EventJson {
        let (result, reason) = match &e.kind {
            EventKind::Adjudicated { outcome, reason } => {
                (Some(outcome.pgn()), Some(reason.clone()))
            }
            EventKind::Undone { reason, .. } => (None, Some(reason.clone())),
            EventKind::Corrected(fix) => (None, fix.reason.clone()),
            _ => (None, None),
        };
        let undone = match &e.kind {
            EventKind::Undone { undone, .. } => Some(UndoneJson {
                number: undone.number,
                side: undone.mover.name(),
                notation: undone.notation.clone(),
                received: format_time(undone.received),
            }),
            _ => None,
        };
        let changes = match &e.kind {
            EventKind::Corrected(fix) => Some(
                fix.changes
                    .iter()
                    .map(|c| ChangeJson {
                        tag: c.name.clone(),
                        old: c.old.clone(),
                        new: c.new.clone(),
                    })
                    .collect(),
            ),
            _ => None,
        };
        let (from, to) = match &e.kind {
            EventKind::Leave { days, .. } => {
                (Some(days.from().to_string()), Some(days.to().to_string()))
            }
            _ => (None, None),
        };
        EventJson {
            seq: e.seq,
            kind: e.kind.label(),
            by: e.kind.by().map(|c| c.name()),
            at: e.at.map(format_time),
            ply: e.ply,
            result,
            reason,
            key: e.key(),
            undone,
            changes,
            from,
            to,
            piece: match e.kind {
                EventKind::Chose { role, .. } => Some(role.name()),
                _ => None,
            },
        }
    }
}

impl From<&RecordedMove> for MoveJson {
    fn from(m: &RecordedMove) -> MoveJson {
        MoveJson {
            ply: m.ply,
            number: m.number,
            side: m.mover.name(),
            notation: m.notation.clone(),
            received: format_time(m.received),
            owner_chose: m.owner_chose.map(|r| r.name()),
        }
    }
}
