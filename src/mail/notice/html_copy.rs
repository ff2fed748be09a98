//! One player's copy of a notice as HTML: the same lines in the same
//! order as the text copy, the board as the inline picture from that
//! player's side.
//!
//! The HTML is made for small screens: the picture scales down with the
//! window (never wider than the window, never wider than drawn), long
//! lines such as the FEN wrap, and nothing sets a fixed width.

use std::fmt::Write;

use dynamo_core::Color;

use super::facts::Notice;
use crate::diagram::{self, Charset};
use crate::html::escape;
use crate::mail::messages::Args;
use crate::render::BOARD_PX;

impl Notice {
    /// The HTML copy for the player of `side`; `board_cid` names the
    /// inline picture (no `<>`).
    pub fn html(&self, side: Color, board_cid: &str, reply_to: &str) -> String {
        self.speaking(self.languages[side])
            .html_said(side, board_cid, reply_to)
    }

    fn html_said(&self, side: Color, board_cid: &str, reply_to: &str) -> String {
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
        self.board_html(&mut out, side, board_cid);
        out.push_str("<ul style=\"padding-left:1.2em\">\n");
        for line in self.details() {
            let _ = writeln!(out, "<li>{}</li>", escape(&line));
        }
        out.push_str("</ul>\n");
        self.how_to_reply_html(&mut out, side, reply_to);
        let _ = writeln!(
            out,
            "<p>{}</p>\n<pre style=\"white-space:pre-wrap\">{}</pre>",
            escape(&self.say("moves-heading", &Args::new())),
            escape(&self.move_list())
        );
        let _ = writeln!(
            out,
            "<details><summary>{}</summary><pre>{}</pre></details>",
            escape(&self.say("text-diagram", &Args::new())),
            escape(&diagram::board_from(&self.position, Charset::Ascii, side))
        );
        let _ = writeln!(
            out,
            "<p>FEN: <code style=\"word-break:break-all\">{}</code></p>",
            escape(&fen)
        );
        if let Some(previous) = previous {
            let code = format!(
                "<code style=\"word-break:break-all\">{}</code>",
                escape(&previous)
            );
            // The FEN goes into the sentence as markup, the rest escaped.
            let sentence = escape(&self.say("fen-before", &Args::new().text("fen", "\u{1}")));
            let _ = writeln!(out, "<p>{}</p>", sentence.replace('\u{1}', &code));
        }
        let _ = writeln!(
            out,
            "<p style=\"color:#777\">{}</p>",
            escape(&self.say("signature", &Args::new()))
        );
        out.push_str("</div>\n</body></html>\n");
        out
    }

    /// The board paragraph: the inline picture `board_cid` names, from
    /// the player's side, its FEN as the alternative text; the same in a
    /// notice and in an answer.
    pub(crate) fn board_html(&self, out: &mut String, side: Color, board_cid: &str) {
        let (fen, _) = self.fen_lines();
        let _ = writeln!(
            out,
            "<p><img id=\"board\" src=\"cid:{}\" width=\"{BOARD_PX}\" height=\"{BOARD_PX}\" \
             style=\"display:block;width:100%;max-width:{BOARD_PX}px;height:auto\" alt=\"{}\"></p>",
            escape(board_cid),
            escape(
                &self.say(
                    "board-alt",
                    &Args::new()
                        .text("side", self.side_word(side))
                        .text("fen", fen)
                )
            )
        );
    }

    /// The "How to reply" heading and lines, as the HTML copy of a notice
    /// and of an answer both show them.
    pub(crate) fn how_to_reply_html(&self, out: &mut String, side: Color, reply_to: &str) {
        let _ = write!(
            out,
            "<h3 style=\"margin-bottom:0.3em\">{}</h3>\n<p>",
            escape(&self.say("how-to-reply", &Args::new()))
        );
        let reply: Vec<String> = self
            .reply_lines(side, reply_to)
            .iter()
            .map(|line| escape(line))
            .collect();
        out.push_str(&reply.join("<br>\n"));
        out.push_str("</p>\n");
    }
}
