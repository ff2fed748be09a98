//! The index: the sections and the games outside them, each with its
//! games finished and in progress, and the latest results.

use std::fmt::Write;

use super::facts::{Index, Shown};
use super::markup::{document, link, text, time};

/// `Ada – Bob: 1-0 (White mates)`, linked to the game from `from`.
pub fn result_line(from: &str, g: &Shown) -> String {
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
pub fn page(index: &Index) -> String {
    let here = "index";
    let mut body = String::from("<h1>Sections and games</h1>\n");
    if !index.sections.is_empty() {
        body.push_str(
            "<h2>Sections</h2>\n<div class=\"wide\"><table>\n<thead><tr><th scope=\"col\" class=\"name\">Section</th>\
             <th scope=\"col\" class=\"name\">Event</th><th scope=\"col\">Players</th><th scope=\"col\">Finished</th>\
             <th scope=\"col\">In progress</th></tr></thead>\n<tbody>\n",
        );
        for s in &index.sections {
            let _ = writeln!(
                body,
                "<tr><td class=\"name\"><a href=\"{}\">{}</a></td><td class=\"name\">{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
                link(here, &s.page),
                text(&s.name),
                text(&s.event),
                s.players,
                s.finished,
                s.games - s.finished
            );
        }
        body.push_str("</tbody>\n</table></div>\n");
    }
    let loose = &index.loose;
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
    if !index.latest.is_empty() {
        body.push_str("<h2>Latest results</h2>\n<ul>\n");
        for g in &index.latest {
            let when = g
                .summary
                .last_event_time()
                .map_or(String::new(), |t| format!(" ({})", time(t)));
            let _ = writeln!(body, "<li>{}{when}</li>", result_line(here, g));
        }
        body.push_str("</ul>\n");
    }
    if !index.any {
        body.push_str("<p>No games yet.</p>\n");
    }
    let _ = writeln!(
        body,
        "<p><a href=\"feed.xml\">Results as a feed (Atom)</a></p>"
    );
    document(here, "Sections and games", &body, false)
}
