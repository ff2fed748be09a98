//! A player's page: their games in progress (opponent, colour, whose
//! move, deadline), their finished games (result), and their standing in
//! each section. Known by their name's page, never by their address.

use std::fmt::Write;

use dynamo_core::Color;

use super::club::{Club, ClubGame};
use super::markup::{document, link, text, time};

/// The page of the player known by `key`, named `name`, at `page`;
/// `delay` is `[site] delay_moves`.
pub fn page(club: &Club, key: &str, page: &str, delay: u32) -> String {
    let mine: Vec<(&ClubGame, Color)> = club
        .by_player
        .get(key)
        .into_iter()
        .flatten()
        .map(|&(i, side)| (&club.games[i], side))
        .collect();
    let name = mine
        .first()
        .map(|(g, side)| g.summary.player(*side).name.clone())
        .or_else(|| entrant_name(club, key))
        .unwrap_or_default();
    let title = text(&name);
    let mut body = String::new();
    let _ = writeln!(body, "<h1>{title}</h1>");
    standings(&mut body, club, key, page);
    let (going, done): (Vec<_>, Vec<_>) = mine.iter().partition(|(g, _)| !g.summary.finished());
    body.push_str("<h2>Games in progress</h2>\n");
    if going.is_empty() {
        body.push_str("<p>None.</p>\n");
    } else {
        body.push_str(
            "<div class=\"wide\"><table>\n<thead><tr><th scope=\"col\" class=\"name\">Opponent</th>\
             <th scope=\"col\">Colour</th><th scope=\"col\">To move</th><th scope=\"col\">Deadline</th>\
             <th scope=\"col\">Game</th></tr></thead>\n<tbody>\n",
        );
        for (g, side) in &going {
            // With a delay, whose move and the deadline would tell what
            // the pages hold back.
            let (to_move, deadline) = if delay > 0 {
                ("–".to_string(), "–".to_string())
            } else {
                let turn = g.summary.turn();
                let who = if turn == *side {
                    &name
                } else {
                    &g.summary.player(turn).name
                };
                let deadline = g.summary.deadline_time().map_or("none".to_string(), time);
                (text(who), deadline)
            };
            let _ = writeln!(
                body,
                "<tr><td class=\"name\">{}</td><td>{}</td><td>{to_move}</td><td>{deadline}</td>\
                 <td><a href=\"{}\">moves</a></td></tr>",
                opponent(club, page, g, *side),
                side.title(),
                link(page, &g.page),
            );
        }
        body.push_str("</tbody>\n</table></div>\n");
    }
    body.push_str("<h2>Finished games</h2>\n");
    if done.is_empty() {
        body.push_str("<p>None.</p>\n");
    } else {
        body.push_str(
            "<div class=\"wide\"><table>\n<thead><tr><th scope=\"col\" class=\"name\">Opponent</th>\
             <th scope=\"col\">Colour</th><th scope=\"col\">Result</th><th scope=\"col\">Game</th></tr></thead>\n<tbody>\n",
        );
        for (g, side) in &done {
            let s = &g.summary;
            let result = s
                .result
                .as_ref()
                .map_or(String::new(), |r| format!("{r} ({})", text(&s.reason)));
            let _ = writeln!(
                body,
                "<tr><td class=\"name\">{}</td><td>{}</td><td>{result}</td><td><a href=\"{}\">moves</a></td></tr>",
                opponent(club, page, g, *side),
                side.title(),
                link(page, &g.page),
            );
        }
        body.push_str("</tbody>\n</table></div>\n");
    }
    document(page, &title, &body, false)
}

fn entrant_name(club: &Club, key: &str) -> Option<String> {
    club.sections.iter().find_map(|s| {
        s.standings
            .rows
            .iter()
            .find(|r| super::club::player_key(&r.name, r.email.as_deref()) == key)
            .map(|r| r.name.clone())
    })
}

/// The opponent's name, a link to their page.
fn opponent(club: &Club, from: &str, g: &ClubGame, side: Color) -> String {
    let p = g.summary.player(!side);
    match club.person_page(p) {
        Some(to) => format!("<a href=\"{}\">{}</a>", link(from, to), text(&p.name)),
        None => text(&p.name),
    }
}

/// The player's place and points in each section they play in.
fn standings(body: &mut String, club: &Club, key: &str, page: &str) {
    let mut lines = Vec::new();
    for s in &club.sections {
        let row = s
            .standings
            .rows
            .iter()
            .find(|r| super::club::player_key(&r.name, r.email.as_deref()) == key);
        if let Some(r) = row {
            let place = if r.rank.0 == r.rank.1 {
                r.rank.0.to_string()
            } else {
                format!("{}-{}", r.rank.0, r.rank.1)
            };
            let replacing = match r.replacing.last() {
                Some(before) => format!(" (replacing {}: the seat's results)", text(before)),
                None => String::new(),
            };
            lines.push(format!(
                "<li><a href=\"{}\">{}</a>: place {place} of {}, {} points from {} games finished, {} in progress{replacing}</li>",
                link(page, &s.page),
                text(&s.section.name),
                s.standings.rows.len(),
                r.points,
                r.finished,
                r.ongoing
            ));
        } else if let Some(sub) = s
            .section
            .substituted
            .iter()
            .find(|sub| super::club::player_key(&sub.old_name, Some(&sub.old_email)) == key)
        {
            // A seat given to a substitute (docs/director.md, "Replacing
            // a player"): the finished games stay here, their points
            // with the seat.
            lines.push(format!(
                "<li><a href=\"{}\">{}</a>: substituted by {}, whose row carries the seat's results</li>",
                link(page, &s.page),
                text(&s.section.name),
                text(&sub.new_name)
            ));
        }
    }
    if !lines.is_empty() {
        let _ = writeln!(body, "<h2>Sections</h2>\n<ul>\n{}\n</ul>", lines.join("\n"));
    }
}
