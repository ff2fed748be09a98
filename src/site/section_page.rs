//! A section's page: the crosstable exactly as `dynamo standings`
//! computes it (`tournament::standings`), the tie-breaks, rule set and
//! time control in words, and the rounds with a link to every game.

use std::collections::BTreeMap;
use std::fmt::Write;

use super::club::{Club, ClubSection, player_key};
use super::markup::{document, link, text, time_control};
use crate::game::TimeControl;
use crate::tournament::standings::Standing;

/// The tie-breaks in words, under the crosstable.
pub const TIE_BREAKS: &str = "Ranked by points, then the number of wins (Baumbach), then the \
     Sonneborn-Berger score (SB), then the head-to-head result among the players still tied. \
     · marks a game in progress.";

/// The page's HTML, headed by the event's name as section.toml gives it
/// (the games' Event tag): the folder's name is the director's, and the
/// facts give it as the section's.
pub fn page(club: &Club, s: &ClubSection) -> String {
    let sec = &s.section;
    let title = text(&sec.event);
    let mut body = String::new();
    let _ = writeln!(body, "<h1>{title}</h1>");
    let tc = sec
        .time_control
        .parse::<TimeControl>()
        .map_or_else(|_| text(&sec.time_control), time_control);
    let finished = s
        .games
        .iter()
        .filter(|&&i| club.games[i].summary.finished())
        .count();
    let _ = writeln!(
        body,
        "<dl class=\"facts\">\n<dt>Section</dt><dd>{}</dd>\n<dt>Rules</dt><dd>{}</dd>\n\
         <dt>Time control</dt><dd>{tc}</dd>\n<dt>Games</dt><dd>{} finished, {} in progress</dd>\n</dl>",
        text(&sec.name),
        text(&sec.rules),
        finished,
        s.games.len() - finished,
    );
    crosstable(&mut body, club, s);
    rounds(&mut body, club, s);
    document(&s.page, &title, &body, false)
}

/// The game pages by the file names the standings know them by.
fn game_pages<'c>(club: &'c Club, s: &'c ClubSection) -> BTreeMap<&'c str, &'c str> {
    s.files
        .iter()
        .zip(&s.games)
        .map(|(file, &i)| (file.as_str(), club.games[i].page.as_str()))
        .collect()
}

fn crosstable(body: &mut String, club: &Club, s: &ClubSection) {
    let rows = &s.standings.rows;
    let pages = game_pages(club, s);
    body.push_str(
        "<h2>Crosstable</h2>\n<div class=\"wide\">\n<table class=\"crosstable\">\n<thead><tr>\
         <th scope=\"col\">Place</th><th scope=\"col\">No.</th><th scope=\"col\" class=\"name\">Player</th>",
    );
    for r in rows_by_number(rows) {
        let _ = write!(body, "<th scope=\"col\">{}</th>", r.number);
    }
    body.push_str(
        "<th scope=\"col\">Points</th><th scope=\"col\">Played</th><th scope=\"col\">Wins</th>\
         <th scope=\"col\">SB</th></tr></thead>\n<tbody>\n",
    );
    for row in rows {
        let place = if row.rank.0 == row.rank.1 {
            row.rank.0.to_string()
        } else {
            format!("{}-{}", row.rank.0, row.rank.1)
        };
        let _ = write!(
            body,
            "<tr><td>{place}</td><td>{}</td><th scope=\"row\" class=\"name\">{}</th>",
            row.number,
            player_link(club, &s.page, row)
        );
        for col in rows_by_number(rows) {
            body.push_str("<td>");
            if col.number == row.number {
                body.push('×');
            }
            for e in row.encounters.iter().filter(|e| e.opponent == col.number) {
                let result = e.mark();
                match pages.get(e.file.as_str()) {
                    Some(page) => {
                        let _ = write!(body, "<a href=\"{}\">{result}</a>", link(&s.page, page));
                    }
                    None => body.push_str(&result),
                }
            }
            body.push_str("</td>");
        }
        let _ = writeln!(
            body,
            "<td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
            row.points, row.finished, row.wins, row.sonneborn_berger
        );
    }
    let _ = writeln!(body, "</tbody>\n</table>\n</div>\n<p>{TIE_BREAKS}</p>");
    for line in s.standings.cancellations() {
        let _ = writeln!(body, "<p>{}</p>", text(&line));
    }
    if let Some(line) = s.standings.substitutions() {
        let _ = writeln!(body, "<p>{}</p>", text(&line));
    }
}

fn rows_by_number(rows: &[Standing]) -> Vec<&Standing> {
    let mut by_number: Vec<&Standing> = rows.iter().collect();
    by_number.sort_by_key(|r| r.number);
    by_number
}

fn player_link(club: &Club, from: &str, row: &Standing) -> String {
    match club
        .players
        .get(&player_key(&row.name, row.email.as_deref()))
    {
        Some(page) => format!("<a href=\"{}\">{}</a>", link(from, page), text(&row.name)),
        None => text(&row.name),
    }
}

fn rounds(body: &mut String, club: &Club, s: &ClubSection) {
    body.push_str("<h2>Rounds</h2>\n");
    let mut round = None;
    for (entry, &i) in s.section.games.iter().zip(&s.games) {
        if round != Some(entry.round) {
            if round.is_some() {
                body.push_str("</ul>\n");
            }
            let _ = writeln!(body, "<h3>Round {}</h3>\n<ul>", entry.round);
            for bye in s.section.byes.iter().filter(|b| b.round == entry.round) {
                let name = s
                    .section
                    .players
                    .iter()
                    .find(|p| p.number == bye.player)
                    .map_or(String::new(), |p| text(&p.name));
                let _ = writeln!(body, "<li>{name}: a bye</li>");
            }
            round = Some(entry.round);
        }
        let g = &club.games[i];
        let result = g.summary.result.as_deref().unwrap_or("in progress");
        let _ = writeln!(
            body,
            "<li>Board {}: <a href=\"{}\">{} – {}</a>, {result}</li>",
            entry.board,
            link(&s.page, &g.page),
            text(&g.summary.white.name),
            text(&g.summary.black.name),
        );
    }
    if round.is_some() {
        body.push_str("</ul>\n");
    }
}
