//! One game of the overview's table as it waits to be printed: its
//! cells' texts packed in one string, with what the sorts and the count
//! read, and nothing else of the game, so that the table of 100,000
//! files stays in a few tens of MB (docs/reference.md, "Many game
//! files"). The line is made again from it when the table is measured
//! and when it is drawn, one line at a time.

use chrono::{DateTime, Utc};

use super::facts::Facts;
use super::select::Sorted;
use super::shared::Shared;
use super::view::{self, EVENT, HEADER, ROUND};
use crate::cli::support::table::{self, Cell, Tone};

const COLUMNS: usize = HEADER.len();

/// A game's row: its cells (the file's left empty, as the line shows the
/// file as the shared folder leaves it), the sort's keys and the counts.
pub(super) struct Row {
    /// Every cell's text, one after another.
    texts: Box<str>,
    /// Where each cell's text ends in `texts`.
    ends: [u32; COLUMNS],
    tones: [Tone; COLUMNS],
    urgency: (u8, Option<DateTime<Utc>>),
    finished: bool,
    overdue: bool,
}

impl Row {
    pub(super) fn new(facts: &Facts) -> Row {
        let cells = view::cells(facts);
        let mut texts = String::with_capacity(cells.iter().map(|c| c.text.len()).sum());
        let mut ends = [0; COLUMNS];
        let mut tones = [Tone::Plain; COLUMNS];
        for (n, cell) in cells.iter().enumerate() {
            texts.push_str(&cell.text);
            // A game file is at most a few MB (MAX_FILE_BYTES): its cells
            // end well within u32.
            ends[n] = u32::try_from(texts.len()).unwrap_or(u32::MAX);
            tones[n] = cell.tone;
        }
        Row {
            texts: texts.into_boxed_str(),
            ends,
            tones,
            urgency: facts.urgency(),
            finished: facts.ending.is_some(),
            overdue: facts.overdue(),
        }
    }

    /// The text of column `n`.
    fn text(&self, n: usize) -> &str {
        let start = if n == 0 { 0 } else { self.ends[n - 1] as usize };
        self.texts
            .get(start..self.ends[n] as usize)
            .unwrap_or_default()
    }

    /// The cells again, as [`view::cells`] made them.
    pub(super) fn cells(&self) -> Vec<Cell> {
        (0..COLUMNS)
            .map(|n| Cell::toned(self.text(n), self.tones[n]))
            .collect()
    }

    /// Widens `natural`, the widest text of each column so far, to the
    /// line of this row's game in `file` would show, without making the
    /// line: the measuring pass over a table of 100,000 lines made each
    /// line's 13 strings once more on one core after the files were read.
    pub(super) fn widen(
        &self,
        natural: &mut [usize],
        file: &str,
        shared: &Shared,
        chosen: &[bool; COLUMNS],
    ) {
        for (n, widest) in natural.iter_mut().enumerate().take(COLUMNS) {
            let text = view::replaced(n, file, shared, chosen).unwrap_or_else(|| self.text(n));
            *widest = (*widest).max(table::width(text));
        }
    }

    pub(super) fn finished(&self) -> bool {
        self.finished
    }

    pub(super) fn overdue(&self) -> bool {
        self.overdue
    }
}

impl Sorted for Row {
    fn urgency(&self) -> (u8, Option<DateTime<Utc>>) {
        self.urgency
    }

    fn event(&self) -> &str {
        self.text(EVENT)
    }

    fn round(&self) -> &str {
        self.text(ROUND)
    }
}
