//! One player's copy of a notice, as plain text and as HTML: the same
//! lines in the same order, the board from that player's side.
//!
//! The HTML is made for small screens: the picture scales down with the
//! window (never wider than the window, never wider than drawn), long
//! lines such as the FEN wrap, and nothing sets a fixed width.

use std::fmt::Write;

use dynamo_core::Color;

use super::notice::{Notice, numbered};
use super::reply::how_to_reply;
use super::text::one_line;
use crate::diagram::{self, Charset};
use crate::game::clock::format_time_short;
use crate::render::BOARD_PX;

const SIGNATURE: &str = "Sent by dynamo, the Dynamo Chess adjudicator.";

impl Notice {
    /// The lines about the game, before the board: what happened and
    /// whose move it is.
    fn opening(&self, side: Color) -> Vec<String> {
        let mut lines = vec![
            format!("Dear {},", self.name(side)),
            String::new(),
            self.headline(),
            self.turn_line(side),
        ];
        if let Some(event) = self.event_line() {
            lines.push(event);
        }
        lines.push(format!(
            "{} – {}",
            self.named(Color::White),
            self.named(Color::Black)
        ));
        lines
    }

    /// The lines after the board: last move, losses, clocks, the draw
    /// offer, the result.
    fn details(&self) -> Vec<String> {
        let mut lines = Vec::new();
        match self.moves.last() {
            Some(m) => lines.push(format!(
                "Last move: {} by {}, received {}",
                numbered(m),
                self.name(m.mover),
                format_time_short(m.received)
            )),
            None => lines.push("No moves yet.".to_string()),
        }
        if let Some(exits) = self.exits_line() {
            lines.push(exits);
        }
        lines.push(self.lost_line());
        lines.extend(self.clock_lines());
        if let Some(draw) = self.draw_line() {
            lines.push(draw);
        }
        if let Some(ending) = &self.ending {
            lines.push(format!(
                "Result: {} — {}",
                ending.outcome,
                one_line(&ending.reason)
            ));
        }
        lines
    }

    fn reply_lines(&self, side: Color, reply_to: &str) -> Vec<String> {
        let opponent = self.name(!side);
        match how_to_reply(
            &self.position,
            side,
            &opponent,
            self.draw_offer,
            self.ending.is_some(),
        ) {
            Some(mut lines) => {
                lines.push(format!("Replies go to {reply_to}."));
                lines
            }
            None => vec!["The game is over: no reply is needed.".to_string()],
        }
    }

    /// The plain-text copy for the player of `side`; `reply_to` is where
    /// replies go, in words.
    pub fn text(&self, side: Color, reply_to: &str) -> String {
        let mut out = String::new();
        for line in self.opening(side) {
            let _ = writeln!(out, "{line}");
        }
        out.push('\n');
        out.push_str(&diagram::board_from(&self.position, Charset::Ascii, side));
        out.push('\n');
        for line in self.details() {
            let _ = writeln!(out, "{line}");
        }
        out.push_str("\nHow to reply\n------------\n");
        for line in self.reply_lines(side, reply_to) {
            let _ = writeln!(out, "{line}");
        }
        out.push_str("\nMoves:\n");
        out.push_str(&self.move_list());
        let (fen, previous) = self.fen_lines();
        let _ = writeln!(out, "\nFEN: {fen}");
        if let Some(previous) = previous {
            let _ = writeln!(out, "Board before the last move (no-undo rule): {previous}");
        }
        let _ = write!(out, "\n-- \n{SIGNATURE}\n");
        out
    }

    /// The HTML copy for the player of `side`; `board_cid` names the
    /// inline picture (no `<>`).
    pub fn html(&self, side: Color, board_cid: &str, reply_to: &str) -> String {
        let mut out = String::new();
        out.push_str("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\">\n");
        out.push_str("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n");
        let _ = writeln!(out, "<title>{}</title>", escape(&self.subject(side)));
        out.push_str(
            "</head>\n<body style=\"margin:0;padding:8px;font-family:sans-serif;\
             line-height:1.4;overflow-wrap:anywhere\">\n<div style=\"max-width:640px\">\n",
        );
        let opening = self.opening(side);
        let _ = writeln!(out, "<p>{}</p>", escape(&opening[0]));
        let _ = writeln!(
            out,
            "<p>{}<br>\n<b>{}</b></p>",
            escape(&opening[2]),
            escape(&opening[3])
        );
        for line in &opening[4..] {
            let _ = writeln!(out, "<p>{}</p>", escape(line));
        }
        let (fen, previous) = self.fen_lines();
        let _ = writeln!(
            out,
            "<p><img id=\"board\" src=\"cid:{}\" width=\"{BOARD_PX}\" height=\"{BOARD_PX}\" \
             style=\"display:block;width:100%;max-width:{BOARD_PX}px;height:auto\" alt=\"{}\"></p>",
            escape(board_cid),
            escape(&format!(
                "The board from {}'s side. FEN: {fen}",
                side.title()
            ))
        );
        out.push_str("<ul style=\"padding-left:1.2em\">\n");
        for line in self.details() {
            let _ = writeln!(out, "<li>{}</li>", escape(&line));
        }
        out.push_str("</ul>\n<h3 style=\"margin-bottom:0.3em\">How to reply</h3>\n<p>");
        let reply = self.reply_lines(side, reply_to);
        let mut first = true;
        for line in &reply {
            if !first {
                out.push_str("<br>\n");
            }
            first = false;
            match line.strip_prefix("  ") {
                Some(phrase) => {
                    let (word, rest) = phrase.split_at(phrase.len().min(13));
                    let _ = write!(
                        out,
                        "&nbsp;&nbsp;<code><b>{}</b></code> {}",
                        escape(word.trim_end()),
                        escape(rest.trim_start())
                    );
                }
                None => out.push_str(&escape(line)),
            }
        }
        out.push_str("</p>\n");
        let _ = writeln!(
            out,
            "<p>Moves:</p>\n<pre style=\"white-space:pre-wrap\">{}</pre>",
            escape(&self.move_list())
        );
        let _ = writeln!(
            out,
            "<details><summary>Text diagram</summary><pre>{}</pre></details>",
            escape(&diagram::board_from(&self.position, Charset::Ascii, side))
        );
        let _ = writeln!(
            out,
            "<p>FEN: <code style=\"word-break:break-all\">{}</code></p>",
            escape(&fen)
        );
        if let Some(previous) = previous {
            let _ = writeln!(
                out,
                "<p>Board before the last move (no-undo rule): \
                 <code style=\"word-break:break-all\">{}</code></p>",
                escape(&previous)
            );
        }
        let _ = writeln!(out, "<p style=\"color:#777\">{SIGNATURE}</p>");
        out.push_str("</div>\n</body></html>\n");
        out
    }
}

fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}
