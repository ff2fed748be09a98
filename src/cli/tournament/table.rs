//! The crosstable as text: columns aligned by the width a terminal gives
//! each character (`½`, accented and wide letters included).

use std::io::{self, Write};

use unicode_width::UnicodeWidthStr;

use super::group::{Group, cell, place};

/// How a column lines its cells up.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Align {
    Left,
    Right,
}

/// Writes `group`'s heading and table.
pub(super) fn write(out: &mut impl Write, group: &Group) -> io::Result<()> {
    let heading = group.heading();
    writeln!(out, "{heading} ({})", group.summary())?;
    let rows = &group.standings.rows;
    let mut numbers: Vec<u32> = rows.iter().map(|r| r.number).collect();
    numbers.sort();
    let mut header: Vec<(String, Align)> = vec![
        ("Rank".into(), Align::Left),
        ("No".into(), Align::Right),
        ("Player".into(), Align::Left),
    ];
    header.extend(numbers.iter().map(|n| (n.to_string(), Align::Right)));
    for title in ["Points", "Finished", "Ongoing", "Wins", "SB"] {
        header.push((title.into(), Align::Right));
    }
    let mut lines: Vec<Vec<String>> = vec![header.iter().map(|(t, _)| t.clone()).collect()];
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
        lines.push(line);
    }
    let widths: Vec<usize> = (0..header.len())
        .map(|c| lines.iter().map(|l| l[c].width()).max().unwrap_or(0))
        .collect();
    for line in &lines {
        let mut text = String::new();
        for (c, value) in line.iter().enumerate() {
            if c > 0 {
                text.push_str("  ");
            }
            let pad = " ".repeat(widths[c] - value.width());
            match header[c].1 {
                Align::Left => {
                    text.push_str(value);
                    text.push_str(&pad);
                }
                Align::Right => {
                    text.push_str(&pad);
                    text.push_str(value);
                }
            }
        }
        writeln!(out, "{}", text.trim_end())?;
    }
    Ok(())
}
