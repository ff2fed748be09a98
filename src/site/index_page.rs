//! The index: the sections and the games outside them, each with its
//! games finished and in progress, and the latest results.

use std::fmt::Write;

use super::club::{Club, ClubGame};
use super::markup::{document, link, text, time};

/// How many results the index and the feed show.
pub const LATEST: usize = 20;

/// The finished games, the latest first (then by page, so that the order
/// never depends on how the folder was read).
pub fn latest(club: &Club) -> Vec<&ClubGame> {
    let done: Vec<&ClubGame> = club.games.iter().filter(|g| g.summary.finished()).collect();
    // Each time read once, not at every comparison.
    let mut done: Vec<(Option<chrono::DateTime<chrono::Utc>>, &ClubGame)> = done
        .into_iter()
        .map(|g| (g.summary.last_event_time(), g))
        .collect();
    done.sort_by(|(ta, a), (tb, b)| tb.cmp(ta).then_with(|| a.page.cmp(&b.page)));
    done.truncate(LATEST);
    done.into_iter().map(|(_, g)| g).collect()
}

/// `Ada – Bob: 1-0 (White mates)`, linked to the game from `from`.
pub fn result_line(from: &str, g: &ClubGame) -> String {
    let s = &g.summary;
    let result = s.result.as_ref().map_or("in progress".to_string(), |r| {
        format!("{r} ({})", text(&s.reason))
    });
    format!(
        "<a href=\"{}\">{} – {}</a>: {result}",
        link(from, &g.page),
        text(&s.white.name),
        text(&s.black.name)
    )
}

/// The page's HTML.
pub fn page(club: &Club) -> String {
    let here = "index";
    let mut body = String::from("<h1>Sections and games</h1>\n");
    if !club.sections.is_empty() {
        body.push_str(
            "<h2>Sections</h2>\n<div class=\"wide\"><table>\n<thead><tr><th scope=\"col\" class=\"name\">Section</th>\
             <th scope=\"col\" class=\"name\">Event</th><th scope=\"col\">Players</th><th scope=\"col\">Finished</th>\
             <th scope=\"col\">In progress</th></tr></thead>\n<tbody>\n",
        );
        for s in &club.sections {
            let finished = s
                .games
                .iter()
                .filter(|&&i| club.games[i].summary.finished())
                .count();
            let _ = writeln!(
                body,
                "<tr><td class=\"name\"><a href=\"{}\">{}</a></td><td class=\"name\">{}</td><td>{}</td><td>{finished}</td><td>{}</td></tr>",
                link(here, &s.page),
                text(&s.section.name),
                text(&s.section.event),
                s.standings.rows.len(),
                s.games.len() - finished
            );
        }
        body.push_str("</tbody>\n</table></div>\n");
    }
    let loose: Vec<&ClubGame> = club.games.iter().filter(|g| g.section.is_none()).collect();
    if !loose.is_empty() {
        let finished = loose.iter().filter(|g| g.summary.finished()).count();
        let _ = writeln!(
            body,
            "<h2>Other games</h2>\n<p>{finished} finished, {} in progress.</p>\n<ul>",
            loose.len() - finished
        );
        for g in loose {
            let _ = writeln!(body, "<li>{}</li>", result_line(here, g));
        }
        body.push_str("</ul>\n");
    }
    let latest = latest(club);
    if !latest.is_empty() {
        body.push_str("<h2>Latest results</h2>\n<ul>\n");
        for g in latest {
            let when = g
                .summary
                .last_event_time()
                .map_or(String::new(), |t| format!(" ({})", time(t)));
            let _ = writeln!(body, "<li>{}{when}</li>", result_line(here, g));
        }
        body.push_str("</ul>\n");
    }
    if club.games.is_empty() {
        body.push_str("<p>No games yet.</p>\n");
    }
    let _ = writeln!(
        body,
        "<p><a href=\"feed.xml\">Results as a feed (Atom)</a></p>"
    );
    document(here, "Sections and games", &body, false)
}
