//! What every page shares: the document around a page's body, the links
//! between pages (relative, so that the folder works from any address and
//! from `file://`), words for times and time controls, and the one
//! escaping function every text from a file goes through
//! ([`crate::html::escape`]).

use std::fmt::Write;

use chrono::{DateTime, Utc};

use crate::game::TimeControl;
use crate::game::clock::describe;
pub use crate::html::escape as text;

/// The style sheet, one file for every page.
pub const STYLE: &str = include_str!("site.css");
/// The game page's script: keys, buttons and the flip. Optional: every
/// position is a link without it.
pub const SCRIPT: &str = include_str!("site.js");

/// How every page begins, up to its title: what tells a page of the
/// site from a file that is not (`own.rs`, for a folder written before
/// the site listed its files).
pub const PROLOGUE: &str = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
    <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>";

/// `../` once for each folder between the page at `page` (its path in the
/// site, without `.html`) and the site's top.
pub fn up(page: &str) -> String {
    "../".repeat(page.matches('/').count())
}

/// The link from the page at `from` to the page at `to` (both paths in
/// the site without `.html`).
pub fn link(from: &str, to: &str) -> String {
    format!("{}{to}.html", up(from))
}

/// A whole HTML document: `title` (already escaped) and `body` (markup).
/// `script` adds the game page's script.
pub fn document(page: &str, title: &str, body: &str, script: bool) -> String {
    let up = up(page);
    let mut out = String::with_capacity(body.len() + 1024);
    let _ = write!(
        out,
        "{PROLOGUE}{title}</title>\n<link rel=\"stylesheet\" href=\"{up}site.css\">\n\
         <link rel=\"alternate\" type=\"application/atom+xml\" title=\"Results\" href=\"{up}feed.xml\">\n\
         </head>\n<body>\n<header><nav><a href=\"{up}index.html\">All sections and games</a></nav></header>\n\
         <main>\n{body}</main>\n"
    );
    if script {
        let _ = writeln!(out, "<script src=\"{up}site.js\"></script>");
    }
    out.push_str("</body>\n</html>\n");
    out
}

/// `2026-11-20 09:14 UTC`.
pub fn time(t: DateTime<Utc>) -> String {
    t.format("%Y-%m-%d %H:%M UTC").to_string()
}

/// A time control in words: `no time limit`, `3 days a move`, `10 moves
/// in 50 days`.
pub fn time_control(tc: TimeControl) -> String {
    match tc {
        TimeControl::None => "no time limit".to_string(),
        TimeControl::PerMove(span) => format!("{} a move", describe(span)),
        TimeControl::Period { moves, time } => format!("{moves} moves in {}", describe(time)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn links_are_relative() {
        assert_eq!(link("index", "games/club/r1-b1"), "games/club/r1-b1.html");
        assert_eq!(
            link("games/club/r1-b1", "players/ada"),
            "../../players/ada.html"
        );
        assert_eq!(up("sections/club"), "../");
    }

    #[test]
    fn time_controls_are_said_in_words() {
        let tc = |t: &str| time_control(t.parse().expect("a time control"));
        assert_eq!(tc("none"), "no time limit");
        assert_eq!(tc("3d"), "3 days a move");
        assert_eq!(tc("10/50d"), "10 moves in 50 days");
    }
}
