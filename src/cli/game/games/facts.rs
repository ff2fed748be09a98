//! What the overview shows of one game, taken from it on the thread that
//! replayed it: the table, the filters and the JSON read only this.

use std::path::PathBuf;

use chrono::{DateTime, Utc};
use dynamo::game::{
    Clock, Ending, EventKind, Game, LateMove, LeaveDays, Player, RecordedMove, SideClock,
};
use dynamo_core::{ByColor, Color};

/// One game, as of a given time.
pub(super) struct Facts {
    pub(super) file: PathBuf,
    pub(super) game_id: String,
    pub(super) event: String,
    pub(super) site: String,
    pub(super) round: String,
    pub(super) players: ByColor<Player>,
    pub(super) rules: String,
    pub(super) time_control: String,
    /// The position's move number.
    pub(super) move_number: u32,
    pub(super) plies: usize,
    /// The side to move, while the game goes on.
    pub(super) to_move: Option<Color>,
    pub(super) last_move: Option<RecordedMove>,
    /// The clock of the side to move.
    pub(super) clock: Option<Clock>,
    /// Whether leave of the side to move lies between their clock's start
    /// and their deadline, moving it.
    pub(super) deadline_moved: bool,
    /// Both clocks, when the game has them.
    pub(super) clocks: Option<ByColor<SideClock>>,
    pub(super) late: Option<LateMove>,
    pub(super) draw_offer: Option<Color>,
    /// The side whose pawn awaits their choice, and its square
    /// (docs/RULES.md §9.1).
    pub(super) awaiting_choice: Option<(Color, dynamo_core::Square)>,
    pub(super) ending: Option<Ending>,
    /// Every leave recorded: whose, the days, when recorded.
    pub(super) leave: Vec<(Color, LeaveDays, Option<DateTime<Utc>>)>,
    /// Each side's leave going on (`true`) or to come, while the game
    /// goes on.
    pub(super) next_leave: ByColor<Option<(LeaveDays, bool)>>,
}

impl Facts {
    pub(super) fn new(file: PathBuf, game: Game, now: DateTime<Utc>) -> Facts {
        let ongoing = game.ending().is_none();
        let clock = game.clock(now);
        let deadline_moved = match (&clock, game.moves().last()) {
            (Some(c), last) => {
                let since = last.map(|m| m.received).or(game.started());
                since.is_some_and(|s| !game.leave(c.side).paused(s, c.deadline).is_zero())
            }
            (None, _) => false,
        };
        let clocks = match (
            game.side_clock(Color::White, now),
            game.side_clock(Color::Black, now),
        ) {
            (Some(white), Some(black)) => Some(ByColor { white, black }),
            _ => None,
        };
        let next_leave = ByColor::new_with(|side| {
            let days = game.next_leave(side, now).filter(|_| ongoing)?;
            Some((days, game.leave(side).at(now).is_some()))
        });
        let leave = game
            .events()
            .iter()
            .filter_map(|e| match e.kind {
                EventKind::Leave { by, days } => Some((by, days, e.at)),
                _ => None,
            })
            .collect();
        let tag = |name: &str| game.tag(name).unwrap_or("").to_string();
        Facts {
            file,
            game_id: game.game_id(),
            event: tag("Event"),
            site: tag("Site"),
            round: tag("Round"),
            players: ByColor::new_with(|side| game.player(side).clone()),
            rules: game.rules().to_string(),
            time_control: game.time_control().to_string(),
            move_number: game.position().fullmoves(),
            plies: game.moves().len(),
            to_move: ongoing.then(|| game.position().turn()),
            last_move: game.moves().last().cloned(),
            clock,
            deadline_moved,
            clocks,
            late: game.late_move().cloned(),
            draw_offer: game.draw_offer(),
            awaiting_choice: game.awaiting_choice().filter(|_| ongoing),
            ending: game.ending().cloned(),
            leave,
            next_leave,
        }
    }

    /// The name of the player of `side`, or the side when the file names
    /// no one.
    pub(super) fn name(&self, side: Color) -> &str {
        match self.players[side].name.trim() {
            "" => side.title(),
            name => name,
        }
    }

    /// Whether the side to move is past their deadline.
    pub(super) fn overdue(&self) -> bool {
        self.clock.as_ref().is_some_and(Clock::is_over)
    }
}
