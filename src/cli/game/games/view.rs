//! The overview as a table: its columns, one line a game, the order in
//! which columns give way when the table is too wide, and the summary.

use std::path::Path;

use chrono::{DateTime, Duration, Utc};
use dynamo::game::GameError;
use dynamo::game::clock::{describe, format_time_short};
use dynamo_core::Color;

use clap::ValueEnum;

use super::facts::Facts;
use super::shared::Shared;
use crate::cli::support::table::{self, Cell, Line, Step, Tone};

const FILE: usize = 0;
pub(super) const EVENT: usize = 1;
pub(super) const ROUND: usize = 2;
const WHITE: usize = 3;
const BLACK: usize = 4;
const MOVE: usize = 5;
const TO_MOVE: usize = 6;
const LAST: usize = 7;
const RECEIVED: usize = 8;
const DEADLINE: usize = 9;
const LEFT: usize = 10;
const RESULT: usize = 11;
const NOTES: usize = 12;

/// The column headings, in order.
pub(super) const HEADER: [&str; 13] = [
    "FILE",
    "EVENT",
    "ROUND",
    "WHITE",
    "BLACK",
    "MOVE",
    "TO MOVE",
    "LAST MOVE",
    "RECEIVED UTC",
    "DEADLINE UTC",
    "LEFT",
    "RESULT",
    "NOTES",
];

/// Which columns align right: the move number.
pub(super) const RIGHT: [bool; 13] = {
    let mut right = [false; 13];
    right[MOVE] = true;
    right
};

/// How a table too wide for the terminal gives way, least important
/// first: long texts are cut (the time left, whose first words say it),
/// then the round, the two times, the move number and the last move go
/// (the time left stays), then the names are cut (they say whose game it
/// is: room freed goes back to them first), then texts are cut
/// shorter and the event goes, then the players' names; the file, who is
/// to move, the time left and the notes (a late move, leave, a draw
/// offer: what a director acts on) stay at any width, cut if need be.
pub(super) const STEPS: &[Step] = &[
    Step::Shrink(&[NOTES], 40),
    Step::Shrink(&[EVENT], 14),
    Step::Shrink(&[RESULT], 14),
    Step::Shrink(&[LEFT], 16),
    Step::Drop(ROUND),
    Step::Drop(RECEIVED),
    Step::Drop(MOVE),
    Step::Drop(LAST),
    Step::Drop(DEADLINE),
    Step::Shrink(&[WHITE, BLACK, TO_MOVE], 14),
    Step::Shrink(&[EVENT], 10),
    Step::Shrink(&[WHITE, BLACK, TO_MOVE], 10),
    Step::Shrink(&[RESULT], 10),
    Step::Shrink(&[NOTES], 24),
    Step::Drop(EVENT),
    Step::Shrink(&[WHITE, BLACK, TO_MOVE], 8),
    Step::Shrink(&[NOTES], 16),
    Step::Shrink(&[RESULT], 7),
    // Who is to move keeps room for its heading longer than the players.
    Step::Shrink(&[WHITE, BLACK], 6),
    Step::Shrink(&[FILE], 10),
    Step::Shrink(&[NOTES], 8),
    Step::Shrink(&[LEFT], 8),
    Step::Drop(BLACK),
    Step::Drop(WHITE),
    Step::Drop(RESULT),
    Step::Shrink(&[FILE, TO_MOVE, LEFT, NOTES], 3),
];

/// A column by name, for `--columns`: the headings in lower case, words
/// joined by `-`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(crate) enum Column {
    File = FILE as isize,
    Event = EVENT as isize,
    Round = ROUND as isize,
    White = WHITE as isize,
    Black = BLACK as isize,
    Move = MOVE as isize,
    ToMove = TO_MOVE as isize,
    LastMove = LAST as isize,
    Received = RECEIVED as isize,
    Deadline = DEADLINE as isize,
    Left = LEFT as isize,
    Result = RESULT as isize,
    Notes = NOTES as isize,
}

/// Which columns may show: those `--columns` names, or all.
pub(super) fn chosen(columns: &[Column]) -> [bool; 13] {
    if columns.is_empty() {
        return [true; 13];
    }
    let mut chosen = [false; 13];
    for &c in columns {
        chosen[c as usize] = true;
    }
    chosen
}

/// The steps of fitting, without leaving out a column `--columns` asked
/// for: its text is cut instead.
pub(super) fn steps(chosen: &[bool; 13]) -> Vec<Step> {
    STEPS
        .iter()
        .copied()
        .filter(|s| !matches!(s, Step::Drop(c) if chosen[*c]) || chosen.iter().all(|&c| c))
        .collect()
}

/// The line below the count when columns with something to show were
/// left out to fit the width `limit`: which, and how to see them; their
/// number alone when their names do not fit, and the two flags alone
/// when nothing more does.
pub(super) fn left_out_line(
    shown: &[Option<usize>],
    fitted: &[Option<usize>],
    limit: Option<usize>,
) -> Option<String> {
    let left: Vec<&str> = HEADER
        .iter()
        .zip(shown.iter().zip(fitted))
        .filter(|(_, (s, f))| s.is_some() && f.is_none())
        .map(|(h, _)| *h)
        .collect();
    if left.is_empty() {
        return None;
    }
    let how = "(--wide shows all, --columns chooses)";
    let n = left.len();
    let plural = if n == 1 { "" } else { "s" };
    [
        format!("Left out: {} {how}", left.join(", ")),
        format!("{n} column{plural} left out {how}"),
        format!("{n} left out: --wide, --columns"),
    ]
    .into_iter()
    .find(|line| limit.is_none_or(|l| table::width(line) <= l))
    .or_else(|| Some(format!("{n} left out: --wide, --columns")))
}

/// How near a deadline must be to stand out.
const SOON: Duration = Duration::days(2);

/// A time in the table: `2026-11-24 10:00`, seconds only when not zero
/// (the heading says UTC).
fn when(t: DateTime<Utc>) -> String {
    format_time_short(t).trim_end_matches(" UTC").to_string()
}

/// One game's cells, every column's but the file's, which the line
/// shows as the shared folder leaves it ([`line`]).
pub(super) fn cells(facts: &Facts) -> Vec<Cell> {
    let mut cells = vec![Cell::new(""); HEADER.len()];
    cells[EVENT] = Cell::new(facts.event.as_str());
    cells[ROUND] = Cell::new(facts.round.as_str());
    cells[WHITE] = Cell::new(facts.name(Color::White));
    cells[BLACK] = Cell::new(facts.name(Color::Black));
    let number = match (facts.to_move, &facts.last_move) {
        (Some(_), _) => Some(facts.move_number),
        (None, last) => last.as_ref().map(|m| m.number),
    };
    cells[MOVE] = Cell::new(number.map(|n| n.to_string()).unwrap_or_default());
    if let Some(side) = facts.to_move {
        cells[TO_MOVE] = Cell::new(facts.name(side));
    }
    if let Some(m) = &facts.last_move {
        cells[LAST] = Cell::new(m.numbered());
        cells[RECEIVED] = Cell::new(when(m.received));
    }
    if let Some(clock) = &facts.clock {
        let tone = if clock.is_over() {
            Tone::Red
        } else if clock.left <= SOON {
            Tone::Yellow
        } else {
            Tone::Plain
        };
        let moved = if facts.deadline_moved { " (leave)" } else { "" };
        cells[DEADLINE] = Cell::toned(format!("{}{moved}", when(clock.deadline)), tone);
        let mut left = if clock.is_over() {
            format!("OVERDUE by {}", describe(clock.left))
        } else {
            describe(clock.left)
        };
        if matches!(facts.next_leave[clock.side], Some((_, true))) {
            left = format!("on leave, {left}");
        }
        cells[LEFT] = Cell::toned(left, tone);
    }
    if let Some(ending) = &facts.ending {
        cells[RESULT] = Cell::new(format!("{} {}", ending.outcome, ending.reason));
    }
    cells[NOTES] = Cell::new(notes(facts).join("; "));
    cells
}

/// One game's line from its `cells`, without what every line `shared`,
/// showing only the `chosen` columns.
pub(super) fn line(
    file: &Path,
    mut cells: Vec<Cell>,
    shared: &Shared,
    chosen: &[bool; 13],
) -> Line {
    let file = shared.file(file);
    for (n, cell) in cells.iter_mut().enumerate() {
        if let Some(text) = replaced(n, &file, shared, chosen) {
            *cell = Cell::new(text);
        }
    }
    Line::Cells(cells)
}

/// What column `n` of a game's line shows in place of the game's own
/// cell, `None` where it shows its own: the `file` as the shared folder
/// leaves it, and nothing for the event every line shares or a column
/// not `chosen`. The table is measured by it without making the lines.
pub(super) fn replaced<'a>(
    n: usize,
    file: &'a str,
    shared: &Shared,
    chosen: &[bool; 13],
) -> Option<&'a str> {
    if !chosen.get(n).copied().unwrap_or(true) {
        // A column left blank on every line is left out of the table.
        Some("")
    } else if n == FILE {
        Some(file)
    } else if n == EVENT && shared.event.is_some() {
        Some("")
    } else {
        None
    }
}

/// A late move, a standing draw offer, leave going on or to come.
fn notes(facts: &Facts) -> Vec<String> {
    let mut notes = Vec::new();
    if let Some(l) = &facts.late {
        notes.push(format!(
            "LATE: {}'s move {} arrived {} after the deadline",
            l.side.title(),
            l.number,
            describe(l.received - l.deadline)
        ));
    }
    // A clock not running but over its limit already (a period control,
    // after a late move) is no time in hand: its next move is late.
    if let Some(clocks) = &facts.clocks {
        for side in [Color::White, Color::Black] {
            let c = &clocks[side];
            if !c.running && facts.to_move.is_some() && c.in_hand < Duration::zero() {
                notes.push(format!(
                    "{}'s clock {} over the time limit",
                    side.title(),
                    describe(c.in_hand)
                ));
            }
        }
    }
    if let Some((side, square)) = facts.awaiting_choice {
        notes.push(format!("{} chooses {square}", side.title()));
    }
    if let Some(side) = facts.draw_offer {
        notes.push(format!("{} offers a draw", side.title()));
    }
    for side in [Color::White, Color::Black] {
        match facts.next_leave[side] {
            Some((days, true)) => {
                notes.push(format!("{} on leave until {}", facts.name(side), days.to()))
            }
            Some((days, false)) => notes.push(format!("{} on leave {days}", facts.name(side))),
            None => {}
        }
    }
    notes
}

/// Why a file does not replay, without its name, which its column
/// shows already.
pub(super) fn why(file: &Path, error: &GameError) -> String {
    let name = file.display().to_string();
    let why = error.to_string();
    why.strip_prefix(&format!("{name}: "))
        .map_or(why.clone(), str::to_string)
}

/// The line of a file that does not replay: its name, and `why`.
pub(super) fn bad_line(file: &Path, why: &str, shared: &Shared) -> Line {
    Line::Spanning(
        Cell::new(shared.file(file)),
        Cell::toned(format!("does not replay: {why}"), Tone::Red),
    )
}

/// The counts the summary line gives.
#[derive(Debug, Default)]
pub(super) struct Counts {
    /// Files listed.
    pub(super) shown: usize,
    /// Files found, before the filters.
    pub(super) total: usize,
    pub(super) ongoing: usize,
    pub(super) overdue: usize,
    pub(super) finished: usize,
    /// Listed files that do not replay.
    pub(super) bad: usize,
}

impl Counts {
    /// A game listed: `finished`, or going on and perhaps `overdue`.
    pub(super) fn add(&mut self, finished: bool, overdue: bool) {
        self.shown += 1;
        if finished {
            self.finished += 1;
        } else {
            self.ongoing += 1;
            self.overdue += usize::from(overdue);
        }
    }

    /// `12 games: 9 in progress (2 overdue), 3 finished`; `3 of 12 games:
    /// …` when filters leave some out; files, and how many do not replay,
    /// when some do not.
    pub(super) fn summary(&self) -> String {
        let noun = if self.bad > 0 { "file" } else { "game" };
        let plural = |n: usize| if n == 1 { "" } else { "s" };
        let head = if self.shown == self.total {
            format!("{} {noun}{}", self.shown, plural(self.shown))
        } else {
            format!(
                "{} of {} {noun}{}",
                self.shown,
                self.total,
                plural(self.total)
            )
        };
        let mut line = format!(
            "{head}: {} in progress ({} overdue), {} finished",
            self.ongoing, self.overdue, self.finished
        );
        if self.bad > 0 {
            let verb = if self.bad == 1 { "does" } else { "do" };
            line.push_str(&format!(", {} {verb} not replay", self.bad));
        }
        line
    }
}
