//! What a game can undergo, who asks for it and when, and what came of
//! it: the words every front end (the commands, the inbox) speaks to the
//! recorder. A new kind of event (a conditional move, a promotion
//! choice) is one more [`Action`] and one more [`Done`].

use chrono::{DateTime, Utc};
use dynamo_core::{Color, MoveNumber, Role};

use crate::game::clock;
use crate::game::{Checked, Game, LeaveDays, RecordedMove, TagEdit};

/// Everything a game can undergo.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Action {
    /// A move, in any notation `dynamo check` reads; with `offer_draw`, a
    /// draw offered with it (the inbox's `e2e4, draw?`), unless the move
    /// ends the game.
    Move { text: String, offer_draw: bool },
    /// The player resigns.
    Resign,
    /// The player offers a draw.
    OfferDraw,
    /// The player accepts the opponent's offer.
    AcceptDraw,
    /// The player declines the opponent's offer.
    DeclineDraw,
    /// The director's decision: `1-0`, `0-1` or `1/2-1/2`, with a reason.
    Adjudicate { result: String, reason: String },
    /// The director takes back the last half-move.
    Undo { reason: String },
    /// The director corrects the header.
    Set {
        edits: Vec<TagEdit>,
        reason: Option<String>,
    },
    /// The player's leave: their clock stops on those days.
    Leave { days: LeaveDays },
    /// The owner's choice alone for their pawn awaiting it (`=Q`); their
    /// move follows (docs/RULES.md §9.1, §13.18).
    Choose { role: Role },
    /// The director cancels the game, finished or not: it counts for
    /// nobody (a player withdrew from a section early on).
    Cancel { reason: String },
}

impl Action {
    /// Whether the director does it, not a player.
    fn by_director(&self) -> bool {
        matches!(
            self,
            Action::Adjudicate { .. }
                | Action::Undo { .. }
                | Action::Set { .. }
                | Action::Cancel { .. }
        )
    }
}

/// Who asks.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Who {
    /// A player, named by side, by address (any form a mail shows), or
    /// both (which must agree); by neither, whoever is to move, which only
    /// a move allows.
    Player {
        side: Option<Color>,
        from: Option<String>,
    },
    /// The tournament director.
    Director,
}

impl Who {
    /// The player of `side`.
    pub fn side(side: Color) -> Who {
        Who::Player {
            side: Some(side),
            from: None,
        }
    }
}

/// When it happened, judged against the time taken under the game's lock.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum When {
    /// Now.
    Now,
    /// A time given (`--at`): refused if it is still to come.
    At(DateTime<Utc>),
    /// When a mail arrived: that time, to the second, but never after now
    /// (a clock ahead) nor before the game's latest event (a clock
    /// behind), which the record could not hold.
    Arrived(DateTime<Utc>),
}

impl When {
    /// The time to record in `game`, `now` being the time taken under
    /// its lock (a time given that is still to come is refused before).
    pub fn time_in(self, game: &Game, now: DateTime<Utc>) -> DateTime<Utc> {
        match self {
            When::Now => now,
            When::At(at) => at,
            When::Arrived(arrived) => {
                let at = clock::truncate(arrived).min(clock::truncate(now));
                match game.last_event_time() {
                    Some(last) if last > at => last,
                    _ => at,
                }
            }
        }
    }
}

/// One thing asked of a game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Request {
    pub action: Action,
    pub who: Who,
    pub when: When,
    /// The mail that asked it (its Message-ID in `<…>` or a digest), noted
    /// on the event so that it is never recorded twice.
    pub mail: Option<String>,
}

impl Request {
    /// `action` asked by `who` at `when`, not from a mail.
    pub fn new(action: Action, who: Who, when: When) -> Request {
        Request {
            action,
            who,
            when,
            mail: None,
        }
    }

    /// Whether the director does it, not a player.
    pub(super) fn by_director(&self) -> bool {
        self.action.by_director()
    }
}

/// What was recorded, beyond the game after it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Done {
    /// A move, numbered as in the game before it (`number`), with a draw
    /// offered after it if asked and the game went on.
    Moved {
        number: u32,
        checked: Box<Checked>,
        offered_draw: bool,
    },
    Resigned,
    DrawOffered,
    DrawAccepted,
    DrawDeclined,
    Adjudicated,
    /// The move taken back.
    Undone(RecordedMove),
    Set,
    Cancelled,
    Leave(LeaveDays),
    /// The owner's choice alone.
    Chose(Role),
    /// A new game.
    Created,
}

/// An event recorded: the game as it now is on disk, and what happened.
#[derive(Debug, Clone)]
pub struct Recorded {
    /// The game after the event.
    pub game: Game,
    /// The side that did it; `None` for the director, or a game created.
    pub side: Option<Color>,
    pub done: Done,
    /// The time recorded for the event.
    pub at: DateTime<Utc>,
    /// The time taken under the game's lock, to the second.
    pub now: DateTime<Utc>,
}

impl Recorded {
    /// The move's label (`12.`, `12...`), for a move.
    pub fn label(&self) -> Option<String> {
        match &self.done {
            Done::Moved {
                number, checked, ..
            } => Some(
                MoveNumber {
                    number: *number,
                    side: checked.mover,
                }
                .to_string(),
            ),
            _ => None,
        }
    }

    /// What was done in a few words, as the inbox tells it: `1... e7e5`,
    /// `Black resigns`.
    pub fn summary(&self) -> String {
        let side = self.side.map_or("The director", Color::title);
        match &self.done {
            Done::Moved {
                checked,
                offered_draw,
                ..
            } => {
                let label = self.label().unwrap_or_default();
                let offer = if *offered_draw {
                    ", offering a draw"
                } else {
                    ""
                };
                // A late move is said out loud in the inbox's log too.
                let late = match self.game.last_move_late() {
                    Some(l) if self.game.ending().is_some() => format!(", LATE: {}", l.words()),
                    Some(l) => format!(
                        ", LATE: {}; {} may claim the game on time",
                        l.words(),
                        (!l.side).title()
                    ),
                    None => String::new(),
                };
                format!("{label} {}{offer}{late}", checked.display)
            }
            Done::Resigned => format!("{side} resigns"),
            Done::DrawOffered => format!("{side} offers a draw"),
            Done::DrawAccepted => format!("{side} accepts the draw"),
            Done::DrawDeclined => format!("{side} declines the draw"),
            Done::Adjudicated => match self.game.ending() {
                Some(o) => format!("the director decides {}", o.outcome),
                None => "the director's decision".to_string(),
            },
            Done::Undone(m) => format!("the director takes back {}", m.numbered()),
            Done::Set => "the director corrects the header".to_string(),
            Done::Cancelled => "the director cancels the game".to_string(),
            Done::Leave(days) => format!("{side} takes leave {days}"),
            Done::Chose(role) => format!("{side} chooses a {}", role.name()),
            Done::Created => "the game is created".to_string(),
        }
    }
}
