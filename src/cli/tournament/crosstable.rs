//! The crosstable as text, drawn by the command line's one table
//! renderer (`cli/support/table.rs`): columns aligned by the width a terminal
//! gives each character (`½`, accented and wide letters included), the
//! table shown whole.

use std::io::{self, Write};

use super::group::{CROSSTABLE_MAX_PLAYERS, Group, cell, no_crosstable, place};
use crate::cli::support::table::{self, Cell, Line};

/// Writes `group`'s heading and table.
pub(super) fn write(out: &mut impl Write, group: &Group) -> io::Result<()> {
    let heading = group.heading();
    writeln!(out, "{heading} ({})", group.summary())?;
    let rows = &group.standings.rows;
    let crosstable = rows.len() <= CROSSTABLE_MAX_PLAYERS;
    let mut numbers: Vec<u32> = match crosstable {
        true => rows.iter().map(|r| r.number).collect(),
        false => Vec::new(),
    };
    numbers.sort();
    let numbered: Vec<String> = numbers.iter().map(u32::to_string).collect();
    let mut header: Vec<&str> = vec!["Rank", "No", "Player"];
    header.extend(numbered.iter().map(String::as_str));
    header.extend(["Points", "Finished", "Ongoing", "Wins", "SB"]);
    // Rank and Player align left, the numbers right.
    let right: Vec<bool> = (0..header.len()).map(|c| c != 0 && c != 2).collect();
    let mut lines = Vec::with_capacity(rows.len());
    for row in rows {
        let mut line = vec![place(row.rank), row.number.to_string(), row.name.clone()];
        line.extend(numbers.iter().map(|&n| cell(row, n)));
        line.extend([
            row.points.to_string(),
            row.finished.to_string(),
            row.ongoing.to_string(),
            row.wins.to_string(),
            row.sonneborn_berger.to_string(),
        ]);
        lines.push(Line::Cells(line.into_iter().map(Cell::new).collect()));
    }
    let widths = table::full_widths(&header, &lines);
    for text in table::render(&header, &lines, &widths, &right, None, false) {
        writeln!(out, "{text}")?;
    }
    if !crosstable {
        writeln!(out, "{}", no_crosstable(rows.len()))?;
    }
    for line in group.standings.cancellations() {
        writeln!(out, "{line}")?;
    }
    if let Some(line) = group.standings.substitutions() {
        writeln!(out, "{line}")?;
    }
    Ok(())
}
