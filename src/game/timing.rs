//! The clocks a replayed game shows: the time each move used, the side to
//! move's deadline, the time each side has in hand, and the leave that
//! stops a side's clock (see [`super::leave`]).

use chrono::{DateTime, Duration, Utc};
use dynamo_core::{ByColor, Color};

use super::clock::{Clock, LateMove, describe, format_time_short};
use super::leave::{LeaveDays, Pauses};
use super::record::Game;

/// One side's clock at a given time.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SideClock {
    /// Whose clock.
    pub side: Color,
    /// How many moves the side has made.
    pub moves: u32,
    /// The clock time those moves used, leave left out.
    pub used: Duration,
    /// Whether it runs: the side is to move in a game going on.
    pub running: bool,
    /// The clock time left for the side's next move: while the clock
    /// runs, what is left of it at the given time (negative once over);
    /// otherwise what the side will have when its turn comes, negative
    /// when over the limit already (a period control, after a late move).
    pub in_hand: Duration,
    /// While the clock runs, when the move is due.
    pub deadline: Option<DateTime<Utc>>,
}

impl Game {
    /// Times a move by `side` received at `received`, whose clock started
    /// at `since` (unknown for a file without a start time): adds the
    /// clock time it used, leave left out, and notes it if it came after
    /// its deadline. `ply` and `number` name the move.
    pub(super) fn time_move(
        &mut self,
        side: Color,
        since: Option<DateTime<Utc>>,
        received: DateTime<Utc>,
        ply: u32,
        number: u32,
    ) {
        if let Some(since) = since {
            let n = self.own_moves[side] + 1;
            if let Some(deadline) = self.deadline_for(side, n, since)
                && received > deadline
            {
                self.late.push(LateMove {
                    ply,
                    number,
                    side,
                    nth: n,
                    deadline,
                    received,
                });
            }
            self.used[side] += self.leave[side].running(since, received);
        }
        self.own_moves[side] += 1;
    }

    /// Times every move again: leave recorded after a move can change
    /// the time it used, and whether it was late.
    pub(super) fn retime(&mut self) {
        self.used = ByColor::new_with(|_| Duration::zero());
        self.own_moves = ByColor::new_with(|_| 0);
        self.late.clear();
        let moves = std::mem::take(&mut self.moves);
        let mut since = self.started;
        for m in &moves {
            self.time_move(m.mover, since, m.received, m.ply, m.number);
            since = Some(m.received);
        }
        self.moves = moves;
    }

    /// Adds leave for `side`; the moves are timed again if it changes
    /// anything. Whether it did.
    pub(super) fn add_leave(&mut self, side: Color, days: LeaveDays) -> bool {
        if self.leave[side].covers(days) {
            return false;
        }
        self.leave[side].add(days);
        self.retime();
        true
    }

    /// When `side`'s `n`-th move is due, their clock having started at
    /// `since`: their time for it, moved on by their leave.
    fn deadline_for(&self, side: Color, n: u32, since: DateTime<Utc>) -> Option<DateTime<Utc>> {
        let span = self.time_control.span(n, self.used[side])?;
        self.leave[side].after(since, span)
    }

    /// The last move, when it came after its deadline: what its notices,
    /// the inbox and `move` say out loud (docs/director.md, "Time control").
    pub fn last_move_late(&self) -> Option<&LateMove> {
        let last = self.moves.last()?;
        self.late.last().filter(|l| l.ply == last.ply)
    }

    /// The times `side`'s clock stops for leave in this game.
    pub fn leave(&self, side: Color) -> &Pauses {
        &self.leave[side]
    }

    /// `side`'s leave going on at `now`, else the next to come: its first
    /// and last day (leave that touches or overlaps counts as one).
    pub fn next_leave(&self, side: Color, now: DateTime<Utc>) -> Option<LeaveDays> {
        let (start, end) = self.leave[side].next(now)?;
        LeaveDays::new(start.date_naive(), (end - Duration::days(1)).date_naive()).ok()
    }

    /// The clock of the side to move, or `None` when the game has ended,
    /// has no time control, or its start time is unknown.
    pub fn clock(&self, now: DateTime<Utc>) -> Option<Clock> {
        if self.ending.is_some() {
            return None;
        }
        let side = self.position.turn();
        let since = self.last_time()?;
        let deadline = self.deadline_for(side, self.own_moves[side] + 1, since)?;
        Some(Clock {
            side,
            deadline,
            left: deadline - now,
        })
    }

    /// `side`'s clock at `now`; `None` without a time control, when the
    /// start time is unknown, or when the time is beyond any clock.
    pub fn side_clock(&self, side: Color, now: DateTime<Utc>) -> Option<SideClock> {
        let since = self.last_time()?;
        let moves = self.own_moves[side];
        let span = self.time_control.span(moves + 1, self.used[side])?;
        let running = self.ending.is_none() && self.position.turn() == side;
        let (in_hand, deadline) = if running {
            let run = self.leave[side].running(since, now);
            (span - run, Some(self.leave[side].after(since, span)?))
        } else {
            (span, None)
        };
        Some(SideClock {
            side,
            moves,
            used: self.used[side],
            running,
            in_hand,
            deadline,
        })
    }

    /// `Black to move: 12 days 3 hours left (deadline 2026-12-01 09:14 UTC)`
    /// or `… 2 hours over the time limit (overdue since …)`: a deadline
    /// already past is never printed as one to come. `None` as for
    /// [`Game::clock`].
    pub fn clock_line(&self, now: DateTime<Utc>) -> Option<String> {
        let clock = self.clock(now)?;
        let deadline = format_time_short(clock.deadline);
        let state = if clock.is_over() {
            format!(
                "{} over the time limit (overdue since {deadline})",
                describe(clock.left)
            )
        } else {
            format!("{} left (deadline {deadline})", describe(clock.left))
        };
        Some(format!("{} to move: {state}", clock.side.title()))
    }
}
