//! The standings as one self-contained HTML page: the style inline, no
//! script, image or font from elsewhere, every name escaped.

use std::fmt::Write;

use dynamo::html::escape;

use super::group::{CROSSTABLE_MAX_PLAYERS, Group, LEGEND, cell, no_crosstable, place};

const STYLE: &str = "body{font-family:system-ui,sans-serif;margin:1.5em;color:#111}\
table{border-collapse:collapse;margin:.5em 0 1.5em}\
th,td{border:1px solid #bbb;padding:.25em .5em;text-align:center}\
td.player,th.player{text-align:left}\
td.self{background:#ddd}\
td.num{text-align:right;font-variant-numeric:tabular-nums}\
caption{text-align:left;font-weight:bold;padding:.25em 0}\
p.legend{color:#555;font-size:.9em}";

/// The whole page for `groups`.
pub(super) fn page(groups: &[Group]) -> String {
    let title: Vec<String> = groups.iter().map(|g| g.title.clone()).collect();
    let title = escape(&format!("Standings: {}", title.join(", ")));
    let mut html = String::new();
    // Writing to a String cannot fail.
    let _ = write!(
        html,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\" />\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\" />\n\
         <title>{title}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n<h1>{title}</h1>\n"
    );
    for group in groups {
        table(&mut html, group);
    }
    let _ = write!(
        html,
        "<p class=\"legend\">{}</p>\n</body>\n</html>\n",
        escape(LEGEND)
    );
    html
}

fn table(html: &mut String, group: &Group) {
    let heading = group.heading();
    let rows = &group.standings.rows;
    let crosstable = rows.len() <= CROSSTABLE_MAX_PLAYERS;
    let mut numbers: Vec<u32> = match crosstable {
        true => rows.iter().map(|r| r.number).collect(),
        false => Vec::new(),
    };
    numbers.sort();
    let _ = write!(
        html,
        "<section>\n<table>\n<caption>{} ({})</caption>\n<thead>\n<tr><th>Rank</th><th>No</th>\
         <th class=\"player\">Player</th>",
        escape(&heading),
        escape(&group.summary())
    );
    for n in &numbers {
        let _ = write!(html, "<th>{n}</th>");
    }
    html.push_str(
        "<th>Points</th><th>Finished</th><th>Ongoing</th><th>Wins</th><th>SB</th></tr>\n\
         </thead>\n<tbody>\n",
    );
    for row in rows {
        let _ = write!(
            html,
            "<tr><td>{}</td><td class=\"num\">{}</td><td class=\"player\">{}</td>",
            place(row.rank),
            row.number,
            escape(&row.name)
        );
        for &n in &numbers {
            let class = if n == row.number {
                " class=\"self\""
            } else {
                ""
            };
            let _ = write!(html, "<td{class}>{}</td>", escape(&cell(row, n)));
        }
        let _ = writeln!(
            html,
            "<td class=\"num\">{}</td><td class=\"num\">{}</td><td class=\"num\">{}</td>\
             <td class=\"num\">{}</td><td class=\"num\">{}</td></tr>",
            row.points, row.finished, row.ongoing, row.wins, row.sonneborn_berger
        );
    }
    html.push_str("</tbody>\n</table>\n");
    if !crosstable {
        let _ = writeln!(html, "<p>{}</p>", escape(&no_crosstable(rows.len())));
    }
    for line in group.standings.cancellations() {
        let _ = writeln!(html, "<p>{}</p>", escape(&line));
    }
    if let Some(line) = group.standings.substitutions() {
        let _ = writeln!(html, "<p>{}</p>", escape(&line));
    }
    html.push_str("</section>\n");
}
