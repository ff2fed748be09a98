//! A game's page: the players (names only), the facts of the game, a
//! board for every position shown, each a link target (`#ply-N`) so that
//! every position is reachable without the script, the FEN under each
//! board as `dynamo play` prints it, the move list, and the game as PGN.

use std::fmt::Write;

use dynamo_core::{Color, Position, Role, Square};

use super::club::{Club, ClubGame};
use super::markup::{document, link, text, time, time_control};
use super::positions::Positions;
use crate::render;

/// The page's HTML; `delay` is `[site] delay_moves`.
pub fn page(club: &Club, g: &ClubGame, p: &Positions, delay: u32) -> String {
    let game = p.game;
    let (white, black) = (&game.white().name, &game.black().name);
    let title = format!("{} – {}", text(white), text(black));
    let shown = p.shown(delay);
    let mut body = String::new();
    let _ = writeln!(body, "<h1>{title}</h1>");
    facts(&mut body, club, g, p, shown);
    let _ = writeln!(
        body,
        "<div class=\"viewer\" id=\"viewer\" data-last=\"{shown}\">\n{}\n<div class=\"plies\">",
        render::web_defs()
    );
    for i in 0..=shown {
        ply(&mut body, p, i, shown);
    }
    body.push_str("</div>\n<div class=\"moves\">\n<h2>Moves</h2>\n");
    if shown == 0 {
        body.push_str("<p>No move shown yet.</p>\n");
    } else {
        body.push_str("<ul class=\"movelist\">\n");
        for i in 0..shown {
            let Some(m) = p.recorded(i, shown) else {
                break;
            };
            // The owner's choice written on the mover's move, with its
            // note, as the game file keeps it (§9.1).
            let note = m
                .choice_note()
                .map(|n| format!(" <span class=\"note\">({})</span>", text(&n)))
                .unwrap_or_default();
            let _ = writeln!(
                body,
                "<li><a href=\"#ply-{}\">{}</a>{note}</li>",
                i + 1,
                text(&m.numbered())
            );
        }
        body.push_str("</ul>\n");
    }
    let name = g.page.rsplit('/').next().unwrap_or("game");
    let _ = writeln!(
        body,
        "<p><a href=\"{name}.pgn\" download>Download the game (PGN)</a></p>\n</div>\n</div>"
    );
    document(&g.page, &title, &body, true)
}

/// The facts above the board: event, section, round, players, rules, time
/// control, result and how it ended.
fn facts(body: &mut String, club: &Club, g: &ClubGame, p: &Positions, shown: usize) {
    let game = p.game;
    body.push_str("<dl class=\"facts\">\n");
    let mut fact = |term: &str, value: String| {
        let _ = writeln!(body, "<dt>{term}</dt><dd>{value}</dd>");
    };
    fact("Event", text(game.event()));
    if let Some(s) = g.section.and_then(|i| club.sections.get(i)) {
        fact(
            "Section",
            format!(
                "<a href=\"{}\">{}</a>",
                link(&g.page, &s.page),
                text(&s.section.name)
            ),
        );
    }
    if let Some(round) = game.tag("Round").filter(|r| !r.is_empty() && *r != "?") {
        fact("Round", text(round));
    }
    for side in [Color::White, Color::Black] {
        let p = game.player(side);
        let name = match club.player_page(p) {
            Some(page) => format!("<a href=\"{}\">{}</a>", link(&g.page, page), text(&p.name)),
            None => text(&p.name),
        };
        fact(side.title(), name);
    }
    fact("Rules", text(&game.rules().to_string()));
    fact("Time control", time_control(game.time_control()));
    if let Some(started) = game.started() {
        fact("Started", time(started));
    }
    match game.ending() {
        Some(end) => fact(
            "Result",
            format!("{} ({})", end.outcome.pgn(), text(&end.reason)),
        ),
        None => {
            let hidden = p.plies.len() - shown;
            let status = if hidden > 0 {
                format!("In progress; the last {hidden} moves are not shown yet")
            } else {
                format!("In progress; {} to move", p.positions[shown].turn().title())
            };
            fact("Result", status);
            // A pawn awaiting its owner's choice, or chosen alone, is
            // said in words as the notices say it (docs/RULES.md §9.1);
            // only once the move that left it is shown.
            if hidden == 0
                && let Some(choosing) = game.choosing()
            {
                fact("Promotion", text(&sentence(&choosing.to_string())));
            }
        }
    }
    body.push_str("</dl>\n");
}

/// One position: its heading, board, FEN, description and the steps to
/// its neighbours.
fn ply(body: &mut String, g: &Positions, i: usize, shown: usize) {
    let pos = g.board(i, shown);
    let label = match i.checked_sub(1).and_then(|k| g.recorded(k, shown)) {
        None => "The start position".to_string(),
        Some(m) => format!("After {}", text(&m.numbered())),
    };
    let marks = i
        .checked_sub(1)
        .map(|k| render::marks(&g.positions[k], &g.plies[k]));
    let last = if i == shown { " last" } else { "" };
    let _ = writeln!(
        body,
        "<section class=\"ply{last}\" id=\"ply-{i}\" aria-labelledby=\"ply-{i}-h\">\n\
         <h2 id=\"ply-{i}-h\">{label}</h2>\n<div class=\"board\" role=\"img\" aria-label=\"{label}: {}\">{}</div>\n\
         <p class=\"fen\">{}</p>",
        describe(pos),
        render::web_board(pos, marks.as_ref()),
        pos.to_fen()
    );
    body.push_str("<nav class=\"steps\" aria-label=\"Positions\">");
    let mut step = |to: usize, words: &str, rel: &str| {
        let _ = write!(body, "<a href=\"#ply-{to}\"{rel}>{words}</a>");
    };
    step(0, "Start", "");
    if i > 0 {
        step(i - 1, "Previous", " rel=\"prev\"");
    }
    if i < shown {
        step(i + 1, "Next", " rel=\"next\"");
    }
    step(shown, "End", "");
    body.push_str("</nav>\n</section>\n");
}

/// `text` with its first letter in upper case and a full stop.
fn sentence(text: &str) -> String {
    let mut chars = text.chars();
    let first = chars.next().map(|c| c.to_ascii_uppercase());
    format!(
        "{}{}.",
        first.map(String::from).unwrap_or_default(),
        chars.as_str()
    )
}

/// The position in words, for a screen reader: `White: Ke1, Qd1, …;
/// Black: …; White to move.`
fn describe(pos: &Position) -> String {
    let mut out = String::new();
    for color in [Color::White, Color::Black] {
        let mut pieces: Vec<String> = Vec::new();
        for role in [
            Role::King,
            Role::Queen,
            Role::Rook,
            Role::Bishop,
            Role::Knight,
            Role::Pawn,
        ] {
            for sq in Square::all() {
                let here = pos.board().piece_at(sq);
                if here.is_some_and(|p| p.color == color && p.role == role) {
                    let letter = if role == Role::Pawn {
                        String::new()
                    } else {
                        role.upper_char().to_string()
                    };
                    pieces.push(format!("{letter}{sq}"));
                }
            }
        }
        let _ = write!(out, "{}: {}; ", color.title(), pieces.join(", "));
    }
    let _ = write!(out, "{} to move.", pos.turn().title());
    out
}
