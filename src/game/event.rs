//! What happened in a game, in order: its creation, each move, each draw
//! offer and answer, a resignation, an adjudication. Notices are sent per
//! event, so every event has a key that names it and nothing else.

use chrono::{DateTime, Utc};
use dynamo_core::{Color, MoveNumber, Role};

use super::leave::LeaveDays;
use super::outcome::Outcome;

/// One thing that happened in a game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Event {
    /// Its place in the game's history: 0 is the creation.
    pub seq: u32,
    pub kind: EventKind,
    /// When it happened; `None` only for an ending recorded by a file
    /// written before event times were kept.
    pub at: Option<DateTime<Utc>>,
    /// How many moves had been played when it happened (for a move, its
    /// own ply).
    pub ply: u32,
    /// A digest of everything that makes the event what it is, so that
    /// two different events never share a key even at the same place
    /// (after a correction, say).
    pub(super) digest: u64,
}

/// What kind of thing happened.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EventKind {
    Created,
    Moved,
    DrawOffered {
        by: Color,
    },
    DrawAccepted {
        by: Color,
    },
    DrawDeclined {
        by: Color,
    },
    Resigned {
        by: Color,
    },
    Adjudicated {
        outcome: Outcome,
        reason: String,
    },
    // The director's corrections: the last move taken back (`undo`), the
    // header corrected (`set`).
    Undone {
        undone: TakenBack,
        reason: String,
    },
    Corrected(HeaderFix),
    // The director recorded leave for `by`: their clock stops on those
    // days.
    Leave {
        by: Color,
        days: LeaveDays,
    },
    /// The owner of the pawn awaiting a choice chose `role` for it, alone,
    /// before their move (docs/RULES.md §9.1).
    Chose {
        by: Color,
        role: Role,
    },
}

/// The tags the director changed, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HeaderFix {
    pub changes: Vec<TagChange>,
    pub reason: Option<String>,
}

/// A move the director took back, as it stood in the record.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TakenBack {
    /// Its move number.
    pub number: u32,
    /// The side that had played it.
    pub mover: Color,
    /// Its canonical notation.
    pub notation: String,
    /// When it had been received.
    pub received: DateTime<Utc>,
}

impl TakenBack {
    /// `12. Qd1d3/d2d6` for White's move, `12... Qd8/d7d5` for Black's.
    pub fn numbered(&self) -> String {
        format!(
            "{} {}",
            MoveNumber {
                number: self.number,
                side: self.mover
            },
            self.notation
        )
    }
}

/// One tag the director changed: its value before (empty when the tag
/// was absent) and after.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TagChange {
    pub name: String,
    pub old: String,
    pub new: String,
}

impl EventKind {
    /// A short label: `created`, `move`, `draw-offer`, `draw-accept`,
    /// `draw-decline`, `resign`, `adjudicate`, `undo`, `set`, `leave`,
    /// `choose`.
    pub fn label(&self) -> &'static str {
        match self {
            EventKind::Created => "created",
            EventKind::Moved => "move",
            EventKind::DrawOffered { .. } => "draw-offer",
            EventKind::DrawAccepted { .. } => "draw-accept",
            EventKind::DrawDeclined { .. } => "draw-decline",
            EventKind::Resigned { .. } => "resign",
            EventKind::Adjudicated { .. } => "adjudicate",
            EventKind::Undone { .. } => "undo",
            EventKind::Corrected(_) => "set",
            EventKind::Leave { .. } => "leave",
            EventKind::Chose { .. } => "choose",
        }
    }

    /// Whether the director corrected the record (`undo`, `set`) rather
    /// than something happening in the game: corrections stand outside
    /// the game's time order, and a later move may have been received
    /// before one of them.
    pub fn is_correction(&self) -> bool {
        matches!(self, EventKind::Undone { .. } | EventKind::Corrected(_))
    }

    /// The side that acted, for the kinds a side does.
    pub fn by(&self) -> Option<Color> {
        match *self {
            EventKind::DrawOffered { by }
            | EventKind::DrawAccepted { by }
            | EventKind::DrawDeclined { by }
            | EventKind::Resigned { by }
            | EventKind::Leave { by, .. }
            | EventKind::Chose { by, .. } => Some(by),
            _ => None,
        }
    }
}

impl Event {
    pub(super) fn new(
        seq: u32,
        kind: EventKind,
        at: Option<DateTime<Utc>>,
        ply: u32,
        detail: &str,
    ) -> Event {
        let mut digest = Fnv::new();
        digest.write(kind.label().as_bytes());
        if let Some(by) = kind.by() {
            digest.write(by.title().as_bytes());
        }
        if let EventKind::Adjudicated { outcome, reason } = &kind {
            digest.write(outcome.pgn().as_bytes());
            digest.write(reason.as_bytes());
        }
        match &kind {
            EventKind::Undone { undone, reason } => {
                digest.write(undone.numbered().as_bytes());
                digest.write(&undone.received.timestamp().to_le_bytes());
                digest.write(reason.as_bytes());
            }
            EventKind::Corrected(fix) => {
                for c in &fix.changes {
                    for part in [&c.name, &c.old, &c.new] {
                        digest.write(part.as_bytes());
                    }
                }
                digest.write(fix.reason.as_deref().unwrap_or("").as_bytes());
            }
            EventKind::Leave { days, .. } => {
                digest.write(days.to_string().as_bytes());
            }
            EventKind::Chose { role, .. } => {
                digest.write(role.name().as_bytes());
            }
            _ => {}
        }
        digest.write(&ply.to_le_bytes());
        digest.write(&at.map_or(i64::MIN, |t| t.timestamp()).to_le_bytes());
        digest.write(detail.as_bytes());
        Event {
            seq,
            kind,
            at,
            ply,
            digest: digest.finish(),
        }
    }

    /// A short id, stable across reloads of the file and distinct for
    /// distinct events of one game: `12-move-3f9a0c1d`.
    pub fn key(&self) -> String {
        format!(
            "{}-{}-{:08x}",
            self.seq,
            self.kind.label(),
            self.digest as u32
        )
    }
}

/// FNV-1a, written out because the key must not change between Rust
/// versions, which the standard hasher does not promise.
struct Fnv(u64);

impl Fnv {
    fn new() -> Fnv {
        Fnv(0xcbf2_9ce4_8422_2325)
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 ^= u64::from(b);
            self.0 = self.0.wrapping_mul(0x0100_0000_01b3);
        }
        // A separator, so that ("ab", "c") and ("a", "bc") differ.
        self.0 ^= 0xff;
        self.0 = self.0.wrapping_mul(0x0100_0000_01b3);
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_differ_with_content_and_stay_with_it() {
        let at = DateTime::from_timestamp(1_800_000_000, 0);
        let a = Event::new(3, EventKind::Moved, at, 3, "e2e4");
        let b = Event::new(3, EventKind::Moved, at, 3, "d2d4");
        assert_ne!(a.key(), b.key());
        assert_eq!(
            a.key(),
            Event::new(3, EventKind::Moved, at, 3, "e2e4").key()
        );
        assert!(a.key().starts_with("3-move-"), "{}", a.key());
        let offer = Event::new(4, EventKind::DrawOffered { by: Color::White }, at, 3, "");
        let other = Event::new(4, EventKind::DrawOffered { by: Color::Black }, at, 3, "");
        assert_ne!(offer.key(), other.key());
    }
}
